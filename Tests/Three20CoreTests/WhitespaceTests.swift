import Testing
import Three20Core

/// Three20's deprecated name, reached through a protocol so the tests compile without warnings.
private protocol LegacyWhitespaceNames {
  var isEmptyOrWhitespace: Bool { get }
}

extension TTAdditions: LegacyWhitespaceNames where Base == String {}

@Suite("Whitespace")
struct WhitespaceTests {
  /// Inputs and whether each is only whitespace and newlines.
  static let cases: [(String, Bool)] = [
    ("", true),
    (" ", true),
    ("\t\r\n", true),
    ("\r\n \u{85}\u{2028}\u{2029}", true),
    ("\u{A0}\u{3000}\u{2003}", true),
    (" a ", false),
    ("x", false),
    ("\u{200B}", false),
    ("😀", false),
    ("\n\n.\n", false),
  ]

  /// Whitespace-only means every character is whitespace or a newline, and the empty string is.
  @Test(arguments: cases)
  func whitespaceOnlyMeansEveryCharacter(input: String, isBlank: Bool) {
    #expect(input.tt.isWhitespaceAndNewlines == isBlank)
  }

  /// The deprecated name answers the same as `isWhitespaceAndNewlines`.
  @Test(arguments: cases)
  func deprecatedNameAgrees(input: String, isBlank: Bool) {
    let legacy: any LegacyWhitespaceNames = input.tt
    #expect(legacy.isEmptyOrWhitespace == isBlank)
  }

  /// `hasAnyText` is true exactly when there is a non-whitespace character.
  @Test(arguments: cases)
  func hasAnyTextIsTheOpposite(input: String, isBlank: Bool) {
    #expect(input.tt.hasAnyText == !isBlank)
  }

  /// Substrings get the same helpers.
  @Test func substringsHaveTheHelpers() {
    let text = "  word  "
    #expect(text.prefix(2).tt.isWhitespaceAndNewlines)
    #expect(text.dropFirst(2).tt.hasAnyText)
  }
}
