import Three20

/// The XMLExt demos: a raw XML tree explorer (the RSS reader arrives with the feeds).
enum XMLDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .xml, "XML tree", url: "tt://xml/tree",
      summary: "The parser's tree of a document: elements, attributes, text",
      keyContent: ["<rss version=\"2.0\">", "<channel>", "nodes"]
    ) { match, _ in XMLTreeDemo(url: match.query["url"]?.first ?? nil) }
  ]
}
