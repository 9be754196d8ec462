public import Three20Core

/// The last row of a paged list, which loads the next page: Three20's `TTTableMoreButton`.
///
/// Drawn by ``TTTableMoreButtonCell``: the text (`Load more…` by default) with the subtitle
/// under it when there is one, and a turning spinner before the text while ``isLoading``.
///
/// When the row is chosen, the table controller sets ``isLoading`` and asks ``model`` — or its
/// own model when this is `nil` — to load more (`load(.default, more: true)`), as Three20 did.
/// The model is held through a ``TTModelReference``: weakly, and read on the main actor, so
/// that the item stays a `Sendable` value.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo``; the model compares by identity.
///
/// ```swift
/// var more = TTTableMoreButton(subtitle: "Showing 20 of 112")
/// more.isLoading = true   // " ⠋ Load more…"
/// ```
public struct TTTableMoreButton: TTTableItem, Hashable {
  /// The button's text; `Load more…` by default.
  public var text: String
  /// A line under the text, such as "Showing 20 of 112"; `nil` for none.
  public var subtitle: String?
  /// Whether the next page is loading; the cell then shows a spinner.
  public var isLoading: Bool
  /// The model to load more of; `nil` means the table controller's model.
  public var modelReference: TTModelReference?
  /// Anything the app keeps with the row; left out of comparisons.
  @TTUncompared public var userInfo: (any Sendable)?
  private var customID: String?

  /// The row's identity: the one given, else `more:<text>` (the loading state and subtitle
  /// change, the row stays the same).
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("more", text) }
    set { customID = newValue }
  }

  /// The model to load more of, or `nil` for the table controller's (or when it is gone).
  @MainActor
  public var model: (any TTModel)? { modelReference?.model }

  /// Creates a more button (Three20's `itemWithText:subtitle:`).
  ///
  /// - Parameters:
  ///   - text: The text; `Load more…` by default.
  ///   - subtitle: A line under the text; `nil` by default.
  ///   - isLoading: Whether a page is loading; `false` by default.
  ///   - model: The model to load more of; `nil` (the controller's model) by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the text.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  public init(
    text: String = "Load more…", subtitle: String? = nil, isLoading: Bool = false,
    model: TTModelReference? = nil, id: String? = nil, userInfo: (any Sendable)? = nil
  ) {
    self.text = text
    self.subtitle = subtitle
    self.isLoading = isLoading
    self.modelReference = model
    self.customID = id
    self.userInfo = userInfo
  }
}
