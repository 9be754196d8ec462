import Foundation
import Testing
import Three20Navigator
import Three20Style
import Three20TestSupport
import Three20UICommon
import Three20Web

#if canImport(Glibc)
import Glibc
#endif

/// The web controller in a real pseudo-terminal, under a navigator, as a user's terminal sees
/// it.
@MainActor
@Suite("The web controller in a terminal", .serialized)
struct ControllerTerminalTests {
  /// Text no page may send to the terminal: a title change, a colour, a screen clear, a C1
  /// control sequence introducer, and a bell.
  static let hostile =
    "Evil\u{1B}]0;pwned\u{07} \u{1B}[31mred\u{1B}[0m \u{1B}[2J cleared \u{9B}31m c1 \u{07}bell \u{1B}P+q\u{1B}\\"

  @Test(
    "Tab to a link, Enter opens the next page, Backspace returns to the first where it was",
    .timeLimit(.minutes(5)))
  func followAndReturn() async throws {
    let server = try TTTestHTTPServer.started()
    let first = longPage(
      title: "First \(Self.hostile)",
      extra:
        "<p>\(Self.hostile)</p><pre>\(Self.hostile)</pre><p><a href=\"/second\">Go to the second page</a></p>",
      at: 4)
    server.route("GET", "/first") { _ in html(first) }
    server.route("GET", "/second") { _ in html(longPage(title: "Second", count: 10)) }

    let loader = testLoader()
    var map = TTURLMap()
    try map.from("*", toViewController: { match, _ in TTWebController(url: match.url, loader: loader) })
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/first"))) as? TTWebController)

    let pty = try #require(TTPseudoTerminal(columns: 80, rows: 24))
    defer { pty.close() }
    let reader = OutputReader(pty.master)
    defer { reader.stop() }
    let host = TTTerminalHost(
      input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"])
    host.queriesGraphics = false
    let steps = Thread {
      guard reader.waitFor("Line 3 of First", seconds: 90) else { return reader.send([0x03]) }
      for _ in 0..<3 {
        reader.send(Array("j".utf8))
        usleep(100_000)
      }
      reader.send([0x09])  // Tab
      guard reader.waitFor("[1] \(server.url("/second"))", seconds: 30) else { return reader.send([0x03]) }
      reader.send([0x0D])  // Enter
      guard reader.waitFor("Line 9 of Second", seconds: 90) else { return reader.send([0x03]) }
      reader.send([0x7F])  // Backspace
      usleep(300_000)
      reader.send([0x03])  // Ctrl-C
    }
    try await TTTerminalHostTestLock.withLock {
      steps.start()
      try await host.run(TTNavigationController(navigator: navigator))
    }
    #expect(reader.waitFor("\u{1B}[?1049l", seconds: 30))
    let output = reader.text
    #expect(output.contains("Line 9 of Second"))
    #expect(navigator.stack.count == 1)
    #expect(web.historyURLs == [server.url("/first"), server.url("/second")])
    #expect(web.historyIndex == 0)
    #expect(web.topLine == 3)
    #expect(web.focusedLink == 0)

    // Nothing of the page's escape sequences reached the terminal.
    #expect(!output.contains("\u{1B}]0;"))
    #expect(!output.contains("\u{1B}[31mred"))
    #expect(!output.contains("\u{1B}[2J cleared"))
    #expect(!output.contains("\u{1B}P+q"))
    #expect(!output.contains("\u{9B}"))
    #expect(!output.contains("\u{07}"))
    // Every escape sequence is one the host writes: CSI, OSC 8 hyperlinks, or a charset/keypad
    // sequence.
    var rest = Substring(output)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      let next = rest.index(after: escape)
      guard next < rest.endIndex else { break }
      let introducer = rest[next]
      #expect("[]()=>\\".contains(introducer), "unexpected ESC \(introducer)")
      if introducer == "]" {
        #expect(rest[next...].hasPrefix("]8;;"), "an OSC other than a hyperlink")
      }
      rest = rest[next...]
    }
  }
}
