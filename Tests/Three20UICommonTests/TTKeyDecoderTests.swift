import Testing
import Three20Style
import Three20UICommon

@Suite("TTKeyDecoder")
struct TTKeyDecoderTests {
  /// One input and the keys it must decode to.
  struct Case: CustomTestStringConvertible, Sendable {
    let bytes: [UInt8]
    let keys: [TTKey]
    /// The keys when the bytes arrive one per read, if different: a combining mark that
    /// arrives after its base character was handed on is a key of its own.
    var splitKeys: [TTKey]? = nil
    var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }

    init(_ bytes: [UInt8], _ keys: [TTKey]) {
      self.bytes = bytes
      self.keys = keys
    }

    init(_ text: String, _ keys: [TTKey], split: [TTKey]? = nil) {
      self.init(Array(text.utf8), keys)
      splitKeys = split
    }
  }

  static let esc = "\u{1B}"

  static let cases: [Case] = [
    // Printable text and UTF-8.
    Case("j", [.character("j")]),
    Case(" ", [.character(" ")]),
    Case("~", [.character("~")]),
    Case("é", [.character("é")]),
    Case("漢", [.character("漢")]),
    Case("😀", [.character("😀")]),
    Case("e\u{301}", [.character("é")], split: [.character("e"), .character("\u{301}")]),
    // Enter, backspace, tab.
    Case([0x0D], [.enter]),
    Case([0x0A], [.enter]),
    Case("\(esc)OM", [.enter]),
    Case([0x7F], [.backspace]),
    Case([0x08], [.backspace]),
    Case([0x09], [.tab]),
    Case("\(esc)[Z", [.backTab]),
    // Arrows in both forms and with modifiers.
    Case("\(esc)[A", [.up]),
    Case("\(esc)[B", [.down]),
    Case("\(esc)[C", [.right]),
    Case("\(esc)[D", [.left]),
    Case("\(esc)OA", [.up]),
    Case("\(esc)OB", [.down]),
    Case("\(esc)OC", [.right]),
    Case("\(esc)OD", [.left]),
    Case("\(esc)[1;5A", [.up]),
    Case("\(esc)[1;2D", [.left]),
    // Home and End in every form.
    Case("\(esc)[H", [.home]),
    Case("\(esc)[F", [.end]),
    Case("\(esc)[1~", [.home]),
    Case("\(esc)[4~", [.end]),
    Case("\(esc)[7~", [.home]),
    Case("\(esc)[8~", [.end]),
    Case("\(esc)OH", [.home]),
    Case("\(esc)OF", [.end]),
    // Editing and paging keys.
    Case("\(esc)[2~", [.insert]),
    Case("\(esc)[3~", [.delete]),
    Case("\(esc)[3;5~", [.delete]),
    Case("\(esc)[5~", [.pageUp]),
    Case("\(esc)[6~", [.pageDown]),
    // Function keys.
    Case("\(esc)OP", [.function(1)]),
    Case("\(esc)OQ", [.function(2)]),
    Case("\(esc)OR", [.function(3)]),
    Case("\(esc)OS", [.function(4)]),
    Case("\(esc)[P", [.function(1)]),
    Case("\(esc)[1;2S", [.function(4)]),
    Case("\(esc)[15~", [.function(5)]),
    Case("\(esc)[17~", [.function(6)]),
    Case("\(esc)[21~", [.function(10)]),
    Case("\(esc)[24~", [.function(12)]),
    // Control keys.
    Case([0x03], [.control("c")]),
    Case([0x01], [.control("a")]),
    Case([0x1A], [.control("z")]),
    Case([0x00], [.control("@")]),
    Case([0x1C], [.control("\\")]),
    Case([0x1F], [.control("_")]),
    // Escape alone, twice, and before a key.
    Case([0x1B], [.escape]),
    Case([0x1B, 0x1B], [.escape, .escape]),
    Case("\(esc)x", [.alt(.character("x"))]),
    Case("\(esc)\(esc)[A", [.escape, .up]),
    // Alt: ESC before a key, or the modifier parameter.
    Case("\(esc)b", [.alt(.character("b"))]),
    Case("\(esc)B", [.alt(.character("B"))]),
    Case("\(esc)é", [.alt(.character("é"))]),
    Case([0x1B, 0x7F], [.alt(.backspace)]),
    Case([0x1B, 0x0D], [.alt(.enter)]),
    Case([0x1B, 0x17], [.alt(.control("w"))]),
    Case("\(esc)[1;3D", [.alt(.left)]),
    Case("\(esc)[1;3C", [.alt(.right)]),
    Case("\(esc)[1;4A", [.alt(.up)]),
    Case("\(esc)[3;3~", [.alt(.delete)]),
    Case("\(esc)O", [.alt(.character("O"))]),
    // Several keys in one read.
    Case("ab\r\(esc)[Bq", [.character("a"), .character("b"), .enter, .down, .character("q")]),
    // Garbage is skipped.
    Case("\(esc)[99~x", [.character("x")]),
    Case("\(esc)[?25hx", [.character("x")]),
    Case("\(esc)[<0;1;2Mx", [.character("x")]),
    Case("\(esc)[1 qx", [.character("x")]),
    Case("\(esc)OZx", [.character("x")]),
    Case("\(esc)O~x", [.character("x")]),
    Case("\(esc)[Mx", []),
    Case("\(esc)[1\u{03}", [.control("c")]),
    Case([0x80, 0x61], [.character("a")]),
    Case([0xFF, 0xFE, 0x61], [.character("a")]),
    Case([0xC0, 0xAF, 0x61], [.character("a")]),
    Case([0xE0, 0x80, 0xAF, 0x61], [.character("a")]),
    Case([0xED, 0xA0, 0x80, 0x61], [.character("a")]),
    Case([0xF4, 0x90, 0x80, 0x80, 0x61], [.character("a")]),
    Case([0xC2, 0x9B, 0x61], [.character("a")]),
    Case([0xE4, 0x61], [.character("a")]),
    Case([0xE4, 0xB8], []),
    Case("\(esc)[", []),
    Case("\(esc)[12;", []),
  ]

  /// Every sequence in the table decodes to its keys when read in one piece.
  @Test(arguments: cases)
  func decodesInOnePiece(_ example: Case) {
    #expect(TTKeyDecoder.decode(example.bytes) == example.keys)
  }

  /// Every sequence decodes to the same keys when it arrives one byte per read.
  @Test(arguments: cases)
  func decodesByteByByte(_ example: Case) {
    var decoder = TTKeyDecoder()
    var keys: [TTKey] = []
    for byte in example.bytes { keys += decoder.decode([byte]) }
    keys += decoder.flush()
    #expect(keys == example.splitKeys ?? example.keys)
  }

  /// A multi-byte UTF-8 character split across reads waits for its last byte.
  @Test func splitUTF8WaitsForTheRest() {
    var decoder = TTKeyDecoder()
    #expect(decoder.decode([0xE4]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.decode([0xB8]).isEmpty)
    #expect(decoder.decode([0xAD, 0x61]) == [.character("中"), .character("a")])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode([0xF0, 0x9F]).isEmpty)
    #expect(decoder.decode([0x98, 0x80]) == [.character("😀")])
  }

  /// A lone ESC is held until more input arrives or the caller flushes it.
  @Test func loneEscapeWaitsForFlush() {
    var decoder = TTKeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flush().isEmpty)
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.decode(Array("[A".utf8)) == [.up])
  }

  /// An escape sequence that never ends is dropped once it is longer than 64 bytes.
  @Test func endlessSequenceIsDropped() {
    var decoder = TTKeyDecoder()
    let flood = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 200) + Array("A".utf8) + [0x71]
    let keys = decoder.decode(flood)
    #expect(keys.last == .character("q"))
    #expect(!keys.contains(.up))
    #expect(!decoder.hasPendingInput)
  }

  /// Random bytes never trap and never leave more than a short tail pending.
  @Test func randomBytesAreSafe() {
    var generator = SeededGenerator(seed: 7)
    var decoder = TTKeyDecoder()
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 0...16, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      _ = decoder.decode(bytes)
    }
    _ = decoder.flush()
    #expect(!decoder.hasPendingInput)
  }

  /// Keys have short readable names.
  @Test func keysDescribeThemselves() {
    #expect(TTKey.character(" ").description == "space")
    #expect(TTKey.interrupt.description == "ctrl-c")
    #expect(TTKey.function(5).description == "f5")
    #expect(TTKey.backTab.description == "shift-tab")
  }
}
