// The code in this file is the code of Three20Network.docc/Articles/RequestBackedModels.md, line
// for line: change both together (`articleCodeIsInThisFile` checks it).
import Foundation
import Testing
import Three20Core
import Three20Network

struct FeedItem: Decodable, Sendable {
  var id: String
  var title: String
  var url: String?
  var summary: String?
  var datePublished: Date?

  enum CodingKeys: String, CodingKey {
    case id, title, url, summary
    case datePublished = "date_published"
  }
}

struct Feed: Decodable, Sendable {
  var title: String
  var items: [FeedItem]
  var nextURL: String?

  enum CodingKeys: String, CodingKey {
    case title, items
    case nextURL = "next_url"
  }
}

@MainActor
final class FeedModel: TTURLRequestModel<TTURLJSONResponse<Feed>> {
  let feedURL: String
  private(set) var title = ""
  private(set) var items: [FeedItem] = []
  private var nextURL: String?

  init(feedURL: String, queue: TTURLRequestQueue = .main) {
    self.feedURL = feedURL
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    super.init(processor: TTURLJSONResponse(decoder: decoder), queue: queue)
  }

  override func makeRequest(more: Bool) -> TTURLRequest? {
    let request = TTURLRequest(url: more ? nextURL ?? feedURL : feedURL)
    request.cacheExpirationAge = TTTimeInterval.hour
    return request
  }

  override func didReceive(_ feed: Feed, from result: TTURLResult, more: Bool) throws {
    title = feed.title
    items = more ? items + feed.items : feed.items
    nextURL = feed.nextURL
    hasNoMore = feed.nextURL == nil
  }

  override func invalidate(erase: Bool) {
    if erase {
      items = []
      nextURL = nil
    }
    super.invalidate(erase: erase)
  }
}

@MainActor
final class FeedScreen: TTModelDelegate {
  let model: FeedModel
  private(set) var rows: [String] = []
  private(set) var message = ""

  init(model: FeedModel) {
    self.model = model
    model.addDelegate(self)
  }

  func modelDidStartLoad(_ model: any TTModel) {
    message = model.isLoaded ? "Updating…" : "Loading…"
  }

  func modelDidFinishLoad(_ model: any TTModel) {
    rows = self.model.items.map(\.title)
    message = self.model.hasNoMore ? "" : "Load more"
  }

  func model(_ model: any TTModel, didFailLoadWith error: any Error) {
    message = "Could not load \(self.model.feedURL)"
  }

  func appear() {
    if !model.isLoaded {
      model.load(.default, more: false)
    } else if model.checkOutdated() {
      model.load(.network, more: false)
    }
  }

  func loadMore() {
    model.load(.default, more: true)
  }

  func pullToRefresh() {
    model.load(.network, more: false)
  }
}

@Suite("Article: Request-backed models")
@MainActor
struct RequestBackedModelsArticleTests {
  nonisolated let server: TTTestHTTPServer
  let baseURL: String

  init() throws {
    try useTemporaryMainQueue()
    server = try TTTestHTTPServer.started()
    baseURL = server.baseURL
    let base = server.baseURL
    server.route("GET", "/news.json") { request in
      let pages = [
        ["Three20 for Swift", "Models", "Tables"],
        ["Caching", "Styles"],
      ]
      let page = request.queryValue("page") == "2" ? 1 : 0
      let items = pages[page].enumerated().map { index, title in
        #"{"id": "\#(page)-\#(index)", "title": "\#(title)", "date_published": "2024-05-0\#(index + 1)T10:00:00Z"}"#
      }
      let next = page == 0 ? #", "next_url": "\#(base)/news.json?page=2""# : ""
      let body = #"{"title": "News", "items": [\#(items.joined(separator: ", "))]\#(next)}"#
      return .data(Data(body.utf8), contentType: "application/json")
    }
  }

  /// Every Swift block of the article is in this file.
  @Test func articleCodeIsInThisFile() throws {
    try expectArticleBlocks(
      "Articles/RequestBackedModels.md", appearIn: "RequestBackedModelsArticleTests.swift")
  }

  /// The screen loads the first page, then the second.
  @Test func showingTheModel() async throws {
    let screen = FeedScreen(model: FeedModel(feedURL: "\(baseURL)/news.json"))
    screen.appear()
    // screen.message == "Loading…"; once loaded:
    // screen.rows == ["Three20 for Swift", "Models", "Tables"], screen.message == "Load more"
    #expect(screen.message == "Loading…")
    await waitForLoad(screen.model)
    #expect(screen.rows == ["Three20 for Swift", "Models", "Tables"])
    #expect(screen.message == "Load more")
    #expect(screen.model.title == "News")
    #expect(screen.model.items.first?.datePublished == Date(timeIntervalSince1970: 1_714_557_600))

    screen.loadMore()
    // once loaded: screen.rows holds the items of both pages, and screen.message == ""
    #expect(screen.message == "Updating…")
    await waitForLoad(screen.model)
    #expect(screen.rows == ["Three20 for Swift", "Models", "Tables", "Caching", "Styles"])
    #expect(screen.message == "")
    #expect(screen.model.hasNoMore)
    #expect(server.requests(for: "/news.json").map(\.target) == ["/news.json", "/news.json?page=2"])

    // Coming back on screen with fresh data loads nothing; a pull to refresh asks the server.
    screen.appear()
    #expect(!screen.model.isLoading)
    screen.pullToRefresh()
    await waitForLoad(screen.model)
    #expect(screen.rows == ["Three20 for Swift", "Models", "Tables"])
    #expect(server.requestCount(for: "/news.json") == 3)
  }

  /// A failed load shows a message.
  @Test func failures() async throws {
    let screen = FeedScreen(model: FeedModel(feedURL: "\(baseURL)/missing.json"))
    screen.appear()
    await waitForLoad(screen.model)
    #expect(screen.message == "Could not load \(baseURL)/missing.json")
    #expect(screen.rows.isEmpty)
  }

  /// Day-old cached data is shown, reported outdated, and reloaded from the network.
  @Test func outdatedContent() async throws {
    let url = "\(baseURL)/news.json"
    let cache = try #require(TTURLRequestQueue.main.cache)
    cache.store(
      TTURLCache.Entry(
        key: TTURLCache.key(url: url), url: url,
        body: Data(#"{"title": "Old news", "items": [{"id": "x", "title": "Yesterday"}]}"#.utf8),
        storedAt: Date(timeIntervalSinceNow: -2 * TTTimeInterval.day),
        expiresAt: Date(timeIntervalSinceNow: 5 * TTTimeInterval.day)))
    let model = FeedModel(feedURL: "\(baseURL)/news.json")
    model.load(.default, more: false)
    await waitForLoad(model)
    #expect(model.items.map(\.title) == ["Yesterday"])
    #expect(model.isOutdated)
    #expect(server.requestCount(for: "/news.json") == 0)

    // Loaded from a cache entry stored two days ago (the server allowed a week): outdated.
    if model.checkOutdated() {
      model.load(.network, more: false)
    }
    await waitForLoad(model)
    #expect(model.items.map(\.title) == ["Three20 for Swift", "Models", "Tables"])
    #expect(!model.isOutdated)
    #expect(server.requestCount(for: "/news.json") == 1)
  }

  /// Erasing drops the items and the cached response.
  @Test func erasing() async throws {
    let model = FeedModel(feedURL: "\(baseURL)/news.json")
    model.load(.default, more: false)
    await waitForLoad(model)
    let key = try #require(model.cacheKey)
    model.invalidate(erase: true)
    #expect(model.items.isEmpty)
    #expect(TTURLRequestQueue.main.cache?.hasEntry(forKey: key) == false)
  }
}
