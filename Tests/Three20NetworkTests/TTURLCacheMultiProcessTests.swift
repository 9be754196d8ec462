import Foundation
import Testing
import Three20Core
import Three20Network

/// A second process (Python's sqlite3 module: real SQLite, an independent client) writes and
/// reads the cache file the whole time this process does.
@Suite("TTURLCache with two processes", .enabled(if: pythonAvailable, "needs /usr/bin/python3"))
struct TTURLCacheMultiProcessTests {
  /// Writes `py-<n>` rows as fast as it can, in `BEGIN IMMEDIATE` transactions, and reads the
  /// other process's rows, until the stop file appears (or 60 s pass); prints how many rows it
  /// wrote and how many reads saw the other process's rows.
  static let writer = """
    import json, os, sqlite3, sys, time
    path, started, stop = sys.argv[1], sys.argv[2], sys.argv[3]
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    headers = json.dumps([["Content-Type", "text/plain"]])
    open(started, "w").close()
    written = seen = 0
    deadline = time.time() + 60
    while not os.path.exists(stop) and time.time() < deadline:
        key = "py-%d" % written
        url = "https://python.example/%d" % written
        body = (b"python %d " % written) * 20
        size = len(body) + len(url) + len("Content-Type") + len("text/plain") + 4
        now = time.time()
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "INSERT INTO entries (key, url, status, headers, stored_at, size, last_access, body) "
            "VALUES (?, ?, 200, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
            (key, url, headers, now, size, now, body))
        db.execute("COMMIT")
        written += 1
        seen += db.execute("SELECT count(*) FROM entries WHERE url LIKE 'https://example.com/sw-%'").fetchone()[0] > 0
    db.close()
    print(written, seen)
    """

  /// Both processes write and read at once: no operation fails with SQLITE_BUSY, nothing is
  /// lost, the totals match the rows, and `PRAGMA quick_check` is ok afterwards.
  @Test(.timeLimit(.minutes(2)))
  func twoProcessesWriteAndReadAtOnce() async throws {
    try await withTemporaryDirectory { directory in
      try await onOwnThread { try Self.writeAndReadAtOnce(in: directory) }
    }
  }

  /// The body of ``twoProcessesWriteAndReadAtOnce()``; it blocks, so it runs on its own thread.
  private static func writeAndReadAtOnce(in directory: URL) throws {
    do {
      let cache = try TTURLCache(name: "TwoProcesses", directory: directory)
      cache.isMemoryCacheEnabled = false  // every read goes to the file
      let path = cache.fileURL.path
      let started = directory.appendingPathComponent("started").path
      let stop = directory.appendingPathComponent("stop").path
      let python = try startPython(Self.writer, [path, started, stop])
      var waited = 0
      while !FileManager.default.fileExists(atPath: started), waited < 200 {
        Thread.sleep(forTimeInterval: 0.05)
        waited += 1
      }
      #expect(FileManager.default.fileExists(atPath: started), "python3 did not start")
      var pythonRowsSeen = 0
      for index in 0..<300 {
        cache.store(makeEntry("sw-\(index)", bytes: 200, byte: UInt8(index % 256)))
        #expect(cache.entry(forKey: key("sw-\(index)"))?.body.count == 200)
        if cache.entry(forKey: "py-\(index / 2)") != nil { pythonRowsSeen += 1 }
      }
      #expect(FileManager.default.createFile(atPath: stop, contents: nil))
      let result = finish(python)
      #expect(result.status == 0, "python3 failed: \(result.errors)")
      #expect(result.errors.isEmpty)
      let counts = result.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      let written = try #require(counts.first)
      #expect(written > 0)
      #expect(counts.last ?? 0 > 0, "python never saw this process's rows")
      #expect(pythonRowsSeen > 0, "this process never saw python's rows")

      #expect(cache.diskProblem == nil)
      for index in 0..<300 {
        #expect(
          cache.entry(forKey: key("sw-\(index)"))?.body == Data(repeating: UInt8(index % 256), count: 200))
      }
      for index in 0..<written {
        let entry = cache.entry(forKey: "py-\(index)")
        #expect(entry?.body == Data(repeatElement(Data("python \(index) ".utf8), count: 20).joined()))
        #expect(entry?.headers["content-type"] == "text/plain")
      }
      #expect(try sqliteQuery(path, "PRAGMA quick_check") == "ok")
      #expect(try sqliteQuery(path, "SELECT count(*) FROM entries") == "\(300 + written)")
      #expect(cache.entryCount == 300 + written)
      #expect(try sqliteQuery(path, "SELECT sum(size) FROM entries") == "\(cache.totalDiskSize)")
      #expect(try sqliteQuery(path, "PRAGMA journal_mode") == "wal")
    }
  }
}
