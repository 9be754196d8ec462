import Foundation
import Testing
import Three20Style
import Three20UICommon

#if canImport(Glibc)
import Glibc
#endif

/// The terminal graphics query: the reply parser on every shape of reply, and the query
/// against a pseudo-terminal whose other side the test plays.
@Suite("Terminal graphics query")
struct TTTerminalGraphicsQueryTests {
  static let kittyOK = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
  static let kittyError = Array("\u{1B}_Gi=31;ENOTSUPPORTED:unknown action\u{1B}\\".utf8)
  static let attributesWithSixel = Array("\u{1B}[?62;4;6;22c".utf8)
  static let attributesWithoutSixel = Array("\u{1B}[?64;1;2;6;9;15;22c".utf8)

  static func graphics(_ bytes: [UInt8]) -> TTTerminalGraphics? {
    TTTerminalGraphicsQuery.graphics(fromReply: bytes)
  }

  @Test("A kitty OK before the attributes means kitty, whatever the attributes say")
  func kitty() {
    #expect(Self.graphics(Self.kittyOK + Self.attributesWithSixel) == .kitty)
    #expect(Self.graphics(Self.kittyOK + Self.attributesWithoutSixel) == .kitty)
    #expect(Self.graphics(Array("\u{1B}_Gi=31,p=0;OK\u{1B}\\".utf8) + Self.attributesWithoutSixel) == .kitty)
  }

  @Test("Attributes listing 4 mean sixel; others, or a kitty error, mean symbols")
  func attributes() {
    #expect(Self.graphics(Self.attributesWithSixel) == .sixel)
    #expect(Self.graphics(Array("\u{1B}[?4c".utf8)) == .sixel)
    #expect(Self.graphics(Array("\u{1B}[?1;04c".utf8)) == .sixel)
    #expect(Self.graphics(Self.attributesWithoutSixel) == .symbols)
    #expect(Self.graphics(Array("\u{1B}[?6c".utf8)) == .symbols)
    #expect(Self.graphics(Array("\u{1B}[?c".utf8)) == .symbols)
    #expect(Self.graphics(Array("\u{1B}[?14;44c".utf8)) == .symbols)
    #expect(Self.graphics(Self.kittyError + Self.attributesWithoutSixel) == .symbols)
    #expect(Self.graphics(Self.kittyError + Self.attributesWithSixel) == .sixel)
    // An OK for another image is not an answer to this query.
    #expect(Self.graphics(Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8) + Self.attributesWithoutSixel) == .symbols)
  }

  @Test("Until the attributes arrive whole, the answer is not complete")
  func incomplete() {
    #expect(Self.graphics([]) == nil)
    #expect(Self.graphics(Self.kittyOK) == nil)
    let whole = Self.kittyOK + Self.attributesWithSixel
    for length in 0..<whole.count {
      #expect(Self.graphics(Array(whole.prefix(length))) == nil, "prefix of \(length) bytes")
    }
  }

  @Test("Replies split anywhere give the same answer once all pieces are in")
  func splitAnywhere() {
    let cases: [([UInt8], TTTerminalGraphics)] = [
      (Self.kittyOK + Self.attributesWithSixel, .kitty),
      (Self.attributesWithSixel, .sixel),
      (Self.kittyError + Self.attributesWithoutSixel, .symbols),
    ]
    var generator = SeededGenerator(seed: 31)
    for (whole, expected) in cases {
      for _ in 0..<200 {
        var received: [UInt8] = []
        var rest = whole[...]
        while !rest.isEmpty {
          let piece = Int.random(in: 1...min(5, rest.count), using: &generator)
          received += rest.prefix(piece)
          rest = rest.dropFirst(piece)
          let answer = TTTerminalGraphicsQuery.parse(received)
          #expect(answer.graphics == (rest.isEmpty ? expected : nil))
          if answer.graphics == nil { #expect(answer.leftover.isEmpty || answer.leftover.first == 0x1B) }
        }
      }
    }
  }

  @Test("Keys typed before, between and after the replies are handed back in order")
  func keysMixedIn() {
    let before = Array("ab".utf8) + [0x1B] + Array("[A".utf8)  // a, b, up arrow
    // Alt-x, Ctrl-C, a kitty keyboard reply.
    let between = Array("\u{1B}x".utf8) + [0x03] + Array("\u{1B}[?1;2u".utf8)
    let after = Array("q\u{1B}[B\u{1B}".utf8)
    let answer = TTTerminalGraphicsQuery.parse(
      before + Self.kittyOK + between + Self.attributesWithSixel + after)
    #expect(answer.graphics == .kitty)
    #expect(answer.leftover == before + between + after)

    // The Escape key pressed once and twice just before the reply.
    let lone = TTTerminalGraphicsQuery.parse([0x1B] + Self.attributesWithoutSixel)
    #expect(lone.graphics == .symbols)
    #expect(lone.leftover == [0x1B])
    let twice = TTTerminalGraphicsQuery.parse([0x1B, 0x1B] + Self.kittyOK + Self.attributesWithoutSixel)
    #expect(twice.graphics == .kitty)
    #expect(twice.leftover == [0x1B, 0x1B])
    // Other APC strings and CSI sequences are keys to the decoder, not replies.
    let other = Array("\u{1B}_Xhello\u{1B}\\\u{1B}[12~".utf8)
    let mixed = TTTerminalGraphicsQuery.parse(other + Self.attributesWithSixel)
    #expect(mixed.graphics == .sixel)
    #expect(mixed.leftover == other)
  }

  @Test("Overlong or broken sequences are not replies and cannot hide the real one")
  func overlongGarbage() {
    let longAPC = Array("\u{1B}_G".utf8) + Array(repeating: UInt8(ascii: "A"), count: 2_000)
    #expect(Self.graphics(longAPC + Self.attributesWithSixel) == .sixel)
    let unterminated = Array("\u{1B}_Gi=31;OK".utf8) + [0x1B, 0x41]
    #expect(Self.graphics(unterminated + Self.attributesWithoutSixel) == .symbols)
    let longAttributes =
      Array("\u{1B}[?".utf8) + Array(repeating: UInt8(ascii: "4"), count: 100) + Array("c".utf8)
    #expect(Self.graphics(longAttributes) == nil)
    #expect(Self.graphics(longAttributes + Self.attributesWithoutSixel) == .symbols)
    #expect(Self.graphics(Array("\u{1B}[?999999999999999999999999;4c".utf8)) == .sixel)

    var generator = SeededGenerator(seed: 5)
    let alphabet: [UInt8] = [0x1B, 0x5B, 0x3F, 0x5F, 0x47, 0x5C, 0x3B, 0x34, 0x63, 0x61]
    for _ in 0..<300 {
      let noise = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let answer = TTTerminalGraphicsQuery.parse(noise)
      #expect(answer.leftover.count <= noise.count)
      // Whatever came before, a whole reply after a fresh ESC still ends the answer.
      let withReply = TTTerminalGraphicsQuery.parse(noise + [0x18] + Self.attributesWithoutSixel)
      if answer.graphics == nil { #expect(withReply.graphics != nil) }
    }
  }

  @Test("The request is the kitty query followed by Primary Device Attributes")
  func request() {
    #expect(
      TTTerminalGraphicsQuery.request == Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8))
  }

  // MARK: - Against a pseudo-terminal

  /// Puts the program's side of the terminal in raw mode, as the host does before asking.
  static func makeRaw(_ descriptor: Int32) {
    var settings = termios()
    tcgetattr(descriptor, &settings)
    cfmakeraw(&settings)
    tcsetattr(descriptor, TCSANOW, &settings)
  }

  /// Plays the terminal: waits for the whole request on `master`, then writes `reply` (in
  /// pieces, a little apart); stops when told or after five seconds.
  final class Terminal: Sendable {
    let reader: OutputReader
    private let done = DispatchSemaphore(value: 0)

    init(master: Int32, reply: [[UInt8]], delay: useconds_t = 2_000) {
      reader = OutputReader(master)
      let reader = self.reader
      let done = self.done
      let request = String(decoding: TTTerminalGraphicsQuery.request, as: UTF8.self)
      Thread {
        defer { done.signal() }
        guard reader.waitFor(request) else { return }
        for piece in reply {
          reader.send(piece)
          usleep(delay)
        }
      }.start()
    }

    func finish() {
      done.wait()
      reader.stop()
    }
  }

  @Test(
    "Asked through a pseudo-terminal, a kitty terminal is recognised and typed keys come back",
    .timeLimit(.minutes(1)))
  func queryKitty() throws {
    let pty = try #require(TTPseudoTerminal(columns: 80, rows: 24))
    defer { pty.close() }
    Self.makeRaw(pty.slave)
    let terminal = Terminal(
      master: pty.master,
      reply: [
        Array("j".utf8), Array(Self.kittyOK.prefix(5)), Array(Self.kittyOK.dropFirst(5)),
        Self.attributesWithSixel + Array("k".utf8),
      ])
    let answer = TTTerminalGraphicsQuery.query(input: pty.slave, output: pty.slave, timeout: .seconds(5))
    terminal.finish()
    #expect(answer.graphics == .kitty)
    #expect(answer.leftover == Array("jk".utf8))
    #expect(terminal.reader.text == String(decoding: TTTerminalGraphicsQuery.request, as: UTF8.self))
  }

  @Test("Asked through a pseudo-terminal, sixel and symbol terminals are told apart", .timeLimit(.minutes(1)))
  func querySixelAndSymbols() throws {
    for (reply, expected) in [
      (Self.attributesWithSixel, TTTerminalGraphics.sixel), (Self.attributesWithoutSixel, .symbols),
    ] {
      let pty = try #require(TTPseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      Self.makeRaw(pty.slave)
      let terminal = Terminal(master: pty.master, reply: reply.map { [$0] }, delay: 200)
      let answer = TTTerminalGraphicsQuery.query(input: pty.slave, output: pty.slave, timeout: .seconds(5))
      terminal.finish()
      #expect(answer.graphics == expected)
      #expect(answer.leftover.isEmpty)
    }
  }

  @Test("A terminal that does not answer times out, and what it sent is handed back", .timeLimit(.minutes(1)))
  func queryTimesOut() throws {
    let pty = try #require(TTPseudoTerminal(columns: 80, rows: 24))
    defer { pty.close() }
    Self.makeRaw(pty.slave)
    let terminal = Terminal(master: pty.master, reply: [Array("xy".utf8)])
    let clock = ContinuousClock()
    let start = clock.now
    let answer = TTTerminalGraphicsQuery.query(
      input: pty.slave, output: pty.slave, timeout: .milliseconds(200))
    let elapsed = start.duration(to: clock.now)
    terminal.finish()
    #expect(answer.graphics == nil)
    #expect(answer.leftover == Array("xy".utf8))
    #expect(elapsed >= .milliseconds(190) && elapsed < .seconds(3))
  }

  @Test("A terminal that keeps sending stops the query at 4 KiB", .timeLimit(.minutes(1)))
  func queryBounded() throws {
    let pty = try #require(TTPseudoTerminal(columns: 80, rows: 24))
    defer { pty.close() }
    Self.makeRaw(pty.slave)
    let flood = Array(repeating: Array(repeating: UInt8(ascii: "z"), count: 1_000), count: 6)
    let terminal = Terminal(master: pty.master, reply: flood + [Self.attributesWithSixel])
    let answer = TTTerminalGraphicsQuery.query(input: pty.slave, output: pty.slave, timeout: .seconds(5))
    // Read what is left, so that the terminal's writes never wait for room.
    var buffer = [UInt8](repeating: 0, count: 8_192)
    var poller = pollfd(fd: pty.slave, events: Int16(POLLIN), revents: 0)
    while poll(&poller, 1, 200) > 0 {
      guard buffer.withUnsafeMutableBytes({ read(pty.slave, $0.baseAddress, $0.count) }) > 0 else { break }
    }
    terminal.finish()
    #expect(answer.graphics == nil)
    #expect(
      answer.leftover
        == Array(repeating: UInt8(ascii: "z"), count: TTTerminalGraphicsQuery.maximumReplyLength))
  }

  @Test("Nothing is asked of a terminal in cooked mode, or of a pipe")
  func refusesCookedModeAndPipes() throws {
    let pty = try #require(TTPseudoTerminal(columns: 80, rows: 24))
    defer { pty.close() }
    let reader = OutputReader(pty.master)
    defer { reader.stop() }
    let cooked = TTTerminalGraphicsQuery.query(
      input: pty.slave, output: pty.slave, timeout: .milliseconds(50))
    #expect(cooked == TTTerminalGraphicsQuery.Answer(graphics: nil))
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let piped = TTTerminalGraphicsQuery.query(
      input: descriptors[0], output: descriptors[1], timeout: .milliseconds(50))
    #expect(piped.graphics == nil)
    usleep(50_000)
    #expect(reader.text.isEmpty)
  }
}
