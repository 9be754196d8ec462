/// Text helpers for the feed builder (internal).
enum TTFeedText {
  /// The text without the white space and line breaks around it.
  ///
  /// Looks only at the ends, scalar by scalar, so it costs nothing for text that needs no
  /// trimming; Foundation's `trimmingCharacters(in:)` goes through UTF-16 and was most of the
  /// time spent reading a feed.
  static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(Substring(scalars))
  }

  /// The trimmed text, or `nil` when nothing is left.
  static func nonEmpty<Text: StringProtocol>(_ text: Text) -> String? {
    let result = trimmed(text)
    return result.isEmpty ? nil : result
  }
}
