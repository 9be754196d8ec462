import Three20

/// What a URL without a demo opens (TTCatalog's `*` fallback).
///
/// Shows the URL and where to find the demo URLs. Web URLs have a fallback of their own, which fetches them.
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
    if let problem {
      blocks.append(.text("The Catalog's URL map is broken: \(problem)", TTCellStyle(foreground: .red)))
    }
    return blocks
  }
}
