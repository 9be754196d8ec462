import CatalogKit
import Foundation
import Synchronization
import Testing
import Three20
import Three20TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The interactive Catalog in a pseudo-terminal: keys in, frames out, terminal put back.
@Suite("Catalog: interactive", .serialized)
struct CatalogInteractiveTests {
  /// Opens a demo from the index, goes back, quits: the terminal ends exactly as it was,
  /// and the open screens are saved for the next run.
  @Test(.timeLimit(.minutes(1)))
  func opensADemoGoesBackAndQuits() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }

    let terminal = try #require(Terminal(columns: 80, rows: 24))
    defer { terminal.close() }
    let before = terminal.settings()
    let script = terminal.script { terminal in
      guard terminal.waitFor("q quit") else { return false }
      terminal.send("j")  // String helpers → Query strings
      terminal.send("\r")
      guard terminal.waitFor("Reading a query") else { return false }
      terminal.send("\u{7F}")  // backspace: back to the index
      guard terminal.waitFor("String helpers") else { return false }
      terminal.send("q")
      return true
    }
    try await run(terminal, state: state)
    #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
    #expect(terminal.settings() == before)
    #expect(terminal.waitFor("\u{1B}[?1049l"))
    // The host first asks which pixel protocol the terminal speaks (this one never answers).
    let query = String(decoding: TTTerminalGraphicsQuery.request, as: UTF8.self)
    #expect(terminal.output.hasPrefix(query + "\u{1B}[?1049h"))
    #expect(terminal.output.hasSuffix("\u{1B}[?1049l"))
    #expect(FileManager.default.fileExists(atPath: state.path))
  }

  /// Quitting on a demo and starting again shows that demo (persistence mode "all"), with
  /// the index beneath it.
  @Test(.timeLimit(.minutes(1)))
  func restoresTheOpenDemoOnTheNextRun() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }

    do {
      let terminal = try #require(Terminal(columns: 60, rows: 20))
      defer { terminal.close() }
      let script = terminal.script { terminal in
        guard terminal.waitFor("q quit") else { return false }
        terminal.send("/")
        terminal.send("gallery")
        guard terminal.waitFor("/ gallery") else { return false }
        terminal.send("\r")  // ends the search
        terminal.send("\r")  // opens the only match
        guard terminal.waitFor("Shapes") else { return false }
        terminal.send("q")
        return true
      }
      try await run(terminal, state: state)
      #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
    }
    do {
      let terminal = try #require(Terminal(columns: 60, rows: 20))
      defer { terminal.close() }
      let script = terminal.script { terminal in
        guard terminal.waitFor("Shapes") else { return false }
        terminal.send("\u{1B}")  // escape: back to the index, restored beneath
        guard terminal.waitFor("q quit") else { return false }
        terminal.send("q")
        return true
      }
      try await run(terminal, state: state)
      #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
    }
  }

  /// Typing a URL: the explorer shows the pattern it matched; the fetch demo loads it.
  @Test(.timeLimit(.minutes(1)))
  func typesURLsIntoTheExplorerAndFetch() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
    let server = try #require(CatalogServer.shared)
    let terminal = try #require(Terminal(columns: 100, rows: 30))
    defer { terminal.close() }
    let script = terminal.script { terminal in
      guard terminal.waitFor("q quit") else { return false }
      terminal.send("/explorer\r\r")
      guard terminal.waitFor("Press / to type a URL.") else { return false }
      terminal.send("/")
      terminal.send(String(repeating: "\u{7F}", count: 5) + "tt://food/7\r")
      guard terminal.waitFor("7  [int]") else { return false }
      terminal.send("\u{1B}")  // back to the index
      guard terminal.waitFor("q quit") else { return false }
      terminal.send("/fetch\r\r/")
      terminal.send(String(repeating: "\u{7F}", count: 8) + server.baseURL + "/status/503\r")
      guard terminal.waitFor("httpStatus") else { return false }
      terminal.send("\u{7F}q")
      return true
    }
    try await run(terminal, state: state)
    #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
  }

  /// Model states: the Error tab fails, Retry loads the friends; `r` refreshes them.
  @Test(.timeLimit(.minutes(1)))
  func retriesAFailedTableLoad() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
    let terminal = try #require(Terminal(columns: 80, rows: 24))
    defer { terminal.close() }
    let script = terminal.script { terminal in
      guard terminal.waitFor("q quit") else { return false }
      terminal.send("/model states\r\r")
      guard terminal.waitFor("Ada Lovelace") else { return false }
      terminal.send("3")  // the Error tab, made now
      guard terminal.waitFor("Retry") else { return false }
      terminal.send("\r")
      guard terminal.waitFor("Ada Lovelace") else { return false }
      terminal.send("q")
      return true
    }
    try await run(terminal, state: state)
    #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
  }

  /// The RSS reader of the tutorials, driven by keys: the feed's table, an item's text, the
  /// story behind its link in the web controller (served by the Catalog), back twice.
  @Test(.timeLimit(.minutes(1)))
  func readsAFeedItemAndComesBack() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
    let terminal = try #require(Terminal(columns: 80, rows: 30))
    defer { terminal.close() }
    let script = terminal.script { terminal in
      guard terminal.waitFor("q quit") else { return false }
      terminal.send("/rss reader\r\r")
      guard terminal.waitFor("Tables with a million rows") else { return false }
      terminal.send("jj")  // onto the table, past the feed's title, to an item
      terminal.send("\r")
      guard terminal.waitFor("/news/catalog") else { return false }
      terminal.send("\r")
      guard terminal.waitFor("Opened from the RSS reader") else { return false }
      terminal.send("\u{7F}")
      guard terminal.waitFor("reads the story in TTWebController") else { return false }
      terminal.send("\u{7F}")
      guard terminal.waitFor("Caching that understands 304") else { return false }
      terminal.send("q")
      return true
    }
    try await run(terminal, state: state)
    #expect(
      script.wait(),
      "never saw \(terminal.lastMissing ?? "")")
  }

  /// A history path that is a FIFO stops the interactive Catalog before it takes the terminal:
  /// it does not block opening the FIFO, writes nothing to the screen and leaves the FIFO.
  @Test(.timeLimit(.minutes(1)))
  func refusesAStateThatIsAFIFO() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = folder.appendingPathComponent("navigator.json")
    #expect(mkfifo(state.path, 0o600) == 0)
    let terminal = try #require(Terminal(columns: 80, rows: 24))
    defer { terminal.close() }
    // Should the Catalog block on the FIFO or start anyway, this releases it and quits, so the
    // test fails instead of hanging.
    let finished = Atomic<Bool>(false)
    let path = state.path
    Thread {
      for _ in 0..<100 where !finished.load(ordering: .relaxed) { usleep(100_000) }
      guard !finished.load(ordering: .relaxed) else { return }
      let writer = open(path, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      terminal.send("q")
    }.start()
    var options = CatalogOptions()
    options.stateFile = state.path
    await TTTerminalHostTestLock.withLock {
      await #expect(throws: CatalogUsageError.self) {
        try await CatalogApp.runInteractive(
          options: options, input: terminal.slave, output: terminal.slave,
          environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
      }
    }
    finished.store(true, ordering: .relaxed)
    #expect(terminal.output.isEmpty)
    var info = stat()
    #expect(lstat(state.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["navigator.json"])
  }

  @MainActor
  func run(_ terminal: Terminal, state: URL) async throws {
    var options = CatalogOptions()
    options.stateFile = state.path
    options.color = .always
    try await TTTerminalHostTestLock.withLock {
      try await CatalogApp.runInteractive(
        options: options, input: terminal.slave, output: terminal.slave,
        environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    }
  }
}

/// A pseudo-terminal whose master side is read on a thread of its own.
final class Terminal: Sendable {
  private let pair: TTPseudoTerminal
  var master: Int32 { pair.master }
  var slave: Int32 { pair.slave }
  private let bytes = Mutex<[UInt8]>([])
  private let stopped = Atomic<Bool>(false)
  private let readerEnded = DispatchSemaphore(value: 0)

  init?(columns: UInt16, rows: UInt16) {
    guard let pair = TTPseudoTerminal(columns: columns, rows: rows) else { return nil }
    self.pair = pair
    Thread { [self] in
      readLoop()
      readerEnded.signal()
    }.start()
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 8192)
    while !stopped.load(ordering: .relaxed) {
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 20) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      bytes.withLock { $0 += buffer[0..<count] }
    }
  }

  /// Everything written so far.
  var output: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

  private var cursor: Int {
    get { consumed.load(ordering: .relaxed) }
    set { consumed.store(newValue, ordering: .relaxed) }
  }
  private let consumed = Atomic<Int>(0)

  /// Waits up to 10 s for text to appear after what earlier waits saw.
  func waitFor(_ text: String) -> Bool {
    let wanted = Array(text.utf8)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let found: Int? = bytes.withLock { bytes in
        guard bytes.count >= wanted.count, cursor <= bytes.count - wanted.count else { return nil }
        for start in cursor...(bytes.count - wanted.count)
        where bytes[start..<start + wanted.count].elementsEqual(wanted) {
          return start + wanted.count
        }
        return nil
      }
      if let found {
        cursor = found
        return true
      }
      usleep(10_000)
    }
    missing.withLock { $0 = text }
    return false
  }

  /// The text the last failed wait was waiting for.
  var lastMissing: String? { missing.withLock { $0 } }
  private let missing = Mutex<String?>(nil)

  func send(_ text: String) {
    let data = Array(text.utf8)
    _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// The slave side's settings, as bytes.
  func settings() -> [UInt8] {
    var current = termios()
    _ = tcgetattr(slave, &current)
    return withUnsafeBytes(of: &current) { Array($0) }
  }

  /// Runs keystrokes on a thread; on failure sends Ctrl-C so the run ends.
  func script(_ steps: @escaping @Sendable (Terminal) -> Bool) -> Script {
    let script = Script()
    Thread { [self] in
      let ok = steps(self)
      if !ok { send("\u{03}") }
      script.finish(ok)
    }.start()
    return script
  }

  /// Stops the reader and waits for it, then closes both sides; later calls do nothing.
  func close() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    readerEnded.wait()
    pair.close()
  }

  /// The outcome of a script.
  final class Script: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Bool>(false)

    func finish(_ ok: Bool) {
      result.withLock { $0 = ok }
      done.signal()
    }

    /// Whether every step saw what it waited for.
    func wait() -> Bool {
      _ = done.wait(timeout: .now() + 15)
      return result.withLock { $0 }
    }
  }
}
