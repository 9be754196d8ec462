// The code of the feed articles in Modules/XMLExt/Three20XML.docc/Articles, compiled and run.
//
// Every `swift` block of ReadingFeeds.md is in this file, and every one of BuildingTheRSSReader.md
// in FeedModelArticleTests.swift, unchanged (the suite "Feed articles" checks it): edit both
// together.
import Foundation
import Testing
import Three20Core
import Three20Network
import Three20XML

/// Reading the articles and this file.
enum FeedArticles {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Each article and the test file that compiles its code blocks.
  static let articles = [
    ("ReadingFeeds", "FeedArticleTests.swift"),
    ("BuildingTheRSSReader", "FeedModelArticleTests.swift"),
  ]

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Lines trimmed, empty ones dropped, so a block matches the same code indented in a test.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }
}

@Suite("Feed articles") struct FeedArticleCheckTests {
  /// The overview page lists every public feed type and the feed articles.
  @Test func overviewListsEveryFeedType() throws {
    let overview = try FeedArticles.text("Modules/XMLExt/Three20XML.docc/Three20XML.md")
    let names = [
      "TTFeedReader", "TTFeed", "TTFeedItem", "TTFeedKind", "TTURLFeedResponse", "TTFeedModel", "TTFeedLink",
      "TTFeedContent",
      "TTFeedPerson", "TTFeedCategory", "TTFeedGUID", "TTFeedEnclosure", "TTFeedThumbnail", "TTFeedImage",
      "TTFeedSource", "TTFeedDateParser", "TTFeedBuilder", "TTFeedElement", "TTFeedNamespace",
      "TTFeedProblem",
    ]
    for name in names {
      #expect(overview.contains("- ``\(name)``"), "\(name)")
    }
    for (article, _) in FeedArticles.articles {
      #expect(overview.contains("- <doc:\(article)>"), "\(article)")
    }
  }

  /// Every Swift block of each feed article appears, line for line, in its test file.
  @Test(arguments: FeedArticles.articles)
  func everyBlockIsCompiled(article: String, testFile: String) throws {
    let markdown = try FeedArticles.text("Modules/XMLExt/Three20XML.docc/Articles/\(article).md")
    let source = FeedArticles.normalized(try FeedArticles.text("Tests/Three20XMLTests/\(testFile)"))
    let blocks = TTArticleText.codeBlocks(in: markdown, language: "swift")
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(source.contains(FeedArticles.normalized(block)), "not in \(testFile):\n\(block)")
    }
  }
}

/// The sample feed of "Reading Feeds".
func readingFeedsSample() -> Data {
  let data = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0">
      <channel>
        <title>Harbour News</title>
        <link>https://harbour.example.com/</link>
        <item>
          <title>Lamp relit</title>
          <link>/2026/lamp</link>
          <description>The old lens &lt;b&gt;turned&lt;/b&gt; again.</description>
          <pubDate>Sat, 21 Nov 26 10:20 PST</pubDate>
        </item>
      </channel>
    </rss>
    """.utf8)
  return data
}

// "Load a feed over HTTP": compiled here, run by ReadingFeedsArticleTests against the test server.

func loadFeed(from url: String) async throws -> TTFeed {
  let request = TTURLRequest(url: url)
  return try await request.send(processingWith: TTURLFeedResponse())
}

func streamFeed(from url: String, show: @escaping @Sendable (TTFeedItem) -> Void) async throws -> TTFeed {
  try await TTFeedReader.load(TTURLRequest(url: url), onItem: show)
}

@Suite("ReadingFeeds article") struct ReadingFeedsArticleTests {
  /// "Read a feed": the fields the article prints.
  @Test func readAFeed() throws {
    let data = readingFeedsSample()
    let feed = try TTFeedReader.read(data, documentURL: URL(string: "https://harbour.example.com/rss"))
    let first = feed.items[0]
    print(feed.title ?? "")  // Harbour News
    print(first.link?.absoluteString ?? "")  // https://harbour.example.com/2026/lamp
    print(first.summaryText ?? "")  // The old lens turned again.
    print(first.date?.timeIntervalSince1970 ?? 0)  // 1795285200.0
    #expect(feed.title == "Harbour News")
    #expect(first.link?.absoluteString == "https://harbour.example.com/2026/lamp")
    #expect(first.summaryText == "The old lens turned again.")
    #expect(first.date?.timeIntervalSince1970 == 1_795_285_200)
  }

  /// "Dates": three readable dates and one that is not.
  @Test func dates() {
    let dates = [
      "Sat, 21 Nov 2026 10:20:30 GMT", "21 Nov 26 02:20:30 PST", "2026-11-21T10:20:30Z", "soon",
    ]
    for text in dates {
      print(TTFeedDateParser.parse(text)?.timeIntervalSince1970 as Any)
    }
    // Optional(1795256430.0) three times, then nil
    #expect(
      dates.map { TTFeedDateParser.parse($0)?.timeIntervalSince1970 } == [
        1_795_256_430, 1_795_256_430, 1_795_256_430, nil,
      ])
  }

  /// "People": the three ways RSS writes one person give the same person.
  @Test func people() {
    for text in ["jo@example.com (Jo Bloggs)", "Jo Bloggs (jo@example.com)", "Jo Bloggs <jo@example.com>"] {
      let person = TTFeedPerson(parsing: text)
      print(person?.name ?? "", person?.email ?? "")  // Jo Bloggs jo@example.com
    }
    for text in ["jo@example.com (Jo Bloggs)", "Jo Bloggs (jo@example.com)", "Jo Bloggs <jo@example.com>"] {
      #expect(TTFeedPerson(parsing: text) == TTFeedPerson(name: "Jo Bloggs", email: "jo@example.com"))
    }
  }

  /// "Read while the bytes arrive": items go to the closure, not the feed.
  @Test func readWhileTheBytesArrive() throws {
    let data = readingFeedsSample()
    var titles: [String] = []
    let reader = TTFeedReader { item in
      titles.append(item.title ?? "(untitled)")
    }
    for start in stride(from: 0, to: data.count, by: 16) {
      try reader.feed(data[start..<min(data.count, start + 16)])
    }
    let channel = try reader.finish()
    print(titles)  // ["Lamp relit"]
    print(channel.items.count)  // 0: the items went to the closure
    #expect(titles == ["Lamp relit"])
    #expect(channel.items.isEmpty)
  }

  /// "Load a feed over HTTP": both functions against the test server.
  @Test func loadOverHTTP() async throws {
    let server = try TTTestHTTPServer.started()
    server.setFeed(readingFeedsSample(), name: "harbour")
    let feed = try await loadFeed(from: server.url("/feed/harbour"))
    #expect(feed.items.first?.title == "Lamp relit")
    let streamed = try await streamFeed(from: server.url("/feed/harbour")) { _ in }
    #expect(streamed.title == "Harbour News")
  }

  /// "Addresses an app can open": the `javascript:` link is left out and reported; the app
  /// allows `itpc:`.
  @Test func addressesAnAppCanOpen() throws {
    let links = Data(
      """
      <rss version="2.0"><channel><title>Links</title>
      <item><title>Trap</title><link>javascript:alert(1)</link></item>
      <item><title>Podcast</title><enclosure url="itpc://example.com/show.mp3" type="audio/mpeg"/></item>
      </channel></rss>
      """.utf8)
    let safe = try TTFeedReader.read(links)
    print(safe.items[0].link as Any)  // nil
    print(safe.problems[0].code)  // refusedURL
    let podcasts = try TTFeedReader.read(links, urlPolicy: TTURLSchemePolicy.default.allowing("itpc"))
    print(podcasts.items[1].enclosures.count)  // 1
    #expect(safe.items[0].link == nil)
    #expect(safe.problems[0].code == .refusedURL)
    #expect(podcasts.items[1].enclosures.count == 1)
  }

  /// "Hostile feeds": raised limits for a trusted feed.
  @Test func hostileFeeds() throws {
    let data = readingFeedsSample()
    var limits = TTFeedReader.Limits()
    limits.maxItemBytes = 50_000_000  // a trusted feed that embeds pictures in its items
    let trusted = try TTFeedReader.read(data, limits: limits)
    print(trusted.problems.isEmpty)  // true
    #expect(trusted.problems.isEmpty)
    #expect(trusted.items.count == 1)
  }

  /// "Broken feeds".
  @Test func brokenFeeds() throws {
    let broken = Data("<rss version=\"2.0\"><channel><title>Fish & Chips</title></channel></rss>".utf8)
    let lenient = try TTFeedReader.read(broken)
    print(lenient.title ?? "")  // Fish & Chips
    print(lenient.isWellFormed)  // false
    if let problem = lenient.syntaxProblem {
      print(problem.line ?? 0, problem.column ?? 0)  // 1 41
    }
    #expect(lenient.title == "Fish & Chips")
    #expect(!lenient.isWellFormed)
    #expect(lenient.syntaxProblem?.line == 1)
    #expect(lenient.syntaxProblem?.column == 41)

    do {
      _ = try TTFeedReader.read(broken, strict: true)
    } catch {
      print(error.code)  // malformed
    }
    let error = try #require(throws: TTXMLError.self) { try TTFeedReader.read(broken, strict: true) }
    #expect(error.code == .malformed)
  }

  /// "Show feed HTML safely".
  @Test func showFeedHTMLSafely() throws {
    let escaped = Data(
      """
      <rss version="2.0"><channel><title>T</title><item xml:base="https://site.example/posts/">
      <description>&lt;a href="next.html" onclick="x()"&gt;Next&lt;/a&gt;&lt;script&gt;x()&lt;/script&gt;</description>
      </item></channel></rss>
      """.utf8)
    let summary = try TTFeedReader.read(escaped).items[0].summary
    print(summary?.sanitizedHTML() ?? "")  // <a href="https://site.example/posts/next.html">Next</a>
    #expect(summary?.sanitizedHTML() == #"<a href="https://site.example/posts/next.html">Next</a>"#)
  }

  /// "When the document is not a feed".
  @Test func notAFeed() throws {
    do {
      _ = try TTFeedReader.read(Data("<html><body>Moved</body></html>".utf8))
    } catch {
      print(error.code)  // notAFeed
      print(error.message)  // 1: error: The document's root element is <html>, not an RSS feed …
    }
    let error = try #require(throws: TTXMLError.self) {
      try TTFeedReader.read(Data("<html><body>Moved</body></html>".utf8))
    }
    #expect(error.code == .notAFeed)
    #expect(error.message.hasPrefix("1: error: The document's root element is <html>, not an RSS feed"))
  }

  /// "Build feeds from your own tree".
  @Test func buildFromYourOwnTree() throws {
    let data = readingFeedsSample()
    let document = try TTXMLParser.parse(data)
    let sameFeed = TTFeedBuilder.feed(from: TTFeedElement(document.root))
    print(sameFeed?.items.count ?? 0)  // 1
    #expect(sameFeed?.items.count == 1)
  }
}
