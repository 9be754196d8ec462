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
public struct TTTableMessageItem: TTTableLinkedItem, Hashable {
  /// The sender or title; `nil` for none.
  public var title: String?
  /// The subject; `nil` for none.
  public var caption: String?
  /// The message text; `nil` for none.
  public var text: String?
  /// When the message was sent; `nil` shows no time.
  public var timestamp: Date?
  /// The URL of the sender's picture; not drawn in a terminal.
  public var imageURL: String?
  /// The URL opened when the row is chosen, or `nil` for none.
  ///
  /// A row with a URL shows the disclosure mark `›`.
  public var url: String?
  /// The URL opened by the row's accessory, or `nil` for none.
  ///
  /// A row with one shows the detail mark `»`.
  public var accessoryURL: String?
  /// Anything the app keeps with the row; left out of comparisons.
  @TTUncompared public var userInfo: (any Sendable)?
  /// What runs on the main actor when the row is chosen, after ``url`` is opened; left out
  /// of comparisons.
  @TTUncompared public var action: (@MainActor @Sendable () -> Void)?
  private var customID: String?

  /// The row's identity: the one given, else `message:<title>|<caption>|<text>|<url>` made from the content.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("message", title, caption, text, url) }
    set { customID = newValue }
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
    self.title = title
    self.caption = caption
    self.text = text
    self.timestamp = timestamp
    self.imageURL = imageURL
    self.url = url
    self.accessoryURL = accessoryURL
    self.customID = id
    self.userInfo = userInfo
    self.action = action
  }
}
