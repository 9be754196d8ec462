import Foundation
import Testing
import Three20XML

/// The fallbacks an item offers for lists: its summary or content, and a short excerpt.
@Suite struct TTFeedItemTextTests {
  @Test func contentStandsInForAMissingSummary() throws {
    let data = Data(
      """
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title>
      <item><title>Only content</title><content:encoded><![CDATA[<p>Full <b>text</b></p>]]></content:encoded></item>
      <item><title>Both</title><description>Short</description><content:encoded>Long</content:encoded></item>
      </channel></rss>
      """.utf8)
    let items = try TTFeedReader.read(data).items
    #expect(items[0].summary == nil)
    #expect(items[0].summaryOrContent == TTFeedContent("<p>Full <b>text</b></p>"))
    #expect(items[0].summaryText == "Full text")
    #expect(items[1].summaryOrContent == TTFeedContent("Short"))
  }

  @Test func excerptsAreCutAtAWordWithAnEllipsis() {
    let item = TTFeedItem(content: TTFeedContent("<p>The old lens <b>turned</b> again tonight.</p>"))
    #expect(item.excerpt(maxCharacters: 20) == "The old lens turned…")
    #expect(item.excerpt(maxCharacters: 19) == "The old lens…")
    #expect(item.excerpt() == "The old lens turned again tonight.")
    #expect(item.excerpt(maxCharacters: 34) == "The old lens turned again tonight.")
    #expect(item.excerpt(maxCharacters: 33) == "The old lens turned again…")
  }

  @Test func excerptsCollapseWhiteSpaceAndLineBreaks() {
    let item = TTFeedItem(summary: TTFeedContent("  One\n\n two\t\tthree  ", type: .text))
    #expect(item.excerpt() == "One two three")
  }

  @Test func aFirstWordLongerThanTheLimitIsCut() {
    let item = TTFeedItem(summary: TTFeedContent("Supercalifragilistic word", type: .text))
    #expect(item.excerpt(maxCharacters: 6) == "Super…")
    #expect(item.excerpt(maxCharacters: 1) == "…")
    #expect(item.excerpt(maxCharacters: 0) == "…")
  }

  @Test func anItemWithoutTextHasNoExcerpt() {
    #expect(TTFeedItem(title: "Only a title").excerpt() == nil)
    #expect(TTFeedItem(summary: TTFeedContent(" \n ", type: .text)).excerpt() == nil)
  }

  /// The work is bounded by the limit, not by the text.
  @Test func excerptsOfHugeTextsStopAtTheLimit() {
    let huge = String(repeating: "word ", count: 2_000_000)
    let item = TTFeedItem(summary: TTFeedContent(huge, type: .text))
    let excerpt = item.excerpt(maxCharacters: 12)
    #expect(excerpt == "word word…")
  }
}
