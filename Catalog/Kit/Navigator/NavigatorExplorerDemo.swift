import Three20
import Three20UICommon

/// The URL explorer: type a URL, see the pattern it matches and what it opens.
///
/// Shows the pattern of the Catalog's map that matched, its parameters, and the controller it
/// would open. Every candidate is listed, best first.
///
/// `/` starts typing, Enter resolves, Escape cancels. `tt://navigator/explorer?url=…` starts
/// with a URL of your choice.
final class NavigatorExplorerDemo: CatalogPageController {
  /// The map explored: the Catalog's own, with a few patterns that show typed parameters.
  static let matcher: TTURLMatcher? = {
    guard var map = try? CatalogMap.map() else { return nil }
    do {
      try map.map("tt://food/(name)") { match, _ in TTViewController(title: "Food: \(match["name"] ?? "")") }
      try map.map("tt://food/(id:int)") { match, _ in TTViewController(title: "Food #\(match["id"] ?? "")") }
      try map.map("tt://files/(rest:path)") { match, _ in TTViewController(title: match["rest"]) }
      return try map.freeze()
    } catch {
      return nil
    }
  }()

  /// URLs resolved before anything is typed.
  static let samples = [
    "tt://food/42", "tt://food/caf%C3%A9", "tt://compose?to=Ada%20Lovelace", "tt://files/a/b/c.txt",
    "tt://network/fetch?url=https://example.org", "tt://nowhere",
  ]

  private var url: String?
  private var input = CatalogTextInput()

  init(url: String?) {
    self.url = url
    super.init(title: "URL explorer")
  }

  override func makeBlocks() -> [CatalogBlock] {
    guard let matcher = Self.matcher else { return [.text("The map could not be built.")] }
    var blocks: [CatalogBlock] = [
      .code(
        """
        let matcher = try map.freeze()
        matcher.resolve(url)       // the best match and its route
        matcher.candidates(url)    // every match, best first
        """),
      input.line(hint: "Press / to type a URL."),
    ]
    for url in url.map({ [$0] }) ?? Self.samples {
      blocks += Self.explain(url, matcher: matcher)
    }
    return blocks
  }

  /// What a URL matches, as blocks.
  static func explain(_ url: String, matcher: TTURLMatcher) -> [CatalogBlock] {
    let candidates = matcher.candidates(url)
    guard let best = candidates.first else { return [.heading(url), .text("Nothing matches.")] }
    var pairs: [(String, String)] = [("pattern", best.match.pattern)]
    for (name, value) in best.match.parameters.sorted(by: { $0.key < $1.key }) {
      pairs.append(("(\(name))", "\(value)  [\(kind(of: value))]"))
    }
    for (name, values) in best.match.query.sorted(by: { $0.key < $1.key }) {
      pairs.append(("?\(name)", values.map { $0 ?? "(bare)" }.joined(separator: ", ")))
    }
    if let fragment = best.match.fragment { pairs.append(("#", fragment)) }
    pairs.append(("mode", "\(best.route.mode)"))
    pairs.append(("parent", best.route.parentURL ?? "none"))
    if case .controller(let make) = best.route.target, let controller = make(best.match, [:]) {
      pairs.append(("opens", "\(type(of: controller)) “\(controller.title ?? "")”"))
    }
    if candidates.count > 1 {
      pairs.append(("also", candidates.dropFirst().map(\.match.pattern).joined(separator: ", ")))
    }
    return [.heading(url), .pairs(pairs)]
  }

  private static func kind(of value: TTURLParameterValue) -> String {
    switch value {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .uuid: "uuid"
    case .path: "path"
    case .custom(let type, _): type
    }
  }

  override func handleKey(_ key: TTKey) -> Bool {
    switch input.handle(key, start: url ?? "tt://") {
    case .ignored: return super.handleKey(key)
    case .editing, .cancelled: break
    case .submitted(let typed): url = typed.isEmpty ? nil : typed
    }
    reload()
    return true
  }
}
