import Three20

/// The XMLExt demos: the RSS reader of the tutorials and a raw XML tree explorer.
enum XMLDemos {
  /// The addresses the demos load a document from: web addresses only.
  ///
  /// A `tt://xml/…?url=…` link can come from data (a feed's item, a page), and these screens
  /// show what they load; a `file:` or `data:` address would show local files to whoever wrote
  /// the link.
  static let documentPolicy = TTURLSchemePolicy(allowing: ["http", "https"], allowsRelativeReferences: false)

  /// Why a demo does not load a document from `url`, or `nil` when it may.
  static func refusal(of url: String) -> String? {
    documentPolicy.refusal(of: url).map { "Not loading this document: \($0)" }
  }

  static let all: [CatalogDemo] = [
    CatalogDemo(
      .xml, "RSS reader", url: "tt://xml/feed",
      summary: "Feed → table of message items → item text; tt://xml/feed?url=… reads any web feed",
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
