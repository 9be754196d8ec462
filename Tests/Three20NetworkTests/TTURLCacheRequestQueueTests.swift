import Foundation
import Testing
import Three20Core
import Three20Network

/// A cache in a fresh temporary directory and a queue that uses it, removed at the end.
final class CachedQueueFixture: Sendable {
  let server: TTTestHTTPServer
  let directory: URL
  let cache: TTURLCache
  let queue: TTURLRequestQueue

  init() throws {
    server = try TTTestHTTPServer.started()
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-queue-cache-\(UUID().uuidString)", isDirectory: true)
    cache = try TTURLCache(name: "Requests", directory: directory)
    queue = TTURLRequestQueue(cache: cache)
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// A second cache object and queue on the same file: what the app sees after a restart.
  func restarted() throws -> (cache: TTURLCache, queue: TTURLRequestQueue) {
    let cache = try TTURLCache(name: "Requests", directory: directory)
    return (cache, TTURLRequestQueue(cache: cache))
  }

  /// Sends a GET for `path` with an optional policy and expiration age.
  @discardableResult
  func get(
    _ path: String, policy: TTURLRequestCachePolicy = .default, expirationAge: TimeInterval? = nil,
    on queue: TTURLRequestQueue? = nil
  ) async throws -> TTURLResult {
    let request = TTURLRequest(url: server.url(path))
    request.cachePolicy = policy
    if let expirationAge { request.cacheExpirationAge = expirationAge }
    return try await request.send(on: queue ?? self.queue)
  }

  /// The cache key of a GET for `path`.
  func key(_ path: String) -> String {
    TTURLCache.key(url: server.url(path))
  }
}

@Suite("TTURLCache on the request queue")
struct TTURLCacheRequestQueueTests {
  let fixture: CachedQueueFixture

  init() throws {
    fixture = try CachedQueueFixture()
  }

  var server: TTTestHTTPServer { fixture.server }
  var cache: TTURLCache { fixture.cache }

  /// A queue created without a cache caches nothing; one given a cache exposes it.
  @Test func queuesCacheOnlyWhenGivenACache() async throws {
    #expect(TTURLRequestQueue().cache == nil)
    #expect(fixture.queue.cache === cache)
    let plain = TTURLRequestQueue()
    _ = try await fixture.get("/cache/60", on: plain)
    _ = try await fixture.get("/cache/60", on: plain)
    #expect(server.requestCount(for: "/cache/60") == 2)
    #expect(!cache.hasEntry(forKey: fixture.key("/cache/60")))
  }

  /// A fresh entry in memory answers without the network, marked respondedFromCache.
  @Test func memoryHitsNeedNoNetwork() async throws {
    let first = try await fixture.get("/cache/60")
    #expect(!first.respondedFromCache)
    let request = TTURLRequest(url: server.url("/cache/60"), response: TTURLStringResponse())
    let second = try await request.send(on: fixture.queue)
    #expect(second.respondedFromCache)
    #expect(request.respondedFromCache)
    #expect(request.attempts == 0)
    #expect(second.value as? String == "cache 60 request 1")
    #expect(server.requestCount(for: "/cache/60") == 1)
    #expect(cache.memoryEntryCount == 1)
  }

  /// `max-age` sets the stored entry's expiry; the stored headers are served with cached answers.
  @Test func maxAgeSetsTheExpiry() async throws {
    let before = Date()
    try await fixture.get("/cache/120")
    let entry = try #require(cache.entry(forKey: fixture.key("/cache/120")))
    let expiry = try #require(entry.expiresAt)
    #expect(expiry >= before.addingTimeInterval(118) && expiry <= Date().addingTimeInterval(121))
    #expect(entry.headers["Content-Length"] == nil)
    let cached = try await fixture.get("/cache/120")
    #expect(cached.respondedFromCache)
    #expect(cached.info.value(forHTTPHeaderField: "Cache-Control") == "max-age=120")
  }

  /// The server's `max-age` wins over the request's expiration age, both ways.
  @Test func serverFreshnessWinsOverTheExpirationAge() async throws {
    try await fixture.get("/cache/600")
    // Younger than max-age: served, although the request's own age (0) would call it stale.
    #expect(try await fixture.get("/cache/600", expirationAge: 0).respondedFromCache)
    try await fixture.get("/cache/0")
    // max-age=0: stale at once, even though the request would accept a week.
    let again = try await fixture.get("/cache/0")
    #expect(!again.respondedFromCache)
    #expect(server.requestCount(for: "/cache/0") == 2)
  }

  /// An `Expires` date in the past is stale at once; one in the future is fresh until then.
  @Test func expiresSetsTheExpiry() async throws {
    server.route("GET", "/expired") { _ in
      TTTestHTTPResponse.text("old").adding(header: "Expires", value: "Thu, 01 Jan 1970 00:00:00 GMT")
    }
    server.route("GET", "/expires-later") { _ in
      let later = Date().addingTimeInterval(3600)
      return TTTestHTTPResponse.text("later").adding(header: "Expires", value: TTHTTPDate.format(later))
    }
    try await fixture.get("/expired")
    #expect(try await !fixture.get("/expired").respondedFromCache)
    try await fixture.get("/expires-later")
    #expect(try await fixture.get("/expires-later", expirationAge: 0).respondedFromCache)
    #expect(server.requestCount(for: "/expired") == 2)
    #expect(server.requestCount(for: "/expires-later") == 1)
  }

  /// Without freshness headers the request's cacheExpirationAge decides.
  @Test func expirationAgeDecidesWithoutHeaders() async throws {
    server.route("GET", "/plain") { _ in .text("plain") }
    try await fixture.get("/plain")
    #expect(try await fixture.get("/plain", expirationAge: 3600).respondedFromCache)
    #expect(try await !fixture.get("/plain", expirationAge: 0).respondedFromCache)
    #expect(server.requestCount(for: "/plain") == 2)
  }

  /// After a "restart" (a new cache object and queue on the same file) the disk answers.
  @Test func diskHitsSurviveARestart() async throws {
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
    try await fixture.get("/etag/doc")
    let (cache, queue) = try fixture.restarted()
    #expect(cache.memoryEntryCount == 0)
    let request = TTURLRequest(url: server.url("/etag/doc"), response: TTURLStringResponse())
    let result = try await request.send(on: queue)
    #expect(result.respondedFromCache)
    #expect(result.value as? String == "v1")
    #expect(result.info.value(forHTTPHeaderField: "ETag") == "\"v1\"")
    #expect(server.requestCount(for: "/etag/doc") == 1)
    #expect(cache.memoryEntryCount == 1)
  }

  /// The policy's memory and disk bits choose the levels read.
  @Test func policyBitsChooseTheLevels() async throws {
    try await fixture.get("/cache/600")
    let (_, queue) = try fixture.restarted()
    // The new object's memory is empty, and this policy may not read the disk.
    #expect(try await !fixture.get("/cache/600", policy: [.memory, .network], on: queue).respondedFromCache)
    #expect(server.requestCount(for: "/cache/600") == 2)
    // The disk has the entry (now the second response).
    let fromDisk = try await fixture.get("/cache/600", policy: [.disk, .network], on: queue)
    #expect(fromDisk.respondedFromCache)
    #expect(String(decoding: fromDisk.data, as: UTF8.self) == "cache 600 request 2")
    #expect(server.requestCount(for: "/cache/600") == 2)
  }

  /// A stale entry with an ETag is revalidated: If-None-Match, a 304, the cached body, a new
  /// stored time.
  @Test func etagsRevalidateStaleEntries() async throws {
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
    try await fixture.get("/etag/doc")
    let key = fixture.key("/etag/doc")
    var old = try #require(cache.entry(forKey: key))
    old.storedAt = Date(timeIntervalSinceNow: -3600)
    cache.store(old)

    let result = try await fixture.get("/etag/doc", expirationAge: 60)
    #expect(result.respondedFromCache)
    #expect(result.data == Data("v1".utf8))
    let sent = try #require(server.requests(for: "/etag/doc").last)
    #expect(sent.headers["If-None-Match"] == "\"v1\"")
    #expect(server.requestCount(for: "/etag/doc") == 2)
    let refreshed = try #require(cache.entry(forKey: key))
    #expect(refreshed.storedAt > Date(timeIntervalSinceNow: -30))
    // Fresh again: the next request within the age needs no network.
    #expect(try await fixture.get("/etag/doc", expirationAge: 60).respondedFromCache)
    #expect(server.requestCount(for: "/etag/doc") == 2)
  }

  /// Last-Modified revalidates too: If-Modified-Since, a 304, the cached body.
  @Test func lastModifiedRevalidatesStaleEntries() async throws {
    try await fixture.get("/last-modified/page")
    let result = try await fixture.get("/last-modified/page", expirationAge: 0)
    #expect(result.respondedFromCache)
    #expect(String(decoding: result.data, as: UTF8.self) == "resource page")
    let sent = try #require(server.requests(for: "/last-modified/page").last)
    #expect(sent.headers["If-Modified-Since"] == "Sun, 09 Sep 2001 01:46:40 GMT")
    #expect(server.requestCount(for: "/last-modified/page") == 2)
  }

  /// The .etag policy asks the server every time, even for a fresh entry; a changed resource
  /// replaces the cached body.
  @Test func etagPolicyAlwaysRevalidates() async throws {
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
    try await fixture.get("/etag/doc")
    let revalidated = try await fixture.get("/etag/doc", policy: .etag)
    #expect(revalidated.respondedFromCache)
    #expect(server.requests(for: "/etag/doc").last?.headers["If-None-Match"] == "\"v1\"")
    server.setResource(name: "doc", body: Data("v2".utf8), etag: "v2")
    let changed = try await fixture.get("/etag/doc", policy: .etag)
    #expect(!changed.respondedFromCache)
    #expect(changed.data == Data("v2".utf8))
    #expect(cache.entry(forKey: fixture.key("/etag/doc"))?.body == Data("v2".utf8))
    #expect(server.requestCount(for: "/etag/doc") == 3)
  }

  /// `Cache-Control: no-store` responses are never stored.
  @Test func noStoreResponsesAreNeverStored() async throws {
    try await fixture.get("/no-store")
    let second = try await fixture.get("/no-store")
    #expect(!second.respondedFromCache)
    #expect(String(decoding: second.data, as: UTF8.self) == "no-store request 2")
    #expect(!cache.hasEntry(forKey: fixture.key("/no-store")))
  }

  /// A request saying `Cache-Control: no-store` neither reads nor fills the cache.
  @Test func noStoreRequestsSkipTheCache() async throws {
    try await fixture.get("/cache/600")
    let request = TTURLRequest(url: server.url("/cache/600"))
    request.setValue("no-store", forHTTPHeaderField: "Cache-Control")
    let result = try await request.send(on: fixture.queue)
    #expect(!result.respondedFromCache)
    #expect(cache.entry(forKey: fixture.key("/cache/600"))?.body == Data("cache 600 request 1".utf8))
  }

  /// `.noCache` neither reads nor writes the cache.
  @Test func noCachePolicyNeitherReadsNorWrites() async throws {
    try await fixture.get("/cache/600")
    let bypass = try await fixture.get("/cache/600", policy: [.network, .noCache])
    #expect(!bypass.respondedFromCache)
    #expect(String(decoding: bypass.data, as: UTF8.self) == "cache 600 request 2")
    #expect(cache.entry(forKey: fixture.key("/cache/600"))?.body == Data("cache 600 request 1".utf8))
    try await fixture.get("/cache/601", policy: [.default, .noCache])
    #expect(!cache.hasEntry(forKey: fixture.key("/cache/601")))
  }

  /// After invalidate(key:) the next request revalidates instead of using the entry.
  @Test func invalidatedEntriesAreRevalidated() async throws {
    try await fixture.get("/etag/page")
    cache.invalidate(key: fixture.key("/etag/page"))
    let result = try await fixture.get("/etag/page")
    #expect(result.respondedFromCache)
    #expect(server.requests(for: "/etag/page").last?.headers["If-None-Match"] != nil)
    #expect(server.requestCount(for: "/etag/page") == 2)
  }

  /// POST responses are stored under keys that include the body: other bodies miss.
  @Test func postsAreKeyedByTheirBodies() async throws {
    func post(_ value: String) async throws -> TTURLResult {
      let request = TTURLRequest(url: server.url("/echo"), method: "POST")
      request.parameters = ["q": value]
      request.isMultipartForm = false
      return try await request.send(on: fixture.queue)
    }
    #expect(try await !post("a").respondedFromCache)
    #expect(try await post("a").respondedFromCache)
    #expect(try await !post("b").respondedFromCache)
    #expect(try await !fixture.get("/echo").respondedFromCache)
    #expect(server.requestCount(for: "/echo") == 3)
    let key = TTURLCache.key(url: server.url("/echo"), method: "POST", body: Data("q=a".utf8))
    #expect(cache.hasEntry(forKey: key))
    #expect(cache.entryCount == 3)
  }

  /// Error statuses are never stored.
  @Test(arguments: [404, 410, 500, 503])
  func errorStatusesAreNeverStored(status: Int) async throws {
    for _ in 0..<2 {
      let error = await failure(of: TTURLRequest(url: server.url("/status/\(status)")), on: fixture.queue)
      #expect(error?.statusCode == status)
    }
    #expect(server.requestCount(for: "/status/\(status)") == 2)
    #expect(cache.entryCount == 0)
  }

  /// A body the processor rejects is never stored.
  @Test func processorFailuresAreNeverStored() async throws {
    server.route("GET", "/notjson") { _ in .text("<html>") }
    let request = TTURLRequest(url: server.url("/notjson"))
    await #expect(throws: TTNetworkError.self) {
      try await request.send(processingWith: TTURLJSONResponse<[Int]>(), on: fixture.queue)
    }
    #expect(!cache.hasEntry(forKey: fixture.key("/notjson")))
    #expect(try await !fixture.get("/notjson").respondedFromCache)
    #expect(server.requestCount(for: "/notjson") == 2)
  }

  /// Gzip bodies are stored decoded, without the encoding header.
  @Test func compressedBodiesAreStoredDecoded() async throws {
    try await fixture.get("/gzip")
    let entry = try #require(cache.entry(forKey: fixture.key("/gzip")))
    #expect(entry.body == Data(TTTestHTTPServer.compressibleText.utf8))
    #expect(entry.headers["Content-Encoding"] == nil)
    let text = try await TTURLRequest(url: server.url("/gzip")).send(
      processingWith: TTURLStringResponse(), on: fixture.queue)
    #expect(text == TTTestHTTPServer.compressibleText)
    #expect(server.requestCount(for: "/gzip") == 1)
  }
}
