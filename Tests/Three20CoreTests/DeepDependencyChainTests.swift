// A chain of a million registered modules, each depending on the next: following and ordering
// it must neither recurse once per module nor take quadratic time (issue 13).
import Testing
import Three20Core

@Suite("Deep dependency chain")
struct DeepDependencyChainTests {
  /// How long the chain is.
  static let length = 1_000_000

  /// A registry where `m0` depends on `m1`, `m1` on `m2`, and so on to the end of the chain.
  private static func chainRegistry() throws -> TTModuleRegistry {
    let registry = TTModuleRegistry()
    for index in 0..<length {
      try registry.register(
        TTModuleInfo(
          identifier: "m\(index)", shortName: "m\(index)", name: "", summary: "",
          dependencies: index + 1 < length ? ["m\(index + 1)"] : [], authors: []))
    }
    return registry
  }

  /// The transitive dependencies of the chain's head are every other module, deepest first.
  @Test func dependenciesOfAMillionLongChain() throws {
    let registry = try Self.chainRegistry()
    let dependencies = registry.dependencies(of: "m0")
    #expect(dependencies.count == Self.length - 1)
    #expect(dependencies.first == "m\(Self.length - 1)")
    #expect(dependencies.last == "m1")
  }

  /// The chain is listed dependencies first, in time that does not grow with its square.
  @Test(.timeLimit(.minutes(1))) func modulesOfAMillionLongChain() throws {
    let registry = try Self.chainRegistry()
    let modules = registry.modules.map(\.identifier)
    #expect(modules.count == Self.length + 1)
    #expect(modules.first == "Three20Core")
    #expect(modules[1] == "m\(Self.length - 1)")
    #expect(modules.last == "m0")
  }

  /// Modules in a cycle, and those that need them, come last in name order; nothing is lost.
  @Test func cyclesComeLastInNameOrder() throws {
    let registry = TTModuleRegistry()
    try registry.register(
      TTModuleInfo(identifier: "c", shortName: "c", name: "", summary: "", dependencies: ["d"]))
    try registry.register(
      TTModuleInfo(identifier: "d", shortName: "d", name: "", summary: "", dependencies: ["c"]))
    try registry.register(
      TTModuleInfo(identifier: "a", shortName: "a", name: "", summary: "", dependencies: ["c"]))
    try registry.register(
      TTModuleInfo(identifier: "b", shortName: "b", name: "", summary: "", dependencies: ["b"]))
    try registry.register(
      TTModuleInfo(
        identifier: "e", shortName: "e", name: "", summary: "", dependencies: ["Three20Core", "x"]))
    #expect(registry.modules.map(\.identifier) == ["Three20Core", "e", "a", "b", "c", "d"])
  }
}
