import CSQLite3
import Foundation

/// A failed SQLite call: the result code, SQLite's message, and what we were doing.
struct TTSQLiteError: Error, Sendable, CustomStringConvertible {
  /// The extended result code, for example `SQLITE_BUSY_SNAPSHOT` (517).
  var code: Int32
  /// SQLite's message, for example `database is locked`.
  var message: String
  /// What the cache was doing, for example `storing an entry`.
  var operation: String

  /// The primary result code (the low byte of the extended one).
  var primary: Int32 { code & 0xff }
  /// Whether the file is damaged or not a database.
  var isCorruption: Bool { primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB }
  /// Whether another connection held a lock too long; trying again may work.
  var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }

  var description: String {
    "\(operation) failed: \(message) (SQLite code \(code), \(String(cString: sqlite3_errstr(code))))"
  }
}

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies a bound value before the call returns.
///
/// The C macro is a cast of -1 to a function pointer, which Swift cannot import.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement owned by a ``TTSQLiteCacheStore``, which finalizes it.
///
/// A plain view of the handle; the store resets it and clears its bindings after every use.
struct TTSQLiteStatement {
  let handle: OpaquePointer
  let database: OpaquePointer

  func bind(_ index: Int32, _ value: String?) {
    guard let value else {
      sqlite3_bind_null(handle, index)
      return
    }
    var bytes = Array(value.utf8)
    if bytes.isEmpty {
      sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
      return
    }
    bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
        _ = sqlite3_bind_text64(
          handle, index, pointer, sqlite3_uint64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
      }
    }
  }

  func bind(_ index: Int32, _ value: Data) {
    if value.isEmpty {
      // A zero-length blob from a nil pointer would be bound as NULL.
      sqlite3_bind_zeroblob(handle, index, 0)
      return
    }
    value.withUnsafeBytes { buffer in
      _ = sqlite3_bind_blob64(
        handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count), sqliteTransient)
    }
  }

  func bind(_ index: Int32, _ value: Double?) {
    if let value, value.isFinite {
      sqlite3_bind_double(handle, index, value)
    } else {
      sqlite3_bind_null(handle, index)
    }
  }

  func bind(_ index: Int32, _ value: Int) {
    sqlite3_bind_int64(handle, index, sqlite3_int64(value))
  }

  /// Runs the statement one step.
  ///
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  func step(_ operation: String) throws -> Bool {
    let result = sqlite3_step(handle)
    switch result {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      throw TTSQLiteError(
        code: sqlite3_extended_errcode(database), message: String(cString: sqlite3_errmsg(database)),
        operation: operation)
    }
  }

  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  func int(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(handle, column))
  }

  func double(_ column: Int32) -> Double? {
    isNull(column) ? nil : sqlite3_column_double(handle, column)
  }

  func text(_ column: Int32) -> String? {
    guard !isNull(column), let pointer = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: max(0, count)), as: UTF8.self)
  }

  func data(_ column: Int32) -> Data {
    // Ask for the blob first, then its size, as SQLite's documentation requires.
    guard let pointer = sqlite3_column_blob(handle, column) else { return Data() }
    let count = Int(sqlite3_column_bytes(handle, column))
    return Data(bytes: pointer, count: max(0, count))
  }
}
