public import Foundation
public import Three20Style

#if canImport(Glibc)
import Glibc
#endif

/// Runs a controller full-screen in a real terminal: raw keys in, drawn frames out.
///
/// The host owns the terminal while it runs. ``start()`` saves the terminal settings, puts
/// the input in raw mode (keys arrive one by one, unechoed; Ctrl-C arrives as a key), enters
/// the alternate screen and hides the cursor; when the input is a terminal it also asks for
/// the reports of ``inputModes``: mouse actions (SGR, mode 1006), bracketed pastes (2004)
/// and focus changes (1004). ``run(_:)`` then loops:
///
/// 1. wait for input with `poll`, at most ``tickInterval`` (or ``escapeTimeout`` while a lone
///    `ESC` is pending, ``pasteTimeout`` inside a paste; see ``TTKeyDecoder``);
/// 2. decode the bytes into ``TTInputEvent``s and hand each to the controller's
///    ``TTViewController/dispatch(_:)``, which routes keys through the focused view, mouse
///    actions to the view under the pointer and pastes to the focused view (see
///    <doc:HandlingInput>); Ctrl-C (``TTKey/interrupt``) stops the loop;
/// 3. every ``tickInterval``, call the controller's ``TTViewController/tick()`` (spinners);
/// 4. when the terminal was resized (SIGWINCH), the view needs display or an image arrived
///    (`TTGlobalImageProvider.generation` grew), draw the view on a `TTCanvas` of the
///    terminal's size and write only the rows that changed; then write the pictures the
///    terminal draws with a pixel protocol (`TTTerminalCapabilities.graphics`): new ones,
///    ones whose rows were rewritten, and a deletion for kitty pictures that went away (the
///    rows of sixel and iTerm2 pictures that went away are rewritten, which erases them);
/// 5. yield to other tasks on the main actor, so model loads and timers can finish.
///
/// The loop ends on ``stop()``, Ctrl-C, end of input, or when the task running it is
/// cancelled; the terminal is then put back
/// exactly as it was: reports off, settings, main screen, cursor. It is also put back if the program
/// exits (`atexit`), is ended by SIGINT, SIGTERM, SIGHUP or SIGQUIT (which are then
/// re-raised with their default action) or crashes with SIGSEGV, SIGBUS, SIGILL, SIGABRT,
/// SIGFPE or SIGTRAP (re-raised to the handler that was there before, such as the Swift
/// backtracer). Those paths write a prepared byte sequence and the saved settings with
/// async-signal-safe calls only.
///
/// One host can own the terminal at a time. The host takes its input and output as file
/// descriptors, so tests can drive it through a pseudo-terminal (`openpty`).
///
/// ```swift
/// @main
/// struct App {
///   @MainActor static func main() async throws {
///     let host = TTTerminalHost()
///     try await host.run(HelloController())   // until Ctrl-C or host.stop()
///   }
/// }
///
/// // Without a terminal, for tests and `Catalog <url>`:
/// let text = TTTerminalHost.renderOnce(controller, size: TTSize(width: 40, height: 10),
///                                      capabilities: .plain)
/// ```
@MainActor
public final class TTTerminalHost {
  /// The file descriptor keys are read from; standard input by default.
  public let input: Int32
  /// The file descriptor frames are written to; standard output by default.
  public let output: Int32
  /// What the output can show; by default detected from the environment and whether
  /// ``output`` is a terminal (`TTTerminalCapabilities.detect`).
  public var capabilities: TTTerminalCapabilities
  /// The environment used for the size fallback (`COLUMNS`, `LINES`) and the spinner's
  /// locale check.
  public let environment: [String: String]

  /// How often the controller is ticked, which is how fast spinners turn.
  ///
  /// Defaults to 100 milliseconds.
  public var tickInterval: Duration = .milliseconds(100)

  /// How long a lone `ESC` waits for the rest of an escape sequence before it counts as the
  /// Escape key.
  ///
  /// Defaults to 50 milliseconds.
  public var escapeTimeout: Duration = .milliseconds(50)

  /// How long a bracketed paste may pause before it counts as ended without its end marker.
  ///
  /// A terminal sends a paste in one burst; one that stops in the middle (a broken
  /// terminal, a cut connection) must not swallow every later key as text. Defaults to
  /// 500 milliseconds.
  public var pasteTimeout: Duration = .milliseconds(500)

  /// The reports the host asks a terminal for.
  public struct InputModes: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates modes from raw bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Mouse presses, releases, drags and the wheel (modes 1000, 1002 and 1006).
    ///
    /// While they are reported the terminal does not select text on a plain drag; most terminals still
    /// select with Shift held.
    public static let mouse = InputModes(rawValue: 1)
    /// Bracketed paste (mode 2004): a paste arrives as one ``TTInputEvent/paste(_:)``.
    public static let paste = InputModes(rawValue: 2)
    /// Focus in and out of the terminal window (mode 1004).
    public static let focus = InputModes(rawValue: 4)
    /// All of them.
    public static let all: InputModes = [.mouse, .paste, .focus]
  }

  /// The reports ``start()`` asks the terminal for, when the input is a terminal.
  ///
  /// They are always switched off again when the host gives the terminal back, on exit, on
  /// a signal and on a crash. Defaults to ``InputModes/all``; leave out ``InputModes/mouse``
  /// to let the terminal keep plain drags for selecting text.
  public var inputModes: InputModes = .all

  /// Whether the terminal window has focus, as last reported (``InputModes/focus``); `true`
  /// until a report says otherwise.
  public private(set) var isTerminalFocused = true

  /// Whether ``start()`` asks the terminal which pixel protocol it speaks.
  ///
  /// It asks when the environment did not say (``TTTerminalGraphicsQuery``): only when the
  /// capabilities show colour and symbols, `TT_GRAPHICS` is not set and no terminal
  /// multiplexer is in between. The answer takes at most 200 ms; keys typed meanwhile are
  /// kept. Turn it off when the user chose how pictures are shown.
  ///
  /// Defaults to `true`.
  public var queriesGraphics = true

  /// The terminal's size in cells, as last read.
  public private(set) var size: TTSize

  /// Whether the host owns the terminal (between ``start()`` and the end of the loop or
  /// ``stop()``).
  public private(set) var isStarted = false

  /// Whether ``run(_:)`` is looping.
  public private(set) var isRunning = false

  private var stopRequested = false
  private var decoder = TTKeyDecoder()
  private var shownRows: [String] = []
  /// The pictures on screen drawn with a pixel protocol, with the kitty image number of each.
  private var shownPictures: [TTCanvasPicture: UInt32] = [:]
  private var nextImageID: UInt32 = 1
  private var drawnImageGeneration: UInt64 = 0
  /// Keys typed while the terminal was asked about graphics, for the first read.
  private var pendingInput: [UInt8] = []
  private var savedSpinner: TTActivityLabel.Spinner?

  /// Creates a host; it does nothing to the terminal until ``start()`` or ``run(_:)``.
  ///
  /// - Parameters:
  ///   - input: Where keys come from; standard input (0) by default.
  ///   - output: Where frames go; standard output (1) by default.
  ///   - capabilities: What the output can show; `nil`, the default, detects it.
  ///   - environment: The environment; the process's by default.
  public init(
    input: Int32 = 0, output: Int32 = 1, capabilities: TTTerminalCapabilities? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.input = input
    self.output = output
    self.environment = environment
    self.capabilities =
      capabilities ?? .detect(environment: environment, isTerminal: isatty(output) == 1)
    size = Self.terminalSize(of: output, environment: environment)
  }

  // MARK: - Owning the terminal

  /// Takes over the terminal.
  ///
  /// Puts the input in raw mode (when it is a terminal), asks the terminal which pixel
  /// protocol it speaks when the environment did not say (``queriesGraphics``), enters the
  /// alternate screen, hides the cursor and installs the handlers that put it all back. Does nothing if already
  /// started.
  ///
  /// - Throws: ``TTUICommonError`` with code `terminal` when another host owns the terminal,
  ///   or when the input is a terminal whose settings cannot be changed.
  public func start() throws(TTUICommonError) {
    guard !isStarted else { return }
    var saved = termios()
    var settings: termios? = nil
    if tcgetattr(input, &saved) == 0 {
      var raw = saved
      cfmakeraw(&raw)
      guard tcsetattr(input, TCSANOW, &raw) == 0 else {
        throw TTUICommonError(
          .terminal,
          "Could not put the terminal on descriptor \(input) in raw mode (errno \(errno)). "
            + "Run the program in a terminal, or use TTTerminalHost.renderOnce for output without one.")
      }
      settings = saved
    }
    guard TTTerminalRestorer.activate(input: input, output: output, settings: settings) else {
      if let settings {
        var original = settings
        _ = tcsetattr(input, TCSANOW, &original)
      }
      throw TTUICommonError(
        .terminal,
        "Another TTTerminalHost owns the terminal. Stop it (stop()) before starting a new one.")
    }
    isStarted = true
    stopRequested = false
    decoder = TTKeyDecoder()
    shownRows = []
    shownPictures = [:]
    pendingInput = []
    if settings != nil && shouldQueryGraphics {
      let answer = TTTerminalGraphicsQuery.query(input: input, output: output)
      if let graphics = answer.graphics { capabilities.graphics = graphics }
      pendingInput = answer.leftover
      TTViewLog.debug("TTTerminalHost asked the terminal for graphics: \(capabilities.graphics)")
    }
    savedSpinner = TTActivityLabel.defaultSpinner
    TTActivityLabel.defaultSpinner = .preferred(capabilities: capabilities, environment: environment)
    size = Self.terminalSize(of: output, environment: environment)
    updateCellPixelSize()
    writeOut(TTTerminalRestorer.enterText)
    isTerminalFocused = true
    if settings != nil { writeOut(Self.modesText(inputModes)) }
    TTViewLog.debug("TTTerminalHost started at \(size)")
  }

  /// Ends the run loop after the current step, or, when no loop runs, gives the terminal
  /// back now.
  ///
  /// Safe to call at any time, also when not started, and from key handlers.
  public func stop() {
    stopRequested = true
    if isStarted && !isRunning { finish() }
  }

  /// The bytes that ask for the reports of `modes`.
  static func modesText(_ modes: InputModes) -> String {
    var text = ""
    if modes.contains(.mouse) { text += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
    if modes.contains(.paste) { text += "\u{1B}[?2004h" }
    if modes.contains(.focus) { text += "\u{1B}[?1004h" }
    return text
  }

  /// Whether to ask the terminal about graphics (see ``queriesGraphics``).
  private var shouldQueryGraphics: Bool {
    let term = environment["TERM"] ?? ""
    return queriesGraphics && capabilities.graphics == .symbols
      && environment["TT_GRAPHICS"] == nil && environment["TMUX"] == nil && !term.hasPrefix("screen")
      && !term.hasPrefix("tmux")
  }

  /// Gives the terminal back: restores settings and screen, removes the handlers.
  private func finish() {
    guard isStarted else { return }
    if capabilities.graphics == .kitty && !shownPictures.isEmpty { writeOut(Self.kittyDeleteAll) }
    shownPictures = [:]
    TTTerminalRestorer.restore()
    TTTerminalRestorer.uninstallHandlers()
    if let savedSpinner { TTActivityLabel.defaultSpinner = savedSpinner }
    savedSpinner = nil
    isStarted = false
    TTViewLog.debug("TTTerminalHost stopped")
  }

  // MARK: - The loop

  /// Shows a controller until ``stop()``, Ctrl-C or end of input, then gives the terminal
  /// back.
  ///
  /// Starts the host if needed, sizes the controller's view to the terminal, makes it
  /// appear, loops as the type's description says, and makes it disappear at the end.
  ///
  /// - Parameter root: The controller to show.
  /// - Throws: ``TTUICommonError`` with code `terminal` when the host cannot start.
  public func run(_ root: TTViewController) async throws(TTUICommonError) {
    try start()
    isRunning = true
    defer {
      isRunning = false
      finish()
    }
    stopRequested = false
    root.view.frame = TTRect(origin: .zero, size: size)
    root.appear()
    let clock = ContinuousClock()
    var nextTick = clock.now.advanced(by: tickInterval)
    while !stopRequested && !Task.isCancelled {
      if TTTerminalRestorer.takeResize() { resize(root) }
      if TTGlobalImageProvider.generation != drawnImageGeneration { root.invalidateView() }
      if root.needsDisplay { redraw(root) }
      let wait: Duration =
        decoder.isInsidePaste
        ? pasteTimeout
        : decoder.hasPendingInput ? escapeTimeout : max(.zero, clock.now.duration(to: nextTick))
      readInput(root, timeout: Self.milliseconds(wait))
      if stopRequested { break }
      if clock.now >= nextTick {
        root.tick()
        nextTick = clock.now.advanced(by: tickInterval)
      }
      await Task.yield()
    }
    if root.needsDisplay { redraw(root) }
    root.disappear()
  }

  /// Waits for input up to `timeout` milliseconds and hands the keys to the controller.
  private func readInput(_ root: TTViewController, timeout: Int32) {
    if !pendingInput.isEmpty {
      let typed = pendingInput
      pendingInput = []
      dispatch(decoder.decodeEvents(typed), to: root)
      return
    }
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, timeout)
    if ready < 0 {
      if errno != EINTR { stopForInput("poll failed (errno \(errno))") }
      return
    }
    if ready == 0 {
      if decoder.hasPendingInput { dispatch(decoder.flushEvents(), to: root) }
      return
    }
    if descriptor.revents & Int16(POLLIN) == 0 {
      stopForInput("input closed")
      return
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    if count > 0 {
      dispatch(decoder.decodeEvents(buffer[0..<count]), to: root)
    } else if count == 0 {
      stopForInput("end of input")
    } else if errno != EINTR && errno != EAGAIN {
      stopForInput("read failed (errno \(errno))")
    }
  }

  private func stopForInput(_ reason: String) {
    TTViewLog.debug("TTTerminalHost stops: \(reason)")
    stopRequested = true
  }

  private func dispatch(_ events: [TTInputEvent], to root: TTViewController) {
    for event in events {
      switch event {
      case .key(.interrupt):
        stopRequested = true
        return
      case .focusIn, .focusOut:
        isTerminalFocused = event == .focusIn
      case .key, .mouse, .paste:
        break
      }
      _ = root.dispatch(event)
      if stopRequested { return }
    }
  }

  private func resize(_ root: TTViewController) {
    size = Self.terminalSize(of: output, environment: environment)
    updateCellPixelSize()
    root.view.frame = TTRect(origin: .zero, size: size)
    shownRows = []
    if capabilities.graphics == .kitty && !shownPictures.isEmpty { writeOut(Self.kittyDeleteAll) }
    shownPictures = [:]
    writeOut("\u{1B}[H\u{1B}[2J")
    root.invalidateView()
  }

  /// Draws the view and writes the rows that differ from what is on screen, then the pictures
  /// drawn with a pixel protocol.
  private func redraw(_ root: TTViewController) {
    let view = root.view
    let bounds = TTRect(origin: .zero, size: size)
    if view.frame != bounds { view.frame = bounds }
    drawnImageGeneration = TTGlobalImageProvider.generation
    var canvas = TTCanvas(width: size.width, height: size.height)
    view.draw(on: &canvas)
    let pixels = Self.pixelPictures(of: canvas, graphics: capabilities.graphics)
    let rows = Self.rows(
      of: canvas.resolvingPictures(for: capabilities, drawnAsPixels: pixels), capabilities: capabilities)
    var text = ""
    // Pictures that went away: kitty deletes them by number; sixel and iTerm2 pixels stay
    // until text is written over them, so their rows are written again.
    for (old, id) in shownPictures where !pixels.contains(old) {
      if capabilities.graphics == .kitty {
        text += "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
      } else {
        for row in old.visibleRect.y..<old.visibleRect.maxY where row < shownRows.count {
          shownRows[row] = "\u{0}"
        }
      }
      shownPictures[old] = nil
    }
    var rewritten = Set<Int>()
    for (index, row) in rows.enumerated() where index >= shownRows.count || shownRows[index] != row {
      // Clear first, then write: clearing after a row that reaches the last column would
      // erase its last cell.
      text += "\u{1B}[\(index + 1);1H\u{1B}[K" + row
      rewritten.insert(index)
    }
    shownRows = rows
    for placed in canvas.pictures where pixels.contains(placed) {
      let isShown = shownPictures[placed] != nil
      let touched = (placed.frame.y..<placed.frame.maxY).contains { rewritten.contains($0) }
      // kitty keeps its pictures over rewritten text; the others are redrawn over it.
      guard !isShown || (touched && capabilities.graphics != .kitty) else { continue }
      let id = shownPictures[placed] ?? nextImageID
      if shownPictures[placed] == nil { nextImageID = nextImageID == UInt32.max ? 1 : nextImageID + 1 }
      guard let sequence = placed.picture.sequence(for: capabilities.graphics, imageID: id) else { continue }
      text += "\u{1B}[\(placed.frame.y + 1);\(placed.frame.x + 1)H" + sequence
      shownPictures[placed] = id
    }
    if !text.isEmpty { writeOut(text) }
  }

  /// The pictures of a frame that a pixel protocol draws.
  ///
  /// Those that can be seen whole and, for sixel and iTerm2, stop above the last row (a
  /// picture ending on the last row would scroll the screen). The others are drawn as symbols.
  static func pixelPictures(of canvas: TTCanvas, graphics: TTTerminalGraphics) -> Set<TTCanvasPicture> {
    guard graphics.isPixelProtocol else { return [] }
    return Set(
      canvas.pictures.filter { placed in
        !placed.isClipped && (graphics == .kitty || placed.frame.maxY < canvas.height)
      })
  }

  /// Deletes every kitty picture, with its data, without an answer from the terminal.
  static let kittyDeleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

  /// Tells image providers the size of a cell in pixels, when the terminal reports its
  /// window's pixels.
  private func updateCellPixelSize() {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
      window.ws_xpixel > 0, window.ws_ypixel > 0
    else { return }
    TTGlobalImageProvider.cellPixelSize = TTSize(
      width: Int(window.ws_xpixel) / Int(window.ws_col), height: Int(window.ws_ypixel) / Int(window.ws_row))
  }

  /// Each row of the canvas as the text that draws it.
  static func rows(of canvas: TTCanvas, capabilities: TTTerminalCapabilities) -> [String] {
    guard capabilities.attributes else { return canvas.lines }
    let renderer = TTANSIRenderer(capabilities: capabilities)
    return (0..<canvas.height).map { y in
      var row = ""
      renderer.renderRow(canvas.row(y), into: &row)
      return row
    }
  }

  private func writeOut(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
      if written > 0 {
        offset += written
      } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
        var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 100)
      } else {
        TTViewLog.warning("TTTerminalHost could not write to descriptor \(output) (errno \(errno)).")
        return
      }
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return Int32(clamping: max(0, min(total, 60_000)))
  }

  // MARK: - Without a terminal

  /// Draws a controller once at a size and returns the text, without touching any terminal.
  ///
  /// The controller's view is sized to `size`; a controller not on screen appears before
  /// drawing and disappears after, so its whole appearance lifecycle runs. Spinners use the
  /// frames `capabilities` and `environment` call for (ASCII for plain output).
  ///
  /// ```swift
  /// let text = TTTerminalHost.renderOnce(
  ///   controller, size: TTSize(width: 40, height: 10), capabilities: .ansi256)
  /// print(text)
  /// ```
  ///
  /// - Parameters:
  ///   - controller: The controller to draw.
  ///   - size: The size of the screen to imagine.
  ///   - capabilities: What the output may use; `TTTerminalCapabilities.plain` gives plain
  ///     text.
  ///   - environment: The environment for the spinner's locale check; the process's by
  ///     default.
  /// - Returns: The rendered rows joined by newlines (`TTANSIRenderer.render`).
  public static func renderOnce(
    _ controller: TTViewController, size: TTSize, capabilities: TTTerminalCapabilities,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let previous = TTActivityLabel.defaultSpinner
    TTActivityLabel.defaultSpinner = .preferred(capabilities: capabilities, environment: environment)
    defer { TTActivityLabel.defaultSpinner = previous }
    let wasVisible = controller.isVisible
    controller.view.frame = TTRect(origin: .zero, size: size)
    if !wasVisible { controller.appear() }
    var canvas = TTCanvas(width: size.width, height: size.height)
    controller.view.draw(on: &canvas)
    if !wasVisible { controller.disappear() }
    return TTANSIRenderer(capabilities: capabilities).render(canvas)
  }

  /// The size of the terminal on a file descriptor.
  ///
  /// Asks the terminal (`ioctl` `TIOCGWINSZ`); when that fails (not a terminal) uses the
  /// `COLUMNS` and `LINES` variables; when those are missing or not positive numbers, 80×24.
  /// The size is what one canvas holds (`TTCanvas.fittingSize(width:height:)`): each side at
  /// most 10,000, and no more rows than make `TTCanvas.maximumCellCount` cells, so a
  /// terminal or environment that reports an absurd size cannot make a frame huge.
  ///
  /// - Parameters:
  ///   - descriptor: The terminal's file descriptor; standard output by default.
  ///   - environment: The environment; the process's by default.
  /// - Returns: The size in cells.
  public static func terminalSize(
    of descriptor: Int32 = 1, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> TTSize {
    var window = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      return TTCanvas.fittingSize(width: Int(window.ws_col), height: Int(window.ws_row))
    }
    func number(_ name: String) -> Int? {
      guard let value = environment[name].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
        value > 0
      else { return nil }
      return value
    }
    return TTCanvas.fittingSize(width: number("COLUMNS") ?? 80, height: number("LINES") ?? 24)
  }
}
