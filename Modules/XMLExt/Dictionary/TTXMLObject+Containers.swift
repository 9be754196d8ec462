extension TTXMLObject {
  /// The values of an ``TTXMLObject/array(_:)``: an immutable random-access collection that
  /// reads like `[TTXMLObject]`.
  ///
  /// ```swift
  /// let items: TTXMLObject.Items = [.string("gold"), .integer(2)]
  /// items.count      // 2
  /// items[1]         // .integer(2)
  /// items.array      // [.string("gold"), .integer(2)], a Swift array
  /// let object = TTXMLObject.array(TTXMLObject.Items(items.array + [.string("new")]))
  /// ```
  ///
  /// It differs from a Swift array in one way: freeing it never recurses. A dictionary view
  /// nested a million levels deep is released in a loop instead of a million stack frames.
  public struct Items: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// Shallow contents are held as they are; deep ones in a box that frees them in a loop
    /// (see ``TTXMLObjectTeardown``).
    enum Representation {
      case plain([TTXMLObject], height: UInt8)
      case boxed(TTXMLItemsStorage)
    }

    let representation: Representation

    /// Creates items from a Swift array.
    ///
    /// - Parameter items: The values, in order.
    public init(_ items: [TTXMLObject]) {
      let height = TTXMLObjectTeardown.height(of: items)
      representation =
        height > TTXMLObjectTeardown.recursionLimit
        ? .boxed(TTXMLItemsStorage(items, height: height)) : .plain(items, height: UInt8(height))
    }

    /// Creates items from any sequence of values.
    ///
    /// - Parameter items: The values, in order.
    public init(_ items: some Sequence<TTXMLObject>) {
      self.init(Array(items))
    }

    /// Creates items from an array literal.
    ///
    /// - Parameter elements: The values, in order.
    public init(arrayLiteral elements: TTXMLObject...) {
      self.init(elements)
    }

    /// The values as a Swift array (no copy is made until one of the two is changed).
    public var array: [TTXMLObject] {
      switch representation {
      case .plain(let items, _): return items
      case .boxed(let storage): return storage.items
      }
    }

    /// How many containers deep the values go: 1 when none is an array or dictionary.
    var height: Int {
      switch representation {
      case .plain(_, let height): return Int(height)
      case .boxed(let storage): return storage.height
      }
    }

    /// The box, for deep contents.
    var box: TTXMLItemsStorage? {
      if case .boxed(let storage) = representation { return storage }
      return nil
    }

    /// The position of the first value: 0.
    public var startIndex: Int { 0 }

    /// One past the position of the last value: the number of values.
    public var endIndex: Int { array.count }

    /// The value at `position`.
    ///
    /// - Parameter position: A valid index, `0..<count`.
    public subscript(position: Int) -> TTXMLObject { array[position] }

    /// Whether both hold equal values in the same order; compares without recursion.
    public static func == (lhs: Items, rhs: Items) -> Bool {
      TTXMLObject.array(lhs) == TTXMLObject.array(rhs)
    }

    /// Hashes the values without recursion.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(TTXMLObject.array(self))
    }
  }

  /// The keys and values of a ``TTXMLObject/dictionary(_:)``: an immutable collection that
  /// reads like `[String: TTXMLObject]`.
  ///
  /// ```swift
  /// let entries: TTXMLObject.Entries = ["id": .string("7"), "age": .integer(36)]
  /// entries["id"]         // .string("7")
  /// entries.count         // 2
  /// entries.dictionary    // the same as a Swift dictionary
  /// ```
  ///
  /// As with ``Items``, freeing it never recurses however deep the values nest.
  public struct Entries: Sendable, Hashable, Collection, ExpressibleByDictionaryLiteral {
    /// A position in the entries (a Swift dictionary's index).
    public typealias Index = [String: TTXMLObject].Index
    /// One entry.
    public typealias Element = (key: String, value: TTXMLObject)

    /// As in ``Items``.
    enum Representation {
      case plain([String: TTXMLObject], height: UInt8)
      case boxed(TTXMLEntriesStorage)
    }

    let representation: Representation

    /// Creates entries from a Swift dictionary.
    ///
    /// - Parameter dictionary: The keys and values.
    public init(_ dictionary: [String: TTXMLObject]) {
      let height = TTXMLObjectTeardown.height(of: dictionary.values)
      representation =
        height > TTXMLObjectTeardown.recursionLimit
        ? .boxed(TTXMLEntriesStorage(dictionary, height: height)) : .plain(dictionary, height: UInt8(height))
    }

    /// Creates entries from a dictionary literal; when a key repeats, the last value wins.
    ///
    /// - Parameter elements: The keys and values.
    public init(dictionaryLiteral elements: (String, TTXMLObject)...) {
      self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The entries as a Swift dictionary (no copy is made until one of the two is changed).
    public var dictionary: [String: TTXMLObject] {
      switch representation {
      case .plain(let entries, _): return entries
      case .boxed(let storage): return storage.entries
      }
    }

    /// How many containers deep the values go: 1 when none is an array or dictionary.
    var height: Int {
      switch representation {
      case .plain(_, let height): return Int(height)
      case .boxed(let storage): return storage.height
      }
    }

    /// The box, for deep contents.
    var box: TTXMLEntriesStorage? {
      if case .boxed(let storage) = representation { return storage }
      return nil
    }

    /// The value for `key`, or `nil`.
    ///
    /// - Parameter key: An attribute name, child element name or one of the `___…___` keys.
    public subscript(key: String) -> TTXMLObject? { dictionary[key] }

    /// The keys, in the dictionary's order.
    public var keys: [String: TTXMLObject].Keys { dictionary.keys }

    /// The values, in the dictionary's order.
    public var values: [String: TTXMLObject].Values { dictionary.values }

    /// The position of the first entry.
    public var startIndex: Index { dictionary.startIndex }

    /// One past the position of the last entry.
    public var endIndex: Index { dictionary.endIndex }

    /// The position after `index`.
    ///
    /// - Parameter index: A valid index other than ``endIndex``.
    public func index(after index: Index) -> Index { dictionary.index(after: index) }

    /// The entry at `position`.
    ///
    /// - Parameter position: A valid index other than ``endIndex``.
    public subscript(position: Index) -> Element { dictionary[position] }

    /// The number of entries.
    public var count: Int { dictionary.count }

    /// Whether both hold the same keys with equal values; compares without recursion.
    public static func == (lhs: Entries, rhs: Entries) -> Bool {
      TTXMLObject.dictionary(lhs) == TTXMLObject.dictionary(rhs)
    }

    /// Hashes the entries without recursion.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(TTXMLObject.dictionary(self))
    }
  }
}

/// The box behind ``TTXMLObject/Items`` (internal).
///
/// Only deep contents get one. Its purpose beyond holding the array is `deinit`: it takes the
/// contents apart in a loop (see ``TTXMLObjectTeardown``), so freeing a deep view costs no
/// stack. `items` is written in `init` and emptied only in `deinit`, when no other reference
/// exists: hence `@unchecked`.
final class TTXMLItemsStorage: @unchecked Sendable {
  var items: [TTXMLObject]
  /// How many containers deep the contents go (more than ``TTXMLObjectTeardown/recursionLimit``).
  let height: Int

  init(_ items: [TTXMLObject], height: Int) {
    self.items = items
    self.height = height
  }

  deinit {
    TTXMLObjectTeardown.release(&items)
  }
}

/// The box behind ``TTXMLObject/Entries`` (internal); see ``TTXMLItemsStorage``.
final class TTXMLEntriesStorage: @unchecked Sendable {
  var entries: [String: TTXMLObject]
  /// How many containers deep the contents go (more than ``TTXMLObjectTeardown/recursionLimit``).
  let height: Int

  init(_ entries: [String: TTXMLObject], height: Int) {
    self.entries = entries
    self.height = height
  }

  deinit {
    TTXMLObjectTeardown.release(&entries)
  }
}

/// Frees nested dictionary views without deep recursion (internal).
///
/// Left to itself, releasing the outermost array or dictionary releases its values, which
/// release theirs, and so on: one nest of calls per level, which overflows the stack long
/// before a million levels. So only contents up to ``recursionLimit`` levels deep are held
/// plainly and left to that (it is the fastest way, and the stack it takes is small); deeper
/// contents are held in a box. A box, when it goes, collects the boxes of its values, empties
/// itself, and then empties every collected box it holds the only reference to, collecting
/// theirs in turn. Boxes still referenced elsewhere (a value the caller kept) are left alone:
/// whoever drops them last starts the same loop. Plain contents never hold a box, since a
/// container is always deeper than what it holds.
enum TTXMLObjectTeardown {
  /// The deepest contents held plainly and freed by recursion: a few kilobytes of stack.
  static let recursionLimit = 64

  /// One more than the deepest container among `values`.
  static func height(of values: some Sequence<TTXMLObject>) -> Int {
    var deepest = 0
    for value in values {
      switch value {
      case .array(let items): deepest = max(deepest, items.height)
      case .dictionary(let entries): deepest = max(deepest, entries.height)
      case .string, .integer, .date: break
      }
    }
    return deepest + 1
  }

  private struct Pending {
    var items: [TTXMLItemsStorage] = []
    var entries: [TTXMLEntriesStorage] = []

    /// Keeps the box of `value`, if it has one. (Values without a box are shallow: they hold
    /// no box either, and are freed by plain recursion.)
    @inline(__always)
    mutating func collect(_ value: TTXMLObject) {
      switch value {
      case .array(let items): if let box = items.box { self.items.append(box) }
      case .dictionary(let entries): if let box = entries.box { self.entries.append(box) }
      case .string, .integer, .date: break
      }
    }
  }

  static func release(_ items: inout [TTXMLObject]) {
    var pending = Pending()
    for value in items { pending.collect(value) }
    items = []
    drain(&pending)
  }

  static func release(_ entries: inout [String: TTXMLObject]) {
    var pending = Pending()
    for value in entries.values { pending.collect(value) }
    entries = [:]
    drain(&pending)
  }

  private static func drain(_ pending: inout Pending) {
    while true {
      if var box = pending.items.popLast() {
        if isKnownUniquelyReferenced(&box) {
          for value in box.items { pending.collect(value) }
          box.items = []
        }
        // `box` is released here: emptied, or still owned elsewhere.
        continue
      }
      if var box = pending.entries.popLast() {
        if isKnownUniquelyReferenced(&box) {
          for value in box.entries.values { pending.collect(value) }
          box.entries = [:]
        }
        continue
      }
      return
    }
  }
}
