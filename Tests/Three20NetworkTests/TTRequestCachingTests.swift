import Foundation
import Testing
import Three20Core

@testable import Three20Network

@Suite("Request caching")
struct TTRequestCachingTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()
  let cache = TTMemoryRequestCache()

  init() throws {
    server = try TTTestHTTPServer.started()
    queue.requestCache = cache
  }

  /// A fresh cached response is served without the network, marked respondedFromCache.
  @Test func freshEntriesAreServedFromTheCache() async throws {
    let first = try await TTURLRequest(url: server.url("/cache/60")).send(on: queue)
    #expect(!first.respondedFromCache)
    let request = TTURLRequest(url: server.url("/cache/60"), response: TTURLStringResponse())
    let second = try await request.send(on: queue)
    #expect(second.respondedFromCache)
    #expect(request.respondedFromCache)
    #expect(second.value as? String == "cache 60 request 1")
    #expect(request.attempts == 0)
    #expect(server.requestCount(for: "/cache/60") == 1)
  }

  /// Cached text keeps its charset.
  @Test func cachedTextKeepsItsCharset() async throws {
    server.route("GET", "/latin") { _ in
      .data(Data([0x63, 0x61, 0x66, 0xE9]), contentType: "text/plain; charset=iso-8859-1")
    }
    _ = try await TTURLRequest(url: server.url("/latin")).send(on: queue)
    let text = try await TTURLRequest(url: server.url("/latin")).send(
      processingWith: TTURLStringResponse(), on: queue)
    #expect(text == "café")
    #expect(server.requestCount(for: "/latin") == 1)
  }

  /// An expired entry with an ETag is revalidated; a 304 serves the cached body and refreshes it.
  @Test func expiredEntriesAreRevalidated() async throws {
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
    let url = server.url("/etag/doc")
    _ = try await TTURLRequest(url: url).send(on: queue)
    cache.setTimestamp(Date(timeIntervalSinceNow: -100), forKey: TTURLRequest(url: url).cacheKey)
    let request = TTURLRequest(url: url)
    request.cacheExpirationAge = 10
    let result = try await request.send(on: queue)
    #expect(result.respondedFromCache)
    #expect(result.data == Data("v1".utf8))
    #expect(server.requests(for: "/etag/doc").last?.headers["If-None-Match"] == "\"v1\"")
    #expect(cache.counts.refreshes == 1)
    // Refreshed: the next request within the age needs no network.
    let again = TTURLRequest(url: url)
    again.cacheExpirationAge = 10
    #expect(try await again.send(on: queue).respondedFromCache)
    #expect(server.requestCount(for: "/etag/doc") == 2)
  }

  /// The .etag policy always asks the server; a changed resource replaces the cached one.
  @Test func etagPolicyAlwaysRevalidates() async throws {
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
    let url = server.url("/etag/doc")
    func load() async throws -> TTURLResult {
      let request = TTURLRequest(url: url)
      request.cachePolicy = .etag
      return try await request.send(on: queue)
    }
    #expect(try await load().data == Data("v1".utf8))
    let revalidated = try await load()
    #expect(revalidated.respondedFromCache)
    #expect(revalidated.data == Data("v1".utf8))
    server.setResource(name: "doc", body: Data("v2".utf8), etag: "v2")
    let changed = try await load()
    #expect(!changed.respondedFromCache)
    #expect(changed.data == Data("v2".utf8))
    #expect(server.requestCount(for: "/etag/doc") == 3)
  }

  /// Last-Modified is used as a validator too.
  @Test func lastModifiedRevalidates() async throws {
    let url = server.url("/last-modified/page")
    _ = try await TTURLRequest(url: url).send(on: queue)
    let request = TTURLRequest(url: url)
    request.cachePolicy = .etag
    #expect(try await request.send(on: queue).respondedFromCache)
    #expect(server.requests(for: "/last-modified/page").last?.headers["If-Modified-Since"] != nil)
  }

  /// .noCache responses are never stored, nor revalidated.
  @Test func noCacheIsNeverStored() async throws {
    let request = TTURLRequest(url: server.url("/cache/1"))
    request.cachePolicy = [.network, .noCache]
    _ = try await request.send(on: queue)
    #expect(cache.counts.stores == 0)
  }

  /// Error statuses and responses the processor rejects are never stored.
  @Test func failuresAreNeverStored() async throws {
    _ = await failure(of: TTURLRequest(url: server.url("/status/404")), on: queue)
    server.route("GET", "/notjson") { _ in .text("<html>") }
    _ = try? await TTURLRequest(url: server.url("/notjson")).send(
      processingWith: TTURLJSONResponse<[Int]>(), on: queue)
    #expect(cache.counts.stores == 0)
  }

  /// A policy without .network fails with notCached when nothing is cached.
  @Test func localPolicyWithoutEntryFails() async throws {
    let request = TTURLRequest(url: server.url("/status/200"))
    request.cachePolicy = .local
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .notCached)
    #expect(server.requestCount(for: "/status/200") == 0)
  }

  /// POST responses are cached per body; other methods never use the cache.
  @Test func postsAreKeyedByBody() async throws {
    func post(_ value: String) async throws -> TTURLResult {
      let request = TTURLRequest(url: server.url("/echo"), method: "POST")
      request.parameters = ["q": value]
      return try await request.send(on: queue)
    }
    #expect(try await !post("a").respondedFromCache)
    #expect(try await post("a").respondedFromCache)
    #expect(try await !post("b").respondedFromCache)
    _ = try await TTURLRequest(url: server.url("/echo"), method: "DELETE").send(on: queue)
    _ = try await TTURLRequest(url: server.url("/echo"), method: "DELETE").send(on: queue)
    #expect(server.requestCount(for: "/echo") == 4)
  }

  /// Cached answers reach delegates as a finish without a start.
  @Test @MainActor func cachedAnswersSkipStart() async throws {
    _ = try await TTURLRequest(url: server.url("/cache/60")).send(on: queue)
    let delegate = RecordingDelegate()
    let request = TTURLRequest(url: server.url("/cache/60"), delegate: delegate)
    request.start(on: queue)
    #expect(await eventually { @MainActor in delegate.ended })
    #expect(delegate.events == ["finish"])
  }
}
