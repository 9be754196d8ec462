import Foundation
import Testing
import Three20Style
import Three20UICommon

@Suite("TTKeyDecoder events: mouse, paste, focus")
struct TTInputDecoderTests {
  static let esc = "\u{1B}"

  /// One input and the events it must decode to.
  struct Case: CustomTestStringConvertible, Sendable {
    let bytes: [UInt8]
    let events: [TTInputEvent]
    var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription }

    init(_ text: String, _ events: [TTInputEvent]) {
      bytes = Array(text.utf8)
      self.events = events
    }

    init(bytes: [UInt8], _ events: [TTInputEvent]) {
      self.bytes = bytes
      self.events = events
    }
  }

  static func mouse(
    _ action: TTMouseEvent.Action, _ button: TTMouseEvent.Button = .left, _ x: Int, _ y: Int,
    _ modifiers: TTMouseEvent.Modifiers = []
  ) -> TTInputEvent {
    .mouse(TTMouseEvent(action, button: button, at: TTPoint(x: x, y: y), modifiers: modifiers))
  }

  static let cases: [Case] = [
    // SGR mouse reports (mode 1006): buttons, release, drag, wheel, modifiers.
    Case("\(esc)[<0;1;1M", [mouse(.press, .left, 0, 0)]),
    Case("\(esc)[<0;10;5m", [mouse(.release, .left, 9, 4)]),
    Case("\(esc)[<1;3;4M", [mouse(.press, .middle, 2, 3)]),
    Case("\(esc)[<2;3;4M", [mouse(.press, .right, 2, 3)]),
    Case("\(esc)[<32;7;2M", [mouse(.drag, .left, 6, 1)]),
    Case("\(esc)[<34;7;2M", [mouse(.drag, .right, 6, 1)]),
    Case("\(esc)[<64;3;4M", [mouse(.scrollUp, .none, 2, 3)]),
    Case("\(esc)[<65;3;4M", [mouse(.scrollDown, .none, 2, 3)]),
    Case("\(esc)[<66;3;4M", [mouse(.scrollLeft, .none, 2, 3)]),
    Case("\(esc)[<67;3;4M", [mouse(.scrollRight, .none, 2, 3)]),
    Case("\(esc)[<4;1;1M", [mouse(.press, .left, 0, 0, .shift)]),
    Case("\(esc)[<8;1;1M", [mouse(.press, .left, 0, 0, .alt)]),
    Case("\(esc)[<16;1;1M", [mouse(.press, .left, 0, 0, .control)]),
    Case("\(esc)[<80;1;1M", [mouse(.scrollUp, .none, 0, 0, .control)]),
    Case("\(esc)[<0;300;200M", [mouse(.press, .left, 299, 199)]),
    // Reports that mean nothing here are skipped, and what follows is read.
    Case("\(esc)[<35;1;1Mx", [.key(.character("x"))]),
    Case("\(esc)[<128;1;1Mx", [.key(.character("x"))]),
    Case("\(esc)[<0;0;1Mx", [.key(.character("x"))]),
    Case("\(esc)[<0;1Mx", [.key(.character("x"))]),
    Case("\(esc)[<0;1;1;1Mx", [.key(.character("x"))]),
    Case("\(esc)[<0;1;1Xx", [.key(.character("x"))]),
    Case("\(esc)[<0;99999999999999999999999;1Mx", [.key(.character("x"))]),
    // X10 reports (a terminal without mode 1006): ESC [ M and three bytes, each plus 32.
    Case(bytes: [0x1B, 0x5B, 0x4D, 32, 33, 34], [mouse(.press, .left, 0, 1)]),
    Case(bytes: [0x1B, 0x5B, 0x4D, 35, 40, 40], [mouse(.release, .none, 7, 7)]),
    Case(bytes: [0x1B, 0x5B, 0x4D, 96, 33, 33], [mouse(.scrollUp, .none, 0, 0)]),
    // Bracketed paste: everything between the markers is text.
    Case("\(esc)[200~hello\(esc)[201~", [.paste("hello")]),
    Case("\(esc)[200~rm -rf /\r\(esc)[201~", [.paste("rm -rf /\n")]),
    Case("\(esc)[200~a\r\nb\rc\nd\(esc)[201~", [.paste("a\nb\nc\nd")]),
    Case(
      "\(esc)[200~\(esc)[31mred\(esc)[0m\(esc)[A\u{03}\(esc)[201~",
      [.paste("\(esc)[31mred\(esc)[0m\(esc)[A\u{03}")]),
    Case("\(esc)[200~漢字 😀\(esc)[201~", [.paste("漢字 😀")]),
    Case("\(esc)[200~\(esc)[201~", [.paste("")]),
    Case("\(esc)[200~\(esc)[20x\(esc)[201~q", [.paste("\(esc)[20x"), .key(.character("q"))]),
    Case("a\(esc)[200~b\(esc)[201~c", [.key(.character("a")), .paste("b"), .key(.character("c"))]),
    Case(
      bytes: [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0xFF, 0x61, 0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E],
      [.paste("\u{FFFD}a")]),
    // An end marker without a start is skipped.
    Case("\(esc)[201~x", [.key(.character("x"))]),
    // Focus reports (mode 1004).
    Case("\(esc)[I", [.focusIn]),
    Case("\(esc)[O", [.focusOut]),
    Case("\(esc)[Ix\(esc)[O", [.focusIn, .key(.character("x")), .focusOut]),
    // Mixed with keys.
    Case(
      "j\(esc)[<0;2;2M\(esc)[<0;2;2mk",
      [
        .key(.character("j")), mouse(.press, .left, 1, 1), mouse(.release, .left, 1, 1),
        .key(.character("k")),
      ]),
  ]

  /// Every sequence decodes to its events when read in one piece.
  @Test(arguments: cases)
  func decodesInOnePiece(_ example: Case) {
    #expect(TTKeyDecoder.decodeEvents(example.bytes) == example.events)
  }

  /// Every sequence decodes to the same events when split at every byte: the first part in
  /// one read, the rest in the next.
  @Test(arguments: cases)
  func decodesSplitAtEveryByte(_ example: Case) {
    for split in 0...example.bytes.count {
      var decoder = TTKeyDecoder()
      var events = decoder.decodeEvents(example.bytes[0..<split])
      events += decoder.decodeEvents(example.bytes[split...])
      events += decoder.flushEvents()
      #expect(events == example.events, "split at \(split)")
    }
  }

  /// Every sequence decodes to the same events when it arrives one byte per read.
  @Test(arguments: cases)
  func decodesByteByByte(_ example: Case) {
    var decoder = TTKeyDecoder()
    var events: [TTInputEvent] = []
    for byte in example.bytes { events += decoder.decodeEvents([byte]) }
    events += decoder.flushEvents()
    #expect(events == example.events)
  }

  /// Keys alone: the key-only API drops mouse events, pastes and focus reports, so a paste
  /// never turns into keys.
  @Test func keyOnlyDecodingDropsOtherEvents() {
    let keys = TTKeyDecoder.decode(Array("a\(Self.esc)[200~q\r\(Self.esc)[201~\(Self.esc)[<0;1;1Mb".utf8))
    #expect(keys == [.character("a"), .character("b")])
  }

  /// A paste in progress keeps the decoder pending; a flush (the terminal went quiet before
  /// the end marker) hands on what came and reads keys again.
  @Test func pasteWithoutItsEndEndsOnFlush() {
    var decoder = TTKeyDecoder()
    #expect(decoder.decodeEvents(Array("\(Self.esc)[200~half".utf8)).isEmpty)
    #expect(decoder.isInsidePaste)
    #expect(decoder.hasPendingInput)
    #expect(decoder.flushEvents() == [.paste("half")])
    #expect(!decoder.isInsidePaste)
    #expect(decoder.decodeEvents(Array("q".utf8)) == [.key(.character("q"))])
  }

  /// A paste longer than the limit arrives in pieces that join to the whole, each at most the
  /// limit and none splitting a character or a CR LF.
  @Test func longPasteArrivesInBoundedPieces() {
    let unit = "ab漢\r\n😀"
    let count = TTKeyDecoder.maximumPasteLength / unit.utf8.count * 3 + 7
    let text = String(repeating: unit, count: count)
    var decoder = TTKeyDecoder()
    var pieces: [String] = []
    let bytes = Array("\(Self.esc)[200~\(text)\(Self.esc)[201~".utf8)
    var index = 0
    while index < bytes.count {
      let end = min(bytes.count, index + 65_536)
      for event in decoder.decodeEvents(bytes[index..<end]) {
        guard case .paste(let piece) = event else {
          Issue.record("unexpected \(event)")
          continue
        }
        pieces.append(piece)
      }
      index = end
    }
    #expect(pieces.count >= 3)
    #expect(pieces.allSatisfy { $0.utf8.count <= TTKeyDecoder.maximumPasteLength })
    #expect(!pieces.joined().contains("\u{FFFD}"))
    #expect(pieces.joined() == text.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  /// Random bytes, with mouse, paste and focus sequences mixed in, never trap, and never
  /// leave more than a short tail or a bounded paste held.
  @Test func randomEventBytesAreSafe() {
    var generator = SeededGenerator(seed: 17)
    let pieces: [[UInt8]] = [
      Array("\(Self.esc)[<".utf8), Array("\(Self.esc)[200~".utf8), Array("\(Self.esc)[201~".utf8),
      Array("\(Self.esc)[M".utf8), Array("\(Self.esc)[I".utf8), Array(";".utf8), Array("M".utf8), [0x1B],
    ]
    var decoder = TTKeyDecoder()
    for _ in 0..<5000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        if Bool.random(using: &generator) {
          bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        } else {
          bytes.append(UInt8.random(in: 0...255, using: &generator))
        }
      }
      _ = decoder.decodeEvents(bytes)
    }
    _ = decoder.flushEvents()
    #expect(!decoder.hasPendingInput)
    #expect(!decoder.isInsidePaste)
  }

  /// Events describe themselves for logs and demos.
  @Test func eventsDescribeThemselves() {
    #expect(TTInputEvent.key(.alt(.character("b"))).description == "alt-b")
    #expect(Self.mouse(.press, .left, 4, 1).description == "press left 4,1")
    #expect(
      Self.mouse(.scrollDown, .none, 0, 0, [.control, .shift]).description == "scroll-down 0,0 shift ctrl")
    #expect(TTInputEvent.paste("abc").description == "paste (3 characters)")
    #expect(TTInputEvent.focusOut.description == "focus-out")
  }
}
