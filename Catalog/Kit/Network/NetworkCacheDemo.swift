import Foundation
import Three20

/// The URL cache step by step: a miss, a fresh hit, and an ETag revalidated with a 304, each
/// with the requests the server really saw.
final class NetworkCacheDemo: CatalogLoadingPage {
  init() { super.init(title: "Cache: hit, miss, 304") }

  private var steps: [(String, String)] = []

  override func load() async {
    guard let server = CatalogServer.shared else { return }
    // A cache and queue of this demo's own, so every run starts cold.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-cache-demo-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let cache = try? TTURLCache(name: "CacheDemo", directory: folder) else { return }
    let queue = TTURLRequestQueue(cache: cache)
    steps = []
    func step(_ label: String, _ path: String) async {
      let before = server.log.count
      let request = TTURLRequest(url: server.baseURL + path, response: TTURLStringResponse())
      do {
        let result = try await request.send(on: queue)
        let seen = server.log.dropFirst(before)
        let source = result.respondedFromCache ? "from the cache" : "from the network"
        steps.append(
          (
            label,
            "\(result.info.statusCode) \(source); server saw: \(seen.isEmpty ? "nothing" : seen.joined(separator: "; "))"
          ))
      } catch {
        steps.append((label, "failed: \(error.message)"))
      }
    }
    await step("1. GET /fresh (first time)", "/fresh")
    await step("2. GET /fresh (again)", "/fresh")
    await step("3. GET /etag (first time)", "/etag")
    await step("4. GET /etag (again)", "/etag")
  }

  override func makeBlocks() -> [CatalogBlock] {
    [
      .code(
        """
        let queue = TTURLRequestQueue(cache: try TTURLCache(name: "Demo"))
        let result = try await TTURLRequest(url: url).send(on: queue)
        result.respondedFromCache   // true for a hit or a 304
        """),
      .text(
        "/fresh says Cache-Control: max-age=60, so the second request never leaves the cache. "
          + "/etag says no-cache with an ETag, so the cache asks again with If-None-Match and "
          + "the server answers 304 Not Modified: the body comes from the cache."),
      .heading("Step by step"),
      isLoading && steps.isEmpty ? .text("Loading…") : .examples(steps),
      .text("Press r to run the steps again with an empty cache.", CatalogBlock.dimStyle),
    ]
  }
}
