import Foundation
import Testing
import Three20Image
import Three20Network
import Three20Style
import Three20UICommon

#if canImport(Glibc)
import Glibc
#endif

/// Runs a screen with one image view in a real pseudo-terminal, as a user's terminal would
/// see it, with the environment a terminal gives.
@MainActor
@Suite("Pictures in a terminal", .serialized)
struct TTImageTerminalHostTests {
  /// A screen that is one image view; `q` stops.
  final class PictureController: TTViewController {
    let url: String
    let provider: TTImageProvider
    init(url: String, provider: TTImageProvider) {
      self.url = url
      self.provider = provider
      super.init()
    }
    override func loadView() {
      let image = TTImageView(urlPath: url, alternateText: "flag")
      image.provider = provider
      view = image
    }
    override func handleKey(_ key: TTKey) -> Bool {
      if key == .character("q") {
        host?.stop()
        return true
      }
      if key == .character("h") {
        view.isHidden = true
        return true
      }
      return super.handleKey(key)
    }
    weak var host: TTTerminalHost?
  }

  /// Runs the controller until `done` says the output is complete, then types `q`.
  ///
  /// Returns everything written. With `answer`, the terminal answers the host's graphics query
  /// with it. With `hide`, once the picture is shown the image view is hidden (`h`) and the run
  /// waits for `hide` to appear.
  func run(
    environment: [String: String], hide: String? = nil, answer: String? = nil,
    until done: @escaping @Sendable (String) -> Bool
  ) async throws -> String {
    let server = try imageServer()
    let pty = try #require(TTPseudoTerminal(columns: 20, rows: 6))
    defer { pty.close() }
    let reader = OutputReader(pty.master)
    defer { reader.stop() }
    let provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    let controller = PictureController(url: server.url("/a.png"), provider: provider)
    let host = TTTerminalHost(input: pty.slave, output: pty.slave, environment: environment)
    controller.host = host
    let typist = Thread {
      if let answer, reader.waitFor("\u{1B}[c") { reader.send(Array(answer.utf8)) }
      // Up to 30 s: the whole suite runs beside this test and keeps the main actor busy.
      for _ in 0..<3000 where !done(reader.text) { usleep(10_000) }
      if let hide {
        reader.send(Array("h".utf8))
        _ = reader.waitFor(hide)
      }
      reader.send(Array("q".utf8))
    }
    // The typist's clock starts once this test owns the terminal, not while it waits its turn.
    try await TTTerminalHostTestLock.withLock {
      typist.start()
      try await host.run(controller)
    }
    #expect(reader.waitFor("\u{1B}[?1049l"))
    return reader.text
  }

  @Test(
    "A kitty terminal gets the picture as a kitty image, and it is deleted on exit", .timeLimit(.minutes(2)))
  func kittyGetsKittyImages() async throws {
    let output = try await run(environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"]) {
      $0.contains("\u{1B}_Ga=T")
    }
    #expect(output.contains("\u{1B}_Ga=T"))
    #expect(output.contains("q=2"))
    #expect(output.contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
    #expect(!output.contains("▀"))
  }

  @Test("A kitty picture that goes away is deleted by its number", .timeLimit(.minutes(2)))
  func kittyPicturesAreDeleted() async throws {
    let output = try await run(environment: ["TERM": "xterm-kitty"], hide: "a=d,d=I,i=1,q=2") {
      $0.contains("\u{1B}_Ga=T")
    }
    #expect(output.contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"))
  }

  @Test("A sixel picture that goes away has its rows written again", .timeLimit(.minutes(2)))
  func sixelPicturesAreErased() async throws {
    let output = try await run(environment: ["TERM": "foot"], hide: "\u{1B}[5;1H\u{1B}[K") {
      $0.contains("\u{1B}P")
    }
    #expect(output.contains("\u{1B}P"))
    let afterPicture = try #require(output.range(of: "\u{1B}\\", options: .backwards))
    #expect(output[afterPicture.upperBound...].contains("\u{1B}[1;1H\u{1B}[K"))
  }

  @Test("A terminal that answers the query with sixel support gets sixels", .timeLimit(.minutes(2)))
  func answeredQueryGivesSixel() async throws {
    // Play a terminal with sixel: answer the device attributes request.
    let output = try await run(
      environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], answer: "\u{1B}[?62;4;22c"
    ) { $0.contains("\u{1B}P") }
    #expect(output.contains("\u{1B}P"))
  }

  @Test("A terminal without a pixel protocol gets the picture as coloured symbols", .timeLimit(.minutes(2)))
  func plainTerminalsGetSymbols() async throws {
    let output = try await run(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) {
      $0.contains("48;2;")
    }
    // The terminal was asked (it did not answer), and drew no pixel picture.
    #expect(output.contains("\u{1B}_Gi=31,s=1,v=1,a=q"))
    #expect(!output.contains("\u{1B}_Ga=T"))
    #expect(!output.contains("\u{1B}P"))
    #expect(output.contains("48;2;"))
  }
}
