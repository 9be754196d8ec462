public import Three20Style

/// Rich text — bold, italic, links — laid out to the row's width: Three20's
/// `TTTableStyledTextItem`.
///
/// Drawn by ``TTStyledTextTableItemCell``: the text laid out to the width inside the row's
/// margins and ``padding``, as many rows high as it needs.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): the text by its
/// markup (`TTStyledText.outerHTML`), and every other property but ``userInfo`` and
/// ``action``.
///
/// ```swift
/// let text = try TTStyledText(xhtml: "<b>Three20</b> for the terminal. https://three20.info")
/// TTTableStyledTextItem(text: text)
/// ```
public struct TTTableStyledTextItem: TTTableLinkedItem, Hashable {
  /// The text.
  public var text: TTStyledText
  /// Space inside the row around the text, in cells, besides the row's own margins.
  public var padding: TTEdgeInsets
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

  /// The row's identity: the one given, else `styled:<plain text>|<url>`.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("styled", text.plainText, url) }
    set { customID = newValue }
  }

  /// Creates a styled text item (Three20's `itemWithText:URL:accessoryURL:`).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - padding: Space around the text inside the row; none by default.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: TTStyledText, padding: TTEdgeInsets = .zero, url: String? = nil, accessoryURL: String? = nil,
    id: String? = nil, userInfo: (any Sendable)? = nil, action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.text = text
    self.padding = padding
    self.url = url
    self.accessoryURL = accessoryURL
    self.customID = id
    self.userInfo = userInfo
    self.action = action
  }

  /// Whether both show the same markup with the same padding, URLs and identity.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.text.outerHTML == rhs.text.outerHTML && lhs.padding == rhs.padding && lhs.url == rhs.url
      && lhs.accessoryURL == rhs.accessoryURL && lhs.customID == rhs.customID
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text.outerHTML)
    hasher.combine(padding)
    hasher.combine(url)
    hasher.combine(accessoryURL)
    hasher.combine(customID)
  }
}
