public import Foundation
import Three20

/// What `ttmodule` does, as functions that return the text to print: the commands call these,
/// and the tests call them in-process.
///
/// ```swift
/// let tool = TTModuleTool()
/// print(try tool.dependencies(of: ["Table"], json: false))
/// // Table (Three20Table) needs Core, Style
/// // Table
/// // ├─ Core
/// // └─ Style
/// //    └─ Core
/// ```
public struct TTModuleTool: Sendable {
  /// The module graph the tool works with; ``TTModuleGraph/three20`` by default.
  public var graph: TTModuleGraph

  /// Creates the tool.
  ///
  /// - Parameter graph: The module graph; ``TTModuleGraph/three20`` by default.
  public init(graph: TTModuleGraph = .three20) {
    self.graph = graph
  }

  // MARK: - list and deps

  /// Every module: short name, Swift module, direct dependencies, linked C libraries, summary.
  ///
  /// - Parameter json: Whether to return JSON (an array of modules) instead of text.
  /// - Returns: The text to print.
  public func list(json: Bool) -> String {
    if json { return Self.json(graph.modules) }
    let width = (graph.modules.map(\.shortName.count).max() ?? 0) + 2
    let idWidth = (graph.modules.map(\.identifier.count).max() ?? 0) + 2
    var lines: [String] = []
    for module in graph.modules {
      let uses = module.dependencies.isEmpty ? "-" : module.dependencies.joined(separator: ", ")
      let links = module.systemLibraries.isEmpty ? "-" : module.systemLibraries.joined(separator: ", ")
      lines.append(
        Self.pad(module.shortName, width) + Self.pad(module.identifier, idWidth)
          + "uses: \(uses); links: \(links)")
      lines.append(String(repeating: " ", count: width) + module.summary)
    }
    return lines.joined(separator: "\n")
  }

  /// The dependency tree of each named module, direct and transitive.
  ///
  /// - Parameters:
  ///   - names: Module names in any accepted form.
  ///   - json: Whether to return JSON: per module its `direct` and `all` dependencies and the
  ///     C libraries a program using it links.
  /// - Returns: The text to print.
  /// - Throws: ``TTModuleToolError`` for an unknown name.
  public func dependencies(of names: [String], json: Bool) throws(TTModuleToolError) -> String {
    let modules = try graph.resolve(all: names)
    if json {
      struct Entry: Encodable {
        var module: String
        var identifier: String
        var direct: [String]
        var all: [String]
        var links: [String]
      }
      let entries = modules.map { module in
        let closure = graph.closure(ofModules: [module.shortName])
        return Entry(
          module: module.shortName, identifier: module.identifier, direct: module.dependencies,
          all: closure.filter { $0 != module }.map(\.shortName),
          links: Self.unique(closure.flatMap(\.systemLibraries)))
      }
      return Self.json(entries)
    }
    var lines: [String] = []
    for module in modules {
      let all = graph.transitiveDependencies(of: module.shortName).map(\.shortName)
      let needs = all.isEmpty ? "needs no other module" : "needs \(all.joined(separator: ", "))"
      let links = Self.unique(graph.closure(ofModules: [module.shortName]).flatMap(\.systemLibraries))
      lines.append(
        "\(module.shortName) (\(module.identifier)) \(needs); links "
          + (links.isEmpty ? "no C library" : links.joined(separator: ", ")))
      lines.append(module.shortName)
      appendTree(of: module.shortName, prefix: "", into: &lines)
    }
    return lines.joined(separator: "\n")
  }

  private func appendTree(of shortName: String, prefix: String, into lines: inout [String]) {
    let children = graph.module(short: shortName)?.dependencies ?? []
    for (index, child) in children.enumerated() {
      let last = index == children.count - 1
      lines.append(prefix + (last ? "└─ " : "├─ ") + child)
      appendTree(of: child, prefix: prefix + (last ? "   " : "│  "), into: &lines)
    }
  }

  /// "Table needs UICommon, Style, Core." for each chosen module that needs others.
  func needsLines(for chosen: [TTModuleGraph.Module]) -> [String] {
    chosen.compactMap { module in
      let all = graph.transitiveDependencies(of: module.shortName).map(\.shortName)
      return all.isEmpty ? nil : "\(module.shortName) needs \(all.reversed().joined(separator: ", "))."
    }
  }

  // MARK: - new

  /// Plans, and unless `dryRun` writes, a starter project.
  ///
  /// - Parameters:
  ///   - path: The project directory; created, or empty, or (with `force`) overwritten file by file.
  ///   - name: The project name; by default the directory's name.
  ///   - source: Where Three20 comes from.
  ///   - moduleNames: The modules, in any accepted form; their dependencies are added.
  ///   - force: Whether to write into a non-empty directory, replacing files of the same name.
  ///   - dryRun: Whether to only print the plan.
  /// - Returns: The report to print: the closure and the file plan.
  /// - Throws: ``TTModuleToolError`` when a name is invalid or the directory is in the way.
  public func newProject(
    at path: String, name: String?, source: TTThree20Source, modules moduleNames: [String], force: Bool,
    dryRun: Bool
  ) throws(TTModuleToolError) -> String {
    let chosen = try graph.resolve(all: moduleNames)
    let closure = graph.closure(ofModules: chosen.map(\.shortName))
    let directory = URL(fileURLWithPath: path).standardizedFileURL
    let projectName = name ?? directory.lastPathComponent
    do {
      try TTProjectTemplate.validateName(projectName)
    } catch {
      guard name == nil else { throw error }
      throw TTModuleToolError(
        .invalidInput,
        "the directory name cannot be the project name: "
          + error.message.replacingOccurrences(of: " Choose a name such as MyApp with --name.", with: "")
          + " Pass --name NAME, for example --name \(Self.suggestedName(from: projectName)).")
    }
    if directory.lastPathComponent.lowercased() == source.packageIdentity {
      throw TTModuleToolError(
        .refused,
        "the directory name \(TTMessageText.quoted(directory.lastPathComponent)) would give the project the "
          + "same SwiftPM identity as the Three20 package it depends on "
          + "(\(TTMessageText.quoted(source.packageIdentity))), which SwiftPM rejects. Choose another directory name."
      )
    }
    // A link to a directory is followed: the files go into the directory it leads to.
    var target: URL?
    switch TTFileOperations.kind(of: directory) {
    case .missing: target = nil
    case .directory(let resolved, _): target = resolved
    case .file:
      throw TTModuleToolError(
        .refused, "\(TTFileOperations.shown(directory)) is a file, not a directory. Choose another PATH.")
    case .other(let name):
      throw TTModuleToolError(
        .refused, "\(TTFileOperations.shown(directory)) is \(name), not a directory. Choose another PATH.")
    }
    if let target { try TTFileOperations.requireWritableDirectory(target, shownAs: directory) }
    let existing = target.map { TTFileOperations.contents(of: $0) } ?? []
    if !existing.isEmpty, !force {
      let shown =
        existing.prefix(5).map { TTMessageText.escaped($0) }.joined(separator: ", ")
        + (existing.count > 5 ? ", …" : "")
      throw TTModuleToolError(
        .refused,
        "\(TTFileOperations.shown(directory)) is not empty (\(shown)). Choose a new or empty directory, or pass "
          + "--force to write the starter's files over files of the same name (other files are kept).")
    }
    let template = TTProjectTemplate(name: projectName, source: source, modules: closure)
    let files = template.files
    var lines = needsLines(for: chosen)
    lines.append(
      "Modules: \(closure.map(\.shortName).joined(separator: ", ")) "
        + "(products \(closure.map(\.identifier).joined(separator: ", ")))")
    lines.append("Three20: \(Self.describe(source))")
    lines.append("\(dryRun ? "Would write" : "Wrote") \(Self.text(directory.path))/ (\(projectName)):")
    if let target, target.path != directory.path {
      lines.append(
        "  (\(Self.text(directory.path)) is a link to \(Self.text(target.path)); the files go there)")
    }
    for file in files {
      let replaced =
        existing.isEmpty
        ? false : TTFileOperations.existence(of: directory.appendingPathComponent(file.path)).exists
      lines.append(
        "  \(file.path) (\(file.contents.utf8.count) bytes)\(replaced ? ", replacing the existing file" : "")"
      )
    }
    if dryRun {
      lines.append("Nothing was written (--dry-run).")
      return lines.joined(separator: "\n")
    }
    try TTFileOperations.writeProject(files, to: directory)
    lines.append("Next: cd \(Self.text(directory.path)) && swift run \(projectName) && swift test")
    return lines.joined(separator: "\n")
  }

  // MARK: - add and remove

  /// Adds modules (and what they need) to a project made by `ttmodule new`.
  ///
  /// Adding modules the project already has changes nothing, not even the file's date.
  ///
  /// - Parameters:
  ///   - moduleNames: The modules, in any accepted form.
  ///   - projectPath: The project directory (holding `Package.swift`).
  ///   - dryRun: Whether to only print what would change.
  /// - Returns: The report to print.
  /// - Throws: ``TTModuleToolError`` when a name is unknown or `Package.swift` has no
  ///   readable ttmodule region.
  public func add(
    _ moduleNames: [String], project projectPath: String, dryRun: Bool
  ) throws(TTModuleToolError)
    -> String
  {
    let chosen = try graph.resolve(all: moduleNames)
    let project = try TTProjectManifest(directory: projectPath, graph: graph)
    let current = project.modules
    let updated = graph.closure(ofModules: current.map(\.shortName) + chosen.map(\.shortName))
    var lines = needsLines(for: chosen)
    let added = updated.filter { !current.contains($0) }
    guard !added.isEmpty else {
      lines.append(
        "Nothing to change: \(Self.text(project.manifestURL.path)) already uses "
          + "\(current.map(\.shortName).joined(separator: ", ")).")
      return lines.joined(separator: "\n")
    }
    lines.append(
      "\(dryRun ? "Would add" : "Added") \(added.map(\.shortName).joined(separator: ", ")) to \(Self.text(project.manifestURL.path))"
    )
    lines.append("Modules: \(updated.map(\.shortName).joined(separator: ", "))")
    if !dryRun { try project.write(modules: updated) }
    if dryRun { lines.append("Nothing was written (--dry-run).") }
    return lines.joined(separator: "\n")
  }

  /// Removes modules from a project made by `ttmodule new`.
  ///
  /// A module another remaining module needs is refused with the reason, and so is a module the
  /// project's sources still import (unless `force`). Removing a module the project does not use
  /// changes nothing.
  ///
  /// - Parameters:
  ///   - moduleNames: The modules, in any accepted form.
  ///   - projectPath: The project directory.
  ///   - force: Whether to remove modules the sources still import.
  ///   - dryRun: Whether to only print what would change.
  /// - Returns: The report to print.
  /// - Throws: ``TTModuleToolError`` when the removal is refused or the project is unreadable.
  public func remove(
    _ moduleNames: [String], project projectPath: String, force: Bool, dryRun: Bool
  )
    throws(TTModuleToolError) -> String
  {
    let chosen = try graph.resolve(all: moduleNames)
    let project = try TTProjectManifest(directory: projectPath, graph: graph)
    let current = project.modules
    let removing = chosen.filter { current.contains($0) }
    var lines = chosen.filter { !current.contains($0) }.map { "\($0.shortName) is not in the project." }
    guard !removing.isEmpty else {
      lines.append("Nothing to change in \(Self.text(project.manifestURL.path)).")
      return lines.joined(separator: "\n")
    }
    let remaining = current.filter { !removing.contains($0) }
    var reasons: [String] = []
    for module in removing {
      let users = graph.dependents(of: module.shortName, among: remaining.map(\.shortName))
      if !users.isEmpty {
        reasons.append(
          "\(users.joined(separator: " and ")) \(users.count == 1 ? "needs" : "need") \(module.shortName) "
            + "(remove \(users.joined(separator: " and ")) too, or keep \(module.shortName))")
      }
    }
    if !reasons.isEmpty {
      throw TTModuleToolError(
        .refused, "cannot remove: " + reasons.joined(separator: "; ") + ". Nothing was changed.")
    }
    if !force {
      let importers = project.sourcesImporting(removing.map(\.identifier))
      if !importers.isEmpty {
        throw TTModuleToolError(
          .refused,
          "cannot remove: " + importers.map { "\($0.file) imports \($0.module)" }.joined(separator: "; ")
            + ". Remove those imports and their uses first (or pass --force). Nothing was changed.")
      }
    }
    lines.append(
      "\(dryRun ? "Would remove" : "Removed") \(removing.map(\.shortName).joined(separator: ", ")) "
        + "from \(Self.text(project.manifestURL.path))")
    lines.append(
      "Modules: \(remaining.isEmpty ? "none" : remaining.map(\.shortName).joined(separator: ", "))")
    if !dryRun { try project.write(modules: remaining) }
    if dryRun { lines.append("Nothing was written (--dry-run).") }
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// Where Three20 is, for the default `--three20-path`: this checkout, found from the tool's
  /// own source location, or else the first directory up from `workingDirectory` whose
  /// `Package.swift` declares the package `Three20`.
  ///
  /// - Parameters:
  ///   - explicit: The path given on the command line, if any.
  ///   - workingDirectory: Where to start looking upwards; the current directory by default.
  /// - Returns: The absolute path of the repository.
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/notFound``) when there is none.
  public static func locateRepository(
    explicit: String?, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(TTModuleToolError) -> String {
    func isThree20(_ url: URL) -> Bool {
      let manifest = url.appendingPathComponent("Package.swift")
      guard let bytes = try? TTFileOperations.readRegularFile(manifest, what: "a Package.swift") else {
        return false
      }
      return String(decoding: bytes, as: UTF8.self).contains("name: \"Three20\"")
    }
    if let explicit {
      let url = URL(fileURLWithPath: explicit).standardizedFileURL
      guard isThree20(url) else {
        throw TTModuleToolError(
          .notFound,
          "\(TTFileOperations.shown(url)) is not a Three20 for Swift checkout (no Package.swift declaring the package Three20). "
            + "Give --three20-path the repository's root, or use --url and --from.")
      }
      return url.path
    }
    var candidates = [sourceRepositoryRoot]
    var directory = URL(fileURLWithPath: workingDirectory).standardizedFileURL
    while directory.path != "/" {
      candidates.append(directory)
      directory.deleteLastPathComponent()
    }
    if let found = candidates.first(where: isThree20) { return found.path }
    throw TTModuleToolError(
      .notFound,
      "cannot find the Three20 for Swift repository. Pass --three20-path PATH (its root), "
        + "or --url URL --from VERSION to use a git repository.")
  }

  /// The repository this tool was built from (from this source file's location).
  static var sourceRepositoryRoot: URL {
    // Tools/TTModuleKit/TTModuleTool.swift → the repository root.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static func describe(_ source: TTThree20Source) -> String {
    switch source {
    case .path(let path): "\(text(path)) (local path, package '\(text(source.packageIdentity))')"
    case .url(let url, let version):
      "\(text(url)) from \(text(version)) (package '\(text(source.packageIdentity))')"
    }
  }

  /// A valid name made from a directory name: `my-app` → `MyApp`.
  static func suggestedName(from text: String) -> String {
    let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if name.first?.isNumber ?? true { name = "App" + name }
    return name
  }

  /// A path or argument in a report line, control characters escaped (not quoted, so that an
  /// ordinary path reads as itself).
  static func text(_ text: String) -> String { TTMessageText.escaped(text, limit: 1024) }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  static func unique(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }

  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }
}
