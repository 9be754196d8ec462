import Foundation

/// Removals and invalidations the cache file has not taken yet, because it could not be
/// written when they were asked for (a full disk, a read-only file).
///
/// Until the file takes them, they are applied to every entry read from it, so a removed entry
/// does not come back from disk and an invalidated one is not served as fresh; they are
/// written before the next write that succeeds.
///
/// Bounded: at most ``keyLimit`` keys are remembered. Past that, waiting invalidations become
/// one invalidation of every entry, and waiting removals one removal of every entry (a cache
/// may lose more than was asked, never serve what was removed).
struct TTCachePendingChanges: Sendable {
  /// A change the file did not take.
  enum Change: Sendable, Equatable {
    /// ``TTURLCache/remove(key:)``.
    case remove(key: String)
    /// ``TTURLCache/invalidate(key:)`` (a key) or ``TTURLCache/invalidateAll()`` (`nil`).
    case invalidate(key: String?, storedBefore: Date, expiresAt: Date)
    /// ``TTURLCache/removeAll()``.
    case removeAll
  }

  /// What waits for one key.
  private enum KeyChange: Sendable, Equatable {
    case removed
    case invalidated(storedBefore: Date, expiresAt: Date)
  }

  /// The most keys remembered.
  static let keyLimit = 10_000

  /// Whether every entry on disk counts as removed.
  private(set) var removesAll = false
  /// The invalidation of every entry, if one waits.
  private var invalidation: (storedBefore: Date, expiresAt: Date)?
  /// What waits for single keys.
  private var keys: [String: KeyChange] = [:]

  /// Whether nothing waits.
  var isEmpty: Bool { !removesAll && invalidation == nil && keys.isEmpty }

  /// How many changes wait, for logs: one for each key, one for all.
  var count: Int { keys.count + (removesAll ? 1 : 0) + (invalidation == nil ? 0 : 1) }

  /// Adds a change.
  mutating func record(_ change: Change) {
    switch change {
    case .removeAll:
      removesAll = true
      invalidation = nil
      keys = [:]
    case .remove(let key):
      guard !removesAll else { return }
      keys[key] = .removed
    case .invalidate(nil, let storedBefore, let expiresAt):
      guard !removesAll else { return }
      invalidation = Self.merge(invalidation, storedBefore, expiresAt)
    case .invalidate(let key?, let storedBefore, let expiresAt):
      guard !removesAll else { return }
      switch keys[key] {
      case .removed: return
      case .invalidated(let earlierStoredBefore, let earlierExpiresAt):
        keys[key] = .invalidated(
          storedBefore: min(earlierStoredBefore, storedBefore), expiresAt: min(earlierExpiresAt, expiresAt))
      case nil:
        keys[key] = .invalidated(storedBefore: storedBefore, expiresAt: expiresAt)
      }
    }
    if keys.count > Self.keyLimit { overflow() }
  }

  /// Too many keys: folds them into changes of every entry.
  private mutating func overflow() {
    if keys.values.contains(.removed) {
      record(.removeAll)
      return
    }
    for case .invalidated(let storedBefore, let expiresAt) in keys.values {
      invalidation = Self.merge(invalidation, storedBefore, expiresAt)
    }
    keys = [:]
  }

  private static func merge(
    _ current: (storedBefore: Date, expiresAt: Date)?, _ storedBefore: Date, _ expiresAt: Date
  ) -> (storedBefore: Date, expiresAt: Date) {
    guard let current else { return (storedBefore, expiresAt) }
    return (min(current.storedBefore, storedBefore), min(current.expiresAt, expiresAt))
  }

  /// An entry read from the file as the waiting changes leave it: `nil` when removed.
  func apply(to entry: TTURLCache.Entry) -> TTURLCache.Entry? {
    guard !removesAll else { return nil }
    var entry = entry
    if let invalidation { Self.invalidate(&entry, invalidation.storedBefore, invalidation.expiresAt) }
    switch keys[entry.key] {
    case .removed: return nil
    case .invalidated(let storedBefore, let expiresAt): Self.invalidate(&entry, storedBefore, expiresAt)
    case nil: break
    }
    return entry
  }

  /// Whether a key read from the file counts as removed.
  func hides(key: String) -> Bool {
    removesAll || keys[key] == .removed
  }

  private static func invalidate(_ entry: inout TTURLCache.Entry, _ storedBefore: Date, _ expiresAt: Date) {
    entry.storedAt = min(entry.storedAt, storedBefore)
    entry.expiresAt = min(entry.expiresAt ?? expiresAt, expiresAt)
  }

  /// Writes the waiting changes to the file, the single keys in one transaction.
  ///
  /// On success nothing waits any more. The caller keeps its copy after a failure: writing a
  /// change twice does no harm.
  mutating func write(to store: TTSQLiteCacheStore) throws {
    if removesAll { try store.deleteAll() }
    removesAll = false
    guard !isEmpty else { return }
    try store.transaction("writing waiting removals and invalidations") {
      if let invalidation {
        try store.invalidate(
          key: nil, storedBefore: invalidation.storedBefore, expiresAt: invalidation.expiresAt)
      }
      for (key, change) in keys {
        switch change {
        case .removed: try store.delete(key: key)
        case .invalidated(let storedBefore, let expiresAt):
          try store.invalidate(key: key, storedBefore: storedBefore, expiresAt: expiresAt)
        }
      }
    }
    self = TTCachePendingChanges()
  }
}
