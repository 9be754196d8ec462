import Foundation
import Synchronization
import Three20Core

/// A dictionary-backed ``TTRequestCaching``, for tests and until `TTURLCache` is wired in.
final class TTMemoryRequestCache: TTRequestCaching {
  private struct State {
    var entries: [String: TTRequestCacheEntry] = [:]
    var lookups = 0
    var stores = 0
    var refreshes = 0
  }

  private let state = Mutex(State())

  init() {}

  func entry(forKey key: String, url: String, policy: TTURLRequestCachePolicy) -> TTRequestCacheEntry? {
    state.withLock { state in
      state.lookups += 1
      guard !policy.isDisjoint(with: [.memory, .disk]) else { return nil }
      return state.entries[key]
    }
  }

  func store(_ entry: TTRequestCacheEntry, forKey key: String, url: String) {
    state.withLock { state in
      state.stores += 1
      state.entries[key] = entry
    }
  }

  func refresh(key: String, url: String) {
    state.withLock { state in
      state.refreshes += 1
      state.entries[key]?.timestamp = Date()
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
