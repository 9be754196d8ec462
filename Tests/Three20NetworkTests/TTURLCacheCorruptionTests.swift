import Foundation
import Glibc
import InMemoryLogging
import Testing
import Three20Core
import Three20Network

/// A broken cache file never breaks the app: it is moved aside, a warning names it, and an
/// empty cache takes its place; a disk that cannot be used leaves a memory-only cache. (What is
/// not a regular file is never moved: see ``TTURLCacheFileKindTests``.)
///
/// Serialized because the log capture is global to the process.
@Suite("TTURLCache corruption", .serialized)
struct TTURLCacheCorruptionTests {
  /// The files of a directory whose names start with a prefix.
  func files(in directory: URL, startingWith prefix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
      $0.hasPrefix(prefix)
    }
    .sorted()
  }

  /// Opens `name` in `directory`, which holds something broken, and checks the recovery.
  ///
  /// - Returns: The path the broken file was moved to.
  @discardableResult
  func expectRecovery(
    name: String, in directory: URL, reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await withLogCapture { log in
      let cache = try TTURLCache(name: name, directory: directory)
      let problem = try #require(cache.diskProblem, sourceLocation: sourceLocation)
      #expect(problem.code == .cacheCorrupted, sourceLocation: sourceLocation)
      #expect(problem.message.contains(reason), "\(problem.message)", sourceLocation: sourceLocation)
      let path = cache.fileURL.path
      let warnings = log.warnings(containing: path)
      #expect(warnings.count == 1, "\(warnings)", sourceLocation: sourceLocation)
      #expect(warnings.first?.contains("moved it to") == true, sourceLocation: sourceLocation)
      let moved = files(in: directory, startingWith: "\(name).sqlite.corrupt-")
      let main = try #require(
        moved.first { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }, sourceLocation: sourceLocation)
      #expect(problem.message.contains(main), sourceLocation: sourceLocation)
      // The cache works, and what it stores is in a sound new file.
      #expect(cache.isDiskAvailable, sourceLocation: sourceLocation)
      cache.store(makeEntry("after"))
      #expect(cache.entry(forKey: key("after")) != nil, sourceLocation: sourceLocation)
      let reopened = try TTURLCache(name: name, directory: directory)
      #expect(reopened.diskProblem == nil, sourceLocation: sourceLocation)
      #expect(reopened.entry(forKey: key("after")) != nil, sourceLocation: sourceLocation)
      return directory.appendingPathComponent(main).path
    }
  }

  /// A cache with 200 entries of 1 KB, closed again.
  func makeFilledCache(name: String, in directory: URL) throws -> URL {
    let cache = try TTURLCache(name: name, directory: directory)
    for index in 0..<200 { cache.store(makeEntry("f\(index)", bytes: 1000, byte: UInt8(index % 256))) }
    return cache.fileURL
  }

  /// Random bytes are not a database: moved aside unchanged, replaced by an empty cache.
  @Test func randomBytesAreMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      var generator = SeededGenerator(seed: 20)
      let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
      try garbage.write(to: directory.appendingPathComponent("Random.sqlite"))
      let moved = try await expectRecovery(name: "Random", in: directory, reason: "not a database")
      #expect(FileManager.default.contents(atPath: moved) == garbage)
    }
  }

  /// A text file is not a database.
  @Test func textFilesAreMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let text = String(repeating: "This is a note, not a cache.\n", count: 50)
      try Data(text.utf8).write(to: directory.appendingPathComponent("Text.sqlite"))
      try await expectRecovery(name: "Text", in: directory, reason: "not a database")
    }
  }

  /// A file cut short (a crash or a full disk mid-copy) fails the integrity check.
  @Test func truncatedFilesAreMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFilledCache(name: "Truncated", in: directory)
      let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
      #expect(size > 100_000)
      let handle = try FileHandle(forWritingTo: file)
      try handle.truncate(atOffset: UInt64(size * 2 / 5))
      try handle.close()
      try await expectRecovery(name: "Truncated", in: directory, reason: "malformed")
    }
  }

  /// A cache file from another version of the schema is moved aside, not misread.
  @Test(.enabled(if: pythonAvailable)) func unknownSchemaVersionsAreMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let file = try makeFilledCache(name: "Version", in: directory)
      _ = try sqliteQuery(file.path, "PRAGMA user_version = 7")
      try await expectRecovery(name: "Version", in: directory, reason: "unknown schema version 7")
    }
  }

  /// Another program's SQLite database under the cache's name is moved aside, not changed.
  @Test(.enabled(if: pythonAvailable)) func foreignDatabasesAreMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("Foreign.sqlite").path
      _ = try sqliteQuery(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
      let moved = try await expectRecovery(name: "Foreign", in: directory, reason: "something else")
      #expect(try sqliteQuery(moved, "SELECT name FROM sqlite_master") == "notes")
    }
  }

  /// Version 1 with tables of the wrong shape is moved aside.
  @Test(.enabled(if: pythonAvailable)) func mismatchedTablesAreMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("Shape.sqlite").path
      _ = try sqliteQuery(path, "CREATE TABLE entries (key TEXT)")
      _ = try sqliteQuery(path, "PRAGMA user_version = 1")
      try await expectRecovery(name: "Shape", in: directory, reason: "do not match")
    }
  }

  /// The `-wal` and `-shm` files of a broken file go with it, so a stale log is never replayed
  /// into the new file.
  @Test func companionFilesMoveToo() async throws {
    try await withTemporaryDirectory { directory in
      try Data(repeating: 0x42, count: 4096).write(to: directory.appendingPathComponent("Pair.sqlite"))
      try Data(repeating: 0x17, count: 1000).write(to: directory.appendingPathComponent("Pair.sqlite-wal"))
      let moved = try await expectRecovery(name: "Pair", in: directory, reason: "not a database")
      #expect(FileManager.default.contents(atPath: moved + "-wal") == Data(repeating: 0x17, count: 1000))
    }
  }

  /// A file damaged while the cache has it open is recovered at the next disk operation.
  @Test func damageWhileOpenIsRecovered() async throws {
    try await withTemporaryDirectory { directory in
      try await withLogCapture { log in
        let cache = try TTURLCache(name: "Live", directory: directory)
        cache.isMemoryCacheEnabled = false
        for index in 0..<50 { cache.store(makeEntry("l\(index)", bytes: 1000)) }
        // Overwrite the file, its log and its shared-memory index in place, behind SQLite's
        // back; the changed index makes SQLite read the file again.
        for suffix in ["", "-wal", "-shm"] {
          let path = cache.fileURL.path + suffix
          guard FileManager.default.fileExists(atPath: path) else { continue }
          let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
          try handle.write(contentsOf: Data(repeating: 0xEE, count: 100_000))
          try handle.close()
        }
        var results: [Bool] = []
        for index in 0..<5 { results.append(cache.entry(forKey: key("l\(index)")) != nil) }
        #expect(results.contains(false))
        #expect(cache.diskProblem?.code == .cacheCorrupted)
        #expect(!log.warnings(containing: cache.fileURL.path).isEmpty)
        cache.store(makeEntry("fresh"))
        #expect(cache.entry(forKey: key("fresh")) != nil)
        #expect(cache.isDiskAvailable)
      }
    }
  }

  /// A row that cannot be decoded is dropped and reads as a miss; the rest stays.
  @Test(.enabled(if: pythonAvailable)) func undecodableRowsAreDropped() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Rows", directory: directory)
      cache.isMemoryCacheEnabled = false
      cache.store(makeEntry("good"))
      cache.store(makeEntry("bad"))
      let path = cache.fileURL.path
      _ = try sqliteQuery(path, "UPDATE entries SET headers = 'not json' WHERE key = '\(key("bad"))'")
      #expect(cache.entry(forKey: key("bad")) == nil)
      #expect(cache.entry(forKey: key("good")) != nil)
      #expect(try sqliteQuery(path, "SELECT count(*) FROM entries") == "1")
      #expect(cache.diskProblem == nil)
    }
  }

  /// When the directory cannot be created (a file is in the way; even root cannot), the cache
  /// works in memory only and says so once.
  @Test func unusableDirectoriesGiveAMemoryOnlyCache() async throws {
    try await withTemporaryDirectory { directory in
      let blocker = directory.appendingPathComponent("blocker")
      try Data("file".utf8).write(to: blocker)
      let place = blocker.appendingPathComponent("caches")
      try await withLogCapture { log in
        let cache = try TTURLCache(name: "Blocked", directory: place)
        #expect(!cache.isDiskAvailable)
        #expect(cache.diskProblem?.code == .cacheUnavailable)
        for index in 0..<5 { cache.store(makeEntry("m\(index)")) }
        #expect(cache.entry(forKey: key("m3")) != nil)
        cache.invalidateAll()
        #expect(cache.freshEntry(forKey: key("m3")) == nil)
        cache.remove(key: key("m4"))
        #expect(cache.entryCount == 4)
        #expect(cache.totalDiskSize == 0)
        let warnings = log.warnings(containing: cache.fileURL.path)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("memory only") == true)
      }
    }
  }

  /// A read-only directory gives a memory-only cache (only checkable when not root).
  @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
  func readOnlyDirectoriesGiveAMemoryOnlyCache() async throws {
    try await withTemporaryDirectory { directory in
      let place = directory.appendingPathComponent("readonly")
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: place.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: place.path) }
      try await withLogCapture { log in
        let cache = try TTURLCache(name: "ReadOnly", directory: place)
        #expect(!cache.isDiskAvailable)
        #expect(cache.diskProblem?.code == .cacheUnavailable)
        cache.store(makeEntry("m"))
        #expect(cache.entry(forKey: key("m")) != nil)
        #expect(log.warnings(containing: cache.fileURL.path).count == 1)
      }
    }
  }
}
