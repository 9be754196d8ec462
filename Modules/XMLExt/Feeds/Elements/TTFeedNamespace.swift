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
  /// XHTML, the namespace of Atom's `type="xhtml"` content.
  public static let xhtml = "http://www.w3.org/1999/xhtml"
  /// The `xml:` prefix: `xml:base` and `xml:lang`.
  public static let xml = "http://www.w3.org/XML/1998/namespace"
}
