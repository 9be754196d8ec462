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
public struct TTTableGrayTextItem: TTTableTextRowItem, Hashable {
  /// The grey text's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableTextContent>

  /// Wraps the grey text's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableTextContent>) {
    self._storage = _storage
  }

  /// `grayText`: identities made from the content start `grayText:`.
  public static let idPrefix = "grayText"
}
