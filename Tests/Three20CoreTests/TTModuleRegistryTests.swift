import Testing
import Three20Core

@Suite("TTModuleRegistry")
struct TTModuleRegistryTests {
  static let alpha = TTModuleInfo(
    identifier: "Alpha", shortName: "A", name: "Alpha", summary: "first", dependencies: ["Three20Core"])
  static let beta = TTModuleInfo(
    identifier: "Beta", shortName: "B", name: "Beta", summary: "second", dependencies: ["Alpha"])

  /// A new registry holds Three20Core and nothing else.
  @Test func newRegistryHoldsOnlyCore() {
    let registry = TTModuleRegistry()
    #expect(registry.modules == [.core])
    #expect(registry.unmetDependencies.isEmpty)
  }

  /// Modules are listed with their dependencies first, whatever the registration order.
  @Test func modulesAreListedDependenciesFirst() throws {
    let registry = TTModuleRegistry()
    try registry.register(Self.beta)
    try registry.register(Self.alpha)
    #expect(registry.modules.map(\.identifier) == ["Three20Core", "Alpha", "Beta"])
  }

  /// Registering the same description twice changes nothing.
  @Test func registeringTwiceIsIdempotent() throws {
    let registry = TTModuleRegistry()
    try registry.register(Self.alpha)
    try registry.register(Self.alpha)
    #expect(registry.modules.count == 2)
  }

  /// A different description under a taken identifier is refused, and the first one is kept.
  @Test func conflictingDescriptionIsRefused() throws {
    let registry = TTModuleRegistry()
    try registry.register(Self.alpha)
    var other = Self.alpha
    other.version = "9.9"
    let error = #expect(throws: TTCoreError.self) { try registry.register(other) }
    #expect(error?.code == .conflictingModule)
    #expect(error?.message.contains("'Alpha'") == true)
    #expect(error?.message.contains("9.9") == true)
    #expect(registry.module(named: "Alpha")?.version == TTModuleInfo.three20Version)
  }

  /// Lookup accepts the identifier or the short name, in any case.
  @Test(arguments: ["Alpha", "alpha", "A", "a", "ALPHA"])
  func lookupByIdentifierOrShortName(name: String) throws {
    let registry = TTModuleRegistry()
    try registry.register(Self.alpha)
    #expect(registry.module(named: name)?.identifier == "Alpha")
  }

  /// An unknown name finds nothing.
  @Test func unknownNameFindsNothing() {
    #expect(TTModuleRegistry().module(named: "Nope") == nil)
  }

  /// A module whose dependency is missing is reported with what is missing.
  @Test func missingDependenciesAreReported() throws {
    let registry = TTModuleRegistry()
    try registry.register(Self.beta)
    let unmet = registry.unmetDependencies
    #expect(unmet.count == 1)
    #expect(unmet.first?.module.identifier == "Beta")
    #expect(unmet.first?.missing == ["Alpha"])
  }

  /// Transitive dependencies come in dependency order, without the module itself.
  @Test func transitiveDependenciesInOrder() throws {
    let registry = TTModuleRegistry()
    try registry.register(Self.alpha)
    try registry.register(Self.beta)
    #expect(registry.dependencies(of: "Beta") == ["Three20Core", "Alpha"])
    #expect(registry.dependencies(of: "Three20Core") == [])
  }

  /// A dependency cycle never hangs listing or dependency collection, and loses no module.
  @Test func cyclesNeitherHangNorDropModules() throws {
    let registry = TTModuleRegistry()
    try registry.register(
      TTModuleInfo(identifier: "X", shortName: "X", name: "X", summary: "", dependencies: ["Y"]))
    try registry.register(
      TTModuleInfo(identifier: "Y", shortName: "Y", name: "Y", summary: "", dependencies: ["X"]))
    #expect(Set(registry.modules.map(\.identifier)) == ["Three20Core", "X", "Y"])
    #expect(registry.dependencies(of: "X") == ["Y"])
  }

  /// Three20Core depends on nothing and links no C library.
  @Test func coreDependsOnNothing() {
    #expect(TTModuleInfo.core.dependencies.isEmpty)
    #expect(TTModuleInfo.core.systemLibraries.isEmpty)
    #expect(TTModuleInfo.core.shortName == "Core")
  }

  /// Registration from many threads at once loses nothing.
  @Test func concurrentRegistrationLosesNothing() async {
    let registry = TTModuleRegistry()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          try? registry.register(
            TTModuleInfo(identifier: "M\(index)", shortName: "M\(index)", name: "", summary: ""))
        }
      }
    }
    #expect(registry.modules.count == 201)
  }
}
