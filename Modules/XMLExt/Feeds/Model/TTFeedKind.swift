/// The format and version of a feed.
///
/// ```swift
/// TTFeedKind.rss20.name   // "RSS 2.0"
/// TTFeedKind.atom10.isRSS  // false
/// ```
public enum TTFeedKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// RSS 0.90, Netscape's RDF format (`rdf:RDF` with the `http://my.netscape.com/rdf/simple/0.9/`
  /// namespace).
  case rss090
  /// RSS 0.91 (`<rss version="0.91">`).
  case rss091
  /// RSS 0.92, and the short-lived 0.93 and 0.94 (`<rss version="0.92">`).
  case rss092
  /// RSS 2.0 (`<rss version="2.0">`, or `<rss>` with any other version or none).
  case rss20
  /// RSS 1.0, the RDF format (`rdf:RDF` with the `http://purl.org/rss/1.0/` namespace); its
  /// items are siblings of its channel.
  case rss10
  /// Atom 1.0 (RFC 4287, `<feed xmlns="http://www.w3.org/2005/Atom">`).
  case atom10

  /// The name people know the format by, such as `RSS 2.0` or `Atom 1.0`.
  public var name: String {
    switch self {
    case .rss090: "RSS 0.90"
    case .rss091: "RSS 0.91"
    case .rss092: "RSS 0.92"
    case .rss20: "RSS 2.0"
    case .rss10: "RSS 1.0"
    case .atom10: "Atom 1.0"
    }
  }

  /// Whether the format is one of the RSS family (every kind but ``atom10``).
  public var isRSS: Bool { self != .atom10 }
}
