/// The format and version of a feed: the dialect the reader read.
///
/// The raw values are the names Python's feedparser gives the same dialects, so logs and data
/// that name them agree.
///
/// ```swift
/// TTFeedKind.rss20.name    // "RSS 2.0"
/// TTFeedKind.atom03.isAtom  // true
/// TTFeedKind.atom10.isRSS   // false
/// TTFeedKind.json11.isJSON  // true
/// ```
public enum TTFeedKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// RSS 0.90, Netscape's RDF format (`rdf:RDF` with the `http://my.netscape.com/rdf/simple/0.9/`
  /// namespace).
  case rss090
  /// RSS 0.91 as Netscape published it: `<rss version="0.91">` with Netscape's DOCTYPE
  /// (`-//Netscape Communications//DTD RSS 0.91//EN`).
  case rss091n
  /// RSS 0.91 as UserLand published it: `<rss version="0.91">` without Netscape's DOCTYPE.
  case rss091u
  /// RSS 0.92 (`<rss version="0.92">`).
  case rss092
  /// RSS 0.93, a draft that was never finished (`<rss version="0.93">`).
  case rss093
  /// RSS 0.94, a draft that was never finished (`<rss version="0.94">`).
  case rss094
  /// RSS 2.0 (`<rss version="2.0">`, or `<rss>` with any other version or none, its root in no
  /// namespace or in one of the namespaces UserLand and Harvard once gave it).
  case rss20
  /// RSS 1.0, the RDF format (`rdf:RDF` with the `http://purl.org/rss/1.0/` namespace); its
  /// items are siblings of its channel.
  case rss10
  /// Atom 0.1, a pre-release draft (`<feed version="0.1">` in the `http://purl.org/atom/ns#`
  /// namespace or an earlier draft's).
  case atom01
  /// Atom 0.2, a pre-release draft (`<feed version="0.2">`).
  case atom02
  /// Atom 0.3, the last draft before RFC 4287, still served by old blogs and archives
  /// (`<feed version="0.3" xmlns="http://purl.org/atom/ns#">`).
  case atom03
  /// Atom 1.0 (RFC 4287, `<feed xmlns="http://www.w3.org/2005/Atom">`), or a `<feed>` in no
  /// namespace, which is read as Atom 1.0.
  case atom10
  /// Microsoft's Channel Definition Format, the push-channel format of Internet Explorer 4
  /// (`<CHANNEL HREF="…">` with `ITEM` children).
  case cdf
  /// JSON Feed 1.0 (`"version": "https://jsonfeed.org/version/1"`).
  case json10
  /// JSON Feed 1.1 (`"version": "https://jsonfeed.org/version/1.1"`).
  case json11

  /// The name people know the format by, such as `RSS 2.0` or `Atom 1.0`.
  public var name: String {
    switch self {
    case .rss090: "RSS 0.90"
    case .rss091n: "RSS 0.91 (Netscape)"
    case .rss091u: "RSS 0.91 (UserLand)"
    case .rss092: "RSS 0.92"
    case .rss093: "RSS 0.93"
    case .rss094: "RSS 0.94"
    case .rss20: "RSS 2.0"
    case .rss10: "RSS 1.0"
    case .atom01: "Atom 0.1"
    case .atom02: "Atom 0.2"
    case .atom03: "Atom 0.3"
    case .atom10: "Atom 1.0"
    case .cdf: "CDF"
    case .json10: "JSON Feed 1.0"
    case .json11: "JSON Feed 1.1"
    }
  }

  /// Whether the format is one of the RSS family (RSS 0.90 to 2.0 and RSS 1.0).
  public var isRSS: Bool {
    switch self {
    case .rss090, .rss091n, .rss091u, .rss092, .rss093, .rss094, .rss20, .rss10: true
    case .atom01, .atom02, .atom03, .atom10, .cdf, .json10, .json11: false
    }
  }

  /// Whether the format is Atom, 1.0 or one of its drafts.
  public var isAtom: Bool {
    switch self {
    case .atom01, .atom02, .atom03, .atom10: true
    case .rss090, .rss091n, .rss091u, .rss092, .rss093, .rss094, .rss20, .rss10, .cdf, .json10, .json11: false
    }
  }

  /// Whether the format is JSON Feed (1.0 or 1.1), read from JSON rather than XML.
  public var isJSON: Bool {
    self == .json10 || self == .json11
  }
}
