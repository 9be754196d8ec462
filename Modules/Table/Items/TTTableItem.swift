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
}

/// An item whose row opens a URL when chosen: Three20's `TTTableLinkedItem`.
///
/// The table controller hands ``url`` to its opener (`TTURLOpening`), which in an app is the
/// navigator. ``accessoryURL`` is opened by the row's accessory (the detail key).
public protocol TTTableLinkedItem: TTTableItem {
  /// The URL opened when the row is chosen; `nil` for none.
  var url: String? { get }
  /// The URL opened by the row's accessory; `nil` for none.
  var accessoryURL: String? { get }
}

extension TTTableLinkedItem {
  /// No accessory URL.
  public var accessoryURL: String? { nil }
}
