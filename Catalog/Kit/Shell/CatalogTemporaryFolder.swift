import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders of the Catalog's own in the temporary directory, removed when the process exits.
///
/// Each is made by `mkdtemp(3)`: a new folder with an unguessable name, readable by the user
/// only, so nothing another user prepared under a predictable name (a link, say) is ever written
/// into or removed. Every folder made is removed by an `atexit` handler, so neither the Catalog
/// nor a test process that ran Catalog code leaves one behind when it ends normally.
enum CatalogTemporaryFolder {
  private static let made = Mutex<[String]>([])
  private static let registered = Atomic<Bool>(false)

  /// Makes `<tmp>/<prefix>-XXXXXX` and arranges for it to be removed at exit.
  ///
  /// - Parameter prefix: The start of the folder's name, for example `three20-catalog`.
  /// - Returns: The folder, or `nil` when it cannot be made.
  static func make(prefix: String) -> URL? {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path
    var bytes = Array(template.utf8CString)
    let path: String? = bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
      return String(cString: base)
    }
    guard let path else { return nil }
    made.withLock { $0.append(path) }
    if !registered.exchange(true, ordering: .acquiringAndReleasing) {
      atexit { CatalogTemporaryFolder.removeAll() }
    }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// The folders made and not yet removed.
  static var pending: [String] { made.withLock { $0 } }

  /// Removes one folder made by ``make(prefix:)`` now, with what is in it.
  ///
  /// - Parameter folder: The folder; one this type did not make is left alone.
  static func remove(_ folder: URL) {
    let path = folder.path
    let known = made.withLock { paths in
      guard let index = paths.firstIndex(of: path) else { return false }
      paths.remove(at: index)
      return true
    }
    if known { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Removes every folder made so far; the exit handler calls it.
  static func removeAll() {
    let paths = made.withLock { paths in
      defer { paths = [] }
      return paths
    }
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
  }
}
