/// A row that reads as a link: Three20's `TTTableLink`.
///
/// Drawn by ``TTTableLinkCell``: one row, underlined, in the stylesheet's `linkTextColor`.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableLink(text: "three20.info", url: "https://three20.info")
/// ```
public struct TTTableLink: TTTableTextRowItem, Hashable {
  /// The link's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableTextContent>

  /// Wraps the link's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableTextContent>) {
    self._storage = _storage
  }

  /// `link`: identities made from the content start `link:`.
  public static let idPrefix = "link"
}
