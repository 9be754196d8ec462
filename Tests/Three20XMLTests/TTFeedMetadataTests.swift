import Foundation
import Testing
import Three20XML

/// The channel and item metadata feeds write beside titles and links: RSS's ttl, skip hours and
/// days, cloud, text input and docs; languages per element; dates with their text; Dublin Core
/// terms; GeoRSS and Basic Geo; the Comment API and Slash; and which of a repeated element wins.
@Suite struct TTFeedMetadataTests {
  static func feed() throws -> TTFeed {
    try FeedFixture.feed("feed-rss-metadata.xml", documentURL: "https://harbour.example.org/feed.xml")
  }

  @Test func rssChannelMetadataIsRead() throws {
    let feed = try Self.feed()
    #expect(feed.ttl == 60)
    #expect(feed.skipHours == [0, 1])  // 25 is no hour
    #expect(feed.skipDays == ["Saturday", "Sunday"])
    #expect(feed.docs?.absoluteString == "https://www.rssboard.org/rss-specification")
    #expect(
      feed.cloud
        == TTFeedCloud(
          domain: "rpc.harbour.example.org", port: 80, path: "/RPC2", registerProcedure: "pleaseNotify",
          protocol: "xml-rpc"))
    #expect(
      feed.textInput
        == TTFeedTextInput(
          title: "Search", description: "Search the log", name: "q",
          link: URL(string: "https://harbour.example.org/search")))
    #expect(feed.contributors.map(\.email) == ["ops@harbour.example.org"])
    #expect(feed.language == "en-gb")
  }

  /// The last of a repeated element wins; the format's own element wins over a module's
  /// whatever their order.
  @Test func theLastRepeatedElementWins() throws {
    let feed = try Self.feed()
    #expect(feed.title == "Harbour Log")
    #expect(feed.updated?.timeIntervalSince1970 == 1_795_345_200)  // the second lastBuildDate
    #expect(feed.dateTexts.updated == "Sun, 22 Nov 2026 11:00:00 GMT")
    #expect(feed.items[0].guid?.value == "tide-2")
  }

  /// The text of a date is kept even when it cannot be read.
  @Test func dateTextsAreKeptBesideTheDates() throws {
    let feed = try Self.feed()
    #expect(feed.published == nil)
    #expect(feed.dateTexts.published == "some time on Sunday")
    let tide = feed.items[0]
    #expect(tide.published?.timeIntervalSince1970 == 1_795_237_200)
    #expect(tide.dateTexts.published == "Sat, 21 Nov 2026 06:00:00 +0100")
  }

  @Test func dublinCoreTermsAreRead() throws {
    let tide = try Self.feed().items[0]
    #expect(tide.rights == "CC BY 4.0")
    #expect(tide.created?.timeIntervalSince1970 == 1_795_197_600)
    #expect(tide.dateTexts.created == "2026-11-20T18:00:00Z")
    #expect(tide.updated?.timeIntervalSince1970 == 1_795_244_400)
    #expect(tide.validity?.start?.timeIntervalSince1970 == 1_795_219_200)
    #expect(tide.validity?.end?.timeIntervalSince1970 == 1_796_083_200)
    #expect(tide.dateTexts.valid?.hasPrefix("start=2026-11-21") == true)
  }

  /// An item's language is its `dc:language`, else its `xml:lang`, else the channel's; the
  /// language of each text is the `xml:lang` in effect where it is written.
  @Test func languagesFollowXMLLangAndDublinCore() throws {
    let feed = try Self.feed()
    #expect(feed.items[0].language == "fr")
    #expect(feed.items[0].titleDetail == TTFeedContent("Marée haute", type: .text, language: "fr"))
    #expect(feed.items[0].summary?.language == "fr")
    #expect(feed.items[1].language == "de")
    #expect(feed.items[2].language == "en-gb")
    #expect(feed.titleDetail?.language == "en-gb")
  }

  @Test func locationsAreRead() throws {
    let feed = try Self.feed()
    #expect(
      feed.items[0].location
        == TTFeedLocation(shape: .point, coordinates: [.init(latitude: 50.7184, longitude: -3.5339)]))
    // GML after Basic Geo: the last one written wins.
    let fog = try #require(feed.items[1].location)
    #expect(fog.shape == .polygon)
    #expect(fog.coordinates.count == 4)
    #expect(fog.point == .init(latitude: 45, longitude: -110))
    #expect(feed.items[2].location == nil)  // latitude 91 is out of range
  }

  @Test func basicGeoFillsAPointFromTwoElements() throws {
    let data = Data(
      """
      <rss version="2.0" xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#"><channel>
      <item><geo:long>-0.12</geo:long><geo:lat>51.5</geo:lat></item>
      <item><geo:Point><geo:lat>10</geo:lat><geo:long>20</geo:long></geo:Point></item>
      <item><geo:lat>10</geo:lat></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.items[0].location?.point == .init(latitude: 51.5, longitude: -0.12))
    #expect(feed.items[1].location?.point == .init(latitude: 10, longitude: 20))
    #expect(feed.items[2].location?.point?.longitude.isNaN == true)
  }

  /// A geometry longer than 10,000 points is left out without being split into numbers.
  @Test func aHugeGeometryIsLeftOut() throws {
    let points = String(repeating: "1 2 ", count: 200_000)
    let data = Data(
      """
      <rss version="2.0" xmlns:georss="http://www.georss.org/georss"><channel>
      <item><georss:line>\(points)</georss:line></item>
      <item><georss:line>1 2 3 4</georss:line></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.items[0].location == nil)
    #expect(feed.items[1].location?.coordinates.count == 2)
  }

  @Test func commentsFeedsAndCountsAreRead() throws {
    let feed = try Self.feed()
    let tide = feed.items[0]
    #expect(tide.commentsFeed?.absoluteString == "https://harbour.example.org/2026/11/tide/comments.xml")
    #expect(tide.commentAPI?.absoluteString == "https://harbour.example.org/comment-api/1")
    #expect(tide.commentCount == 12)
    #expect(feed.items[2].commentsFeed == nil)
    #expect(feed.problems.contains { $0.code == .refusedURL && $0.message.contains("javascript") })
  }

  /// Reading in pieces gives the same feed.
  @Test func piecesReadTheSame() throws {
    let data = try FeedFixture.data("feed-rss-metadata.xml")
    let url = URL(string: "https://harbour.example.org/feed.xml")
    let whole = try TTFeedReader.read(data, documentURL: url)
    #expect(try TTFeedReader(documentURL: url).read(data, inPiecesOf: 13) == whole)
  }

  // MARK: - Atom

  /// Atom titles keep their markup and type beside the plain text; a source keeps its links
  /// and date; an entry's rights are read.
  @Test func atomTitlesSourcesAndRightsAreKept() throws {
    let data = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
      <title type="html">Fish &amp;amp; &lt;em&gt;Chips&lt;/em&gt;</title>
      <entry>
        <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">H<sub>2</sub>O</div></title>
        <rights>© 2026 Harbour</rights>
        <updated>2026-11-01T00:00:00Z</updated>
        <updated>2026-11-02T00:00:00Z</updated>
        <source>
          <id>tag:origin</id><title>Origin</title><updated>2026-10-01T00:00:00Z</updated>
          <link rel="self" href="https://origin.example.com/feed.atom"/>
          <link href="https://origin.example.com/"/>
        </source>
      </entry>
      </feed>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.title == "Fish & Chips")
    #expect(feed.titleDetail == TTFeedContent("Fish &amp; <em>Chips</em>", type: .html, language: "en"))
    let entry = try #require(feed.items.first)
    #expect(entry.title == "H2O")
    #expect(entry.titleDetail?.type == .xhtml)
    #expect(entry.titleDetail?.value == "H<sub>2</sub>O")
    #expect(entry.rights == "© 2026 Harbour")
    #expect(entry.updated == TTFeedDateParser.parse("2026-11-02T00:00:00Z"))
    let source = try #require(entry.source)
    #expect(source.links.map(\.relation) == ["self", "alternate"])
    #expect(source.url?.absoluteString == "https://origin.example.com/")
    #expect(source.updated == TTFeedDateParser.parse("2026-10-01T00:00:00Z"))
  }

  /// RFC 4287: content of a media type that is not text or XML is Base64.
  @Test func binaryAtomContentIsDecoded() throws {
    let data = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><entry>
      <content type="image/png">iVBORw0K
      GgoAAAAN</content>
      <summary type="application/svg+xml"><svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg></summary>
      </entry>
      <entry><content type="application/octet-stream">not base64 at all!</content></entry>
      </feed>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    let png = try #require(feed.items[0].content)
    #expect(png.type == .other("image/png"))
    #expect(png.data == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]))
    #expect(png.plainText == nil)
    #expect(
      feed.items[0].summary?.value == "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"/></svg>")
    #expect(feed.items[0].summary?.data == nil)
    #expect(feed.items[1].content?.data == nil)
    #expect(feed.items[1].content?.value == "not base64 at all!")
  }

  /// A `<feed>` in no namespace is read as Atom 1.0, its text constructs' markup untouched.
  @Test func atomWithoutANamespaceIsRead() throws {
    let data = Data(
      """
      <feed>
        <title>Plain Feed</title>
        <link rel="alternate" href="https://plain.example.com/"/>
        <updated>2026-11-21T10:20:30Z</updated>
        <author><name>Jo</name><email>jo@example.com</email></author>
        <entry>
          <title>First</title>
          <link href="https://plain.example.com/1"/>
          <id>tag:plain,1</id>
          <content type="html"><p>Hi <b>there</b></p></content>
          <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><i>x</i></div></summary>
        </entry>
      </feed>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.kind == .atom10)
    #expect(feed.title == "Plain Feed")
    #expect(feed.link?.absoluteString == "https://plain.example.com/")
    #expect(feed.updated == TTFeedDateParser.parse("2026-11-21T10:20:30Z"))
    #expect(feed.authors == [TTFeedPerson(name: "Jo", email: "jo@example.com")])
    let entry = try #require(feed.items.first)
    #expect(entry.link?.absoluteString == "https://plain.example.com/1")
    #expect(entry.guid?.value == "tag:plain,1")
    #expect(entry.content?.value == "<p>Hi <b>there</b></p>")
    #expect(entry.summary?.value == "<i>x</i>")
    #expect(try TTFeedReader().read(data, inPiecesOf: 9) == feed)
  }

  // MARK: - CDF

  @Test func cdfChannelsAreRead() throws {
    let feed = try FeedFixture.feed("feed-cdf.xml")
    #expect(feed.kind == .cdf)
    #expect(feed.kind.name == "CDF")
    #expect(feed.title == "Harbour Channel")
    #expect(feed.subtitle?.plainText == "The news from the harbour, pushed to your desktop.")
    #expect(feed.link?.absoluteString == "http://cdf.example.com/index.html")
    #expect(feed.updated?.timeIntervalSince1970 == 910_303_920)
    #expect(feed.dateTexts.updated == "1998-11-05T22:12")
    #expect(feed.image?.url.absoluteString == "http://cdf.example.com/logo.gif")
    #expect(feed.items.map(\.title) == ["High tide", "Ferry late"])
    #expect(feed.items[0].link?.absoluteString == "http://cdf.example.com/tide.html")
    #expect(feed.items[0].summary?.plainText == "Six o'clock, as always.")
    #expect(feed.items[0].updated?.timeIntervalSince1970 == 910_252_800)
    #expect(feed.items[1].link?.absoluteString == "http://cdf.example.com/boats/ferry.html")
    #expect(try TTFeedReader().read(try FeedFixture.data("feed-cdf.xml"), inPiecesOf: 11) == feed)
  }
}
