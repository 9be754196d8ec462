import Foundation

/// One test at a time may change `TTLog`'s handlers or levels.
///
/// They are global to the process, and suites of different test targets run in one process in
/// parallel: a test that captures warnings while another test restores the default handler, or
/// lowers the level, sees nothing. Every synchronous helper that swaps the handlers or levels
/// in a shared test process holds this lock for as long as it has them swapped (the network
/// tests' async capture runs in a process of its own).
///
/// ```swift
/// TTLogCaptureLock.withLock {
///   // TTLog.useLogHandlers { … }; run the code; TTLog.useLogHandlers(nil)
/// }
/// ```
public enum TTLogCaptureLock {
  private static let lock = NSRecursiveLock()

  /// Runs `body` holding the lock; nested calls on the same thread are allowed.
  ///
  /// - Parameter body: The code that swaps `TTLog`'s handlers or levels and puts them back.
  /// - Returns: What `body` returns.
  public static func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
