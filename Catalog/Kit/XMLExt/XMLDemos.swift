import Three20

/// The XMLExt demos: the RSS reader of the tutorials and a raw XML tree explorer.
enum XMLDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .xml, "RSS reader", url: "tt://xml/feed",
      summary: "Feed → table of message items → item text; tt://xml/feed?url=… reads any feed",
      keyContent: ["Three20 for Swift — News", "Tables with a million rows", "Ada"]
    ) { match, _ in RSSReaderDemo(url: match.query["url"]?.first ?? nil) },
    CatalogDemo(
      .xml, "Feed item", url: "tt://xml/item/0", pattern: "tt://xml/item/(index:int)",
      summary: "One item of a feed", parentURL: nil, isListed: false
    ) { match, _ in
      guard case .int(let index)? = match.parameters["index"] else { return nil }
      return FeedItemDemo(
        url: match.query["url"]?.first.flatMap { $0 } ?? RSSReaderDemo.sampleURL ?? "", index: index)
    },
    CatalogDemo(
      .xml, "XML tree", url: "tt://xml/tree",
      summary: "The parser's tree of a document: elements, attributes, text",
      keyContent: ["<rss version=\"2.0\">", "<channel>", "nodes"]
    ) { match, _ in XMLTreeDemo(url: match.query["url"]?.first ?? nil) },
  ]
}
