/// A row that acts as a button: Three20's `TTTableButton`.
///
/// Drawn by ``TTTableButtonCell`` as `[ Title ]`, centred, in `linkTextColor`, with no disclosure
/// mark. Give it a ``url`` or an ``action``.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableButton(text: "Sign Out") { session.signOut() }
/// ```
public struct TTTableButton: TTTableLinkedItem, Hashable {
  /// The button's title.
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

  /// The row's identity: the one given, else `button:<text>|<url>` made from the content.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("button", text, url) }
    set { customID = newValue }
  }

  /// Creates the item (Three20's `itemWithText:URL:` and `itemWithText:delegate:selector:`).
  ///
  /// - Parameters:
  ///   - text: The button's title.
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
