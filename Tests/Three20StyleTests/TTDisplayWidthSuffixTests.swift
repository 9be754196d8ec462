import Testing

@testable import Three20Style

/// `TTDisplayWidth.suffix(_:fitting:)`, the one cut from the front that text layout, the SVG
/// text layout and the styled-text parser's error context share.
@Suite("TTDisplayWidth.suffix")
struct TTDisplayWidthSuffixTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let width: Int
    let suffix: String
    var testDescription: String { "\(text.debugDescription) in \(width)" }

    init(_ text: String, _ width: Int, _ suffix: String) {
      self.text = text
      self.width = width
      self.suffix = suffix
    }
  }

  static let cases: [Case] = [
    // Nothing to keep.
    Case("", 0, ""),
    Case("", 5, ""),
    Case("abc", 0, ""),
    Case("abc", -3, ""),
    // Plain text: the last `width` characters, or all of it.
    Case("abc", 1, "c"),
    Case("abc", 2, "bc"),
    Case("abc", 3, "abc"),
    Case("abc", 10, "abc"),
    // A wide character is kept whole or left out whole.
    Case("漢", 1, ""),
    Case("漢", 2, "漢"),
    Case("a漢", 2, "漢"),
    Case("漢a", 2, "a"),
    Case("漢字テスト", 6, "テスト"),
    Case("漢字テスト", 5, "スト"),
    // A combining mark belongs to its base: one column, never split off.
    Case("cafe\u{301}", 1, "e\u{301}"),
    Case("cafe\u{301}", 2, "fe\u{301}"),
    Case("n\u{303}a\u{301}", 1, "a\u{301}"),
    // A character of width 0 costs nothing: kept while the scan goes on, even at width 1.
    Case("\u{301}ab", 2, "\u{301}ab"),
    Case("a\u{200B}b", 1, "\u{200B}b"),
    // Emoji sequences are one wide character.
    Case("ok👨‍👩‍👧", 2, "👨‍👩‍👧"),
    Case("ok👨‍👩‍👧", 3, "k👨‍👩‍👧"),
  ]

  @Test(arguments: cases)
  func keepsTheLongestSuffixThatFits(_ example: Case) {
    #expect(TTDisplayWidth.suffix(example.text, fitting: example.width) == example.suffix)
  }

  /// Whatever the text and width: a suffix of the text, within the width, and one more
  /// character would not fit.
  @Test(arguments: ["", "abc", "漢a字b", "e\u{301}x\u{301}漢", "👍🏽 ok 🇫🇷", "\u{301}\u{301}a"])
  func isTheLongestSuffixWithinTheWidth(_ text: String) {
    let characters = Array(text)
    for width in 0...(TTDisplayWidth.of(text) + 1) {
      let suffix = TTDisplayWidth.suffix(text, fitting: width)
      #expect(text.hasSuffix(suffix))
      #expect(TTDisplayWidth.of(suffix) <= max(0, width))
      let kept = suffix.count
      if width > 0, kept < characters.count {
        let longer = String(characters[(characters.count - kept - 1)...])
        #expect(TTDisplayWidth.of(longer) > width, "\(text.debugDescription) in \(width)")
      }
    }
  }

  /// The mirror of `prefix(_:fitting:)`: a text that fits comes back whole from both.
  @Test(arguments: ["", "a", "漢字", "e\u{301}", "ok👨‍👩‍👧"])
  func keepsTextThatFits(_ text: String) {
    let width = TTDisplayWidth.of(text)
    #expect(TTDisplayWidth.suffix(text, fitting: max(width, 1)) == text)
    #expect(TTDisplayWidth.prefix(text, fitting: max(width, 1)) == text)
  }
}
