/// A centred grey summary line, such as "42 messages": Three20's `TTTableSummaryItem`.
///
/// Drawn by ``TTTableSummaryItemCell``: one row, centred, in `tableSubTextColor`.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableSummaryItem(text: "42 messages")
/// ```
public struct TTTableSummaryItem: TTTableTextRowItem, Hashable {
  /// The summary's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableTextContent>

  /// Wraps the summary's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableTextContent>) {
    self._storage = _storage
  }

  /// `summary`: identities made from the content start `summary:`.
  public static let idPrefix = "summary"
}
