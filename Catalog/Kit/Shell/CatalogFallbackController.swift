import Three20

/// What any URL without a demo opens (TTCatalog's `*` → `TTWebController`): the URL taken
/// apart, and for `http(s)` URLs a pointer to the Network demo that fetches them.
@MainActor
public final class CatalogFallbackController: CatalogPageController {
  /// The URL opened.
  public let url: String
  /// Why the URL map could not be built, if it could not.
  public let problem: String?

  /// Creates the screen for a URL.
  public init(url: String, problem: String? = nil) {
    self.url = url
    self.problem = problem
    super.init(title: "No demo")
  }

  public override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .heading("No demo has this URL"),
      .pairs([("URL", url), ("matched", "* (the fallback pattern)")]),
      .text("Run 'Catalog --list' for every demo URL.", CatalogBlock.dimStyle),
    ]
    if let problem { blocks.append(.text("The Catalog's URL map is broken: \(problem)", TTCellStyle(foreground: .red))) }
    if url.hasPrefix("http://") || url.hasPrefix("https://") {
      let fetch = "tt://network/fetch?url=" + url.tt.percentEncodedQueryValue
      blocks.append(.text("To fetch it, open \(fetch)"))
    }
    return blocks
  }
}
