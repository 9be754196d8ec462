public import Foundation

/// One media object of an item from Media RSS: a `media:content` with everything its
/// `media:group` and its item say about it.
///
/// Media RSS describes a file with attributes of `media:content` and with elements beside it:
/// `media:title`, `media:description`, `media:keywords`, `media:category`, `media:credit`,
/// `media:player` and `media:thumbnail`. Such an element inside the `media:content` describes
/// that file; inside a `media:group`, every file of the group; directly in the item, every file
/// of the item. Each ``TTFeedMedia`` has them already applied, the nearest first. A group or an
/// item that describes media without any `media:content` (a video known only by its player
/// page) gives one object whose ``url`` is `nil`.
///
/// ```swift
/// var video = TTFeedMedia(url: URL(string: "https://example.com/v.mp4"), type: "video/mp4")
/// video.duration = 95
/// video.credits = [TTFeedMedia.Credit(name: "Mara Quill", role: "producer")]
/// video.medium ?? "unknown"   // "unknown": the feed did not say
/// ```
public struct TTFeedMedia: Sendable, Hashable, Codable {
  /// Someone who made the media (`media:credit`).
  public struct Credit: Sendable, Hashable, Codable {
    /// Their name.
    public var name: String
    /// What they did, such as `producer` or `author`, if given (lower-cased).
    public var role: String?
    /// The vocabulary the role is from, if given (`urn:ebu` by default in Media RSS).
    public var scheme: String?

    /// Creates a credit.
    ///
    /// - Parameters:
    ///   - name: Their name.
    ///   - role: What they did. Defaults to `nil`.
    ///   - scheme: The vocabulary of the role. Defaults to `nil`.
    public init(name: String, role: String? = nil, scheme: String? = nil) {
      self.name = name
      self.role = role
      self.scheme = scheme
    }
  }

  /// A web page that plays the media (`media:player`).
  public struct Player: Sendable, Hashable, Codable {
    /// The page's address.
    public var url: URL
    /// The player's width in pixels, if given.
    public var width: Int?
    /// The player's height in pixels, if given.
    public var height: Int?

    /// Creates a player.
    ///
    /// - Parameters:
    ///   - url: The page's address.
    ///   - width: The width in pixels. Defaults to `nil`.
    ///   - height: The height in pixels. Defaults to `nil`.
    public init(url: URL, width: Int? = nil, height: Int? = nil) {
      self.url = url
      self.width = width
      self.height = height
    }
  }

  /// The file's address (`url`), or `nil` for media known only by its player or description.
  public var url: URL?
  /// The file's media type (`type`), such as `video/mp4`, if given.
  public var type: String?
  /// What kind of media it is (`medium`: `image`, `audio`, `video`, `document` or
  /// `executable`), if given (lower-cased).
  public var medium: String?
  /// The file's size in bytes (`fileSize`), if given.
  public var fileSize: Int?
  /// Its length in seconds (`duration`), if given.
  public var duration: TimeInterval?
  /// Its width in pixels (`width`), if given.
  public var width: Int?
  /// Its height in pixels (`height`), if given.
  public var height: Int?
  /// Its bit rate in kilobits per second (`bitrate`), if given.
  public var bitrate: Double?
  /// Its language (`lang`), such as `en`, if given.
  public var language: String?
  /// Whether it is the one to use among its group's (`isDefault="true"`).
  public var isDefault: Bool
  /// `full`, `sample` or `nonstop` (`expression`), if given (lower-cased).
  public var expression: String?
  /// Which `media:group` of the item it belongs to (0 for the first), or `nil` for none.
  public var group: Int?
  /// Its title (`media:title`), if given.
  public var title: String?
  /// Its description (`media:description`), as written (its `type` attribute says `plain` or
  /// `html`), if given.
  public var description: String?
  /// Its search words (`media:keywords`, split at commas).
  public var keywords: [String]
  /// Its categories (`media:category`, with its `scheme` and `label`).
  public var categories: [TTFeedCategory]
  /// Who made it (`media:credit`).
  public var credits: [Credit]
  /// A page that plays it (`media:player`), if given.
  public var player: Player?
  /// Its pictures (`media:thumbnail`).
  public var thumbnails: [TTFeedThumbnail]

  /// Creates a media object.
  ///
  /// - Parameters:
  ///   - url: The file's address. Defaults to `nil`.
  ///   - type: The media type. Defaults to `nil`.
  ///   - medium: The kind of media. Defaults to `nil`.
  public init(url: URL? = nil, type: String? = nil, medium: String? = nil) {
    self.url = url
    self.type = type
    self.medium = medium
    isDefault = false
    keywords = []
    categories = []
    credits = []
    thumbnails = []
  }
}
