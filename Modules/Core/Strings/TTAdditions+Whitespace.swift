extension TTAdditions where Base == String {
  /// Whether every character is whitespace or a newline; true for the empty string.
  ///
  /// Three20's `isWhitespaceAndNewlines`. Uses `Character.isWhitespace`, which covers spaces,
  /// tabs, line and paragraph separators and the other Unicode `White_Space` characters, such as
  /// U+00A0 NO-BREAK SPACE and U+3000 IDEOGRAPHIC SPACE.
  ///
  /// ```swift
  /// "".tt.isWhitespaceAndNewlines           // true
  /// " \t\r\n".tt.isWhitespaceAndNewlines    // true
  /// " a ".tt.isWhitespaceAndNewlines        // false
  /// ```
  public var isWhitespaceAndNewlines: Bool {
    base.allSatisfy(\.isWhitespace)
  }

  /// Whether the string is empty or only whitespace; Three20's deprecated name for
  /// ``isWhitespaceAndNewlines``.
  ///
  /// ```swift
  /// "  ".tt.isEmptyOrWhitespace   // true
  /// ```
  @available(*, deprecated, renamed: "isWhitespaceAndNewlines")
  public var isEmptyOrWhitespace: Bool {
    isWhitespaceAndNewlines
  }

  /// Whether the string has any character that is not whitespace; Three20's
  /// `TTIsStringWithAnyText`.
  ///
  /// The opposite of ``isWhitespaceAndNewlines``: false for the empty string and for a string of
  /// only spaces, tabs and newlines.
  ///
  /// ```swift
  /// "".tt.hasAnyText        // false
  /// " \n".tt.hasAnyText     // false
  /// " x ".tt.hasAnyText     // true
  /// ```
  public var hasAnyText: Bool {
    !isWhitespaceAndNewlines
  }
}
