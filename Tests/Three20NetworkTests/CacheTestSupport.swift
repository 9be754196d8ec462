import Foundation
import InMemoryLogging
import Logging
import Testing
import Three20Core
import Three20Network

/// A fresh directory under the system's temporary directory, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async rethrows -> T {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tt-cache-tests-\(UUID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// Now, in whole seconds, so dates survive the trip through the file's seconds since 1970
/// exactly.
func wholeSecondsNow() -> Date {
  Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
}

/// An entry whose body is `count` bytes of `byte`, stored now unless told otherwise.
func makeEntry(
  _ name: String, bytes count: Int = 10, byte: UInt8 = 0x61, headers: TTHTTPHeaders = [:],
  storedAt: Date = wholeSecondsNow(), expiresAt: Date? = nil, etag: String? = nil
) -> TTURLCache.Entry {
  let url = "https://example.com/\(name)"
  return TTURLCache.Entry(
    key: TTURLCache.key(url: url), url: url, body: Data(repeating: byte, count: count), headers: headers,
    etag: etag, storedAt: storedAt, expiresAt: expiresAt)
}

/// The key `makeEntry(name)` uses.
func key(_ name: String) -> String {
  TTURLCache.key(url: "https://example.com/\(name)")
}

/// Whether `python3` (with its sqlite3 module) can be run, for the tests that use it as a
/// second, independent SQLite client.
let pythonAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

/// The result of a finished child process.
typealias ProcessResult = TTTestProcess.Result

/// Starts `python3 -c script args…`; the caller waits with ``finish(_:)``.
func startPython(_ script: String, _ arguments: [String]) throws -> TTTestProcess {
  try TTTestProcess("/usr/bin/python3", ["-c", script] + arguments)
}

/// Waits for a process started by ``startPython(_:_:)`` and collects its output.
func finish(_ started: TTTestProcess) -> ProcessResult {
  started.finish()
}

/// Runs `python3 -c script args…` to the end.
func runPython(_ script: String, _ arguments: [String] = []) throws -> ProcessResult {
  finish(try startPython(script, arguments))
}

/// Runs SQL on a database file with Python's sqlite3 (a separate SQLite client) and returns
/// the first column of every row, one per line.
func sqliteQuery(_ path: String, _ sql: String) throws -> String {
  let script = """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
    for row in db.execute(sys.argv[2]).fetchall():
        print(row[0])
    db.close()
    """
  let result = try runPython(script, [path, sql])
  guard result.status == 0 else {
    Issue.record("python3 failed: \(result.errors)")
    return ""
  }
  return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Captures what TTLog writes while `body` runs.
///
/// TTLog's handler is global to the process: only the serialized corruption suite uses this,
/// and its checks look for messages naming its own temporary files.
func withLogCapture<T>(_ body: (InMemoryLogHandler) async throws -> T) async rethrows -> T {
  let handler = InMemoryLogHandler()
  TTLog.useLogHandlers { _ in handler }
  defer { TTLog.useLogHandlers(nil) }
  return try await body(handler)
}

extension InMemoryLogHandler {
  /// The warnings written so far whose text contains `fragment`.
  func warnings(containing fragment: String) -> [String] {
    entries.filter { $0.level == .warning }.map { "\($0.message)" }.filter { $0.contains(fragment) }
  }
}

/// Runs blocking work (child processes, SQLite busy waits) on a thread of its own, so it does
/// not hold one of the few threads Swift concurrency shares between all the tests running at
/// once (on a 2-core machine there are two; a test blocking one for seconds starves the rest).
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try body() })
    }
    thread.start()
  }
}
