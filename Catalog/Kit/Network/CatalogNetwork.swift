import Foundation
import Three20

/// The request queue the Catalog's demos share, with a cache of its own in a temporary folder,
/// so demos never touch the user's cache and start cold each run.
enum CatalogNetwork {
  /// The cache: a new `<tmp>/three20-catalog-XXXXXX/`, removed at exit, or none if it cannot
  /// be made.
  static let cache: TTURLCache? = CatalogTemporaryFolder.make(prefix: "three20-catalog").flatMap {
    try? TTURLCache(name: "Catalog", directory: $0)
  }

  /// The queue, with limits tighter than the library's defaults: the demos show documents of
  /// kilobytes, so a body over 20 MB or a transfer over two minutes can only be a broken or
  /// hostile server (a feed URL given on the command line may point anywhere).
  static let queue: TTURLRequestQueue = {
    let queue = TTURLRequestQueue(cache: cache)
    queue.maxContentLength = 20_000_000
    queue.defaultTimeout = 30
    queue.defaultTotalTimeout = 120
    return queue
  }()
}
