/// One test at a time may own a terminal with a `TTTerminalHost`.
///
/// Only one host can own the terminal in a process, and suites of different test targets run in
/// one process in parallel: a second test's `start()` would fail while the first one runs. Every
/// test that starts a host holds this lock while it does.
///
/// ```swift
/// try await TTTerminalHostTestLock.withLock {
///   // let host = TTTerminalHost(input: pty.slave, output: pty.slave); try await host.run(…)
/// }
/// ```
@MainActor
public enum TTTerminalHostTestLock {
  private static var isHeld = false

  /// Runs `body` once no other test holds the lock, holding it meanwhile.
  ///
  /// - Parameter body: The test's work with a host.
  /// - Returns: What `body` returns.
  public static func withLock<T>(_ body: @MainActor () async throws -> T) async rethrows -> T {
    while isHeld { try? await Task.sleep(for: .milliseconds(5)) }
    isHeld = true
    defer { isHeld = false }
    return try await body()
  }
}
