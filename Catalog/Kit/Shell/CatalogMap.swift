public import Three20

/// The Catalog's URL map, as TTCatalog's app delegate built it: `tt://catalog` is the shared
/// index, each demo's pattern opens it under the index, web URLs open in `TTWebController` (as
/// TTCatalog's `*` did) and any other URL opens ``CatalogFallbackController``.
@MainActor
public enum CatalogMap {
  /// The map of the demos, before freezing (the Navigator demos show it).
  public static func map(demos: [CatalogDemo] = CatalogDemo.all) throws -> TTURLMap {
    var map = TTURLMap()
    try map.mapShared(CatalogDemo.indexURL) { _, _ in CatalogIndexController() }
    var mapped: Set<String> = []
    // Demos that share a pattern (the same screen opened with different queries) map it once.
    for demo in demos where mapped.insert(demo.pattern).inserted {
      let parent = demo.mode == .modal ? nil : demo.parentURL
      try map.map(
        demo.pattern, route: TTURLRoute(target: .controller(demo.make), mode: demo.mode, parentURL: parent))
    }
    // Web URLs open as pages, as TTCatalog's `*` opened them in TTWebController, over the
    // screen that opened them (a feed item, a table row), so going back returns to it.
    for scheme in ["http", "https"] {
      map.setFallback(forScheme: scheme, to: TTWebController.factory)
    }
    map.setFallback(parent: CatalogDemo.indexURL) { match, _ in CatalogFallbackController(url: match.url) }
    return map
  }

  /// The frozen map the navigator opens URLs through.
  ///
  /// A demo pattern that does not parse or clashes is a bug the tests catch; should one slip
  /// through, every URL opens the fallback screen, which shows the map's error, rather than
  /// the Catalog crashing.
  public static func resolver(demos: [CatalogDemo] = CatalogDemo.all) -> any TTURLResolving {
    do {
      return try map(demos: demos).freeze()
    } catch {
      return BrokenMapResolver(problem: "\(error)")
    }
  }
}

/// Opens every URL on a screen that shows why the map could not be built.
struct BrokenMapResolver: TTURLResolving {
  var problem: String

  func resolve(_ url: String) -> TTURLResolution? {
    let problem = self.problem
    return TTURLResolution(
      match: TTURLMatch(url: url, pattern: "*"),
      route: TTURLRoute(
        target: .controller { match, _ in CatalogFallbackController(url: match.url, problem: problem) }))
  }
}
