// The code in this file is the code of Three20Network.docc/Caching.md, line for line: change
// both together (`articleCodeIsInThisFile` checks it).
import Foundation
import Testing
import Three20Core
import Three20Network

/// A GET through `cache`, sent with `send` (which adds the headers it is given) when needed.
func cachedGET(
  _ url: String, cache: TTURLCache, policy: TTURLRequestCachePolicy = .default,
  send: (TTHTTPHeaders) async throws -> (status: Int, headers: TTHTTPHeaders, body: Data)
) async throws -> Data {
  let key = TTURLCache.key(url: url)
  var conditionalHeaders: TTHTTPHeaders = [:]
  switch cache.lookup(key: key, policy: policy) {
  case .fresh(let entry):
    return entry.body  // no network
  case .revalidate(_, let headers):
    conditionalHeaders = headers  // If-None-Match, If-Modified-Since
  case .miss:
    break
  }
  let response = try await send(conditionalHeaders)
  if response.status == 304, let refreshed = cache.refresh(key: key, headers: response.headers) {
    return refreshed.body
  }
  let entry = cache.rules.entry(
    key: key, url: url, method: "GET", status: response.status, responseHeaders: response.headers,
    body: response.body, policy: policy)
  if let entry {
    cache.store(entry)
  }
  return response.body
}

@Suite("Article: Caching")
struct CachingArticleTests {
  let server: TTTestHTTPServer
  /// The transport: a queue without a cache, so only `cachedGET` caches.
  let transport = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
  }

  /// Every Swift block of the article is in this file.
  @Test func articleCodeIsInThisFile() throws {
    try expectArticleBlocks("Caching.md", appearIn: "CachingArticleTests.swift")
  }

  /// Sends a GET with extra header fields through the cache-less queue.
  func send(
    _ url: String, _ headers: TTHTTPHeaders
  ) async throws -> (
    status: Int, headers: TTHTTPHeaders, body: Data
  ) {
    let request = TTURLRequest(url: url)
    for field in headers {
      request.setValue(field.value, forHTTPHeaderField: field.name)
    }
    let result = try await request.send(on: transport)
    let responseHeaders = TTHTTPHeaders(pairs: result.info.headers.map { ($0.name, $0.value) })
    return (result.info.statusCode, responseHeaders, result.data)
  }

  /// A miss goes to the server, a fresh entry does not, a stale one is revalidated with its
  /// ETag (a 304 serves the cached body), and a changed resource replaces the entry.
  @Test func cachedGETFollowsTheRules() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Article", directory: directory)
      let url = server.url("/etag/doc")
      let get = { try await cachedGET(url, cache: cache) { try await send(url, $0) } }

      #expect(try await get() == Data("v1".utf8))
      #expect(try await get() == Data("v1".utf8))
      #expect(server.requestCount(for: "/etag/doc") == 1)

      cache.invalidate(key: TTURLCache.key(url: url))
      #expect(try await get() == Data("v1".utf8))
      let conditional = try #require(server.requests(for: "/etag/doc").last)
      #expect(conditional.headers["If-None-Match"] == #""v1""#)
      #expect(cache.lookup(key: TTURLCache.key(url: url), policy: .default).entry != nil)
      #expect(try await get() == Data("v1".utf8))
      #expect(server.requestCount(for: "/etag/doc") == 2)

      server.setResource(name: "doc", body: Data("v2".utf8), etag: "v2")
      cache.invalidate(key: TTURLCache.key(url: url))
      #expect(try await get() == Data("v2".utf8))
      #expect(try await get() == Data("v2".utf8))
      #expect(server.requestCount(for: "/etag/doc") == 3)
    }
  }

  /// With `.noCache` nothing is read or stored.
  @Test func noCacheAlwaysSends() async throws {
    try await withTemporaryDirectory { directory in
      let cache = try TTURLCache(name: "Article", directory: directory)
      let url = server.url("/etag/doc")
      for _ in 0..<2 {
        let body = try await cachedGET(url, cache: cache, policy: [.network, .noCache]) {
          try await send(url, $0)
        }
        #expect(body == Data("v1".utf8))
      }
      #expect(server.requestCount(for: "/etag/doc") == 2)
      #expect(!cache.hasEntry(forKey: TTURLCache.key(url: url)))
    }
  }
}
