public import Three20

/// The Web demos (the Web module): TTCatalog's "Web Browser".
///
/// The pages come from the Catalog's own server (``CatalogWebPages``), so they work offline. Any
/// other http(s) URL opens in the same controller, through the map's `*` fallback, as in
/// TTCatalog.
enum WebDemos {
  /// The start page of the demo pages, or `nil` without the Catalog's server.
  static var startURL: String? { CatalogServer.shared.map { $0.baseURL + "/web/" } }

  static let all: [CatalogDemo] = [
    CatalogDemo(
      .web, "Web browser", url: "tt://web/browser",
      summary: "TTWebController: pages with links to follow, back and forward, find (Web Browser)",
      keyContent: ["Three20 Web", "Pages", "A news article", "tt://catalog"]
    ) { _, _ in page(startURL) },
    CatalogDemo(
      .web, "A news article", url: "tt://web/article",
      summary: "Headings, a picture, a quote, nested lists and a small table",
      keyContent: ["Lighthouse relit after forty years", "What was restored", "Opening hours"]
    ) { _, _ in page(startURL.map { $0 + "article.html" }) },
    CatalogDemo(
      .web, "Documentation with code", url: "tt://web/docs",
      summary: "Code that scrolls sideways, options in a table, a definition list",
      keyContent: ["Mapping * to the web controller", "var map = TTURLMap()", "maxDocumentSize", "Final URL"]
    ) { _, _ in page(startURL.map { $0 + "docs.html" }) },
    CatalogDemo(
      .web, "Tables", url: "tt://web/tables",
      summary: "Column widths from the content; rows stacked when the screen is too narrow",
      keyContent: ["Ferries this week", "07:15", "Sunday service"]
    ) { _, _ in page(startURL.map { $0 + "tables.html" }) },
    CatalogDemo(
      .web, "Legacy charsets", url: "tt://web/shift_jis",
      summary: "A Shift_JIS page decoded from its <meta charset>",
      keyContent: ["灯台が四十年ぶりに点灯"]
    ) { _, _ in page(startURL.map { $0 + "shift_jis.html" }) },
  ]

  /// A web controller on a URL, or one that says the server could not start.
  @MainActor
  static func page(_ url: String?) -> TTViewController {
    TTWebController(url: url ?? "http://127.0.0.1:1/web/")
  }
}

/// A web page settles when it has loaded (or failed), so `Catalog URL` draws the page itself,
/// all of it: as many rows as the page has at that width, and the status line.
extension TTWebController: CatalogSettling, CatalogSizing {
  /// Returns once the page has loaded or failed.
  public func settle() async {
    await waitForLoad()
  }

  /// The page's lines at `width` columns and the status line; the error view's rows when the
  /// page failed.
  public func preferredHeight(width: Int) -> Int {
    guard let document else { return CatalogRenderer.defaultHeight - 2 }
    // The page laid out at this width already, or laid out for the question.
    let lines = page.flatMap { $0.width == width ? $0.lines.count : nil }
    return (lines ?? TTWebDump.render(document, width: width).lines.count) + 1
  }
}
