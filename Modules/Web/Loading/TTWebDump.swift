public import Three20Network

/// Renders a page once, without a screen: the library's `w3m -dump`, used by the Catalog's
/// `Catalog https://… --width N`.
///
/// ```swift
/// let page = try await TTWebDump.render(url: "https://example.com/", width: 80)
/// print(page.plainText)                                   // the page as text
/// print(page.ansiText(capabilities: .ansi256))            // with colours and emphasis
/// page.links.map(\.href)                                  // every link, in document order
/// ```
public enum TTWebDump {
  /// Loads a page and lays it out at a width.
  ///
  /// - Parameters:
  ///   - url: The page's address; `http` or `https` (and `file` when the options allow it).
  ///   - width: The width in columns; kept within `TTWebRenderer.widthRange`.
  ///   - options: The loader's limits, timeouts and cache policy; the defaults by default.
  ///   - queue: The queue the page is fetched on; `TTURLRequestQueue/main` by default.
  /// - Returns: The page laid out at that width, with its links and final address.
  /// - Throws: ``TTWebError``, naming the address, what went wrong and what to do.
  public static func render(
    url: String, width: Int, options: TTWebLoader.Options = TTWebLoader.Options(),
    queue: TTURLRequestQueue = .main
  ) async throws(TTWebError) -> TTWebPage {
    let loaded = try await TTWebLoader(options: options, queue: queue).load(url)
    return render(loaded, width: width)
  }

  /// Lays out a loaded page at a width.
  ///
  /// - Parameters:
  ///   - loaded: The page from ``TTWebLoader``.
  ///   - width: The width in columns; kept within `TTWebRenderer.widthRange`.
  /// - Returns: The page laid out at that width.
  public static func render(_ loaded: TTWebDocument, width: Int) -> TTWebPage {
    TTWebRenderer(width: width).render(loaded.document, url: loaded.url)
  }
}
