import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Reads what a program writes to a pseudo-terminal's master side on a thread of its own, and
/// types into it: the other end of a terminal host under test.
///
/// ```swift
/// let reader = OutputReader(pty.master)
/// defer { reader.stop() }
/// reader.waitFor("\u{1B}[?1049h")   // the host entered the alternate screen
/// ```
public final class OutputReader: Sendable {
  private struct State {
    var bytes: [UInt8] = []
    var stopped = false
    var rawMode: Bool?
  }

  private let state = Mutex(State())
  private let descriptor: Int32
  private let finished = DispatchSemaphore(value: 0)

  /// Starts reading a descriptor.
  ///
  /// - Parameter descriptor: The master side of a pseudo-terminal.
  public init(_ descriptor: Int32) {
    self.descriptor = descriptor
    let thread = Thread { [self] in
      loop()
      finished.signal()
    }
    thread.start()
  }

  private func loop() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !state.withLock({ $0.stopped }) {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 20) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      state.withLock { $0.bytes += buffer[0..<count] }
    }
  }

  /// Everything read so far, as UTF-8 text.
  public var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

  /// What a test noted about raw mode, if it did.
  public var sawRawMode: Bool? { state.withLock { $0.rawMode } }

  /// Notes whether the terminal was seen in raw mode.
  ///
  /// - Parameter rawMode: Whether it was.
  public func note(rawMode: Bool) { state.withLock { $0.rawMode = rawMode } }

  /// Types bytes into the terminal.
  ///
  /// - Parameter bytes: The bytes.
  public func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// Waits for the output to contain `needle`.
  ///
  /// - Parameters:
  ///   - needle: The text to wait for.
  ///   - seconds: How long to wait; ten seconds by default. Tests whose screen waits for a load
  ///     wait longer: in the full parallel run, busy suites can hold the machine for a minute.
  /// - Returns: Whether it appeared.
  public func waitFor(_ needle: String, seconds: Int = 10) -> Bool {
    for _ in 0..<(seconds * 100) {
      if text.contains(needle) { return true }
      usleep(10_000)
    }
    return false
  }

  /// Stops reading and waits for the thread to end, so that it never reads from the
  /// descriptor once it is closed (and its number reused by another test's terminal).
  public func stop() {
    let wasStopped = state.withLock { state in
      defer { state.stopped = true }
      return state.stopped
    }
    if !wasStopped { finished.wait() }
  }
}
