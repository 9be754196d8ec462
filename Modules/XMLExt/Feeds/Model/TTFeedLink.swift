public import Foundation

/// A link of a feed or an item: RSS's `link`, `enclosure` and `atom:link`, Atom's `link`.
///
/// ```swift
/// let link = TTFeedLink(url: URL(string: "https://example.com/post/1")!)
/// link.relation   // "alternate"
/// ```
public struct TTFeedLink: Sendable, Hashable, Codable {
  /// The relation of an ordinary link to a web page; the default.
  public static let alternate = "alternate"
  /// The relation of a link to the feed itself (`atom:link rel="self"`).
  public static let selfRelation = "self"
  /// The relation of a media file attached to an item.
  public static let enclosure = "enclosure"
  /// The relation of a related page.
  public static let related = "related"
  /// The relation of a page of comments (Atom threading, RFC 4685).
  public static let replies = "replies"

  /// The address, resolved against the feed's base address where it was relative.
  public var url: URL
  /// The relation, such as `alternate`, `self`, `enclosure`, `related` or `replies`.
  ///
  /// A full IRI for extension relations. Defaults to `alternate`.
  public var relation: String
  /// The media type of the resource, such as `text/html` or `audio/mpeg`, if given.
  public var type: String?
  /// A human-readable title of the link, if given.
  public var title: String?
  /// The length of the resource in bytes, if given.
  public var length: Int?
  /// The language of the resource (Atom's `hreflang`), if given.
  public var language: String?

  /// Creates a link.
  ///
  /// - Parameters:
  ///   - url: The address.
  ///   - relation: The relation. Defaults to `alternate`.
  ///   - type: The media type. Defaults to `nil`.
  ///   - title: The title. Defaults to `nil`.
  ///   - length: The length in bytes. Defaults to `nil`.
  ///   - language: The language. Defaults to `nil`.
  public init(
    url: URL, relation: String = TTFeedLink.alternate, type: String? = nil, title: String? = nil,
    length: Int? = nil, language: String? = nil
  ) {
    self.url = url
    self.relation = relation
    self.type = type
    self.title = title
    self.length = length
    self.language = language
  }
}

extension [TTFeedLink] {
  /// The link to show for a feed or item: the first `alternate` link of type HTML or XHTML,
  /// else the first `alternate` link.
  var bestAlternate: TTFeedLink? {
    // One pass, no copy: this runs for every item of a feed.
    var first: TTFeedLink?
    for link in self where link.relation == TTFeedLink.alternate {
      if let type = link.type?.lowercased(), type == "text/html" || type == "application/xhtml+xml" {
        return link
      }
      if first == nil { first = link }
    }
    return first
  }
}
