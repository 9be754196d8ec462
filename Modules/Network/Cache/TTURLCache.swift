public import Foundation
import Synchronization
public import Three20Core

/// Three20's URL cache: responses by key, in memory and in an SQLite file, with HTTP's caching
/// rules.
///
/// Two levels, both optional:
/// - **Memory**: the most recently used entries, limited by total size (``memoryByteLimit``)
///   and count (``memoryEntryLimit``); an entry larger than an eighth of the byte limit is not
///   kept in memory. Lookups, stores and evictions are O(1).
/// - **Disk**: one SQLite file per cache name, `<directory>/<name>.sqlite`, limited by total
///   size (``diskByteLimit``), least recently used entries evicted first (to a resolution of
///   ``diskAccessTimeResolution``), in batches. Several
///   objects and several processes may use one file at once (WAL mode, a 5 s busy timeout and
///   retries).
///
/// Reading looks in memory, then on disk, and copies a disk hit into memory. Storing writes
/// both levels. The memory level belongs to one object: a change another process makes to the
/// file is seen once the entry is no longer in this object's memory.
///
/// **The cache never fails the app.** A file that is not a database, is damaged, or has an
/// unknown schema version is moved aside to `<name>.sqlite.corrupt-<timestamp>` (with its
/// `-wal` and `-shm` files), a warning is logged (`TTLog.Subsystem.urlCache`), and an empty
/// file takes its place. If the disk cannot be used at all (for example a read-only
/// directory), the cache keeps working in memory only and logs that once. ``diskProblem`` says
/// what happened. Disk errors later on are logged, and the operation acts as a miss.
///
/// All methods are thread-safe. Disk operations block the calling thread while SQLite works
/// (and up to the busy timeout while another process holds the write lock), so call them from
/// a background context, not a UI event handler.
///
/// ```swift
/// let cache = try TTURLCache(name: "Feeds", directory: URL(fileURLWithPath: "/tmp/feeds"))
/// let key = TTURLCache.key(url: "https://example.com/feed.json")
/// cache.store(TTURLCache.Entry(key: key, url: "https://example.com/feed.json", body: data))
/// cache.entry(forKey: key)?.body == data   // true
/// cache.invalidate(key: key)
/// cache.freshEntry(forKey: key)            // nil: stale, but still there to revalidate
/// cache.entry(forKey: key) != nil          // true
/// ```
///
/// ### Use from a request queue
/// ```swift
/// let rules = cache.rules
/// switch cache.lookup(key: key, policy: policy, expirationAge: age) {
/// case .fresh(let entry): return entry                           // served from the cache
/// case .revalidate(let entry, let headers): /* send with headers; on 304: */
///   return cache.refresh(key: key, headers: response304Headers) ?? entry
/// case .miss: /* send; then: */
///   if let entry = rules.entry(key: key, url: url, method: method, status: status,
///                              requestHeaders: sent, responseHeaders: received,
///                              body: body, policy: policy) { cache.store(entry) }
/// }
/// ```
public final class TTURLCache: Sendable {
  private struct Settings {
    var invalidationAge: TimeInterval = TTTimeInterval.day
    var defaultExpirationAge: TimeInterval = TTTimeInterval.week
    var isDiskCacheEnabled = true
    var isMemoryCacheEnabled = true
    var diskByteLimit: Int
    var diskAccessTimeResolution = TTURLCache.defaultDiskAccessTimeResolution
    var rules = TTHTTPCacheRules.standard
  }

  private struct MemoryState {
    var lru: TTMemoryLRU
    /// Bumped by every change, so a disk read never copies an outdated entry into memory.
    var generation: UInt64 = 0
  }

  private struct DiskState {
    var store: TTSQLiteCacheStore?
    var problem: TTNetworkError?
    var lastLoggedFailure: String?
  }

  /// The default memory byte limit: 8 MiB.
  public static let defaultMemoryByteLimit = 8 * 1024 * 1024
  /// The default number of entries kept in memory: 1 000.
  public static let defaultMemoryEntryLimit = 1000
  /// The default disk byte limit: 100 MiB.
  public static let defaultDiskByteLimit = 100 * 1024 * 1024
  /// The default resolution of the disk level's access times: 60 seconds.
  public static let defaultDiskAccessTimeResolution: TimeInterval = 60

  /// The cache's name; its file is `<name>.sqlite`.
  public let name: String
  /// The directory of the cache file.
  public let directory: URL
  /// The cache file: `<directory>/<name>.sqlite`.
  public let fileURL: URL

  private let settings: Mutex<Settings>
  private let memory: Mutex<MemoryState>
  private let disk: Mutex<DiskState>

  /// The cache Three20 uses unless told otherwise: named `Three20`, in ``defaultDirectory``.
  public static let shared = TTURLCache(
    checkedName: "Three20", directory: defaultDirectory, memoryByteLimit: defaultMemoryByteLimit,
    memoryEntryLimit: defaultMemoryEntryLimit, diskByteLimit: defaultDiskByteLimit)

  /// Where caches go by default: `$XDG_CACHE_HOME/three20`, or `~/.cache/three20` when
  /// `XDG_CACHE_HOME` is unset or not an absolute path.
  public static var defaultDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("three20", isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
      ".cache/three20", isDirectory: true)
  }

  /// Creates a cache, opening (or creating) its file.
  ///
  /// Opening never fails because of the file: a damaged one is moved aside and replaced, and a
  /// disk that cannot be used leaves the cache in memory only (see ``diskProblem``).
  ///
  /// - Parameters:
  ///   - name: The cache's name, used as the file name: not empty, no `/` or NUL, not `.` or
  ///     `..`, at most 200 bytes.
  ///   - directory: The directory of the file, created if missing; default
  ///     ``defaultDirectory``.
  ///   - memoryByteLimit: The most bytes kept in memory; default 8 MiB; `0` keeps nothing.
  ///   - memoryEntryLimit: The most entries kept in memory; default 1 000; `0` keeps nothing.
  ///   - diskByteLimit: The most bytes kept on disk; default 100 MiB.
  /// - Throws: ``TTNetworkError`` with code ``TTNetworkError/Code/invalidCacheConfiguration``
  ///   when an argument cannot be used.
  public convenience init(
    name: String, directory: URL? = nil, memoryByteLimit: Int = TTURLCache.defaultMemoryByteLimit,
    memoryEntryLimit: Int = TTURLCache.defaultMemoryEntryLimit,
    diskByteLimit: Int = TTURLCache.defaultDiskByteLimit
  ) throws(TTNetworkError) {
    func invalid(_ message: String) -> TTNetworkError {
      TTNetworkError(.invalidCacheConfiguration, message)
    }
    if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0")
      || name.utf8.count > 200
    {
      throw invalid(
        "TTURLCache name \(name.debugDescription) cannot be a file name: use 1 to 200 bytes without "
          + "\"/\" or NUL, other than \".\" and \"..\".")
    }
    if let directory, !directory.isFileURL {
      throw invalid("TTURLCache directory \(directory) is not a file URL: pass URL(fileURLWithPath:).")
    }
    for (label, value) in [
      ("memoryByteLimit", memoryByteLimit), ("memoryEntryLimit", memoryEntryLimit),
      ("diskByteLimit", diskByteLimit),
    ] where value < 0 {
      throw invalid("TTURLCache \(label) is \(value): limits must be 0 or more.")
    }
    self.init(
      checkedName: name, directory: directory ?? Self.defaultDirectory, memoryByteLimit: memoryByteLimit,
      memoryEntryLimit: memoryEntryLimit, diskByteLimit: diskByteLimit)
  }

  private init(
    checkedName name: String, directory: URL, memoryByteLimit: Int, memoryEntryLimit: Int, diskByteLimit: Int
  ) {
    self.name = name
    self.directory = directory
    self.fileURL = directory.appendingPathComponent("\(name).sqlite", isDirectory: false)
    settings = Mutex(Settings(diskByteLimit: diskByteLimit))
    memory = Mutex(MemoryState(lru: TTMemoryLRU(byteLimit: memoryByteLimit, entryLimit: memoryEntryLimit)))
    var state = DiskState()
    state.store = Self.openDisk(name: name, directory: directory, path: fileURL.path, problem: &state.problem)
    disk = Mutex(state)
  }

  // MARK: - Settings

  /// How far ``invalidate(key:)`` and ``invalidateAll()`` move an entry's
  /// ``Entry/storedAt`` back; default one day, as in Three20.
  ///
  /// A model whose data is older than this counts as outdated (Three20's
  /// `TTURLRequestModel.isOutdated`).
  public var invalidationAge: TimeInterval {
    get { settings.withLock { $0.invalidationAge } }
    set { settings.withLock { $0.invalidationAge = newValue } }
  }

  /// The expiration age used when a caller gives none; default one week, Three20's
  /// `TT_DEFAULT_CACHE_EXPIRATION_AGE`.
  public var defaultExpirationAge: TimeInterval {
    get { settings.withLock { $0.defaultExpirationAge } }
    set { settings.withLock { $0.defaultExpirationAge = newValue } }
  }

  /// Whether the disk level is read and written; default `true`.
  ///
  /// Turning it off leaves the file as it is (Three20's `disableDiskCache`).
  public var isDiskCacheEnabled: Bool {
    get { settings.withLock { $0.isDiskCacheEnabled } }
    set { settings.withLock { $0.isDiskCacheEnabled = newValue } }
  }

  /// Whether the memory level is read and written; default `true`.
  ///
  /// Turning it off empties it.
  public var isMemoryCacheEnabled: Bool {
    get { settings.withLock { $0.isMemoryCacheEnabled } }
    set {
      settings.withLock { $0.isMemoryCacheEnabled = newValue }
      if !newValue {
        memory.withLock {
          $0.lru.removeAll()
          $0.generation &+= 1
        }
      }
    }
  }

  /// The most bytes kept in memory (the sum of ``Entry/size``); lowering it evicts at once.
  public var memoryByteLimit: Int {
    get { memory.withLock { $0.lru.byteLimit } }
    set { memory.withLock { $0.lru.byteLimit = max(0, newValue) } }
  }

  /// The most entries kept in memory; lowering it evicts at once.
  public var memoryEntryLimit: Int {
    get { memory.withLock { $0.lru.entryLimit } }
    set { memory.withLock { $0.lru.entryLimit = max(0, newValue) } }
  }

  /// The most bytes kept on disk (the sum of ``Entry/size``, not the file's size); applied at
  /// the next store.
  public var diskByteLimit: Int {
    get { settings.withLock { $0.diskByteLimit } }
    set { settings.withLock { $0.diskByteLimit = max(0, newValue) } }
  }

  /// How old an entry's recorded access must be before a disk hit records a new one, in
  /// seconds; default ``defaultDiskAccessTimeResolution`` (60 s).
  ///
  /// Recording an access writes to the file, which costs more than the read itself. With a
  /// resolution, hits of an entry stored or last recorded less than this long ago write nothing,
  /// as browsers' caches do: the disk level's least-recently-used order is exact up to this
  /// resolution (entries used within one resolution of each other may be evicted in either
  /// order). `0` records every disk hit, for an exact order; a negative value or NaN counts
  /// as `0`. Memory hits never touch the file.
  ///
  /// ```swift
  /// cache.diskAccessTimeResolution = 0   // every disk hit renews its entry on disk
  /// ```
  public var diskAccessTimeResolution: TimeInterval {
    get { settings.withLock { $0.diskAccessTimeResolution } }
    set { settings.withLock { $0.diskAccessTimeResolution = newValue > 0 ? newValue : 0 } }
  }

  /// The caching rules ``lookup(key:policy:expirationAge:requestHeaders:now:)`` and
  /// ``refresh(key:headers:now:)`` apply; default ``TTHTTPCacheRules/standard``.
  public var rules: TTHTTPCacheRules {
    get { settings.withLock { $0.rules } }
    set { settings.withLock { $0.rules = newValue } }
  }

  /// Whether the disk level is open; `false` when the cache runs in memory only.
  public var isDiskAvailable: Bool {
    disk.withLock { $0.store != nil }
  }

  /// The last problem the disk level had, or `nil`.
  ///
  /// ``TTNetworkError/Code/cacheCorrupted``: the file was moved aside and replaced (the
  /// message names both files). ``TTNetworkError/Code/cacheUnavailable``: the cache runs in
  /// memory only. ``TTNetworkError/Code/storage``: an operation failed (disk full, I/O
  /// error, a lock held too long) and acted as a miss.
  public var diskProblem: TTNetworkError? {
    disk.withLock { $0.problem }
  }

  // MARK: - Keys

  /// The cache key of a request: 64 hexadecimal digits of SHA-256.
  ///
  /// For `GET` (and an empty method, which means `GET`) the key is the SHA-256 of the URL
  /// alone, like Three20's MD5 of the URL. For any other method the method (upper-cased, so
  /// `post` and `POST` agree — Three20 compared case-sensitively) and the URL are hashed
  /// together with the body when the method is not `HEAD`, so two POSTs with different bodies
  /// get different keys. Each part is length-prefixed, so no two different requests hash the
  /// same bytes.
  ///
  /// ```swift
  /// TTURLCache.key(url: "https://example.com/")
  /// // "0f115db062b7c0dd030b16878c99dea5c354b49dc37b38eb8846179c7783e9d7"
  /// TTURLCache.key(url: "u", method: "post", body: Data("a=1".utf8))
  ///   == TTURLCache.key(url: "u", method: "POST", body: Data("a=1".utf8))   // true
  /// TTURLCache.key(url: "u", method: "POST", body: Data("a=1".utf8))
  ///   == TTURLCache.key(url: "u", method: "POST", body: Data("a=2".utf8))   // false
  /// ```
  ///
  /// - Parameters:
  ///   - url: The request URL, as sent.
  ///   - method: The HTTP method, in any case; default `GET`.
  ///   - body: The request body; ignored for `GET` and `HEAD`; default `nil` (the same as empty).
  /// - Returns: The key.
  public static func key(url: String, method: String = "GET", body: Data? = nil) -> String {
    let verb = method.isEmpty ? "GET" : method.uppercased()
    if verb == "GET", !url.utf8.contains(0) {
      return TTSHA256.hex(url.utf8)
    }
    // A NUL first byte, which no plain URL key starts with, then length-prefixed parts.
    var bytes: [UInt8] = [0]
    for part in [
      Array(verb.utf8), Array(url.utf8), verb == "GET" || verb == "HEAD" ? [] : [UInt8](body ?? Data()),
    ] {
      bytes += Array("\(part.count):".utf8) + part
    }
    return TTSHA256.hex(bytes)
  }

  // MARK: - Reading

  /// The entry for a key, fresh or not, from memory or else from disk.
  ///
  /// A disk hit is copied into memory and marked as recently used on disk (unless its recorded
  /// use is more recent than ``diskAccessTimeResolution``).
  ///
  /// - Parameter key: The cache key.
  /// - Returns: The entry, or `nil` when neither level has it.
  public func entry(forKey key: String) -> Entry? {
    entry(forKey: key, fromMemory: true, fromDisk: true)
  }

  /// The entry for a key if it is still fresh.
  ///
  /// - Parameters:
  ///   - key: The cache key.
  ///   - expirationAge: How old an entry without freshness information may get; default
  ///     ``defaultExpirationAge``.
  ///   - now: The current time; default now.
  /// - Returns: The entry, or `nil` when absent or stale (a stale entry stays in the cache).
  public func freshEntry(forKey key: String, expirationAge: TimeInterval? = nil, now: Date = Date()) -> Entry?
  {
    let age = expirationAge ?? defaultExpirationAge
    return entry(forKey: key).flatMap { $0.isFresh(expirationAge: age, now: now) ? $0 : nil }
  }

  /// What a request with a cache policy should do with this cache.
  ///
  /// Reads the memory level if the policy contains `TTURLRequestCachePolicy.memory` and the
  /// disk level if it contains `TTURLRequestCachePolicy.disk` (`TTURLRequestCachePolicy.etag`
  /// includes it), then applies ``rules``'
  /// ``TTHTTPCacheRules/lookup(_:policy:expirationAge:requestHeaders:now:)``. A policy with
  /// `TTURLRequestCachePolicy.noCache` reads nothing.
  ///
  /// - Parameters:
  ///   - key: The request's cache key.
  ///   - policy: The request's cache policy.
  ///   - expirationAge: The request's `cacheExpirationAge`; default ``defaultExpirationAge``.
  ///   - requestHeaders: The request's header fields (for `Cache-Control: no-cache` and
  ///     friends); default none.
  ///   - now: The current time; default now.
  /// - Returns: ``Lookup/fresh(_:)``, ``Lookup/revalidate(_:conditionalHeaders:)`` or
  ///   ``Lookup/miss``.
  public func lookup(
    key: String, policy: TTURLRequestCachePolicy, expirationAge: TimeInterval? = nil,
    requestHeaders: TTHTTPHeaders = [:], now: Date = Date()
  ) -> Lookup {
    let (rules, defaultAge) = settings.withLock { ($0.rules, $0.defaultExpirationAge) }
    let found =
      policy.contains(.noCache)
      ? nil : entry(forKey: key, fromMemory: policy.contains(.memory), fromDisk: policy.contains(.disk))
    let result = rules.lookup(
      found, policy: policy, expirationAge: expirationAge ?? defaultAge, requestHeaders: requestHeaders,
      now: now)
    TTLog.debug(.urlCache, "lookup \(key) with policy \(policy.rawValue): \(result.summary)")
    return result
  }

  /// Whether either level has an entry for a key, fresh or not; does not mark it used.
  ///
  /// - Parameter key: The cache key.
  /// - Returns: `true` when memory or disk has it.
  public func hasEntry(forKey key: String) -> Bool {
    let enabled = settings.withLock { ($0.isMemoryCacheEnabled, $0.isDiskCacheEnabled) }
    if enabled.0, memory.withLock({ $0.lru.contains(key) }) { return true }
    return enabled.1 && (withDisk { try $0.contains(key: key) } ?? false)
  }

  private func entry(forKey key: String, fromMemory: Bool, fromDisk: Bool) -> Entry? {
    let (memoryOn, diskOn, resolution) = settings.withLock {
      ($0.isMemoryCacheEnabled, $0.isDiskCacheEnabled, $0.diskAccessTimeResolution)
    }
    let (hit, generation) = memory.withLock { state in
      (fromMemory && memoryOn ? state.lru.get(key) : nil, state.generation)
    }
    if let hit {
      TTLog.debug(.urlCache, "memory hit \(key)")
      return hit
    }
    guard fromDisk, diskOn,
      let found = withDisk({
        try $0.read(key: key, now: Date(), accessResolution: resolution)
      }) ?? nil
    else {
      return nil
    }
    TTLog.debug(.urlCache, "disk hit \(key)")
    if memoryOn {
      memory.withLock { state in
        if state.generation == generation, !state.lru.contains(key) {
          state.lru.put(found)
        }
      }
    }
    return found
  }

  // MARK: - Writing

  /// Stores an entry in both levels, replacing any entry with its key.
  ///
  /// The memory level skips it when it is larger than an eighth of ``memoryByteLimit``; the
  /// disk level skips it when it is larger than ``diskByteLimit`` (and drops the older copy),
  /// and otherwise evicts the least recently used entries until the total fits. A disk failure
  /// is logged and leaves the memory copy.
  ///
  /// - Parameter entry: The entry; ``TTHTTPCacheRules/entry(key:url:method:status:requestHeaders:responseHeaders:body:policy:now:)``
  ///   builds one from a response.
  public func store(_ entry: Entry) {
    let (memoryOn, diskOn, limit) = settings.withLock {
      ($0.isMemoryCacheEnabled, $0.isDiskCacheEnabled, $0.diskByteLimit)
    }
    if diskOn {
      if entry.size <= limit {
        let evicted = withDisk { try $0.write(entry, now: Date(), byteLimit: limit) } ?? []
        if !evicted.isEmpty {
          TTLog.debug(.urlCache, "evicted \(evicted.count) entries from \(fileURL.path)")
        }
      } else {
        TTLog.debug(.urlCache, "\(entry.key) (\(entry.size) bytes) is larger than the disk limit \(limit)")
        _ = withDisk { try $0.delete(key: entry.key) }
      }
    }
    memory.withLock { state in
      if memoryOn {
        state.lru.put(entry)
      } else {
        state.lru.remove(entry.key)
      }
      state.generation &+= 1
    }
  }

  /// Updates an entry after the server answered "304 Not Modified", keeping its body.
  ///
  /// Applies ``rules``' ``TTHTTPCacheRules/updatedEntry(_:afterNotModified:now:)`` (the 304's
  /// headers replace the stored ones, the validators and the expiry are worked out again,
  /// ``Entry/storedAt`` becomes `now`) and stores the result.
  ///
  /// - Parameters:
  ///   - key: The cache key.
  ///   - headers: The header fields of the 304 response.
  ///   - now: When the 304 was received; default now.
  /// - Returns: The updated entry to serve, or `nil` when the key has no entry (any more).
  @discardableResult
  public func refresh(key: String, headers: TTHTTPHeaders, now: Date = Date()) -> Entry? {
    guard let current = entry(forKey: key) else { return nil }
    let updated = rules.updatedEntry(current, afterNotModified: headers, now: now)
    store(updated)
    TTLog.debug(
      .etags, "refreshed \(key) after 304; expires \(updated.expiresAt.map { "\($0)" } ?? "by age")")
    return updated
  }

  /// Makes an entry stale but keeps it, so it can still be revalidated (Three20's
  /// `invalidateKey:`).
  ///
  /// ``Entry/storedAt`` is moved back to ``invalidationAge`` ago (if it was later), as
  /// Three20 backdated the file, and ``Entry/expiresAt`` to now (if it was later or unset),
  /// so the entry is stale for every reader whatever its expiration age.
  ///
  /// - Parameter key: The cache key.
  public func invalidate(key: String) {
    invalidate(key: Optional(key))
  }

  /// Makes every entry stale but keeps them (Three20's `invalidateAll`); see
  /// ``invalidate(key:)``.
  public func invalidateAll() {
    invalidate(key: nil)
  }

  private func invalidate(key: String?) {
    let now = Date()
    let age = invalidationAge
    // A NaN or infinite age must not reach SQLite (NULL would break NOT NULL) or the dates.
    let backdated = now.addingTimeInterval(-(age.isNaN ? 0 : min(max(0, age), 100 * TTTimeInterval.year)))
    _ = withDisk { try $0.invalidate(key: key, storedBefore: backdated, expiresAt: now) }
    memory.withLock { state in
      let change: (inout Entry) -> Void = { entry in
        entry.storedAt = min(entry.storedAt, backdated)
        entry.expiresAt = min(entry.expiresAt ?? now, now)
      }
      if let key {
        state.lru.update(key, change)
      } else {
        state.lru.updateAll(change)
      }
      state.generation &+= 1
    }
  }

  /// Removes an entry from both levels.
  ///
  /// - Parameter key: The cache key.
  public func remove(key: String) {
    _ = withDisk { try $0.delete(key: key) }
    memory.withLock { state in
      state.lru.remove(key)
      state.generation &+= 1
    }
  }

  /// Removes every entry from both levels and gives the file's free space back.
  public func removeAll() {
    _ = withDisk { try $0.deleteAll() }
    memory.withLock { state in
      state.lru.removeAll()
      state.generation &+= 1
    }
  }

  // MARK: - Sizes

  /// The total ``Entry/size`` of the entries on disk; 0 when the disk level is not in use.
  public var totalDiskSize: Int {
    withDisk { try $0.totals().bytes } ?? 0
  }

  /// The number of entries on disk, or in memory when the disk level is not in use.
  public var entryCount: Int {
    withDisk { try $0.totals().count } ?? memoryEntryCount
  }

  /// The number of entries in memory.
  public var memoryEntryCount: Int {
    memory.withLock { $0.lru.count }
  }

  /// The total ``Entry/size`` of the entries in memory.
  public var memoryByteCount: Int {
    memory.withLock { $0.lru.byteCount }
  }

  // MARK: - Disk plumbing

  /// How often an operation that met `SQLITE_BUSY` (after the busy timeout) is tried again.
  private static let busyRetries = 3

  /// Runs a disk operation, retrying when busy, recovering from corruption, and logging other
  /// failures; returns `nil` when the disk level is off, unavailable, or failed.
  private func withDisk<T: Sendable>(_ operation: (TTSQLiteCacheStore) throws -> T) -> T? {
    guard isDiskCacheEnabled else { return nil }
    return disk.withLock { state -> T? in
      var attempt = 0
      while let store = state.store {
        do {
          return try operation(store)
        } catch let error as TTSQLiteError where error.isBusy && attempt < Self.busyRetries {
          attempt += 1
          Thread.sleep(forTimeInterval: 0.02 * Double(attempt))
        } catch let error as TTSQLiteError where error.isCorruption {
          TTLog.warning(.urlCache, "TTURLCache \"\(name)\": \(error) on \(store.path); recovering.")
          state.store = nil
          state.store = Self.openDisk(
            name: name, directory: directory, path: fileURL.path, problem: &state.problem,
            knownCorruption: error.description)
          return nil
        } catch {
          let message =
            "TTURLCache \"\(name)\": \(error) on \(store.path). The operation counts as a cache miss; "
            + "check free space and permissions."
          state.problem = TTNetworkError(.storage, message, underlying: error as? TTSQLiteError)
          if state.lastLoggedFailure != "\(error)" {
            state.lastLoggedFailure = "\(error)"
            TTLog.warning(.urlCache, message)
          }
          return nil
        }
      }
      return nil
    }
  }

  /// Opens the cache file, moving a damaged one aside; `nil` (with `problem` set and a
  /// warning logged) when the disk cannot be used.
  private static func openDisk(
    name: String, directory: URL, path: String, problem: inout TTNetworkError?, knownCorruption: String? = nil
  ) -> TTSQLiteCacheStore? {
    func unavailable(_ reason: String) -> TTSQLiteCacheStore? {
      let message =
        "TTURLCache \"\(name)\": cannot use the disk at \(path) (\(reason)); keeping entries in memory only. "
        + "Check that the directory exists and is writable."
      problem = TTNetworkError(.cacheUnavailable, message)
      TTLog.warning(.urlCache, message)
      return nil
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return unavailable("cannot create the directory \(directory.path): \(error.localizedDescription)")
    }
    var reason = knownCorruption
    if reason == nil {
      do {
        return try TTSQLiteCacheStore.open(path: path)
      } catch {
        switch error {
        case .unavailable(let why): return unavailable(why)
        case .corrupt(let why): reason = why
        }
      }
    }
    let what = reason ?? "damaged"
    guard let movedTo = moveAside(path) else {
      return unavailable("the file is unusable (\(what)) and could not be moved aside")
    }
    let message =
      "TTURLCache \"\(name)\": \(path) was unusable (\(what)); moved it to \(movedTo) and started an empty cache."
    TTLog.warning(.urlCache, message)
    do {
      let store = try TTSQLiteCacheStore.open(path: path)
      problem = TTNetworkError(.cacheCorrupted, message)
      return store
    } catch {
      switch error {
      case .unavailable(let why): return unavailable(why)
      case .corrupt(let why): return unavailable("a new file is unusable too: \(why)")
      }
    }
  }

  /// Moves a damaged file and its `-wal`, `-shm` and `-journal` companions aside.
  ///
  /// - Returns: The new path of the file, or `nil` when it could not be moved.
  private static func moveAside(_ path: String) -> String? {
    let manager = FileManager.default
    let stamp = timestamp(Date())
    var destination = "\(path).corrupt-\(stamp)"
    var suffix = 2
    while manager.fileExists(atPath: destination) || manager.fileExists(atPath: destination + "-wal") {
      destination = "\(path).corrupt-\(stamp)-\(suffix)"
      suffix += 1
    }
    do {
      try manager.moveItem(atPath: path, toPath: destination)
    } catch {
      return nil
    }
    for companion in ["-wal", "-shm", "-journal"] where manager.fileExists(atPath: path + companion) {
      do {
        try manager.moveItem(atPath: path + companion, toPath: destination + companion)
      } catch {
        // A stale WAL next to a new database would be replayed into it: it must go.
        guard (try? manager.removeItem(atPath: path + companion)) != nil else { return nil }
      }
    }
    return destination
  }

  /// `20250102T030405Z`: a UTC timestamp for file names.
  private static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let number = value ?? 0
      return number < 10 ? "0\(number)" : "\(number)"
    }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))"
      + "\(two(parts.second))Z"
  }
}

extension TTURLCache.Lookup {
  /// A short text for logs.
  fileprivate var summary: String {
    switch self {
    case .fresh: "fresh"
    case .revalidate(_, let headers): "revalidate with \(headers.map(\.name).joined(separator: ", "))"
    case .miss: "miss"
    }
  }
}
