// The Three20 Catalog. At this stage of the project it lists the modules linked into it,
// straight from the module registry; the demos arrive with each module.
import Foundation
import Three20

let registry = TTModuleRegistry.shared
registry.registerAllModules()

let arguments = CommandLine.arguments.dropFirst()

if arguments.contains("--modules-json") {
  // Machine-readable list, used by scripts/check-module-graph.py to compare the registry with
  // the package manifest.
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  let data = try encoder.encode(registry.modules)
  print(String(decoding: data, as: UTF8.self))
  exit(0)
}

if let unknown = arguments.first(where: { $0 != "--help" && $0 != "-h" }) {
  FileHandle.standardError.write(
    Data("Catalog: unknown argument '\(unknown)'. Run 'Catalog --help' for the options.\n".utf8))
  exit(64)
}

if arguments.contains("--help") || arguments.contains("-h") {
  print(
    """
    USAGE: Catalog [--modules-json]

    Lists the Three20 modules linked into the Catalog, with what each is for, the modules it
    builds on and the C libraries it links.

    OPTIONS:
      --modules-json  Print the module registry as JSON.
      -h, --help      Show this help.
    """)
  exit(0)
}

print("Three20 for Swift \(TTModuleInfo.three20Version) — modules\n")
for module in registry.modules {
  print("\(module.shortName)  (\(module.identifier) \(module.version))")
  print("  \(module.summary)")
  let uses = module.dependencies.compactMap { registry.module(named: $0)?.shortName }
  print("  uses: \(uses.isEmpty ? "Foundation only" : uses.joined(separator: ", "))")
  if !module.systemLibraries.isEmpty {
    let libraries = module.systemLibraries.map { "\($0.name) \($0.version)" }
    print("  links: \(libraries.joined(separator: ", "))")
  }
  print("")
}
