import Foundation
import Testing
import Three20TestSupport

@Suite("TTTestHTTPResponse: sending options")
struct TTTestHTTPResponseTests {
  /// `dropping(after:)` closes the connection after exactly that many body bytes, chunked too.
  @Test func dropAfterClosesMidBodyInChunkedFraming() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/cut") { _ in
      TTTestHTTPResponse.text(String(repeating: "a", count: 100)).chunked(size: 30).dropping(after: 45)
    }
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /cut HTTP/1.1\r\nHost: a\r\n\r\n")
    let text = String(decoding: try client.readToEnd(), as: UTF8.self)
    let body = try #require(text.components(separatedBy: "\r\n\r\n").last.map { $0 })
    #expect(
      body == "1e\r\n" + String(repeating: "a", count: 30) + "\r\n1e\r\n" + String(repeating: "a", count: 15))
  }

  /// A generated 50 MB body streams completely with the promised length.
  @Test func generatedBodyStreamsFiftyMegabytes() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/big") { _ in
      TTTestHTTPResponse(body: .generated(size: 50_000_000, pattern: Data("abcdefg".utf8)))
    }
    let response = try RawHTTPClient.fetch(server, "/big")
    #expect(response.headers["Content-Length"] == "50000000")
    #expect(response.body.count == 50_000_000)
    #expect(response.body.prefix(9) == Data("abcdefgab".utf8))
    let pattern = Array("abcdefg".utf8)
    let tail = (50_000_000 - 3)..<50_000_000
    #expect(Array(response.body.suffix(3)) == tail.map { pattern[$0 % 7] })
  }

  /// A generated body can be compressed and chunked; it decompresses to the original.
  @Test func generatedBodyCompressesAndChunks() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/zipped") { _ in
      TTTestHTTPResponse(body: .generated(size: 1_000_000)).compressed(.gzip).chunked(size: 500)
    }
    let response = try RawHTTPClient.fetch(server, "/zipped", headers: ["Accept-Encoding: gzip"])
    #expect(response.headers["Content-Encoding"] == "gzip")
    #expect(response.chunkSizes.allSatisfy { $0 <= 500 })
    #expect(
      try TTTestCompression.decompress(response.body, as: .gzip)
        == TTTestHTTPServer.deterministicBytes(count: 1_000_000))
  }

  /// `delayed(by:)` holds back the status line; chunk delays space the chunks.
  @Test func delaysAreApplied() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/late") { _ in TTTestHTTPResponse.text("late").delayed(by: .milliseconds(150)) }
    server.route("GET", "/spaced") { _ in
      TTTestHTTPResponse.text("abcd").chunked(size: 1, delay: .milliseconds(50))
    }
    let clock = ContinuousClock()
    #expect(try clock.measure { _ = try RawHTTPClient.fetch(server, "/late") } >= .milliseconds(150))
    var spaced: RawHTTPResponse?
    #expect(try clock.measure { spaced = try RawHTTPClient.fetch(server, "/spaced") } >= .milliseconds(150))
    #expect(spaced?.chunkSizes == [1, 1, 1, 1])
  }

  /// A close-delimited response has no length and ends with the connection.
  @Test func closeDelimitedBodyEndsWithTheConnection() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/open-ended") { _ in TTTestHTTPResponse.text("until close").closeDelimited() }
    let response = try RawHTTPClient.fetch(server, "/open-ended")
    #expect(response.headers["Content-Length"] == nil)
    #expect(response.headers["Connection"] == "close")
    #expect(response.text == "until close")
  }

  /// Custom reasons and headers are sent; framing headers always follow the real body.
  @Test func customReasonAndHeadersAreSentButFramingIsTheServers() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/custom") { _ in
      var response = TTTestHTTPResponse(
        status: 299, reason: "Fine Thanks", headers: ["Content-Length": "999", "X-A": "1"], body: "abc")
      response.headers.add(name: "X-A", value: "2")
      return response
    }
    let response = try RawHTTPClient.fetch(server, "/custom")
    #expect(response.status == 299)
    #expect(response.reason == "Fine Thanks")
    #expect(response.headers["Content-Length"] == "3")
    #expect(response.headers.values(for: "x-a") == ["1", "2"])
    #expect(response.headers["Server"] == "TTTestHTTPServer")
    #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
  }

  /// `closingConnection()` closes after the response even on keep-alive.
  @Test func closingConnectionCloses() throws {
    let server = try TTTestHTTPServer.started()
    server.route("GET", "/bye") { _ in TTTestHTTPResponse.text("bye").closingConnection() }
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /bye HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try client.readResponse().headers["Connection"] == "close")
    #expect(client.isClosedByServer())
  }

  /// The convenience constructors set status, type and Location.
  @Test func conveniencesSetTheirFields() {
    let redirect = TTTestHTTPResponse.redirect(to: "/there", status: 301)
    #expect(redirect.status == 301)
    #expect(redirect.headers["Location"] == "/there")
    #expect(TTTestHTTPResponse.data(Data([1])).headers["Content-Type"] == "application/octet-stream")
    #expect(TTTestHTTPResponse.notFound("/x").status == 404)
    #expect(TTTestHTTPResponse.Body.generated(size: -5).count == 0)
    #expect(TTTestHTTPResponse.Body.generated(size: 3, pattern: Data()).data == Data([0, 0, 0]))
    #expect(TTTestHTTPResponse.standardReason(for: 404) == "Not Found")
    #expect(TTTestHTTPResponse.standardReason(for: 799) == "Unknown")
  }
}
