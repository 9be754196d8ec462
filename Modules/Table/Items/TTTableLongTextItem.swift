/// Text that wraps over as many rows as it needs: Three20's `TTTableLongTextItem`.
///
/// Drawn by ``TTTableLongTextItemCell``: word-wrapped to the width, never truncated.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableLongTextItem(text: "Three20 was the library behind the Facebook iPhone app.")
/// ```
public struct TTTableLongTextItem: TTTableTextRowItem, Hashable {
  /// The long text's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableTextContent>

  /// Wraps the long text's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableTextContent>) {
    self._storage = _storage
  }

  /// `longText`: identities made from the content start `longText:`.
  public static let idPrefix = "longText"
}
