// The code of BuildingTheRSSReader.md, compiled and run against the test server.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Feed articles"
// checks it): edit both together.
import Foundation
import Testing
import Three20Core
import Three20Network
import Three20XML

// Step 1: the feed item.

struct FeedItem: Sendable, Equatable {
  var title: String
  var description: String
  var link: URL?
  var publishedDate: Date?

  init(_ item: TTFeedItem) {
    title = item.title ?? "(untitled)"
    description = item.summaryText ?? ""
    link = item.link
    publishedDate = item.date
  }
}

// Step 2: the model.

@MainActor
final class FeedModel: TTFeedModel {
  private(set) var feedItems: [FeedItem] = []

  init(url: String, queue: TTURLRequestQueue = .main) {
    super.init(url: url, queue: queue)
  }

  override func didReceive(_ value: TTFeed, from result: TTURLResult, more: Bool) throws {
    try super.didReceive(value, from: result, more: more)
    feedItems = value.items.map(FeedItem.init)
  }
}

// Step 3: a delegate that prints.

@MainActor
final class FeedPrinter: TTModelDelegate {
  var lines: [String] = []

  func modelDidFinishLoad(_ model: any TTModel) {
    guard let model = model as? FeedModel else { return }
    lines = model.feedItems.map { "\($0.title): \($0.description)" }
    lines.forEach { print($0) }
  }

  func model(_ model: any TTModel, didFailLoadWith error: any Error) {
    print("The feed did not load: \(error)")
  }
}

/// Waits on the main actor until a model stops loading, for at most two minutes (CI's two cores
/// may be busy with other suites, and the load finishes on Swift concurrency's shared threads).
@MainActor
func waitUntilLoaded(_ model: some TTModel) async {
  // Long: in the full parallel run a continuation waits behind the synchronous tests queued
  // before it, on two busy cores for minutes; a loaded model returns at once.
  let deadline = ContinuousClock.now + .seconds(300)
  while model.isLoading, ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(5))
  }
}

@Suite("BuildingTheRSSReader article")
@MainActor
struct FeedModelArticleTests {
  nonisolated let server: TTTestHTTPServer
  nonisolated let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
    server.setFeed(try FeedFixture.data("feed-rss20-namespaces.xml"), name: "night", chunkSize: 256)
  }

  /// Step 3: the model loads, and the delegate prints one line per item.
  @Test func loadAndListen() async throws {
    let feedURL = server.url("/feed/night")
    let model = FeedModel(url: feedURL)
    let printer = FeedPrinter()
    model.addDelegate(printer)
    model.load(.default, more: false)
    await waitUntilLoaded(model)
    try #require(model.feedItems.count == 3, "the model ended as \(model.state)")
    #expect(
      printer.lines.first
        == "Episode 41: The Sleeper to Inverness: A conductor, a lost ticket and a very patient owl.")
    // The relative link of episode 40 is resolved against the address the feed came from.
    #expect(model.feedItems[1].link?.absoluteString == server.url("/episodes/40"))
    #expect(model.feedItems[2].title == "(untitled)")
    #expect(model.feedItems[2].publishedDate == nil)
  }

  /// Step 3 without delegates: events until the load finishes.
  @Test func loadWithEvents() async throws {
    let feedURL = server.url("/feed/night")
    let model = FeedModel(url: feedURL, queue: queue)
    let events = model.events()
    model.load(.default, more: false)
    for await event in events where event.kind == .didFinishLoad || event.kind == .didFailLoad {
      break
    }
    print(model.feedItems.count)
    #expect(model.feedItems.count == 3)
  }

  /// Step 4: a refresh asks the server again and keeps the items while it runs.
  @Test func refresh() async throws {
    let model = FeedModel(url: server.url("/feed/night"), queue: queue)
    model.load(.default, more: false)
    await waitUntilLoaded(model)
    model.load(.network, more: false)
    #expect(model.isLoading)
    #expect(model.feedItems.count == 3)
    await waitUntilLoaded(model)
    #expect(server.requestCount(for: "/feed/night") == 2)
    if model.checkOutdated() {
      model.load(.network, more: false)
    }
    #expect(!model.isOutdated)
  }
}
