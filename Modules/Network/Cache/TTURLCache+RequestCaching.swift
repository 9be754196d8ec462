import Foundation
import Three20Core

/// The request queue's use of ``TTURLCache``: every ``TTURLRequestQueue/cache`` is read and
/// filled through these three calls.
///
/// - Reading goes through ``TTURLCache/lookup(key:policy:expirationAge:requestHeaders:now:)``, so
///   the policy's memory and disk bits choose the levels read, and ``TTURLCache/rules`` decide
///   freshness from the entry's expiry (`Cache-Control: max-age`, `Expires`) or, when the server
///   gave none, from the request's ``TTURLRequest/cacheExpirationAge``.
/// - Storing builds the entry with ``TTHTTPCacheRules/entry(key:url:method:status:requestHeaders:responseHeaders:body:policy:now:)``,
///   so `Cache-Control: no-store`, `Vary: *` and unlisted status codes are not stored, and the
///   expiry is set from the response's headers. POST and PUT responses, which the queue caches
///   under a key that includes their body (as Three20 did), are judged like GET responses.
/// - After a 304, ``TTURLCache/refresh(key:headers:now:)`` merges the 304's headers and makes
///   the entry fresh again.
extension TTURLCache: TTRequestCaching {
  func lookup(
    key: String, url: String, policy: TTURLRequestCachePolicy, expirationAge: TimeInterval,
    requestHeaders: [String: String]
  ) -> (entry: TTRequestCacheEntry, isFresh: Bool)? {
    let headers = TTHTTPHeaders(pairs: requestHeaders.map { ($0.key, $0.value) })
    switch lookup(key: key, policy: policy, expirationAge: expirationAge, requestHeaders: headers) {
    case .fresh(let entry): return (Self.requestEntry(entry), true)
    case .revalidate(let entry, _): return (Self.requestEntry(entry), false)
    case .miss: return nil
    }
  }

  func store(_ entry: TTRequestCacheEntry, forKey key: String, url: String, context: TTRequestCacheContext) {
    var headers = TTHTTPHeaders(pairs: entry.headers.map { ($0.name, $0.value) })
    if entry.headers.isEmpty {
      if let type = entry.contentType { headers.add("Content-Type", type) }
      if let etag = entry.etag { headers.add("ETag", etag) }
      if let modified = entry.lastModified { headers.add("Last-Modified", modified) }
    }
    // The body is stored decoded and whole: these fields described the transfer, not the body.
    for name in ["Content-Length", "Content-Encoding"] {
      headers.remove(name)
    }
    // The queue only stores methods it caches, under a key that already holds the method and
    // body; the rules, which would refuse anything but GET, judge the response itself.
    let method = context.method == "POST" || context.method == "PUT" ? "GET" : context.method
    guard
      let built = rules.entry(
        key: key, url: url, method: method, status: context.status,
        requestHeaders: TTHTTPHeaders(pairs: context.requestHeaders.map { ($0.key, $0.value) }),
        responseHeaders: headers, body: entry.data, policy: context.policy, now: entry.timestamp)
    else { return }
    store(built)
  }

  func refresh(key: String, url: String, headers: [(name: String, value: String)]) -> TTRequestCacheEntry? {
    refresh(key: key, headers: TTHTTPHeaders(pairs: headers.map { ($0.name, $0.value) })).map(
      Self.requestEntry)
  }

  /// The queue's view of a stored entry.
  private static func requestEntry(_ entry: Entry) -> TTRequestCacheEntry {
    TTRequestCacheEntry(
      data: entry.body, timestamp: entry.storedAt, etag: entry.etag, lastModified: entry.lastModified,
      contentType: entry.headers["Content-Type"], headers: entry.headers.map { ($0.name, $0.value) },
      url: entry.url)
  }
}
