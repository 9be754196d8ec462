/// Text with an image at the right edge of the row: Three20's `TTTableRightImageItem`.
///
/// Drawn by ``TTTableRightImageItemCell``: the text on the left, the image's placeholder `[alt]`
/// right-aligned.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableRightImageItem(text: "Profile", imageURL: "https://example.com/me.png", alternateText: "me")
/// // " Profile                 [me]"   (30 columns)
/// ```
public struct TTTableRightImageItem: TTTableLinkedItem, Hashable {
  /// The text beside the image.
  public var text: String
  /// The image's URL; `nil` for none.
  public var imageURL: String?
  /// What the image shows, drawn in its placeholder; `nil` shows `image`.
  public var alternateText: String?
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

  /// The row's identity: the one given, else `rightImage:<text>|<imageURL>|<url>` made from the content.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("rightImage", text, imageURL, url) }
    set { customID = newValue }
  }

  /// Creates the item (Three20's `itemWithText:imageURL:URL:`).
  ///
  /// - Parameters:
  ///   - text: The text beside the image.
  ///   - imageURL: The image's URL; `nil` for none. Defaults to `nil`.
  ///   - alternateText: What the image shows, drawn in its placeholder; `nil` shows `image`. Defaults to `nil`.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: String, imageURL: String? = nil, alternateText: String? = nil, url: String? = nil,
    accessoryURL: String? = nil, id: String? = nil, userInfo: (any Sendable)? = nil,
    action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.text = text
    self.imageURL = imageURL
    self.alternateText = alternateText
    self.url = url
    self.accessoryURL = accessoryURL
    self.customID = id
    self.userInfo = userInfo
    self.action = action
  }
}
