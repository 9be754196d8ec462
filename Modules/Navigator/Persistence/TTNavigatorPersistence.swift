public import Foundation
import Three20Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a navigator keeps its history between launches: one JSON file, by default
/// `$XDG_STATE_HOME/<application>/navigator.json` (or `~/.local/state/…` when
/// `XDG_STATE_HOME` is not set).
///
/// Three20 kept the history in `NSUserDefaults`; this store keeps it in a file of its own,
/// written atomically (to a temporary file beside it, then renamed over it), so a crash while
/// saving leaves the old history whole. Reading never fails hard: a missing, unreadable,
/// damaged or foreign file gives ``LoadResult/fresh(_:)`` with the reason, logs a warning
/// naming the file, and moves a bad file aside to `<file>.bad` (or `<file>.bad.2`, … when that
/// name is taken), so the next launch starts clean and the bad file can still be looked at.
///
/// The store only ever reads, moves or replaces a *regular file* at its path. A folder, a FIFO,
/// a socket, a device or a symbolic link there is reported (``Problem/notARegularFile(_:)``)
/// and left exactly as it is; ``fileProblem()`` finds it before anything is read.
///
/// ```swift
/// let store = TTNavigatorPersistence(application: "catalog")
/// store.fileURL.path   // "/home/me/.local/state/catalog/navigator.json"
/// ```
public struct TTNavigatorPersistence: Sendable, Hashable {
  /// Why a load started fresh.
  public enum Problem: Sendable, Hashable, CustomStringConvertible {
    /// There is no file (the first launch, or it was removed).
    case missing
    /// The file exists but could not be read; the reason says why.
    case unreadable(String)
    /// The file is not a history: not JSON, cut short, too large, or fields missing.
    case corrupt(String)
    /// The file is a history in a format this version does not read (an older or newer
    /// version, or none).
    case unsupportedFormat(String)
    /// Something other than a regular file is at the path: the value says what, for example
    /// `a directory`, `a FIFO (named pipe)` or `a symbolic link to a character device`. It is
    /// left as it is: never read, moved or replaced.
    case notARegularFile(String)

    /// The problem in words, for example `is not valid JSON`.
    public var description: String {
      switch self {
      case .missing: "does not exist (first launch, or it was removed)"
      case .unreadable(let reason): "could not be read (\(reason))"
      case .corrupt(let reason): "is damaged (\(reason))"
      case .unsupportedFormat(let reason): "is in a format this version does not read (\(reason))"
      case .notARegularFile(let kind):
        "is \(kind), not a regular file, and was left as it is (the history is kept in a regular "
          + "file only: move it away, or choose another file)"
      }
    }
  }

  /// What ``load()`` found.
  public enum LoadResult: Sendable, Hashable {
    /// The saved history.
    case loaded(TTNavigatorHistory)
    /// No usable history: start fresh. The problem has been logged.
    case fresh(Problem)

    /// The history, or `nil` when starting fresh.
    public var history: TTNavigatorHistory? {
      if case .loaded(let history) = self { history } else { nil }
    }
  }

  /// The largest file read: 4 MiB.
  ///
  /// A history is a few kilobytes; anything larger is damaged.
  public static let maximumFileSize = 4 * 1024 * 1024

  /// The history file.
  public var fileURL: URL

  /// Where a damaged or unreadable history is moved first: the file's path with `.bad` added.
  ///
  /// An existing `.bad` is never replaced: when something is already there, the history goes
  /// to `<file>.bad.2`, then `<file>.bad.3` and so on up to `<file>.bad.100`; when all those are
  /// taken it stays where it is and the warning says so.
  public var asideURL: URL {
    fileURL.deletingLastPathComponent().appendingPathComponent(fileURL.lastPathComponent + ".bad")
  }

  /// Creates a store that uses a file.
  ///
  /// - Parameter fileURL: The history file; its folder is made when first saving.
  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// Creates a store in the user's state folder:
  /// `<state folder>/<application>/<name>.json`.
  ///
  /// Characters other than letters, digits, `.`, `-` and `_` in `application` and `name`
  /// become `_`, so neither can leave the folder.
  ///
  /// ```swift
  /// TTNavigatorPersistence(application: "catalog", environment: ["XDG_STATE_HOME": "/s"])
  ///   .fileURL.path   // "/s/catalog/navigator.json"
  /// ```
  ///
  /// - Parameters:
  ///   - application: The app's folder name; the process's name by default.
  ///   - name: The file's name without `.json`; `navigator` by default (Three20's
  ///     `persistenceKey`, for apps with more than one navigator).
  ///   - environment: The environment to read `XDG_STATE_HOME` and `HOME` from; the
  ///     process's by default.
  public init(
    application: String = ProcessInfo.processInfo.processName, name: String = "navigator",
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.init(
      fileURL: TTFileSafety.stateFile(
        application: application, name: name, fallbackName: "navigator", environment: environment))
  }

  /// The user's state folder: `XDG_STATE_HOME` when it is an absolute path, otherwise
  /// `$HOME/.local/state` (the XDG Base Directory rules).
  ///
  /// - Parameter environment: The environment; the process's by default.
  /// - Returns: The folder, which may not exist yet.
  public static func stateDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    TTFileSafety.stateDirectory(environment: environment)
  }

  // MARK: - Loading

  /// Reads the history.
  ///
  /// Anything but a readable history in the current format logs a warning with the file's
  /// path and the problem and gives ``LoadResult/fresh(_:)``. A regular file that is damaged
  /// or unreadable is moved aside first (see ``asideURL``); anything else at the path — a
  /// folder, a FIFO, a socket, a device, a symbolic link — gives
  /// ``Problem/notARegularFile(_:)`` and is left exactly as it is: it is never opened in a way
  /// that could block, never moved, never replaced.
  ///
  /// - Returns: The history, or why there is none.
  public func load() -> LoadResult {
    let path = fileURL.path
    var found: TTFileSafety.Identity
    switch TTFileSafety.examine(path) {
    case .missing: return fresh(.missing, moveAside: nil)
    case .unknown(let reason): return fresh(.unreadable(reason), moveAside: nil)
    case .other(let kind): return fresh(.notARegularFile(kind), moveAside: nil)
    case .regular(let file): found = file
    }
    let data: [UInt8]
    switch TTFileSafety.readRegularFile(path, limit: Self.maximumFileSize + 1) {
    case .success(let read): (data, found) = (read.bytes, read.file)
    case .failure(.notRegular(let kind)): return fresh(.notARegularFile(kind), moveAside: nil)
    case .failure(.failed(let reason)): return fresh(.unreadable(reason), moveAside: found)
    }
    if data.count > Self.maximumFileSize {
      return fresh(.corrupt("larger than \(Self.maximumFileSize) bytes"), moveAside: found)
    }
    let bytes = Data(data)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let version: Int?
    do {
      version = try decoder.decode(VersionProbe.self, from: bytes).version
    } catch {
      if (try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])) == nil {
        return fresh(.corrupt("not valid JSON"), moveAside: found)
      }
      return fresh(.unsupportedFormat("no format version; an old or foreign file"), moveAside: found)
    }
    guard let version else {
      return fresh(.unsupportedFormat("no format version; an old or foreign file"), moveAside: found)
    }
    guard version == TTNavigatorHistory.currentVersion else {
      let age = version < TTNavigatorHistory.currentVersion ? "older" : "newer"
      return fresh(
        .unsupportedFormat(
          "format version \(version) is \(age) than version \(TTNavigatorHistory.currentVersion), "
            + "the one this library reads"),
        moveAside: found)
    }
    do {
      return .loaded(try decoder.decode(TTNavigatorHistory.self, from: bytes))
    } catch {
      return fresh(.corrupt(Self.describe(error)), moveAside: found)
    }
  }

  /// What stands in the way of using ``fileURL``, found without opening it: a folder, a FIFO,
  /// a socket, a device or a symbolic link there gives ``Problem/notARegularFile(_:)``; `nil`
  /// when the path is free or holds a regular file.
  ///
  /// Call it before starting, to refuse a wrong path with a clear message instead of logging a
  /// warning on every save:
  ///
  /// ```swift
  /// let store = TTNavigatorPersistence(fileURL: URL(fileURLWithPath: "/tmp"))
  /// store.fileProblem()   // .notARegularFile("a directory")
  /// ```
  ///
  /// - Returns: The problem, or `nil`.
  public func fileProblem() -> Problem? {
    switch TTFileSafety.examine(fileURL.path) {
    case .missing, .regular: nil
    case .unknown(let reason): .unreadable(reason)
    case .other(let kind): .notARegularFile(kind)
    }
  }

  private struct VersionProbe: Decodable {
    var version: Int?
  }

  private func fresh(_ problem: Problem, moveAside file: TTFileSafety.Identity?) -> LoadResult {
    var message =
      "The navigator history \(Self.shown(fileURL.path)) \(problem); starting with an empty stack."
    if let file {
      message += moveAsideNow(file)
    }
    TTLog.warning(.navigator, message)
    return .fresh(problem)
  }

  /// Moves the regular file just read to a fresh name beside it.
  ///
  /// Never replaces anything: each candidate name is taken only if nothing is there.
  ///
  /// - Returns: The sentence to add to the warning.
  private func moveAsideNow(_ file: TTFileSafety.Identity) -> String {
    let path = fileURL.path
    guard case .regular(let now) = TTFileSafety.examine(path), now == file else {
      return " It changed while it was read, so it was left as it is."
    }
    var lastError: String?
    for candidate in Self.asideCandidates(of: path) {
      switch TTFileSafety.moveWithoutReplacing(path, to: candidate) {
      case .moved: return " It was moved to \(Self.shown(candidate))."
      case .taken: continue
      case .failed(let reason): lastError = reason
      }
      break
    }
    guard let lastError else {
      return
        " It could not be moved aside: \(Self.shown(path + ".bad")) and the next "
        + "\(Self.maximumAsideFiles - 1) names after it are taken; remove old ones, then this file."
    }
    return " It could not be moved aside (\(lastError)); move or remove it by hand."
  }

  /// The names tried for a bad file, in order: `<file>.bad`, `<file>.bad.2`, … `<file>.bad.100`.
  private static func asideCandidates(of path: String) -> [String] {
    [path + ".bad"] + (2...maximumAsideFiles).map { path + ".bad.\($0)" }
  }

  /// The most bad files kept beside the history (`<file>.bad` to `<file>.bad.100`).
  static let maximumAsideFiles = 100

  // MARK: - Saving

  /// Writes the history atomically.
  ///
  /// It goes to a new temporary file in the same folder, which is then renamed over
  /// ``fileURL``. The folder is made if needed (readable by the user only, as is the file).
  /// Only a regular file is ever replaced: when a folder, a FIFO, a socket, a device or a
  /// symbolic link is at ``fileURL``, nothing is written and it is left as it is.
  ///
  /// A failure is logged as a warning with the file's path and the reason; the old history,
  /// if any, is left whole.
  ///
  /// - Parameter history: The history to write.
  /// - Returns: Whether it was written.
  @discardableResult
  public func save(_ history: TTNavigatorHistory) -> Bool {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let folder = fileURL.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(fileURL.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    if case .other(let kind) = TTFileSafety.examine(fileURL.path) {
      TTLog.warning(
        .navigator,
        "Could not save the navigator history to \(Self.shown(fileURL.path)): it is \(kind), not a "
          + "regular file, and was left as it is. Move it away or choose another file; the stack "
          + "will not be restored on the next launch.")
      return false
    }
    do {
      let data = try encoder.encode(history)
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try TTFileSafety.writeNewFile(temporary.path, bytes: Array(data))
      // Checked again just before the rename, which replaces only what is at the path.
      if case .other(let kind) = TTFileSafety.examine(fileURL.path) {
        unlink(temporary.path)
        throw Refusal(reason: "it is \(kind), not a regular file, and was left as it is")
      }
      guard rename(temporary.path, fileURL.path) == 0 else {
        let code = errno
        unlink(temporary.path)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
      }
      return true
    } catch {
      TTLog.warning(
        .navigator,
        "Could not save the navigator history to \(Self.shown(fileURL.path)) (\(Self.reason(error))). "
          + "Check that the folder is writable; the stack will not be restored on the next launch.")
      return false
    }
  }

  /// Deletes the history file, if there is one and it is a regular file; anything else at the
  /// path is left as it is.
  public func remove() {
    guard case .regular = TTFileSafety.examine(fileURL.path) else { return }
    unlink(fileURL.path)
  }

  // MARK: - Helpers

  /// A refusal to save, with the reason for the warning.
  private struct Refusal: Error {
    var reason: String
  }

  /// A path in a message: quoted, with control characters escaped.
  private static func shown(_ path: String) -> String {
    TTMessageText.quoted(path, limit: 1024)
  }

  private static func reason(_ error: any Error) -> String {
    if let refusal = error as? Refusal { return refusal.reason }
    if let failure = error as? TTFileSafety.WriteFailure { return failure.reason }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    let text = (error as NSError).localizedDescription
    return text.isEmpty ? "\(error)" : text
  }

  private static func describe(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return reason(error) }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
    }
    switch decoding {
    case .keyNotFound(let key, let context): return "\(key.stringValue) is missing at \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "\(context.debugDescription) at \(path(context))"
    @unknown default: return "\(decoding)"
    }
  }
}
