public import Foundation
import Three20Core

extension TTURLCache {
  /// One cached response: its body, status and headers, validators and timestamps.
  ///
  /// An entry is a value; change a copy and ``TTURLCache/store(_:)`` it again to update the
  /// cache. ``TTHTTPCacheRules/entry(key:url:method:status:requestHeaders:responseHeaders:body:policy:now:)``
  /// builds one from a response, with ``etag``, ``lastModified`` and ``expiresAt`` filled in from
  /// the headers.
  ///
  /// **Freshness.** ``expiresAt`` is set when the server said how long the response stays fresh
  /// (`Cache-Control: max-age`, `Expires`, `no-cache`). When it is `nil`, the server said nothing
  /// and the reader's expiration age decides, as in Three20: the entry is fresh while it is
  /// younger than the request's `cacheExpirationAge` (one week by default).
  ///
  /// ```swift
  /// let entry = TTURLCache.Entry(
  ///   key: TTURLCache.key(url: "https://example.com/feed"), url: "https://example.com/feed",
  ///   body: Data("hello".utf8), headers: ["Content-Type": "text/plain"],
  ///   storedAt: Date(timeIntervalSince1970: 0))
  /// entry.isFresh(expirationAge: 60, now: Date(timeIntervalSince1970: 30))   // true
  /// entry.isFresh(expirationAge: 60, now: Date(timeIntervalSince1970: 90))   // false
  /// entry.size   // 55: body 5 + URL 24 + "Content-Type" 12 + "text/plain" 10 + 4
  /// ```
  public struct Entry: Sendable, Hashable {
    /// The cache key, usually ``TTURLCache/key(url:method:body:)`` of the request.
    public var key: String
    /// The URL the response came from.
    public var url: String
    /// The response body, exactly as the cache was given it.
    public var body: Data
    /// The HTTP status code of the response; default `200`.
    public var status: Int
    /// The response's header fields, in order as received.
    public var headers: TTHTTPHeaders
    /// The entity tag to revalidate with (`If-None-Match`), for example `"v1"` or `W/"v1"`.
    public var etag: String?
    /// The `Last-Modified` value to revalidate with (`If-Modified-Since`), as the server sent it.
    public var lastModified: String?
    /// When the response was received (or last revalidated).
    public var storedAt: Date
    /// When the response stops being fresh, if the server said; `nil` lets the reader's
    /// expiration age decide.
    public var expiresAt: Date?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - key: The cache key.
    ///   - url: The URL the response came from.
    ///   - body: The response body.
    ///   - status: The HTTP status code; default `200`.
    ///   - headers: The response's header fields; default none.
    ///   - etag: The entity tag; default `nil`.
    ///   - lastModified: The `Last-Modified` value; default `nil`.
    ///   - storedAt: When the response was received; default now.
    ///   - expiresAt: When it stops being fresh; default `nil` (the reader's expiration age
    ///     decides).
    public init(
      key: String, url: String, body: Data, status: Int = 200, headers: TTHTTPHeaders = [:],
      etag: String? = nil, lastModified: String? = nil, storedAt: Date = Date(), expiresAt: Date? = nil
    ) {
      self.key = key
      self.url = url
      self.body = body
      self.status = status
      self.headers = headers
      self.etag = etag
      self.lastModified = lastModified
      self.storedAt = storedAt
      self.expiresAt = expiresAt
    }

    /// The bytes the entry counts against the cache's limits.
    ///
    /// The body, the URL, and each header's name and value plus 4 bytes (`": "` and a line end),
    /// plus the ETag and Last-Modified values.
    public var size: Int {
      var total = body.count + url.utf8.count
      for field in headers {
        total += field.name.utf8.count + field.value.utf8.count + 4
      }
      return total + (etag?.utf8.count ?? 0) + (lastModified?.utf8.count ?? 0)
    }

    /// When the entry stops being fresh for a reader with an expiration age.
    ///
    /// - Parameter expirationAge: How old an entry may get when the server gave no freshness
    ///   information (the request's `cacheExpirationAge`).
    /// - Returns: ``expiresAt`` if set, otherwise ``storedAt`` plus `expirationAge`.
    public func expirationDate(expirationAge: TimeInterval) -> Date {
      expiresAt ?? storedAt.addingTimeInterval(expirationAge.isNaN ? 0 : expirationAge)
    }

    /// Whether the entry may still be used without asking the server.
    ///
    /// - Parameters:
    ///   - expirationAge: How old an entry may get when the server gave no freshness
    ///     information.
    ///   - now: The current time; default now.
    /// - Returns: `true` while `now` is before ``expirationDate(expirationAge:)``.
    public func isFresh(expirationAge: TimeInterval, now: Date = Date()) -> Bool {
      now < expirationDate(expirationAge: expirationAge)
    }

    /// Whether the entry has a validator, so a stale copy can be revalidated with a conditional
    /// request instead of downloaded again.
    public var hasValidator: Bool { etag != nil || lastModified != nil }
  }
}

extension TTURLCache.Entry: TTMemoryLRUEntry {}
