import Foundation
import Testing
import Three20XML

/// Reading feeds piece by piece: any split gives the same feed, items arrive as they close,
/// and memory stays flat however long the feed is.
@Suite struct TTFeedStreamingTests {
  static let fixtures = [
    "feed-rss091.xml", "feed-rss090.xml", "feed-rss10-rdf.xml", "feed-rss20-namespaces.xml",
    "feed-atom-xhtml.xml", "feed-iso-8859-1.xml", "feed-utf16le.xml", "feed-dates.xml",
  ]

  /// Feeding a document in pieces of 1 to 13 bytes gives the same feed as reading it whole.
  @Test(arguments: fixtures)
  func piecesGiveTheSameFeed(name: String) throws {
    let data = try FeedFixture.data(name)
    let whole = try TTFeedReader.read(data)
    for size in [1, 2, 3, 7, 13] {
      #expect(try TTFeedReader().read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }

  /// Each item reaches the closure as soon as its end tag has been fed, before the rest of the
  /// document, and the finished feed keeps the channel without the items.
  @Test func itemsArriveAsTheyClose() throws {
    let data = try FeedFixture.data("feed-rss091.xml")
    let text = String(decoding: data, as: UTF8.self)
    let firstEnd = try #require(text.range(of: "</item>")).upperBound
    let cut = text.utf8.distance(from: text.startIndex, to: firstEnd)
    var titles: [String?] = []
    let reader = TTFeedReader { item in titles.append(item.title) }
    try reader.feed(data.prefix(cut))
    #expect(titles == ["Lamp relit after forty years"])
    try reader.feed(data.dropFirst(cut))
    let channel = try reader.finish()
    #expect(titles.count == 3)
    #expect(reader.itemCount == 3)
    #expect(channel.items.isEmpty)
    #expect(channel.title == "Harbour Lights Weekly")
  }

  /// Items handed out early already have their relative links resolved against the channel's
  /// link written before them.
  @Test func streamedItemsResolveAgainstChannelLink() throws {
    var links: [String] = []
    let reader = TTFeedReader { item in links.append(item.link?.absoluteString ?? "-") }
    try reader.feed(FeedFixture.generatedRSS(items: 2))
    _ = try reader.finish()
    #expect(links == ["https://gen.example.com/items/0", "https://gen.example.com/items/1"])
  }

  /// The parser holds about the same number of nodes after 20,000 items as after 100.
  @Test func memoryStaysFlatForLongFeeds() throws {
    let data = FeedFixture.generatedRSS(items: 20_000)
    var count = 0
    var lastTitle: String?
    let reader = TTFeedReader { item in
      count += 1
      lastTitle = item.title
    }
    var peakNodes = 0
    var offset = 0
    while offset < data.count {
      let end = min(data.count, offset + 4096)
      try reader.feed(data[offset..<end])
      peakNodes = max(peakNodes, reader.nodeCount)
      offset = end
    }
    let channel = try reader.finish()
    #expect(count == 20_000)
    #expect(lastTitle == "Item 19999")
    #expect(channel.items.isEmpty)
    #expect(peakNodes < 200, "peak \(peakNodes) nodes")
  }
}
