import Foundation
import Synchronization
import Testing
import Three20Network
import Three20XML

@Suite("TTURLXMLResponse: XML over Network")
struct TTURLXMLResponseTests {
  let queue = TTURLRequestQueue()

  /// A well-formed body becomes a document; `isRssFeed` shapes the dictionary view.
  @Test func processesXML() async throws {
    let server = try TTTestHTTPServer.started()
    server.setFeed(
      try Fixture.data("rss2-namespaces.xml"), name: "harbour", chunkSize: 256, delay: .milliseconds(1))
    let response = TTURLXMLResponse(isRssFeed: true)
    let document = try await TTURLRequest(url: server.url("/feed/harbour")).send(
      processingWith: response, on: queue)
    #expect(document.root.child(path: "channel/title")?.text == "Harbour Lights Weekly")
    #expect(response.rootObject(of: document)["channel"]?.array(forKey: "item").count == 3)
    #expect(TTURLXMLResponse().rootObject(of: document)["channel"]?.array(forKey: "item").count == 1)
  }

  /// A malformed body fails the request with `invalidResponse`, the XML error underneath and
  /// its compiler-style message in the text (Three20 only logged it).
  @Test func malformedBodyFails() throws {
    let info = TTURLResponseInfo(url: "https://example.com/feed", statusCode: 200)
    let error = try #require(throws: TTNetworkError.self) {
      try TTURLXMLResponse().process(Fixture.data("malformed-mismatch.xml"), info: info)
    }
    #expect(error.code == .invalidResponse)
    let xml = try #require(error.underlying as? TTXMLError)
    #expect(xml.line == 7)
    #expect(error.message.contains("https://example.com/feed"))
    #expect(error.message.contains("7:"))
    #expect(error.message.contains("^"))
  }

  /// A feed served in 37-byte chunks (cutting through UTF-8 characters) is parsed piece by
  /// piece: every item reaches the handler in order, and the result is the channel without them.
  @Test func streamsAChunkedFeed() async throws {
    var text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Slow</title>\n"
    for index in 0..<40 { text += "<item><title>Ünïcode \(index)</title></item>\n" }
    text += "</channel></rss>\n"
    let server = try TTTestHTTPServer.started()
    server.setFeed(Data(text.utf8), name: "slow", chunkSize: 37, delay: .milliseconds(2))
    let titles = Mutex<[String]>([])
    let channel = try await TTURLXMLResponse.stream(
      TTURLRequest(url: server.url("/feed/slow")), selector: .names("item"), on: queue
    ) { item in
      titles.withLock { $0.append(item.childText("title") ?? "") }
    }
    #expect(titles.withLock { $0 } == (0..<40).map { "Ünïcode \($0)" })
    #expect(channel.root.child(path: "channel/title")?.text == "Slow")
  }

  /// A stream cut short fails with the XML error (truncated) underneath.
  @Test func truncatedStreamFails() async throws {
    let server = try TTTestHTTPServer.started()
    server.setFeed(try Fixture.data("truncated.xml"), name: "cut", chunkSize: 16, delay: .milliseconds(1))
    let request = TTURLRequest(url: server.url("/feed/cut"))
    let error = await #expect(throws: TTNetworkError.self) {
      _ = try await TTURLXMLResponse.stream(request, selector: .names("item"), on: queue) { _ in }
    }
    #expect(error?.code == .invalidResponse)
    #expect((error?.underlying as? TTXMLError)?.code == .truncated)
  }
}
