/// The namespace URIs that RSS and Atom feeds use, as ``TTFeedBuilder`` matches them.
///
/// ```swift
/// TTFeedNamespace.atom   // "http://www.w3.org/2005/Atom"
/// ```
public enum TTFeedNamespace {
  /// Atom 1.0, also used inside RSS 2.0 for `atom:link rel="self"`.
  public static let atom = "http://www.w3.org/2005/Atom"
  /// RSS 1.0's own elements.
  public static let rss10 = "http://purl.org/rss/1.0/"
  /// RSS 0.90's own elements.
  public static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
  /// RDF, the root of RSS 0.90 and 1.0 and the `rdf:about` and `rdf:resource` attributes.
  public static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
  /// The content module: `content:encoded`.
  public static let content = "http://purl.org/rss/1.0/modules/content/"
  /// Dublin Core elements: `dc:creator`, `dc:date`, `dc:subject`, `dc:rights`, `dc:language`.
  public static let dublinCore = "http://purl.org/dc/elements/1.1/"
  /// Dublin Core terms: `dcterms:modified`, `dcterms:issued`, `dcterms:created`.
  public static let dublinCoreTerms = "http://purl.org/dc/terms/"
  /// Media RSS: `media:thumbnail`, `media:content`, `media:group`.
  public static let media = "http://search.yahoo.com/mrss/"
  /// Apple's podcast elements: `itunes:image`, `itunes:author`.
  public static let iTunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
  /// Podcasting 2.0 (Podcast Index): `podcast:guid`, `podcast:transcript`, `podcast:chapters`.
  public static let podcast = "https://podcastindex.org/namespace/1.0"
  /// XHTML, the namespace of Atom's `type="xhtml"` content.
  public static let xhtml = "http://www.w3.org/1999/xhtml"
  /// The `xml:` prefix: `xml:base` and `xml:lang`.
  public static let xml = "http://www.w3.org/XML/1998/namespace"
  /// W3C's Basic Geo vocabulary: `geo:lat`, `geo:long`, `geo:Point`.
  public static let geo = "http://www.w3.org/2003/01/geo/wgs84_pos#"
  /// GeoRSS: `georss:point`, `georss:line`, `georss:polygon`, `georss:box`, `georss:where`.
  public static let geoRSS = "http://www.georss.org/georss"
  /// GML, inside `georss:where`: `gml:Point`, `gml:pos`, `gml:LineString`, `gml:posList`.
  public static let gml = "http://www.opengis.net/gml"
  /// The Well-Formed Web's Comment API: `wfw:comment`, `wfw:commentRss`.
  public static let wellFormedWeb = "http://wellformedweb.org/CommentAPI/"
  /// Slash: `slash:comments`, the number of comments.
  public static let slash = "http://purl.org/rss/1.0/modules/slash/"
  /// Atom 0.3 and the drafts before it (`<feed version="0.3" xmlns="http://purl.org/atom/ns#">`).
  public static let atom03 = "http://purl.org/atom/ns#"

  /// Namespaces that stand for another one, and the one they stand for.
  ///
  /// - Atom's drafts: their elements are read as Atom 1.0's (the few renamed ones, such as
  ///   `issued` and `modified`, are read too).
  /// - RSS 2.0 with its root in a namespace, as UserLand and Harvard once published it: read
  ///   as RSS in no namespace.
  /// - The iTunes namespace as most podcasts write it, with capitals
  ///   (`http://www.itunes.com/DTDs/Podcast-1.0.dtd`).
  static let aliases: [String: String] = [
    atom03: atom,
    "http://example.com/newformat#": atom,
    "http://necronomicorp.com/ns/atom#": atom,
    "http://backend.userland.com/rss2": "",
    "http://backend.userland.com/rss": "",
    "http://blogs.law.harvard.edu/tech/rss": "",
    "http://www.itunes.com/DTDs/Podcast-1.0.dtd": iTunes,
    "http://www.itunes.com/DTDs/podcast-1.0.dtd": iTunes,
  ]

  /// The namespace the builder reads an element's as: an alias's (see ``aliases``) or the
  /// namespace itself; `""` for none.
  static func canonical(_ namespace: String?) -> String {
    guard let namespace, !namespace.isEmpty else { return "" }
    if namespace == atom { return atom }
    return aliases[namespace] ?? namespace
  }

  /// Whether a namespace is one of Atom's drafts (not 1.0's).
  static func isAtomDraft(_ namespace: String?) -> Bool {
    guard let namespace, namespace != atom else { return false }
    return aliases[namespace] == atom
  }
}
