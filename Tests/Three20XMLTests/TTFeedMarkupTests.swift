import Foundation
import Testing
import Three20XML

/// Content as feeds really write it: markup left unescaped, XHTML with other vocabularies
/// inside, relative addresses, and IRIs.
@Suite struct TTFeedMarkupTests {
  static let rss = Data(
    """
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
      xmlns:xhtml="http://www.w3.org/1999/xhtml"><channel><title>T</title>
    <link>https://harbour.example.com/</link>
    <description>The <em>harbour</em> news</description>
    <item><title>Unescaped</title>
      <description>Hello <b>world</b> &amp; <a href="/more">more</a></description>
      <content:encoded><p>The <i>whole</i> text</p></content:encoded></item>
    <item><title>Body</title>
      <xhtml:body><xhtml:p>As <xhtml:strong>XHTML</xhtml:strong></xhtml:p></xhtml:body></item>
    <item><title>Full</title><fullitem>&lt;p&gt;Old extension&lt;/p&gt;</fullitem></item>
    </channel></rss>
    """.utf8)

  @Test func unescapedMarkupIsKeptNotDropped() throws {
    let feed = try TTFeedReader.read(Self.rss, documentURL: URL(string: "https://harbour.example.com/rss"))
    let document = URL(string: "https://harbour.example.com/rss")
    #expect(feed.subtitle == TTFeedContent("The <em>harbour</em> news", base: document))
    let item = feed.items[0]
    // The relative link is resolved against the document's address.
    #expect(
      item.summary
        == TTFeedContent(
          "Hello <b>world</b> &amp; <a href=\"https://harbour.example.com/more\">more</a>", base: document))
    #expect(item.summaryText == "Hello world & more")
    #expect(item.content == TTFeedContent("<p>The <i>whole</i> text</p>", base: document))
  }

  @Test func xhtmlBodyAndFullitemAreTheContent() throws {
    let feed = try TTFeedReader.read(Self.rss)
    #expect(feed.items[1].content == TTFeedContent("<p>As <strong>XHTML</strong></p>", type: .xhtml))
    #expect(feed.items[2].content == TTFeedContent("<p>Old extension</p>"))
  }

  @Test func atomHTMLWithInlineMarkupIsKept() throws {
    let data = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <entry><title>E</title><content type="html">A <b>bold</b> claim</content></entry></feed>
      """.utf8)
    #expect(
      try TTFeedReader.read(data).items.first?.content == TTFeedContent("A <b>bold</b> claim", type: .html))
  }

  /// SVG and MathML inside XHTML keep their namespaces, `xlink:href` its prefix, and relative
  /// addresses are resolved against `xml:base`.
  @Test func xhtmlKeepsOtherVocabulariesAndResolvesAddresses() throws {
    let data = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://lab.example.org/notes/"><title>A</title>
      <entry><title>E</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">
      <p><a href="fringe">Fringe</a></p>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10">
      <use xlink:href="#dot"/></svg>
      <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>
      <p xml:base="/other/"><img src="pic.png"/></p>
      </div></content></entry></feed>
      """.utf8)
    let markup = try #require(try TTFeedReader.read(data).items.first?.content?.value)
    #expect(markup.contains("<a href=\"https://lab.example.org/notes/fringe\">Fringe</a>"))
    #expect(markup.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\">"))
    #expect(
      markup.contains(
        "<use xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:href=\"https://lab.example.org/notes/#dot\"/>"
      ))
    #expect(markup.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>x</mi></math>"))
    #expect(markup.contains("<img src=\"https://lab.example.org/other/pic.png\"/>"))
  }

  /// An `xml:base` with non-ASCII letters (an IRI) resolves as the URI it stands for.
  @Test func nonASCIIBasesResolve() throws {
    let data = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/café/"><title>A</title>
      <entry><title>E</title><link href="naïve post"/></entry></feed>
      """.utf8)
    let link = try #require(try TTFeedReader.read(data).items.first?.link)
    #expect(link.absoluteString == "https://example.com/caf%C3%A9/na%C3%AFve%20post")
  }

  @Test func streamingKeepsTheMarkup() throws {
    let whole = try TTFeedReader.read(Self.rss)
    for size in [1, 5, 64] {
      #expect(try TTFeedReader().read(Self.rss, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }
}
