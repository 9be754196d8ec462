import Foundation
import Glibc
import Synchronization
import Testing
import Three20TestSupport

@Suite("TTTestHTTPServer: protocol, lifecycle and statistics")
struct TTTestHTTPServerTests {
  /// Three requests on one connection are answered on that connection, in order.
  @Test func keepAliveServesThreeRequestsOnOneConnection() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    for index in 0..<3 {
      try client.send("GET /status/200?i=\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      let response = try client.readResponse()
      #expect(response.status == 200)
      #expect(response.text == "status 200")
      #expect(response.headers["Connection"] == nil)
    }
    #expect(server.connectionsAccepted == 1)
    let recorded = server.requests
    #expect(recorded.map(\.indexOnConnection) == [0, 1, 2])
    #expect(Set(recorded.map(\.connectionID)).count == 1)
    #expect(server.requestCount(for: "/status/200") == 3)
  }

  /// Requests sent back to back in one write (pipelining) get their responses in order.
  @Test func pipelinedRequestsAreAnsweredInOrder() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send(
      "GET /status/201 HTTP/1.1\r\nHost: a\r\n\r\nGET /status/202 HTTP/1.1\r\nHost: a\r\n\r\n"
        + "GET /status/203 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(try client.readResponse().status == 201)
    #expect(try client.readResponse().status == 202)
    let last = try client.readResponse()
    #expect(last.status == 203)
    #expect(last.headers["Connection"] == "close")
    #expect(client.isClosedByServer())
  }

  /// `Connection: close` gets `Connection: close` back and the server closes the connection.
  @Test func connectionCloseIsHonoured() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /status/200 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.headers["Connection"] == "close")
    #expect(client.isClosedByServer())
  }

  /// An HTTP/1.0 request without keep-alive is answered and the connection closed.
  @Test func http10ClosesByDefaultAndGetsChunkedBodiesCloseDelimited() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /chunked/3 HTTP/1.0\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.headers["Transfer-Encoding"] == nil)
    #expect(response.headers["Content-Length"] == nil)
    #expect(response.text == TTTestHTTPServer.chunkedText(count: 3))
  }

  /// A chunked request body, with a chunk extension and a trailer, arrives reassembled.
  @Test func chunkedRequestBodyIsReassembled() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send(
      "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n1;name=value\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: yes\r\n\r\n")
    let response = try client.readResponse()
    let echo = try TTTestHTTPEcho(json: response.body)
    #expect(echo.body == Data("hello 0123456789".utf8))
    #expect(echo.bodyWasChunked)
    #expect(echo.method == "POST")
  }

  /// A binary Content-Length body is received byte for byte, CR/LF and NUL bytes included.
  @Test func contentLengthBodyIsReceivedExactly() throws {
    let server = try TTTestHTTPServer.started()
    let body: [UInt8] = Array("--b\r\n\r\n".utf8) + [0, 255, 13, 10, 13, 10, 1]
    let response = try RawHTTPClient.fetch(server, "/echo", method: "PUT", body: body)
    let echo = try TTTestHTTPEcho(json: response.body)
    #expect(echo.body == Data(body))
    #expect(!echo.bodyWasChunked)
    #expect(server.requests.last?.bodyLength == body.count)
  }

  /// `Expect: 100-continue` gets `100 Continue` before the client sends the body.
  @Test func expectContinueGetsInterimResponseBeforeTheBody() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
    #expect(try readRawLine(client) == "HTTP/1.1 100 Continue")
    #expect(try readRawLine(client) == "")
    try client.send("body")
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(try TTTestHTTPEcho(json: response.body).body == Data("body".utf8))
  }

  private func readRawLine(_ client: RawHTTPClient) throws -> String {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while bytes.last != 10 {
      guard recv(client.fd, &byte, 1, 0) == 1 else { throw RawHTTPError(description: "no line") }
      bytes.append(byte)
    }
    return String(decoding: bytes.dropLast(2), as: UTF8.self)
  }

  /// Malformed requests get the right 4xx/5xx and the connection is closed.
  @Test(arguments: [
    ("GARBAGE\r\n\r\n", 400),
    ("GET /\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nBad Name: 1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n", 400),
    ("GET relative HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("GET / HTTX/1.1\r\nHost: a\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
    ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 999999999999\r\n\r\n", 413),
    ("GET / HTTP/1.1\r\nHost: a\r\nExpect: something\r\n\r\n", 417),
    ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
  ])
  func malformedRequestsAreRejectedAndClosed(request: String, status: Int) throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send(request)
    let response = try client.readResponse()
    #expect(response.status == status)
    #expect(response.headers["Connection"] == "close")
    #expect(client.isClosedByServer())
    #expect(server.totalRequestCount == 0)
  }

  /// A request head over 64 KiB gets 431.
  @Test func oversizedHeadIsRejected() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n")
    #expect(try client.readResponse().status == 431)
  }

  /// Leading empty lines before a request line are ignored; bare LF line ends are accepted.
  @Test func leadingEmptyLinesAndBareLineFeedsAreAccepted() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("\r\n\nGET /status/200 HTTP/1.1\nHost: a\n\n")
    #expect(try client.readResponse().status == 200)
  }

  /// HEAD gets the GET headers, including Content-Length, and no body; the connection stays usable.
  @Test func headHasHeadersButNoBody() throws {
    let server = try TTTestHTTPServer.started()
    let client = try RawHTTPClient(port: server.port)
    try client.send("HEAD /bytes/10 HTTP/1.1\r\nHost: a\r\n\r\n")
    let head = try client.readResponse(head: true)
    #expect(head.status == 200)
    #expect(head.headers["Content-Length"] == "10")
    try client.send("GET /bytes/3 HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try client.readResponse().body == Data([0, 1, 2]))
  }

  /// Exact routes beat prefixes, longer prefixes beat shorter, later routes replace earlier ones.
  @Test func routesMatchExactThenLongestPrefixThenNewest() throws {
    let server = try TTTestHTTPServer.started()
    server.route(nil, "/files/*") { request in .text("files \(request.path)") }
    server.route(nil, "/files/deep/*") { _ in .text("deep") }
    server.route("GET", "/files/exact") { _ in .text("exact") }
    server.route("GET", "/replace") { _ in .text("old") }
    server.route("GET", "/replace") { _ in .text("new") }
    #expect(try RawHTTPClient.fetch(server, "/files/a/b?x=1").text == "files /files/a/b")
    #expect(try RawHTTPClient.fetch(server, "/files/deep/x").text == "deep")
    #expect(try RawHTTPClient.fetch(server, "/files/exact").text == "exact")
    #expect(try RawHTTPClient.fetch(server, "/replace").text == "new")
    #expect(try RawHTTPClient.fetch(server, "/files").status == 404)
  }

  /// User routes take precedence over built-in routes with the same path.
  @Test func userRoutesOverrideStandardRoutes() throws {
    let server = try TTTestHTTPServer.started()
    server.route(nil, "/echo") { _ in .text("mine") }
    #expect(try RawHTTPClient.fetch(server, "/echo").text == "mine")
  }

  /// An unknown path gives 404; a known path with another method gives 405 with Allow.
  @Test func unknownPathsAre404AndWrongMethods405() throws {
    let server = try TTTestHTTPServer.started(standardRoutes: false)
    server.route("POST", "/only-post") { _ in .text("ok") }
    let missing = try RawHTTPClient.fetch(server, "/status/200")
    #expect(missing.status == 404)
    #expect(missing.text == "not found: /status/200")
    let wrong = try RawHTTPClient.fetch(server, "/only-post")
    #expect(wrong.status == 405)
    #expect(wrong.headers["Allow"] == "POST")
  }

  /// A handler sees method, decoded query, repeated headers and connection number.
  @Test func handlersSeeTheParsedRequest() throws {
    let server = try TTTestHTTPServer.started()
    let seen = LockedBox<TTTestHTTPRequest?>(nil)
    server.route("DELETE", "/inspect") { request in
      seen.set(request)
      return .text("ok")
    }
    _ = try RawHTTPClient.fetch(
      server, "/inspect?a=1&b=x+y&a=%26&flag", method: "DELETE", headers: ["X-Multi: 1", "x-multi: 2"])
    let request = try #require(seen.get())
    #expect(request.method == "DELETE")
    #expect(request.path == "/inspect")
    #expect(request.queryString == "a=1&b=x+y&a=%26&flag")
    #expect(request.query.map(\.name) == ["a", "b", "a", "flag"])
    #expect(request.query.map(\.value) == ["1", "x y", "&", ""])
    #expect(request.headers.values(for: "X-MULTI") == ["1", "2"])
    #expect(request.connectionID == 1)
  }

  /// `stop()` returns promptly even with idle, delayed and slow connections open, and closes them.
  @Test func stopWithOpenConnectionsReturnsPromptly() throws {
    let server = try TTTestHTTPServer.started()
    var idle: [RawHTTPClient] = []
    for _ in 0..<20 { idle.append(try RawHTTPClient(port: server.port)) }
    let delayed = try RawHTTPClient(port: server.port)
    try delayed.send("GET /delay/30000 HTTP/1.1\r\nHost: a\r\n\r\n")
    let slow = try RawHTTPClient(port: server.port)
    try slow.send("GET /slow/1000?bytes=1&ms=1000 HTTP/1.1\r\nHost: a\r\n\r\n")
    let partial = try RawHTTPClient(port: server.port)
    try partial.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nonly part")
    try waitUntil { server.concurrentRequests == 2 && server.openConnections == 23 }
    let clock = ContinuousClock()
    let elapsed = clock.measure { server.stop() }
    #expect(elapsed < .seconds(2))
    #expect(server.openConnections == 0)
    #expect(idle[0].isClosedByServer())
    #expect(partial.isClosedByServer())
    #expect((try? RawHTTPClient(port: server.port)) == nil)
  }

  /// A server released without `stop()` stops by itself: its port refuses connections.
  @Test func deinitStopsTheServer() throws {
    var server: TTTestHTTPServer? = try TTTestHTTPServer.started()
    let port = try #require(server?.port)
    let client = try RawHTTPClient(port: port)
    server = nil
    #expect(client.isClosedByServer())
    #expect((try? RawHTTPClient(port: port)) == nil)
  }

  /// `start()` twice gives the same port; after `stop()` it throws.
  @Test func startIsIdempotentAndAStoppedServerCannotRestart() throws {
    let server = TTTestHTTPServer()
    #expect(server.port == 0)
    let port = try server.start()
    #expect(port > 0)
    #expect(try server.start() == port)
    #expect(server.baseURL == "http://127.0.0.1:\(port)")
    #expect(server.url("/a?b") == "http://127.0.0.1:\(port)/a?b")
    server.stop()
    server.stop()
    #expect(throws: TTTestHTTPServerError.self) { try server.start() }
  }

  /// 200 simultaneous connections are all served, in parallel.
  @Test func twoHundredConcurrentConnectionsAreServed() throws {
    let server = try TTTestHTTPServer.started()
    var clients: [RawHTTPClient] = []
    for _ in 0..<200 {
      let client = try RawHTTPClient(port: server.port)
      try client.send("GET /concurrency?ms=1500 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      clients.append(client)
    }
    for client in clients {
      let response = try client.readResponse()
      #expect(response.status == 200)
      #expect(response.text == "concurrency")
    }
    #expect(server.connectionsAccepted == 200)
    #expect(server.requestCount(for: "/concurrency") == 200)
    #expect(server.maxConcurrentRequests > 100)
    #expect(server.maxConcurrentRequests <= 200)
    #expect(server.maxConcurrentRequests(host: "127.0.0.1") == server.maxConcurrentRequests)
    try waitUntil { server.concurrentRequests == 0 }
  }

  /// Concurrency is also counted per Host header.
  @Test func concurrencyIsCountedPerHost() throws {
    let server = try TTTestHTTPServer.started()
    var clients: [RawHTTPClient] = []
    for index in 0..<6 {
      let client = try RawHTTPClient(port: server.port)
      let host = index < 2 ? "one.test" : "Two.test"
      try client.send("GET /concurrency?ms=1000 HTTP/1.1\r\nHost: \(host)\r\n\r\n")
      clients.append(client)
    }
    for client in clients { _ = try client.readResponse() }
    #expect(server.maxConcurrentRequests(host: "one.test") == 2)
    #expect(server.maxConcurrentRequests(host: "two.test") == 4)
    #expect(server.maxConcurrentRequests(host: "three.test") == 0)
    #expect(server.maxConcurrentRequests == 6)
    server.resetStatistics()
    #expect(server.maxConcurrentRequests == 0)
    #expect(server.requests.isEmpty)
    #expect(server.connectionsAccepted == 0)
  }

  /// The configure closure runs before start, so routes exist from the first request.
  @Test func configureAddsRoutesBeforeStart() throws {
    let server = try TTTestHTTPServer.started { server in
      server.route("GET", "/configured") { _ in .text("yes") }
    }
    #expect(try RawHTTPClient.fetch(server, "/configured").text == "yes")
  }
}

/// Polls a condition for up to five seconds.
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let deadline = ContinuousClock.now + .seconds(5)
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("condition not met within 5 seconds", sourceLocation: sourceLocation)
      return
    }
    usleep(5_000)
  }
}

/// A value shared with handlers running on server threads.
final class LockedBox<Value: Sendable>: Sendable {
  private let value: Mutex<Value>

  init(_ value: Value) { self.value = Mutex(value) }
  func get() -> Value { value.withLock { $0 } }
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
