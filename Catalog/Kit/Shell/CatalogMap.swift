import Three20

/// The Catalog's URL map: `tt://catalog` is the index (shared, as in TTCatalog), each demo's
/// pattern opens it under the index, and any other URL opens ``CatalogFallbackController``.
///
/// Until `TTURLMap` lands this is a small resolver of its own: a pattern's path segments are
/// literal or `(name)` (one segment), and the query is split into values.
@MainActor
public enum CatalogMap {
  /// Makes the resolver for the demos.
  public static func resolver(demos: [CatalogDemo] = CatalogDemo.all) -> any TTURLResolving {
    var routes: [(pattern: String, route: TTURLRoute)] = [
      (
        CatalogDemo.indexURL,
        TTURLRoute(target: .controller { _, _ in CatalogIndexController() }, mode: .share)
      )
    ]
    for demo in demos {
      let parent = demo.mode == .modal ? nil : CatalogDemo.indexURL
      routes.append(
        (demo.pattern, TTURLRoute(target: .controller(demo.make), mode: demo.mode, parentURL: parent)))
    }
    let fallback = TTURLRoute(
      target: .controller { match, _ in CatalogFallbackController(url: match.url) },
      parentURL: CatalogDemo.indexURL)
    return SimpleResolver(routes: routes, fallback: fallback)
  }
}

/// Resolves `scheme://host/segments` against literal and `(name)` segments.
struct SimpleResolver: TTURLResolving {
  var routes: [(pattern: String, route: TTURLRoute)]
  var fallback: TTURLRoute

  func resolve(_ url: String) -> TTURLResolution? {
    var rest = Substring(url)
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: [String: [String?]] = [:]
    if let mark = rest.firstIndex(of: "?") {
      for pair in rest[rest.index(after: mark)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        let name = String(parts[0]).tt.formDecoded
        query[name, default: []].append(parts.count > 1 ? String(parts[1]).tt.formDecoded : nil)
      }
      rest = rest[..<mark]
    }
    let segments = rest.split(separator: "/", omittingEmptySubsequences: true)
    for (pattern, route) in routes {
      let patternPath = pattern.split(separator: "?")[0]
      let wanted = patternPath.split(separator: "/", omittingEmptySubsequences: true)
      guard wanted.count == segments.count else { continue }
      var parameters: [String: TTURLParameterValue] = [:]
      var matched = true
      for (want, have) in zip(wanted, segments) {
        if want.hasPrefix("("), want.hasSuffix(")") {
          parameters[String(want.dropFirst().dropLast())] = .string(String(have).tt.percentDecoded)
        } else if want != have {
          matched = false
          break
        }
      }
      if matched {
        return TTURLResolution(
          match: TTURLMatch(
            url: url, pattern: pattern, parameters: parameters, query: query, fragment: fragment),
          route: route)
      }
    }
    return TTURLResolution(
      match: TTURLMatch(url: url, pattern: "*", query: query, fragment: fragment), route: fallback)
  }
}
