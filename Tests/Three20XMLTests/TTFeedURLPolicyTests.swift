import Foundation
import Testing
import Three20Core
import Three20XML

/// Addresses with schemes the reader's `TTURLSchemePolicy` refuses never reach a feed: not as
/// a link, an enclosure, a picture or a comments page, not through a base address either.
@Suite struct TTFeedURLPolicyTests {
  static let hostileRSS = """
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
    <channel><title>Links</title><link>javascript:alert('channel')</link>
    <link>https://example.com/</link>
    <image><url>data:image/png;base64,AAAA</url><title>Logo</title><link>/home</link></image>
    <item><title>Script</title><link>javascript:alert(1)</link>
      <guid isPermaLink="true">https://example.com/guid</guid>
      <comments>vbscript:msgbox</comments>
      <enclosure url="file:///etc/passwd" type="text/plain" length="1"/>
      <media:thumbnail url="data:image/png;base64,AAAA"/>
      <atom:link rel="alternate" href="JavaScript:alert(2)"/>
      <source url="file:///home/">Elsewhere</source>
    </item>
    <item><title>Mail</title><link>mailto:editor@example.com</link></item>
    <item><title>Relative</title><link>/posts/3</link></item>
    </channel></rss>
    """

  /// With the default policy, `javascript:`, `vbscript:`, `data:` and `file:` addresses are
  /// left out everywhere; `https`, `mailto` and relative addresses (resolved) stay.
  @Test func refusedSchemesAreLeftOutEverywhere() throws {
    let feed = try TTFeedReader.read(
      Data(Self.hostileRSS.utf8), documentURL: URL(string: "https://example.com/feed.xml"))
    #expect(feed.link?.absoluteString == "https://example.com/")
    #expect(feed.links.map(\.url.absoluteString) == ["https://example.com/"])
    #expect(feed.image == nil)
    let script = feed.items[0]
    #expect(script.link?.absoluteString == "https://example.com/guid")
    #expect(script.links.isEmpty)
    #expect(script.enclosures.isEmpty)
    #expect(script.thumbnails.isEmpty)
    #expect(script.comments == nil)
    #expect(script.source?.url == nil)
    #expect(script.source?.title == "Elsewhere")
    #expect(feed.items[1].link?.absoluteString == "mailto:editor@example.com")
    #expect(feed.items[2].link?.absoluteString == "https://example.com/posts/3")
    var withoutProblems = feed
    withoutProblems.problems = []
    let everyURL = try String(decoding: JSONEncoder().encode(withoutProblems), as: UTF8.self).lowercased()
    for scheme in ["javascript:", "vbscript:", "data:", "file:"] {
      #expect(!everyURL.contains(scheme), "\(scheme) reached the feed")
    }
  }

  /// Each address left out is listed once in the feed's problems, saying where it was, which
  /// scheme and what the policy allows.
  @Test func leftOutAddressesAreReported() throws {
    let feed = try TTFeedReader.read(Data(Self.hostileRSS.utf8))
    let problems = feed.problems.filter { $0.code == .refusedURL }
    #expect(problems.count == 8)
    #expect(problems.contains { $0.message.hasPrefix("Left out an address of the channel:") })
    #expect(problems.contains { $0.message.hasPrefix("Left out an address of item 1 (\"Script\"):") })
    let first = try #require(problems.first)
    #expect(first.message.contains("scheme javascript"))
    #expect(first.message.contains("it allows http, https, mailto"))
  }

  /// The same addresses are left out when items are handed over one by one.
  @Test func streamedItemsAreFilteredToo() throws {
    var links: [String] = []
    let reader = TTFeedReader(documentURL: URL(string: "https://example.com/feed.xml")) { item in
      links.append(item.link?.absoluteString ?? "-")
    }
    try reader.feed(Data(Self.hostileRSS.utf8))
    let channel = try reader.finish()
    #expect(
      links == ["https://example.com/guid", "mailto:editor@example.com", "https://example.com/posts/3"])
    #expect(channel.problems.filter { $0.code == .refusedURL }.count == 8)
  }

  /// A base address with a refused scheme does not smuggle it into the addresses resolved
  /// against it.
  @Test func refusedBaseDoesNotLeakIntoRelativeLinks() throws {
    let data = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="javascript:alert(1)//">
      <title>Base</title><entry><title>E</title><link href="x"/>
      <content type="html" src="page.html"/></entry></feed>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    let entry = try #require(feed.items.first)
    #expect(entry.link == nil)
    #expect(entry.content?.source == nil)
  }

  /// A permalink GUID with a scheme the policy refuses is no longer used as the item's link.
  @Test func refusedPermalinkIsNotALink() throws {
    let data = Data(
      """
      <rss version="2.0"><channel><title>G</title>
      <item><guid isPermaLink="true">http://example.com/plain</guid></item></channel></rss>
      """.utf8)
    let strict = TTURLSchemePolicy(allowing: ["https"])
    let feed = try TTFeedReader.read(data, urlPolicy: strict)
    #expect(feed.items[0].link == nil)
    #expect(feed.items[0].guid?.value == "http://example.com/plain")
    #expect(feed.items[0].guid?.isPermaLink == false)
    #expect(try TTFeedReader.read(data).items[0].link?.absoluteString == "http://example.com/plain")
  }

  /// An app allows the schemes it handles; a policy can also refuse what stays relative.
  @Test func policiesAreTheApps() throws {
    let data = Data(
      """
      <rss version="2.0"><channel><title>P</title>
      <item><title>Podcast</title><enclosure url="itpc://example.com/show.mp3" type="audio/mpeg"/></item>
      <item><title>Relative</title><link>/only/relative</link></item></channel></rss>
      """.utf8)
    let standard = try TTFeedReader.read(data)
    #expect(standard.items[0].enclosures.isEmpty)
    #expect(standard.items[1].link?.relativeString == "/only/relative")
    let podcasts = try TTFeedReader.read(data, urlPolicy: TTURLSchemePolicy.default.allowing("itpc"))
    #expect(podcasts.items[0].enclosures.first?.url.absoluteString == "itpc://example.com/show.mp3")
    let absoluteOnly = try TTFeedReader.read(
      data, urlPolicy: TTURLSchemePolicy(allowing: ["https", "http"], allowsRelativeReferences: false))
    #expect(absoluteOnly.items[1].link == nil)
    #expect(absoluteOnly.problems.contains { $0.message.contains("relative reference") })
  }

  /// The builder applies the same policy to trees from anywhere.
  @Test func builderFiltersItsOwnTrees() throws {
    let root = TTFeedElement(
      name: "rss", attributes: [.init(name: "version", value: "2.0")],
      children: [
        TTFeedElement(
          name: "channel",
          children: [
            TTFeedElement(name: "item", children: [TTFeedElement(name: "link", text: "data:text/html,hi")])
          ])
      ])
    let feed = try #require(TTFeedBuilder.feed(from: root))
    #expect(feed.items[0].link == nil)
    #expect(feed.problems.map(\.code) == [.refusedURL])
    let allowed = try #require(TTFeedBuilder.feed(from: root, urlPolicy: .default.allowing("data")))
    #expect(allowed.items[0].link?.absoluteString == "data:text/html,hi")
  }

  /// At most 100 problems are listed, and a last one counts the rest.
  @Test func problemsAreCapped() throws {
    let items = String(repeating: "<item><link>javascript:x</link></item>", count: 250)
    let feed = try TTFeedReader.read(Data("<rss version=\"2.0\"><channel>\(items)</channel></rss>".utf8))
    #expect(feed.items.count == 250)
    #expect(feed.problems.count == 101)
    #expect(feed.problems.last?.code == .moreProblems)
    #expect(feed.problems.last?.message.hasPrefix("150 more problems") == true)
  }
}
