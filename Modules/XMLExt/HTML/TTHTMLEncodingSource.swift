/// Where the encoding of an HTML page came from, in the order they are consulted.
///
/// ```swift
/// let found = try TTHTMLParser.encoding(
///   for: Array("<meta charset=koi8-r>".utf8), contentType: "text/html")
/// found.name     // "KOI8-R"
/// found.source   // .meta
/// ```
public enum TTHTMLEncodingSource: String, Sendable, Hashable, CustomStringConvertible {
  /// A byte order mark at the start of the bytes (UTF-8, UTF-16LE or UTF-16BE); it wins over
  /// everything, as in browsers.
  case byteOrderMark
  /// The caller's choice, ``TTHTMLParser/Options/encoding`` (for example the user's "view as"
  /// menu).
  case override
  /// The `charset` parameter of the HTTP Content-Type header.
  case transport
  /// A `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">` in the
  /// first 1,024 bytes.
  case meta
  /// Nothing named an encoding: UTF-8 when the bytes are valid UTF-8, else windows-1252.
  case `default`

  /// The source's name, for example `transport`.
  public var description: String { rawValue }
}
