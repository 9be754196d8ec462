import Foundation
import Testing
import Three20Core

@testable import Three20XML

/// JSON Feed 1.0 and 1.1 read into ``TTFeed`` by `TTJSONFeedDecoder`.
@Suite struct TTJSONFeedTests {
  /// A fixture read with the decoder.
  static func feed(
    _ name: String, documentURL: String? = nil, policy: TTURLSchemePolicy = .default
  ) throws -> TTFeed {
    try TTJSONFeedDecoder.feed(
      from: FeedFixture.data(name), documentURL: documentURL.flatMap(URL.init(string:)), urlPolicy: policy)
  }

  /// JSON text read with the decoder.
  static func feed(
    json: String, documentURL: String? = nil, policy: TTURLSchemePolicy = .default
  ) throws -> TTFeed {
    try TTJSONFeedDecoder.feed(
      from: Data(json.utf8), documentURL: documentURL.flatMap(URL.init(string:)), urlPolicy: policy)
  }

  /// The error the decoder throws for JSON text.
  static func error(json: String, documentURL: String? = nil) -> TTXMLError? {
    error(data: Data(json.utf8), documentURL: documentURL)
  }

  /// The error the decoder throws for data.
  static func error(data: Data, documentURL: String? = nil) -> TTXMLError? {
    do {
      _ = try TTJSONFeedDecoder.feed(
        from: data, documentURL: documentURL.flatMap(URL.init(string:)), urlPolicy: .default)
      return nil
    } catch {
      return error
    }
  }

  static func url(_ text: String) throws -> URL {
    try #require(URL(string: text))
  }

  // MARK: - JSON Feed 1.0

  @Test func version1FeedMembersAreMapped() throws {
    let feed = try Self.feed("feed-json10.json")
    #expect(feed.kind == .json10)
    #expect(feed.title == "North Mole Light")
    #expect(feed.titleDetail == TTFeedContent("North Mole Light", type: .text))
    #expect(
      feed.links == [
        TTFeedLink(url: try Self.url("https://light.example.org/"), type: "text/html"),
        TTFeedLink(url: try Self.url("https://light.example.org/log.json"), relation: "self"),
        TTFeedLink(
          url: try Self.url("https://light.example.org/log.json?before=2026-03-01"), relation: "next"),
        TTFeedLink(url: try Self.url("https://hub.example.net/"), relation: "hub", type: "WebSub"),
      ])
    #expect(feed.link?.absoluteString == "https://light.example.org/")
    #expect(feed.selfLink?.absoluteString == "https://light.example.org/log.json")
    #expect(feed.subtitle == TTFeedContent("Weather, ships and lamp oil, one night at a time.", type: .text))
    #expect(feed.image == TTFeedImage(url: try Self.url("https://light.example.org/art/lamp-512.png")))
    #expect(feed.icon?.absoluteString == "https://light.example.org/art/lamp-64.png")
    #expect(
      feed.authors == [
        TTFeedPerson(
          name: "Ida Fenwick", uri: try Self.url("https://light.example.org/keeper"),
          avatar: try Self.url("https://light.example.org/art/ida.jpg"))
      ])
    #expect(feed.isExpired)
    #expect(feed.language == nil)
    #expect(feed.items.count == 2)
    #expect(feed.problems.isEmpty)
    #expect(feed.syntaxProblem == nil)
    #expect(feed.isWellFormed)
  }

  @Test func version1ItemMembersAreMapped() throws {
    let feed = try Self.feed("feed-json10.json")
    let item = try #require(feed.items.first)
    #expect(item.guid == TTFeedGUID("https://light.example.org/log/2026-03-02", isPermaLink: false))
    #expect(item.link?.absoluteString == "https://light.example.org/log/2026-03-02")
    #expect(item.title == "Fog at the mole")
    #expect(item.titleDetail == TTFeedContent("Fog at the mole", type: .text))
    // content_text is dropped beside content_html: plainText derives it.
    #expect(
      item.content
        == TTFeedContent(
          "<p>Fog rolled in at <b>nine</b>; the horn sounded until dawn.</p>", type: .html,
          base: URL(string: "https://light.example.org/log.json")))
    #expect(item.content?.plainText == "Fog rolled in at nine; the horn sounded until dawn.")
    #expect(item.summary == TTFeedContent("A night of fog and the horn.", type: .text))
    #expect(item.thumbnails == [TTFeedThumbnail(url: try Self.url("https://light.example.org/art/fog.jpg"))])
    #expect(item.published?.timeIntervalSince1970 == 1_772_481_600)
    #expect(item.updated?.timeIntervalSince1970 == 1_772_525_100)
    #expect(
      item.dateTexts
        == TTFeedDateTexts(published: "2026-03-02T21:00:00+01:00", updated: "2026-03-03T08:05:00Z"))
    #expect(item.authors == [TTFeedPerson(name: "Ida Fenwick")])
    #expect(item.categories == [TTFeedCategory(term: "fog"), TTFeedCategory(term: "horn")])
    #expect(item.language == nil)
    let horn = try Self.url("https://light.example.org/audio/horn.mp3")
    #expect(
      item.enclosures == [
        TTFeedEnclosure(
          url: horn, type: "audio/mpeg", length: 482_133, title: "The horn at midnight", duration: 61.5)
      ])
    #expect(
      item.links == [
        TTFeedLink(url: try Self.url("https://light.example.org/log/2026-03-02")),
        TTFeedLink(url: try Self.url("https://tides.example.com/2026/03/02"), relation: "related"),
        TTFeedLink(url: try Self.url("https://light.example.org/art/fog-wide.jpg"), relation: "banner"),
        TTFeedLink(
          url: horn, relation: "enclosure", type: "audio/mpeg", title: "The horn at midnight", length: 482_133
        ),
      ])
  }

  @Test func contentTextAloneBecomesTextContent() throws {
    let item = try #require(try Self.feed("feed-json10.json").items.last)
    #expect(item.content == TTFeedContent("Clear night. Trimmed the wick twice.", type: .text))
    #expect(item.summary == nil)
    #expect(item.title == nil)
    #expect(item.links.isEmpty)
    #expect(item.summaryText == "Clear night. Trimmed the wick twice.")
    #expect(item.published?.timeIntervalSince1970 == 1_772_404_200)
  }

  // MARK: - JSON Feed 1.1

  @Test func version11FeedMembersAreMapped() throws {
    let feed = try Self.feed("feed-json11.json")
    #expect(feed.kind == .json11)
    #expect(feed.title == "Saltmarsh Ferry Notices")
    #expect(feed.link?.absoluteString == "https://ferry.example.com/")
    #expect(feed.selfLink?.absoluteString == "https://ferry.example.com/notices.json")
    #expect(
      feed.links.filter { $0.relation == "next" }.map(\.url.absoluteString) == [
        "https://ferry.example.com/notices.json?page=2"
      ])
    #expect(
      feed.links.filter { $0.relation == "hub" } == [
        TTFeedLink(url: try Self.url("https://websub.example.net/hub"), relation: "hub", type: "WebSub"),
        TTFeedLink(url: try Self.url("https://cloud.example.net/notify"), relation: "hub", type: "rssCloud"),
      ])
    #expect(feed.subtitle?.value == "Sailings, delays and the odd lost umbrella.")
    #expect(feed.subtitle?.type == .text)
    #expect(feed.image?.url.absoluteString == "https://ferry.example.com/icon-512.png")
    #expect(feed.icon?.absoluteString == "https://ferry.example.com/icon-64.png")
    // `authors` wins; the 1.0 `author` repeats Pim Okafor and is not added again.
    #expect(
      feed.authors == [
        TTFeedPerson(
          name: "Pim Okafor", uri: try Self.url("https://ferry.example.com/crew/pim"),
          avatar: try Self.url("https://ferry.example.com/crew/pim.png")),
        TTFeedPerson(
          name: "Harbour Office", email: "office@ferry.example.com",
          uri: try Self.url("mailto:office@ferry.example.com")),
      ])
    #expect(feed.language == "en-GB")
    #expect(!feed.isExpired)
    #expect(feed.items.count == 2)
    #expect(feed.problems.isEmpty)
    #expect(feed.syntaxProblem == nil)
  }

  @Test func version11ItemMembersAreMapped() throws {
    let feed = try Self.feed("feed-json11.json")
    let item = try #require(feed.items.first)
    #expect(item.guid == TTFeedGUID("notice-311"))
    #expect(item.guid?.isPermaLink == false)
    #expect(item.link?.absoluteString == "https://ferry.example.com/notices/311")
    #expect(
      item.links.first { $0.relation == TTFeedLink.related }?.url.absoluteString
        == "https://weather.example.net/warnings/gale")
    #expect(
      item.links.first { $0.relation == "banner" }?.url.absoluteString
        == "https://ferry.example.com/img/gale-banner.jpg")
    #expect(item.title == "Afternoon sailings cancelled")
    #expect(item.content?.type == .html)
    #expect(item.content?.plainText == "Gale warning: the 14:00 and 16:00 sailings are cancelled.")
    #expect(item.summary == TTFeedContent("No sailings after noon today.", type: .text))
    #expect(item.thumbnails.map(\.url.absoluteString) == ["https://ferry.example.com/img/gale.jpg"])
    #expect(item.published?.timeIntervalSince1970 == 1_795_256_430)
    #expect(item.updated?.timeIntervalSince1970 == 1_795_258_800)
    #expect(item.dateTexts.published == "2026-11-21T10:20:30Z")
    #expect(item.dateTexts.updated == "2026-11-21T11:00:00+00:00")
    // `authors` first; the different 1.0 `author` is kept after them.
    #expect(
      item.authors == [
        TTFeedPerson(name: "Pim Okafor", avatar: try Self.url("https://ferry.example.com/crew/pim.png")),
        TTFeedPerson(name: "Relief Skipper"),
      ])
    #expect(item.categories.map(\.term) == ["gale", "cancellation"])
    #expect(item.language == "en-GB")
    #expect(
      item.enclosures == [
        TTFeedEnclosure(
          url: try Self.url("https://ferry.example.com/files/timetable.pdf"), type: "application/pdf",
          length: 120_400, title: "Winter timetable"),
        TTFeedEnclosure(
          url: try Self.url("https://ferry.example.com/files/announcement.m4a"), type: "audio/x-m4a",
          length: 903_112, duration: 45),
      ])
    #expect(
      item.links.filter { $0.relation == TTFeedLink.enclosure }.map(\.url) == item.enclosures.map(\.url))

    let second = try #require(feed.items.last)
    #expect(second.language == "cy")
    #expect(
      second.content
        == TTFeedContent("A green umbrella was left on the 09:00. Ask at the kiosk.", type: .text))
    #expect(second.authors.isEmpty)
  }

  /// `user_comment` is for people reading the file, and `_` members are extensions: neither
  /// reaches the feed, and neither is a problem.
  @Test func userCommentAndExtensionsAreNotKept() throws {
    for name in ["feed-json10.json", "feed-json11.json"] {
      let feed = try Self.feed(name)
      let encoded = try String(decoding: JSONEncoder().encode(feed), as: UTF8.self)
      #expect(!encoded.contains("feed reader"), "user_comment of \(name) reached the feed")
    }
    let messy = try Self.feed(
      "feed-json-messy.json", documentURL: "https://allotment.example/notes/feed.json")
    let encoded = try String(decoding: JSONEncoder().encode(messy), as: UTF8.self)
    #expect(!encoded.contains("sandy"))
    #expect(!encoded.contains("rain_mm"))
    #expect(!messy.problems.contains { $0.message.contains("_allotment") || $0.message.contains("_weather") })
  }

  // MARK: - Versions

  @Test(arguments: [
    ("https://jsonfeed.org/version/1", TTFeedKind.json10),
    ("http://jsonfeed.org/version/1/", .json10),
    ("https://www.jsonfeed.org/version/1", .json10),
    ("https://jsonfeed.org/version/1.1", .json11),
    ("HTTPS://JSONFEED.ORG/VERSION/1.1", .json11),
    ("https://jsonfeed.org/version/2", .json11),
  ])
  func theVersionDecidesTheKind(version: String, kind: TTFeedKind) throws {
    let feed = try Self.feed(json: #"{"version": "\#(version)", "title": "T"}"#)
    #expect(feed.kind == kind)
    #expect(feed.title == "T")
    #expect(feed.items.isEmpty)
  }

  @Test func itemsWithoutAVersionAreReadAs11() throws {
    let unknown = try Self.feed(json: #"{"version": "urn:my-feed:3", "items": [{"id": "a"}]}"#)
    #expect(unknown.kind == .json11)
    #expect(unknown.items.map(\.guid?.value) == ["a"])
    let none = try Self.feed(json: #"{"items": [{"id": "b"}, {"id": "c"}]}"#)
    #expect(none.kind == .json11)
    #expect(none.items.count == 2)
  }

  // MARK: - Leniency

  @Test func theMessyFeedIsReadLeniently() throws {
    let feed = try Self.feed("feed-json-messy.json", documentURL: "https://allotment.example/notes/feed.json")
    #expect(feed.kind == .json11)
    #expect(feed.title == "Allotment Notes")
    #expect(feed.link?.absoluteString == "https://allotment.example/notes/")
    #expect(feed.selfLink?.absoluteString == "https://allotment.example/notes/feed.json")
    #expect(feed.image == nil)
    #expect(feed.icon == nil)
    // A single author object instead of an array; its mailto: address gives the e-mail.
    #expect(
      feed.authors == [
        TTFeedPerson(
          name: "Rowan Tillery", email: "rowan@allotment.example",
          uri: try Self.url("mailto:rowan@allotment.example"),
          avatar: try Self.url("https://allotment.example/notes/faces/rowan.png"))
      ])
    #expect(!feed.isExpired)
    #expect(feed.links.allSatisfy { $0.relation != "hub" })
    try #require(feed.items.count == 3)

    let beans = feed.items[0]
    #expect(beans.guid?.value == "1001")
    #expect(beans.link?.absoluteString == "https://allotment.example/notes/1001")
    #expect(beans.categories == [TTFeedCategory(term: "beans")])
    #expect(beans.published?.timeIntervalSince1970 == 1_772_521_500)
    #expect(
      beans.enclosures == [
        TTFeedEnclosure(
          url: try Self.url("https://allotment.example/notes/audio/1001.mp3"), type: "audio/mpeg",
          length: 2_048, duration: 61.5)
      ])

    let slugs = feed.items[1]
    #expect(slugs.guid?.value == "1002")
    #expect(slugs.title == nil)
    #expect(slugs.links.isEmpty)
    #expect(slugs.content == TTFeedContent("Slugs again.", type: .text))
    #expect(slugs.categories.map(\.term) == ["slugs", "7"])
    #expect(slugs.authors == [TTFeedPerson(name: "Jo Bloggs", email: "jo@allotment.example")])
    #expect(slugs.enclosures.isEmpty)
    #expect(slugs.updated == nil)
    #expect(slugs.dateTexts.updated == "last Tuesday")

    let pdf = feed.items[2]
    #expect(pdf.guid?.value == "1003.5")
    #expect(pdf.thumbnails.map(\.url.absoluteString) == ["https://allotment.example/notes/pictures/1003.jpg"])
    #expect(pdf.links.allSatisfy { $0.relation != "banner" })
    #expect(
      pdf.enclosures == [TTFeedEnclosure(url: try Self.url("https://cdn.allotment.example/1003.pdf"))])
  }

  @Test func theMessyFeedReportsWhatItLeftOut() throws {
    let feed = try Self.feed("feed-json-messy.json", documentURL: "https://allotment.example/notes/feed.json")
    let messages = feed.problems.map(\.message)
    let invalid = feed.problems.filter { $0.code.rawValue == "invalidValue" }.map(\.message)
    #expect(
      invalid == [
        "Left out hub 1 of the feed: it is text, where JSON Feed has an object.",
        "Left out the \"favicon\" of the feed: it is an array, where JSON Feed has text.",
        "Left out the \"title\" of item 2: it is an object, where JSON Feed has text.",
        "Left out value 3 of the \"tags\" of item 2: it is an object, where JSON Feed has text.",
        "Left out attachment 1 of item 2: it has no \"url\".",
        "Left out item 3: it is text, where JSON Feed has an object.",
        "Left out the \"size_in_bytes\" of attachment 1 of item 4: \"-5\" is not a whole number of 0 "
          + "or more.",
        "Left out the \"duration_in_seconds\" of attachment 1 of item 4: \"long\" is not a number of "
          + "seconds.",
      ])
    let refused = feed.problems.filter { $0.code == .refusedURL }.map(\.message)
    #expect(refused.count == 3)
    #expect(
      refused.contains { $0.hasPrefix("Left out an address of the channel: The URL \"javascript:alert(1)\"") }
    )
    #expect(
      refused.contains {
        $0.hasPrefix("Left out an address of item 2: The URL \"javascript:alert(document.cookie)\"")
      })
    #expect(
      refused.contains { $0.hasPrefix("Left out an address of item 4: The URL \"data:text/html;base64,") })
    #expect(messages.count == invalid.count + refused.count)
    // Nothing lost, nothing reported: numeric ids, a string size, a single tag, "false".
    #expect(
      !messages.contains { $0.contains("\"id\"") || $0.contains("\"expired\"") || $0.contains("beans") })
  }

  @Test func wrongTypesAreReportedOnlyWhenSomethingIsLost() throws {
    let feed = try Self.feed(
      json: """
        {"version": "https://jsonfeed.org/version/1.1", "title": 2026, "expired": 1,
         "items": [{"id": 7, "tags": "one", "title": true, "summary": ["a", "b"],
                    "attachments": {"url": "https://example.com/a.mp3", "size_in_bytes": 12.0}}]}
        """)
    #expect(feed.title == "2026")
    #expect(feed.isExpired)
    let item = try #require(feed.items.first)
    #expect(item.guid?.value == "7")
    #expect(item.categories.map(\.term) == ["one"])
    #expect(item.title == nil)
    #expect(item.summary == nil)
    #expect(item.enclosures.map(\.length) == [12])
    #expect(
      feed.problems.map(\.message) == [
        "Left out the \"title\" of item 1: it is true or false, where JSON Feed has text.",
        "Left out the \"summary\" of item 1: it is an array, where JSON Feed has text.",
      ])
  }

  @Test func unreadableDatesKeepTheirText() throws {
    let feed = try Self.feed(
      json: #"{"items": [{"id": "1", "date_published": "soon", "date_modified": 1772525100}]}"#)
    let item = try #require(feed.items.first)
    #expect(item.published == nil)
    #expect(item.updated == nil)
    #expect(item.dateTexts == TTFeedDateTexts(published: "soon", updated: "1772525100"))
    #expect(feed.problems.isEmpty)
  }

  // MARK: - Addresses

  @Test func relativeAddressesResolveAgainstTheDocument() throws {
    let json = """
      {"version": "https://jsonfeed.org/version/1.1", "home_page_url": "../", "feed_url": "feed.json",
       "icon": "/art/icon.png",
       "authors": [{"name": "A", "url": "people/a", "avatar": "//cdn.example.net/a.png"}],
       "items": [{"id": "1", "url": "posts/1", "external_url": "?ref=1", "image": "img/1.jpg",
                  "banner_image": "img/1-wide.jpg", "attachments": [{"url": "media/1.mp3"}]}]}
      """
    let feed = try Self.feed(json: json, documentURL: "https://example.com/blog/feeds/feed.json")
    #expect(feed.link?.absoluteString == "https://example.com/blog/")
    #expect(feed.selfLink?.absoluteString == "https://example.com/blog/feeds/feed.json")
    #expect(feed.image?.url.absoluteString == "https://example.com/art/icon.png")
    #expect(feed.authors.first?.uri?.absoluteString == "https://example.com/blog/feeds/people/a")
    #expect(feed.authors.first?.avatar?.absoluteString == "https://cdn.example.net/a.png")
    let item = try #require(feed.items.first)
    #expect(
      item.links.map(\.url.absoluteString) == [
        "https://example.com/blog/feeds/posts/1", "https://example.com/blog/feeds/feed.json?ref=1",
        "https://example.com/blog/feeds/img/1-wide.jpg", "https://example.com/blog/feeds/media/1.mp3",
      ])
    #expect(item.thumbnails.first?.url.absoluteString == "https://example.com/blog/feeds/img/1.jpg")
    #expect(item.enclosures.first?.url.absoluteString == "https://example.com/blog/feeds/media/1.mp3")
    #expect(feed.problems.isEmpty)
  }

  @Test func withoutADocumentAddressFeedURLIsTheBase() throws {
    let feed = try Self.feed(
      json: """
        {"feed_url": "https://example.org/news/feed.json", "home_page_url": "https://www.example.org/",
         "items": [{"id": "1", "url": "1.html"}]}
        """)
    #expect(feed.items.first?.link?.absoluteString == "https://example.org/news/1.html")
    let homeOnly = try Self.feed(
      json: #"{"home_page_url": "https://www.example.org/news/", "items": [{"id": "1", "url": "1.html"}]}"#)
    #expect(homeOnly.items.first?.link?.absoluteString == "https://www.example.org/news/1.html")
    let none = try Self.feed(json: #"{"items": [{"id": "1", "url": "1.html"}]}"#)
    #expect(none.items.first?.link?.absoluteString == "1.html")
    #expect(none.problems.isEmpty)
  }

  @Test func relativeAddressesAreLeftOutWhenThePolicyRefusesThem() throws {
    let policy = TTURLSchemePolicy(allowing: ["https"], allowsRelativeReferences: false)
    let feed = try Self.feed(
      json:
        #"{"home_page_url": "/", "items": [{"id": "1", "url": "posts/1", "image": "https://ex.com/i.png"}]}"#,
      policy: policy)
    #expect(feed.links.isEmpty)
    #expect(feed.items.first?.links.isEmpty == true)
    #expect(feed.items.first?.thumbnails.count == 1)
    let messages = feed.problems.map(\.message)
    #expect(messages.count == 2)
    #expect(messages.allSatisfy { $0.hasPrefix("Left out an address that stayed relative: The URL ") })
    #expect(messages.contains { $0.contains("\"posts/1\" is a relative reference") })
  }

  @Test func refusedAddressesAreReportedOnceEach() throws {
    let json = """
      {"version": "https://jsonfeed.org/version/1.1", "favicon": "file:///etc/passwd",
       "authors": [{"name": "Eve", "url": "javascript:void(0)", "avatar": "data:image/png;base64,AAAA"}],
       "items": [{"id": "1", "title": "Twice\\u001B[31m", "url": "javascript:alert(1)",
                  "attachments": [{"url": "javascript:alert(1)"}], "authors": [{"avatar": "vbscript:x"}]}]}
      """
    let feed = try Self.feed(json: json)
    #expect(feed.icon == nil)
    #expect(feed.authors == [TTFeedPerson(name: "Eve")])
    let item = try #require(feed.items.first)
    #expect(item.links.isEmpty)
    #expect(item.enclosures.isEmpty)
    // A person left with nothing is dropped.
    #expect(item.authors.isEmpty)
    let messages = feed.problems.map(\.message)
    #expect(feed.problems.allSatisfy { $0.code == .refusedURL })
    #expect(messages.count == 5)
    #expect(messages.filter { $0.contains("javascript:alert(1)") }.count == 1)
    #expect(
      messages.contains { $0.hasPrefix("Left out an address of the channel: The URL \"file:///etc/passwd\"") }
    )
    #expect(messages.contains { $0.contains("\"data:image/png;base64,AAAA\" uses the scheme data") })
    // The title is quoted with its escape character written out.
    #expect(messages.contains { $0.hasPrefix("Left out an address of item 1 (\"Twice\\u{1B}[31m\"): ") })
    #expect(!messages.contains { $0.contains("\u{1B}") })
  }

  @Test func problemsStopAtAHundredAndTheRestAreCounted() throws {
    let items = (1...150).map { #"{"id": "\#($0)", "url": "javascript:alert(\#($0))"}"# }
    let feed = try Self.feed(json: #"{"items": ["# + items.joined(separator: ",") + "]}")
    #expect(feed.items.count == 150)
    #expect(feed.problems.count == 101)
    #expect(feed.problems.prefix(100).allSatisfy { $0.code == .refusedURL })
    #expect(feed.problems.last?.code == .moreProblems)
    #expect(
      feed.problems.last?.message == "50 more problems were found and not listed (only the first 100 are).")
  }

  // MARK: - Errors

  @Test func malformedJSONThrowsWithItsPlace() throws {
    let json = """
      {
        "version": "https://jsonfeed.org/version/1.1",
        "items": [ {"id": "1"}, oops ]
      }
      """
    let error = try #require(Self.error(json: json, documentURL: "https://example.com/feed.json"))
    #expect(error.code == .malformed)
    #expect(error.line == 3)
    #expect(error.column == 27)
    #expect(error.sourceLine == "  \"items\": [ {\"id\": \"1\"}, oops ]")
    #expect(
      error.reason.hasPrefix("The JSON document at \"https://example.com/feed.json\" is not valid JSON"))
    #expect(error.reason.contains("check that the server sent the feed"))
    #expect(!error.reason.contains("around character"))
    let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("3:27: error: The JSON document at ") == true)
    #expect(lines.count == 3)
    #expect(lines.last.map(String.init) == String(repeating: " ", count: 26) + "^")
  }

  @Test func aCutOffDocumentSaysSo() throws {
    let json = #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "title": "Half"#
    let error = try #require(Self.error(json: json))
    #expect(error.code == .truncated)
    #expect(error.reason.hasPrefix("The JSON document is not valid JSON: it ends inside a string"))
    #expect(error.reason.contains("cut off"))
    #expect(error.line == 1)
    #expect(error.column == json.count + 1)
  }

  @Test func hostileTextInAnErrorIsEscaped() throws {
    let json = "{\"title\": \"\u{1B}]0;owned\u{07}\" \u{202E}x}"
    let error = try #require(Self.error(json: json, documentURL: "https://example.com/\u{1B}[2J.json"))
    #expect(error.code == .malformed)
    #expect(!error.message.contains("\u{1B}"))
    #expect(!error.message.contains("\u{07}"))
    #expect(!error.message.contains("\u{202E}"))
    #expect(error.message.contains("\\u{1B}"))
  }

  @Test(arguments: ["[1, 2]", #""a feed""#, "42", "null", "true"])
  func jsonThatIsNotAnObjectIsNotAFeed(json: String) throws {
    let error = try #require(Self.error(json: json))
    #expect(error.code == .notAFeed)
    #expect(error.reason.hasPrefix("The JSON document is JSON, but not a JSON Feed: its value is "))
    #expect(error.reason.contains("https://jsonfeed.org/version/1.1"))
  }

  @Test func anObjectWithoutVersionOrItemsIsNotAFeed() throws {
    let none = try #require(Self.error(json: #"{"data": [], "items": {"id": "1"}}"#))
    #expect(none.code == .notAFeed)
    #expect(none.reason.contains("it has no JSON Feed \"version\" and it has no \"items\" array"))
    let other = try #require(
      Self.error(
        json: #"{"version": "2.0\u001B[1m", "entries": []}"#, documentURL: "https://api.example.com/v2"))
    #expect(other.code == .notAFeed)
    #expect(other.reason.hasPrefix("The JSON document at \"https://api.example.com/v2\" is a JSON object"))
    #expect(other.reason.contains("its \"version\" is \"2.0\\u{1B}[1m\""))
  }

  @Test func anEmptyDocumentThrows() throws {
    let error = try #require(Self.error(data: Data(" \n\t ".utf8)))
    #expect(error.code == .emptyDocument)
    let bom = try #require(Self.error(data: Data([0xEF, 0xBB, 0xBF])))
    #expect(bom.code == .emptyDocument)
  }

  /// 100,000 nested arrays: Foundation's parser stops at 512 levels and throws; the decoder
  /// names the limit and the place, and nothing crashes.
  @Test func deepNestingThrowsInsteadOfCrashing() throws {
    let depth = 100_000
    let json =
      #"{"items": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
    let error = try #require(Self.error(json: json))
    #expect(error.code == .nestingDepthLimit)
    #expect(error.line == 1)
    // The bracket that opens level 513: the object is level 1.
    #expect(error.column == 11 + 511)
    #expect(error.reason.contains("more than 512 levels deep"))

    let objects = String(repeating: #"{"_x": "#, count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(Self.error(json: objects)?.code == .nestingDepthLimit)
  }

  @Test func nestingWithinTheLimitIsRead() throws {
    let depth = 500
    let json =
      #"{"_deep": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      + #", "items": [{"id": "1"}]}"#
    let feed = try Self.feed(json: json)
    #expect(feed.items.count == 1)
  }

  @Test func aBracketInsideAStringIsNotNesting() {
    let text = #"{"a": "[[[{{{\"[[", "b": [1]}"#
    let scan = TTJSONFeedDecoder.scanNesting(Data(text.utf8))
    #expect(scan.tooDeepAt == nil)
    #expect(!scan.isUnfinished)
    #expect(TTJSONFeedDecoder.scanNesting(Data(#"{"a": ["#.utf8)).isUnfinished)
    #expect(TTJSONFeedDecoder.scanNesting(Data(#"{"a": "\"}"#.utf8)).isUnfinished)
  }

  // MARK: - Through TTFeedReader

  /// The reader tells JSON from XML by the first byte that is not white space (after a byte
  /// order mark), in whatever pieces the document arrives.
  @Test(arguments: [1, 3, 4096])
  func theReaderReadsJSONFeedsInAnyPieces(size: Int) throws {
    var data = Data([0xEF, 0xBB, 0xBF])
    data.append(contentsOf: "  \n".utf8)
    data.append(try FeedFixture.data("feed-json11.json"))
    let whole = try TTFeedReader.read(data, documentURL: URL(string: "https://example.org/feed.json"))
    #expect(whole.kind == .json11)
    #expect(!whole.items.isEmpty)
    let reader = TTFeedReader(documentURL: URL(string: "https://example.org/feed.json"))
    #expect(try reader.read(data, inPiecesOf: size) == whole)
    #expect(reader.itemCount == whole.items.count)
  }

  @Test func theReaderHandsJSONItemsToItsClosure() throws {
    let data = try FeedFixture.data("feed-json10.json")
    var titles: [String?] = []
    let reader = TTFeedReader { item in titles.append(item.title) }
    try reader.feed(data)
    let channel = try reader.finish()
    #expect(channel.items.isEmpty)
    #expect(titles == (try TTFeedReader.read(data)).items.map(\.title))
    #expect(!titles.isEmpty)
  }

  @Test func theReaderHoldsAtMostItsJSONLimit() throws {
    var limits = TTFeedReader.Limits()
    limits.maxJSONBytes = 100
    let reader = TTFeedReader(limits: limits)
    let error = #expect(throws: TTXMLError.self) {
      try reader.feed(Data(("{\"items\": [" + String(repeating: " ", count: 200) + "]}").utf8))
    }
    #expect(error?.code == .documentSizeLimit)
    #expect(error?.reason.contains("maxJSONBytes") == true)
    #expect(throws: TTXMLError.self) { try reader.finish() }
  }

  @Test func aDocumentOfOnlyWhiteSpaceIsEmpty() {
    let error = #expect(throws: TTXMLError.self) { try TTFeedReader.read(Data("  \n ".utf8)) }
    #expect(error?.code == .emptyDocument)
  }
}
