import CSQLite3
import Foundation
import Three20Core

/// The disk level of ``TTURLCache``: one SQLite database file, one row per cache key.
///
/// **Connection and locking.** One connection per store, opened with `SQLITE_OPEN_NOMUTEX`: the
/// owning ``TTURLCache`` already serialises every call with its own mutex, so SQLite's
/// per-connection mutex (`SQLITE_OPEN_FULLMUTEX`) would only be a second lock taken on every
/// call. Not thread-safe by itself.
///
/// **Several processes.** The file is in WAL mode (readers never block the writer), every
/// connection has a 5 s `busy_timeout`, write transactions start with `BEGIN IMMEDIATE` (a
/// deferred transaction that upgrades to a writer gets `SQLITE_BUSY` at once, without waiting),
/// and ``TTURLCache`` retries an operation that still meets `SQLITE_BUSY`.
///
/// **Schema** (`PRAGMA user_version` 1): table `entries` (key, url, status, headers as a JSON
/// array of `[name, value]` pairs, etag, last_modified, stored_at, expires_at, size,
/// last_access, body), an index on `last_access` for eviction, and a one-row table `totals`
/// kept up to date by triggers, so the total size is known without scanning. Times are seconds
/// since 1970. `last_access` is strictly increasing across processes (the larger of now and the
/// newest access plus 1 µs), so the eviction order never ties.
///
/// **Recording accesses.** A read does not write its access at once: that would make every
/// lookup a write transaction (WAL frames, a lock, and periodic checkpoints with `fsync`), which
/// cost more than the read itself. Accesses are kept in order and written together, in one
/// transaction, once ``accessBatchSize`` have gathered, at the start of every store (so eviction
/// sees them), and when the store closes. Until then another connection sees the older access
/// times, which only makes its eviction order less exact.
///
/// **Large bodies.** A body larger than ``inlineBodyLimit`` is written and read with SQLite's
/// incremental blob I/O, a megabyte at a time, so neither SQLite nor this store holds a second
/// copy of it: storing needs little memory beyond the entry, and reading little beyond the
/// entry read.
///
/// **Read-only.** A store opened with ``Access/readOnly`` or ``Access/immutable`` (the file or
/// the disk cannot be written) serves reads, records no accesses, and every write fails with
/// `SQLITE_READONLY`.
///
/// **Coarse access times.** A read whose entry's access (recorded in the file, or pending here)
/// is less than the caller's resolution old records nothing, so repeated hits of one entry write
/// nothing until the resolution has passed: the eviction order is exact up to that resolution,
/// like a browser's. A resolution of 0 records every read.
final class TTSQLiteCacheStore {
  /// The schema version this code reads and writes.
  static let schemaVersion = 1
  /// How long SQLite waits for another connection's lock before giving up with `SQLITE_BUSY`.
  static let busyTimeoutMilliseconds: Int32 = 5000

  /// Why a file could not be opened as a cache.
  enum OpenFailure: Error {
    /// The file is damaged, not a database, or not a cache of this version: move it aside.
    case corrupt(String)
    /// The file cannot be used this way right now (permissions, a full disk, locks, I/O): leave
    /// it alone.
    case unavailable(String)
    /// The path, or the path of one of its companion files, is not a regular file: the path
    /// and what it is (`a directory`). Never touch it.
    case notAFile(path: String, kind: String)
  }

  /// How a store uses its file.
  enum Access: Sendable {
    /// Reads and writes; creates the file when it is missing.
    case readWrite
    /// Reads only, with SQLite's locks (`mode=ro`): sees other connections' changes.
    case readOnly
    /// Reads only, without locks or a `-shm` file (`immutable=1`), for a file whose directory
    /// cannot be written either; changes still in the `-wal` file are not seen.
    case immutable
  }

  /// The most bytes of a body bound or read whole; larger ones go through incremental blob I/O.
  static let inlineBodyLimit = 64 * 1024
  /// How many bytes incremental blob I/O moves at a time.
  static let blobChunk = 1024 * 1024
  /// The size SQLite truncates the `-wal` file to after a checkpoint.
  static let walSizeLimit = 32 * 1024 * 1024

  /// How many reads are recorded together.
  static let accessBatchSize = 128

  let path: String
  /// How the file is used.
  let access: Access
  /// Whether writes can succeed (the store was opened with ``Access/readWrite``).
  var isWritable: Bool { access == .readWrite }
  private let database: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]
  /// Reads not yet written to `last_access`, oldest first: the key and the time.
  private var pendingAccesses: [(key: String, time: Double)] = []
  /// The newest pending access of each key in ``pendingAccesses``.
  private var pendingAccessTimes: [String: Double] = [:]

  private init(path: String, access: Access, database: OpaquePointer) {
    self.path = path
    self.access = access
    self.database = database
  }

  deinit {
    if isWritable { recordPendingAccesses() }
    for statement in statements.values {
      sqlite3_finalize(statement)
    }
    sqlite3_close_v2(database)
  }

  // MARK: - Opening

  /// Opens (and, for ``Access/readWrite``, if needed creates) the cache file at `path`,
  /// checking that it is sound.
  ///
  /// Nothing that is not a regular file is opened: a directory, symbolic link, FIFO, socket
  /// or device at `path` or at one of its `-wal`, `-shm` and `-journal` paths is refused with
  /// ``OpenFailure/notAFile(path:kind:)`` (SQLite would follow the link, and block reading a
  /// FIFO).
  ///
  /// - Throws: ``OpenFailure``.
  static func open(path: String, access: Access = .readWrite) throws(OpenFailure) -> TTSQLiteCacheStore {
    if let found = TTCacheFile.firstNonRegular(path) {
      throw .notAFile(path: found.path, kind: found.kind)
    }
    // Checked before SQLite sees the file: closing a connection to a broken file can delete its
    // -wal, and the file should be moved aside as it was found.
    if let reason = headerProblem(path: path) {
      throw .corrupt(reason)
    }
    var handle: OpaquePointer?
    let name: String
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
    switch access {
    case .readWrite:
      name = path
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readOnly, .immutable:
      guard TTFileSafety.examine(path).isRegularFile else { throw .unavailable("there is no file to read") }
      name = "file:\(path.tt.percentEncodedPath)?" + (access == .readOnly ? "mode=ro" : "immutable=1")
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
    }
    let result = sqlite3_open_v2(name, &handle, flags, nil)
    guard let handle else { throw .unavailable("SQLite could not allocate a connection") }
    guard result == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(handle))
      sqlite3_close_v2(handle)
      throw classify(TTSQLiteError(code: result, message: message, operation: "opening the file"))
    }
    // A file the user cannot write is opened read-only by SQLite without a word: say so.
    if access == .readWrite, sqlite3_db_readonly(handle, "main") == 1 {
      sqlite3_close_v2(handle)
      throw .unavailable("the file cannot be written")
    }
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    let store = TTSQLiteCacheStore(path: path, access: access, database: handle)
    do {
      try store.prepareFile()
    } catch let error as OpenFailure {
      throw error
    } catch let error as TTSQLiteError {
      throw classify(error)
    } catch {
      throw .unavailable("\(error)")
    }
    return store
  }

  /// Why the file at `path` cannot be an SQLite database, judging by its first bytes; `nil`
  /// when it is missing, empty, or starts with the SQLite header.
  private static func headerProblem(path: String) -> String? {
    guard let head = TTCacheFile.head(of: path, count: 100), !head.isEmpty else { return nil }
    let magic = Array("SQLite format 3\0".utf8)
    if head.count < 100 || !head.starts(with: magic) {
      return "file is not a database: it does not start with the SQLite header"
    }
    return nil
  }

  private static func classify(_ error: TTSQLiteError) -> OpenFailure {
    error.isCorruption
      ? .corrupt(TTMessageText.escaped(error.message, limit: 300)) : .unavailable(error.description)
  }

  private func prepareFile() throws {
    if isWritable {
      // Only takes effect on a new, empty file; ignored once tables exist.
      try execute("PRAGMA auto_vacuum = INCREMENTAL", "setting auto_vacuum")
      let mode = try scalarText("PRAGMA journal_mode = WAL", "switching to WAL mode")
      if mode?.lowercased() != "wal" {
        // Still usable (rollback journal + busy_timeout), just with less concurrency.
        TTLog.info(
          .urlCache,
          "\(TTMessageText.quoted(path)): journal mode is \(TTMessageText.quoted(mode ?? "")), not WAL")
      }
      try execute("PRAGMA synchronous = NORMAL", "setting synchronous")
      // A large entry makes a large -wal file; give the space back after each checkpoint.
      try execute("PRAGMA journal_size_limit = \(Self.walSizeLimit)", "limiting the -wal file")
    }
    let check = try scalarText("PRAGMA quick_check(1)", "checking the file")
    guard check == "ok" else {
      throw OpenFailure.corrupt("PRAGMA quick_check reported \(TTMessageText.quoted(check ?? "nothing"))")
    }
    var version = try scalarInt("PRAGMA user_version", "reading the schema version")
    if version == 0, !isWritable {
      let tables = try scalarInt("SELECT count(*) FROM sqlite_master", "listing tables")
      guard tables == 0 else {
        throw OpenFailure.corrupt(
          "the file is an SQLite database of something else (\(tables) objects, no version)")
      }
      throw OpenFailure.unavailable("the file holds no cache yet, and a read-only file cannot get one")
    }
    if version == 0 {
      try transaction("creating the schema") {
        // Another process may have created it between the check and the lock.
        version = try scalarInt("PRAGMA user_version", "reading the schema version")
        guard version == 0 else { return }
        let tables = try scalarInt("SELECT count(*) FROM sqlite_master", "listing tables")
        guard tables == 0 else {
          throw OpenFailure.corrupt(
            "the file is an SQLite database of something else (\(tables) objects, no version)")
        }
        for statement in Self.schema {
          try execute(statement, "creating the schema")
        }
        try execute("PRAGMA user_version = \(Self.schemaVersion)", "setting the schema version")
        version = Self.schemaVersion
      }
    }
    guard version == Self.schemaVersion else {
      throw OpenFailure.corrupt(
        "unknown schema version \(version) (this code reads version \(Self.schemaVersion))")
    }
    // Preparing every statement now checks that the tables have the expected columns.
    for sql in Self.statementsToPrepare {
      do {
        _ = try prepared(sql)
      } catch let error as TTSQLiteError where error.primary == SQLITE_ERROR {
        throw OpenFailure.corrupt(
          "schema version 1 but the tables do not match: \(TTMessageText.escaped(error.message, limit: 300))")
      }
    }
  }

  private static let schema = [
    """
    CREATE TABLE entries (
      key TEXT NOT NULL PRIMARY KEY,
      url TEXT NOT NULL,
      status INTEGER NOT NULL,
      headers TEXT NOT NULL,
      etag TEXT,
      last_modified TEXT,
      stored_at REAL NOT NULL,
      expires_at REAL,
      size INTEGER NOT NULL,
      last_access REAL NOT NULL,
      body BLOB NOT NULL
    )
    """,
    "CREATE INDEX entries_by_access ON entries(last_access)",
    """
    CREATE TABLE totals (
      id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL, count INTEGER NOT NULL)
    """,
    "INSERT INTO totals (id, bytes, count) VALUES (1, 0, 0)",
    """
    CREATE TRIGGER entries_insert AFTER INSERT ON entries BEGIN
      UPDATE totals SET bytes = bytes + new.size, count = count + 1 WHERE id = 1;
    END
    """,
    """
    CREATE TRIGGER entries_delete AFTER DELETE ON entries BEGIN
      UPDATE totals SET bytes = bytes - old.size, count = count - 1 WHERE id = 1;
    END
    """,
    """
    CREATE TRIGGER entries_resize AFTER UPDATE OF size ON entries BEGIN
      UPDATE totals SET bytes = bytes - old.size + new.size WHERE id = 1;
    END
    """,
  ]

  // MARK: - Statements

  private static let nextAccess = "MAX(?2, (SELECT IFNULL(MAX(last_access), 0) FROM entries) + 0.000001)"
  /// Column 7 is the body when it is small (or not a blob); column 9 is the size of a large
  /// blob body, which is then read with incremental blob I/O from row column 10.
  private static let selectEntry = """
    SELECT url, status, headers, etag, last_modified, stored_at, expires_at,
      CASE WHEN typeof(body) = 'blob' AND length(body) > ?2 THEN NULL ELSE body END, last_access,
      CASE WHEN typeof(body) = 'blob' AND length(body) > ?2 THEN length(body) END, rowid
    FROM entries WHERE key = ?1
    """
  private static let selectRowID = "SELECT rowid FROM entries WHERE key = ?1"
  private static let selectExists = "SELECT 1 FROM entries WHERE key = ?1"
  private static let touchEntry = "UPDATE entries SET last_access = \(nextAccess) WHERE key = ?1"
  // Upsert rather than INSERT OR REPLACE: REPLACE deletes without firing delete triggers.
  private static let upsertEntry = """
    INSERT INTO entries
      (key, last_access, url, status, headers, etag, last_modified, stored_at, expires_at, size, body)
    VALUES (?1, \(nextAccess), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
    ON CONFLICT (key) DO UPDATE SET
      last_access = excluded.last_access, url = excluded.url, status = excluded.status,
      headers = excluded.headers, etag = excluded.etag, last_modified = excluded.last_modified,
      stored_at = excluded.stored_at, expires_at = excluded.expires_at, size = excluded.size,
      body = excluded.body
    """
  private static let selectOldest =
    "SELECT key, size FROM entries WHERE key <> ?1 ORDER BY last_access LIMIT 64"
  private static let deleteEntry = "DELETE FROM entries WHERE key = ?1"
  private static let deleteAll = "DELETE FROM entries"
  private static let selectTotals = "SELECT bytes, count FROM totals WHERE id = 1"
  private static let invalidateEntry = """
    UPDATE entries SET stored_at = MIN(stored_at, ?2), expires_at = MIN(IFNULL(expires_at, ?3), ?3)
    WHERE key = ?1
    """
  private static let invalidateEvery = """
    UPDATE entries SET stored_at = MIN(stored_at, ?2), expires_at = MIN(IFNULL(expires_at, ?3), ?3)
    WHERE ?1 IS NULL
    """  // ?1 is bound to NULL, so every row matches; the numbering matches invalidateEntry.
  private static let statementsToPrepare = [
    selectEntry, selectRowID, selectExists, touchEntry, upsertEntry, selectOldest, deleteEntry, deleteAll,
    selectTotals,
    invalidateEntry, invalidateEvery,
  ]

  // MARK: - Operations

  /// The entry stored under a key, marked as the most recently used unless its access is less
  /// than `accessResolution` seconds old.
  ///
  /// A row that cannot be decoded is deleted and reported as absent.
  func read(
    key: String, now: Date, accessResolution: TimeInterval = 0, maxBodySize: Int = .max
  ) throws -> TTURLCache.Entry? {
    enum Row {
      case missing
      case undecodable
      case tooLarge(Int)
      case found(TTURLCache.Entry, lastAccess: Double?)
    }
    let row: Row = try run(Self.selectEntry, "reading an entry") { statement in
      try statement.bind(1, key)
      try statement.bind(2, Self.inlineBodyLimit)
      guard try statement.step("reading an entry") else { return .missing }
      // A body stored with a larger limit (or by a damaged or foreign file) is not read whole.
      if !statement.isNull(9), statement.int(9) > maxBodySize { return .tooLarge(statement.int(9)) }
      // The statement is still open, so the blob is read from the same snapshot as the row.
      let body =
        statement.isNull(9)
        ? statement.data(7) : try readBlob(row: Int64(statement.int(10)), expected: statement.int(9))
      guard let entry = decodeRow(statement, key: key, body: body) else { return .undecodable }
      return .found(entry, lastAccess: statement.double(8))
    }
    switch row {
    case .missing:
      return nil
    case .undecodable:
      TTLog.info(
        .urlCache,
        "\(TTMessageText.quoted(path)): dropping an undecodable row for key \(TTMessageText.quoted(key))")
      if isWritable { try delete(key: key) }
      return nil
    case .tooLarge(let size):
      TTLog.info(
        .urlCache,
        "\(TTMessageText.quoted(path)): not reading the \(size)-byte body stored for key "
          + "\(TTMessageText.quoted(key)), larger than maxEntrySize (\(maxBodySize) bytes); "
          + (isWritable ? "it was dropped." : "it counts as a miss."))
      if isWritable { try delete(key: key) }
      return nil
    case .found(let entry, let lastAccess):
      // A read-only file records no accesses.
      guard isWritable else { return entry }
      let time = now.timeIntervalSince1970
      if accessResolution > 0 {
        let recorded = max(lastAccess ?? -.infinity, pendingAccessTimes[key] ?? -.infinity)
        // Also true for an access in the future (a clock set back): writing cannot lower it.
        if time - recorded < accessResolution { return entry }
      }
      pendingAccesses.append((key, time))
      pendingAccessTimes[key] = time
      if pendingAccesses.count >= Self.accessBatchSize {
        recordPendingAccesses()
      }
      return entry
    }
  }

  /// Writes the pending accesses in one transaction.
  ///
  /// Losing them (to a lock held too long, or a full disk) only makes eviction less exact, so
  /// failures are logged and the accesses dropped.
  private func recordPendingAccesses() {
    guard !pendingAccesses.isEmpty else { return }
    do {
      try transaction("recording accesses") { try writePendingAccesses() }
    } catch {
      TTLog.info(
        .urlCache,
        "\(TTMessageText.quoted(path)): \(error); \(pendingAccesses.count) accesses were not recorded")
      pendingAccesses.removeAll(keepingCapacity: true)
      pendingAccessTimes.removeAll(keepingCapacity: true)
    }
  }

  /// Writes the pending accesses inside the caller's transaction, in the order they happened.
  private func writePendingAccesses() throws {
    let accesses = pendingAccesses
    pendingAccesses.removeAll(keepingCapacity: true)
    pendingAccessTimes.removeAll(keepingCapacity: true)
    for access in accesses {
      try run(Self.touchEntry, "recording an access") { statement in
        try statement.bind(1, access.key)
        try statement.bind(2, access.time)
        _ = try statement.step("recording an access")
      }
    }
  }

  /// Reads the body of a row with incremental blob I/O, a chunk at a time, into one buffer of
  /// its size.
  private func readBlob(row: Int64, expected: Int) throws -> Data {
    var handle: OpaquePointer?
    let result = sqlite3_blob_open(database, "main", "entries", "body", row, 0, &handle)
    guard result == SQLITE_OK, let blob = handle else {
      if let handle { sqlite3_blob_close(handle) }
      throw error(result, "reading an entry's body")
    }
    defer { sqlite3_blob_close(blob) }
    let total = Int(sqlite3_blob_bytes(blob))
    guard total == expected else {
      throw TTSQLiteError(
        code: SQLITE_CORRUPT, message: "the body has \(total) bytes, the row said \(expected)",
        operation: "reading an entry's body")
    }
    var body = Data(count: total)
    try body.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < total {
        let count = min(Self.blobChunk, total - offset)
        let read = sqlite3_blob_read(blob, base + offset, Int32(count), Int32(offset))
        guard read == SQLITE_OK else { throw error(read, "reading an entry's body") }
        offset += count
      }
    }
    return body
  }

  /// Writes `body` into the body of a row (bound as that many zero bytes) with incremental blob
  /// I/O, a chunk at a time.
  private func writeBlob(row: Int64, body: Data) throws {
    var handle: OpaquePointer?
    let result = sqlite3_blob_open(database, "main", "entries", "body", row, 1, &handle)
    guard result == SQLITE_OK, let blob = handle else {
      if let handle { sqlite3_blob_close(handle) }
      throw error(result, "storing an entry's body")
    }
    defer { sqlite3_blob_close(blob) }
    try body.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = min(Self.blobChunk, buffer.count - offset)
        let written = sqlite3_blob_write(blob, base + offset, Int32(count), Int32(offset))
        guard written == SQLITE_OK else { throw error(written, "storing an entry's body") }
        offset += count
      }
    }
  }

  private func decodeRow(_ statement: TTSQLiteStatement, key: String, body: Data) -> TTURLCache.Entry? {
    guard let url = statement.text(0), let headerText = statement.text(2),
      let headers = Self.decodeHeaders(headerText), let storedAt = statement.double(5), storedAt.isFinite
    else { return nil }
    let status = statement.int(1)
    guard (100...999).contains(status) else { return nil }
    return TTURLCache.Entry(
      key: key, url: url, body: body, status: status, headers: headers, etag: statement.text(3),
      lastModified: statement.text(4), storedAt: Date(timeIntervalSince1970: storedAt),
      expiresAt: statement.double(6).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil })
  }

  /// Whether a key has a row, without recording an access.
  func contains(key: String) throws -> Bool {
    try run(Self.selectExists, "looking up an entry") { statement in
      try statement.bind(1, key)
      return try statement.step("looking up an entry")
    }
  }

  /// Writes an entry, then evicts the least recently used rows until the total size is at most
  /// `byteLimit` (down to 90 % of it, so evictions come in batches), all in one transaction.
  ///
  /// A body larger than ``inlineBodyLimit`` is bound as zero bytes and then written in place
  /// with incremental blob I/O, so SQLite never holds a copy of it.
  ///
  /// - Returns: The keys evicted.
  /// - Throws: ``TTSQLiteError``; for a value larger than SQLite's length limit, one whose
  ///   ``TTSQLiteError/isTooBig`` is `true` and whose message names the sizes.
  func write(_ entry: TTURLCache.Entry, now: Date, byteLimit: Int) throws -> [String] {
    let headers = Self.encodeHeaders(entry.headers)
    let inline = entry.body.count <= Self.inlineBodyLimit
    do {
      return try transaction("storing an entry") {
        try writePendingAccesses()
        try run(Self.upsertEntry, "storing an entry") { statement in
          try statement.bind(1, entry.key)
          try statement.bind(2, now.timeIntervalSince1970)
          try statement.bind(3, entry.url)
          try statement.bind(4, entry.status)
          try statement.bind(5, headers)
          try statement.bind(6, entry.etag)
          try statement.bind(7, entry.lastModified)
          let storedAt = entry.storedAt.timeIntervalSince1970
          try statement.bind(8, storedAt.isFinite ? storedAt : 0)  // NOT NULL; a broken date reads as stale
          try statement.bind(9, entry.expiresAt?.timeIntervalSince1970)
          try statement.bind(10, entry.size)
          if inline {
            try statement.bind(11, entry.body)
          } else {
            try statement.bindZeroBlob(11, count: entry.body.count)
          }
          _ = try statement.step("storing an entry")
        }
        if !inline {
          let row = try run(Self.selectRowID, "storing an entry") { statement in
            try statement.bind(1, entry.key)
            _ = try statement.step("storing an entry")
            return Int64(statement.int(0))
          }
          try writeBlob(row: row, body: entry.body)
        }
        return try evict(toFit: byteLimit, keeping: entry.key)
      }
    } catch let error as TTSQLiteError where error.isTooBig {
      let limit = sqlite3_limit(database, SQLITE_LIMIT_LENGTH, -1)
      throw TTSQLiteError(
        code: error.code,
        message: "the entry (a body of \(entry.body.count) bytes, \(entry.size) bytes in all, and "
          + "\(headers.utf8.count) bytes of headers as stored) is larger than SQLite's limit of \(limit) "
          + "bytes for one value or row",
        operation: error.operation)
    }
  }

  private func evict(toFit byteLimit: Int, keeping key: String) throws -> [String] {
    var bytes = try totals().bytes
    guard bytes > byteLimit else { return [] }
    let target = byteLimit - byteLimit / 10
    var evicted: [String] = []
    while bytes > target {
      let batch: [(String, Int)] = try run(Self.selectOldest, "choosing entries to evict") { statement in
        try statement.bind(1, key)
        var rows: [(String, Int)] = []
        while try statement.step("choosing entries to evict") {
          rows.append((statement.text(0) ?? "", statement.int(1)))
        }
        return rows
      }
      guard !batch.isEmpty else { break }
      for (victim, size) in batch where bytes > target {
        try delete(key: victim)
        bytes -= size
        evicted.append(victim)
      }
    }
    return evicted
  }

  /// Deletes the row of a key, if any.
  func delete(key: String) throws {
    try run(Self.deleteEntry, "removing an entry") { statement in
      try statement.bind(1, key)
      _ = try statement.step("removing an entry")
    }
  }

  /// Deletes every row and gives the space back to the file system.
  func deleteAll() throws {
    try transaction("removing every entry") {
      try run(Self.deleteAll, "removing every entry") { _ = try $0.step("removing every entry") }
    }
    // Best effort: another process's reader may keep pages in use.
    try? execute("PRAGMA incremental_vacuum", "giving space back")
    try? execute("PRAGMA wal_checkpoint(TRUNCATE)", "checkpointing")
  }

  /// Makes one entry (or every entry, when `key` is `nil`) stale: `stored_at` is moved back to
  /// `storedBefore` if later, and `expires_at` to `expiresAt` if later or unset.
  func invalidate(key: String?, storedBefore: Date, expiresAt: Date) throws {
    try run(key == nil ? Self.invalidateEvery : Self.invalidateEntry, "invalidating") { statement in
      try statement.bind(1, key)
      try statement.bind(2, storedBefore.timeIntervalSince1970)
      try statement.bind(3, expiresAt.timeIntervalSince1970)
      _ = try statement.step("invalidating")
    }
  }

  /// The total size and the number of rows.
  func totals() throws -> (bytes: Int, count: Int) {
    try run(Self.selectTotals, "reading the totals") { statement in
      guard try statement.step("reading the totals") else { return (0, 0) }
      return (statement.int(0), statement.int(1))
    }
  }

  // MARK: - Plumbing

  /// Lowers SQLite's largest string or blob for this connection (tests use it to meet the limit
  /// without gigabytes).
  func setLengthLimit(_ bytes: Int32) {
    sqlite3_limit(database, SQLITE_LIMIT_LENGTH, bytes)
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
  func transaction<T>(_ operation: String, _ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE", operation)
    do {
      let result = try body()
      try execute("COMMIT", operation)
      return result
    } catch {
      if sqlite3_get_autocommit(database) == 0 {
        sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
      }
      throw error
    }
  }

  private func prepared(_ sql: String) throws -> TTSQLiteStatement {
    if let handle = statements[sql] {
      return TTSQLiteStatement(handle: handle, database: database)
    }
    var handle: OpaquePointer?
    let result = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard result == SQLITE_OK, let handle else {
      if let handle { sqlite3_finalize(handle) }
      throw error(result, "preparing a statement")
    }
    statements[sql] = handle
    return TTSQLiteStatement(handle: handle, database: database)
  }

  /// Runs a kept prepared statement, then resets it and clears its bindings.
  private func run<T>(_ sql: String, _ operation: String, _ body: (TTSQLiteStatement) throws -> T) throws -> T
  {
    let statement = try prepared(sql)
    defer {
      sqlite3_reset(statement.handle)
      sqlite3_clear_bindings(statement.handle)
    }
    return try body(statement)
  }

  private func execute(_ sql: String, _ operation: String) throws {
    let result = sqlite3_exec(database, sql, nil, nil, nil)
    guard result == SQLITE_OK else { throw error(result, operation) }
  }

  private func scalarText(_ sql: String, _ operation: String) throws -> String? {
    try oneShot(sql, operation) { $0.text(0) }
  }

  private func scalarInt(_ sql: String, _ operation: String) throws -> Int {
    try oneShot(sql, operation) { $0.int(0) } ?? 0
  }

  /// Prepares, steps once and finalizes a statement that is used only when opening.
  private func oneShot<T>(_ sql: String, _ operation: String, _ read: (TTSQLiteStatement) -> T?) throws -> T?
  {
    var handle: OpaquePointer?
    let result = sqlite3_prepare_v2(database, sql, -1, &handle, nil)
    guard result == SQLITE_OK, let handle else {
      if let handle { sqlite3_finalize(handle) }
      throw error(result, operation)
    }
    defer { sqlite3_finalize(handle) }
    let statement = TTSQLiteStatement(handle: handle, database: database)
    return try statement.step(operation) ? read(statement) : nil
  }

  private func error(_ result: Int32, _ operation: String) -> TTSQLiteError {
    let extended = sqlite3_extended_errcode(database)
    return TTSQLiteError(
      code: extended & 0xff == result & 0xff ? extended : result,
      message: String(cString: sqlite3_errmsg(database)), operation: operation)
  }

  // MARK: - Headers

  static func encodeHeaders(_ headers: TTHTTPHeaders) -> String {
    let pairs = headers.map { [$0.name, $0.value] }
    guard let data = try? JSONSerialization.data(withJSONObject: pairs) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The headers of a row, or `nil` when the text is not a JSON array of `[name, value]`
  /// string pairs.
  static func decodeHeaders(_ text: String) -> TTHTTPHeaders? {
    // Every row is read on a disk hit: the compact form `encodeHeaders` writes is parsed
    // directly, anything else (whitespace, `\u` escapes, damage) by JSONSerialization.
    if let fields = CompactHeaderParser.fields(text) { return TTHTTPHeaders(fields) }
    return decodeHeadersWithJSONSerialization(text)
  }

  private static func decodeHeadersWithJSONSerialization(_ text: String) -> TTHTTPHeaders? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
      let pairs = object as? [Any]
    else { return nil }
    var fields: [TTHTTPHeaders.Field] = []
    for pair in pairs {
      guard let strings = pair as? [Any], strings.count == 2, let name = strings[0] as? String,
        let value = strings[1] as? String
      else { return nil }
      fields.append(TTHTTPHeaders.Field(name, value))
    }
    return TTHTTPHeaders(fields)
  }
}

/// A parser for exactly the JSON `encodeHeaders` writes: `[["name","value"],…]` without
/// whitespace, with only the escapes `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` and `\t`.
///
/// It accepts a subset of valid JSON and reads it as JSONSerialization would; for anything else
/// it returns `nil`, and the caller falls back to JSONSerialization.
private struct CompactHeaderParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The fields of `text`, or `nil` when it is not in the compact form.
  static func fields(_ text: String) -> [TTHTTPHeaders.Field]? {
    var text = text
    return text.withUTF8 { buffer in
      var parser = CompactHeaderParser(bytes: buffer)
      return parser.parseArray()
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func parseArray() -> [TTHTTPHeaders.Field]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var fields: [TTHTTPHeaders.Field] = []
    if take(UInt8(ascii: "]")) { return index == bytes.count ? fields : nil }
    repeat {
      guard take(UInt8(ascii: "[")), let name = parseString(), take(UInt8(ascii: ",")),
        let value = parseString(), take(UInt8(ascii: "]"))
      else { return nil }
      fields.append(TTHTTPHeaders.Field(name, value))
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")), index == bytes.count else { return nil }
    return fields
  }

  private mutating func parseString() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    // The common case: no escapes, so the bytes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { return nil }
      index += 1
    }
    var decoded = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        default: return nil  // \u and anything unknown: leave it to JSONSerialization
        }
      case 0..<0x20:
        return nil
      default:
        decoded.append(byte)
      }
    }
    return nil
  }
}
