/// Explanatory text in grey: Three20's `TTTableGrayTextItem`.
///
/// Drawn by ``TTTableGrayTextItemCell`` in the stylesheet's `tableSubTextColor`, word-wrapped to
/// the width.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableGrayTextItem(text: "Changes apply after a restart.")
/// ```
public struct TTTableGrayTextItem: TTTableLinkedItem, Hashable {
  /// The text, wrapped to the row's width.
  public var text: String
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

  /// The row's identity: the one given, else `grayText:<text>|<url>` made from the content.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("grayText", text, url) }
    set { customID = newValue }
  }

  /// Creates the item (Three20's `itemWithText:URL:`).
  ///
  /// - Parameters:
  ///   - text: The text, wrapped to the row's width.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: String, url: String? = nil, accessoryURL: String? = nil, id: String? = nil,
    userInfo: (any Sendable)? = nil, action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.text = text
    self.url = url
    self.accessoryURL = accessoryURL
    self.customID = id
    self.userInfo = userInfo
    self.action = action
  }
}
