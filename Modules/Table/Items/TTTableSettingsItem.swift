/// A setting: its name on the left and its value at the right edge, as in a settings screen: Three20's `TTTableSettingsItem`.
///
/// Drawn by ``TTTableSettingsItemCell``: the caption (the setting's name) on the left, the text
/// (its value) right-aligned in `tableSubTextColor`.
///
/// Items are compared by content (``TTTableItem/hasSameContent(as:)``): every property but
/// ``userInfo`` and ``action``.
///
/// ```swift
/// TTTableSettingsItem(text: "Home", caption: "Wi-Fi", url: "tt://settings/wifi")
/// ```
public struct TTTableSettingsItem: TTTableCaptionRowItem, Hashable {
  /// The setting's fields; not part of the API.
  public var _storage: _TTTableItemStorage<_TTTableCaptionContent>

  /// Wraps the setting's fields; not part of the API.
  ///
  /// - Parameter _storage: The fields.
  public init(_storage: _TTTableItemStorage<_TTTableCaptionContent>) {
    self._storage = _storage
  }

  /// `settings`: identities made from the content start `settings:`.
  public static let idPrefix = "settings"
}
