import Foundation
import Synchronization
import Three20Core

/// A dictionary-backed ``TTRequestCaching`` that counts its calls, for the queue's tests.
///
/// An entry is fresh while it is younger than the request's expiration age; it stores whatever
/// the queue hands it.
final class TTMemoryRequestCache: TTRequestCaching {
  private struct State {
    var entries: [String: TTRequestCacheEntry] = [:]
    var lookups = 0
    var stores = 0
    var refreshes = 0
  }

  private let state = Mutex(State())

  init() {}

  func lookup(
    key: String, url: String, policy: TTURLRequestCachePolicy, expirationAge: TimeInterval,
    requestHeaders: [String: String]
  ) -> (entry: TTRequestCacheEntry, isFresh: Bool)? {
    state.withLock { state in
      state.lookups += 1
      guard !policy.isDisjoint(with: [.memory, .disk]), let entry = state.entries[key] else { return nil }
      return (entry, Date().timeIntervalSince(entry.timestamp) < expirationAge)
    }
  }

  func store(_ entry: TTRequestCacheEntry, forKey key: String, url: String, context: TTRequestCacheContext) {
    state.withLock { state in
      state.stores += 1
      state.entries[key] = entry
    }
  }

  func refresh(key: String, url: String, headers: [(name: String, value: String)]) -> TTRequestCacheEntry? {
    state.withLock { state in
      state.refreshes += 1
      state.entries[key]?.timestamp = Date()
      return state.entries[key]
    }
  }

  /// Replaces an entry's timestamp, to make it stale in tests.
  func setTimestamp(_ date: Date, forKey key: String) {
    state.withLock { $0.entries[key]?.timestamp = date }
  }

  /// How many entries, lookups, stores and refreshes there were.
  var counts: (entries: Int, lookups: Int, stores: Int, refreshes: Int) {
    state.withLock { ($0.entries.count, $0.lookups, $0.stores, $0.refreshes) }
  }
}
