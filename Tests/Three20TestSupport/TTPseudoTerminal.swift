#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair from `openpty`, for driving a terminal host in tests: the host writes
/// to and reads from ``slave``; the test reads what it drew, and types, on ``master``.
///
/// ```swift
/// if let pty = TTPseudoTerminal(columns: 80, rows: 24) {
///   defer { pty.close() }
///   // TTTerminalHost(input: pty.slave, output: pty.slave) …
/// }
/// ```
public struct TTPseudoTerminal: Sendable {
  /// The test's side.
  public let master: Int32
  /// The program's side, a terminal of the given size.
  public let slave: Int32

  /// Opens a pair whose terminal is `columns` × `rows`; `nil` when `openpty` fails.
  public init?(columns: UInt16, rows: UInt16) {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
    self.master = master
    self.slave = slave
  }

  /// Closes both sides, once: stop every thread that reads them first, or it may read a
  /// descriptor whose number another test has been given in the meantime.
  public func close() {
    _ = Glibc.close(slave)
    _ = Glibc.close(master)
  }
}
