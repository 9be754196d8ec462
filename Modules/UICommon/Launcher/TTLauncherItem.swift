/// One icon of a ``TTLauncherView``: a title, a picture, the URL it opens and a badge —
/// Three20's `TTLauncherItem`.
///
/// An item is a value. Its ``id`` names it in a saved order (``TTLauncherPersistence``), so
/// keep ids stable across launches; by default the id is the URL.
///
/// ```swift
/// var mail = TTLauncherItem(title: "Mail", url: "tt://mail", imageURL: "bundle://mail.png")
/// mail.badgeNumber = 3
/// mail.badgeText     // "3"
/// mail.badgeNumber = 150
/// mail.badgeText     // "99+"
/// mail.id            // "tt://mail"
/// ```
public struct TTLauncherItem: Sendable, Hashable, Codable, Identifiable {
  /// What names the item in a saved order; the URL unless given.
  public var id: String
  /// The text under the icon.
  public var title: String
  /// The URL of the icon's picture, if it has one; without a picture (or while it loads) the
  /// icon shows the first letters of the title.
  public var imageURL: String?
  /// The URL the item opens, such as `tt://mail`.
  public var url: String
  /// The number shown on the icon's badge; 0 (or less) shows no badge.
  public var badgeNumber: Int
  /// Whether the user may remove the item while the launcher is being edited.
  ///
  /// Defaults to `true`.
  public var canDelete: Bool

  /// The largest number a badge shows as it is; above it the badge reads `99+`.
  public static let maximumBadgeNumber = 99

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - title: The text under the icon.
  ///   - url: The URL the item opens.
  ///   - imageURL: The URL of its picture; none by default.
  ///   - badgeNumber: The number on its badge; 0 (no badge) by default.
  ///   - canDelete: Whether it may be removed while editing; `true` by default.
  ///   - id: What names it in a saved order; `url` by default.
  public init(
    title: String, url: String, imageURL: String? = nil, badgeNumber: Int = 0, canDelete: Bool = true,
    id: String? = nil
  ) {
    self.title = title
    self.url = url
    self.imageURL = imageURL
    self.badgeNumber = badgeNumber
    self.canDelete = canDelete
    self.id = id ?? url
  }

  /// What the badge shows: the number, `99+` above 99, or `nil` when there is no badge
  /// (``badgeNumber`` is 0 or less).
  public var badgeText: String? {
    guard badgeNumber > 0 else { return nil }
    return badgeNumber > Self.maximumBadgeNumber ? "\(Self.maximumBadgeNumber)+" : String(badgeNumber)
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, imageURL, url, badgeNumber, canDelete
  }

  /// Decodes an item; `id`, `imageURL`, `badgeNumber` and `canDelete` may be left out and take
  /// the same defaults as ``init(title:url:imageURL:badgeNumber:canDelete:id:)``.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `title` or `url` is missing or a field has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let url = try container.decode(String.self, forKey: .url)
    self.init(
      title: try container.decode(String.self, forKey: .title), url: url,
      imageURL: try container.decodeIfPresent(String.self, forKey: .imageURL),
      badgeNumber: try container.decodeIfPresent(Int.self, forKey: .badgeNumber) ?? 0,
      canDelete: try container.decodeIfPresent(Bool.self, forKey: .canDelete) ?? true,
      id: try container.decodeIfPresent(String.self, forKey: .id))
  }

  /// Encodes every field.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(imageURL, forKey: .imageURL)
    try container.encode(url, forKey: .url)
    try container.encode(badgeNumber, forKey: .badgeNumber)
    try container.encode(canDelete, forKey: .canDelete)
  }
}
