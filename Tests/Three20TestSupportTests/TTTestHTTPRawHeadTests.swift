import Foundation
import Testing
import Three20TestSupport

@Suite("TTTestHTTPResponse: raw heads")
struct TTTestHTTPRawHeadTests {
  /// A raw head is sent byte for byte, the body after it unframed, then the connection closes.
  @Test func rawHeadIsSentExactly() throws {
    let server = try TTTestHTTPServer.started()
    let head = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 3\r\n\r\n"
    server.route("GET", "/raw") { _ in TTTestHTTPResponse(body: "hello").sendingRawHead(head) }
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /raw HTTP/1.1\r\nHost: a\r\n\r\n")
    let bytes = try client.readToEnd()
    #expect(bytes == Array((head + "hello").utf8))
  }

  /// Bytes that are not HTTP at all, control characters included, go out unchanged.
  @Test func rawHeadMayBeAnything() throws {
    let server = try TTTestHTTPServer.started()
    let garbage = Data([0x1B, 0x5D, 0x30, 0x3B, 0x07, 0x00, 0x0D, 0x0A])
    server.route("GET", "/garbage") { _ in TTTestHTTPResponse().sendingRawHead(garbage) }
    let client = try RawHTTPClient(port: server.port)
    try client.send("GET /garbage HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(try client.readToEnd() == Array(garbage))
  }
}
