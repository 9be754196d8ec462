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
/// naming the file, and moves a bad file aside to `<file>.bad`, so the next launch starts
/// clean and the bad file can still be looked at.
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

    /// The problem in words, for example `is not valid JSON`.
    public var description: String {
      switch self {
      case .missing: "does not exist (first launch, or it was removed)"
      case .unreadable(let reason): "could not be read (\(reason))"
      case .corrupt(let reason): "is damaged (\(reason))"
      case .unsupportedFormat(let reason): "is in a format this version does not read (\(reason))"
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

  /// Where a damaged or unreadable history is moved: the file's path with `.bad` added.
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
    let folder = Self.stateDirectory(environment: environment)
      .appendingPathComponent(Self.safeComponent(application, fallback: "three20"), isDirectory: true)
    self.init(
      fileURL: folder.appendingPathComponent(Self.safeComponent(name, fallback: "navigator") + ".json"))
  }

  /// The user's state folder: `XDG_STATE_HOME` when it is an absolute path, otherwise
  /// `$HOME/.local/state` (the XDG Base Directory rules).
  ///
  /// - Parameter environment: The environment; the process's by default.
  /// - Returns: The folder, which may not exist yet.
  public static func stateDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state, isDirectory: true)
    }
    let home: URL
    if let path = environment["HOME"], path.hasPrefix("/") {
      home = URL(fileURLWithPath: path, isDirectory: true)
    } else {
      home = FileManager.default.homeDirectoryForCurrentUser
    }
    return home.appendingPathComponent(".local/state", isDirectory: true)
  }

  // MARK: - Loading

  /// Reads the history.
  ///
  /// Anything but a readable history in the current format logs a warning with the file's
  /// path and the problem and gives ``LoadResult/fresh(_:)``; a file that exists but is
  /// unusable is moved aside to ``asideURL`` (replacing an older one) first.
  ///
  /// - Returns: The history, or why there is none.
  public func load() -> LoadResult {
    let path = fileURL.path
    guard FileManager.default.fileExists(atPath: path) else {
      return fresh(.missing, moveAside: false)
    }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: fileURL)
      defer { try? handle.close() }
      data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data()
    } catch {
      return fresh(.unreadable(Self.reason(error)), moveAside: true)
    }
    if data.count > Self.maximumFileSize {
      return fresh(.corrupt("larger than \(Self.maximumFileSize) bytes"), moveAside: true)
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let version: Int?
    do {
      version = try decoder.decode(VersionProbe.self, from: data).version
    } catch {
      if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
        return fresh(.corrupt("not valid JSON"), moveAside: true)
      }
      return fresh(.unsupportedFormat("no format version; an old or foreign file"), moveAside: true)
    }
    guard let version else {
      return fresh(.unsupportedFormat("no format version; an old or foreign file"), moveAside: true)
    }
    guard version == TTNavigatorHistory.currentVersion else {
      let age = version < TTNavigatorHistory.currentVersion ? "older" : "newer"
      return fresh(
        .unsupportedFormat(
          "format version \(version) is \(age) than version \(TTNavigatorHistory.currentVersion), "
            + "the one this library reads"),
        moveAside: true)
    }
    do {
      return .loaded(try decoder.decode(TTNavigatorHistory.self, from: data))
    } catch {
      return fresh(.corrupt(Self.describe(error)), moveAside: true)
    }
  }

  private struct VersionProbe: Decodable {
    var version: Int?
  }

  private func fresh(_ problem: Problem, moveAside: Bool) -> LoadResult {
    var message = "The navigator history \(fileURL.path) \(problem); starting with an empty stack."
    if moveAside {
      message += moveAsideNow()
    }
    TTLog.warning(.navigator, message)
    return .fresh(problem)
  }

  /// Moves the file to ``asideURL``; returns the sentence to add to the warning.
  private func moveAsideNow() -> String {
    let aside = asideURL
    let manager = FileManager.default
    if manager.fileExists(atPath: aside.path) {
      try? manager.removeItem(at: aside)
    }
    do {
      try manager.moveItem(at: fileURL, to: aside)
      return " It was moved to \(aside.path)."
    } catch {
      return " It could not be moved aside (\(Self.reason(error))); remove it by hand."
    }
  }

  // MARK: - Saving

  /// Writes the history atomically.
  ///
  /// It goes to a temporary file in the same folder, which is then renamed over
  /// ``fileURL``. The folder is made if needed (readable by the user only, as is the file).
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
    do {
      let data = try encoder.encode(history)
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
      else {
        throw CocoaError(.fileWriteUnknown)
      }
      guard rename(temporary.path, fileURL.path) == 0 else {
        let code = errno
        try? FileManager.default.removeItem(at: temporary)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
      }
      return true
    } catch {
      TTLog.warning(
        .navigator,
        "Could not save the navigator history to \(fileURL.path) (\(Self.reason(error))). "
          + "Check that the folder is writable; the stack will not be restored on the next launch.")
      return false
    }
  }

  /// Deletes the history file, if there is one.
  public func remove() {
    try? FileManager.default.removeItem(at: fileURL)
  }

  // MARK: - Helpers

  private static func safeComponent(_ text: String, fallback: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    let cleaned = String(text.map { allowed.contains($0) ? $0 : "_" })
    if cleaned.isEmpty || cleaned.allSatisfy({ $0 == "." }) { return fallback }
    return cleaned
  }

  private static func reason(_ error: any Error) -> String {
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
