/// A row that acts as a button: Three20's `TTTableButton`.
///
/// Drawn by ``TTTableButtonCell`` as `[ Title ]`, centred, in `linkTextColor`, with no disclosure
/// mark. Give it a ``url`` or an ``action``.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableButton(text: "Sign Out") { session.signOut() }
/// ```
public struct TTTableButton: TTTableTextRowItem, Hashable {
  /// The button's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableTextContent>

  /// Wraps the button's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableTextContent>) {
    self._storage = _storage
  }

  /// `button`: identities made from the content start `button:`.
  public static let idPrefix = "button"
}
