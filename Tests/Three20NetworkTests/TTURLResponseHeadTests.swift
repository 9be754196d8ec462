import Foundation
import Testing
import Three20Network

/// Response heads no real server sends: each fails with badServerResponse and a message that
/// says what was wrong, quoting the server's bytes safely.
@Suite("TTURLRequestQueue: malformed response heads")
struct TTURLResponseHeadTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  /// Serves `head` (and `body`) as raw bytes at `path` and returns the request's error.
  private func error(
    forHead head: Data, body: TTTestHTTPResponse.Body = .empty, path: String = "/raw",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> TTNetworkError {
    server.route("GET", path) { _ in TTTestHTTPResponse(body: body).sendingRawHead(head) }
    return try #require(
      await failure(of: TTURLRequest(url: server.url(path)), on: queue, sourceLocation: sourceLocation),
      sourceLocation: sourceLocation)
  }

  /// A response that does not start with an HTTP status line is refused as such, quoting its
  /// first bytes, not reported as "a scheme other than http".
  @Test func garbageStatusLineIsNamed() async throws {
    let error = try await error(forHead: Data("NONSENSE 200 OK\r\nX: y\r\n\r\nbody".utf8))
    #expect(error.code == .badServerResponse, "\(error)")
    #expect(error.message.contains("did not answer with an HTTP status line"))
    #expect(error.message.contains("NONSENSE 200 OK\\r\\n"))
    #expect(!error.message.contains("scheme"))
  }

  /// Control characters in the bytes quoted are escaped, so the message cannot drive a terminal.
  @Test func quotedServerBytesAreEscaped() async throws {
    let error = try await error(forHead: Data("\u{1B}]0;pwned\u{07}\0\r\n\r\n".utf8))
    #expect(error.code == .badServerResponse)
    #expect(error.message.contains("\\u{1B}]0;pwned\\u{07}\\0"))
    #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
  }

  /// An error status quotes the start of its body, with line breaks as spaces and escape
  /// sequences escaped, so a hostile error page cannot drive the terminal a log is read in.
  @Test func errorBodiesAreQuotedEscaped() async throws {
    server.route("GET", "/hostile-error") { _ in
      TTTestHTTPResponse(status: 500, body: "Broken\r\n\u{1B}[2J\u{1B}]0;pwned\u{07} \u{202E}reversed")
    }
    let error = try #require(await failure(of: TTURLRequest(url: server.url("/hostile-error")), on: queue))
    #expect(error.code == .httpStatus)
    #expect(
      error.message.contains(#": "Broken \u{1B}[2J\u{1B}]0;pwned\u{07} \u{202E}reversed"."#), "\(error)")
    #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
  }

  /// Status lines that start like HTTP but are broken are refused too.
  @Test(arguments: ["HTTP/1.1 abc OK\r\n\r\n", "HTTP/1.1\r\n\r\n", "HTTP/7.3 200 OK\r\n\r\n"])
  func brokenHTTPStatusLinesAreRefused(head: String) async throws {
    let error = try await error(forHead: Data(head.utf8))
    #expect(error.code == .badServerResponse, "\(error)")
    #expect(!error.message.contains("scheme"))
  }

  /// 100,000 header fields are refused once past the limit, not reported as a lost connection.
  @Test func tooManyHeaderFieldsAreRefused() async throws {
    var head = Data("HTTP/1.1 200 OK\r\n".utf8)
    for index in 0..<100_000 { head.append(contentsOf: "X-\(index): 1\r\n".utf8) }
    head.append(contentsOf: "Content-Length: 0\r\n\r\n".utf8)
    let error = try await error(forHead: head)
    #expect(error.code == .badServerResponse, "\(error)")
    #expect(error.message.contains("more than 1000 header fields"))
  }

  /// Lines that look like status lines among the fields do not start a new head: the fields
  /// keep counting, so a server cannot slip past the limit by sending one every few fields.
  @Test func fakeStatusLinesDoNotResetTheLimit() async throws {
    var head = Data("HTTP/1.1 200 OK\r\n".utf8)
    for index in 0..<5_000 {
      head.append(contentsOf: "X-\(index): 1\r\n".utf8)
      if index % 500 == 499 { head.append(contentsOf: "HTTP/1: again\r\n".utf8) }
    }
    head.append(contentsOf: "Content-Length: 0\r\n\r\n".utf8)
    let error = try await error(forHead: head)
    #expect(error.code == .badServerResponse, "\(error)")
    #expect(error.message.contains("more than 1000 header fields"))
  }

  /// A head over the byte limit is refused, whether in many fields or in one huge line.
  @Test func tooLargeHeadsAreRefused() async throws {
    var many = Data("HTTP/1.1 200 OK\r\n".utf8)
    for index in 0..<300 {
      many.append(contentsOf: "X-\(index): \(String(repeating: "a", count: 1000))\r\n".utf8)
    }
    many.append(contentsOf: "Content-Length: 0\r\n\r\n".utf8)
    let fields = try await error(forHead: many, path: "/many")
    #expect(fields.code == .badServerResponse, "\(fields)")
    #expect(fields.message.contains("262144 bytes of header fields"))

    let line = "HTTP/1.1 200 OK\r\nX-Long: \(String(repeating: "b", count: 200_000))\r\n\r\n"
    let long = try await error(forHead: Data(line.utf8), path: "/long")
    #expect(long.code == .badServerResponse, "\(long)")
  }

  /// Two different Content-Length fields are refused (RFC 9112 §6.3), quoting both.
  @Test(arguments: [
    "Content-Length: 5\r\nContent-Length: 3\r\n", "Content-Length: 5, 3\r\n",
    "Content-Length: 5\r\ncontent-length: 05x\r\n",
  ])
  func conflictingContentLengthsAreRefused(fields: String) async throws {
    let error = try await error(
      forHead: Data("HTTP/1.1 200 OK\r\n\(fields)\r\n".utf8), body: "hello")
    #expect(error.code == .badServerResponse, "\(error)")
    #expect(error.message.contains("conflicting Content-Length"))
    #expect(error.message.contains("\"5\""))
    #expect(error.message.contains("RFC 9112"))
  }

  /// The same length said twice, or as a list of one value, is still one length.
  @Test(arguments: ["Content-Length: 5\r\nContent-Length: 5\r\n", "Content-Length: 5, 5\r\n"])
  func repeatedEqualContentLengthsAreAccepted(fields: String) async throws {
    server.route("GET", "/same") { _ in
      TTTestHTTPResponse(body: "hello").sendingRawHead("HTTP/1.1 200 OK\r\n\(fields)\r\n")
    }
    let text = try await TTURLRequest(url: server.url("/same")).send(
      processingWith: TTURLStringResponse(), on: queue)
    #expect(text == "hello")
  }

  /// A connection that closes before the head's empty line is a lost connection, not a
  /// response with an empty body.
  @Test func truncatedHeadIsALostConnection() async throws {
    let error = try await error(forHead: Data("HTTP/1.1 200 OK\r\nX-A: 1\r\n".utf8))
    #expect(error.code == .connectionLost, "\(error)")
    #expect(error.message.contains("closed before the response head ended"))
  }

  /// Ordinary responses with many (but not too many) fields still load.
  @Test func ordinaryHeadsStillLoad() async throws {
    var head = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
    for index in 0..<200 { head += "Set-Cookie: c\(index)=\(index)\r\n" }
    let raw = head + "\r\n"
    server.route("GET", "/cookies") { _ in TTTestHTTPResponse(body: "ok").sendingRawHead(raw) }
    let result = try await TTURLRequest(url: server.url("/cookies")).send(on: queue)
    #expect(result.data == Data("ok".utf8))
    #expect(result.info.headers.count == 201)
  }
}
