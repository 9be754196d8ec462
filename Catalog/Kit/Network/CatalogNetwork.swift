import Foundation
import Three20

/// The request queue the Catalog's demos share, with a cache of its own in a temporary folder,
/// so demos never touch the user's cache and start cold each run.
enum CatalogNetwork {
  /// The cache: `<tmp>/three20-catalog-<pid>/`, or none if it cannot be made.
  static let cache: TTURLCache? = try? TTURLCache(
    name: "Catalog",
    directory: FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "three20-catalog-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true))

  /// The queue.
  static let queue = TTURLRequestQueue(cache: cache)

  /// Removes the cache's folder; the program calls it on the way out.
  static func removeCache() {
    guard let cache else { return }
    try? FileManager.default.removeItem(at: cache.directory)
  }
}
