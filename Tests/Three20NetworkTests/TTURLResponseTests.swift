import Foundation
import Testing
import Three20Network

@Suite("Responses")
struct TTURLResponseTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  struct Item: Codable, Sendable, Equatable {
    var id: Int
    var name: String
  }

  /// JSON bodies decode into Codable values.
  @Test func jsonDecodes() async throws {
    server.route("GET", "/items") { _ in
      .data(
        Data("[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"}]".utf8), contentType: "application/json")
    }
    let items = try await TTURLRequest(url: server.url("/items"))
      .send(processingWith: TTURLJSONResponse<[Item]>(), on: queue)
    #expect(items == [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
  }

  /// JSON of the wrong shape fails with invalidResponse naming the path.
  @Test func jsonOfTheWrongShapeFails() async throws {
    server.route("GET", "/items") { _ in .text("[{\"id\":\"one\",\"name\":\"a\"}]") }
    do {
      _ = try await TTURLRequest(url: server.url("/items")).send(
        processingWith: TTURLJSONResponse<[Item]>(), on: queue)
      Issue.record("expected a failure")
    } catch {
      #expect(error.code == .invalidResponse)
      #expect(error.message.contains("[0].id"))
      #expect(error.underlying is DecodingError)
    }
  }

  /// Text is decoded in the charset the response names.
  @Test(arguments: [
    ("text/plain; charset=ISO-8859-1", Data([0x63, 0x61, 0x66, 0xE9])),
    ("text/plain; charset=\"utf-8\"", Data("café".utf8)),
    ("text/plain; charset=windows-1252", Data([0x63, 0x61, 0x66, 0xE9])),
    ("text/plain; charset=utf-16be", Data([0, 0x63, 0, 0x61, 0, 0x66, 0, 0xE9])),
    ("text/plain", Data("café".utf8)),
  ])
  func textUsesTheCharset(contentType: String, body: Data) async throws {
    server.route("GET", "/text") { _ in .data(body, contentType: contentType) }
    let text = try await TTURLRequest(url: server.url("/text")).send(
      processingWith: TTURLStringResponse(), on: queue)
    #expect(text == "café")
  }

  /// Bytes invalid in the charset, or an unknown charset, fail with invalidResponse.
  @Test(arguments: [
    ("text/plain; charset=utf-8", Data([0x63, 0xFF, 0xFE])),
    ("text/plain; charset=x-unknown-42", Data("abc".utf8)),
  ])
  func undecodableTextFails(contentType: String, body: Data) async throws {
    server.route("GET", "/text") { _ in .data(body, contentType: contentType) }
    do {
      _ = try await TTURLRequest(url: server.url("/text")).send(
        processingWith: TTURLStringResponse(), on: queue)
      Issue.record("expected a failure")
    } catch {
      #expect(error.code == .invalidResponse)
    }
  }

  /// Response info reads headers case-insensitively and parses the content type.
  @Test func responseInfo() {
    let info = TTURLResponseInfo(
      url: "http://x/", statusCode: 200,
      headers: [
        ("Content-Type", "Text/HTML ; Charset=\"UTF-8\""), ("content-length", "12"), ("X-A", "1"),
        ("x-a", "2"),
      ])
    #expect(info.mimeType == "text/html")
    #expect(info.textEncodingName == "utf-8")
    #expect(info.expectedContentLength == 12)
    #expect(info.value(forHTTPHeaderField: "X-A") == "2")
    let bare = TTURLResponseInfo(url: "http://x/", statusCode: 200, headers: [("Content-Length", "lots")])
    #expect(bare.mimeType == nil)
    #expect(bare.textEncodingName == nil)
    #expect(bare.expectedContentLength == nil)
  }

  /// The response headers of the final response are reported, not those of redirects.
  @Test func headersOfTheFinalResponse() async throws {
    server.route("GET", "/final") { _ in
      TTTestHTTPResponse.text("done").adding(header: "X-Final", value: "yes")
    }
    let result = try await TTURLRequest(url: server.url("/redirect-to?url=/final")).send(on: queue)
    #expect(result.info.value(forHTTPHeaderField: "x-final") == "yes")
    #expect(result.info.value(forHTTPHeaderField: "Location") == nil)
  }
}
