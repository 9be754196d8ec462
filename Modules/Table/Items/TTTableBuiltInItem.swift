/// The built-in items whose rows may open a URL: what Three20's `TTTableTextItem` subclasses
/// shared.
///
/// ``TTTableTextItem``, ``TTTableLink``, ``TTTableCaptionItem``, ``TTTableImageItem``,
/// ``TTTableSubtitleItem``, ``TTTableMessageItem`` and their kin keep their fields in one shared
/// storage and take their URLs (``TTTableLinkedItem/url``, ``TTTableLinkedItem/accessoryURL``),
/// ``TTTableItem/userInfo`` and ``TTTableLinkedItem/action`` from this protocol;
/// ``TTTableTextRowItem``, ``TTTableCaptionRowItem`` and ``TTTableImageRowItem`` add the fields
/// and initialiser of each family. The types stay distinct, so each gets its own cell from a
/// ``TTTableCellRegistry`` and its own ``idPrefix``.
///
/// Your own items need none of this: conform to ``TTTableLinkedItem`` instead.
///
/// ```swift
/// TTTableLink.idPrefix                                     // "link"
/// TTTableLink(text: "Docs", url: "tt://docs").accessoryURL   // nil
/// ```
public protocol TTTableBuiltInItem: TTTableLinkedItem, Hashable {
  /// The fields the item shows; the storage is not part of the API.
  associatedtype _Content: Hashable & Sendable

  /// What an identity made from the content starts with, such as `text` or `link`: it tells
  /// apart items of different types that show the same content.
  static var idPrefix: String { get }

  /// The item's fields; not part of the API.
  var _storage: _TTTableItemStorage<_Content> { get set }

  /// Wraps the item's fields; not part of the API: use the type's other initialiser.
  ///
  /// - Parameter _storage: The fields.
  init(_storage: _TTTableItemStorage<_Content>)
}

extension TTTableBuiltInItem {
  /// The URL opened when the row is chosen, or `nil` for none.
  ///
  /// A row with a URL shows the disclosure mark `›`.
  public var url: String? {
    get { _storage.url }
    set { _storage.url = newValue }
  }

  /// The URL opened by the row's accessory, or `nil` for none.
  ///
  /// A row with one shows the detail mark `»`.
  public var accessoryURL: String? {
    get { _storage.accessoryURL }
    set { _storage.accessoryURL = newValue }
  }

  /// Anything the app keeps with the row; left out of comparisons.
  public var userInfo: (any Sendable)? {
    get { _storage.userInfo }
    set { _storage.userInfo = newValue }
  }

  /// What runs on the main actor when the row is chosen, after ``url`` is opened; left out
  /// of comparisons.
  public var action: (@MainActor @Sendable () -> Void)? {
    get { _storage.action }
    set { _storage.action = newValue }
  }

  /// The identity given to the item, else one made of ``idPrefix`` and `parts`.
  func identity(_ parts: String?...) -> String {
    _storage.customID ?? TTTableItemIdentity.make(Self.idPrefix, parts)
  }

  /// Makes the item from its content and the fields every built-in item has.
  init(
    content: _Content, url: String?, accessoryURL: String?, id: String?, userInfo: (any Sendable)?,
    action: (@MainActor @Sendable () -> Void)?
  ) {
    self.init(
      _storage: _TTTableItemStorage(
        content: content, url: url, accessoryURL: accessoryURL, customID: id, userInfo: userInfo,
        action: action))
  }
}

/// The fields of a built-in item: its content, URLs, identity, user info and action; not part
/// of the API.
///
/// Every ``TTTableBuiltInItem`` keeps one, so the fields and their comparison are written once.
/// Equality and hashing leave out the user info and action (see ``TTUncompared``).
public struct _TTTableItemStorage<Content: Hashable & Sendable>: Hashable, Sendable {
  var content: Content
  var url: String?
  var accessoryURL: String?
  var customID: String?
  @TTUncompared var userInfo: (any Sendable)?
  @TTUncompared var action: (@MainActor @Sendable () -> Void)?

  init(
    content: Content, url: String?, accessoryURL: String?, customID: String?, userInfo: (any Sendable)?,
    action: (@MainActor @Sendable () -> Void)?
  ) {
    self.content = content
    self.url = url
    self.accessoryURL = accessoryURL
    self.customID = customID
    self.userInfo = userInfo
    self.action = action
  }
}

/// Fields that a search looks into as if they were the item's own (see
/// ``TTTableSearch/searchableTexts(of:)``).
protocol TTTableItemFields {}

extension _TTTableItemStorage: TTTableItemFields {}
