import Foundation
import Three20Core

/// One cached response, as the request queue reads and writes it.
struct TTRequestCacheEntry: Sendable {
  /// The body.
  var data: Data
  /// When it was stored or last confirmed by a 304; freshness is measured from here.
  var timestamp: Date
  /// The server's `ETag`, sent back as `If-None-Match`.
  var etag: String?
  /// The server's `Last-Modified`, sent back as `If-Modified-Since`.
  var lastModified: String?
  /// The server's `Content-Type`, so text keeps its charset; may be `nil`.
  var contentType: String?
}

/// What the request queue needs from a cache: the narrow seam between the queue and
/// `TTURLCache`.
///
/// The queue does the policy work (freshness against ``TTURLRequest/cacheExpirationAge``,
/// conditional headers, 304 handling, never storing failures or `.noCache` responses); a cache
/// only keeps entries. A conforming cache must:
///
/// - ``entry(forKey:url:policy:)``: return the entry stored under `key`, fresh or not, looking in
///   memory only when `policy` contains `.memory` and on disk only when it contains `.disk`
///   (`.etag` includes `.disk`). Return `nil` when nothing is stored. It must be cheap and safe to
///   call from any thread.
/// - ``store(_:forKey:url:)``: keep the entry (body, ETag, Last-Modified, Content-Type) with its
///   timestamp, replacing what was there.
/// - ``refresh(key:url:)``: after a 304, set the entry's timestamp to now so it counts as fresh
///   again.
///
/// Keys are the requests' ``TTURLRequest/cacheKey``, which is ``TTURLCache/key(url:method:body:)``
/// (the URL, plus method and body for POST and PUT); the URL is passed along for caches that
/// index by it.
protocol TTRequestCaching: Sendable {
  func entry(forKey key: String, url: String, policy: TTURLRequestCachePolicy) -> TTRequestCacheEntry?
  func store(_ entry: TTRequestCacheEntry, forKey key: String, url: String)
  func refresh(key: String, url: String)
}
