import Foundation
import Synchronization
import Testing
import Three20Style
import Three20UICommon

#if canImport(Glibc)
import Glibc
#endif

@MainActor
@Suite("TTTerminalHost", .serialized)
struct TTTerminalHostTests {
  /// A controller that shows a counter, its width and the last key; `j` counts, `q` stops.
  final class CounterController: TTViewController {
    var stopHost: (() -> Void)?
    var count = 0
    var keys: [TTKey] = []
    var events: [String] = []
    let label = TTLabel()
    let spinner = TTActivityLabel(text: "busy", activityStyle: .gray)

    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(label)
      view.addSubview(spinner)
    }

    override func viewWillAppear() {
      events.append("willAppear")
      update()
    }

    override func viewDidAppear() { events.append("didAppear") }
    override func viewWillDisappear() { events.append("willDisappear") }
    override func viewDidDisappear() { events.append("didDisappear") }

    override func tick() {
      super.tick()
      update()
    }

    func update() {
      let width = view.frame.width
      label.frame = TTRect(x: 0, y: 0, width: width, height: 1)
      spinner.frame = TTRect(x: 0, y: 1, width: 10, height: 1)
      label.text = "count \(count) w\(width) last \(keys.last?.description ?? "-")"
    }

    override func handleKey(_ key: TTKey) -> Bool {
      keys.append(key)
      switch key {
      case .character("j"): count += 1
      case .character("q"): stopHost?()
      default: break
      }
      update()
      return true
    }
  }

  /// renderOnce draws the controller at the size asked, running its appearance lifecycle.
  @Test func renderOnceDrawsAndRunsTheLifecycle() {
    let controller = CounterController()
    let plain = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 24, height: 3), capabilities: .plain, environment: ["LANG": "C.UTF-8"])
    #expect(plain == "count 0 w24 last -\n  | busy\n")
    #expect(controller.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
    #expect(controller.view.frame == TTRect(x: 0, y: 0, width: 24, height: 3))
    let colour = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 24, height: 3), capabilities: .ansi256, environment: ["LANG": "C.UTF-8"]
    )
    #expect(colour.hasSuffix("\n  \u{1B}[38;5;244m⠋ busy\u{1B}[0m\n"))
  }

  /// renderOnce leaves the default spinner as it was.
  @Test func renderOnceRestoresTheDefaultSpinner() {
    let before = TTActivityLabel.defaultSpinner
    _ = TTTerminalHost.renderOnce(
      CounterController(), size: TTSize(width: 4, height: 1), capabilities: .plain, environment: [:])
    #expect(TTActivityLabel.defaultSpinner == before)
  }

  /// Without a terminal the size comes from COLUMNS and LINES, else 80×24.
  @Test func terminalSizeFallsBack() {
    #expect(
      TTTerminalHost.terminalSize(of: -1, environment: ["COLUMNS": "100", "LINES": "30"])
        == TTSize(width: 100, height: 30))
    #expect(TTTerminalHost.terminalSize(of: -1, environment: [:]) == TTSize(width: 80, height: 24))
    #expect(
      TTTerminalHost.terminalSize(of: -1, environment: ["COLUMNS": "-3", "LINES": "x"])
        == TTSize(width: 80, height: 24))
    #expect(
      TTTerminalHost.terminalSize(
        of: -1, environment: ["COLUMNS": "99999999999999999999999", "LINES": "123456"])
        == TTSize(width: 80, height: 10_000))
    // 10,000 × 10,000 would be 100 million cells: only the rows one canvas holds are kept.
    #expect(
      TTTerminalHost.terminalSize(of: -1, environment: ["COLUMNS": "10000", "LINES": "10000"])
        == TTSize(width: 10_000, height: 100))
  }

  /// The size of a pseudo-terminal comes from the terminal itself.
  @Test func terminalSizeFromATTPseudoTerminal() throws {
    let pty = try #require(TTPseudoTerminal(columns: 33, rows: 7))
    defer { pty.close() }
    #expect(TTTerminalHost.terminalSize(of: pty.slave, environment: [:]) == TTSize(width: 33, height: 7))
  }

  /// Stopping a host that never started does nothing; a second host cannot start while one
  /// owns the terminal.
  @Test func onlyOneHostAtATime() async throws {
    try await TTTerminalHostTestLock.withLock {
      let pty = try #require(TTPseudoTerminal(columns: 20, rows: 5))
      defer { pty.close() }
      let reader = OutputReader(pty.master)
      defer { reader.stop() }
      TTTerminalHost(input: pty.slave, output: pty.slave).stop()
      let first = TTTerminalHost(input: pty.slave, output: pty.slave, capabilities: .plain)
      try first.start()
      #expect(first.isStarted)
      let second = TTTerminalHost(input: pty.slave, output: pty.slave, capabilities: .plain)
      #expect(throws: TTUICommonError.self) { try second.start() }
      first.stop()
      #expect(!first.isStarted)
      try second.start()
      second.stop()
      #expect(reader.waitFor("\u{1B}[?1049l"))
    }
  }

  /// Against a pseudo-terminal: the host enters raw mode and the alternate screen, draws,
  /// redraws on a resize, gets keys (a lone ESC after its timeout), stops on q, and puts
  /// the terminal back exactly as it was.
  @Test(.timeLimit(.minutes(1)))
  func runsInATTPseudoTerminal() async throws {
    try await TTTerminalHostTestLock.withLock {
      let pty = try #require(TTPseudoTerminal(columns: 30, rows: 6))
      defer { pty.close() }
      var before = termios()
      #expect(tcgetattr(pty.slave, &before) == 0)

      let reader = OutputReader(pty.master)
      defer { reader.stop() }
      let slave = pty.slave
      let master = pty.master
      let scriptDone = DispatchSemaphore(value: 0)
      defer { _ = scriptDone.wait(timeout: .now() + 15) }
      let script = Thread {
        defer { scriptDone.signal() }
        // Each step waits for the frame that shows the previous one worked.
        guard reader.waitFor("count 0 w30 last -") else { return reader.send([0x03]) }
        var current = termios()
        tcgetattr(slave, &current)
        reader.note(rawMode: current.c_lflag & tcflag_t(ICANON | ECHO) == 0)
        var size = winsize(ws_row: 8, ws_col: 40, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(getpid(), SIGWINCH)
        guard reader.waitFor("count 0 w40 last -") else { return reader.send([0x03]) }
        reader.send(Array("j".utf8))
        guard reader.waitFor("count 1 w40 last j") else { return reader.send([0x03]) }
        reader.send([0x1B])
        guard reader.waitFor("count 1 w40 last escape") else { return reader.send([0x03]) }
        reader.send(Array("\u{1B}[B".utf8))
        guard reader.waitFor("count 1 w40 last down") else { return reader.send([0x03]) }
        reader.send(Array("q".utf8))
      }
      script.start()

      let controller = CounterController()
      let host = TTTerminalHost(
        input: pty.slave, output: pty.slave, capabilities: .ansi256, environment: ["LANG": "C.UTF-8"])
      controller.stopHost = { [weak host] in host?.stop() }
      try await host.run(controller)

      #expect(!host.isStarted)
      #expect(controller.keys == [.character("j"), .escape, .down, .character("q")])
      #expect(controller.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
      #expect(reader.sawRawMode == true)

      var after = termios()
      #expect(tcgetattr(pty.slave, &after) == 0)
      #expect(withUnsafeBytes(of: &before) { Array($0) } == withUnsafeBytes(of: &after) { Array($0) })

      #expect(reader.waitFor("\u{1B}[?1049l"))
      let output = reader.text
      // The host first asks which pixel protocol the terminal speaks (this one never answers).
      let query = String(decoding: TTTerminalGraphicsQuery.request, as: UTF8.self)
      #expect(output.hasPrefix(query + "\u{1B}[?1049h\u{1B}[?25l"))
      #expect(output.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h"))
      #expect(output.contains("\u{1B}[1;1H\u{1B}[Kcount 0 w30 last -"))
      #expect(output.contains("\u{1B}[8;1H"))
      #expect(output.contains("count 1 w40 last j"))
      #expect(output.contains("⠋ busy") || output.contains("⠙ busy"))
      #expect(output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
      #expect(output.contains(Self.restoreText))
    }
  }

  /// What the host writes when it gives the terminal back: reports off, colours reset, wrap
  /// on, cursor shown, main screen.
  static let restoreText =
    "\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// A screen with a button and a line that shows the last events, for the input test.
  final class InputController: TTViewController {
    var stopHost: (() -> Void)?
    var events: [TTInputEvent] = []
    var clicks = 0
    let line = TTLabel()
    lazy var button = TTButton(title: "Press", frame: TTRect(x: 2, y: 2, width: 9, height: 1)) {
      [weak self] _ in
      self?.clicks += 1
      self?.update()
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(line)
      view.addSubview(button)
    }

    override func viewWillAppear() { update() }

    func update() {
      line.frame = TTRect(x: 0, y: 0, width: view.frame.width, height: 1)
      line.text = "clicks \(clicks) events \(events.count) last \(events.last?.description ?? "-")"
    }

    override func handleKey(_ key: TTKey) -> Bool {
      if key == .character("q") { stopHost?() }
      events.append(.key(key))
      update()
      return true
    }

    override func handleMouse(_ event: TTMouseEvent) -> Bool {
      events.append(.mouse(event))
      update()
      return true
    }

    override func handlePaste(_ text: String) -> Bool {
      events.append(.paste(text))
      update()
      return true
    }
  }

  /// Against a pseudo-terminal: mouse reports click a button by hit-testing, a paste with a
  /// newline and escape sequences arrives as one paste (never as keys), Alt-B arrives as one
  /// key, the wheel reaches the controller, and the reports are switched off and the settings
  /// put back byte for byte.
  @Test(.timeLimit(.minutes(2)))
  func mousePasteAndAltInATTPseudoTerminal() async throws {
    try await TTTerminalHostTestLock.withLock {
      let pty = try #require(TTPseudoTerminal(columns: 40, rows: 6))
      defer { pty.close() }
      var before = termios()
      #expect(tcgetattr(pty.slave, &before) == 0)
      let reader = OutputReader(pty.master)
      defer { reader.stop() }
      let scriptDone = DispatchSemaphore(value: 0)
      defer { _ = scriptDone.wait(timeout: .now() + 30) }
      let script = Thread {
        defer { scriptDone.signal() }
        guard reader.waitFor("clicks 0 events 0", seconds: 60) else { return reader.send([0x03]) }
        // Press and release on the button (row 3, column 5, 1-based).
        reader.send(Array("\u{1B}[<0;5;3M\u{1B}[<0;5;3m".utf8))
        guard reader.waitFor("clicks 1 events 0", seconds: 60) else { return reader.send([0x03]) }
        reader.send(Array("\u{1B}[200~echo hi\r\u{1B}[31mq\u{1B}[201~".utf8))
        guard reader.waitFor("events 1 last paste (14", seconds: 60) else { return reader.send([0x03]) }
        reader.send(Array("\u{1B}b".utf8))
        guard reader.waitFor("events 2 last alt-b", seconds: 60) else { return reader.send([0x03]) }
        reader.send(Array("\u{1B}[<65;20;5M".utf8))
        guard reader.waitFor("events 3 last scroll-down 19,4", seconds: 60) else {
          return reader.send([0x03])
        }
        reader.send(Array("q".utf8))
      }
      script.start()

      let controller = InputController()
      let host = TTTerminalHost(
        input: pty.slave, output: pty.slave, capabilities: .ansi256, environment: ["LANG": "C.UTF-8"])
      host.queriesGraphics = false
      controller.stopHost = { [weak host] in host?.stop() }
      try await host.run(controller)

      #expect(controller.clicks == 1)
      #expect(
        controller.events == [
          .paste("echo hi\n\u{1B}[31mq"), .key(.alt(.character("b"))),
          .mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 19, y: 4))), .key(.character("q")),
        ])
      var after = termios()
      #expect(tcgetattr(pty.slave, &after) == 0)
      #expect(withUnsafeBytes(of: &before) { Array($0) } == withUnsafeBytes(of: &after) { Array($0) })
      #expect(reader.waitFor("\u{1B}[?1049l"))
      let output = reader.text
      #expect(output.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"))
      #expect(output.contains("\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h"))
      #expect(output.hasSuffix(Self.restoreText))
    }
  }

  /// End of input stops the loop and restores the terminal; without a terminal on the input,
  /// no mouse, paste or focus reports are asked for.
  @Test(.timeLimit(.minutes(1)))
  func endOfInputStops() async throws {
    try await TTTerminalHostTestLock.withLock {
      var descriptors: [Int32] = [0, 0]
      #expect(pipe(&descriptors) == 0)
      let output = try #require(TTPseudoTerminal(columns: 10, rows: 2))
      defer { output.close() }
      let reader = OutputReader(output.master)
      defer { reader.stop() }
      close(descriptors[1])
      let host = TTTerminalHost(input: descriptors[0], output: output.slave, capabilities: .plain)
      try await host.run(CounterController())
      close(descriptors[0])
      #expect(!host.isStarted)
      #expect(reader.waitFor("\u{1B}[?1049l"))
      #expect(!reader.text.contains("\u{1B}[?1000h"))
      #expect(!reader.text.contains("\u{1B}[?2004h"))
    }
  }
}
