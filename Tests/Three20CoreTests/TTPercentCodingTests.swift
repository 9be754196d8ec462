import Testing
import Three20Core

/// The decoding loop Core's `percentDecoded` and Navigator's URL matcher share
/// (`TTPercentCoding.appendDecoded`), checked on its own.
@Suite("TTPercentCoding")
struct TTPercentCodingTests {
  /// Runs the shared loop over `text`'s UTF-8, after `prefix`.
  private func decoded(_ text: String, plusAsSpace: Bool = false, after prefix: [UInt8] = []) -> [UInt8] {
    var output = prefix
    var text = text
    text.withUTF8 { TTPercentCoding.appendDecoded($0, to: &output, plusAsSpace: plusAsSpace) }
    return output
  }

  @Test func hexDigits() {
    for (digit, value) in zip("0123456789abcdef", 0...15) {
      #expect(TTPercentCoding.hexValue(UInt8(ascii: digit.unicodeScalars.first!)) == UInt8(value))
    }
    for (digit, value) in zip("ABCDEF", 10...15) {
      #expect(TTPercentCoding.hexValue(UInt8(ascii: digit.unicodeScalars.first!)) == UInt8(value))
    }
    for byte in [UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "/"), UInt8(ascii: ":"), 0x00, 0xFF] {
      #expect(TTPercentCoding.hexValue(byte) == nil)
    }
  }

  @Test func emptyInputAppendsNothing() {
    #expect(decoded("").isEmpty)
    #expect(decoded("", after: [1, 2]) == [1, 2])
  }

  @Test func appendsAfterWhatIsThere() {
    #expect(decoded("%41b", after: Array("x".utf8)) == Array("xAb".utf8))
  }

  @Test(arguments: [
    ("caf%C3%A9", "café"),
    ("%E6%BC%A2", "漢"),
    ("e%CC%81", "e\u{301}"),
    ("%", "%"),
    ("100%", "100%"),
    ("%4", "%4"),
    ("%zz%41", "%zzA"),
    ("%%41", "%A"),
    ("a+b%2Bc", "a+b+c"),
  ])
  func decodesEscapes(_ input: String, _ expected: String) {
    #expect(decoded(input) == Array(expected.utf8))
    #expect(input.tt.percentDecoded == expected)
  }

  @Test func plusIsASpaceOnlyWhenAsked() {
    #expect(decoded("a+b%2Bc", plusAsSpace: true) == Array("a b+c".utf8))
    #expect(decoded("a+b%2Bc", plusAsSpace: false) == Array("a+b+c".utf8))
    #expect("a+b%2Bc".tt.formDecoded == "a b+c")
  }

  /// Decoded bytes are bytes: invalid UTF-8 is left for the caller to replace.
  @Test func keepsInvalidUTF8AsBytes() {
    #expect(decoded("%E9t") == [0xE9, UInt8(ascii: "t")])
    #expect("%E9t%C3%A9".tt.percentDecoded == "\u{FFFD}té")
  }
}
