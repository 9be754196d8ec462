/// Text beside an image: Three20's `TTTableImageItem`.
///
/// Drawn by ``TTTableImageItemCell``. Terminals show no pictures: the image is a placeholder
/// `[alt]` of its ``alternateText`` (or `[image]`), on the left of the text.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableImageItem(text: "Sunset", imageURL: "https://example.com/sunset.jpg", alternateText: "photo")
/// // " [photo] Sunset"   (30 columns)
/// ```
public struct TTTableImageItem: TTTableImageRowItem, Hashable {
  /// The image row's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableImageContent>

  /// Wraps the image row's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableImageContent>) {
    self._storage = _storage
  }

  /// `image`: identities made from the content start `image:`.
  public static let idPrefix = "image"
}
