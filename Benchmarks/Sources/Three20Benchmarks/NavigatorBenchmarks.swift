import Foundation
import RoutingKit
import Three20Navigator

/// Navigator's benchmark: resolving URL strings with the frozen TTURLMatcher, against RoutingKit's
/// TrieRouter (Vapor's router) on the same 1,000 routes and 100,000 URLs.
enum NavigatorBenchmarks {
  static func run() {
    routing()
  }

  /// One route, in both forms.
  struct Route {
    /// Our pattern, for example `tt://photo/(id:int)/edit`.
    var pattern: String
    /// RoutingKit's path: scheme, host, path components (typed parameters become plain ones).
    var components: [PathComponent]
  }

  /// The route shapes of one resource, after its prefix: literals, `(name:type)`, `**` for a tail.
  static let shapes: [[String]] = [
    [], ["new"], ["(id:int)"], ["(id:int)", "edit"], ["(id:int)", "comments"],
    ["(id:int)", "comments", "(comment:int)"], ["(id:int)", "comments", "(comment:int)", "edit"],
    ["(id:int)", "photos"], ["(id:int)", "photos", "(photo:uuid)"], ["(id:int)", "settings", "privacy"],
    ["(id:int)", "settings", "notifications"], ["search"], ["tag", "(tag)"],
    ["tag", "(tag)", "page", "(page:int)"], ["archive", "(year:int)", "(month:int)"],
    ["(id:int)", "share", "(network)"], ["popular"], ["recent"], ["files", "(rest:path)"],
    ["(id:int)", "history", "(version:int)"],
  ]

  static let resources = [
    "user", "photo", "album", "feed", "post", "comment", "message", "thread", "group", "event",
    "place", "review", "product", "order", "cart", "invoice", "ticket", "project", "task", "note",
    "doc", "sheet", "slide", "video", "song", "playlist", "artist", "book", "author", "recipe",
    "team", "league", "match", "player", "course", "lesson", "quiz", "badge", "coupon", "store",
    "api-user", "api-photo", "api-order", "api-event", "api-task", "api-team", "api-song", "api-book",
    "api-store", "api-note",
  ]

  /// The prefix of a resource's routes: `tt://<resource>` or `https://example.com/<resource>`.
  static func prefix(_ resource: String) -> (scheme: String, components: [String]) {
    resource.hasPrefix("api-")
      ? ("https", ["example.com", String(resource.dropFirst(4))]) : ("tt", [resource])
  }

  static func routes() -> [Route] {
    var routes: [Route] = []
    for resource in resources {
      let (scheme, head) = prefix(resource)
      for shape in shapes {
        let parts = head + shape
        let pattern = scheme + "://" + parts.joined(separator: "/")
        var components: [PathComponent] = [.constant(scheme)]
        for part in parts {
          if part.hasPrefix("(") {
            let inner = part.dropFirst().dropLast()
            let name = String(inner.split(separator: ":").first ?? inner)
            components.append(part.hasSuffix(":path)") ? .catchall : .parameter(name))
          } else {
            components.append(.constant(part))
          }
        }
        routes.append(Route(pattern: pattern, components: components))
      }
    }
    return routes
  }

  /// 100,000 URLs: about three in four match (numbers, UUIDs, encoded tags, queries, trailing
  /// slashes), the rest do not (unknown resources, extra components, unknown literals, unknown
  /// schemes). None depends on a typed parameter refusing text, which RoutingKit cannot do.
  static func urls(count: Int) -> [String] {
    var generator = SplitMix(seed: 20)
    func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
    func number() -> String { String(generator.next() % 100_000) }
    func uuid() -> String {
      let hex = String(format: "%016llX%016llX", generator.next(), generator.next())
      let characters = Array(hex)
      return String(characters[0..<8]) + "-" + String(characters[8..<12]) + "-" + String(characters[12..<16])
        + "-" + String(characters[16..<20]) + "-" + String(characters[20..<32])
    }
    let tags = ["swift", "caf%C3%A9", "new%20york", "linux", "three20", "terminal", "a-b_c"]
    var urls: [String] = []
    urls.reserveCapacity(count)
    while urls.count < count {
      let resource = pick(resources)
      let (scheme, head) = prefix(resource)
      let kind = generator.next() % 100
      var parts = head
      if kind < 75 {
        for part in pick(shapes) {
          switch part {
          case "(id:int)", "(comment:int)", "(page:int)", "(version:int)": parts.append(number())
          case "(year:int)": parts.append(String(1990 + generator.next() % 40))
          case "(month:int)": parts.append(String(1 + generator.next() % 12))
          case "(photo:uuid)": parts.append(uuid())
          case "(tag)": parts.append(pick(tags))
          case "(network)": parts.append(pick(["mastodon", "mail", "sms"]))
          case "(rest:path)": parts.append(contentsOf: ["docs", number(), "readme.md"])
          default: parts.append(part)
          }
        }
      } else {
        switch kind % 5 {
        case 0: parts = ["unknown-" + number()]
        case 1: parts += [number(), "edit", "extra"]
        case 2: parts += [number(), "likes"]
        case 3: parts += ["tag"]
        default: parts += ["archive", number()]
        }
      }
      var url = scheme + "://" + parts.joined(separator: "/")
      switch generator.next() % 10 {
      case 0: url += "?sort=new&page=" + number()
      case 1: url += "/"
      case 2 where kind >= 75: url = "ftp://" + parts.joined(separator: "/")
      default: break
      }
      urls.append(url)
    }
    return urls
  }

  /// RoutingKit's input for a URL: the scheme, then the components up to the query, without
  /// empty ones (as Vapor splits a request path).
  @inline(__always)
  static func split(_ url: String) -> [String] {
    guard let colon = url.firstIndex(of: ":") else { return [] }
    var rest = url[url.index(after: colon)...]
    if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    return [String(url[..<colon])] + rest.split(separator: "/").map(String.init)
  }

  static func routing() {
    let routes = routes()
    let urls = urls(count: 100_000)
    var map = TTURLMap()
    let router = TrieRouter(Int.self)
    for (index, route) in routes.enumerated() {
      do {
        try map.mapHandler(route.pattern) { _, _ in true }
      } catch {
        fatalError("navigator benchmark: \(error)")
      }
      router.register(index, at: route.components)
    }
    let matcher: TTURLMatcher
    do {
      matcher = try map.freeze()
    } catch {
      fatalError("navigator benchmark: \(error)")
    }
    let presplit = urls.map(split)

    var oursCount = 0
    let ours = measure(minimumRuns: 5) {
      var found = 0
      for url in urls where matcher.resolve(url) != nil { found += 1 }
      oursCount = found
      blackHole(found)
    }
    var presplitCount = 0
    let anchorPresplit = measure(minimumRuns: 5) {
      var found = 0
      for path in presplit {
        var parameters = Parameters()
        if router.route(path: path, parameters: &parameters) != nil { found += 1 }
      }
      presplitCount = found
      blackHole(found)
    }
    var splitCount = 0
    let anchorSplit = measure(minimumRuns: 5) {
      var found = 0
      for url in urls {
        var parameters = Parameters()
        if router.route(path: split(url), parameters: &parameters) != nil { found += 1 }
      }
      splitCount = found
      blackHole(found)
    }
    guard oursCount == presplitCount, oursCount == splitCount else {
      fatalError(
        "navigator benchmark: matched counts differ: ours \(oursCount), RoutingKit pre-split "
          + "\(presplitCount), RoutingKit split \(splitCount)")
    }
    let total = Double(urls.count)
    print(
      "navigator.routing: \(routes.count) routes, \(urls.count) URLs, \(oursCount) match (checked equal)")
    print("  ours (TTURLMatcher.resolve from URL strings): \(format(total / ours.seconds)) lookups/s")
    print("  RoutingKit TrieRouter, pre-split components:  \(format(total / anchorPresplit.seconds)) lookups/s")
    print("  RoutingKit TrieRouter, splitting the strings: \(format(total / anchorSplit.seconds)) lookups/s")
    report(
      "navigator.routing", ours: total / ours.seconds, anchorName: "routingkit-presplit",
      anchor: total / anchorPresplit.seconds, unit: "lookups/s", higherIsBetter: true)
    report(
      "navigator.routing-split", ours: total / ours.seconds, anchorName: "routingkit-split",
      anchor: total / anchorSplit.seconds, unit: "lookups/s", higherIsBetter: true)
  }
}
