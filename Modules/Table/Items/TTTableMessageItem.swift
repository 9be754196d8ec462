public import Foundation

/// A message in a list of messages, as in a mail inbox: Three20's `TTTableMessageItem`.
///
/// Drawn by ``TTTableMessageItemCell``: the title with the timestamp at its right (as a short
/// relative time such as `5m`), the caption (the subject), then the text on up to two rows
/// (Three20's message text lines). Terminals show no pictures, so ``imageURL`` is not drawn.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableMessageItem(
///   title: "Ada", caption: "Notes on the engine", text: "The engine weaves algebraic patterns…",
///   timestamp: Date(timeIntervalSinceNow: -300), url: "tt://mail/17")
/// ```
public struct TTTableMessageItem: TTTableBuiltInItem, Hashable {
  /// The content of a message item; not part of the API.
  public struct _Content: Hashable, Sendable, TTTableItemFields {
    var title: String?
    var caption: String?
    var text: String?
    var timestamp: Date?
    var imageURL: String?
  }

  /// The message's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_Content>

  /// `message`: identities made from the content start `message:`.
  public static let idPrefix = "message"

  /// The sender or title; `nil` for none.
  public var title: String? {
    get { _storage.content.title }
    set { _storage.content.title = newValue }
  }

  /// The subject; `nil` for none.
  public var caption: String? {
    get { _storage.content.caption }
    set { _storage.content.caption = newValue }
  }

  /// The message text; `nil` for none.
  public var text: String? {
    get { _storage.content.text }
    set { _storage.content.text = newValue }
  }

  /// When the message was sent; `nil` shows no time.
  public var timestamp: Date? {
    get { _storage.content.timestamp }
    set { _storage.content.timestamp = newValue }
  }

  /// The URL of the sender's picture; not drawn in a terminal.
  public var imageURL: String? {
    get { _storage.content.imageURL }
    set { _storage.content.imageURL = newValue }
  }

  /// The row's identity: the one given, else `message:<title>|<caption>|<text>|<url>` made from the content.
  public var id: String {
    get { identity(title, caption, text, url) }
    set { _storage.customID = newValue }
  }

  /// Wraps the message's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_Content>) {
    self._storage = _storage
  }

  /// Creates the item (Three20's `itemWithTitle:caption:text:timestamp:imageURL:URL:`).
  ///
  /// - Parameters:
  ///   - title: The sender or title; `nil` for none. Defaults to `nil`.
  ///   - caption: The subject; `nil` for none. Defaults to `nil`.
  ///   - text: The message text; `nil` for none. Defaults to `nil`.
  ///   - timestamp: When the message was sent; `nil` shows no time. Defaults to `nil`.
  ///   - imageURL: The URL of the sender's picture; not drawn in a terminal. Defaults to `nil`.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    title: String? = nil, caption: String? = nil, text: String? = nil, timestamp: Date? = nil,
    imageURL: String? = nil, url: String? = nil, accessoryURL: String? = nil, id: String? = nil,
    userInfo: (any Sendable)? = nil, action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.init(
      content: _Content(
        title: title, caption: caption, text: text, timestamp: timestamp, imageURL: imageURL),
      url: url, accessoryURL: accessoryURL, id: id, userInfo: userInfo, action: action)
  }
}
