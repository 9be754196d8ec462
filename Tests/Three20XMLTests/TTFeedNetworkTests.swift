import Foundation
import Synchronization
import Testing
import Three20Network
import Three20XML

/// Feeds over HTTP: the test server sends them in small chunks with pauses, and the reader
/// parses each chunk as it arrives.
@Suite struct TTFeedNetworkTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  /// A feed loaded in 64-byte chunks while it downloads equals the same bytes read at once.
  @Test func loadParsesWhileDownloading() async throws {
    let data = try FeedFixture.data("feed-rss20-namespaces.xml")
    server.setFeed(data, name: "night", chunkSize: 64, delay: .milliseconds(1))
    let url = server.url("/feed/night")
    let feed = try await TTFeedReader.load(TTURLRequest(url: url), on: queue)
    #expect(feed == (try TTFeedReader.read(data, documentURL: URL(string: url))))
    #expect(feed.items.count == 3)
  }

  /// Items reach the closure one by one before the download ends.
  @Test func loadHandsItemsOverAsTheyArrive() async throws {
    server.setFeed(
      FeedFixture.generatedRSS(items: 300), name: "many", chunkSize: 512, delay: .milliseconds(1))
    let seen = Mutex<[String]>([])
    let channel = try await TTFeedReader.load(TTURLRequest(url: server.url("/feed/many")), on: queue) {
      item in
      seen.withLock { $0.append(item.title ?? "") }
    }
    let titles = seen.withLock { $0 }
    #expect(titles.count == 300)
    #expect(titles.last == "Item 299")
    #expect(channel.items.isEmpty)
    #expect(channel.title == "Generated")
  }

  /// A body that is not a feed cancels the download and throws the reader's error.
  @Test func loadRejectsDocumentThatIsNotAFeed() async throws {
    server.setFeed(try FeedFixture.data("feed-not-a-feed.xml"), name: "html", chunkSize: 16)
    let error = await #expect(throws: TTXMLError.self) {
      try await TTFeedReader.load(TTURLRequest(url: self.server.url("/feed/html")), on: self.queue)
    }
    #expect(error?.code == .notAFeed)
  }

  /// HTTP errors come back as Network's errors.
  @Test func loadReportsHTTPErrors() async throws {
    let error = await #expect(throws: TTNetworkError.self) {
      try await TTFeedReader.load(TTURLRequest(url: self.server.url("/status/404")), on: self.queue)
    }
    #expect(error?.code == .httpStatus)
  }

  /// The response processor turns a chunked body into a feed with links resolved against the
  /// request's URL.
  @Test func responseProcessorReadsFeed() async throws {
    server.setFeed(try FeedFixture.data("feed-atom-xhtml.xml"), name: "lab")
    let feed = try await TTURLRequest(url: server.url("/feed/lab")).send(
      processingWith: TTURLFeedResponse(), on: queue)
    #expect(feed.kind == .atom10)
    #expect(feed.items.count == 3)
    #expect(feed.items[0].link?.absoluteString == "https://lab.example.org/notebook/2026/11/interferometer")
  }

  /// A body that is not well-formed XML is read leniently by default; a strict processor fails
  /// the request with `invalidResponse`, the XML error with its position underneath.
  @Test func responseProcessorRejectsMalformedBody() async throws {
    server.setFeed(Data("<rss version=\"2.0\">\n<channel>\n<title>x</titel>".utf8), name: "bad")
    let lenient = try await TTURLRequest(url: server.url("/feed/bad")).send(
      processingWith: TTURLFeedResponse(), on: queue)
    #expect(lenient.title == "x")
    #expect(lenient.syntaxProblem?.line == 3)
    var strict = TTURLFeedResponse()
    strict.isStrict = true
    let error = await #expect(throws: TTNetworkError.self) {
      try await TTURLRequest(url: self.server.url("/feed/bad")).send(processingWith: strict, on: self.queue)
    }
    #expect(error?.code == .invalidResponse)
    let xml = try #require(error?.underlying as? TTXMLError)
    #expect(xml.code == .malformed)
    #expect(xml.line == 3)
  }
}
