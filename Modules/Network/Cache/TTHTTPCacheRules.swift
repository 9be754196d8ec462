public import Foundation
public import Three20Core

/// The HTTP caching rules of ``TTURLCache``: what may be stored, how long it stays fresh, when
/// a cached response may be used, and how it is revalidated.
///
/// These are pure functions of a request's policy and headers, a response's status and
/// headers, and the time: no I/O. They follow the parts of RFC 9111 that apply to a *private*
/// cache (one user's cache, like a browser's) together with Three20's cache policies; the
/// <doc:Caching> article lists exactly which parts and the order of precedence.
///
/// ```swift
/// let rules = TTHTTPCacheRules.standard
/// let now = Date(timeIntervalSince1970: 1_000_000)
/// let entry = rules.entry(
///   key: "k", url: "https://example.com/a", method: "GET", status: 200,
///   responseHeaders: ["Cache-Control": "max-age=60", "ETag": "\"v1\""],
///   body: Data("hi".utf8), policy: .default, now: now)
/// entry?.expiresAt == now.addingTimeInterval(60)    // true
/// entry?.etag                                       // "\"v1\""
/// rules.lookup(entry, policy: .default, expirationAge: TTTimeInterval.week, now: now)
/// // .fresh(entry)
/// rules.lookup(entry, policy: .etag, expirationAge: TTTimeInterval.week, now: now)
/// // .revalidate(entry, conditionalHeaders: ["If-None-Match": "\"v1\""])
/// ```
public struct TTHTTPCacheRules: Sendable, Hashable {
  /// The status codes whose responses may be stored.
  ///
  /// Default: 200, 203, 204, 300, 301 and 308, the successful and permanent-redirect codes of
  /// RFC 9110 §15.1's "heuristically cacheable" list. Error codes (404, 410, …) are left out:
  /// the request queue treats them as failures, and Three20 cached only successes.
  public var storableStatusCodes: Set<Int>

  /// Whether a response with `Last-Modified` but no explicit freshness gets a heuristic
  /// lifetime (``heuristicFraction`` of its age when received, at most ``heuristicLimit``).
  ///
  /// Default `false`: as in Three20, the request's `cacheExpirationAge` (one week by default)
  /// decides instead.
  public var usesHeuristicFreshness: Bool

  /// The share of the time since `Last-Modified` used as heuristic lifetime; default `0.1`
  /// (10 %, RFC 9111 §4.2.2's typical value).
  public var heuristicFraction: Double

  /// The longest heuristic lifetime; default one day.
  public var heuristicLimit: TimeInterval

  /// The rules ``TTURLCache`` uses unless given others.
  public static let standard = TTHTTPCacheRules()

  /// Creates rules.
  ///
  /// - Parameters:
  ///   - storableStatusCodes: The status codes that may be stored; default 200, 203, 204, 300,
  ///     301, 308.
  ///   - usesHeuristicFreshness: Whether `Last-Modified` gives a heuristic lifetime; default
  ///     `false`.
  ///   - heuristicFraction: The share of the time since `Last-Modified`; default `0.1`.
  ///   - heuristicLimit: The longest heuristic lifetime; default one day.
  public init(
    storableStatusCodes: Set<Int> = [200, 203, 204, 300, 301, 308], usesHeuristicFreshness: Bool = false,
    heuristicFraction: Double = 0.1, heuristicLimit: TimeInterval = TTTimeInterval.day
  ) {
    self.storableStatusCodes = storableStatusCodes
    self.usesHeuristicFreshness = usesHeuristicFreshness
    self.heuristicFraction = heuristicFraction
    self.heuristicLimit = heuristicLimit
  }

  // MARK: - Storing

  /// Whether a response may be stored.
  ///
  /// Not stored when: the policy contains `TTURLRequestCachePolicy.noCache`; the method is not
  /// `GET` (any case); the status is not in ``storableStatusCodes``; the request or the response
  /// has `Cache-Control: no-store`; the response has `Vary: *`. `Cache-Control: private` and
  /// `Authorization` do not prevent storing: this is a private cache.
  ///
  /// ```swift
  /// TTHTTPCacheRules.standard.isStorable(method: "get", status: 200, policy: .default)  // true
  /// TTHTTPCacheRules.standard.isStorable(method: "POST", status: 200, policy: .default) // false
  /// TTHTTPCacheRules.standard.isStorable(
  ///   method: "GET", status: 200, responseHeaders: ["Cache-Control": "no-store"],
  ///   policy: .default)                                                               // false
  /// ```
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - status: The response status code.
  ///   - requestHeaders: The request's header fields; default none.
  ///   - responseHeaders: The response's header fields; default none.
  ///   - policy: The request's cache policy.
  /// - Returns: `true` when the response may be stored.
  public func isStorable(
    method: String, status: Int, requestHeaders: TTHTTPHeaders = [:], responseHeaders: TTHTTPHeaders = [:],
    policy: TTURLRequestCachePolicy
  ) -> Bool {
    reasonNotStorable(
      method: method, status: status, requestHeaders: requestHeaders, responseHeaders: responseHeaders,
      policy: policy) == nil
  }

  /// Why a response may not be stored, or `nil` when it may.
  func reasonNotStorable(
    method: String, status: Int, requestHeaders: TTHTTPHeaders, responseHeaders: TTHTTPHeaders,
    policy: TTURLRequestCachePolicy
  ) -> String? {
    if policy.contains(.noCache) { return "the cache policy contains .noCache" }
    if method.uppercased() != "GET" {
      return "only GET responses are stored, not \(TTMessageText.quoted(method))"
    }
    if !storableStatusCodes.contains(status) { return "status \(status) is not stored" }
    if TTCacheControl(requestHeaders).has("no-store") { return "the request says Cache-Control: no-store" }
    if TTCacheControl(responseHeaders).has("no-store") { return "the response says Cache-Control: no-store" }
    let vary = responseHeaders.values(for: "Vary").flatMap { $0.split(separator: ",") }
    if vary.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "*" }) {
      return "the response says Vary: *"
    }
    return nil
  }

  /// How long a response stays fresh, as worked out when it is received.
  public struct Freshness: Sendable, Hashable {
    /// Where the lifetime came from.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
      /// `Cache-Control: no-cache` (or `Pragma: no-cache` without `Cache-Control`): stale at once.
      case noCache
      /// `Cache-Control: max-age` (an unreadable value counts as 0).
      case maxAge
      /// `Expires` minus `Date` (an unreadable `Expires` counts as already expired).
      case expires
      /// ``TTHTTPCacheRules/heuristicFraction`` of the time since `Last-Modified`.
      case heuristic
      /// No freshness information: the reader's expiration age decides.
      case expirationAge

      /// The source's name, for example `maxAge`.
      public var description: String {
        switch self {
        case .noCache: "noCache"
        case .maxAge: "maxAge"
        case .expires: "expires"
        case .heuristic: "heuristic"
        case .expirationAge: "expirationAge"
        }
      }
    }

    /// When the response stops being fresh; `nil` when the reader's expiration age decides.
    public var expiresAt: Date?
    /// Whether a stale copy must never be used without asking the server.
    ///
    /// Set by `must-revalidate` and `no-cache`. ``TTURLCache`` never serves stale copies anyway;
    /// this tells callers that want to.
    public var mustRevalidate: Bool
    /// Where the lifetime came from.
    public var source: Source

    /// Creates a freshness result.
    ///
    /// - Parameters:
    ///   - expiresAt: When the response stops being fresh, or `nil`.
    ///   - mustRevalidate: Whether a stale copy must be revalidated.
    ///   - source: Where the lifetime came from.
    public init(expiresAt: Date?, mustRevalidate: Bool, source: Source) {
      self.expiresAt = expiresAt
      self.mustRevalidate = mustRevalidate
      self.source = source
    }
  }

  /// Works out how long a response stays fresh (RFC 9111 §4.2).
  ///
  /// The first of these that applies wins: `no-cache` → stale at once; `max-age` → that many
  /// seconds; `Expires` → `Expires − Date`; heuristic (only with ``usesHeuristicFreshness``);
  /// otherwise `nil`, so the reader's expiration age applies. The lifetime counts from
  /// `responseTime` less the response's age when received: the larger of `Age` and
  /// `responseTime − Date`. `s-maxage` and `proxy-revalidate` are for shared caches and ignored.
  ///
  /// ```swift
  /// let now = Date(timeIntervalSince1970: 1_000_000)
  /// let rules = TTHTTPCacheRules.standard
  /// rules.freshness(responseHeaders: ["Cache-Control": "max-age=60", "Age": "20"], responseTime: now)
  ///   .expiresAt   // now + 40 s
  /// rules.freshness(responseHeaders: [:], responseTime: now).expiresAt   // nil
  /// ```
  ///
  /// - Parameters:
  ///   - responseHeaders: The response's header fields.
  ///   - responseTime: When the response was received.
  /// - Returns: The expiry, whether it must be revalidated, and where the lifetime came from.
  public func freshness(responseHeaders: TTHTTPHeaders, responseTime: Date) -> Freshness {
    let control = TTCacheControl(responseHeaders)
    let pragmaNoCache =
      !responseHeaders.contains("Cache-Control")
      && responseHeaders.values(for: "Pragma").contains { TTCacheControl(value: $0).has("no-cache") }
    let noCache = control.has("no-cache") || pragmaNoCache
    let mustRevalidate = noCache || control.has("must-revalidate")
    if noCache {
      return Freshness(expiresAt: responseTime, mustRevalidate: mustRevalidate, source: .noCache)
    }
    let date = responseHeaders["Date"].flatMap(TTHTTPDate.parse) ?? responseTime
    let initialAge = max(responseTime.timeIntervalSince(date), Self.ageValue(responseHeaders), 0)
    func expiring(after lifetime: TimeInterval, _ source: Freshness.Source) -> Freshness {
      Freshness(
        expiresAt: responseTime.addingTimeInterval(lifetime - initialAge), mustRevalidate: mustRevalidate,
        source: source)
    }
    switch control.seconds("max-age") {
    case .seconds(let seconds): return expiring(after: TimeInterval(seconds), .maxAge)
    case .invalid: return expiring(after: 0, .maxAge)
    case nil: break
    }
    if let expires = responseHeaders["Expires"] {
      guard let expiry = TTHTTPDate.parse(expires) else { return expiring(after: 0, .expires) }
      return expiring(after: expiry.timeIntervalSince(date), .expires)
    }
    if usesHeuristicFreshness, let modified = responseHeaders["Last-Modified"].flatMap(TTHTTPDate.parse),
      modified <= date
    {
      let fraction = heuristicFraction.isFinite ? max(0, heuristicFraction) : 0
      let lifetime = min(heuristicLimit, date.timeIntervalSince(modified) * fraction)
      return expiring(after: lifetime, .heuristic)
    }
    return Freshness(expiresAt: nil, mustRevalidate: mustRevalidate, source: .expirationAge)
  }

  /// The `Age` header's seconds; 0 when absent or unreadable, at most 2^31.
  private static func ageValue(_ headers: TTHTTPHeaders) -> TimeInterval {
    guard let text = headers["Age"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
      text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return 0 }
    guard text.count <= 10, let seconds = Int(text) else { return 2_147_483_648 }
    return TimeInterval(min(seconds, 2_147_483_648))
  }

  /// Builds the cache entry for a response, or `nil` when it may not be stored.
  ///
  /// The entry keeps the response's headers (less the hop-by-hop ones such as `Connection` and
  /// `Transfer-Encoding`), its validators (``entityTag(in:)`` and a readable `Last-Modified`),
  /// `now` as ``TTURLCache/Entry/storedAt`` and the expiry of
  /// ``freshness(responseHeaders:responseTime:)``.
  ///
  /// - Parameters:
  ///   - key: The cache key, usually ``TTURLCache/key(url:method:body:)``.
  ///   - url: The URL the response came from.
  ///   - method: The request method.
  ///   - status: The response status code.
  ///   - requestHeaders: The request's header fields; default none.
  ///   - responseHeaders: The response's header fields.
  ///   - body: The response body.
  ///   - policy: The request's cache policy.
  ///   - now: When the response was received; default now.
  /// - Returns: The entry to hand to ``TTURLCache/store(_:)``, or `nil` when
  ///   ``isStorable(method:status:requestHeaders:responseHeaders:policy:)`` says no.
  public func entry(
    key: String, url: String, method: String, status: Int, requestHeaders: TTHTTPHeaders = [:],
    responseHeaders: TTHTTPHeaders, body: Data, policy: TTURLRequestCachePolicy, now: Date = Date()
  ) -> TTURLCache.Entry? {
    if let reason = reasonNotStorable(
      method: method, status: status, requestHeaders: requestHeaders, responseHeaders: responseHeaders,
      policy: policy)
    {
      TTLog.debug(.urlCache, "not storing \(TTMessageText.quoted(url)): \(reason)")
      return nil
    }
    var headers = responseHeaders
    Self.removeHopByHop(&headers)
    return TTURLCache.Entry(
      key: key, url: url, body: body, status: status, headers: headers, etag: Self.entityTag(in: headers),
      lastModified: Self.lastModified(in: headers), storedAt: now,
      expiresAt: freshness(responseHeaders: headers, responseTime: now).expiresAt)
  }

  // MARK: - Using

  /// Decides whether a cached entry can be used, must be revalidated, or cannot help.
  ///
  /// In order:
  /// 1. `TTURLRequestCachePolicy.noCache` in the policy, or `Cache-Control: no-store` in the
  ///    request: ``TTURLCache/Lookup/miss`` (the cache is not read).
  /// 2. No entry: `.miss`.
  /// 3. The ETag bit of `TTURLRequestCachePolicy.etag` (Three20's "always revalidate"):
  ///    `.revalidate` if the entry has a validator, else `.miss`, even when it is fresh.
  /// 4. Fresh (``TTURLCache/Entry/isFresh(expirationAge:now:)``) and the request does not say
  ///    `Cache-Control: no-cache`, `max-age=0` or `Pragma: no-cache`: `.fresh`.
  /// 5. Stale, the policy allows `TTURLRequestCachePolicy.network` and the entry has a
  ///    validator: `.revalidate`.
  /// 6. Otherwise `.miss`: a stale entry is never served.
  ///
  /// Which cache levels are read is the caller's business (``TTURLCache/lookup(key:policy:expirationAge:requestHeaders:now:)``
  /// reads the ones the policy's `TTURLRequestCachePolicy.memory` and
  /// `TTURLRequestCachePolicy.disk` bits allow).
  ///
  /// - Parameters:
  ///   - entry: The cached entry, if any.
  ///   - policy: The request's cache policy.
  ///   - expirationAge: The request's `cacheExpirationAge`: how old an entry without freshness
  ///     information may get.
  ///   - requestHeaders: The request's header fields; default none.
  ///   - now: The current time; default now.
  /// - Returns: What to do.
  public func lookup(
    _ entry: TTURLCache.Entry?, policy: TTURLRequestCachePolicy, expirationAge: TimeInterval,
    requestHeaders: TTHTTPHeaders = [:], now: Date = Date()
  ) -> TTURLCache.Lookup {
    let control = TTCacheControl(requestHeaders)
    guard !policy.contains(.noCache), !control.has("no-store"), let entry else { return .miss }
    if policy.rawValue & Self.etagBit != 0 {
      return entry.hasValidator
        ? .revalidate(entry, conditionalHeaders: conditionalHeaders(for: entry)) : .miss
    }
    let pragmaNoCache =
      !requestHeaders.contains("Cache-Control")
      && requestHeaders.values(for: "Pragma").contains { TTCacheControl(value: $0).has("no-cache") }
    let forcesRevalidation =
      control.has("no-cache") || control.seconds("max-age") == .seconds(0) || pragmaNoCache
    if !forcesRevalidation, entry.isFresh(expirationAge: expirationAge, now: now) {
      return .fresh(entry)
    }
    if policy.contains(.network), entry.hasValidator {
      return .revalidate(entry, conditionalHeaders: conditionalHeaders(for: entry))
    }
    return .miss
  }

  /// Three20's `TTURLRequestCachePolicyEtag` bit, without the disk bit it comes with.
  private static let etagBit = 16

  // MARK: - Revalidating

  /// The headers that make a request conditional on the cached copy (RFC 9110 §13.1).
  ///
  /// `If-None-Match` with the entry's entity tag (weak tags such as `W/"v1"` are sent as they
  /// are: `If-None-Match` compares weakly), and `If-Modified-Since` with its `Last-Modified`
  /// value if that is a readable HTTP date. Values with control characters are never sent.
  ///
  /// ```swift
  /// var entry = TTURLCache.Entry(key: "k", url: "u", body: Data())
  /// entry.etag = "W/\"v1\""
  /// entry.lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"
  /// TTHTTPCacheRules.standard.conditionalHeaders(for: entry)
  /// // ["If-None-Match": "W/\"v1\"", "If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"]
  /// ```
  ///
  /// - Parameter entry: The cached entry.
  /// - Returns: The fields to add to the request; empty when the entry has no validator.
  public func conditionalHeaders(for entry: TTURLCache.Entry) -> TTHTTPHeaders {
    var headers: TTHTTPHeaders = [:]
    if let etag = entry.etag.flatMap(Self.normalizedEntityTag) {
      headers.add("If-None-Match", etag)
    }
    if let modified = entry.lastModified, TTHTTPDate.parse(modified) != nil {
      headers.add("If-Modified-Since", modified.trimmingCharacters(in: .whitespaces))
    }
    return headers
  }

  /// The entry to keep (and serve) after the server answered "304 Not Modified".
  ///
  /// As RFC 9111 §3.2 and §4.3.4 ask: the body and status stay; each header field of the 304
  /// replaces the stored fields of that name, except `Content-Length`, `Content-Encoding`,
  /// `Content-Range` and the hop-by-hop fields, which are ignored; fields the 304 does not
  /// mention stay; a stored `Age` is dropped (it described the first response). The validators are
  /// read again (the 304 may carry a new ETag), ``TTURLCache/Entry/storedAt`` becomes `now`, and
  /// the expiry is worked out again from the merged headers.
  ///
  /// - Parameters:
  ///   - entry: The cached entry that was revalidated.
  ///   - headers: The header fields of the 304 response.
  ///   - now: When the 304 was received; default now.
  /// - Returns: The updated entry.
  public func updatedEntry(
    _ entry: TTURLCache.Entry, afterNotModified headers: TTHTTPHeaders, now: Date = Date()
  ) -> TTURLCache.Entry {
    var incoming = headers
    Self.removeHopByHop(&incoming)
    for name in ["Content-Length", "Content-Encoding", "Content-Range"] {
      incoming.remove(name)
    }
    var merged = entry.headers
    merged.remove("Age")
    var replaced: [String] = []
    for field in incoming {
      if !replaced.contains(where: { TTHTTPHeaders.sameName($0, field.name) }) {
        merged.remove(field.name)
        replaced.append(field.name)
      }
      merged.add(field.name, field.value)
    }
    var updated = entry
    updated.headers = merged
    updated.etag = Self.entityTag(in: merged) ?? entry.etag
    updated.lastModified = Self.lastModified(in: merged) ?? entry.lastModified
    updated.storedAt = now
    updated.expiresAt = freshness(responseHeaders: merged, responseTime: now).expiresAt
    return updated
  }

  // MARK: - Validators

  /// The entity tag of a response, from its `ETag` field (any case, so `Etag` too).
  ///
  /// The first entity tag of the value is taken, strong (`"v1"`) or weak (`W/"v1"`), as
  /// Three20 took the first quoted string. A bare value (`abc`, which some servers send) is
  /// quoted (`"abc"`). Values with control characters, spaces outside quotes or more than
  /// 1 024 bytes give `nil`.
  ///
  /// ```swift
  /// TTHTTPCacheRules.entityTag(in: ["Etag": "\"v1\""])        // "\"v1\""
  /// TTHTTPCacheRules.entityTag(in: ["ETag": "W/\"v1\""])      // "W/\"v1\""
  /// TTHTTPCacheRules.entityTag(in: ["ETag": "abc"])           // "\"abc\""
  /// TTHTTPCacheRules.entityTag(in: ["ETag": "\"a\r\nX: y\""]) // nil
  /// ```
  ///
  /// - Parameter headers: The response's header fields.
  /// - Returns: The entity tag, or `nil`.
  public static func entityTag(in headers: TTHTTPHeaders) -> String? {
    headers["ETag"].flatMap(normalizedEntityTag)
  }

  static func normalizedEntityTag(_ raw: String) -> String? {
    let value = raw.trimmingCharacters(in: .whitespaces)
    guard !value.isEmpty, value.utf8.count <= 1024,
      !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { return nil }
    var rest = Substring(value)
    var prefix = ""
    if rest.hasPrefix("W/") || rest.hasPrefix("w/") {
      prefix = "W/"
      rest = rest.dropFirst(2)
    }
    if rest.first == "\"" {
      let inside = rest.dropFirst()
      guard let close = inside.firstIndex(of: "\"") else { return nil }
      return "\(prefix)\"\(inside[..<close])\""
    }
    guard prefix.isEmpty, !rest.contains(where: { $0 == "\"" || $0 == "," || $0 == " " || $0 == "\t" }) else {
      return nil
    }
    return "\"\(rest)\""
  }

  /// The `Last-Modified` value, if it is a readable HTTP date.
  static func lastModified(in headers: TTHTTPHeaders) -> String? {
    guard let value = headers["Last-Modified"], TTHTTPDate.parse(value) != nil else { return nil }
    return value.trimmingCharacters(in: .whitespaces)
  }

  /// Removes the hop-by-hop fields (RFC 9110 §7.6.1), and the ones `Connection` names.
  static func removeHopByHop(_ headers: inout TTHTTPHeaders) {
    let named = headers.values(for: "Connection").flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let fixed = [
      "Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade",
      "Proxy-Authenticate", "Proxy-Authorization",
    ]
    for name in fixed + named where !name.isEmpty {
      headers.remove(name)
    }
  }
}
