/// Something a ``TTMemoryLRU`` holds: a key and a size in whatever unit its limit counts
/// (bytes for the URL cache, pixels for the image cache).
package protocol TTMemoryLRUEntry {
  /// The key the entry is found by.
  var key: String { get }
  /// What the entry costs against the limit.
  var size: Int { get }
}

/// A memory cache level: entries by key, least recently used evicted first.
///
/// Shared by the URL cache (Network) and the image cache (Image) within this package.
///
/// A dictionary maps keys to slots of an array; the slots form a doubly linked list from the
/// most recently used (`head`) to the least (`tail`), linked by array index, so lookups,
/// insertions, promotions and evictions are all O(1). Freed slots are reused.
///
/// Two limits apply: total ``byteCount`` (the entries' sizes) and ``count``. An entry larger
/// than ``largestEntry`` is not kept at all (it would push out many small ones). Not
/// thread-safe: its owners keep it behind a mutex.
package struct TTMemoryLRU<Entry: TTMemoryLRUEntry> {
  private struct Slot {
    var entry: Entry?
    var previous: Int?
    var next: Int?
  }

  /// The byte limit; `0` keeps nothing.
  package var byteLimit: Int {
    didSet { trim() }
  }
  /// The entry limit; `0` keeps nothing.
  package var entryLimit: Int {
    didSet { trim() }
  }
  /// The largest entry kept: one eighth of ``byteLimit``.
  package var largestEntry: Int { byteLimit / 8 }

  private var slots: [Slot] = []
  private var free: [Int] = []
  private var index: [String: Int] = [:]
  private var head: Int?
  private var tail: Int?

  /// The total size of the entries held.
  package private(set) var byteCount = 0
  /// How many entries are held.
  package var count: Int { index.count }

  package init(byteLimit: Int, entryLimit: Int) {
    self.byteLimit = max(0, byteLimit)
    self.entryLimit = max(0, entryLimit)
  }

  /// The keys from most to least recently used.
  package var keysByRecency: [String] {
    var keys: [String] = []
    var cursor = head
    while let position = cursor {
      if let key = slots[position].entry?.key { keys.append(key) }
      cursor = slots[position].next
    }
    return keys
  }

  /// Whether an entry is held, without marking it used.
  package func contains(_ key: String) -> Bool {
    index[key] != nil
  }

  /// The entry for a key, marked as the most recently used.
  package mutating func get(_ key: String) -> Entry? {
    guard let position = index[key] else { return nil }
    moveToFront(position)
    return slots[position].entry
  }

  /// The entry for a key, without marking it used.
  package func peek(_ key: String) -> Entry? {
    index[key].flatMap { slots[$0].entry }
  }

  /// Stores an entry as the most recently used, evicting others as needed.
  ///
  /// - Returns: Whether it was kept; an entry over ``largestEntry`` is not (and any older
  ///   entry with its key is dropped, so the memory level never holds stale data).
  @discardableResult
  package mutating func put(_ entry: Entry) -> Bool {
    remove(entry.key)
    guard entry.size <= largestEntry, entryLimit > 0 else { return false }
    let slot = Slot(entry: entry, previous: nil, next: head)
    let position: Int
    if let reused = free.popLast() {
      slots[reused] = slot
      position = reused
    } else {
      slots.append(slot)
      position = slots.count - 1
    }
    if let oldHead = head { slots[oldHead].previous = position }
    head = position
    if tail == nil { tail = position }
    index[entry.key] = position
    byteCount += entry.size
    trim()
    return true
  }

  /// Replaces an entry in place, keeping its place in the order; does nothing if absent.
  package mutating func update(_ key: String, _ change: (inout Entry) -> Void) {
    guard let position = index[key], var entry = slots[position].entry else { return }
    let oldSize = entry.size
    change(&entry)
    slots[position].entry = entry
    byteCount += entry.size - oldSize
    trim()
  }

  /// Applies a change to every entry.
  package mutating func updateAll(_ change: (inout Entry) -> Void) {
    for key in index.keys {
      update(key, change)
    }
  }

  /// Removes an entry.
  ///
  /// - Returns: The entry removed, if there was one.
  @discardableResult
  package mutating func remove(_ key: String) -> Entry? {
    guard let position = index.removeValue(forKey: key) else { return nil }
    let entry = slots[position].entry
    unlink(position)
    slots[position] = Slot()
    free.append(position)
    byteCount -= entry?.size ?? 0
    return entry
  }

  /// Removes every entry.
  package mutating func removeAll() {
    slots.removeAll()
    free.removeAll()
    index.removeAll()
    head = nil
    tail = nil
    byteCount = 0
  }

  private mutating func trim() {
    while byteCount > byteLimit || index.count > entryLimit, let last = tail, let key = slots[last].entry?.key
    {
      remove(key)
    }
  }

  private mutating func moveToFront(_ position: Int) {
    guard head != position else { return }
    unlink(position)
    slots[position].next = head
    if let oldHead = head { slots[oldHead].previous = position }
    head = position
    if tail == nil { tail = position }
  }

  private mutating func unlink(_ position: Int) {
    let previous = slots[position].previous
    let next = slots[position].next
    if let previous { slots[previous].next = next } else if head == position { head = next }
    if let next { slots[next].previous = previous } else if tail == position { tail = previous }
    slots[position].previous = nil
    slots[position].next = nil
  }
}
