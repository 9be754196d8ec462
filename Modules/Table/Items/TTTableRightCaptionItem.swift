/// Text with its caption at the right edge of the row: Three20's `TTTableRightCaptionItem`.
///
/// Drawn by ``TTTableRightCaptionItemCell``: the text on the left, the caption right-aligned in
/// `linkTextColor`.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableRightCaptionItem(text: "Storage", caption: "12 GB")
/// ```
public struct TTTableRightCaptionItem: TTTableCaptionRowItem, Hashable {
  /// The row and its right caption's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableCaptionContent>

  /// Wraps the row and its right caption's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableCaptionContent>) {
    self._storage = _storage
  }

  /// `rightCaption`: identities made from the content start `rightCaption:`.
  public static let idPrefix = "rightCaption"
}
