public import Foundation

/// The feed an item was copied from: RSS's `source` (`<source url="…">Title</source>`) or
/// Atom's `source` element.
///
/// ```swift
/// let source = TTFeedSource(title: "Example News", url: URL(string: "https://example.com/rss")!)
/// source.id   // nil
/// ```
public struct TTFeedSource: Sendable, Hashable, Codable {
  /// The title of the original feed, if given.
  public var title: String?
  /// The address of the original feed (RSS), or its best link (Atom: `alternate`, else `self`),
  /// if given.
  public var url: URL?
  /// The identifier of the original feed (Atom only), if given.
  public var id: String?
  /// Every link of the original feed (Atom only), in document order.
  public var links: [TTFeedLink]
  /// When the original feed last changed (Atom only), if given and readable.
  public var updated: Date?

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - title: The title. Defaults to `nil`.
  ///   - url: The address. Defaults to `nil`.
  ///   - id: The identifier. Defaults to `nil`.
  ///   - links: The links. Defaults to none.
  ///   - updated: When it last changed. Defaults to `nil`.
  public init(
    title: String? = nil, url: URL? = nil, id: String? = nil, links: [TTFeedLink] = [], updated: Date? = nil
  ) {
    self.title = title
    self.url = url
    self.id = id
    self.links = links
    self.updated = updated
  }
}
