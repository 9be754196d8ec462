/// A stored property left out of `==` and `hashValue`: for an item's action closure and user
/// info, which cannot be compared.
///
/// Built-in items are `Hashable` so that a table can tell whether a row's content changed and
/// needs redrawing. Closures and `any Sendable` values have no equality, so items keep them
/// in this wrapper: every two wrapped values compare equal and hash alike, and the item's
/// synthesised `Hashable` conformance compares everything else.
///
/// ```swift
/// struct VoteItem: TTTableItem, Hashable {
///   var id: String
///   @TTUncompared var onVote: (@MainActor @Sendable () -> Void)? = nil
/// }
/// VoteItem(id: "1", onVote: {}) == VoteItem(id: "1")   // true
/// ```
@propertyWrapper
public struct TTUncompared<Value: Sendable>: Sendable, Hashable {
  /// The stored value.
  public var wrappedValue: Value

  /// Wraps a value.
  ///
  /// - Parameter wrappedValue: The value.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Always `true`: the wrapped values take no part in comparisons.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Adds nothing to the hash.
  public func hash(into hasher: inout Hasher) {}
}
