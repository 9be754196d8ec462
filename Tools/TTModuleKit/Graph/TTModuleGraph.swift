public import Three20

/// The Three20 modules `ttmodule` offers, their edges, and the names it accepts for them.
///
/// The graph is read from the module registry (`TTModuleInfo.allModules`), which every module
/// fills with its own description; `TTModuleGraphTests` fails if that registry and the
/// `modules` table of the repository's `Package.swift` ever disagree.
///
/// ```swift
/// let graph = TTModuleGraph.three20
/// try graph.closure(of: ["Table"]).map(\.shortName)   // ["Core", "Style", "UICommon", "Table"]
/// try graph.resolve("Three20UINavigator").shortName   // "Navigator"
/// ```
public struct TTModuleGraph: Sendable {
  /// One module: its names, what it is for, its direct dependencies and the C libraries it links.
  public struct Module: Sendable, Hashable, Codable {
    /// The short name, for example `Table`.
    public var shortName: String
    /// The Swift module and product name, for example `Three20Table`.
    public var identifier: String
    /// One sentence saying what the module is for.
    public var summary: String
    /// The short names of the modules it uses directly.
    public var dependencies: [String]
    /// The names of the C libraries it links, for example `libcurl`.
    public var systemLibraries: [String]
  }

  /// Every module, dependencies before the modules that use them.
  public let modules: [Module]

  /// Three20's module names, and a few other familiar names, mapped to the short names of this
  /// project's modules (lower-cased keys).
  ///
  /// A name maps to one module. Three20UI held the tables, the image views and the photo
  /// browser; it stays `Table`, its tables being what most old code used, and its pictures are
  /// `Image` (also accepted as `photos`, the TTCatalog section of `TTPhotoViewController`), its
  /// web view `Web` (also accepted as `TTWebController`, or `browser`, TTCatalog's "Web Browser").
  /// Three20UI's controls go where they live here: the text editors and the launcher are
  /// `UICommon` (`TTTextEditor`, `TTLauncherView`, `launcher`), the composers `Table`
  /// (`TTMessageController`, `composer`), as their picker searches a table data source.
  public static let three20Names: [String: String] = [
    "three20uicommon": "UICommon",
    "three20ui": "Table",
    "three20uinavigator": "Navigator",
    "extthree20xml": "XMLExt",
    "extthree20json": "Network",
    "extthree20cssstyle": "Style",
    "xml": "XMLExt",
    "photos": "Image",
    "ttwebcontroller": "Web",
    "browser": "Web",
    "tttexteditor": "UICommon",
    "ttlauncherview": "UICommon",
    "launcher": "UICommon",
    "ttmessagecontroller": "Table",
    "composer": "Table",
  ]

  /// Names that stand for every module at once (lower-cased).
  public static let everyModuleNames: Set<String> = ["all", "three20"]

  /// The graph of this release of Three20 for Swift, from its module registry.
  public static let three20 = TTModuleGraph(registry: TTModuleInfo.allModules)

  /// Creates a graph from module descriptions.
  ///
  /// Dependencies are given by identifier in a description and converted to short names;
  /// a dependency on a module that is not in `registry` is dropped.
  ///
  /// - Parameter registry: The module descriptions, dependencies first.
  public init(registry: [TTModuleInfo]) {
    let shortNames = Dictionary(
      registry.map { ($0.identifier, $0.shortName) }, uniquingKeysWith: { first, _ in first })
    modules = registry.map { info in
      Module(
        shortName: info.shortName, identifier: info.identifier, summary: info.summary,
        dependencies: info.dependencies.compactMap { shortNames[$0] },
        systemLibraries: info.systemLibraries.map(\.name))
    }
  }

  /// The module with this short name, compared exactly.
  ///
  /// - Parameter shortName: A short name such as `Table`.
  /// - Returns: The module, or `nil`.
  public func module(short shortName: String) -> Module? {
    modules.first { $0.shortName == shortName }
  }

  /// Finds the module a user means by `name`.
  ///
  /// Accepted, ignoring case: the short name (`Table`), the Swift module name
  /// (`Three20Table`) and Three20's names (`Three20UI`, `Three20UINavigator`, `extThree20XML`,
  /// see ``three20Names``).
  ///
  /// - Parameter name: What the user typed.
  /// - Returns: The module.
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/invalidInput``) listing the
  ///   valid names, with the closest one as a suggestion.
  public func resolve(_ name: String) throws(TTModuleToolError) -> Module {
    let key = name.lowercased()
    if let found = modules.first(where: {
      $0.shortName.lowercased() == key || $0.identifier.lowercased() == key
    }) {
      return found
    }
    if let short = Self.three20Names[key], let found = module(short: short) {
      return found
    }
    var message = "unknown module \(TTMessageText.quoted(name))."
    if let suggestion = suggestion(for: name) {
      message += " Did you mean '\(suggestion)'?"
    }
    message +=
      " Valid modules: \(modules.map(\.shortName).joined(separator: ", ")) (or their Swift names "
      + "such as Three20Table, Three20's names such as Three20UI, or 'all'). Run 'ttmodule list' to see them."
    throw TTModuleToolError(.invalidInput, message)
  }

  /// Resolves several names, expanding `all`, keeping the first mention of each module.
  ///
  /// - Parameter names: What the user typed.
  /// - Returns: The modules, in the order first named.
  /// - Throws: ``TTModuleToolError`` for the first unknown name, or when `names` is empty.
  public func resolve(all names: [String]) throws(TTModuleToolError) -> [Module] {
    guard !names.isEmpty else {
      throw TTModuleToolError(
        .invalidInput,
        "no module named. Name at least one of \(modules.map(\.shortName).joined(separator: ", ")), or 'all'."
      )
    }
    var result: [Module] = []
    for name in names {
      let found = Self.everyModuleNames.contains(name.lowercased()) ? modules : [try resolve(name)]
      for module in found where !result.contains(module) {
        result.append(module)
      }
    }
    return result
  }

  /// The modules `names` need: each one and everything it depends on, in dependency order.
  ///
  /// - Parameter names: Short names, Swift names or Three20 names.
  /// - Returns: The closure, dependencies before the modules that use them.
  /// - Throws: ``TTModuleToolError`` for an unknown name.
  public func closure(of names: [String]) throws(TTModuleToolError) -> [Module] {
    let chosen = try resolve(all: names)
    return closure(ofModules: chosen.map(\.shortName))
  }

  /// The closure of modules already known by short name, in dependency (graph) order.
  ///
  /// - Parameter shortNames: Exact short names; unknown ones are ignored.
  /// - Returns: The closure, in the order of ``modules``.
  public func closure(ofModules shortNames: some Sequence<String>) -> [Module] {
    var needed = Set<String>()
    func visit(_ short: String) {
      guard needed.insert(short).inserted, let module = module(short: short) else { return }
      module.dependencies.forEach(visit)
    }
    shortNames.forEach(visit)
    return modules.filter { needed.contains($0.shortName) }
  }

  /// Every module `shortName` depends on, directly or not, in dependency order.
  ///
  /// - Parameter shortName: An exact short name.
  /// - Returns: The transitive dependencies, without the module itself.
  public func transitiveDependencies(of shortName: String) -> [Module] {
    closure(ofModules: [shortName]).filter { $0.shortName != shortName }
  }

  /// The modules among `candidates` that use `shortName`, directly or not.
  ///
  /// - Parameters:
  ///   - shortName: The module that would go.
  ///   - candidates: The short names of the modules that would stay.
  /// - Returns: The short names of those that need it, in graph order.
  public func dependents(of shortName: String, among candidates: some Sequence<String>) -> [String] {
    let staying = Set(candidates)
    return modules.filter { module in
      staying.contains(module.shortName)
        && transitiveDependencies(of: module.shortName).contains { $0.shortName == shortName }
    }.map(\.shortName)
  }

  /// The accepted name closest to `name`, when one is close enough to be a likely typo.
  ///
  /// - Parameter name: The unknown name.
  /// - Returns: A short name (or `all`), or `nil` when nothing is close.
  public func suggestion(for name: String) -> String? {
    let typed = name.lowercased()
    var candidates: [(name: String, answer: String)] = []
    for module in modules {
      candidates.append((module.shortName.lowercased(), module.shortName))
      candidates.append((module.identifier.lowercased(), module.identifier))
    }
    for (alias, short) in Self.three20Names { candidates.append((alias, short)) }
    candidates.append(("all", "all"))
    // A prefix of a name ("Nav") is a likely abbreviation.
    if typed.count >= 3,
      let prefixed = candidates.filter({ $0.name.hasPrefix(typed) }).min(by: { $0.name.count < $1.name.count }
      )
    {
      return prefixed.answer
    }
    let scored = candidates.map { (distance: Self.editDistance(typed, $0.name), answer: $0.answer) }
    guard let best = scored.min(by: { ($0.distance, $0.answer) < ($1.distance, $1.answer) }) else {
      return nil
    }
    let limit = max(2, typed.count / 3)
    return best.distance <= limit ? best.answer : nil
  }

  /// The Levenshtein distance between two strings, by characters.
  static func editDistance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
