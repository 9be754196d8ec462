import Foundation
import TTModuleKit
import Testing
import Three20
import Three20TestSupport

/// The module graph `ttmodule` uses (the module registry) and the `modules` table of the
/// repository's Package.swift, read through `swift package dump-package`, must agree.
@Suite struct TTModuleGraphSourceTests {
  /// The repository root, from this file's location.
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `swift package dump-package` of the repository, as JSON.
  static func dumpPackage() throws -> [String: Any] {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ttmodule-dump-\(UUID().uuidString)")
    let scratch = work.appendingPathComponent("scratch")
    let temporary = work.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    // Its own scratch path, so it never waits for the lock of the build running these tests, and
    // its own TMPDIR, where SwiftPM leaves the lock file of that scratch path.
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    let result = try TTTestProcess.run(
      "/usr/bin/env",
      [
        "swift", "package", "dump-package", "--package-path", repositoryRoot.path, "--scratch-path",
        scratch.path,
      ], environment: environment)
    let data = Data(result.output.utf8)
    try #require(result.status == 0, "swift package dump-package failed: \(result.errors)")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The names a target depends on, whatever form the manifest used.
  static func dependencyNames(_ target: [String: Any]) -> [String] {
    let dependencies = target["dependencies"] as? [[String: Any]] ?? []
    return dependencies.compactMap { dependency in
      for kind in ["byName", "target", "product"] {
        if let values = dependency[kind] as? [Any], let name = values.first as? String { return name }
      }
      return nil
    }
  }

  /// Every module of Package.swift is in the registry with the same edges, folder and C libraries.
  @Test func registryAgreesWithPackageSwift() throws {
    let manifest = try Self.dumpPackage()
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    let byName = Dictionary(targets.compactMap { target in (target["name"] as? String).map { ($0, target) } })
    { a, _ in a }
    let graph = TTModuleGraph.three20
    let identifiers = Set(graph.modules.map(\.identifier))

    // The library targets under Modules/<Short>, except the shims and the umbrella, are the modules.
    let moduleTargets = targets.filter { target in
      let path = target["path"] as? String ?? ""
      return target["type"] as? String == "regular" && path.hasPrefix("Modules/")
        && !path.hasPrefix("Modules/CShims")
        && target["name"] as? String != "Three20"
    }
    #expect(Set(moduleTargets.compactMap { $0["name"] as? String }) == identifiers)

    for module in graph.modules {
      let target = try #require(byName[module.identifier], "Package.swift has no target \(module.identifier)")
      #expect(target["path"] as? String == "Modules/\(module.shortName)")
      let names = Self.dependencyNames(target)
      let edges = Set(names.filter(identifiers.contains))
      let expected = Set(module.dependencies.compactMap { graph.module(short: $0)?.identifier })
      #expect(
        edges == expected,
        "\(module.identifier): Package.swift \(edges.sorted()), registry \(expected.sorted())")

      // The system-library shims it uses provide exactly the Debian packages the registry names.
      let shims = names.compactMap { byName[$0] }.filter { $0["type"] as? String == "system" }
      let apt = shims.flatMap { shim in
        (shim["providers"] as? [[String: Any]] ?? []).flatMap {
          ($0["apt"] as? [[String]])?.flatMap { $0 } ?? []
        }
      }
      let info = try #require(TTModuleInfo.allModules.first { $0.identifier == module.identifier })
      #expect(
        Set(apt) == Set(info.systemLibraries.map(\.package)), "\(module.identifier) links other libraries")
    }

    // Each module has its own library product.
    let products = try #require(manifest["products"] as? [[String: Any]])
    for module in graph.modules {
      let product = products.first { $0["name"] as? String == module.identifier }
      #expect(product?["targets"] as? [String] == [module.identifier], "no product \(module.identifier)")
    }
  }
}
