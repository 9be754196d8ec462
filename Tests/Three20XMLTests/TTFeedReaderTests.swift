import Foundation
import Testing
import Three20XML

/// Reading feeds from bytes: every format, the fields each fills, encodings, bad dates, and
/// documents that are not feeds.
@Suite struct TTFeedReaderTests {
  /// RSS 0.91: the channel fields, the image and the items with their links.
  @Test func readsRSS091Channel() throws {
    let feed = try FeedFixture.feed("feed-rss091.xml")
    #expect(feed.kind == .rss091u)
    #expect(feed.title == "Harbour Lights Weekly")
    #expect(feed.link?.absoluteString == "http://harbourlights.example.org/")
    #expect(feed.subtitle?.value == "Notes from a small harbour town & its lighthouse.")
    #expect(feed.language == "en-gb")
    #expect(feed.copyright == "Copyright 2001, Harbour Lights Society")
    #expect(feed.authors == [TTFeedPerson(name: "Mara Quill", email: "editor@harbourlights.example.org")])
    #expect(feed.published?.timeIntervalSince1970 == 1_004_950_800)
    #expect(feed.image?.url.absoluteString == "http://harbourlights.example.org/images/lamp.gif")
    #expect(feed.image?.title == "Harbour Lights")
    #expect(feed.image?.width == 88)
    #expect(feed.image?.height == 31)
    #expect(
      feed.items.map(\.title) == [
        "Lamp relit after forty years", "Ferry timetable for winter", "Storm damage at the pier",
      ])
    #expect(feed.items[1].link?.absoluteString == "http://harbourlights.example.org/2001/11/ferry.html")
    #expect(feed.items[2].summary == nil)
  }

  /// RSS 0.90: elements in the 0.90 namespace make the kind 0.90; items and image are siblings
  /// of the channel.
  @Test func readsRSS090() throws {
    let feed = try FeedFixture.feed("feed-rss090.xml")
    #expect(feed.kind == .rss090)
    #expect(feed.title == "Tinker's Almanac")
    #expect(feed.image?.url.absoluteString == "http://tinkers.example.net/almanac.gif")
    #expect(feed.items.map(\.title) == ["Rewinding a mainspring", "Valve radios that still hum"])
    #expect(feed.items[1].link?.absoluteString == "http://tinkers.example.net/valves.html")
  }

  /// RSS 1.0: Dublin Core and content:encoded fill the fields, `rdf:about` is the GUID, the
  /// root's `xml:lang` is the language, and a bad `dc:date` leaves only that date empty.
  @Test func readsRSS10WithModules() throws {
    let feed = try FeedFixture.feed("feed-rss10-rdf.xml")
    #expect(feed.kind == .rss10)
    #expect(feed.title == "La Ruche du Quartier")
    #expect(feed.language == "fr")
    #expect(feed.copyright == "CC BY-SA 4.0")
    #expect(feed.authors.map(\.name) == ["Association La Ruche"])
    #expect(feed.updated?.timeIntervalSince1970 == 1_780_293_600)
    #expect(feed.image?.title == "La Ruche")
    #expect(feed.image?.url.absoluteString == "http://ruche.example.fr/logo.png")
    #expect(feed.items.count == 2)
    let first = feed.items[0]
    #expect(first.guid?.value == "http://ruche.example.fr/2026/05/essaimage")
    #expect(first.title == "Un essaim dans le tilleul")
    #expect(
      first.content?.value
        == "<p>Samedi matin, un essaim s'est posé dans le <em>tilleul</em> de la place.</p>")
    #expect(first.summaryText == "Samedi matin, un essaim s'est posé dans le tilleul de la place.")
    #expect(first.authors.map(\.name) == ["Hélène Marchand"])
    #expect(first.categories.map(\.term) == ["Essaimage"])
    #expect(first.published?.timeIntervalSince1970 == 1_780_125_300)
    let second = feed.items[1]
    #expect(second.title == "Miel de printemps : première récolte")
    #expect(second.published == nil)
    #expect(second.authors.map(\.name) == ["Karim Benali"])
  }

  /// RSS 2.0 with the content, dc, atom, media and itunes namespaces: channel fields.
  @Test func readsRSS20Channel() throws {
    let feed = try FeedFixture.feed("feed-rss20-namespaces.xml")
    #expect(feed.kind == .rss20)
    #expect(feed.title == "Night Train Radio")
    #expect(feed.link?.absoluteString == "https://nighttrain.example.com/")
    #expect(feed.selfLink?.absoluteString == "https://nighttrain.example.com/feed.xml")
    #expect(feed.language == "en-us")
    #expect(feed.copyright == "© 2026 Night Train Radio")
    #expect(feed.authors == [TTFeedPerson(name: "Ada Okafor", email: "desk@nighttrain.example.com")])
    #expect(feed.updated?.timeIntervalSince1970 == 1_795_235_400)
    #expect(feed.published?.timeIntervalSince1970 == 1_795_230_000)
    #expect(
      feed.categories == [TTFeedCategory(term: "Fiction", scheme: "https://nighttrain.example.com/topics")])
    #expect(feed.generator == "Handmade Feed 1.2")
    #expect(feed.image?.url.absoluteString == "https://nighttrain.example.com/cover-144.jpg")
    #expect(feed.image?.width == 144)
    #expect(feed.items.count == 3)
  }

  /// RSS 2.0 items: enclosures, media thumbnails (also inside `media:group`), GUIDs that are and
  /// are not permalinks, comments, source, and relative links resolved against the channel.
  @Test func readsRSS20Items() throws {
    let feed = try FeedFixture.feed("feed-rss20-namespaces.xml")
    let episode = feed.items[0]
    #expect(episode.title == "Episode 41: The Sleeper to Inverness")
    #expect(episode.link?.absoluteString == "https://nighttrain.example.com/episodes/41")
    #expect(episode.summary?.value == "A conductor, a lost ticket and <b>a very patient owl</b>.")
    #expect(episode.summaryText == "A conductor, a lost ticket and a very patient owl.")
    #expect(episode.content?.value.hasPrefix("<p>A conductor") == true)
    #expect(episode.authors.map(\.name) == ["Ada Okafor"])
    #expect(episode.categories.map(\.term) == ["Fiction", "Scotland"])
    #expect(episode.categories[1].scheme == "https://nighttrain.example.com/places")
    #expect(episode.comments?.absoluteString == "https://nighttrain.example.com/episodes/41#comments")
    #expect(
      episode.enclosures == [
        TTFeedEnclosure(
          url: URL(string: "https://media.nighttrain.example.com/ep41.mp3")!, type: "audio/mpeg",
          length: 31_457_280)
      ])
    #expect(episode.guid == TTFeedGUID("nighttrain-ep-41", isPermaLink: false))
    #expect(episode.published?.timeIntervalSince1970 == 1_795_230_000)
    #expect(
      episode.thumbnails.map(\.url.absoluteString) == [
        "https://media.nighttrain.example.com/ep41-small.jpg",
        "https://media.nighttrain.example.com/ep41-large.jpg",
      ])
    #expect(episode.thumbnails[0].width == 120)
    #expect(
      episode.source
        == TTFeedSource(title: "Partner Stations", url: URL(string: "https://partner.example.org/rss")))

    let older = feed.items[1]
    #expect(older.link?.absoluteString == "https://nighttrain.example.com/episodes/40")
    #expect(older.authors == [TTFeedPerson(name: "Ada Okafor", email: "ada@nighttrain.example.com")])
    #expect(older.guid?.isPermaLink == true)
    #expect(older.published?.timeIntervalSince1970 == 1_794_625_200)
    #expect(older.updated?.timeIntervalSince1970 == 1_794_646_800)

    let note = feed.items[2]
    #expect(note.title == nil)
    #expect(note.link?.absoluteString == "https://nighttrain.example.com/notes/7")
    #expect(note.summary?.value == "An item with neither title nor link, only a <i>teaser</i> & a guid.")
    #expect(note.published == nil)
  }

  /// The document's address wins over the channel's link for relative addresses.
  @Test func documentURLResolvesRelativeLinks() throws {
    let feed = try FeedFixture.feed(
      "feed-rss20-namespaces.xml", documentURL: "https://mirror.example.net/feeds/night.xml")
    #expect(feed.items[1].link?.absoluteString == "https://mirror.example.net/episodes/40")
  }

  /// Atom: HTML and XHTML text constructs, `xml:base` on the feed and on an entry, link
  /// relations, enclosures, replies, source, and a bad date left empty.
  @Test func readsAtomWithXHTMLContent() throws {
    let feed = try FeedFixture.feed("feed-atom-xhtml.xml")
    #expect(feed.kind == .atom10)
    #expect(feed.title == "Field Notebook")
    #expect(feed.subtitle?.type == .text)
    #expect(feed.link?.absoluteString == "https://lab.example.org/notebook/")
    #expect(feed.selfLink?.absoluteString == "https://lab.example.org/notebook/feed.atom")
    #expect(feed.id == "tag:lab.example.org,2026:notebook")
    #expect(feed.updated?.timeIntervalSince1970 == 1_795_256_430)
    #expect(
      feed.authors == [
        TTFeedPerson(
          name: "Dr. Ines Vogel", email: "ines@lab.example.org",
          uri: URL(string: "https://lab.example.org/people/ines"))
      ])
    #expect(
      feed.categories == [
        TTFeedCategory(term: "physics", scheme: "https://lab.example.org/topics", label: "Physics")
      ])
    #expect(feed.icon?.absoluteString == "https://lab.example.org/favicon.png")
    #expect(feed.image?.url.absoluteString == "https://lab.example.org/logo.png")
    #expect(feed.copyright == "© 2026 Vogel Lab")
    #expect(feed.language == "en")
    #expect(feed.items.count == 3)

    let entry = feed.items[0]
    #expect(entry.link?.absoluteString == "https://lab.example.org/notebook/2026/11/interferometer")
    #expect(entry.links.map(\.relation) == ["alternate", "enclosure", "replies"])
    #expect(entry.enclosures.first?.url.absoluteString == "https://lab.example.org/files/interferometer.pdf")
    #expect(entry.enclosures.first?.length == 482_113)
    #expect(
      entry.comments?.absoluteString == "https://lab.example.org/notebook/2026/11/interferometer#comments")
    #expect(entry.published?.timeIntervalSince1970 == 1_795_189_500)
    #expect(entry.updated?.timeIntervalSince1970 == 1_795_256_430.25)
    #expect(
      entry.summary
        == TTFeedContent(
          "Two days of <b>alignment</b>, one good fringe.", type: .html, language: "en",
          base: URL(string: "https://lab.example.org/notebook/")))
    #expect(entry.content?.type == .xhtml)
    let markup = try #require(entry.content?.value)
    #expect(markup.hasPrefix("<p>Two days of <b>alignment</b> &amp; one good fringe.</p>"))
    // The picture's relative address is resolved against the feed's xml:base.
    #expect(
      markup.hasSuffix("<img src=\"https://lab.example.org/notebook/fringe.png\" alt=\"fringe pattern\"/>"))
    #expect(entry.authors.map(\.name) == ["Tomás Ruiz"])
    #expect(entry.guid?.value == "tag:lab.example.org,2026:notebook/41")

    let mirrored = feed.items[1]
    #expect(mirrored.title == "Why the laser drifted")
    #expect(mirrored.link?.absoluteString == "https://mirror.example.com/archive/laser-drift")
    #expect(mirrored.date?.timeIntervalSince1970 == 1_794_960_000)
    #expect(
      mirrored.content
        == TTFeedContent(
          "Temperature, as always.", type: .text, language: "en",
          base: URL(string: "https://mirror.example.com/archive/")))
    let sourceFeed = try #require(URL(string: "https://mirror.example.com/archive/feed.atom"))
    #expect(
      mirrored.source
        == TTFeedSource(
          title: "Mirror Archive", url: sourceFeed, id: "tag:mirror.example.com,2020:archive",
          links: [TTFeedLink(url: sourceFeed, relation: TTFeedLink.selfRelation)]))

    let broken = feed.items[2]
    #expect(broken.title == "Broken date")
    #expect(broken.updated == nil)
    #expect(broken.content?.source?.absoluteString == "https://lab.example.org/notebook/39.html")
  }

  /// A feed declared ISO-8859-1 decodes its accented letters and symbols.
  @Test func decodesISO88591Feed() throws {
    let feed = try FeedFixture.feed("feed-iso-8859-1.xml")
    #expect(feed.title == "Café du Marché")
    #expect(feed.subtitle?.value == "Menü, Öffnungszeiten und Grüße.")
    #expect(feed.items.first?.title == "Crème brûlée am Sonntag")
    #expect(feed.items.first?.summary?.value == "Nur £ 4 oder 5 ¤ · schön süß.")
    #expect(feed.items.first?.published?.timeIntervalSince1970 == 1_795_334_400)
  }

  /// A UTF-16 feed with a byte order mark decodes Greek, Japanese and emoji.
  @Test func decodesUTF16Feed() throws {
    let feed = try FeedFixture.feed("feed-utf16le.xml")
    #expect(feed.kind == .atom10)
    #expect(feed.title == "Ελληνικά και 日本語")
    #expect(feed.items.first?.title == "Καλημέρα 🌅")
    #expect(feed.items.first?.link?.host() == "example.jp")
  }

  /// Real-world dates are read, and each unreadable one leaves only its own item's date nil.
  @Test func dateMessLeavesBadDatesNil() throws {
    let feed = try FeedFixture.feed("feed-dates.xml")
    let dates = feed.items.map { $0.published?.timeIntervalSince1970 }
    #expect(feed.items.count == 12)
    #expect(
      dates == [
        1_795_256_430, 1_795_256_430, 1_795_256_430, 1_795_256_400, 1_795_256_430, 1_795_256_430,
        1_795_256_430, 1_795_256_430, nil, nil, nil, nil,
      ])
  }

  /// A well-formed document that is not a feed is rejected with its root's name and line, as
  /// soon as its first `item` closes.
  @Test func rejectsDocumentThatIsNotAFeed() throws {
    let data = try FeedFixture.data("feed-not-a-feed.xml")
    let reader = TTFeedReader()
    let error = try #require(throws: TTXMLError.self) { try reader.feed(data) }
    #expect(error.code == .notAFeed)
    #expect(error.line == 2)
    #expect(error.message.contains("<html>"))
  }

  /// A document without items that is not a feed is rejected when it ends.
  @Test func rejectsRootWithoutItemsAtFinish() throws {
    let error = try #require(throws: TTXMLError.self) {
      try TTFeedReader.read(Data("<config><value>1</value></config>".utf8))
    }
    #expect(error.code == .notAFeed)
    #expect(error.message.hasPrefix("1: error: The document's root element is <config>"))
  }

  /// A feed that ends early is read up to the cut, with the truncation as its syntax problem;
  /// read strictly, it fails with the parser's truncation error.
  @Test func truncatedFeedThrowsWhenStrict() throws {
    let text = String(decoding: try FeedFixture.data("feed-rss20-namespaces.xml"), as: UTF8.self)
    let cut = try #require(text.range(of: "</item>")).upperBound
    let error = try #require(throws: TTXMLError.self) {
      try TTFeedReader.read(Data(text[..<cut].utf8), strict: true)
    }
    #expect(error.code == .truncated)
    let partial = try TTFeedReader.read(Data(text[..<cut].utf8))
    #expect(partial.items.count == 1)
    #expect(partial.syntaxProblem?.message.contains("ended too early") == true)
  }

  /// A channel with no items is a feed with no items.
  @Test func emptyChannelIsAnEmptyFeed() throws {
    let feed = try TTFeedReader.read(
      Data("<rss version=\"2.0\"><channel><title>Quiet</title></channel></rss>".utf8))
    #expect(feed.title == "Quiet")
    #expect(feed.items.isEmpty)
  }

  /// Errors thrown by the item closure stop reading and come back as the underlying error.
  @Test func itemHandlerErrorStopsReading() throws {
    struct Enough: Error {}
    var seen = 0
    let reader = TTFeedReader { _ in
      seen += 1
      if seen == 2 { throw Enough() }
    }
    let error = try #require(throws: TTXMLError.self) {
      try reader.feed(FeedFixture.data("feed-rss091.xml"))
    }
    #expect(error.code == .handlerFailed)
    #expect(error.underlying is Enough)
    #expect(seen == 2)
  }

  /// Dates and titles wrapped in CDATA read like plain text.
  @Test func cdataDatesAndTitles() throws {
    let feed = try TTFeedReader.read(
      Data(
        """
        <rss version="2.0"><channel><title><![CDATA[Tom & Jerry's]]></title><item>
        <title><![CDATA[<Breaking>]]></title><pubDate><![CDATA[ Sat, 21 Nov 2026 10:20:30 GMT ]]></pubDate>
        </item></channel></rss>
        """.utf8))
    #expect(feed.title == "Tom & Jerry's")
    #expect(feed.items.first?.title == "<Breaking>")
    #expect(feed.items.first?.published?.timeIntervalSince1970 == 1_795_256_430)
  }

  /// Channel fields written after the items (Atom metadata at the end, RSS 1.0 images) are
  /// still read, and the streamed items keep their order.
  @Test func channelFieldsAfterItemsAreRead() throws {
    let feed = try TTFeedReader.read(
      Data(
        """
        <feed xmlns="http://www.w3.org/2005/Atom">
          <entry><title>One</title><link href="https://late.example.com/1"/></entry>
          <entry><title>Two</title></entry>
          <title>Late Title</title>
          <link href="https://late.example.com/"/>
        </feed>
        """.utf8))
    #expect(feed.title == "Late Title")
    #expect(feed.link?.absoluteString == "https://late.example.com/")
    #expect(feed.items.map(\.title) == ["One", "Two"])
  }

  /// `xml:base` on an RSS channel resolves the items' relative links; an `item` in a foreign
  /// namespace is not an item.
  @Test func channelBaseAndForeignItems() throws {
    let feed = try TTFeedReader.read(
      Data(
        """
        <rss version="2.0" xmlns:x="urn:example:other">
          <channel xml:base="https://base.example.org/news/">
            <title>Based</title>
            <x:item>not an item</x:item>
            <item><title>Relative</title><link>story/1</link></item>
          </channel>
        </rss>
        """.utf8))
    #expect(feed.items.count == 1)
    #expect(feed.items.first?.link?.absoluteString == "https://base.example.org/news/story/1")
  }

  /// Items written beside the channel in an RSS 2.0 document are read too.
  @Test func rssItemsBesideTheChannel() throws {
    let feed = try TTFeedReader.read(
      Data(
        """
        <rss version="0.92"><channel><title>Old</title><item><title>In</title></item></channel>
        <item><title>Beside</title></item></rss>
        """.utf8))
    #expect(feed.kind == .rss092)
    #expect(feed.items.map(\.title) == ["In", "Beside"])
  }
}
