/// A row of text that may open a URL: Three20's `TTTableTextItem`.
///
/// One row, its text truncated with `…` to the width. Drawn by ``TTTableTextItemCell``.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// let inbox = TTTableTextItem(text: "Inbox", url: "tt://inbox")
/// inbox.id   // "text:Inbox|tt://inbox"
/// let refresh = TTTableTextItem(text: "Refresh") { print("refreshing") }
/// ```
public struct TTTableTextItem: TTTableTextRowItem, Hashable {
  /// The row's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableTextContent>

  /// Wraps the row's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableTextContent>) {
    self._storage = _storage
  }

  /// `text`: identities made from the content start `text:`.
  public static let idPrefix = "text"
}
