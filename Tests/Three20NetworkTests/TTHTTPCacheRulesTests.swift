import Foundation
import Testing
import Three20Core
import Three20Network

@Suite("TTHTTPCacheRules")
struct TTHTTPCacheRulesTests {
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// An HTTP date `offset` seconds from ``now``.
  static func http(_ offset: TimeInterval) -> String {
    TTHTTPDate.format(now.addingTimeInterval(offset))
  }

  /// One row of the storing table: a request and response, and what the rules make of them.
  struct StoreCase: Sendable, CustomTestStringConvertible {
    var name: String
    var method = "GET"
    var status = 200
    var request: [(String, String)] = []
    var response: [(String, String)] = []
    var policy: TTURLRequestCachePolicy = .default
    var heuristic = false
    /// The expected expiry in seconds from now; `.some(nil)` when the reader's age decides,
    /// `nil` when the response is not stored.
    var stored: TimeInterval??
    var mustRevalidate = false

    var testDescription: String { name }
  }

  static let storeCases: [StoreCase] = [
    StoreCase(name: "plain 200: stored, the reader's age decides", stored: .some(nil)),
    StoreCase(name: "method case does not matter", method: "get", stored: .some(nil)),
    StoreCase(name: "POST is not stored", method: "POST", stored: nil),
    StoreCase(name: "HEAD is not stored", method: "HEAD", stored: nil),
    StoreCase(name: "203 stored", status: 203, stored: .some(nil)),
    StoreCase(name: "204 stored", status: 204, stored: .some(nil)),
    StoreCase(name: "301 stored", status: 301, stored: .some(nil)),
    StoreCase(name: "308 stored", status: 308, stored: .some(nil)),
    StoreCase(name: "206 not stored", status: 206, stored: nil),
    StoreCase(name: "304 not stored", status: 304, stored: nil),
    StoreCase(name: "404 not stored", status: 404, stored: nil),
    StoreCase(name: "500 not stored", status: 500, stored: nil),
    StoreCase(name: "policy noCache", policy: .noCache, stored: nil),
    StoreCase(name: "policy network + noCache", policy: [.network, .noCache], stored: nil),
    StoreCase(name: "policy network only still stores", policy: .network, stored: .some(nil)),
    StoreCase(name: "response no-store", response: [("Cache-Control", "no-store")], stored: nil),
    StoreCase(name: "response No-Store, any case", response: [("cache-control", "No-Store")], stored: nil),
    StoreCase(name: "request no-store", request: [("Cache-Control", "no-store")], stored: nil),
    StoreCase(
      name: "no-store beats max-age", response: [("Cache-Control", "max-age=60, no-store")], stored: nil),
    StoreCase(
      name: "no-store in a second field",
      response: [("Cache-Control", "max-age=60"), ("Cache-Control", "no-store")], stored: nil),
    StoreCase(
      name: "private is fine for a private cache", response: [("Cache-Control", "private")],
      stored: .some(nil)),
    StoreCase(
      name: "Authorization is fine for a private cache", request: [("Authorization", "Basic eDp5")],
      stored: .some(nil)),
    StoreCase(name: "Vary: * not stored", response: [("Vary", "Accept, *")], stored: nil),
    StoreCase(
      name: "Vary: Accept-Encoding stored", response: [("Vary", "Accept-Encoding")], stored: .some(nil)),
    StoreCase(name: "max-age", response: [("Cache-Control", "max-age=60")], stored: 60),
    StoreCase(name: "max-age quoted", response: [("Cache-Control", "max-age=\"60\"")], stored: 60),
    StoreCase(
      name: "max-age less Age", response: [("Cache-Control", "max-age=60"), ("Age", "20")], stored: 40),
    StoreCase(
      name: "max-age less apparent age from Date",
      response: [("Cache-Control", "max-age=60"), ("Date", http(-30))], stored: 30),
    StoreCase(
      name: "Age and Date: the larger counts",
      response: [("Cache-Control", "max-age=60"), ("Date", http(-30)), ("Age", "10")], stored: 30),
    StoreCase(
      name: "Date in the future gives no negative age",
      response: [("Cache-Control", "max-age=60"), ("Date", http(100))], stored: 60),
    StoreCase(
      name: "unreadable Age is ignored", response: [("Cache-Control", "max-age=60"), ("Age", "-5")],
      stored: 60),
    StoreCase(name: "max-age=0", response: [("Cache-Control", "max-age=0")], stored: 0),
    StoreCase(
      name: "unreadable max-age means stale", response: [("Cache-Control", "max-age=soon")], stored: 0),
    StoreCase(name: "empty max-age means stale", response: [("Cache-Control", "max-age=")], stored: 0),
    StoreCase(
      name: "huge max-age is capped at 2^31",
      response: [("Cache-Control", "max-age=99999999999999999999999")], stored: 2_147_483_648),
    StoreCase(
      name: "first max-age wins", response: [("Cache-Control", "max-age=10, max-age=99")], stored: 10),
    StoreCase(
      name: "s-maxage is for shared caches", response: [("Cache-Control", "s-maxage=600")], stored: .some(nil)
    ),
    StoreCase(
      name: "s-maxage does not beat max-age", response: [("Cache-Control", "s-maxage=600, max-age=60")],
      stored: 60),
    StoreCase(
      name: "Expires minus Date", response: [("Date", http(0)), ("Expires", http(120))], stored: 120),
    StoreCase(name: "Expires without Date counts from now", response: [("Expires", http(120))], stored: 120),
    StoreCase(
      name: "Expires and a Date an hour behind: already stale",
      response: [("Date", http(-3600)), ("Expires", http(-3480))], stored: -3480),
    StoreCase(name: "Expires: 0 means already expired", response: [("Expires", "0")], stored: 0),
    StoreCase(
      name: "Expires in the past", response: [("Date", http(0)), ("Expires", http(-60))], stored: -60),
    StoreCase(
      name: "max-age beats Expires",
      response: [("Cache-Control", "max-age=60"), ("Expires", http(3600))], stored: 60),
    StoreCase(
      name: "no-cache: stored, stale at once", response: [("Cache-Control", "no-cache")], stored: 0,
      mustRevalidate: true),
    StoreCase(
      name: "no-cache with field names counts as no-cache",
      response: [("Cache-Control", "no-cache=\"Set-Cookie, X-A\", max-age=60")], stored: 0,
      mustRevalidate: true),
    StoreCase(
      name: "Pragma no-cache without Cache-Control", response: [("Pragma", "no-cache")], stored: 0,
      mustRevalidate: true),
    StoreCase(
      name: "Pragma no-cache is ignored beside Cache-Control",
      response: [("Pragma", "no-cache"), ("Cache-Control", "max-age=60")], stored: 60),
    StoreCase(
      name: "must-revalidate", response: [("Cache-Control", "max-age=60, must-revalidate")], stored: 60,
      mustRevalidate: true),
    StoreCase(
      name: "proxy-revalidate is for shared caches", response: [("Cache-Control", "proxy-revalidate")],
      stored: .some(nil)),
    StoreCase(
      name: "Last-Modified without heuristics: the reader's age",
      response: [("Last-Modified", http(-864_000))],
      stored: .some(nil)),
    StoreCase(
      name: "heuristic: 10 % of the time since Last-Modified",
      response: [("Date", http(0)), ("Last-Modified", http(-3600))], heuristic: true, stored: 360),
    StoreCase(
      name: "heuristic is capped at a day",
      response: [("Date", http(0)), ("Last-Modified", http(-864_000 * 3))], heuristic: true, stored: 86_400),
    StoreCase(
      name: "heuristic never beats max-age",
      response: [("Cache-Control", "max-age=5"), ("Last-Modified", http(-3600))], heuristic: true, stored: 5),
    StoreCase(
      name: "heuristic ignores a Last-Modified after Date",
      response: [("Date", http(0)), ("Last-Modified", http(60))], heuristic: true, stored: .some(nil)),
    StoreCase(
      name: "garbage Cache-Control is ignored", response: [("Cache-Control", ",,=, ;\u{0}\"")],
      stored: .some(nil)),
  ]

  /// Each combination of method, status, policy and headers gives the documented storing
  /// decision, expiry and revalidation requirement.
  @Test(arguments: storeCases)
  func storingTable(_ row: StoreCase) {
    let rules = TTHTTPCacheRules(usesHeuristicFreshness: row.heuristic)
    let response = TTHTTPHeaders(pairs: row.response)
    let request = TTHTTPHeaders(pairs: row.request)
    let entry = rules.entry(
      key: "k", url: "https://example.com/x", method: row.method, status: row.status, requestHeaders: request,
      responseHeaders: response, body: Data("body".utf8), policy: row.policy, now: Self.now)
    #expect(
      rules.isStorable(
        method: row.method, status: row.status, requestHeaders: request, responseHeaders: response,
        policy: row.policy) == (row.stored != nil))
    guard let expected = row.stored else {
      #expect(entry == nil)
      return
    }
    #expect(entry?.storedAt == Self.now)
    #expect(entry?.expiresAt == expected.map { Self.now.addingTimeInterval($0) })
    let freshness = rules.freshness(responseHeaders: response, responseTime: Self.now)
    #expect(freshness.mustRevalidate == row.mustRevalidate)
    #expect(freshness.expiresAt == entry?.expiresAt)
  }

  /// Where the lifetime came from is reported.
  @Test func freshnessNamesItsSource() {
    let rules = TTHTTPCacheRules(usesHeuristicFreshness: true)
    func source(_ pairs: [(String, String)]) -> TTHTTPCacheRules.Freshness.Source {
      rules.freshness(responseHeaders: TTHTTPHeaders(pairs: pairs), responseTime: Self.now).source
    }
    #expect(source([("Cache-Control", "no-cache")]) == .noCache)
    #expect(source([("Cache-Control", "max-age=1")]) == .maxAge)
    #expect(source([("Expires", Self.http(5))]) == .expires)
    #expect(source([("Last-Modified", Self.http(-50))]) == .heuristic)
    #expect(source([]) == .expirationAge)
  }

  /// Storing keeps the headers minus the hop-by-hop ones, and reads the validators.
  @Test func entriesKeepEndToEndHeadersAndValidators() throws {
    let response = TTHTTPHeaders(pairs: [
      ("Content-Type", "text/html"), ("Connection", "keep-alive, X-Hop"), ("Keep-Alive", "timeout=5"),
      ("Transfer-Encoding", "chunked"), ("X-Hop", "1"), ("Etag", "W/\"abc\""),
      ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"),
    ])
    let entry = try #require(
      TTHTTPCacheRules.standard.entry(
        key: "k", url: "u", method: "GET", status: 200, responseHeaders: response, body: Data(),
        policy: .default,
        now: Self.now))
    #expect(entry.headers.map(\.name) == ["Content-Type", "Etag", "Last-Modified"])
    #expect(entry.etag == "W/\"abc\"")
    #expect(entry.lastModified == "Sun, 06 Nov 1994 08:49:37 GMT")
  }

  // MARK: - Lookups

  /// One row of the lookup table.
  struct LookupCase: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable { case fresh, revalidate, miss }
    var name: String
    var policy: TTURLRequestCachePolicy = .default
    /// Seconds since the entry was stored (it has no expiry of its own; the age is 100 s).
    var age: TimeInterval = 10
    var validator = true
    var request: [(String, String)] = []
    var outcome: Outcome

    var testDescription: String { name }
  }

  static let lookupCases: [LookupCase] = [
    LookupCase(name: "fresh under the default policy", outcome: .fresh),
    LookupCase(name: "fresh without validator", validator: false, outcome: .fresh),
    LookupCase(name: "stale with validator: revalidate", age: 200, outcome: .revalidate),
    LookupCase(name: "stale without validator: miss", age: 200, validator: false, outcome: .miss),
    LookupCase(name: "stale, no network allowed: miss", policy: .local, age: 200, outcome: .miss),
    LookupCase(name: "fresh, local policy", policy: .local, outcome: .fresh),
    LookupCase(name: "etag policy revalidates even fresh entries", policy: .etag, outcome: .revalidate),
    LookupCase(name: "etag policy without validator: miss", policy: .etag, validator: false, outcome: .miss),
    LookupCase(name: "noCache never reads", policy: [.memory, .disk, .network, .noCache], outcome: .miss),
    LookupCase(name: "noCache beats etag", policy: [.etag, .noCache], outcome: .miss),
    LookupCase(
      name: "request no-cache forces revalidation", request: [("Cache-Control", "no-cache")],
      outcome: .revalidate),
    LookupCase(
      name: "request max-age=0 forces revalidation", request: [("Cache-Control", "max-age=0")],
      outcome: .revalidate),
    LookupCase(
      name: "request Pragma: no-cache forces revalidation", request: [("Pragma", "no-cache")],
      outcome: .revalidate),
    LookupCase(
      name: "request no-store skips the cache", request: [("Cache-Control", "no-store")], outcome: .miss),
    LookupCase(
      name: "request max-age=50 is not honoured", request: [("Cache-Control", "max-age=50")], outcome: .fresh),
  ]

  /// Each policy and request header gives the documented lookup outcome.
  @Test(arguments: lookupCases)
  func lookupTable(_ row: LookupCase) {
    let entry = TTURLCache.Entry(
      key: "k", url: "u", body: Data("b".utf8), etag: row.validator ? "\"v\"" : nil,
      storedAt: Self.now.addingTimeInterval(-row.age))
    let result = TTHTTPCacheRules.standard.lookup(
      entry, policy: row.policy, expirationAge: 100, requestHeaders: TTHTTPHeaders(pairs: row.request),
      now: Self.now)
    switch (row.outcome, result) {
    case (.fresh, .fresh(let found)): #expect(found == entry)
    case (.revalidate, .revalidate(let found, let headers)):
      #expect(found == entry)
      #expect(headers["If-None-Match"] == "\"v\"")
    case (.miss, .miss): break
    default: Issue.record("expected \(row.outcome), got \(result)")
    }
  }

  /// No entry is always a miss.
  @Test func noEntryIsAMiss() {
    #expect(TTHTTPCacheRules.standard.lookup(nil, policy: .etag, expirationAge: 100) == .miss)
  }

  /// An entry's own expiry beats the reader's expiration age, both ways.
  @Test func explicitExpiryBeatsTheExpirationAge() {
    let soon = TTURLCache.Entry(
      key: "k", url: "u", body: Data(), storedAt: Self.now.addingTimeInterval(-10),
      expiresAt: Self.now.addingTimeInterval(-1))
    #expect(!soon.isFresh(expirationAge: TTTimeInterval.week, now: Self.now))
    let later = TTURLCache.Entry(
      key: "k", url: "u", body: Data(), storedAt: Self.now.addingTimeInterval(-1000),
      expiresAt: Self.now.addingTimeInterval(1))
    #expect(later.isFresh(expirationAge: 1, now: Self.now))
  }

  // MARK: - Validators

  /// Entity tags are read from `ETag` in any case, strong or weak; bare values are quoted;
  /// broken or dangerous values are refused.
  @Test(
    arguments: [
      ("ETag", "\"v1\"", "\"v1\""),
      ("Etag", "\"v1\"", "\"v1\""),
      ("etag", "  \"v1\"  ", "\"v1\""),
      ("ETag", "W/\"v1\"", "W/\"v1\""),
      ("ETag", "w/\"v1\"", "W/\"v1\""),
      ("ETag", "\"a\", \"b\"", "\"a\""),
      ("ETag", "abc123", "\"abc123\""),
      ("ETag", "\"\"", "\"\""),
      ("ETag", "", nil),
      ("ETag", "\"unterminated", nil),
      ("ETag", "two words", nil),
      ("ETag", "W/bare", nil),
      ("ETag", "\"a\r\nSet-Cookie: x\"", nil),
      ("ETag", "\"nul\u{0}\"", nil),
      ("ETag", "\"" + String(repeating: "x", count: 2000) + "\"", nil),
    ] as [(String, String, String?)])
  func entityTags(name: String, value: String, expected: String?) {
    #expect(TTHTTPCacheRules.entityTag(in: TTHTTPHeaders(pairs: [(name, value)])) == expected)
  }

  /// Conditional headers carry the ETag (weak ones too) and a readable Last-Modified; nothing
  /// unsafe is ever sent.
  @Test func conditionalHeadersCarryTheValidators() {
    var entry = TTURLCache.Entry(key: "k", url: "u", body: Data())
    let rules = TTHTTPCacheRules.standard
    #expect(rules.conditionalHeaders(for: entry).isEmpty)
    entry.etag = "W/\"v1\""
    entry.lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"
    #expect(
      rules.conditionalHeaders(for: entry)
        == ["If-None-Match": "W/\"v1\"", "If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"])
    entry.etag = "\"x\"\r\nInjected: 1"
    entry.lastModified = "yesterday"
    #expect(rules.conditionalHeaders(for: entry).isEmpty)
  }

  /// After a 304 the body and status stay; the 304's headers replace stored ones of the same
  /// name (not Content-Length, nor hop-by-hop ones); Age is dropped; validators and expiry are
  /// worked out again.
  @Test func notModifiedUpdatesHeadersAndExpiry() {
    let old = Self.now.addingTimeInterval(-5000)
    let entry = TTURLCache.Entry(
      key: "k", url: "u", body: Data("body".utf8), status: 203,
      headers: TTHTTPHeaders(pairs: [
        ("Content-Type", "text/plain"), ("Content-Length", "4"), ("ETag", "\"v1\""),
        ("Cache-Control", "max-age=10"),
        ("Age", "3"), ("X-Kept", "yes"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"),
      ]), etag: "\"v1\"", storedAt: old, expiresAt: old.addingTimeInterval(7))
    let headers = TTHTTPHeaders(pairs: [
      ("ETag", "\"v2\""), ("cache-control", "max-age=100"), ("Content-Length", "0"), ("Connection", "close"),
      ("Set-Cookie", "c=3"), ("Date", Self.http(0)),
    ])
    let updated = TTHTTPCacheRules.standard.updatedEntry(entry, afterNotModified: headers, now: Self.now)
    #expect(updated.body == entry.body)
    #expect(updated.status == 203)
    #expect(updated.etag == "\"v2\"")
    #expect(updated.storedAt == Self.now)
    #expect(updated.expiresAt == Self.now.addingTimeInterval(100))
    #expect(updated.headers["Content-Length"] == "4")
    #expect(updated.headers["X-Kept"] == "yes")
    #expect(updated.headers.values(for: "Set-Cookie") == ["c=3"])
    #expect(!updated.headers.contains("Age"))
    #expect(!updated.headers.contains("Connection"))
  }

  /// A 304 without validators keeps the old ones.
  @Test func notModifiedWithoutValidatorsKeepsTheOldOnes() {
    let entry = TTURLCache.Entry(
      key: "k", url: "u", body: Data(), headers: ["ETag": "\"v1\""], etag: "\"v1\"",
      lastModified: "Sun, 06 Nov 1994 08:49:37 GMT", storedAt: Self.now.addingTimeInterval(-60))
    let updated = TTHTTPCacheRules.standard.updatedEntry(entry, afterNotModified: [:], now: Self.now)
    #expect(updated.etag == "\"v1\"")
    #expect(updated.lastModified == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(updated.expiresAt == nil)
    #expect(updated.storedAt == Self.now)
  }
}
