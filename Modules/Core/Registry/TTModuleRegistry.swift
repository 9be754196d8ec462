import Synchronization

/// The modules linked into this program, as they registered themselves.
///
/// Three20 discovered its extensions by scanning the Objective-C runtime. Swift has no such
/// scan, so each module's description is registered explicitly: the umbrella module `Three20`
/// registers every module at once, and a program that picks modules one by one registers the
/// ones it uses. Three20Core is always registered.
///
/// ```swift
/// TTModuleRegistry.shared.register(.network)
/// for module in TTModuleRegistry.shared.modules {
///   print(module.identifier, module.dependencies)
/// }
/// // Three20Core []
/// // Three20Network ["Three20Core"]
/// ```
///
/// The registry is safe to use from any thread.
public final class TTModuleRegistry: Sendable {
  /// The registry of this process.
  public static let shared = TTModuleRegistry()

  private let entries: Mutex<[String: TTModuleInfo]>

  /// Creates a registry that holds only ``TTModuleInfo/core``.
  public init() {
    entries = Mutex([TTModuleInfo.core.identifier: .core])
  }

  /// Registers a module.
  ///
  /// Registering the same description twice changes nothing.
  ///
  /// - Parameter module: The module's description.
  /// - Throws: ``TTCoreError`` with code ``TTCoreError/Code/conflictingModule`` when a
  ///   different description is already registered under the same identifier; the registry
  ///   keeps the first one.
  public func register(_ module: TTModuleInfo) throws(TTCoreError) {
    let existing: TTModuleInfo? = entries.withLock { entries in
      if let existing = entries[module.identifier] { return existing }
      entries[module.identifier] = module
      return nil
    }
    if let existing, existing != module {
      throw TTCoreError(
        .conflictingModule,
        "A different description of module '\(module.identifier)' is already registered "
          + "(version \(existing.version), new one \(module.version)). "
          + "Register each module once, with the description the module itself publishes.")
    }
  }

  /// Every registered module, dependencies before the modules that use them, ties by identifier.
  ///
  /// Modules come in rounds: first those that need no registered module, then those whose
  /// dependencies are all listed, and so on, each round sorted by identifier. Modules caught in
  /// a cycle come last, sorted by identifier. Listing takes time in proportion to the modules
  /// and their dependencies (times a logarithm for sorting), however long the chains.
  public var modules: [TTModuleInfo] {
    let all = entries.withLock { $0 }
    // For each module, how many of its registered dependencies are not listed yet, and which
    // modules wait for it.
    var waitingFor: [String: Int] = [:]
    var dependents: [String: [String]] = [:]
    for module in all.values {
      let registered = Set(module.dependencies.filter { all[$0] != nil })
      waitingFor[module.identifier] = registered.count
      for dependency in registered { dependents[dependency, default: []].append(module.identifier) }
    }
    var ordered: [TTModuleInfo] = []
    ordered.reserveCapacity(all.count)
    var round = waitingFor.filter { $0.value == 0 }.map(\.key)
    while !round.isEmpty {
      round.sort()
      var next: [String] = []
      for identifier in round {
        if let module = all[identifier] { ordered.append(module) }
        waitingFor[identifier] = nil
        for dependent in dependents[identifier] ?? [] {
          guard let count = waitingFor[dependent] else { continue }
          waitingFor[dependent] = count - 1
          if count == 1 { next.append(dependent) }
        }
      }
      round = next
    }
    // A cycle cannot be placed by dependency order; fall back to name order so that listing
    // never loops or drops a module.
    ordered += waitingFor.keys.sorted().compactMap { all[$0] }
    return ordered
  }

  /// Looks a module up by identifier (`Three20Table`) or short name (`Table`), ignoring case.
  ///
  /// - Parameter name: The identifier or short name.
  /// - Returns: The module's description, or `nil` when no such module is registered.
  public func module(named name: String) -> TTModuleInfo? {
    let key = name.lowercased()
    return entries.withLock { entries in
      entries.values.first { $0.identifier.lowercased() == key || $0.shortName.lowercased() == key }
    }
  }

  /// The registered modules that name a dependency which is not registered.
  ///
  /// Each entry gives the module and the identifiers it misses; the list is empty when every
  /// dependency is present.
  ///
  /// This is the counterpart of Three20's `failedExtensions`.
  public var unmetDependencies: [(module: TTModuleInfo, missing: [String])] {
    let all = entries.withLock { $0 }
    return all.values.sorted { $0.identifier < $1.identifier }.compactMap { module in
      let missing = module.dependencies.filter { all[$0] == nil }
      return missing.isEmpty ? nil : (module, missing)
    }
  }

  /// The identifiers of every module that `identifier` depends on, directly or not.
  ///
  /// They come in dependency order. Unregistered dependencies are included by name but not
  /// followed. The walk keeps its own stack, so a chain of dependencies of any length is
  /// followed without recursion.
  ///
  /// - Parameter identifier: The module whose dependencies to collect.
  /// - Returns: The transitive dependencies, not including `identifier` itself.
  public func dependencies(of identifier: String) -> [String] {
    let all = entries.withLock { $0 }
    var result: [String] = []
    var visiting: Set<String> = [identifier]
    // The modules being visited, each with its dependencies and how many of them are done.
    var stack = [(name: identifier, dependencies: all[identifier]?.dependencies ?? [], next: 0)]
    while let top = stack.last {
      guard top.next < top.dependencies.count else {
        stack.removeLast()
        if top.name != identifier { result.append(top.name) }
        continue
      }
      stack[stack.count - 1].next += 1
      let dependency = top.dependencies[top.next]
      guard visiting.insert(dependency).inserted else { continue }
      stack.append((dependency, all[dependency]?.dependencies ?? [], 0))
    }
    return result
  }
}
