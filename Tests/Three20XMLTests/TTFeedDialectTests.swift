import Foundation
import Testing
import Three20XML

/// Every dialect of RSS and Atom still served is read, and reported as what it is.
@Suite struct TTFeedDialectTests {
  /// An RSS document with a root element and a version, one item.
  static func rss(root: String, version: String?, doctype: String = "") -> Data {
    let versionAttribute = version.map { " version=\"\($0)\"" } ?? ""
    return Data(
      """
      <?xml version="1.0"?>\(doctype)
      \(root.replacingOccurrences(of: "VERSION", with: versionAttribute))
      <channel><title>Harbour</title><link>http://harbour.example.org/</link>
      <item><title>Tide</title><link>http://harbour.example.org/tide</link></item>
      </channel></rss>
      """.utf8)
  }

  @Test(arguments: [
    ("0.91", TTFeedKind.rss091u), ("0.92", .rss092), ("0.93", .rss093), ("0.94", .rss094), ("2.0", .rss20),
    ("2.0.1", .rss20), ("", .rss20),
  ])
  func rssVersionsAreReportedAsWritten(version: String, kind: TTFeedKind) throws {
    let feed = try TTFeedReader.read(Self.rss(root: "<rssVERSION>", version: version.isEmpty ? nil : version))
    #expect(feed.kind == kind)
    #expect(feed.items.map(\.title) == ["Tide"])
  }

  /// Netscape's RSS 0.91 carries Netscape's DOCTYPE; the DTD is never loaded.
  @Test func netscapeRSS091IsToldByItsDoctype() throws {
    let doctype = """

      <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"
        "http://my.netscape.com/publish/formats/rss-0.91.dtd">
      """
    let feed = try TTFeedReader.read(Self.rss(root: "<rssVERSION>", version: "0.91", doctype: doctype))
    #expect(feed.kind == .rss091n)
    #expect(feed.kind.name == "RSS 0.91 (Netscape)")
    #expect(feed.items.map(\.title) == ["Tide"])
    // In pieces, the DOCTYPE is seen before the root just the same.
    let data = Self.rss(root: "<rssVERSION>", version: "0.91", doctype: doctype)
    #expect(try TTFeedReader().read(data, inPiecesOf: 7).kind == .rss091n)
  }

  /// RSS whose root (and so every element) is in a namespace UserLand or Harvard once gave it.
  @Test(arguments: [
    "http://backend.userland.com/rss2", "http://backend.userland.com/rss",
    "http://blogs.law.harvard.edu/tech/rss",
  ])
  func rssInANamespaceIsRead(namespace: String) throws {
    let data = Self.rss(root: "<rssVERSION xmlns=\"\(namespace)\">", version: "2.0")
    let feed = try TTFeedReader.read(data)
    #expect(feed.kind == .rss20)
    #expect(feed.title == "Harbour")
    #expect(feed.link?.absoluteString == "http://harbour.example.org/")
    #expect(feed.items.map(\.title) == ["Tide"])
    #expect(feed.items.first?.link?.absoluteString == "http://harbour.example.org/tide")
    #expect(try TTFeedReader().read(data, inPiecesOf: 5) == feed)
  }

  @Test func atom03IsReadWithItsOwnElementNames() throws {
    let feed = try FeedFixture.feed("feed-atom03.xml")
    #expect(feed.kind == .atom03)
    #expect(feed.kind.isAtom && !feed.kind.isRSS)
    #expect(feed.title == "Lighthouse Log")
    #expect(feed.subtitle?.value == "Notes from the lamp room")
    #expect(feed.copyright == "Copyright 2004, the Keepers")
    #expect(feed.updated == TTFeedDateParser.parse("2004-06-14T18:30:02Z"))
    #expect(feed.link?.absoluteString == "http://log.example.org/")
    #expect(feed.language == "en")
    #expect(feed.generator == "Old Blog Tool")
    #expect(
      feed.authors == [
        TTFeedPerson(
          name: "Mara Quill", email: "mara@log.example.org", uri: URL(string: "http://log.example.org/mara"))
      ])
    try #require(feed.items.count == 3)

    let storm = feed.items[0]
    #expect(storm.link?.absoluteString == "http://log.example.org/2004/06/storm")
    #expect(storm.guid?.value == "tag:log.example.org,2004:entry-7")
    // `issued` is the publication date even after `created`; `modified` the last change.
    #expect(storm.published == TTFeedDateParser.parse("2004-06-14T12:00:00Z"))
    #expect(storm.updated == TTFeedDateParser.parse("2004-06-14T18:30:02Z"))
    #expect(storm.summaryText == "The lamp held all night.")
    #expect(
      storm.content == TTFeedContent("<p>The lamp <b>held</b> all night.</p>", type: .html, language: "en"))

    #expect(feed.items[1].content == TTFeedContent("<p>Calm seas.</p>", type: .html, language: "en"))
    #expect(feed.items[1].published == TTFeedDateParser.parse("2004-06-15T08:00:00Z"))

    let inline = feed.items[2]
    #expect(inline.content?.type == .html)
    #expect(inline.content?.plainText == "Fog again.")
    #expect(inline.published == TTFeedDateParser.parse("2004-06-16T08:00:00Z"))
  }

  @Test func atom03ReadInPiecesGivesTheSameFeed() throws {
    let data = try FeedFixture.data("feed-atom03.xml")
    let whole = try TTFeedReader.read(data)
    for size in [1, 3, 64] {
      #expect(try TTFeedReader().read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }

  /// Atom's pre-release drafts: the namespace says Atom, the version attribute which draft.
  @Test(arguments: [
    ("http://purl.org/atom/ns#", "0.1", TTFeedKind.atom01), ("http://purl.org/atom/ns#", "0.2", .atom02),
    ("http://example.com/newformat#", "0.1", .atom01), ("http://necronomicorp.com/ns/atom#", "", .atom03),
  ])
  func atomDraftsAreRead(namespace: String, version: String, kind: TTFeedKind) throws {
    let data = Data(
      """
      <feed xmlns="\(namespace)" version="\(version)"><title>Draft</title>
      <entry><title>One</title><link rel="alternate" href="http://draft.example.org/1"/></entry></feed>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.kind == kind)
    #expect(feed.title == "Draft")
    #expect(feed.items.first?.link?.absoluteString == "http://draft.example.org/1")
  }

  /// Most podcasts write Apple's namespace with capitals; it is the same namespace.
  @Test func iTunesNamespaceIsMatchedHoweverItIsCapitalized() throws {
    let data = Data(
      """
      <rss version="2.0" xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel>
      <title>Cast</title><itunes:image href="http://cast.example.org/cover.jpg"/></channel></rss>
      """.utf8)
    #expect(try TTFeedReader.read(data).image?.url.absoluteString == "http://cast.example.org/cover.jpg")
  }

  @Test func everyKindHasANameAndOneFamily() {
    for kind in TTFeedKind.allCases {
      #expect(!kind.name.isEmpty)
      let families = [kind.isRSS, kind.isAtom, kind.isJSON, kind == .cdf].filter { $0 }
      #expect(families.count == 1, "\(kind)")
    }
  }
}
