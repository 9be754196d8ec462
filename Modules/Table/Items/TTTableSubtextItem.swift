/// Text with a grey caption under it: Three20's `TTTableSubtextItem`.
///
/// Drawn by ``TTTableSubtextItemCell``: the text on the first row, the caption below in
/// `tableSubTextColor`, word-wrapped.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableSubtextItem(text: "Video", caption: "Shoot, edit and share video on your phone.")
/// ```
public struct TTTableSubtextItem: TTTableCaptionRowItem, Hashable {
  /// The text and its subtext's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableCaptionContent>

  /// Wraps the text and its subtext's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableCaptionContent>) {
    self._storage = _storage
  }

  /// `subtext`: identities made from the content start `subtext:`.
  public static let idPrefix = "subtext"
}
