/// A title with a subtitle under it: Three20's `TTTableSubtitleItem`.
///
/// Drawn by ``TTTableSubtitleItemCell`` on two rows (one without a subtitle): the text, then the subtitle in
/// `tableSubTextColor`. Terminals show no pictures, so ``imageURL`` is kept for other renderers and
/// not drawn.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableSubtitleItem(text: "Ada Lovelace", subtitle: "Analyst", url: "tt://people/ada")
/// ```
public struct TTTableSubtitleItem: TTTableBuiltInItem, Hashable {
  /// The content of a subtitle item; not part of the API.
  public struct _Content: Hashable, Sendable, TTTableItemFields {
    var text: String
    var subtitle: String?
    var imageURL: String?
  }

  /// The item's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_Content>

  /// `subtitle`: identities made from the content start `subtitle:`.
  public static let idPrefix = "subtitle"

  /// The title.
  public var text: String {
    get { _storage.content.text }
    set { _storage.content.text = newValue }
  }

  /// The subtitle; `nil` for none.
  public var subtitle: String? {
    get { _storage.content.subtitle }
    set { _storage.content.subtitle = newValue }
  }

  /// The URL of a picture for the row; not drawn in a terminal.
  public var imageURL: String? {
    get { _storage.content.imageURL }
    set { _storage.content.imageURL = newValue }
  }

  /// The row's identity: the one given, else `subtitle:<text>|<subtitle>|<url>` made from the content.
  public var id: String {
    get { identity(text, subtitle, url) }
    set { _storage.customID = newValue }
  }

  /// Wraps the item's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_Content>) {
    self._storage = _storage
  }

  /// Creates the item (Three20's `itemWithText:subtitle:imageURL:URL:`).
  ///
  /// - Parameters:
  ///   - text: The title.
  ///   - subtitle: The subtitle; `nil` for none. Defaults to `nil`.
  ///   - imageURL: The URL of a picture for the row; not drawn in a terminal. Defaults to `nil`.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: String, subtitle: String? = nil, imageURL: String? = nil, url: String? = nil,
    accessoryURL: String? = nil, id: String? = nil, userInfo: (any Sendable)? = nil,
    action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.init(
      content: _Content(text: text, subtitle: subtitle, imageURL: imageURL), url: url,
      accessoryURL: accessoryURL, id: id, userInfo: userInfo, action: action)
  }
}
