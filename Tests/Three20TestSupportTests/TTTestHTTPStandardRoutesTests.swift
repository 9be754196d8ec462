import Foundation
import Testing
import Three20TestSupport

@Suite("TTTestHTTPServer: built-in routes")
struct TTTestHTTPStandardRoutesTests {
  /// `/status/{code}` answers with that status and body `status {code}`.
  @Test(arguments: [200, 201, 302, 404, 418, 500, 503, 599])
  func statusRouteAnswersWithTheCode(code: Int) throws {
    let server = try TTTestHTTPServer.started()
    let response = try RawHTTPClient.fetch(server, "/status/\(code)")
    #expect(response.status == code)
    #expect(response.text == "status \(code)")
  }

  /// 204 and 304 from `/status` carry no body and no Content-Length.
  @Test(arguments: [204, 304])
  func bodylessStatusesHaveNoBody(code: Int) throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send(
      "GET /status/\(code) HTTP/1.1\r\nHost: a\r\n\r\nGET /status/200 HTTP/1.1\r\nHost: a\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == code)
    #expect(response.headers["Content-Length"] == nil)
    #expect(try client.readResponse().text == "status 200")
  }

  /// Bad numbers in built-in routes give 400, never a crash.
  @Test(arguments: [
    "/status/99", "/status/600", "/status/abc", "/status/", "/status/-1", "/status/99999999999999999999",
    "/delay/300001", "/bytes/-5", "/bytes/67108865", "/redirect/1001", "/chunked/x", "/drop/", "/large/1e3",
    "/cache/-1", "/redirect-to",
  ])
  func badArgumentsGive400(path: String) throws {
    let server = try TTTestHTTPServer.started()
    let response = try RawHTTPClient.fetch(server, path)
    #expect(response.status == 400)
    #expect(response.text.hasPrefix("bad request: "))
  }

  /// `/delay/{ms}` answers after at least that long.
  @Test func delayRouteWaits() throws {
    let server = try TTTestHTTPServer.started()
    let clock = ContinuousClock()
    var response: RawHTTPResponse?
    let elapsed = try clock.measure { response = try RawHTTPClient.fetch(server, "/delay/200") }
    #expect(response?.text == "delayed 200")
    #expect(elapsed >= .milliseconds(200))
    #expect(elapsed < .seconds(5))
  }

  /// `/bytes/{n}` and `/large/{n}` send the deterministic bytes `i % 251`.
  @Test func byteRoutesSendDeterministicBytes() throws {
    let server = try TTTestHTTPServer.started()
    let small = try RawHTTPClient.fetch(server, "/bytes/1000")
    #expect(small.body == TTTestHTTPServer.deterministicBytes(count: 1000))
    #expect(small.headers["Content-Type"] == "application/octet-stream")
    #expect(Array(TTTestHTTPServer.deterministicBytes(count: 253).suffix(3)) == [250, 0, 1])
    let large = try RawHTTPClient.fetch(server, "/large/3000000")
    #expect(large.body.count == 3_000_000)
    #expect(large.body == TTTestHTTPServer.deterministicBytes(count: 3_000_000))
    #expect(try RawHTTPClient.fetch(server, "/bytes/0").body.isEmpty)
  }

  /// `/echo` reports method, path, query, headers and the exact body.
  @Test func echoDescribesTheRequest() throws {
    let server = try TTTestHTTPServer.started()
    let body: [UInt8] = [0, 1, 2, 255, 13, 10]
    let response = try RawHTTPClient.fetch(
      server, "/echo?x=1&y=%20z", method: "PATCH", headers: ["Content-Type: application/x-test"], body: body)
    #expect(response.headers["Content-Type"] == "application/json")
    let echo = try TTTestHTTPEcho(json: response.body)
    #expect(echo.method == "PATCH")
    #expect(echo.path == "/echo")
    #expect(echo.target == "/echo?x=1&y=%20z")
    #expect(echo.query == [.init(name: "x", value: "1"), .init(name: "y", value: " z")])
    #expect(echo.header("content-type") == "application/x-test")
    #expect(echo.header("Host") == "127.0.0.1:\(server.port)")
    #expect(echo.body == Data(body))
  }

  /// `/etag/{name}` sends an ETag, answers 304 to a matching If-None-Match, and follows `setResource`.
  @Test func etagRouteRevalidates() throws {
    let server = try TTTestHTTPServer.started()
    server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
    let first = try RawHTTPClient.fetch(server, "/etag/doc")
    #expect(first.status == 200)
    #expect(first.text == "v1")
    #expect(first.headers["ETag"] == "\"v1\"")
    let unchanged = try RawHTTPClient.fetch(server, "/etag/doc", headers: ["If-None-Match: \"v0\", W/\"v1\""])
    #expect(unchanged.status == 304)
    #expect(unchanged.body.isEmpty)
    #expect(unchanged.headers["ETag"] == "\"v1\"")
    server.setResource(name: "doc", body: Data("v2".utf8), etag: "v2")
    let changed = try RawHTTPClient.fetch(server, "/etag/doc", headers: ["If-None-Match: \"v1\""])
    #expect(changed.status == 200)
    #expect(changed.text == "v2")
    #expect(server.requestCount(for: "/etag/doc") == 3)
  }

  /// A resource that was never set has a default body and a stable ETag derived from it.
  @Test func unsetResourcesHaveADefault() throws {
    let server = try TTTestHTTPServer.started()
    let first = try RawHTTPClient.fetch(server, "/etag/thing")
    #expect(first.text == "resource thing")
    let etag = try #require(first.headers["ETag"])
    #expect(etag.hasPrefix("\"") && etag.count == 18)
    #expect(try RawHTTPClient.fetch(server, "/etag/thing", headers: ["If-None-Match: *"]).status == 304)
    let dated = try RawHTTPClient.fetch(server, "/last-modified/thing")
    #expect(dated.headers["Last-Modified"] == "Sun, 09 Sep 2001 01:46:40 GMT")
  }

  /// `/last-modified/{name}` answers 304 when If-Modified-Since is not older than the resource.
  @Test func lastModifiedRouteRevalidates() throws {
    let server = try TTTestHTTPServer.started()
    server.setResource(
      name: "doc", body: Data("v1".utf8), lastModified: Date(timeIntervalSince1970: 1_700_000_000))
    let first = try RawHTTPClient.fetch(server, "/last-modified/doc")
    let lastModified = try #require(first.headers["Last-Modified"])
    #expect(lastModified == "Tue, 14 Nov 2023 22:13:20 GMT")
    #expect(first.headers["ETag"] == nil)
    let same = try RawHTTPClient.fetch(
      server, "/last-modified/doc", headers: ["If-Modified-Since: \(lastModified)"])
    #expect(same.status == 304)
    let later = try RawHTTPClient.fetch(
      server, "/last-modified/doc", headers: ["If-Modified-Since: Wed, 15 Nov 2023 00:00:00 GMT"])
    #expect(later.status == 304)
    let older = try RawHTTPClient.fetch(
      server, "/last-modified/doc", headers: ["If-Modified-Since: Tue, 14 Nov 2023 22:13:19 GMT"])
    #expect(older.status == 200)
    let garbage = try RawHTTPClient.fetch(
      server, "/last-modified/doc", headers: ["If-Modified-Since: yesterday"])
    #expect(garbage.status == 200)
  }

  /// `/cache/{s}` and `/no-store` send their Cache-Control and count requests in the body.
  @Test func cacheRoutesSendCacheControl() throws {
    let server = try TTTestHTTPServer.started()
    let first = try RawHTTPClient.fetch(server, "/cache/60")
    #expect(first.headers["Cache-Control"] == "max-age=60")
    #expect(first.text == "cache 60 request 1")
    #expect(try RawHTTPClient.fetch(server, "/cache/60").text == "cache 60 request 2")
    let noStore = try RawHTTPClient.fetch(server, "/no-store")
    #expect(noStore.headers["Cache-Control"] == "no-store")
    #expect(noStore.text == "no-store request 1")
  }

  /// `/redirect/{n}` takes n hops, keeping the query, then answers 200.
  @Test func redirectRouteTakesNHops() throws {
    let server = try TTTestHTTPServer.started()
    var target = "/redirect/3?status=307"
    var hops = 0
    while true {
      let response = try RawHTTPClient.fetch(server, target)
      guard let location = response.headers["Location"] else {
        #expect(response.status == 200)
        #expect(response.text == "redirected")
        break
      }
      #expect(response.status == 307)
      hops += 1
      target = location
      try #require(hops <= 3)
    }
    #expect(hops == 3)
    let absolute = try RawHTTPClient.fetch(server, "/redirect/1?absolute=1")
    #expect(absolute.headers["Location"] == "http://127.0.0.1:\(server.port)/redirect/0?absolute=1")
  }

  /// `/redirect-loop` points at itself; `/redirect-to` points where asked.
  @Test func loopAndRedirectTo() throws {
    let server = try TTTestHTTPServer.started()
    let loop = try RawHTTPClient.fetch(server, "/redirect-loop?status=301")
    #expect(loop.status == 301)
    #expect(loop.headers["Location"] == "/redirect-loop")
    let to = try RawHTTPClient.fetch(server, "/redirect-to?url=http%3A%2F%2F127.0.0.1%3A1%2Fx")
    #expect(to.status == 302)
    #expect(to.headers["Location"] == "http://127.0.0.1:1/x")
  }

  /// `/gzip` and `/deflate` compress only when Accept-Encoding allows it, and decompress to the text.
  @Test(
    arguments: [
      ("/gzip", "gzip", TTTestCompression.Format.gzip as TTTestCompression.Format?),
      ("/gzip", "deflate, gzip;q=0.5", .gzip),
      ("/gzip", "x-gzip", .gzip),
      ("/gzip", "*", .gzip),
      ("/gzip", "gzip;q=0", nil),
      ("/gzip", "*, gzip;q=0", nil),
      ("/gzip", "identity", nil),
      ("/gzip", nil, nil),
      ("/deflate", "gzip, deflate", .deflate),
      ("/deflate", "gzip", nil),
    ] as [(String, String?, TTTestCompression.Format?)])
  func compressionFollowsAcceptEncoding(
    path: String, accept: String?, expected: TTTestCompression.Format?
  ) throws {
    let server = try TTTestHTTPServer.started()
    let response = try RawHTTPClient.fetch(
      server, path, headers: accept.map { ["Accept-Encoding: \($0)"] } ?? [])
    #expect(response.headers["Vary"] == "Accept-Encoding")
    #expect(response.headers["Content-Encoding"] == expected?.token)
    let text: Data
    if let expected {
      #expect(response.body.count < TTTestHTTPServer.compressibleText.utf8.count / 4)
      text = try TTTestCompression.decompress(response.body, as: expected)
    } else {
      text = response.body
    }
    #expect(String(decoding: text, as: UTF8.self) == TTTestHTTPServer.compressibleText)
  }

  /// `/chunked/{n}` sends n chunks of 16 bytes.
  @Test func chunkedRouteSendsNChunks() throws {
    let server = try TTTestHTTPServer.started()
    let response = try RawHTTPClient.fetch(server, "/chunked/5?delay=10")
    #expect(response.headers["Transfer-Encoding"] == "chunked")
    #expect(response.chunkSizes == [16, 16, 16, 16, 16])
    #expect(response.text == TTTestHTTPServer.chunkedText(count: 5))
    #expect(response.text.hasPrefix("chunk 000000000\nchunk 000000001\n"))
    #expect(try RawHTTPClient.fetch(server, "/chunked/0").chunkSizes.isEmpty)
  }

  /// `/drop/{n}` promises n+1000 bytes, sends n, and closes.
  @Test func dropRouteClosesEarly() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /drop/1000 HTTP/1.1\r\nHost: a\r\n\r\n")
    let raw = try client.readToEnd()
    let text = String(decoding: raw, as: UTF8.self)
    let headEnd = try #require(text.range(of: "\r\n\r\n"))
    let head = String(text[..<headEnd.lowerBound])
    #expect(head.contains("Content-Length: 2000"))
    let headLength = text[..<headEnd.upperBound].utf8.count
    #expect(raw.count - headLength == 1000)
    #expect(Data(raw[headLength...]) == TTTestHTTPServer.deterministicBytes(count: 1000))
  }

  /// `/slow/{n}` paces the body.
  @Test func slowRoutePacesTheBody() throws {
    let server = try TTTestHTTPServer.started()
    let clock = ContinuousClock()
    var response: RawHTTPResponse?
    let elapsed = try clock.measure { response = try RawHTTPClient.fetch(server, "/slow/100?bytes=10&ms=30") }
    #expect(response?.body == TTTestHTTPServer.deterministicBytes(count: 100))
    #expect(elapsed >= .milliseconds(270))
  }

  /// `/feed` serves the body set by the test in small delayed chunks; unknown feeds are 404.
  @Test func feedServesTheBodyInSmallChunks() throws {
    let server = try TTTestHTTPServer.started()
    let xml = Data(("<feed>" + String(repeating: "<item>x</item>", count: 20) + "</feed>").utf8)
    server.setFeed(xml, chunkSize: 50, delay: .milliseconds(5))
    server.setFeed(Data("other".utf8), name: "second", chunkSize: 2)
    let response = try RawHTTPClient.fetch(server, "/feed")
    #expect(response.body == xml)
    #expect(response.chunkSizes.count == (xml.count + 49) / 50)
    #expect(response.headers["Content-Type"] == "application/xml; charset=utf-8")
    #expect(try RawHTTPClient.fetch(server, "/feed/second").chunkSizes == [2, 2, 1])
    #expect(try RawHTTPClient.fetch(server, "/feed/none").status == 404)
  }

  /// `/concurrency` holds the request for `?ms=` milliseconds.
  @Test func concurrencyRouteHoldsTheRequest() throws {
    let server = try TTTestHTTPServer.started()
    let clock = ContinuousClock()
    var response: RawHTTPResponse?
    let elapsed = try clock.measure { response = try RawHTTPClient.fetch(server, "/concurrency?ms=150") }
    #expect(response?.text == "concurrency")
    #expect(elapsed >= .milliseconds(150))
  }
}
