public import Foundation

/// A media file attached to an item: RSS's `enclosure`, or an Atom link with
/// `rel="enclosure"`.
///
/// ```swift
/// let episode = TTFeedEnclosure(
///   url: URL(string: "https://example.com/ep1.mp3")!, type: "audio/mpeg", length: 24_986_239)
/// episode.type   // "audio/mpeg"
/// ```
public struct TTFeedEnclosure: Sendable, Hashable, Codable {
  /// The address of the file.
  public var url: URL
  /// The media type, such as `audio/mpeg`, if given.
  public var type: String?
  /// The length in bytes, if given and a non-negative number.
  public var length: Int?
  /// The title of the file (JSON Feed's attachment `title`), if given.
  public var title: String?
  /// How long the file plays, in seconds (JSON Feed's `duration_in_seconds`), if given.
  public var duration: TimeInterval?

  /// Creates an enclosure.
  ///
  /// - Parameters:
  ///   - url: The address of the file.
  ///   - type: The media type. Defaults to `nil`.
  ///   - length: The length in bytes. Defaults to `nil`.
  ///   - title: The title. Defaults to `nil`.
  ///   - duration: How long it plays, in seconds. Defaults to `nil`.
  public init(
    url: URL, type: String? = nil, length: Int? = nil, title: String? = nil, duration: TimeInterval? = nil
  ) {
    self.url = url
    self.type = type
    self.length = length
    self.title = title
    self.duration = duration
  }
}
