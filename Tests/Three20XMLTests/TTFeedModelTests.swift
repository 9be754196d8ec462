import Foundation
import Testing
import Three20Core
import Three20Network
import Three20XML

/// TTFeedModel: one feed, one page, loaded through the request queue.
@Suite
@MainActor
struct TTFeedModelTests {
  nonisolated let server: TTTestHTTPServer
  nonisolated let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
    server.setFeed(try FeedFixture.data("feed-atom-xhtml.xml"), name: "lab", chunkSize: 128)
    server.setFeed(try FeedFixture.data("feed-not-a-feed.xml"), name: "html")
  }

  /// A load fills the feed and its items, and marks the model as having no more pages.
  @Test func loadFillsFeedAndItems() async throws {
    let model = TTFeedModel(url: server.url("/feed/lab"), queue: queue)
    #expect(model.items.isEmpty)
    model.load(.default, more: false)
    #expect(model.isLoading)
    await waitUntilLoaded(model)
    #expect(model.isLoaded)
    #expect(model.feed?.title == "Field Notebook")
    #expect(model.items.count == 3)
    #expect(model.hasNoMore)
  }

  /// Asking for more does nothing: feeds have one page.
  @Test func moreDoesNothing() async throws {
    let model = TTFeedModel(url: server.url("/feed/lab"), queue: queue)
    model.load(.default, more: false)
    await waitUntilLoaded(model)
    model.load(.default, more: true)
    #expect(!model.isLoading)
    #expect(server.requestCount(for: "/feed/lab") == 1)
  }

  /// A body that is not a feed fails the load with the XML error underneath, and the model
  /// stays without content.
  @Test func documentThatIsNotAFeedFailsTheLoad() async throws {
    let model = TTFeedModel(url: server.url("/feed/html"), queue: queue)
    model.load(.default, more: false)
    await waitUntilLoaded(model)
    let error = try #require(model.state.error?.error as? TTNetworkError)
    #expect(error.code == .invalidResponse)
    #expect((error.underlying as? TTXMLError)?.code == .notAFeed)
    #expect(model.feed == nil)
    #expect(!model.isLoaded)
  }

  /// A failed reload keeps the feed loaded before.
  @Test func failedReloadKeepsThePreviousFeed() async throws {
    let model = TTFeedModel(url: server.url("/feed/lab"), queue: queue)
    model.load(.default, more: false)
    await waitUntilLoaded(model)
    server.setFeed(Data("<html><body>Moved</body></html>".utf8), name: "lab")
    model.load(.network, more: false)
    await waitUntilLoaded(model)
    #expect(model.state.error != nil)
    #expect(model.items.count == 3)
  }

  /// Invalidating with erase drops the feed.
  @Test func eraseDropsTheFeed() async throws {
    let model = TTFeedModel(url: server.url("/feed/lab"), queue: queue)
    model.load(.default, more: false)
    await waitUntilLoaded(model)
    model.invalidate(erase: true)
    #expect(model.feed == nil)
    #expect(model.items.isEmpty)
  }
}
