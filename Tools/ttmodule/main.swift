// ttmodule: lists Three20's modules and their dependencies. Scaffolding new projects
// (`ttmodule new`, `add`, `remove`) is not part of this release yet.
import Foundation
import Three20

let registry = TTModuleRegistry.shared
registry.registerAllModules()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("ttmodule: \(message)\n".utf8))
  exit(64)
}

func resolve(_ name: String) -> TTModuleInfo {
  if let module = registry.module(named: name) { return module }
  let valid = registry.modules.map(\.shortName).joined(separator: ", ")
  fail("unknown module '\(name)'. Valid modules: \(valid).")
}

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()

switch command {
case "list":
  for module in registry.modules {
    let uses = module.dependencies.compactMap { registry.module(named: $0)?.shortName }
    let links = module.systemLibraries.map(\.name)
    print(
      "\(module.shortName.padding(toLength: 10, withPad: " ", startingAt: 0)) "
        + "\(module.identifier.padding(toLength: 17, withPad: " ", startingAt: 0)) "
        + "uses: \(uses.isEmpty ? "-" : uses.joined(separator: ", "))"
        + (links.isEmpty ? "" : "; links: \(links.joined(separator: ", "))"))
    print("           \(module.summary)")
  }
case "deps":
  if arguments.isEmpty { fail("'deps' needs at least one module name, for example: ttmodule deps Table") }
  for name in arguments {
    let module = resolve(name)
    let direct = module.dependencies.compactMap { registry.module(named: $0)?.shortName }
    let all = registry.dependencies(of: module.identifier).compactMap {
      registry.module(named: $0)?.shortName
    }
    print("\(module.shortName): direct \(direct.isEmpty ? "none" : direct.joined(separator: ", "))")
    print("  all \(all.isEmpty ? "none" : all.joined(separator: ", "))")
  }
case "help", "--help", "-h":
  print(
    """
    USAGE: ttmodule <command> [module …]

    COMMANDS:
      list           Every module, what it uses and the C libraries it links.
      deps MODULE…   The direct and transitive dependencies of each module.
    """)
default:
  fail("unknown command '\(command)'. Commands: list, deps.")
}
