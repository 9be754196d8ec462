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
public struct TTTableRightImageItem: TTTableImageRowItem, Hashable {
  /// The row and its right image's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableImageContent>

  /// Wraps the row and its right image's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableImageContent>) {
    self._storage = _storage
  }

  /// `rightImage`: identities made from the content start `rightImage:`.
  public static let idPrefix = "rightImage"
}
