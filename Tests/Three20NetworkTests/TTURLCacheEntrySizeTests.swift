import Foundation
import Testing
import Three20Core

@testable import Three20Network

/// Entries too large to cache are refused with a message that says so, and nothing SQLite
/// reports about them is passed off as a full disk.
@Suite("TTURLCache entry size")
struct TTURLCacheEntrySizeTests {
  /// An entry larger than SQLite stores in one value (1 000 000 000 bytes by default; lowered
  /// here) gets a problem that names the limit, not "NOT NULL constraint failed … check free
  /// space", for small bodies (bound whole) and large ones (written in pieces).
  @Test(arguments: [10_000, 100_000])
  func entriesSQLiteCannotHoldGetAClearProblem(bytes: Int) async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "SQLiteLimit", directory: directory, memoryByteLimit: 0)
      cache.setSQLiteLengthLimit(4096)
      cache.store(makeEntry("big", bytes: bytes))
      let problem = try #require(cache.diskProblem)
      #expect(!problem.message.contains("NOT NULL"), "\(problem)")
      #expect(!problem.message.contains("free space"), "\(problem)")
      #expect(problem.message.contains("4096"), "\(problem)")
      #expect(problem.message.contains("maxEntrySize"), "\(problem)")
      #expect(!cache.hasEntry(forKey: key("big")))
      cache.store(makeEntry("small", bytes: 100))
      #expect(cache.hasEntry(forKey: key("small")))
    }
  }

  /// An entry larger than `maxEntrySize` is stored on neither level, any older copy is
  /// dropped, and the problem names the URL, the size, the limit and the setting to raise; an
  /// entry of exactly the limit is stored.
  @Test func entriesOverTheMaxEntrySizeAreNotStored() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "MaxEntry", directory: directory)
      cache.maxEntrySize = 1000
      let url = "https://example.com/big"
      let fits = makeEntry("big", bytes: 1000 - url.utf8.count)
      #expect(fits.size == 1000)
      #expect(cache.store(fits) == nil)
      #expect(cache.memoryEntryCount == 1)
      #expect(cache.entryCount == 1)
      let over = makeEntry("big", bytes: 1001 - url.utf8.count)
      let problem = try #require(cache.store(over))
      #expect(problem.code == .cacheEntryTooLarge)
      #expect(problem.url == url)
      #expect(problem.message.contains(TTMessageText.quoted(url)), "\(problem)")
      #expect(problem.message.contains("1001 bytes"), "\(problem)")
      #expect(problem.message.contains("maxEntrySize (1000 bytes)"), "\(problem)")
      #expect(problem.message.contains("Raise TTURLCache.maxEntrySize"), "\(problem)")
      #expect(!cache.hasEntry(forKey: key("big")))  // the older copy is gone from both levels
      #expect(cache.memoryEntryCount == 0)
      #expect(cache.entryCount == 0)
      #expect(cache.diskProblem == nil)  // a refused entry is not a disk problem
    }
  }

  /// A body on disk larger than `maxEntrySize` now (stored with a higher limit, or by another
  /// program) is not read into memory: it is a miss, and it is dropped.
  @Test func storedBodiesOverTheLimitAreNotRead() async throws {
    try await withTemporaryDirectory { directory in
      let writer = try TTURLCache(name: "Lowered", directory: directory, memoryByteLimit: 0)
      writer.store(makeEntry("big", bytes: 300_000))
      writer.store(makeEntry("small", bytes: 1_000))
      #expect(writer.entry(forKey: key("big"))?.body.count == 300_000)
      let reader = try TTURLCache(name: "Lowered", directory: directory, memoryByteLimit: 0)
      reader.maxEntrySize = 200_000
      #expect(reader.entry(forKey: key("big")) == nil)
      #expect(!reader.hasEntry(forKey: key("big")))
      #expect(reader.entry(forKey: key("small"))?.body.count == 1_000)
    }
  }

  /// The default is 16 MiB: an entry of exactly that size is stored on disk, one byte more is
  /// not.
  @Test func theDefaultMaxEntrySizeIs16MiB() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "DefaultMax", directory: directory, memoryByteLimit: 0)
      #expect(TTURLCache.defaultMaxEntrySize == 16 * 1024 * 1024)
      #expect(cache.maxEntrySize == TTURLCache.defaultMaxEntrySize)
      #expect(TTURLCache.shared.maxEntrySize == TTURLCache.defaultMaxEntrySize)
      let url = "https://example.com/edge"
      var entry = makeEntry("edge", bytes: TTURLCache.defaultMaxEntrySize - url.utf8.count)
      #expect(entry.size == TTURLCache.defaultMaxEntrySize)
      #expect(cache.store(entry) == nil)
      #expect(cache.entry(forKey: key("edge"))?.body.count == entry.body.count)
      entry.body.append(0)
      #expect(cache.store(entry)?.code == .cacheEntryTooLarge)
      #expect(!cache.hasEntry(forKey: key("edge")))
      cache.maxEntrySize = -5
      #expect(cache.maxEntrySize == 0)
    }
  }

  /// An entry within `maxEntrySize` but over `diskByteLimit` is kept in memory only, and says
  /// which limit kept it off the disk.
  @Test func entriesOverTheDiskLimitSayWhichLimit() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "DiskLimit", directory: directory, diskByteLimit: 500)
      let problem = try #require(cache.store(makeEntry("a", bytes: 600)))
      #expect(problem.code == .cacheEntryTooLarge)
      #expect(problem.message.contains("diskByteLimit (500 bytes)"), "\(problem)")
      #expect(cache.memoryEntryCount == 1)
      #expect(cache.totalDiskSize == 0)
    }
  }

  /// The URL a server or an app supplied is quoted escaped in the problem.
  @Test func urlsInProblemsAreEscaped() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Escaped", directory: directory)
      cache.maxEntrySize = 10
      let url = "https://example.com/\u{1B}[2J\u{1B}]0;x\u{07}"
      let entry = TTURLCache.Entry(key: TTURLCache.key(url: url), url: url, body: Data(count: 100))
      let problem = try #require(cache.store(entry))
      #expect(!problem.message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
      #expect(problem.message.contains(TTMessageText.quoted(url)), "\(problem)")
    }
  }
}
