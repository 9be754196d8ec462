extension TTDisplayWidth {
  /// The longest suffix of `text` that fits in `width` columns, never splitting a character:
  /// the other end of ``prefix(_:fitting:)``.
  ///
  /// Text layout (`truncateHead`, `truncateMiddle`), the SVG text layout and the styled-text
  /// parser's error context all cut text from the front with this one function, so that the
  /// terminal, the SVG rendering and the error messages agree on what is kept.
  ///
  /// A wide character that would not fit is left out whole, so the result may be one column
  /// narrower than `width`. Characters of width 0 (a lone combining mark, a zero-width space)
  /// are kept while the scan has not stopped, like any other character that fits.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The number of columns available; 0 or less gives an empty string.
  /// - Returns: The suffix.
  static func suffix(_ text: String, fitting width: Int) -> String {
    guard width > 0 else { return "" }
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      let next = used + of(text[previous])
      if next > width { break }
      used = next
      start = previous
    }
    return String(text[start...])
  }
}
