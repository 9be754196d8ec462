/// The changes that turn one list of items into another, matched by identity: what was
/// deleted, inserted, moved, and changed in place.
///
/// Items are matched by ``TTTableItem/id``. A matched pair whose content differs is an
/// update; pairs whose relative order changed are moves (as few as possible: the longest run
/// of pairs that kept their order stays put). Identities that occur more than once never
/// crash the diff: their occurrences are matched in order (the first old "a" with the first
/// new "a", and so on), so duplicates fall back to their positions.
///
/// ```swift
/// let old = [Row(id: "a"), Row(id: "b"), Row(id: "c")]
/// let new = [Row(id: "c"), Row(id: "a"), Row(id: "d", text: "new")]
/// let diff = TTTableDiff(from: old, to: new)
/// diff.deletions    // [1]   ("b", by its old index)
/// diff.insertions   // [2]   ("d", by its new index)
/// diff.moves        // [Change(from: 2, to: 0)]   ("c")
/// ```
public struct TTTableDiff: Sendable, Hashable {
  /// A matched item: its index in the old list and in the new one.
  public struct Change: Sendable, Hashable, CustomStringConvertible {
    /// The index in the old list.
    public let from: Int
    /// The index in the new list.
    public let to: Int

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - from: The old index.
    ///   - to: The new index.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// `from→to`, for example `2→0`.
    public var description: String { "\(from)→\(to)" }
  }

  /// Old indexes of the items that are gone, ascending.
  public let deletions: [Int]
  /// New indexes of the items that are new, ascending.
  public let insertions: [Int]
  /// Matched items that changed places relative to the others, by old index.
  public let moves: [Change]
  /// Matched items whose content changed, by old index.
  public let updates: [Change]

  /// Whether the lists are the same: nothing deleted, inserted, moved or updated.
  public var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
  }

  /// Compares two lists of items.
  ///
  /// - Parameters:
  ///   - old: The items before.
  ///   - new: The items after.
  ///   - sameContent: Whether two items with the same identity look the same;
  ///     ``haveSameContent(_:_:)`` by default.
  public init(
    from old: [any TTTableItem], to new: [any TTTableItem],
    sameContent: (any TTTableItem, any TTTableItem) -> Bool = TTTableDiff.haveSameContent
  ) {
    // Where each (identity, occurrence) sits in the old list.
    var oldPlaces: [Key: Int] = [:]
    var seen: [String: Int] = [:]
    for (index, item) in old.enumerated() {
      let occurrence = seen[item.id, default: 0]
      seen[item.id] = occurrence + 1
      oldPlaces[Key(id: item.id, occurrence: occurrence)] = index
    }
    seen.removeAll(keepingCapacity: true)
    var matchedOld = [Bool](repeating: false, count: old.count)
    var pairs: [Change] = []
    var insertions: [Int] = []
    for (index, item) in new.enumerated() {
      let occurrence = seen[item.id, default: 0]
      seen[item.id] = occurrence + 1
      if let from = oldPlaces[Key(id: item.id, occurrence: occurrence)] {
        matchedOld[from] = true
        pairs.append(Change(from: from, to: index))
      } else {
        insertions.append(index)
      }
    }
    deletions = matchedOld.indices.filter { !matchedOld[$0] }
    self.insertions = insertions
    // Pairs in old order; those outside a longest increasing run of new indexes moved.
    pairs.sort { $0.from < $1.from }
    let staying = Self.longestIncreasingRun(pairs.map(\.to))
    moves = pairs.indices.filter { !staying.contains($0) }.map { pairs[$0] }
    updates = pairs.filter { !sameContent(old[$0.from], new[$0.to]) }
  }

  /// The default content test: items of the same type that are `Equatable` compare with
  /// `==`; other items of the same type compare by their `String(reflecting:)` texts; items of
  /// different types differ.
  ///
  /// - Parameters:
  ///   - lhs: An item.
  ///   - rhs: Another item.
  /// - Returns: Whether they look the same.
  public static func haveSameContent(_ lhs: any TTTableItem, _ rhs: any TTTableItem) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let equatable = lhs as? any Equatable {
      return isEqual(equatable, rhs)
    }
    return String(reflecting: lhs) == String(reflecting: rhs)
  }

  private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
    guard let other = other as? Value else { return false }
    return value == other
  }

  /// The positions (in `values`) of one longest strictly increasing subsequence.
  private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    // tails[k]: position of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      run.insert(position)
      position = previous[position]
    }
    return run
  }

  private struct Key: Hashable {
    let id: String
    let occurrence: Int
  }
}
