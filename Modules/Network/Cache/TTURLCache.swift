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
/// **Size.** An entry larger than ``maxEntrySize`` (16 MiB by default) is not stored at all,
/// and one larger than ``diskByteLimit`` not on disk; ``store(_:)`` returns why and logs it.
/// Bodies larger than 64 KiB are written and read in pieces, so storing or reading an entry
/// needs little memory beyond the entry itself.
///
/// **The cache never fails the app, and never destroys what it did not write.**
/// - A regular file that is not a database, is damaged, or has an unknown schema version is
///   moved aside to `<name>.sqlite.corrupt-<timestamp>` (with its `-wal`, `-shm` and
///   `-journal` files, and never onto a name that is taken), a warning is logged
///   (`TTLog.Subsystem.urlCache`), and an empty file takes its place.
/// - A directory, symbolic link, FIFO, socket or device at the file's path (or at one of its
///   companions' paths) is left exactly as it is: the cache works in memory only and says so.
/// - A file that can be read but not written (a full disk, a read-only file or directory) is
///   opened read-only: its entries are served, new ones are kept in memory, removals and
///   invalidations are remembered and written later, and writing is tried again at a write
///   once ``diskRetryInterval`` has passed. This is logged once.
/// - If the disk cannot be used at all, the cache keeps working in memory only and logs that
///   once.
///
/// ``diskProblem`` says what happened. Disk errors later on are logged, and the operation acts
/// as a miss.
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
    var maxEntrySize = TTURLCache.defaultMaxEntrySize
    var diskAccessTimeResolution = TTURLCache.defaultDiskAccessTimeResolution
    var diskRetryInterval = TTURLCache.defaultDiskRetryInterval
    var rules = TTHTTPCacheRules.standard
  }

  private struct MemoryState {
    var lru: TTMemoryLRU<Entry>
    /// Bumped by every change, so a disk read never copies an outdated entry into memory.
    var generation: UInt64 = 0
  }

  private struct DiskState {
    /// The open file: read-write, read-only, or `nil` (memory only).
    var store: TTSQLiteCacheStore?
    var problem: TTNetworkError?
    var lastLoggedFailure: String?
    /// Removals and invalidations the file has not taken yet.
    var pending = TTCachePendingChanges()
    /// When the file was last opened, or tried, for writing.
    var lastOpenAttempt = Date()
  }

  /// The default memory byte limit: 8 MiB.
  public static let defaultMemoryByteLimit = 8 * 1024 * 1024
  /// The default number of entries kept in memory: 1 000.
  public static let defaultMemoryEntryLimit = 1000
  /// The default disk byte limit: 100 MiB.
  public static let defaultDiskByteLimit = 100 * 1024 * 1024
  /// The default largest entry stored: 16 MiB.
  ///
  /// Large enough for any feed, page or image an app caches; small enough that a few huge
  /// responses cannot push out hundreds of small ones, and that reading an entry back never
  /// needs more than that much memory.
  public static let defaultMaxEntrySize = 16 * 1024 * 1024
  /// The default time between attempts to open a read-only or missing cache file for writing
  /// again: 30 seconds.
  public static let defaultDiskRetryInterval: TimeInterval = 30
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
  /// The key of the last entry whose skipping was logged, so a response fetched again and again
  /// is logged once.
  private let lastSkippedKey = Mutex<String?>(nil)

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
  /// Opening never fails because of the file: a damaged one is moved aside and replaced, one
  /// that cannot be written is read, and a disk that cannot be used at all (or something other
  /// than a regular file at the path) leaves the cache in memory only (see ``diskProblem``).
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
        "TTURLCache name \(TTMessageText.quoted(name)) cannot be a file name: use 1 to 200 bytes without "
          + "\"/\" or NUL, other than \".\" and \"..\".")
    }
    if let directory, !directory.isFileURL {
      throw invalid(
        "TTURLCache directory \(TTMessageText.quoted(directory.absoluteString)) is not a file URL: "
          + "pass URL(fileURLWithPath:).")
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
    let opened = Self.openDisk(name: name, directory: directory, path: fileURL.path)
    state.store = opened.store
    state.problem = opened.problem
    if let problem = opened.problem {
      TTLog.warning(.urlCache, problem.message)
      state.lastLoggedFailure = problem.message
    }
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

  /// The largest entry stored, in bytes (``Entry/size``); default ``defaultMaxEntrySize``
  /// (16 MiB).
  ///
  /// ``store(_:)`` skips a larger entry on both levels (dropping any older copy, which is out
  /// of date), logs a warning that names its URL, its size and this limit, and returns the
  /// reason, ``TTNetworkError/Code/cacheEntryTooLarge``. Reading an entry back holds it whole
  /// in memory, so this is also the most memory one read needs. SQLite stores at most
  /// 1 000 000 000 bytes in one value: above that the disk level refuses an entry whatever
  /// this limit says.
  ///
  /// ```swift
  /// cache.maxEntrySize = 64 * 1024 * 1024   // cache responses of up to 64 MiB
  /// ```
  public var maxEntrySize: Int {
    get { settings.withLock { $0.maxEntrySize } }
    set { settings.withLock { $0.maxEntrySize = max(0, newValue) } }
  }

  /// How long after the disk level could not be opened for writing (a full disk, a read-only
  /// file or directory) a write tries again, in seconds; default
  /// ``defaultDiskRetryInterval`` (30 s).
  ///
  /// Meanwhile a read-only file still serves reads; writes go to memory only. `0` tries at
  /// every write; a negative value or NaN counts as `0`.
  public var diskRetryInterval: TimeInterval {
    get { settings.withLock { $0.diskRetryInterval } }
    set { settings.withLock { $0.diskRetryInterval = newValue > 0 ? newValue : 0 } }
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

  /// Whether the disk level is open, for reading at least; `false` when the cache runs in
  /// memory only.
  public var isDiskAvailable: Bool {
    disk.withLock { $0.store != nil }
  }

  /// Whether the disk level is open but cannot be written (a full disk, a read-only file or
  /// directory): entries on disk are served, new ones are kept in memory only.
  public var isDiskReadOnly: Bool {
    disk.withLock { $0.store.map { !$0.isWritable } ?? false }
  }

  /// The last problem the disk level had, or `nil`.
  ///
  /// ``TTNetworkError/Code/cacheCorrupted``: the file was moved aside and replaced (the
  /// message names both files). ``TTNetworkError/Code/cacheReadOnly``: the file is served but
  /// cannot be written. ``TTNetworkError/Code/cacheUnavailable``: the cache runs in memory
  /// only (the message says why, and names what is at the path when that is not a regular
  /// file). ``TTNetworkError/Code/storage``: an operation failed (disk full, I/O error, a lock
  /// held too long, an entry larger than SQLite allows) and acted as a miss. Once the file is
  /// opened for writing again, a read-only or unavailable problem is cleared.
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
    TTLog.debug(
      .urlCache, "lookup \(TTMessageText.quoted(key)) with policy \(policy.rawValue): \(result.summary)")
    return result
  }

  /// Whether either level has an entry for a key, fresh or not; does not mark it used.
  ///
  /// - Parameter key: The cache key.
  /// - Returns: `true` when memory or disk has it.
  public func hasEntry(forKey key: String) -> Bool {
    let enabled = settings.withLock { ($0.isMemoryCacheEnabled, $0.isDiskCacheEnabled) }
    if enabled.0, memory.withLock({ $0.lru.contains(key) }) { return true }
    guard enabled.1 else { return false }
    return disk.withLock { state in
      guard !state.pending.hides(key: key), let store = state.store,
        case .success(let found) = perform(on: store, in: &state, { try $0.contains(key: key) })
      else { return false }
      return found
    }
  }

  private func entry(forKey key: String, fromMemory: Bool, fromDisk: Bool) -> Entry? {
    let (memoryOn, diskOn, resolution, largest) = settings.withLock {
      ($0.isMemoryCacheEnabled, $0.isDiskCacheEnabled, $0.diskAccessTimeResolution, $0.maxEntrySize)
    }
    let (hit, generation) = memory.withLock { state in
      (fromMemory && memoryOn ? state.lru.get(key) : nil, state.generation)
    }
    if let hit {
      TTLog.debug(.urlCache, "memory hit \(TTMessageText.quoted(key))")
      return hit
    }
    guard fromDisk, diskOn,
      let found = disk.withLock({ state -> Entry? in
        guard let store = state.store,
          case .success(let read?) = perform(
            on: store, in: &state,
            {
              try $0.read(key: key, now: Date(), accessResolution: resolution, maxBodySize: largest)
            })
        else { return nil }
        return state.pending.apply(to: read)
      })
    else {
      return nil
    }
    TTLog.debug(.urlCache, "disk hit \(TTMessageText.quoted(key))")
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
  /// An entry larger than ``maxEntrySize`` is not stored, and any older copy is dropped from
  /// both levels. The memory level skips an entry larger than an eighth of
  /// ``memoryByteLimit``; the disk level skips one larger than ``diskByteLimit`` (and drops the
  /// older copy), and otherwise evicts the least recently used entries until the total fits. A
  /// disk failure is logged and leaves the memory copy.
  ///
  /// ```swift
  /// if let problem = cache.store(entry), problem.code == .cacheEntryTooLarge {
  ///   print(problem)   // names the URL, its size, the limit and how to raise it
  /// }
  /// ```
  ///
  /// - Parameter entry: The entry; ``TTHTTPCacheRules/entry(key:url:method:status:requestHeaders:responseHeaders:body:policy:now:)``
  ///   builds one from a response.
  /// - Returns: `nil` when the entry went to every level that is on (the memory level's
  ///   eighth aside), or why it did not: ``TTNetworkError/Code/cacheEntryTooLarge`` (larger
  ///   than ``maxEntrySize``, or than ``diskByteLimit`` for the disk level), or the disk
  ///   level's problem (``TTNetworkError/Code/cacheReadOnly``,
  ///   ``TTNetworkError/Code/cacheUnavailable``, ``TTNetworkError/Code/storage``) when only
  ///   the memory level has it.
  @discardableResult
  public func store(_ entry: Entry) -> TTNetworkError? {
    let (memoryOn, diskOn, limit, largest) = settings.withLock {
      ($0.isMemoryCacheEnabled, $0.isDiskCacheEnabled, $0.diskByteLimit, $0.maxEntrySize)
    }
    if entry.size > largest {
      let problem = tooLarge(entry, limit: largest, setting: "maxEntrySize", what: "are not cached")
      if diskOn { _ = withWritableDisk(.remove(key: entry.key)) { try $0.delete(key: entry.key) } }
      memory.withLock { state in
        state.lru.remove(entry.key)
        state.generation &+= 1
      }
      return problem
    }
    var problem: TTNetworkError?
    if diskOn {
      if entry.size <= limit {
        // If the write fails, the older copy the file keeps must not be served as fresh.
        let outdated = TTCachePendingChanges.Change.invalidate(
          key: entry.key, storedBefore: .distantPast, expiresAt: .distantPast)
        switch withWritableDisk(outdated, { try $0.write(entry, now: Date(), byteLimit: limit) }) {
        case .success(let evicted) where !evicted.isEmpty:
          TTLog.debug(
            .urlCache, "evicted \(evicted.count) entries from \(TTMessageText.quoted(fileURL.path))")
        case .failure(let failure):
          problem = failure
        default:
          break
        }
      } else {
        problem = tooLarge(entry, limit: limit, setting: "diskByteLimit", what: "are not kept on disk")
        _ = withWritableDisk(.remove(key: entry.key)) { try $0.delete(key: entry.key) }
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
    return problem
  }

  /// The problem of an entry over a size limit, logged once for a key in a row.
  private func tooLarge(_ entry: Entry, limit: Int, setting: String, what: String) -> TTNetworkError {
    let message =
      "TTURLCache \(TTMessageText.quoted(name)): not storing \(TTMessageText.quoted(entry.url)) "
      + "(\(entry.size) bytes): entries larger than \(setting) (\(limit) bytes) \(what). "
      + "Raise TTURLCache.\(setting) to cache it."
    let isNew = lastSkippedKey.withLock { last in
      defer { last = entry.key }
      return last != entry.key
    }
    if isNew { TTLog.warning(.urlCache, message) }
    return TTNetworkError(.cacheEntryTooLarge, message, url: entry.url)
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
      .etags,
      "refreshed \(TTMessageText.quoted(key)) after 304; expires \(updated.expiresAt.map { "\($0)" } ?? "by age")"
    )
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
    _ = withWritableDisk(.invalidate(key: key, storedBefore: backdated, expiresAt: now)) {
      try $0.invalidate(key: key, storedBefore: backdated, expiresAt: now)
    }
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
    _ = withWritableDisk(.remove(key: key)) { try $0.delete(key: key) }
    memory.withLock { state in
      state.lru.remove(key)
      state.generation &+= 1
    }
  }

  /// Removes every entry from both levels and gives the file's free space back.
  public func removeAll() {
    _ = withWritableDisk(.removeAll) { try $0.deleteAll() }
    memory.withLock { state in
      state.lru.removeAll()
      state.generation &+= 1
    }
  }

  // MARK: - Sizes

  /// The total ``Entry/size`` of the entries on disk; 0 when the disk level is not in use.
  ///
  /// While the file cannot be written, this counts entries whose removal is waiting.
  public var totalDiskSize: Int {
    (try? withDisk { try $0.totals().bytes }?.get()) ?? 0
  }

  /// The number of entries on disk, or in memory when the disk level is not in use.
  ///
  /// While the file cannot be written, this counts entries whose removal is waiting.
  public var entryCount: Int {
    (try? withDisk { try $0.totals().count }?.get()) ?? memoryEntryCount
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

  /// Lowers SQLite's largest value for the open file; for tests.
  func setSQLiteLengthLimit(_ bytes: Int32) {
    disk.withLock { $0.store?.setLengthLimit(bytes) }
  }

  /// How often an operation that met `SQLITE_BUSY` (after the busy timeout) is tried again.
  private static let busyRetries = 3

  /// The name for messages: `TTURLCache "Feeds"`.
  private static func label(_ name: String) -> String {
    "TTURLCache \(TTMessageText.quoted(name))"
  }

  /// Runs a disk operation that only reads; `nil` when the disk level is off or unavailable.
  private func withDisk<T: Sendable>(
    _ operation: @Sendable (TTSQLiteCacheStore) throws -> T
  ) -> Result<T, TTNetworkError>? {
    guard isDiskCacheEnabled else { return nil }
    return disk.withLock { state in
      guard let store = state.store else { return nil }
      return perform(on: store, in: &state, operation)
    }
  }

  /// Runs a disk operation that writes; `nil` when the disk level is off.
  ///
  /// While the file cannot be written, a write opens it for writing again once
  /// ``diskRetryInterval`` has passed. The changes waiting from earlier failures are written
  /// first. When the write cannot be done, `change` (a removal or invalidation) is kept to be
  /// applied to reads and written later, and the failure is returned.
  private func withWritableDisk<T: Sendable>(
    _ change: TTCachePendingChanges.Change?, _ operation: @Sendable (TTSQLiteCacheStore) throws -> T
  ) -> Result<T, TTNetworkError>? {
    let (enabled, interval) = settings.withLock { ($0.isDiskCacheEnabled, $0.diskRetryInterval) }
    guard enabled else { return nil }
    return disk.withLock { state in
      if state.store?.isWritable != true, Date().timeIntervalSince(state.lastOpenAttempt) >= interval {
        reopenForWriting(&state)
      }
      guard let store = state.store, store.isWritable else {
        // A file that is read keeps what it had: remember the change so reads honour it.
        if state.store != nil, let change { state.pending.record(change) }
        return .failure(
          state.problem
            ?? TTNetworkError(.cacheUnavailable, "\(Self.label(name)): the disk level is not in use."))
      }
      if !state.pending.isEmpty {
        let waiting = state.pending
        let written = perform(on: store, in: &state) { store in
          var pending = waiting
          try pending.write(to: store)
        }
        if case .failure(let failure) = written {
          // All of it still waits: writing a change twice does no harm.
          if let change { state.pending.record(change) }
          return .failure(failure)
        }
        state.pending = TTCachePendingChanges()
        TTLog.info(.urlCache, "\(Self.label(name)): wrote the removals and invalidations that were waiting")
      }
      let result = perform(on: store, in: &state, operation)
      if case .failure = result, let change, state.store === store { state.pending.record(change) }
      return result
    }
  }

  /// Opens the file for writing again, keeping the current store when that fails.
  private func reopenForWriting(_ state: inout DiskState) {
    state.lastOpenAttempt = Date()
    let opened = Self.openDisk(name: name, directory: directory, path: fileURL.path, readOnlyFallback: false)
    guard let store = opened.store else {
      if state.store == nil, let problem = opened.problem { note(problem, in: &state) }
      return
    }
    state.store = store
    state.problem = opened.problem
    state.lastLoggedFailure = nil
    if let problem = opened.problem {
      TTLog.warning(.urlCache, problem.message)
    } else {
      TTLog.info(.urlCache, "\(Self.label(name)): \(TTMessageText.quoted(fileURL.path)) can be written again")
    }
  }

  /// Records a problem and logs it unless it is the one logged last.
  private func note(_ problem: TTNetworkError, in state: inout DiskState) {
    state.problem = problem
    if state.lastLoggedFailure != problem.message {
      state.lastLoggedFailure = problem.message
      TTLog.warning(.urlCache, problem.message)
    }
  }

  /// Runs an operation on the open store, retrying when busy, recovering from corruption (when
  /// the file can be written), and logging other failures.
  private func perform<T: Sendable>(
    on store: TTSQLiteCacheStore, in state: inout DiskState,
    _ operation: @Sendable (TTSQLiteCacheStore) throws -> T
  ) -> Result<T, TTNetworkError> {
    var attempt = 0
    while true {
      do {
        return .success(try operation(store))
      } catch let error as TTSQLiteError where error.isBusy && attempt < Self.busyRetries {
        attempt += 1
        Thread.sleep(forTimeInterval: 0.02 * Double(attempt))
      } catch let error as TTSQLiteError where error.isCorruption && store.isWritable {
        TTLog.warning(
          .urlCache, "\(Self.label(name)): \(error) on \(TTMessageText.quoted(store.path)); recovering.")
        state.store = nil
        let opened = Self.openDisk(
          name: name, directory: directory, path: fileURL.path, knownCorruption: error.description)
        state.store = opened.store
        if let problem = opened.problem { note(problem, in: &state) }
        return .failure(
          opened.problem
            ?? TTNetworkError(.cacheCorrupted, "\(Self.label(name)): \(error)", underlying: error))
      } catch {
        let sqlite = error as? TTSQLiteError
        let message =
          "\(Self.label(name)): \(error) on \(TTMessageText.quoted(store.path)). The operation counts as a "
          + "cache miss. \(sqlite?.advice ?? "")"
        let problem = TTNetworkError(.storage, message, underlying: sqlite)
        // One warning for each kind of failure in a row, not one for each operation.
        let kind = "\(sqlite?.code ?? 0) \(sqlite?.operation ?? "")"
        state.problem = problem
        if state.lastLoggedFailure != kind {
          state.lastLoggedFailure = kind
          TTLog.warning(.urlCache, message)
        }
        return .failure(problem)
      }
    }
  }

  /// What opening the file gave: a store (read-write or read-only) or none, and the problem
  /// to report.
  private struct Opened {
    var store: TTSQLiteCacheStore?
    var problem: TTNetworkError?
  }

  /// Opens the cache file, moving a damaged one aside, and falling back to reading a file that
  /// cannot be written; logs nothing (the caller does).
  ///
  /// - Parameters:
  ///   - knownCorruption: Why the open file was found damaged, when it was.
  ///   - readOnlyFallback: Whether to open the file read-only when it cannot be written.
  private static func openDisk(
    name: String, directory: URL, path: String, knownCorruption: String? = nil, readOnlyFallback: Bool = true
  ) -> Opened {
    let title = label(name)
    let quotedPath = TTMessageText.quoted(path)
    func memoryOnly(_ reason: String) -> Opened {
      Opened(
        problem: TTNetworkError(
          .cacheUnavailable,
          "\(title): cannot use the disk at \(quotedPath) (\(reason)); keeping entries in memory only. "
            + "Check that the directory exists and is writable, and that the disk has free space."))
    }
    func refused(_ found: String, _ kind: String) -> Opened {
      Opened(
        problem: TTNetworkError(
          .cacheUnavailable,
          "\(title): \(TTMessageText.quoted(found)) is \(kind), not a cache file; it was left as it is, and "
            + "the cache keeps entries in memory only. Move it out of the way, or give the cache another "
            + "name or directory."))
    }
    func readOnly(_ why: String) -> Opened {
      guard readOnlyFallback else { return memoryOnly(why) }
      var notes = ""
      var store: TTSQLiteCacheStore?
      do {
        store = try TTSQLiteCacheStore.open(path: path, access: .readOnly)
      } catch {
        // Reading with locks needs a -shm file that can be created and grown; without one,
        // read the database file alone.
        store = try? TTSQLiteCacheStore.open(path: path, access: .immutable)
        if store != nil, (TTCacheFile.size(of: path + "-wal") ?? 0) > 0 {
          notes = " Changes still in its -wal file are not seen until then."
        }
      }
      guard let store else { return memoryOnly(why) }
      return Opened(
        store: store,
        problem: TTNetworkError(
          .cacheReadOnly,
          "\(title): \(quotedPath) can be read but not written (\(why)); serving the entries it holds, "
            + "keeping new ones in memory only, and trying to write again later.\(notes) Free some space "
            + "on the disk, or make the file and its directory writable."))
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return memoryOnly(
        "cannot create the directory \(TTMessageText.quoted(directory.path)): "
          + TTMessageText.escaped(error.localizedDescription, limit: 300))
    }
    var reason = knownCorruption
    if reason == nil {
      do {
        return Opened(store: try TTSQLiteCacheStore.open(path: path))
      } catch {
        switch error {
        case .unavailable(let why): return readOnly(why)
        case .notAFile(let found, let kind): return refused(found, kind)
        case .corrupt(let why): reason = why
        }
      }
    }
    let what = reason ?? "damaged"
    let movedTo: String
    switch moveAside(path, stamp: timestamp(Date())) {
    case .moved(let destination): movedTo = destination
    case .refused(let found, let kind): return refused(found, kind)
    case .failed(let why):
      return memoryOnly("the file is unusable (\(what)) and could not be moved aside: \(why)")
    }
    let message =
      "\(title): \(quotedPath) was unusable (\(what)); moved it to \(TTMessageText.quoted(movedTo)) and "
      + "started an empty cache."
    do {
      return Opened(
        store: try TTSQLiteCacheStore.open(path: path), problem: TTNetworkError(.cacheCorrupted, message))
    } catch {
      switch error {
      case .unavailable(let why): return memoryOnly("\(message) But the new file is unusable: \(why)")
      case .notAFile(let found, let kind): return refused(found, kind)
      case .corrupt(let why): return memoryOnly("\(message) But the new file is unusable too: \(why)")
      }
    }
  }

  /// How moving a damaged file aside went.
  enum MoveAside: Equatable {
    /// Moved, with its companions, to this path.
    case moved(String)
    /// Refused: this path (the file or a companion) is not a regular file but this kind.
    case refused(path: String, kind: String)
    /// Nothing was moved (or what was moved was put back): the reason.
    case failed(String)
  }

  /// Moves a damaged file and its `-wal`, `-shm` and `-journal` companions aside, to
  /// `<path>.corrupt-<stamp>` (or `…-2`, `…-3`, … when that name is taken).
  ///
  /// Only regular files are moved, and never onto a name that is taken, so nothing is ever
  /// replaced or deleted. When a companion cannot be moved, what was moved is put back: a
  /// stale `-wal` next to a new database would be replayed into it.
  static func moveAside(_ path: String, stamp: String) -> MoveAside {
    if let found = TTCacheFile.firstNonRegular(path) {
      return .refused(path: found.path, kind: found.kind)
    }
    let suffixes = TTCacheFile.companionSuffixes.filter { TTFileSafety.examine(path + $0).isRegularFile }
    for attempt in 1...100 {
      let destination = "\(path).corrupt-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)")
      let isFree = ([""] + TTCacheFile.companionSuffixes).allSatisfy {
        TTFileSafety.examine(destination + $0) == .missing
      }
      guard isFree else { continue }
      switch TTFileSafety.moveWithoutReplacing(path, to: destination) {
      case .taken: continue
      case .failed(let why): return .failed("moving \(TTMessageText.quoted(path)): \(why)")
      case .moved: break
      }
      var moved = [""]
      for suffix in suffixes {
        switch TTFileSafety.moveWithoutReplacing(path + suffix, to: destination + suffix) {
        case .moved:
          moved.append(suffix)
        case .taken, .failed:
          for done in moved.reversed() {
            _ = TTFileSafety.moveWithoutReplacing(destination + done, to: path + done)
          }
          return .failed("could not move \(TTMessageText.quoted(path + suffix)) with it")
        }
      }
      return .moved(destination)
    }
    return .failed("the names \(TTMessageText.quoted("\(path).corrupt-\(stamp)")) to …-100 are all taken")
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
