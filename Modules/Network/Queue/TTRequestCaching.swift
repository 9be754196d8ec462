import Foundation
import Three20Core

/// One cached response, as the request queue reads and writes it.
struct TTRequestCacheEntry: Sendable {
  /// The body.
  var data: Data
  /// When it was stored or last confirmed by a 304.
  var timestamp: Date
  /// The server's `ETag`, sent back as `If-None-Match`.
  var etag: String?
  /// The server's `Last-Modified`, sent back as `If-Modified-Since`.
  var lastModified: String?
  /// The server's `Content-Type`, so text keeps its charset; may be `nil`.
  var contentType: String?
  /// The response's header fields, served with cached answers; empty when the cache keeps only
  /// the fields above.
  var headers: [(name: String, value: String)] = []
  /// The address the response came from, after redirects, reported again with cached answers
  /// (so a page's relative links resolve as they did); `nil` when the cache does not know it,
  /// and the request's own address is reported.
  var url: String?
}

/// What a request sends, as a cache sees it when a response is stored.
struct TTRequestCacheContext: Sendable {
  /// The method, uppercased.
  var method: String
  /// The status of the response.
  var status: Int
  /// The request's header fields.
  var requestHeaders: [String: String]
  /// The request's cache policy.
  var policy: TTURLRequestCachePolicy
}

/// What the request queue needs from a cache: the narrow seam between the queue and
/// ``TTURLCache`` (which conforms in `TTURLCache+RequestCaching.swift`).
///
/// The queue does the protocol work (conditional headers, 304 handling, never storing failures,
/// streamed bodies or `.noCache` responses); a cache keeps entries and judges freshness. A
/// conforming cache must:
///
/// - ``lookup(key:url:policy:expirationAge:requestHeaders:)``: return the entry stored under
///   `key` with whether it may be served without asking the server, looking in memory only when
///   `policy` contains `.memory` and on disk only when it contains `.disk` (`.etag` includes
///   `.disk`). Return `nil` when nothing usable is stored. It must be safe to call from any
///   thread.
/// - ``store(_:forKey:url:context:)``: keep the entry, replacing what was there, unless the
///   cache's rules refuse it (for example `Cache-Control: no-store`).
/// - ``refresh(key:url:headers:)``: after a 304, mark the entry fresh again (applying the 304's
///   headers) and return it as it should now be served.
///
/// Keys are the requests' ``TTURLRequest/cacheKey``, which is ``TTURLCache/key(url:method:body:)``
/// (the URL, plus method and body for POST and PUT); the URL is passed along for caches that
/// index by it.
protocol TTRequestCaching: Sendable {
  func lookup(
    key: String, url: String, policy: TTURLRequestCachePolicy, expirationAge: TimeInterval,
    requestHeaders: [String: String]
  ) -> (entry: TTRequestCacheEntry, isFresh: Bool)?
  func store(_ entry: TTRequestCacheEntry, forKey key: String, url: String, context: TTRequestCacheContext)
  func refresh(key: String, url: String, headers: [(name: String, value: String)]) -> TTRequestCacheEntry?
}
