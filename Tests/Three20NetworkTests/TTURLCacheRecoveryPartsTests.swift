import Foundation
import Testing
import Three20Core

@testable import Three20Network

/// The parts of the cache's recovery on their own: the bounded list of changes a read-only file
/// has not taken, and moving a damaged file aside.
@Suite("TTURLCache recovery parts")
struct TTURLCacheRecoveryPartsTests {
  /// An entry stored at 1 000 s, fresh until 5 000 s.
  func entry(_ name: String) -> TTURLCache.Entry {
    makeEntry(name, storedAt: Date(timeIntervalSince1970: 1000), expiresAt: Date(timeIntervalSince1970: 5000))
  }

  /// Removals hide entries; invalidations move their dates back, the earliest winning.
  @Test func waitingChangesApplyToReads() {
    var pending = TTCachePendingChanges()
    #expect(pending.isEmpty)
    pending.record(.remove(key: key("a")))
    pending.record(
      .invalidate(
        key: key("b"), storedBefore: Date(timeIntervalSince1970: 500),
        expiresAt: Date(timeIntervalSince1970: 2000)))
    pending.record(
      .invalidate(
        key: key("b"), storedBefore: Date(timeIntervalSince1970: 800),
        expiresAt: Date(timeIntervalSince1970: 1500)))
    pending.record(.invalidate(key: key("a"), storedBefore: .distantPast, expiresAt: .distantPast))
    #expect(pending.apply(to: entry("a")) == nil)
    #expect(pending.hides(key: key("a")))
    let b = pending.apply(to: entry("b"))
    #expect(b?.storedAt == Date(timeIntervalSince1970: 500))
    #expect(b?.expiresAt == Date(timeIntervalSince1970: 1500))
    #expect(pending.apply(to: entry("c")) == entry("c"))
    pending.record(
      .invalidate(
        key: nil, storedBefore: Date(timeIntervalSince1970: 900), expiresAt: Date(timeIntervalSince1970: 3000)
      ))
    #expect(pending.apply(to: entry("c"))?.expiresAt == Date(timeIntervalSince1970: 3000))
    pending.record(.removeAll)
    #expect(pending.apply(to: entry("c")) == nil)
    #expect(pending.count == 1)
  }

  /// Past the key limit, waiting invalidations fold into one invalidation of everything: the
  /// list stays bounded whatever an app asks for while the file cannot be written.
  @Test func manyInvalidationsFoldIntoOne() {
    var pending = TTCachePendingChanges()
    for index in 0...TTCachePendingChanges.keyLimit {
      pending.record(
        .invalidate(
          key: "k\(index)", storedBefore: Date(timeIntervalSince1970: 700),
          expiresAt: Date(timeIntervalSince1970: 900)))
    }
    #expect(pending.count == 1)
    #expect(pending.apply(to: entry("any"))?.expiresAt == Date(timeIntervalSince1970: 900))
    #expect(pending.apply(to: entry("any")) != nil)
  }

  /// Past the key limit, waiting removals become a removal of everything (more than was asked,
  /// never less).
  @Test func manyRemovalsFoldIntoRemovingEverything() {
    var pending = TTCachePendingChanges()
    for index in 0...TTCachePendingChanges.keyLimit {
      pending.record(.remove(key: "k\(index)"))
    }
    #expect(pending.count == 1)
    #expect(pending.removesAll)
    #expect(pending.apply(to: entry("any")) == nil)
  }

  /// The file and its companions go to the first name free for all of them; nothing at a taken
  /// name changes.
  @Test func movingAsideSkipsNamesTakenForAnyCompanion() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("Aside.sqlite").path
      try Data("main".utf8).write(to: URL(fileURLWithPath: path))
      try Data("log".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
      // Only the -wal name of the first choice is taken.
      try Data("someone's".utf8).write(to: URL(fileURLWithPath: "\(path).corrupt-S-wal"))
      #expect(TTURLCache.moveAside(path, stamp: "S") == .moved("\(path).corrupt-S-2"))
      #expect(FileManager.default.contents(atPath: "\(path).corrupt-S-2") == Data("main".utf8))
      #expect(FileManager.default.contents(atPath: "\(path).corrupt-S-2-wal") == Data("log".utf8))
      #expect(FileManager.default.contents(atPath: "\(path).corrupt-S-wal") == Data("someone's".utf8))
      #expect(!FileManager.default.fileExists(atPath: "\(path).corrupt-S"))
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
  }

  /// A companion that is not a regular file stops the move before anything moves.
  @Test func movingAsideRefusesWhatIsNotAFile() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("Refused.sqlite").path
      try Data("main".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.createSymbolicLink(atPath: path + "-shm", withDestinationPath: "/dev/zero")
      #expect(
        TTURLCache.moveAside(path, stamp: "S")
          == .refused(path: path + "-shm", kind: "a symbolic link to a character device (\"/dev/zero\")"))
      #expect(FileManager.default.contents(atPath: path) == Data("main".utf8))
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + "-shm") == "/dev/zero")
    }
  }
}
