/// Text with a caption in a column on its left, as in a contact card: Three20's `TTTableCaptionItem`.
///
/// Drawn by ``TTTableCaptionItemCell``: the caption right-aligned in a 12-column column in
/// `linkTextColor`, the text beside it, word-wrapped.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableCaptionItem(text: "ada@example.com", caption: "email", url: "mailto:ada@example.com")
/// ```
public struct TTTableCaptionItem: TTTableCaptionRowItem, Hashable {
  /// The captioned row's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableCaptionContent>

  /// Wraps the captioned row's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableCaptionContent>) {
    self._storage = _storage
  }

  /// `caption`: identities made from the content start `caption:`.
  public static let idPrefix = "caption"
}
