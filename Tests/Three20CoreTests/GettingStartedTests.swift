import Foundation
import Testing
import Three20Core

/// The code of the Getting Started article (Three20Core.docc/Articles/GettingStarted.md),
/// line for line, so that the article cannot go stale: if this file changes, change the article.
@Suite("Getting Started article")
struct GettingStartedTests {
  /// Strings: encoding, query strings, entities, markup, versions.
  @Test func strings() {
    let url = "tt://search/" + "swift & c".tt.percentEncodedPathComponent
    #expect(url == "tt://search/swift%20%26%20c")

    let query = TTQueryString(parsing: "?q=three20&tag=ios;tag=swift&debug")
    #expect(query.first("q") == "three20")
    #expect(query.values(for: "tag") == ["ios", "swift"])
    #expect(query.values(for: "debug") == [nil])

    let feed = "https://example.com/feed".tt.addingQuery(["page": "2"])
    #expect(feed == "https://example.com/feed?page=2")

    #expect("Caf&eacute; &amp; cr&#xE8;me".tt.decodingHTMLEntities == "Café & crème")
    #expect("<p>Hello <b>world</b></p>".tt.removingMarkup == "Hello world")
    #expect("  \n ".tt.isWhitespaceAndNewlines)
    #expect("3.0a1".tt.compareVersion(to: "3.0") == .orderedAscending)
  }

  /// Dates, with a fixed clock so the output is known.
  @Test func dates() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)  // 14 Nov 2023, 22:13 UTC
    let formatting = TTDateFormatting(
      now: { now },
      timeZone: try #require(TimeZone(identifier: "UTC")),
      locale: Locale(identifier: "en_US"))

    #expect(formatting.relativeTime(now.addingTimeInterval(-30)) == "30 seconds ago")
    #expect(formatting.relativeTime(now.addingTimeInterval(-5 * 60)) == "5 minutes ago")
    #expect(formatting.relativeTime(now.addingTimeInterval(2 * 3600)) == "in 2 hours")
    #expect(formatting.shortRelativeTime(now.addingTimeInterval(-3 * 3600)) == "3h")
    #expect(formatting.day(now.addingTimeInterval(-24 * 3600)) == "Yesterday")

    let german = TTDateFormatting(
      now: { now },
      timeZone: try #require(TimeZone(identifier: "UTC")),
      locale: Locale(identifier: "de_DE"))
    #expect(german.relativeTime(now.addingTimeInterval(-5 * 60)) == "vor 5 Minuten")
  }

  /// Loosely typed data never crashes on a missing key or a lone element.
  @Test func looseData() throws {
    let decoded: [String: Any] = [
      "channel": ["title": "News", "item": ["title": "Only one"]]
    ]
    let channel = try #require(decoded.tt.dictionary(forKey: "channel"))
    #expect(channel.tt.array(forKey: "item").count == 1)
    #expect(channel.tt.array(forKey: "missing").isEmpty)
    #expect(decoded.tt.value(atPath: "channel.item.title") as? String == "Only one")
    #expect(throws: TTCoreError.self) { try channel.tt.value(forKey: "title", as: Int.self) }
  }
}
