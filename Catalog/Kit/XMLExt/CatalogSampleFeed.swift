/// The RSS feed the XMLExt reader shows offline.
///
/// The Catalog's server also serves it at `/feed.xml`. Written for the Catalog: a week of posts from an imaginary Three20 blog.
enum CatalogSampleFeed {
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel>
        <title>Three20 for Swift — News</title>
        <link>https://example.org/three20</link>
        <description>What is new in the terminal port of Three20.</description>
        <language>en</language>
        <item>
          <title>The Catalog opens every demo by URL</title>
          <link>https://example.org/three20/catalog</link>
          <dc:creator>Joe</dc:creator>
          <pubDate>Sat, 14 Mar 2026 09:30:00 GMT</pubDate>
          <guid>https://example.org/three20/catalog</guid>
          <description>Every screen of the Catalog has a tt:// URL, and the navigator &lt;b&gt;remembers&lt;/b&gt; where you were when you quit.</description>
        </item>
        <item>
          <title>Tables with a million rows</title>
          <link>https://example.org/three20/million</link>
          <dc:creator>Ada</dc:creator>
          <pubDate>Fri, 13 Mar 2026 17:05:00 GMT</pubDate>
          <guid>https://example.org/three20/million</guid>
          <description>The table view draws only the rows on screen, so a list of a million items scrolls as fast as one of ten.</description>
        </item>
        <item>
          <title>Caching that understands 304</title>
          <link>https://example.org/three20/cache</link>
          <dc:creator>Grace</dc:creator>
          <pubDate>Thu, 12 Mar 2026 11:00:00 GMT</pubDate>
          <guid>https://example.org/three20/cache</guid>
          <description>TTURLCache keeps responses on disk in SQLite and revalidates them with ETags: a 304 costs a few bytes.</description>
        </item>
        <item>
          <title>Styles on cells, and in SVG</title>
          <link>https://example.org/three20/styles</link>
          <dc:creator>Joe</dc:creator>
          <pubDate>Tue, 10 Mar 2026 08:45:00 GMT</pubDate>
          <guid>https://example.org/three20/styles</guid>
          <description>The same TTStyle chain draws rounded buttons on the terminal and real gradients in SVG.</description>
        </item>
        <item>
          <title>Feeds, offline</title>
          <link>https://example.org/three20/feeds</link>
          <dc:creator>Linus</dc:creator>
          <pubDate>Sun, 08 Mar 2026 20:15:00 GMT</pubDate>
          <guid>https://example.org/three20/feeds</guid>
          <description>This feed ships inside the Catalog, so the RSS reader works on a plane.</description>
        </item>
      </channel>
    </rss>
    """
}
