import Foundation
import Glibc
import InMemoryLogging
import Testing
import Three20Core
import Three20Network
import Three20TestSupport

/// A disk that cannot be written (full, a read-only file, a read-only directory) still serves
/// what the cache file holds, and huge entries are read and written in bounded memory.
///
/// Each case runs its cache in a child process (see ``CacheChild``), which can have a file size
/// limit of 0 or, as root, another user's permissions; the parent prepares the files and
/// checks them afterwards.
@Suite("TTURLCache on a hostile disk")
struct TTURLCacheHostileDiskTests {
  /// The bodies the parent stores before a child opens the file: `c<i>` is 2 000 bytes of `i`.
  static let committed = 0..<10

  static func committedBody(_ index: Int) -> Data {
    Data(repeating: UInt8(index), count: 2000)
  }

  /// Creates the cache `name` in `directory` with the committed entries, and closes it.
  static func prepareCache(_ name: String, in directory: URL) throws -> URL {
    let cache = try TTURLCache(name: name, directory: directory)
    for index in committed {
      cache.store(makeEntry("c\(index)", bytes: 2000, byte: UInt8(index)))
    }
    #expect(cache.entryCount == committed.count)
    return cache.fileURL
  }

  /// Runs a role and fails with the child's output when it failed.
  static func expectChild(
    _ role: String, in directory: URL, unprivileged: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let result = try await onOwnThread { try CacheChild.run(role, in: directory, unprivileged: unprivileged) }
    #expect(
      result.status == 0, "the child playing \(role) failed:\n\(result.output)\n\(result.errors)",
      sourceLocation: sourceLocation)
    // Swift Testing reports on standard error.
    #expect(
      (result.output + result.errors).contains("Test childRole() passed"),
      "the child ran no test:\n\(result.errors)",
      sourceLocation: sourceLocation)
  }

  /// The files of a directory, sorted.
  static func names(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  // MARK: - The parent's side

  /// A cache opened while every write fails (a file size limit of 0 stands for a full disk)
  /// serves every committed entry; stores fail softly with one warning; removals and
  /// invalidations hold meanwhile and reach the file once it can be written again.
  @Test(.timeLimit(.minutes(2)))
  func aFullDiskStillServesCommittedEntries() async throws {
    try await withTemporaryDirectory { directory in
      _ = try Self.prepareCache("Full", in: directory)
      try await Self.expectChild("fullDisk", in: directory)
      let cache = try TTURLCache(name: "Full", directory: directory)
      cache.isMemoryCacheEnabled = false
      #expect(cache.diskProblem == nil)
      #expect(cache.entry(forKey: key("c0"))?.body == Self.committedBody(0))
      #expect(cache.entry(forKey: key("c1")) == nil)  // removed while the disk was full
      #expect(cache.entry(forKey: key("c2")) != nil)
      #expect(cache.freshEntry(forKey: key("c2")) == nil)  // invalidated while the disk was full
      #expect(cache.entry(forKey: key("later"))?.body.count == 10)  // stored once it could be
      #expect(cache.entry(forKey: key("new")) == nil)  // stored in memory only
      #expect(
        Self.names(in: directory).allSatisfy { !$0.contains("corrupt") }, "\(Self.names(in: directory))")
    }
  }

  /// A cache file the user cannot write (mode 444 in a writable directory) is read, not
  /// replaced.
  @Test(.enabled(if: CacheChild.canRunUnprivileged), .timeLimit(.minutes(2)))
  func aReadOnlyFileStillServesReads() async throws {
    try await withTemporaryDirectory { directory in
      let place = directory.appendingPathComponent("cache", isDirectory: true)
      let file = try Self.prepareCache("ReadOnly", in: place)
      let before = try Data(contentsOf: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: place.path)
      try await Self.expectChild("readOnlyFile", in: place, unprivileged: true)
      #expect(try Data(contentsOf: file) == before)
      #expect(Self.names(in: place).allSatisfy { !$0.contains("corrupt") }, "\(Self.names(in: place))")
    }
  }

  /// A cache in a directory the user cannot write is read, not given up.
  @Test(.enabled(if: CacheChild.canRunUnprivileged), .timeLimit(.minutes(2)))
  func aReadOnlyDirectoryStillServesReads() async throws {
    try await withTemporaryDirectory { directory in
      let place = directory.appendingPathComponent("cache", isDirectory: true)
      let file = try Self.prepareCache("ReadOnlyDirectory", in: place)
      let before = try Data(contentsOf: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: place.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: place.path) }
      try await Self.expectChild("readOnlyDirectory", in: place, unprivileged: true)
      #expect(try Data(contentsOf: file) == before)
      #expect(Self.names(in: place) == ["ReadOnlyDirectory.sqlite"])
    }
  }

  /// Storing and reading a 48 MiB entry needs little memory beyond the entry itself.
  @Test(.timeLimit(.minutes(2)))
  func largeEntriesNeedNoCopies() async throws {
    try await withTemporaryDirectory { directory in
      try await Self.expectChild("largeEntry", in: directory)
    }
  }

  // MARK: - The child's side

  /// Plays the role the parent gave; skipped in a normal run.
  @Test(.enabled(if: CacheChild.role != nil, "runs only in a child process"))
  func childRole() async throws {
    let directory = try #require(CacheChild.directory)
    switch CacheChild.role {
    case "fullDisk": try Self.playFullDisk(in: directory)
    case "readOnlyFile": try Self.playReadOnly(name: "ReadOnly", in: directory)
    case "readOnlyDirectory": try Self.playReadOnly(name: "ReadOnlyDirectory", in: directory)
    case "largeEntry": try Self.playLargeEntry(in: directory)
    case "probe": _ = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    default: Issue.record("unknown role \(CacheChild.role ?? "")")
    }
  }

  /// Every committed entry reads back with its body.
  static func expectCommittedEntries(in cache: TTURLCache, sourceLocation: SourceLocation = #_sourceLocation)
  {
    for index in committed {
      #expect(
        cache.entry(forKey: key("c\(index)"))?.body == committedBody(index), "c\(index)",
        sourceLocation: sourceLocation)
    }
  }

  /// Opens a cache that cannot be written, and checks that it serves the committed entries,
  /// keeps new ones in memory, says why once, and honours removals and invalidations.
  static func expectReadOnlyCache(
    _ name: String, in directory: URL, log: InMemoryLogHandler
  ) throws -> TTURLCache {
    let cache = try TTURLCache(name: name, directory: directory)
    #expect(cache.isDiskAvailable)
    #expect(cache.isDiskReadOnly)
    let problem = try #require(cache.diskProblem)
    #expect(problem.code == .cacheReadOnly, "\(problem)")
    #expect(problem.message.contains(TTMessageText.quoted(cache.fileURL.path)), "\(problem)")
    expectCommittedEntries(in: cache)
    #expect(cache.store(makeEntry("new"))?.code == .cacheReadOnly)
    cache.store(makeEntry("new2"))
    #expect(cache.entry(forKey: key("new"))?.body.count == 10)  // from memory
    cache.remove(key: key("c1"))
    #expect(cache.entry(forKey: key("c1")) == nil)
    #expect(!cache.hasEntry(forKey: key("c1")))
    cache.invalidate(key: key("c2"))
    cache.isMemoryCacheEnabled = false  // what follows comes from the file
    #expect(cache.entry(forKey: key("c2"))?.body == committedBody(2))
    #expect(cache.freshEntry(forKey: key("c2")) == nil)
    #expect(cache.entry(forKey: key("c1")) == nil)
    let warnings = log.warnings(containing: cache.fileURL.path)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("can be read but not written") == true)
    return cache
  }

  static func playFullDisk(in directory: URL) throws {
    try withLogCaptureSync { log in
      CacheChild.limitFileSize(to: 0)
      let cache = try expectReadOnlyCache("Full", in: directory, log: log)
      // Space comes back: the next write after the retry interval opens the file for writing,
      // writes what waited, then itself.
      CacheChild.limitFileSize(to: rlim_t.max)  // RLIM_INFINITY
      cache.diskRetryInterval = 0
      #expect(cache.store(makeEntry("later")) == nil)
      #expect(!cache.isDiskReadOnly)
      #expect(cache.diskProblem == nil)
    }
  }

  static func playReadOnly(name: String, in directory: URL) throws {
    #expect(geteuid() == CacheChild.unprivilegedUID)
    try withLogCaptureSync { log in
      let cache = try expectReadOnlyCache(name, in: directory, log: log)
      cache.diskRetryInterval = 0
      #expect(cache.store(makeEntry("still")) != nil)  // tried again, still read-only
      #expect(cache.isDiskReadOnly)
      #expect(log.warnings(containing: cache.fileURL.path).count == 1)
    }
  }

  static func playLargeEntry(in directory: URL) throws {
    let size = 48 << 20  // above glibc's largest mmap threshold, so freeing it shrinks the RSS
    let cache = try TTURLCache(
      name: "Large", directory: directory, memoryByteLimit: 0, diskByteLimit: 1 << 30)
    cache.maxEntrySize = 1 << 30
    var entry = makeEntry("large", bytes: size, byte: 0x5A)
    TTTestProcessMemory.resetPeak()
    var base = TTTestProcessMemory.current
    cache.store(entry)
    let storing = TTTestProcessMemory.peak - base
    #expect(cache.diskProblem == nil)
    entry.body = Data()
    TTTestProcessMemory.resetPeak()
    base = TTTestProcessMemory.current
    let read = cache.entry(forKey: key("large"))
    let reading = TTTestProcessMemory.peak - base
    print("storing a \(size >> 20) MiB entry: +\(storing >> 20) MiB; reading it: +\(reading >> 20) MiB")
    #expect(storing < size / 2, "storing grew the peak by \(storing) bytes")
    #expect(reading < size + size / 2, "reading grew the peak by \(reading) bytes")
    #expect(read?.body.count == size)
    #expect(read?.body == Data(repeating: 0x5A, count: size))
  }
}
