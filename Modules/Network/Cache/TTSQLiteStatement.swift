import CSQLite3
import Foundation
import Three20Core

/// A failed SQLite call: the result code, SQLite's message, and what we were doing.
struct TTSQLiteError: Error, Sendable, CustomStringConvertible {
  /// The extended result code, for example `SQLITE_BUSY_SNAPSHOT` (517).
  var code: Int32
  /// SQLite's message, for example `database is locked`, or ours when we know more.
  var message: String
  /// What the cache was doing, for example `storing an entry`.
  var operation: String

  /// The primary result code (the low byte of the extended one).
  var primary: Int32 { code & 0xff }
  /// Whether the file is damaged or not a database.
  var isCorruption: Bool { primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB }
  /// Whether another connection held a lock too long; trying again may work.
  var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }
  /// Whether a value was larger than SQLite allows.
  var isTooBig: Bool { primary == SQLITE_TOOBIG }

  /// What a person can do about it, by result code.
  var advice: String {
    switch primary {
    case SQLITE_FULL: "The disk is full: free some space."
    case SQLITE_IOERR: "The disk reported an I/O error: check that it has free space and works."
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
      "The file or its directory cannot be written: check their permissions and the file system."
    case SQLITE_BUSY, SQLITE_LOCKED:
      "Another process held the file locked for too long; it will be tried again."
    case SQLITE_TOOBIG: "Lower TTURLCache.maxEntrySize below SQLite's limit."
    case SQLITE_NOMEM: "The process ran out of memory."
    default: "This is unexpected: please report it with this message."
    }
  }

  var description: String {
    "\(operation) failed: \(TTMessageText.escaped(message, limit: 300)) (SQLite code \(code), "
      + "\(String(cString: sqlite3_errstr(code))))"
  }
}

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies a bound value before the call returns.
///
/// The C macro is a cast of -1 to a function pointer, which Swift cannot import.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement owned by a ``TTSQLiteCacheStore``, which finalizes it.
///
/// A plain view of the handle; the store resets it and clears its bindings after every use.
/// Every bind checks SQLite's answer: a value SQLite refuses (larger than its length limit)
/// must not be left unbound, which SQLite would read as NULL.
struct TTSQLiteStatement {
  let handle: OpaquePointer
  let database: OpaquePointer

  /// Throws unless `result` is `SQLITE_OK`.
  private func check(_ result: Int32, _ index: Int32, bytes: Int) throws {
    guard result != SQLITE_OK else { return }
    let limit = sqlite3_limit(database, SQLITE_LIMIT_LENGTH, -1)
    let message =
      result == SQLITE_TOOBIG
      ? "a value of \(bytes) bytes is larger than SQLite's limit of \(limit) bytes"
      : String(cString: sqlite3_errstr(result))
    throw TTSQLiteError(code: result, message: message, operation: "binding parameter \(index)")
  }

  func bind(_ index: Int32, _ value: String?) throws {
    guard let value else {
      try check(sqlite3_bind_null(handle, index), index, bytes: 0)
      return
    }
    var bytes = Array(value.utf8)
    if bytes.isEmpty {
      try check(sqlite3_bind_text(handle, index, "", 0, sqliteTransient), index, bytes: 0)
      return
    }
    let result = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
        sqlite3_bind_text64(
          handle, index, pointer, sqlite3_uint64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
      } ?? SQLITE_MISUSE
    }
    try check(result, index, bytes: bytes.count)
  }

  func bind(_ index: Int32, _ value: Data) throws {
    if value.isEmpty {
      // A zero-length blob from a nil pointer would be bound as NULL.
      try check(sqlite3_bind_zeroblob(handle, index, 0), index, bytes: 0)
      return
    }
    let result = value.withUnsafeBytes { buffer in
      sqlite3_bind_blob64(handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count), sqliteTransient)
    }
    try check(result, index, bytes: value.count)
  }

  /// Binds a blob of `count` zero bytes, to be filled in with incremental blob I/O.
  func bindZeroBlob(_ index: Int32, count: Int) throws {
    try check(sqlite3_bind_zeroblob64(handle, index, sqlite3_uint64(count)), index, bytes: count)
  }

  func bind(_ index: Int32, _ value: Double?) throws {
    if let value, value.isFinite {
      try check(sqlite3_bind_double(handle, index, value), index, bytes: 8)
    } else {
      try check(sqlite3_bind_null(handle, index), index, bytes: 0)
    }
  }

  func bind(_ index: Int32, _ value: Int) throws {
    try check(sqlite3_bind_int64(handle, index, sqlite3_int64(value)), index, bytes: 8)
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
