// The code in this file is the code of Three20Network.docc/Three20Network.md, line for line:
// change both together (`articleCodeIsInThisFile` checks it).
import Foundation
import Testing
import Three20Network

@Suite("Article: Three20Network overview")
struct OverviewArticleTests {
  let server: TTTestHTTPServer

  init() throws {
    try useTemporaryMainQueue()
    server = try TTTestHTTPServer.started()
    server.route("GET", "/feed.json") { _ in
      .data(
        Data(#"{"title": "News", "items": [{"id": "1", "title": "Hello"}]}"#.utf8),
        contentType: "application/json")
    }
  }

  /// Every Swift block of the overview is in this file.
  @Test func articleCodeIsInThisFile() throws {
    try expectArticleBlocks("Three20Network.md", appearIn: "OverviewArticleTests.swift")
  }

  /// The overview's example decodes a feed.
  @Test func sendingARequest() async throws {
    let feedURL = server.url("/feed.json")
    let feed = try await TTURLRequest(url: feedURL).send(processingWith: TTURLJSONResponse<Feed>())
    #expect(feed.title == "News")
    #expect(feed.items.map(\.title) == ["Hello"])
  }
}
