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
public struct TTTableSubtitleItem: TTTableLinkedItem, Hashable {
  /// The title.
  public var text: String
  /// The subtitle; `nil` for none.
  public var subtitle: String?
  /// The URL of a picture for the row; not drawn in a terminal.
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

  /// The row's identity: the one given, else `subtitle:<text>|<subtitle>|<url>` made from the content.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("subtitle", text, subtitle, url) }
    set { customID = newValue }
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
    self.text = text
    self.subtitle = subtitle
    self.imageURL = imageURL
    self.url = url
    self.accessoryURL = accessoryURL
    self.customID = id
    self.userInfo = userInfo
    self.action = action
  }
}
