import Foundation
import Glibc
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

/// ``withLogCapture(_:)`` for code that does not wait; only for a child process (see
/// ``CacheChild``), which runs one test.
func withLogCaptureSync<T>(_ body: (InMemoryLogHandler) throws -> T) rethrows -> T {
  let handler = InMemoryLogHandler()
  TTLog.useLogHandlers { _ in handler }
  defer { TTLog.useLogHandlers(nil) }
  return try body(handler)
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

/// A role of ``TTURLCacheHostileDiskTests`` played in a child process: this test binary started
/// again with only `childRole()` selected and the role in its environment.
///
/// A child can have what a test must not give the whole test process: a file size limit of 0
/// (`RLIMIT_FSIZE`: every write fails, as on a full disk), or another user (as root, the child
/// runs as `nobody`, so file permissions apply to it).
enum CacheChild {
  /// The environment variable naming the role.
  static let roleVariable = "TT_URLCACHE_CHILD_ROLE"
  /// The environment variable naming the directory the role works in.
  static let directoryVariable = "TT_URLCACHE_CHILD_DIRECTORY"

  /// The role this process plays, or `nil` in a normal test run.
  static var role: String? { ProcessInfo.processInfo.environment[roleVariable] }

  /// The directory of the role.
  static var directory: URL? {
    ProcessInfo.processInfo.environment[directoryVariable].map { URL(fileURLWithPath: $0, isDirectory: true) }
  }

  /// Whether a child can run without root's power over file permissions.
  ///
  /// True when this process is not root, or when a child started as `nobody` with `setpriv`
  /// can run this test binary and enter a temporary directory (it cannot when the checkout or
  /// `TMPDIR` is under `/root`); tried once.
  static let canRunUnprivileged: Bool = {
    guard geteuid() == 0 else { return true }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-cache-probe-\(UUID().uuidString)", isDirectory: true)
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil
    else { return false }
    defer { try? FileManager.default.removeItem(at: directory) }
    return (try? run("probe", in: directory, unprivileged: true).status) == 0
  }()

  /// The uid an unprivileged child runs as: `nobody` when this process is root, else this one.
  static var unprivilegedUID: uid_t { geteuid() == 0 ? 65_534 : geteuid() }

  /// Runs `role` in a child process and returns what it left.
  ///
  /// - Parameters:
  ///   - role: The role's name.
  ///   - directory: The directory it works in.
  ///   - unprivileged: Whether the child must be subject to file permissions (as root, it runs
  ///     as `nobody`).
  static func run(_ role: String, in directory: URL, unprivileged: Bool = false) throws -> ProcessResult {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var executable = binary
    var arguments = [
      "--testing-library", "swift-testing", "--filter", "TTURLCacheHostileDiskTests/childRole",
    ]
    if unprivileged, geteuid() == 0 {
      executable = "/usr/bin/setpriv"
      arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
    }
    var environment = ProcessInfo.processInfo.environment
    environment[roleVariable] = role
    environment[directoryVariable] = directory.path
    return try TTTestProcess.run(executable, arguments, environment: environment)
  }

  /// Sets this process's file size limit (the soft one; the hard one stays, so it can be raised
  /// again) and ignores `SIGXFSZ`, so a write past the limit fails with `EFBIG` instead of
  /// killing the process.
  static func limitFileSize(to bytes: rlim_t) {
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
    limit.rlim_cur = min(bytes, limit.rlim_max)
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
  }
}
