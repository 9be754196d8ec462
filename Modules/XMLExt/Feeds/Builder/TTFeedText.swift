/// Text helpers for the feed builder (internal).
enum TTFeedText {
  /// The text without the white space and line breaks around it.
  ///
  /// Looks only at the ends, scalar by scalar, so it costs nothing for text that needs no
  /// trimming; Foundation's `trimmingCharacters(in:)` goes through UTF-16 and was most of the
  /// time spent reading a feed.
  static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, isWhitespace(first) { scalars.removeFirst() }
    while let last = scalars.last, isWhitespace(last) { scalars.removeLast() }
    return String(Substring(scalars))
  }

  /// Whether a scalar is white space or a line break; ASCII without a property lookup.
  @inline(__always)
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
    }
    return scalar.properties.isWhitespace
  }

  /// The trimmed text, or `nil` when nothing is left.
  static func nonEmpty<Text: StringProtocol>(_ text: Text) -> String? {
    let result = trimmed(text)
    return result.isEmpty ? nil : result
  }
}
