public import Foundation

/// A picture of an item from Media RSS: `media:thumbnail`, or a `media:content` that is an
/// image (`medium="image"` or an `image/…` type), also inside `media:group`.
///
/// ```swift
/// let thumbnail = TTFeedThumbnail(url: URL(string: "https://example.com/t.jpg")!, width: 150)
/// thumbnail.width   // 150
/// ```
public struct TTFeedThumbnail: Sendable, Hashable, Codable {
  /// The address of the picture.
  public var url: URL
  /// The width in pixels, if given.
  public var width: Int?
  /// The height in pixels, if given.
  public var height: Int?

  /// Creates a thumbnail.
  ///
  /// - Parameters:
  ///   - url: The address of the picture.
  ///   - width: The width in pixels. Defaults to `nil`.
  ///   - height: The height in pixels. Defaults to `nil`.
  public init(url: URL, width: Int? = nil, height: Int? = nil) {
    self.url = url
    self.width = width
    self.height = height
  }
}
