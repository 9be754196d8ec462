import CSQLiteBench
import Foundation
import Three20Network

/// TTURLCache hits over 100 000 stored 2 KB responses: disk hits against raw prepared SQLite
/// point SELECTs on the same file, and memory hits against our disk hits.
enum CacheBenchmarks {
  static let entryCount = 100_000
  static let bodyBytes = 2048
  /// The keys the memory benchmark cycles through: as many as the memory level holds by default.
  static let hotCount = TTURLCache.defaultMemoryEntryLimit

  static func run() {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("three20-bench-cache-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache: TTURLCache
    do {
      cache = try TTURLCache(name: "bench", directory: directory, diskByteLimit: 1 << 30)
    } catch {
      print("network.cache: cannot create the cache: \(error)")
      return
    }
    guard cache.isDiskAvailable else {
      print("network.cache: the cache has no disk level: \(cache.diskProblem.map { "\($0)" } ?? "?")")
      return
    }

    // 100 000 entries, each a 2 KB body with a content type and an ETag, written to disk only.
    cache.isMemoryCacheEnabled = false
    var generator = SplitMix(seed: 11)
    let urls = (0..<entryCount).map { "https://example.com/items/\($0)?size=\(bodyBytes)" }
    let keys = urls.map { TTURLCache.key(url: $0) }
    let clock = ContinuousClock()
    let fillStart = clock.now
    for index in 0..<entryCount {
      var body = [UInt8](repeating: 0, count: bodyBytes)
      for offset in stride(from: 0, to: bodyBytes, by: 8) {
        withUnsafeBytes(of: generator.next()) { body.replaceSubrange(offset..<offset + 8, with: $0) }
      }
      let etag = "\"v\(index)\""
      cache.store(
        TTURLCache.Entry(
          key: keys[index], url: urls[index], body: Data(body),
          headers: ["Content-Type": "application/octet-stream", "ETag": etag], etag: etag))
    }
    let fillSeconds = seconds(clock.now - fillStart)

    // Every key once, in an order unrelated to the insertion order.
    var order = Array(0..<entryCount)
    for index in stride(from: order.count - 1, to: 0, by: -1) {
      order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
    }
    let shuffledKeys = order.map { keys[$0] }

    guard let raw = RawSelect(path: cache.fileURL.path) else { return }
    let rawRun = measure(minimumRuns: 3) {
      var total = 0
      for key in shuffledKeys { total &+= raw.lookup(key) }
      guard total == entryCount * bodyBytes else { fatalError("raw SELECT read \(total) body bytes") }
    }
    let diskRun = measure(minimumRuns: 3) {
      var total = 0
      for key in shuffledKeys { total &+= cache.entry(forKey: key)?.body.count ?? 0 }
      guard total == entryCount * bodyBytes else { fatalError("disk hits read \(total) body bytes") }
    }
    let rawRate = Double(entryCount) / rawRun.seconds
    let diskRate = Double(entryCount) / diskRun.seconds

    // Memory hits: the memory level on with its default limits, holding the hot keys (disk hits
    // copy entries into memory), each checked to be served from memory alone.
    cache.isMemoryCacheEnabled = true
    let hotKeys = Array(shuffledKeys.prefix(hotCount))
    for key in hotKeys { _ = cache.entry(forKey: key) }
    for key in hotKeys where cache.lookup(key: key, policy: .memory).entry == nil {
      print("network.cache-memory: \(key) is not in the memory level; the benchmark is broken")
      return
    }
    let rounds = 100
    let memoryRun = measure(minimumRuns: 3) {
      var total = 0
      for _ in 0..<rounds {
        for key in hotKeys { total &+= cache.entry(forKey: key)?.body.count ?? 0 }
      }
      guard total == rounds * hotCount * bodyBytes else { fatalError("memory hits read \(total) body bytes") }
    }
    let memoryNanoseconds = memoryRun.seconds / Double(rounds * hotCount) * 1e9
    let diskNanoseconds = 1e9 / diskRate

    print(
      "network.cache-disk: \(entryCount) entries of \(bodyBytes) bytes in \(cache.fileURL.lastPathComponent), "
        + "every key once in random order")
    print(
      "  filled with TTURLCache.store in \(format(fillSeconds)) s (\(format(Double(entryCount) / fillSeconds)) stores/s)")
    print("  ours (entry(forKey:), memory level off): \(format(diskRate)) lookups/s")
    print("  anchor (raw prepared SELECT of the same columns): \(format(rawRate)) lookups/s")
    report(
      "network.cache-disk", ours: diskRate, anchorName: "sqlite3-select", anchor: rawRate, unit: "lookups/s",
      higherIsBetter: true)
    print("network.cache-memory: \(hotCount) hot keys in the memory level (default limits), \(rounds) rounds")
    print("  ours (entry(forKey:), memory hit): \(format(memoryNanoseconds)) ns per lookup")
    print("  anchor (our disk hit):              \(format(diskNanoseconds)) ns per lookup")
    report(
      "network.cache-memory", ours: memoryNanoseconds, anchorName: "disk-hit", anchor: diskNanoseconds,
      unit: "ns", higherIsBetter: false)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// The anchor: a second SQLite connection to the cache's file, one prepared point SELECT of the
/// columns an entry is made of, bound, stepped, read and reset for every lookup.
final class RawSelect {
  private let database: OpaquePointer
  private let statement: OpaquePointer

  init?(path: String) {
    var database: OpaquePointer?
    guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
      let database
    else {
      print("network.cache-disk: cannot open \(path) with SQLite")
      return nil
    }
    var statement: OpaquePointer?
    let sql = """
      SELECT url, status, headers, etag, last_modified, stored_at, expires_at, body FROM entries WHERE key = ?1
      """
    guard sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
      let statement
    else {
      print("network.cache-disk: cannot prepare the SELECT: \(String(cString: sqlite3_errmsg(database)))")
      sqlite3_close_v2(database)
      return nil
    }
    self.database = database
    self.statement = statement
  }

  deinit {
    sqlite3_finalize(statement)
    sqlite3_close_v2(database)
  }

  /// Looks one key up and returns the body's length (0 when absent).
  func lookup(_ key: String) -> Int {
    var key = key
    return key.withUTF8 { bytes -> Int in
      defer { sqlite3_reset(statement) }
      bytes.withMemoryRebound(to: CChar.self) { text in
        _ = sqlite3_bind_text(statement, 1, text.baseAddress, Int32(text.count), nil)
      }
      guard sqlite3_step(statement) == SQLITE_ROW else { return 0 }
      var seen = 0
      for column in Int32(0)..<8 {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_TEXT: seen &+= Int(bitPattern: sqlite3_column_text(statement, column)) & 1
        case SQLITE_BLOB: seen &+= Int(bitPattern: sqlite3_column_blob(statement, column)) & 1
        case SQLITE_INTEGER: seen &+= Int(sqlite3_column_int64(statement, column)) & 1
        case SQLITE_FLOAT: seen &+= sqlite3_column_double(statement, column) > 0 ? 1 : 0
        default: break
        }
      }
      blackHole(seen)
      return Int(sqlite3_column_bytes(statement, 7))
    }
  }
}
