import Three20Core

/// The data of one table row: Three20's `TTTableItem`.
///
/// An item says *what* a row shows; a ``TTTableCell`` says *how*. Items are values: make your
/// own by declaring a struct that conforms, and register a cell for it in a
/// ``TTTableCellRegistry``.
///
/// ```swift
/// struct FriendItem: TTTableLinkedItem {
///   var id: String
///   var name: String
///   var url: String? { "tt://friend/\(id)" }
/// }
/// ```
public protocol TTTableItem: Sendable {
  /// What identifies the row across updates, so that a changed row is redrawn rather than
  /// replaced, and a moved row keeps its place under the cursor.
  ///
  /// Two different rows of one table should have different identities; when they do not, the
  /// table still works (duplicates are told apart by position), it only loses track of them
  /// across updates. Built-in items default to their content.
  var id: String { get }

  /// Anything the app wants to keep with the row (Three20's `userInfo`); `nil` by default.
  var userInfo: (any Sendable)? { get }
}

extension TTTableItem {
  /// No user info.
  public var userInfo: (any Sendable)? { nil }

  /// Whether another item shows the same content, so that its row need not be redrawn.
  ///
  /// Items of the same type that are `Hashable` compare with `==` (the built-in items are
  /// `Hashable`, leaving out their action and user info); any other pair counts as different,
  /// so rows of items that cannot be compared are always redrawn.
  ///
  /// ```swift
  /// TTTableTextItem(text: "Inbox").hasSameContent(as: TTTableTextItem(text: "Inbox"))   // true
  /// TTTableTextItem(text: "Inbox").hasSameContent(as: TTTableLink(text: "Inbox"))       // false
  /// ```
  ///
  /// - Parameter other: The other item.
  /// - Returns: `true` when both are the same type, `Hashable` and equal.
  public func hasSameContent(as other: any TTTableItem) -> Bool {
    guard let mine = self as? any Hashable, let theirs = other as? any Hashable else { return false }
    return AnyHashable(mine) == AnyHashable(theirs)
  }
}

/// An item whose row opens a URL when chosen: Three20's `TTTableLinkedItem`.
///
/// The table controller hands ``url`` to its opener (`TTURLOpening`), which in an app is the
/// navigator. ``accessoryURL`` is opened by the row's accessory (the detail key). ``action``
/// replaces Three20's `delegate` and `selector`: when the row is chosen the controller opens
/// ``url`` (if any), then runs ``action`` (if any), as Three20's table delegate did.
///
/// Cells show a disclosure mark `›` at the right edge of rows with a ``url`` and a detail
/// mark `»` for rows with an ``accessoryURL``.
public protocol TTTableLinkedItem: TTTableItem {
  /// The URL opened when the row is chosen; `nil` for none.
  var url: String? { get }
  /// The URL opened by the row's accessory; `nil` for none.
  var accessoryURL: String? { get }
  /// What runs on the main actor when the row is chosen, after ``url`` is opened; `nil` for
  /// nothing (Three20's `delegate` and `selector`).
  var action: (@MainActor @Sendable () -> Void)? { get }
}

extension TTTableLinkedItem {
  /// No accessory URL.
  public var accessoryURL: String? { nil }

  /// No action.
  public var action: (@MainActor @Sendable () -> Void)? { nil }
}
