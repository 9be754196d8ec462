public import Foundation

/// The picture of a feed: RSS's `image` (also RSS 1.0's `image`, a sibling of the channel),
/// Atom's `logo`, or, when neither is given, `itunes:image` or a channel-level
/// `media:thumbnail`.
///
/// ```swift
/// let image = TTFeedImage(url: URL(string: "https://example.com/logo.png")!, width: 88)
/// image.height   // nil
/// ```
public struct TTFeedImage: Sendable, Hashable, Codable {
  /// The address of the picture.
  public var url: URL
  /// The picture's text, used as its alternative text (RSS only), if given.
  public var title: String?
  /// The page the picture links to (RSS only), if given.
  public var link: URL?
  /// The width in pixels, if given.
  public var width: Int?
  /// The height in pixels, if given.
  public var height: Int?

  /// Creates a feed picture.
  ///
  /// - Parameters:
  ///   - url: The address of the picture.
  ///   - title: The text. Defaults to `nil`.
  ///   - link: The page it links to. Defaults to `nil`.
  ///   - width: The width in pixels. Defaults to `nil`.
  ///   - height: The height in pixels. Defaults to `nil`.
  public init(url: URL, title: String? = nil, link: URL? = nil, width: Int? = nil, height: Int? = nil) {
    self.url = url
    self.title = title
    self.link = link
    self.width = width
    self.height = height
  }
}
