import Three20

/// The module registry: what is linked into this program, straight from `TTModuleRegistry`.
final class CoreModulesDemo: CatalogPageController {
  init() { super.init(title: "Module registry") }

  override func makeBlocks() -> [CatalogBlock] {
    let registry = TTModuleRegistry.shared
    registry.registerAllModules()
    var blocks: [CatalogBlock] = [
      .code(
        "TTModuleRegistry.shared.registerAllModules()\nfor module in TTModuleRegistry.shared.modules { … }"),
      .text("Three20 for Swift \(TTModuleInfo.three20Version)", CatalogBlock.headingStyle),
    ]
    for module in registry.modules {
      let uses = module.dependencies.compactMap { registry.module(named: $0)?.shortName }
      var pairs = [
        ("module", "\(module.identifier) \(module.version)"),
        ("uses", uses.isEmpty ? "Foundation only" : uses.joined(separator: ", ")),
      ]
      if !module.systemLibraries.isEmpty {
        pairs.append(
          ("links", module.systemLibraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")))
      }
      blocks += [.heading(module.shortName), .text(module.summary), .pairs(pairs)]
    }
    return blocks
  }
}
