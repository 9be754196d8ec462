import Foundation
import Testing
import Three20

/// The module graph of the design, which Package.swift must also follow (CI checks the
/// manifest with scripts/check-module-graph.py; these tests check what each module says of itself).
@Suite("Module graph")
struct ModuleGraphTests {
  /// The design's edges, from scripts/module-graph.json (the one statement of the design's graph
  /// apart from Package.swift), as Swift module → the Three20 modules it may use.
  static let allowedEdges: [String: Set<String>] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/module-graph.json")
    struct Graph: Decodable {
      struct Edges: Decodable { var modules: [String] }
      var modules: [String: Edges]
    }
    guard let data = try? Data(contentsOf: file),
      let graph = try? JSONDecoder().decode(Graph.self, from: data)
    else { return [:] }
    return graph.modules.mapValues { Set($0.modules) }
  }()

  /// Every module of the design is listed once, with the short names `ttmodule` accepts.
  @Test func everyModuleIsListedOnce() {
    #expect(Self.allowedEdges.count >= 7, "scripts/module-graph.json could not be read")
    let identifiers = TTModuleInfo.allModules.map(\.identifier)
    #expect(Set(identifiers) == Set(Self.allowedEdges.keys))
    #expect(identifiers.count == Set(identifiers).count)
    #expect(
      Set(TTModuleInfo.allModules.map(\.shortName))
        == ["Core", "Network", "XMLExt", "Style", "UICommon", "Table", "Navigator", "Image", "Web"])
  }

  /// Each module's declared dependencies are exactly the design's edges.
  @Test(arguments: TTModuleInfo.allModules)
  func dependenciesMatchTheDesign(module: TTModuleInfo) {
    #expect(Set(module.dependencies) == Self.allowedEdges[module.identifier])
  }

  /// Only Network, XMLExt and Image link C libraries, and they report real versions.
  @Test(arguments: TTModuleInfo.allModules)
  func systemLibrariesAreTheAllowedOnes(module: TTModuleInfo) {
    let names = Set(module.systemLibraries.map(\.name))
    switch module.shortName {
    case "Network": #expect(names == ["libcurl", "libsqlite3"])
    case "XMLExt": #expect(names == ["libxml2"])
    case "Image": #expect(names == ["libspng", "libturbojpeg", "giflib", "libwebp", "libchafa"])
    default: #expect(names.isEmpty)
    }
    // TurboJPEG has no call or macro that gives its version, so Image names its API instead.
    for library in module.systemLibraries where library.name != "libturbojpeg" {
      let parts = library.version.split(separator: ".")
      #expect(parts.count >= 2, "\(library.name) version '\(library.version)'")
      #expect(parts.allSatisfy { Int($0) != nil }, "\(library.name) version '\(library.version)'")
    }
  }

  /// Registering everything leaves no dependency unmet and lists Core first.
  @Test func registeringAllModulesMeetsEveryDependency() {
    let registry = TTModuleRegistry()
    registry.registerAllModules()
    registry.registerAllModules()
    #expect(registry.unmetDependencies.isEmpty)
    #expect(registry.modules.count == 9)
    #expect(registry.modules.first == .core)
    #expect(registry.dependencies(of: "Three20Table") == ["Three20Core", "Three20Style", "Three20UICommon"])
  }
}
