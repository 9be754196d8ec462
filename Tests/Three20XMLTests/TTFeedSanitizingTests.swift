import Foundation
import Testing
import Three20XML

/// Every HTML field of a feed has a form safe to show, with relative addresses resolved where
/// the feed wrote them.
@Suite struct TTFeedSanitizingTests {
  @Test func theDocumentationExampleHolds() {
    let summary = TTFeedContent(
      #"<p onclick="steal()">Hi <a href="/about">there</a><script>steal()</script></p>"#,
      base: URL(string: "https://example.com/blog/"))
    #expect(summary.sanitizedHTML() == #"<p>Hi <a href="https://example.com/about">there</a></p>"#)
    #expect(TTFeedContent("1 < 2", type: .text).sanitizedHTML() == "1 &lt; 2")
    #expect(TTFeedContent("", type: .other("image/png")).sanitizedHTML() == nil)
  }

  /// Escaped HTML in an RSS description keeps its text as written; its sanitized form resolves
  /// relative links against `xml:base` and the document's address.
  @Test func escapedHTMLLinksResolveInTheSanitizedForm() throws {
    let data = Data(
      """
      <rss version="2.0"><channel><title>T</title><link>https://site.example/</link>
      <item xml:base="https://site.example/posts/">
        <description>&lt;a href="next.html" onmouseover="x()"&gt;Next&lt;/a&gt; &lt;img src="p.png"&gt;
          &lt;a href="javascript:alert(1)"&gt;bad&lt;/a&gt;</description>
      </item>
      <item><description>&lt;iframe src="https://evil.example/"&gt;&lt;/iframe&gt;Plain</description></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data, documentURL: URL(string: "https://site.example/feed.xml"))
    let first = try #require(feed.items[0].summary)
    #expect(first.value.contains(#"href="next.html""#))
    let safe = try #require(first.sanitizedHTML())
    #expect(safe.contains(#"<a href="https://site.example/posts/next.html">Next</a>"#))
    #expect(safe.contains(#"<img src="https://site.example/posts/p.png">"#))
    #expect(!safe.contains("onmouseover"))
    #expect(!safe.contains("javascript"))
    #expect(feed.items[1].summary?.sanitizedHTML() == "Plain")
  }

  /// Atom XHTML and JSON Feed HTML are sanitized the same way.
  @Test func atomAndJSONContentIsSanitized() throws {
    let atom = Data(
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><entry>
      <content type="xhtml" xml:base="https://a.example/x/"><div xmlns="http://www.w3.org/1999/xhtml">
      <p style="color: red; position: fixed">Hi</p><a href="y">y</a></div></content>
      </entry></feed>
      """.utf8)
    let entry = try #require(try TTFeedReader.read(atom).items.first?.content?.sanitizedHTML())
    #expect(entry.contains(#"<p style="color: red">Hi</p>"#))
    #expect(entry.contains(#"<a href="https://a.example/x/y">y</a>"#))
    let json = Data(
      #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "content_html": "<b>x</b><script>y</script><a href='/z'>z</a>"}]}"#
        .utf8)
    let item = try #require(
      try TTFeedReader.read(json, documentURL: URL(string: "https://j.example/feed.json")).items.first)
    #expect(item.content?.sanitizedHTML() == #"<b>x</b><a href="https://j.example/z">z</a>"#)
  }
}
