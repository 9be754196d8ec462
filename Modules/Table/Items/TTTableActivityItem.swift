/// A row with a spinner and a line of text, such as "Searching…": Three20's
/// `TTTableActivityItem`.
///
/// Drawn by ``TTTableActivityItemCell``: the spinner's current frame and the text, centred, in
/// the stylesheet's `tableActivityTextColor`.
///
/// ```swift
/// TTTableActivityItem(text: "Searching…")   // "⠋ Searching…", centred in the row
/// ```
public struct TTTableActivityItem: TTTableItem, Hashable {
  /// The text beside the spinner.
  public var text: String
  /// Anything the app keeps with the row; left out of comparisons.
  @TTUncompared public var userInfo: (any Sendable)?
  private var customID: String?

  /// The row's identity: the one given, else `activity:<text>`.
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("activity", text) }
    set { customID = newValue }
  }

  /// Creates an activity item (Three20's `itemWithText:`).
  ///
  /// - Parameters:
  ///   - text: The text beside the spinner.
  ///   - id: The row's identity; `nil` by default, which makes it from the text.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  public init(text: String, id: String? = nil, userInfo: (any Sendable)? = nil) {
    self.text = text
    self.customID = id
    self.userInfo = userInfo
  }
}
