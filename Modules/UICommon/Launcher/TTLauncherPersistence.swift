public import Foundation
import Three20Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``TTLauncherView`` keeps the order of its items between runs: one JSON file, by
/// default `$XDG_STATE_HOME/<application>/launcher.json` (or `~/.local/state/…` when
/// `XDG_STATE_HOME` is not set).
///
/// Three20 kept the launcher's pages in `NSUserDefaults`; this store keeps only the order, as
/// the items' ids page by page, so an app that adds, removes or renames items in a new version
/// still starts from its own items (``merge(_:into:)``).
///
/// The store is careful with the file system:
/// - It writes atomically: to a new temporary file in the same folder, then renamed over the
///   file, so a crash while saving leaves the old order whole.
/// - It only ever replaces a regular file that holds a launcher order it wrote. A folder, a
///   FIFO, a socket, a device, a symbolic link, or a regular file with anything else in it
///   is refused with an error and left as it is.
/// - It reads at most ``maximumFileSize`` bytes, never follows a link, never opens anything
///   that could block.
///
/// Every failure is a ``TTUICommonError`` with the code ``TTUICommonError/Code/persistence``
/// and a message in a compiler's style that names the file and says what to do:
///
/// ```swift
/// let store = TTLauncherPersistence(application: "catalog", environment: ["XDG_STATE_HOME": "/s"])
/// store.fileURL.path   // "/s/catalog/launcher.json"
/// do {
///   try store.save([["tt://mail", "tt://photos"], ["tt://settings"]])
///   let order = try store.load()   // [["tt://mail", "tt://photos"], ["tt://settings"]]
///   _ = order
/// } catch {
///   print(error)   // for example: /s/catalog/launcher.json: error: is a directory, not …
/// }
/// ```
public struct TTLauncherPersistence: Sendable, Hashable {
  /// The largest file read: 1 MiB.
  ///
  /// An order is a few kilobytes; anything larger is refused.
  public static let maximumFileSize = 1 << 20

  /// The version of the file's format this library writes and reads.
  public static let currentVersion = 1

  /// The value of the file's `format` field, which marks it as a launcher order.
  public static let formatName = "three20-launcher-order"

  /// The order file.
  public var fileURL: URL

  /// Creates a store that uses a file.
  ///
  /// - Parameter fileURL: The order file; its folder is made when first saving.
  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// Creates a store in the user's state folder: `<state folder>/<application>/<name>.json`.
  ///
  /// The state folder is `XDG_STATE_HOME` when it is an absolute path, otherwise
  /// `$HOME/.local/state` (the XDG Base Directory rules). Characters other than letters,
  /// digits, `.`, `-` and `_` in `application` and `name` become `_`, so neither can leave the
  /// folder.
  ///
  /// ```swift
  /// TTLauncherPersistence(application: "catalog", environment: ["HOME": "/home/me"])
  ///   .fileURL.path   // "/home/me/.local/state/catalog/launcher.json"
  /// ```
  ///
  /// - Parameters:
  ///   - application: The app's folder name; the process's name by default.
  ///   - name: The file's name without `.json`; `launcher` by default (for apps with more than
  ///     one launcher).
  ///   - environment: The environment to read `XDG_STATE_HOME` and `HOME` from; the process's
  ///     by default.
  public init(
    application: String = ProcessInfo.processInfo.processName, name: String = "launcher",
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.init(
      fileURL: TTFileSafety.stateFile(
        application: application, name: name, fallbackName: "launcher", environment: environment))
  }

  // MARK: - Reading

  /// Reads the saved order: the items' ids, page by page.
  ///
  /// - Returns: The order, or `nil` when there is no file yet (the first run).
  /// - Throws: ``TTUICommonError`` (``TTUICommonError/Code/persistence``) when something other
  ///   than a regular file is at the path, or the file cannot be read, is larger than
  ///   ``maximumFileSize``, is not valid JSON, is not a launcher order, or is in another
  ///   version of the format. The message names the file and says what to do.
  public func load() throws(TTUICommonError) -> [[String]]? {
    guard let bytes = try readFile() else { return nil }
    return try decode(bytes).pages
  }

  // MARK: - Writing

  /// Writes an order atomically: to a new temporary file in the same folder, then renamed
  /// over ``fileURL``.
  ///
  /// The folder is made if needed (readable by the user only, as is the file). Only a regular
  /// file holding a launcher order is ever replaced.
  ///
  /// - Parameter order: The items' ids, page by page.
  /// - Throws: ``TTUICommonError`` (``TTUICommonError/Code/persistence``) when something other
  ///   than a launcher order this library wrote is at the path (left as it is), or the file
  ///   cannot be written; the old file, if any, is then left whole.
  public func save(_ order: [[String]]) throws(TTUICommonError) {
    if let existing = try readFile() {
      do {
        _ = try Self.parse(Data(existing))
      } catch {
        throw failure(
          "holds something other than a launcher order this library wrote (\(error.reason)); it was "
            + "left as it is. Move it away or choose another file for the launcher's order")
      }
    }
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      data = try encoder.encode(
        OrderFile(format: Self.formatName, version: Self.currentVersion, pages: order))
    } catch {
      throw failure("the order could not be encoded as JSON (\(error))")
    }
    let folder = fileURL.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw failure(
        "its folder could not be made (\((error as NSError).localizedDescription)); check that "
          + "\(Self.shown(folder.path)) can be created and written")
    }
    let temporary = folder.appendingPathComponent(
      ".\(fileURL.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    do {
      try TTFileSafety.writeNewFile(temporary.path, bytes: Array(data))
    } catch {
      throw failure(
        "could not be written (\(error.reason)); check that its folder is writable and the disk is not full")
    }
    // Checked again just before the rename, which replaces whatever is at the path.
    if case .other(let kind) = TTFileSafety.examine(fileURL.path) {
      unlink(temporary.path)
      throw notRegular(kind)
    }
    guard rename(temporary.path, fileURL.path) == 0 else {
      let reason = TTFileSafety.reason(errno)
      unlink(temporary.path)
      throw failure("could not be replaced (\(reason)); check that its folder is writable")
    }
  }

  /// Writes the order of a launcher's pages: each item's ``TTLauncherItem/id``, page by page.
  ///
  /// - Parameter pages: The pages.
  /// - Throws: What saving the ids throws (see the other `save(_:)`).
  public func save(_ pages: [[TTLauncherItem]]) throws(TTUICommonError) {
    try save(pages.map { $0.map(\.id) })
  }

  /// Deletes the order file, if it is a regular file; anything else at the path is left as it
  /// is.
  public func remove() {
    guard case .regular = TTFileSafety.examine(fileURL.path) else { return }
    unlink(fileURL.path)
  }

  // MARK: - Merging

  /// Puts pages of items in a saved order, keeping every item and only those.
  ///
  /// - Items are placed page by page as the order says.
  /// - An id in the order that no item has any more is dropped, as is a repeated id (an
  ///   item is placed once); pages left empty are dropped.
  /// - Items the order does not mention (new in this version of the app) are added at the end
  ///   of the last page, in the order they have in `pages`.
  ///
  /// ```swift
  /// let mail = TTLauncherItem(title: "Mail", url: "tt://mail")
  /// let maps = TTLauncherItem(title: "Maps", url: "tt://maps")
  /// let news = TTLauncherItem(title: "News", url: "tt://news")
  /// TTLauncherPersistence.merge([["tt://maps", "tt://gone"], ["tt://mail"]], into: [[mail, maps, news]])
  /// // [[maps], [mail, news]]
  /// ```
  ///
  /// - Parameters:
  ///   - order: The saved ids, page by page.
  ///   - pages: The items the app has now.
  /// - Returns: The same items, in the saved order where it names them.
  public static func merge(_ order: [[String]], into pages: [[TTLauncherItem]]) -> [[TTLauncherItem]] {
    var waiting: [String: [TTLauncherItem]] = [:]
    var sequence: [TTLauncherItem] = []
    for item in pages.joined() {
      waiting[item.id, default: []].append(item)
      sequence.append(item)
    }
    var placed: [[TTLauncherItem]] = []
    for savedPage in order {
      var page: [TTLauncherItem] = []
      for id in savedPage {
        guard var items = waiting[id], !items.isEmpty else { continue }
        page.append(items.removeFirst())
        waiting[id] = items
      }
      if !page.isEmpty { placed.append(page) }
    }
    var unplaced: [TTLauncherItem] = []
    var remaining = waiting
    for item in sequence {
      guard var items = remaining[item.id], !items.isEmpty else { continue }
      unplaced.append(items.removeFirst())
      remaining[item.id] = items
    }
    if !unplaced.isEmpty {
      if placed.isEmpty { placed.append([]) }
      placed[placed.count - 1].append(contentsOf: unplaced)
    }
    return placed
  }

  // MARK: - Helpers

  private struct OrderFile: Codable {
    var format: String
    var version: Int
    var pages: [[String]]
  }

  private struct Probe: Decodable {
    var format: String?
    var version: Int?
  }

  /// A reason a file is not an order, for messages.
  private struct Rejection: Error {
    var reason: String
  }

  /// The file's bytes, or `nil` when nothing is there.
  private func readFile() throws(TTUICommonError) -> [UInt8]? {
    let path = fileURL.path
    switch TTFileSafety.examine(path) {
    case .missing: return nil
    case .unknown(let reason):
      throw failure("could not be looked at (\(reason)); check the permissions of the folders on its path")
    case .other(let kind): throw notRegular(kind)
    case .regular: break
    }
    switch TTFileSafety.readRegularFile(path, limit: Self.maximumFileSize + 1) {
    case .success(let read):
      guard read.bytes.count <= Self.maximumFileSize else {
        throw failure(
          "is larger than \(Self.maximumFileSize) bytes, too large for a launcher order; delete it or "
            + "move it away, and the launcher will save a fresh order")
      }
      return read.bytes
    case .failure(.notRegular(let kind)): throw notRegular(kind)
    case .failure(.failed(let reason)):
      throw failure("could not be read (\(reason)); check its permissions")
    }
  }

  /// The order in bytes read from the file, or an error that says what is wrong with them.
  private func decode(_ bytes: [UInt8]) throws(TTUICommonError) -> OrderFile {
    do {
      return try Self.parse(Data(bytes))
    } catch {
      throw failure(
        "\(error.reason); delete it or move it away, and the launcher will save a fresh order")
    }
  }

  private static func parse(_ data: Data) throws(Rejection) -> OrderFile {
    let decoder = JSONDecoder()
    let probe: Probe
    do {
      probe = try decoder.decode(Probe.self, from: data)
    } catch {
      if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
        throw Rejection(reason: "is not valid JSON")
      }
      throw Rejection(
        reason: "is not a launcher order (expected a JSON object with \"format\": \"\(formatName)\")")
    }
    guard probe.format == formatName else {
      throw Rejection(reason: "is not a launcher order (its \"format\" is not \"\(formatName)\")")
    }
    guard let version = probe.version, version == currentVersion else {
      let found = probe.version.map { "version \($0)" } ?? "no version"
      throw Rejection(
        reason: "is a launcher order in format \(found); this library reads version \(currentVersion)")
    }
    do {
      return try decoder.decode(OrderFile.self, from: data)
    } catch {
      throw Rejection(reason: "is a damaged launcher order (\"pages\" must be an array of arrays of ids)")
    }
  }

  private func notRegular(_ kind: String) -> TTUICommonError {
    failure(
      "is \(kind), not a regular file, and was left as it is; the launcher's order is kept in a "
        + "regular file only: move it away, or choose another file")
  }

  /// An error in a compiler's style: `<path>: error: <what is wrong>`.
  private func failure(_ text: String) -> TTUICommonError {
    TTUICommonError(.persistence, "\(Self.shown(fileURL.path)): error: \(text)")
  }

  /// A path in a message, with control characters escaped.
  private static func shown(_ path: String) -> String {
    TTMessageText.escaped(path, limit: 1024)
  }
}
