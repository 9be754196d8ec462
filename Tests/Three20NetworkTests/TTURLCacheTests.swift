import Foundation
import Testing
import Three20Core
import Three20Network

@Suite("TTURLCache")
struct TTURLCacheTests {
  // MARK: - Round trips

  /// A stored entry comes back whole from memory, and from disk in a new cache object.
  @Test func entriesRoundTripThroughMemoryAndDisk() async throws {
    try await withTemporaryDirectory { directory in
      var headers: TTHTTPHeaders = [
        "Content-Type": "application/json; charset=utf-8", "X-Ünïcode": "naïve ✓",
      ]
      headers.add("Set-Cookie", "a=1")
      headers.add("Set-Cookie", "b=\"2\"\n")
      let stored = TTURLCache.Entry(
        key: TTURLCache.key(url: "https://example.com/a"), url: "https://example.com/a",
        body: Data([0, 1, 2, 0, 255]), status: 203, headers: headers, etag: "W/\"v1\"",
        lastModified: "Sun, 06 Nov 1994 08:49:37 GMT", storedAt: Date(timeIntervalSince1970: 1_700_000_000),
        expiresAt: Date(timeIntervalSince1970: 1_700_000_060))
      do {
        let cache = try TTURLCache(name: "RoundTrip", directory: directory)
        cache.store(stored)
        #expect(cache.entry(forKey: stored.key) == stored)
      }
      let reopened = try TTURLCache(name: "RoundTrip", directory: directory)
      #expect(reopened.memoryEntryCount == 0)
      #expect(reopened.entry(forKey: stored.key) == stored)
      #expect(reopened.memoryEntryCount == 1)
      #expect(reopened.diskProblem == nil)
    }
  }

  /// An empty body is stored as an empty blob, not as NULL, and comes back empty.
  @Test func emptyBodiesRoundTrip() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Empty", directory: directory)
      cache.isMemoryCacheEnabled = false
      let entry = makeEntry("empty", bytes: 0, storedAt: Date(timeIntervalSince1970: 1000))
      cache.store(entry)
      #expect(cache.entry(forKey: entry.key) == entry)
      #expect(cache.entry(forKey: entry.key)?.body.isEmpty == true)
    }
  }

  /// A missing key is a miss on both levels.
  @Test func missingKeysAreMisses() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Miss", directory: directory)
      #expect(cache.entry(forKey: key("nothing")) == nil)
      #expect(!cache.hasEntry(forKey: key("nothing")))
      #expect(cache.freshEntry(forKey: key("nothing")) == nil)
    }
  }

  /// Storing a key again replaces the entry on both levels, and the totals follow.
  @Test func storingAgainReplaces() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Replace", directory: directory)
      cache.store(makeEntry("a", bytes: 100, byte: 1))
      cache.store(makeEntry("a", bytes: 50, byte: 2))
      #expect(cache.entry(forKey: key("a"))?.body == Data(repeating: 2, count: 50))
      #expect(cache.entryCount == 1)
      #expect(cache.totalDiskSize == makeEntry("a", bytes: 50).size)
      let reopened = try TTURLCache(name: "Replace", directory: directory)
      #expect(reopened.entry(forKey: key("a"))?.body == Data(repeating: 2, count: 50))
    }
  }

  /// Two cache objects on one file see each other's writes once the entry is not in memory.
  @Test func twoObjectsShareOneFile() async throws {
    try await withTemporaryDirectory { directory in
      let first = try TTURLCache(name: "Shared", directory: directory)
      let second = try TTURLCache(name: "Shared", directory: directory)
      first.store(makeEntry("a"))
      #expect(second.entry(forKey: key("a")) == first.entry(forKey: key("a")))
      second.remove(key: key("a"))
      first.isMemoryCacheEnabled = false
      #expect(first.entry(forKey: key("a")) == nil)
    }
  }

  // MARK: - Memory level

  /// The memory level evicts the least recently used entry first; reading an entry renews it.
  @Test func memoryEvictsLeastRecentlyUsed() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "MemoryLRU", directory: directory, memoryEntryLimit: 3)
      cache.isDiskCacheEnabled = false
      for name in ["a", "b", "c"] { cache.store(makeEntry(name)) }
      _ = cache.entry(forKey: key("a"))
      cache.store(makeEntry("d"))
      #expect(cache.hasEntry(forKey: key("a")))
      #expect(!cache.hasEntry(forKey: key("b")))
      #expect(cache.hasEntry(forKey: key("c")))
      #expect(cache.hasEntry(forKey: key("d")))
      cache.store(makeEntry("e"))
      #expect(!cache.hasEntry(forKey: key("c")))
      #expect(cache.memoryEntryCount == 3)
    }
  }

  /// The memory level keeps its total size within the byte limit, evicting the oldest.
  @Test func memoryRespectsByteLimit() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("a0", bytes: 100).size
      let cache = try TTURLCache(
        name: "MemoryBytes", directory: directory, memoryByteLimit: size * 8 + size / 2)
      cache.isDiskCacheEnabled = false
      for index in 0..<20 { cache.store(makeEntry("a\(index)", bytes: 100)) }
      #expect(cache.memoryByteCount <= cache.memoryByteLimit)
      #expect(cache.memoryEntryCount == 8)
      #expect(cache.hasEntry(forKey: key("a19")))
      #expect(!cache.hasEntry(forKey: key("a11")))
      cache.memoryByteLimit = size * 2 + 10  // the names a12…a19 make those entries size + 1
      #expect(cache.memoryEntryCount == 2)
      cache.store(makeEntry("a20", bytes: 100))  // now over an eighth of the limit
      #expect(!cache.hasEntry(forKey: key("a20")))
    }
  }

  /// An entry over an eighth of the memory limit stays out of memory but goes to disk.
  @Test func largeEntriesSkipMemory() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Large", directory: directory, memoryByteLimit: 8000)
      cache.store(makeEntry("small", bytes: 900))
      cache.store(makeEntry("large", bytes: 1100))
      #expect(cache.memoryEntryCount == 1)
      #expect(cache.entry(forKey: key("large"))?.body.count == 1100)
      #expect(cache.memoryEntryCount == 1)  // not promoted either
    }
  }

  /// A memory limit of zero keeps nothing in memory, and the disk still works.
  @Test func zeroMemoryLimitKeepsNothing() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Zero", directory: directory, memoryByteLimit: 0, memoryEntryLimit: 0)
      cache.store(makeEntry("a"))
      #expect(cache.memoryEntryCount == 0)
      #expect(cache.entry(forKey: key("a")) != nil)
    }
  }

  /// Turning the memory level off empties it; turning the disk level off hides the file.
  @Test func levelsCanBeTurnedOff() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Levels", directory: directory)
      cache.store(makeEntry("a"))
      cache.isMemoryCacheEnabled = false
      #expect(cache.memoryEntryCount == 0)
      #expect(cache.entry(forKey: key("a")) != nil)
      cache.isDiskCacheEnabled = false
      #expect(cache.entry(forKey: key("a")) == nil)
      cache.store(makeEntry("b"))
      cache.isDiskCacheEnabled = true
      #expect(cache.entry(forKey: key("b")) == nil)
      #expect(cache.entry(forKey: key("a")) != nil)
    }
  }

  // MARK: - Disk level

  /// The disk level evicts the least recently used entries when over its byte limit; reading
  /// an entry from disk renews it (with an access time resolution of 0).
  @Test func diskEvictsLeastRecentlyUsed() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("e0", bytes: 1000).size
      let cache = try TTURLCache(name: "DiskLRU", directory: directory, diskByteLimit: size * 4 + size / 2)
      cache.isMemoryCacheEnabled = false
      cache.diskAccessTimeResolution = 0  // record every disk hit
      for index in 0..<4 { cache.store(makeEntry("e\(index)", bytes: 1000)) }
      #expect(cache.entryCount == 4)
      _ = cache.entry(forKey: key("e0"))
      cache.store(makeEntry("e4", bytes: 1000))
      #expect(cache.hasEntry(forKey: key("e0")))
      #expect(!cache.hasEntry(forKey: key("e1")))
      cache.store(makeEntry("e5", bytes: 1000))
      #expect(!cache.hasEntry(forKey: key("e2")))
      for name in ["e0", "e3", "e4", "e5"] {
        #expect(cache.hasEntry(forKey: key(name)), "\(name)")
      }
      #expect(cache.totalDiskSize == size * 4)
      #expect(cache.totalDiskSize <= cache.diskByteLimit)
    }
  }

  /// Disk reads reach the file in batches: once enough have gathered, another cache object on
  /// the same file evicts the entries that were not read first.
  @Test func diskAccessesReachTheFileInBatches() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("a0", bytes: 1000).size
      let reader = try TTURLCache(name: "Shared", directory: directory)
      reader.isMemoryCacheEnabled = false
      reader.diskAccessTimeResolution = 0  // record every disk hit
      for index in 0..<4 { reader.store(makeEntry("a\(index)", bytes: 1000)) }
      for _ in 0..<200 { #expect(reader.entry(forKey: key("a0")) != nil) }
      let other = try TTURLCache(name: "Shared", directory: directory, diskByteLimit: size * 4 + size / 2)
      other.isMemoryCacheEnabled = false
      other.store(makeEntry("a4", bytes: 1000))
      #expect(other.hasEntry(forKey: key("a0")))
      #expect(!other.hasEntry(forKey: key("a1")))
    }
  }

  /// Disk reads not yet written reach the file when the cache object is released.
  @Test func diskAccessesReachTheFileOnRelease() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("a0", bytes: 1000).size
      do {
        let reader = try TTURLCache(name: "Shared", directory: directory)
        reader.isMemoryCacheEnabled = false
        reader.diskAccessTimeResolution = 0  // record every disk hit
        for index in 0..<4 { reader.store(makeEntry("a\(index)", bytes: 1000)) }
        #expect(reader.entry(forKey: key("a0")) != nil)
      }
      let other = try TTURLCache(name: "Shared", directory: directory, diskByteLimit: size * 4 + size / 2)
      other.isMemoryCacheEnabled = false
      other.store(makeEntry("a4", bytes: 1000))
      #expect(other.hasEntry(forKey: key("a0")))
      #expect(!other.hasEntry(forKey: key("a1")))
    }
  }

  /// With the default resolution, disk hits of entries stored less than 60 s ago write no
  /// access, so eviction keeps the order of the stores.
  @Test(.enabled(if: pythonAvailable)) func recentDiskHitsRecordNoAccess() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("e0", bytes: 1000).size
      let cache = try TTURLCache(name: "Coarse", directory: directory, diskByteLimit: size * 100)
      cache.isMemoryCacheEnabled = false
      for index in 0..<4 { cache.store(makeEntry("e\(index)", bytes: 1000)) }
      let path = cache.fileURL.path
      let query = "SELECT last_access FROM entries WHERE key = '\(key("e0"))'"
      let before = try sqliteQuery(path, query)
      for _ in 0..<200 { #expect(cache.entry(forKey: key("e0")) != nil) }
      cache.store(makeEntry("e4", bytes: 1000))  // writes any pending accesses first
      #expect(!before.isEmpty)
      #expect(try sqliteQuery(path, query) == before)
      cache.diskByteLimit = size * 5 + size / 2
      cache.store(makeEntry("e5", bytes: 1000))  // 6 entries: down to 4
      #expect(!cache.hasEntry(forKey: key("e0")))
      #expect(!cache.hasEntry(forKey: key("e1")))
      for name in ["e2", "e3", "e4", "e5"] {
        #expect(cache.hasEntry(forKey: key(name)), "\(name)")
      }
    }
  }

  /// A disk hit of an entry whose recorded access is older than the resolution renews it on
  /// disk.
  @Test func diskHitsOlderThanTheResolutionAreRecorded() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("e0", bytes: 1000).size
      let cache = try TTURLCache(name: "Resolution", directory: directory, diskByteLimit: size * 4 + size / 2)
      cache.isMemoryCacheEnabled = false
      cache.diskAccessTimeResolution = 0.25
      for index in 0..<4 { cache.store(makeEntry("e\(index)", bytes: 1000)) }
      try await Task.sleep(for: .milliseconds(400))
      #expect(cache.entry(forKey: key("e0")) != nil)
      #expect(cache.entry(forKey: key("e0")) != nil)
      cache.store(makeEntry("e4", bytes: 1000))
      #expect(cache.hasEntry(forKey: key("e0")))
      #expect(!cache.hasEntry(forKey: key("e1")))
      // The recorded read keeps e0 ahead of e2 and e3, stored after it.
      cache.store(makeEntry("e5", bytes: 1000))
      #expect(!cache.hasEntry(forKey: key("e2")))
      for name in ["e0", "e3", "e4", "e5"] {
        #expect(cache.hasEntry(forKey: key(name)), "\(name)")
      }
    }
  }

  /// The access time resolution defaults to 60 s; negative and NaN values count as 0.
  @Test func accessTimeResolutionDefaultsAndLimits() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "ResolutionSetting", directory: directory)
      #expect(cache.diskAccessTimeResolution == 60)
      #expect(TTURLCache.defaultDiskAccessTimeResolution == 60)
      cache.diskAccessTimeResolution = 5
      #expect(cache.diskAccessTimeResolution == 5)
      cache.diskAccessTimeResolution = -1
      #expect(cache.diskAccessTimeResolution == 0)
      cache.diskAccessTimeResolution = .nan
      #expect(cache.diskAccessTimeResolution == 0)
    }
  }

  /// Header names and values with quotes, backslashes, slashes, control characters and
  /// non-ASCII text come back from disk exactly, in order.
  @Test func storedHeadersRoundTripExactly() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Headers", directory: directory)
      cache.isMemoryCacheEnabled = false
      let pairs = [
        ("Content-Type", "application/json; charset=utf-8"), ("X-Quote", "say \"hi\""),
        ("X-Backslash", "a\\b\\"), ("X-Controls", "tab\there\nline\r\u{8}\u{c}\u{1}end"),
        ("X-Unicode", "café ☃ 😀"), ("", ""), ("X-Slash", "/"), ("x-quote", "\""),
      ]
      cache.store(makeEntry("h", headers: TTHTTPHeaders(pairs: pairs)))
      let read = try #require(cache.entry(forKey: key("h")))
      #expect(read.headers.map { [$0.name, $0.value] } == pairs.map { [$0.0, $0.1] })
      cache.store(makeEntry("none"))
      #expect(cache.entry(forKey: key("none"))?.headers.isEmpty == true)
    }
  }

  /// Headers another SQLite client wrote as JSON with whitespace and `\u` escapes are read; a
  /// headers column that is not an array of string pairs makes the row a miss.
  @Test(.enabled(if: pythonAvailable)) func headersInOtherJSONFormsAreRead() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "ForeignHeaders", directory: directory)
      cache.isMemoryCacheEnabled = false
      let path = cache.fileURL.path
      let forms = [
        ("spaced", #"[ ["A", "b\u00e9"] , ["C","d\/e"] ]"#, true),
        ("trailing", #"[["A","b"]]x"#, false), ("single", #"[["A"]]"#, false),
        ("triple", #"[["A","b","c"]]"#, false), ("number", #"[["A",1]]"#, false),
        ("open", #"[["A","b"#, false),
        ("escape", #"[["A","b\q"]]"#, false), ("empty", "[]", true),
      ]
      for (name, json, _) in forms {
        cache.store(makeEntry(name))
        _ = try sqliteQuery(path, "UPDATE entries SET headers = '\(json)' WHERE key = '\(key(name))'")
      }
      for (name, _, readable) in forms {
        #expect((cache.entry(forKey: key(name)) != nil) == readable, "\(name)")
      }
      let spaced = try #require(cache.entry(forKey: key("spaced")))
      #expect(spaced.headers.map { [$0.name, $0.value] } == [["A", "bé"], ["C", "d/e"]])
    }
  }

  /// Lowering the disk limit evicts in one batch, down to 90 % of the limit, at the next store.
  @Test func diskEvictsInBatches() async throws {
    try await withTemporaryDirectory { directory in
      let size = makeEntry("b0", bytes: 500).size
      let cache = try TTURLCache(name: "Batches", directory: directory, diskByteLimit: size * 100)
      cache.isMemoryCacheEnabled = false
      for index in 0..<10 { cache.store(makeEntry("b\(index)", bytes: 500)) }
      cache.diskByteLimit = size * 5
      cache.store(makeEntry("b10", bytes: 500))
      #expect(cache.entryCount == 4)  // 4 × size ≤ 4.5 × size: 90 % of the limit
      for index in 7...10 {
        #expect(cache.hasEntry(forKey: key("b\(index)")))
      }
    }
  }

  /// An entry larger than the disk limit is not written, and any older copy is dropped.
  @Test func entriesOverTheDiskLimitAreNotWritten() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(
        name: "TooBig", directory: directory, memoryByteLimit: 0, diskByteLimit: 1000)
      cache.store(makeEntry("a", bytes: 100))
      cache.store(makeEntry("a", bytes: 2000))
      #expect(!cache.hasEntry(forKey: key("a")))
      #expect(cache.totalDiskSize == 0)
    }
  }

  // MARK: - Invalidation and removal

  /// Invalidating keeps the entry but makes it stale on both levels and after a restart, with
  /// `storedAt` moved back by the invalidation age.
  @Test func invalidateMakesStaleButKeeps() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Invalidate", directory: directory)
      let stored = makeEntry("a")
      cache.store(stored)
      cache.store(makeEntry("b"))
      #expect(cache.freshEntry(forKey: key("a")) != nil)
      let before = Date()
      cache.invalidate(key: key("a"))
      #expect(cache.freshEntry(forKey: key("a")) == nil)
      #expect(cache.freshEntry(forKey: key("b")) != nil)
      let kept = try #require(cache.entry(forKey: key("a")))
      #expect(kept.body == stored.body)
      #expect(kept.storedAt <= before.addingTimeInterval(-TTTimeInterval.day + 1))
      #expect(try #require(kept.expiresAt) <= Date())
      let reopened = try TTURLCache(name: "Invalidate", directory: directory)
      #expect(reopened.freshEntry(forKey: key("a"), expirationAge: TTTimeInterval.year) == nil)
      #expect(reopened.entry(forKey: key("a"))?.body == stored.body)
    }
  }

  /// Invalidating never makes an entry fresher: an earlier expiry is kept.
  @Test func invalidateKeepsEarlierExpiry() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Earlier", directory: directory)
      let old = Date(timeIntervalSince1970: 1000)
      cache.store(makeEntry("a", storedAt: old, expiresAt: old))
      cache.invalidate(key: key("a"))
      #expect(cache.entry(forKey: key("a"))?.expiresAt == old)
      #expect(cache.entry(forKey: key("a"))?.storedAt == old)
    }
  }

  /// Odd ages and dates never reach SQLite as NULL: the operations still work.
  @Test func nonFiniteTimesAreHandled() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Odd", directory: directory)
      cache.isMemoryCacheEnabled = false
      cache.store(makeEntry("nan", storedAt: Date(timeIntervalSince1970: .nan)))
      #expect(cache.entry(forKey: key("nan"))?.storedAt == Date(timeIntervalSince1970: 0))
      cache.store(makeEntry("a"))
      cache.invalidationAge = .nan
      cache.invalidate(key: key("a"))
      cache.invalidationAge = .infinity
      cache.invalidateAll()
      #expect(cache.freshEntry(forKey: key("a")) == nil)
      #expect(cache.entry(forKey: key("a")) != nil)
      #expect(cache.diskProblem == nil)
    }
  }

  /// `invalidateAll` makes every entry stale, in memory and on disk, and keeps them all.
  @Test func invalidateAllMakesEverythingStale() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "InvalidateAll", directory: directory)
      cache.invalidationAge = TTTimeInterval.hour
      for index in 0..<5 { cache.store(makeEntry("i\(index)")) }
      cache.invalidateAll()
      for index in 0..<5 {
        #expect(cache.freshEntry(forKey: key("i\(index)")) == nil)
        let entry = try #require(cache.entry(forKey: key("i\(index)")))
        #expect(entry.storedAt <= Date().addingTimeInterval(-TTTimeInterval.hour + 1))
      }
      cache.isMemoryCacheEnabled = false
      for index in 0..<5 {
        #expect(cache.freshEntry(forKey: key("i\(index)")) == nil)
        #expect(cache.entry(forKey: key("i\(index)")) != nil)
      }
      #expect(cache.entryCount == 5)
    }
  }

  /// `remove` deletes one entry from both levels, for good.
  @Test func removeDeletesFromBothLevels() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Remove", directory: directory)
      cache.store(makeEntry("a"))
      cache.store(makeEntry("b"))
      cache.remove(key: key("a"))
      #expect(!cache.hasEntry(forKey: key("a")))
      #expect(cache.entryCount == 1)
      cache.remove(key: key("never stored"))
      let reopened = try TTURLCache(name: "Remove", directory: directory)
      #expect(reopened.entry(forKey: key("a")) == nil)
      #expect(reopened.entry(forKey: key("b")) != nil)
    }
  }

  /// `removeAll` empties both levels and the totals, for good.
  @Test func removeAllEmptiesEverything() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "RemoveAll", directory: directory)
      for index in 0..<20 { cache.store(makeEntry("r\(index)", bytes: 5000)) }
      cache.removeAll()
      #expect(cache.entryCount == 0)
      #expect(cache.totalDiskSize == 0)
      #expect(cache.memoryEntryCount == 0)
      #expect(cache.memoryByteCount == 0)
      let reopened = try TTURLCache(name: "RemoveAll", directory: directory)
      #expect(reopened.entry(forKey: key("r3")) == nil)
      reopened.store(makeEntry("after"))
      #expect(reopened.entryCount == 1)
    }
  }

  // MARK: - Lookups with policies

  /// The policy's memory and disk bits choose the levels read; `.etag` always revalidates;
  /// `.noCache` reads nothing.
  @Test func lookupFollowsThePolicy() async throws {
    try await withTemporaryDirectory { directory in
      let writer = try TTURLCache(name: "Policy", directory: directory)
      let entry = makeEntry("p", etag: "\"v1\"")
      writer.store(entry)
      let cache = try TTURLCache(name: "Policy", directory: directory)  // memory empty
      #expect(cache.lookup(key: entry.key, policy: .memory) == .miss)
      #expect(cache.lookup(key: entry.key, policy: .network) == .miss)
      #expect(cache.lookup(key: entry.key, policy: [.disk, .noCache]) == .miss)
      #expect(cache.memoryEntryCount == 0)
      #expect(cache.lookup(key: entry.key, policy: .disk) == .fresh(entry))
      #expect(cache.lookup(key: entry.key, policy: .memory) == .fresh(entry))  // promoted
      #expect(
        cache.lookup(key: entry.key, policy: .etag)
          == .revalidate(entry, conditionalHeaders: ["If-None-Match": "\"v1\""]))
      #expect(cache.lookup(key: key("absent"), policy: .default) == .miss)
    }
  }

  /// The expiration age decides for entries without freshness information; a stale entry
  /// with a validator is revalidated when the network is allowed, and a miss otherwise.
  @Test func lookupUsesTheExpirationAge() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Age", directory: directory)
      let now = wholeSecondsNow()
      let entry = makeEntry("old", storedAt: now.addingTimeInterval(-120), etag: "\"e\"")
      cache.store(entry)
      #expect(cache.lookup(key: entry.key, policy: .default, expirationAge: 300, now: now) == .fresh(entry))
      #expect(
        cache.lookup(key: entry.key, policy: .default, expirationAge: 60, now: now)
          == .revalidate(entry, conditionalHeaders: ["If-None-Match": "\"e\""]))
      #expect(cache.lookup(key: entry.key, policy: .local, expirationAge: 60, now: now) == .miss)
      cache.defaultExpirationAge = 60
      #expect(cache.lookup(key: entry.key, policy: .local, now: now) == .miss)
      #expect(cache.freshEntry(forKey: entry.key, now: now) == nil)
    }
  }

  /// After a 304 the entry keeps its body and takes the new headers, validators and expiry,
  /// on disk too.
  @Test func refreshAfterNotModified() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Refresh", directory: directory)
      let old = Date(timeIntervalSince1970: 1_000_000)
      let entry = makeEntry(
        "r", bytes: 30, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0", "Content-Length": "30"],
        storedAt: old, expiresAt: old, etag: "\"v1\"")
      cache.store(entry)
      let now = Date(timeIntervalSince1970: 2_000_000)
      let refreshed = try #require(
        cache.refresh(
          key: entry.key, headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=60", "Content-Length": "0"],
          now: now))
      #expect(refreshed.body == entry.body)
      #expect(refreshed.etag == "\"v2\"")
      #expect(refreshed.storedAt == now)
      #expect(refreshed.expiresAt == now.addingTimeInterval(60))
      #expect(refreshed.headers["Content-Length"] == "30")
      cache.isMemoryCacheEnabled = false
      #expect(cache.entry(forKey: entry.key) == refreshed)
      #expect(cache.refresh(key: key("absent"), headers: [:]) == nil)
    }
  }

  // MARK: - Keys

  /// GET keys are the SHA-256 of the URL (standard test vectors).
  @Test func getKeysAreSHA256OfTheURL() {
    #expect(TTURLCache.key(url: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(TTURLCache.key(url: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      TTURLCache.key(url: String(repeating: "a", count: 55))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      TTURLCache.key(url: String(repeating: "a", count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      TTURLCache.key(url: String(repeating: "a", count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    #expect(
      TTURLCache.key(url: String(repeating: "a", count: 1000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  /// The method is compared without case, and an empty method means GET.
  @Test(arguments: ["get", "Get", "GET", ""])
  func methodCaseDoesNotMatterForGet(method: String) {
    #expect(
      TTURLCache.key(url: "https://example.com/", method: method)
        == TTURLCache.key(url: "https://example.com/"))
  }

  /// POST and PUT keys include the body (whatever the method's case); GET and HEAD ignore it.
  @Test func bodiesDistinguishKeysForMethodsWithBodies() {
    let url = "https://example.com/search"
    let one = Data("q=1".utf8)
    let two = Data("q=2".utf8)
    #expect(
      TTURLCache.key(url: url, method: "POST", body: one)
        != TTURLCache.key(url: url, method: "POST", body: two))
    #expect(
      TTURLCache.key(url: url, method: "post", body: one)
        == TTURLCache.key(url: url, method: "POST", body: one))
    #expect(
      TTURLCache.key(url: url, method: "pUt", body: one) == TTURLCache.key(url: url, method: "PUT", body: one)
    )
    #expect(
      TTURLCache.key(url: url, method: "PUT", body: one)
        != TTURLCache.key(url: url, method: "POST", body: one))
    #expect(TTURLCache.key(url: url, method: "POST", body: one) != TTURLCache.key(url: url))
    #expect(
      TTURLCache.key(url: url, method: "POST") == TTURLCache.key(url: url, method: "POST", body: Data()))
    #expect(TTURLCache.key(url: url, method: "GET", body: one) == TTURLCache.key(url: url))
    #expect(TTURLCache.key(url: url, method: "HEAD", body: one) == TTURLCache.key(url: url, method: "HEAD"))
    #expect(TTURLCache.key(url: url, method: "HEAD") != TTURLCache.key(url: url))
  }

  /// Parts are length-prefixed: moving bytes between the URL and the body changes the key,
  /// and hostile input (NUL, huge bodies) is fine.
  @Test func keysCannotBeConfusedByMovingBytes() {
    let a = TTURLCache.key(url: "https://x/ab", method: "POST", body: Data("c".utf8))
    let b = TTURLCache.key(url: "https://x/a", method: "POST", body: Data("bc".utf8))
    #expect(a != b)
    let nul = TTURLCache.key(url: "https://x/\u{0}")
    #expect(nul.count == 64)
    #expect(nul != TTURLCache.key(url: "https://x/"))
    let big = TTURLCache.key(url: "u", method: "POST", body: Data(repeating: 7, count: 1 << 20))
    #expect(big.count == 64)
  }

  // MARK: - Arguments and defaults

  /// Unusable names, limits and directories throw `invalidCacheConfiguration`.
  @Test(arguments: ["", ".", "..", "a/b", "nul\u{0}", String(repeating: "x", count: 201)])
  func unusableNamesThrow(name: String) {
    let error = #expect(throws: TTNetworkError.self) {
      try TTURLCache(name: name, directory: FileManager.default.temporaryDirectory)
    }
    #expect(error?.code == .invalidCacheConfiguration)
  }

  /// Negative limits and non-file directories throw `invalidCacheConfiguration`, naming the
  /// argument.
  @Test func unusableLimitsThrow() throws {
    let temporary = FileManager.default.temporaryDirectory
    let error = #expect(throws: TTNetworkError.self) {
      try TTURLCache(name: "x", directory: temporary, diskByteLimit: -1)
    }
    #expect(error?.code == .invalidCacheConfiguration)
    #expect(error?.message.contains("diskByteLimit") == true)
    #expect(throws: TTNetworkError.self) {
      try TTURLCache(name: "x", directory: temporary, memoryEntryLimit: -5)
    }
    let web = try #require(URL(string: "https://example.com/cache"))
    #expect(throws: TTNetworkError.self) { try TTURLCache(name: "x", directory: web) }
  }

  /// The defaults are Three20's: invalidation one day, expiration one week; files are named
  /// `<name>.sqlite` and go to a `three20` folder by default.
  @Test func defaultsAreThree20s() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Defaults", directory: directory)
      #expect(cache.invalidationAge == TTTimeInterval.day)
      #expect(cache.defaultExpirationAge == TTTimeInterval.week)
      #expect(cache.isDiskCacheEnabled && cache.isMemoryCacheEnabled)
      #expect(cache.fileURL.lastPathComponent == "Defaults.sqlite")
      #expect(FileManager.default.fileExists(atPath: cache.fileURL.path))
      #expect(cache.isDiskAvailable)
      #expect(TTURLCache.defaultDirectory.lastPathComponent == "three20")
      #expect(cache.memoryByteLimit == TTURLCache.defaultMemoryByteLimit)
      #expect(cache.diskByteLimit == TTURLCache.defaultDiskByteLimit)
    }
  }

  // MARK: - Concurrency

  /// 50 tasks storing, reading, invalidating and removing at once leave a consistent cache.
  @Test func fiftyConcurrentTasks() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Concurrent", directory: directory, memoryEntryLimit: 20)
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<50 {
          group.addTask {
            for round in 0..<10 {
              cache.store(makeEntry("t\(task)", bytes: 100 + round, byte: UInt8(round)))
              _ = cache.entry(forKey: key("t\(task)"))
              cache.store(makeEntry("shared", bytes: 10, byte: UInt8(task)))
              _ = cache.lookup(key: key("shared"), policy: .default)
              if round % 3 == 0 { cache.invalidate(key: key("t\(task)")) }
              cache.store(makeEntry("gone\(task)"))
              cache.remove(key: key("gone\(task)"))
            }
          }
        }
      }
      #expect(cache.diskProblem == nil)
      #expect(cache.entryCount == 51)
      for task in 0..<50 {
        let entry = try #require(cache.entry(forKey: key("t\(task)")))
        #expect(entry.body == Data(repeating: 9, count: 109))
        #expect(!cache.hasEntry(forKey: key("gone\(task)")))
      }
      #expect(cache.memoryEntryCount <= 20)
      let reopened = try TTURLCache(name: "Concurrent", directory: directory)
      #expect(reopened.entryCount == 51)
      #expect(reopened.totalDiskSize == cache.totalDiskSize)
    }
  }
}
