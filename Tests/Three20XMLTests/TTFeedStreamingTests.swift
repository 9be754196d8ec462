import Foundation
import Testing
import Three20XML

/// Reading feeds piece by piece: any split gives the same feed, items arrive as they close,
/// and memory stays flat however long the feed is.
@Suite struct TTFeedStreamingTests {
  static let fixtures = [
    "feed-rss091.xml", "feed-rss090.xml", "feed-rss10-rdf.xml", "feed-rss20-namespaces.xml",
    "feed-atom-xhtml.xml", "feed-iso-8859-1.xml", "feed-utf16le.xml", "feed-dates.xml", "feed-atom03.xml",
    "feed-cdf.xml", "feed-rss-metadata.xml", "feed-people-rss.xml", "feed-people-atom.xml",
    "feed-podcast.xml",
    "feed-media-rss.xml", "feed-json10.json", "feed-json11.json", "feed-json-messy.json",
  ]

  /// A long feed of each XML dialect, `count` items, written as that dialect writes them;
  /// the broken one needs the reader's repairs in every item.
  static func longFeed(_ dialect: String, items count: Int) -> Data {
    let (head, item, tail): (String, (Int) -> String, String)
    switch dialect {
    case "rss10":
      head =
        #"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="x"><title>T</title></channel>"#
      item = { #"<item rdf:about="https://e.example/\#($0)"><title>Item \#($0)</title></item>"# }
      tail = "</rdf:RDF>"
    case "atom10", "atom-no-namespace", "atom03":
      let namespace =
        [
          "atom10": #" xmlns="http://www.w3.org/2005/Atom""#,
          "atom03": #" version="0.3" xmlns="http://purl.org/atom/ns#""#,
        ][dialect] ?? ""
      head = "<feed\(namespace)><title>T</title>"
      item = { "<entry><title>Item \($0)</title><id>tag:\($0)</id></entry>" }
      tail = "</feed>"
    case "cdf":
      head = #"<CHANNEL HREF="https://e.example/"><TITLE>T</TITLE>"#
      item = { #"<ITEM HREF="https://e.example/\#($0)"><TITLE>Item \#($0)</TITLE></ITEM>"# }
      tail = "</CHANNEL>"
    default:  // "broken": RSS 2.0 with a stray & and an HTML entity in every item
      head = #"<rss version="2.0"><channel><title>T</title>"#
      item = { "<item><title>Item \($0)</title><description>Fish & chips &eacute;</description></item>" }
      tail = "</channel></rss>"
    }
    var text = head
    for index in 0..<count { text += item(index) }
    return Data((text + tail).utf8)
  }

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

  /// The parser holds about the same number of nodes after 20,000 items as after 100, in
  /// every XML dialect.
  @Test(arguments: ["rss20", "rss10", "atom10", "atom-no-namespace", "atom03", "cdf", "broken"])
  func memoryStaysFlatForLongFeeds(dialect: String) throws {
    let data =
      dialect == "rss20" ? FeedFixture.generatedRSS(items: 20_000) : Self.longFeed(dialect, items: 20_000)
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
