import TTModuleKit
import Testing

/// Closure, name resolution and did-you-mean of the module graph.
@Suite struct TTModuleGraphTests {
  let graph = TTModuleGraph.three20

  /// The graph offers the nine modules, dependencies first.
  @Test func offersTheNineModulesDependenciesFirst() {
    #expect(
      graph.modules.map(\.shortName) == [
        "Core", "Network", "XMLExt", "Style", "UICommon", "Table", "Navigator", "Image", "Web",
      ])
    for (index, module) in graph.modules.enumerated() {
      let earlier = Set(graph.modules.prefix(index).map(\.shortName))
      #expect(
        module.dependencies.allSatisfy(earlier.contains), "\(module.shortName) comes before a dependency")
    }
  }

  /// A module's closure is the module and everything it needs, in graph order.
  @Test(arguments: [
    (["Core"], ["Core"]),
    (["Table"], ["Core", "Style", "UICommon", "Table"]),
    (["Navigator"], ["Core", "Style", "UICommon", "Navigator"]),
    (["UICommon"], ["Core", "Style", "UICommon"]),
    (["XMLExt"], ["Core", "Network", "XMLExt"]),
    (["Network"], ["Core", "Network"]),
    (["Navigator", "Table"], ["Core", "Style", "UICommon", "Table", "Navigator"]),
    (["XMLExt", "Table"], ["Core", "Network", "XMLExt", "Style", "UICommon", "Table"]),
    (["Image"], ["Core", "Network", "Style", "UICommon", "Image"]),
    (["Web"], ["Core", "Network", "XMLExt", "Style", "UICommon", "Navigator", "Web"]),
    (["all"], ["Core", "Network", "XMLExt", "Style", "UICommon", "Table", "Navigator", "Image", "Web"]),
  ])
  func closureAddsEveryDependencyInGraphOrder(names: [String], expected: [String]) throws {
    #expect(try graph.closure(of: names).map(\.shortName) == expected)
  }

  /// Short names, Swift module names and Three20's names resolve, ignoring case.
  @Test(arguments: [
    ("Table", "Table"), ("table", "Table"), ("THREE20TABLE", "Table"), ("Three20Table", "Table"),
    ("Three20UI", "Table"), ("three20uinavigator", "Navigator"), ("Three20UICommon", "UICommon"),
    ("uicommon", "UICommon"),
    ("extThree20XML", "XMLExt"), ("Three20XML", "XMLExt"), ("xmlext", "XMLExt"),
    ("extThree20JSON", "Network"), ("Three20Core", "Core"), ("Three20Network", "Network"),
    ("Image", "Image"), ("three20image", "Image"), ("photos", "Image"),
    ("Web", "Web"), ("three20web", "Web"), ("TTWebController", "Web"), ("browser", "Web"),
    ("TTTextEditor", "UICommon"), ("TTLauncherView", "UICommon"),
    ("launcher", "UICommon"), ("TTMessageController", "Table"), ("composer", "Table"),
  ])
  func resolvesEveryAcceptedName(name: String, expected: String) throws {
    #expect(try graph.resolve(name).shortName == expected)
  }

  /// An unknown name fails with the valid names and the closest one.
  @Test(arguments: [
    ("Tabel", "Table"), ("Navigater", "Navigator"), ("Three20Tabel", "Three20Table"), ("cor", "Core"),
    ("Nav", "Navigator"), ("netw", "Network"), ("Imgae", "Image"), ("Wbe", "Web"),
  ])
  func unknownNameSuggestsTheClosest(typo: String, suggestion: String) {
    #expect {
      _ = try graph.resolve(typo)
    } throws: { error in
      guard let error = error as? TTModuleToolError else { return false }
      return error.kind == .invalidInput && error.exitStatus == 64
        && error.message.contains("Did you mean '\(suggestion)'?")
        && error.message.contains("Core, Network, XMLExt, Style, UICommon, Table, Navigator, Image, Web")
    }
  }

  /// A name far from every module gets no suggestion, and hostile input is just unknown.
  @Test(arguments: [
    "zzzzzzzzzz", "../../etc/passwd", "", "Table; rm -rf /", String(repeating: "x", count: 10_000),
  ])
  func farNamesGetNoSuggestion(name: String) {
    #expect(graph.suggestion(for: name) == nil || name.isEmpty)
    #expect(throws: TTModuleToolError.self) { try graph.resolve(name) }
  }

  /// Naming no module at all is an input error.
  @Test func namingNothingIsRefused() {
    #expect(throws: TTModuleToolError.self) { try graph.resolve(all: []) }
  }

  /// Naming a module twice, or by two names, keeps it once.
  @Test func repeatedNamesCountOnce() throws {
    #expect(try graph.resolve(all: ["Table", "three20ui", "Three20Table"]).map(\.shortName) == ["Table"])
  }

  /// The modules that need a module are found among those that stay, directly or not.
  @Test func dependentsAreFoundTransitively() {
    #expect(graph.dependents(of: "Core", among: ["Table", "Network"]) == ["Network", "Table"])
    #expect(graph.dependents(of: "Style", among: ["Core", "Navigator"]) == ["Navigator"])
    #expect(graph.dependents(of: "Network", among: ["Core", "Style", "Table"]).isEmpty)
  }
}
