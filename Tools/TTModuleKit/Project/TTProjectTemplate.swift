import Three20

/// One file of a plan: where it goes, relative to the project, and what it holds.
public struct TTPlannedFile: Sendable, Hashable {
  /// The path inside the project, with `/` separators, for example `Sources/App/main.swift`.
  public var path: String
  /// The file's text.
  public var contents: String

  /// Creates a planned file.
  ///
  /// - Parameters:
  ///   - path: The path inside the project.
  ///   - contents: The file's text.
  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}

/// The files of a starter project: `Package.swift`, an executable that uses each module, a test
/// per module, a README and a `.gitignore`.
///
/// ```swift
/// let template = TTProjectTemplate(
///   name: "Feeds", source: .path("/src/three20-swift"),
///   modules: try TTModuleGraph.three20.closure(of: ["Table"]))
/// template.files.map(\.path)
/// // ["Package.swift", "Sources/Feeds/main.swift", "Tests/FeedsTests/FeedsTests.swift",
/// //  "README.md", ".gitignore"]
/// ```
public struct TTProjectTemplate: Sendable {
  /// The package, executable and test names' stem; a Swift identifier.
  public var name: String
  /// Where Three20 comes from.
  public var source: TTThree20Source
  /// The modules, a closed set in dependency order.
  public var modules: [TTModuleGraph.Module]

  /// Creates a template.
  ///
  /// - Parameters:
  ///   - name: The project's name, a Swift identifier (see ``validateName(_:)``).
  ///   - source: Where Three20 comes from.
  ///   - modules: Every module the project uses, dependencies included, in dependency order.
  public init(name: String, source: TTThree20Source, modules: [TTModuleGraph.Module]) {
    self.name = name
    self.source = source
    self.modules = modules
  }

  /// Checks that `name` can name a package, an executable target and a test target.
  ///
  /// It must be a Swift identifier of ASCII letters, digits and underscores, not starting with
  /// a digit, at most 64 characters, not a Swift keyword, and not the name of a Three20 module
  /// (the products would collide). This also rules out path separators and `..`.
  ///
  /// - Parameter name: The proposed name.
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/invalidInput``) saying why.
  public static func validateName(_ name: String) throws(TTModuleToolError) {
    let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
    let digits = Set("0123456789")
    let fix = "Choose a name such as MyApp with --name."
    guard let first = name.first, name.count <= 64 else {
      throw TTModuleToolError(.invalidInput, "the project name must have 1 to 64 characters. \(fix)")
    }
    guard letters.contains(first), name.allSatisfy({ letters.contains($0) || digits.contains($0) }) else {
      throw TTModuleToolError(
        .invalidInput,
        "\(TTMessageText.quoted(name)) is not a Swift identifier (ASCII letters, digits and _, not starting with a digit); "
          + "it names the package, its executable and its folders. \(fix)")
    }
    let keywords: Set<String> = [
      "Any", "Self", "Type", "Protocol", "as", "associatedtype", "break", "case", "catch", "class",
      "continue",
      "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate",
      "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "open",
      "operator", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct",
      "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
      "Foundation", "Testing", "Swift", "main",
    ]
    guard !keywords.contains(name) else {
      throw TTModuleToolError(
        .invalidInput,
        "\(TTMessageText.quoted(name)) is a Swift keyword or a module every project uses. \(fix)")
    }
    let taken = TTModuleGraph.three20.modules.flatMap {
      [$0.identifier.lowercased(), $0.shortName.lowercased()]
    }
    guard !taken.contains(name.lowercased()), name.lowercased() != "three20" else {
      throw TTModuleToolError(
        .invalidInput,
        "\(TTMessageText.quoted(name)) is the name of a Three20 module; the project's products would collide. \(fix)"
      )
    }
  }

  private var shortNames: Set<String> { Set(modules.map(\.shortName)) }

  private var hasResources: Bool { !TTModuleSnippets.resources(for: shortNames).isEmpty }

  /// Every file of the project, in the order they are listed to the user.
  public var files: [TTPlannedFile] {
    var result = [
      TTPlannedFile(path: "Package.swift", contents: packageManifest),
      TTPlannedFile(path: "Sources/\(name)/main.swift", contents: mainSource),
    ]
    for resource in TTModuleSnippets.resources(for: shortNames) {
      result.append(
        TTPlannedFile(path: "Sources/\(name)/Resources/\(resource.name)", contents: resource.contents))
    }
    result += [
      TTPlannedFile(path: "Tests/\(name)Tests/\(name)Tests.swift", contents: testSource),
      TTPlannedFile(path: "README.md", contents: readme),
      TTPlannedFile(path: ".gitignore", contents: ".build/\nPackage.resolved\n/.swiftpm/\n"),
    ]
    return result
  }

  /// The text of `Package.swift`, with the region `ttmodule` owns.
  public var packageManifest: String {
    let region = TTManifestRegion(source: source, modules: modules.map(\.identifier))
    let resources = hasResources ? ",\n      resources: [.copy(\"Resources\")]" : ""
    return """
      // swift-tools-version: 6.0
      // \(name): a Three20 for Swift starter made by `ttmodule new`. `ttmodule add` and
      // `ttmodule remove` change its Three20 modules by rewriting only the marked region below.
      import PackageDescription

      \(region.rendered)

      let three20Products: [Target.Dependency] = three20Modules.map {
        .product(name: $0, package: three20Package)
      }

      let package = Package(
        name: "\(name)",
        platforms: [.macOS(.v15)],
        dependencies: [three20],
        targets: [
          .executableTarget(
            name: "\(name)",
            dependencies: three20Products\(resources)),
          .testTarget(
            name: "\(name)Tests",
            dependencies: three20Products),
        ]
      )

      """
  }

  private var imports: String {
    (["Foundation"] + modules.map(\.identifier)).map { "import \($0)" }.joined(separator: "\n")
  }

  /// The executable's `main.swift`: a few lines per module.
  public var mainSource: String {
    let blocks = modules.map { TTModuleSnippets.main(for: $0.shortName, in: shortNames) }
    return """
      // \(name): made by `ttmodule new` with Three20 for Swift (\(modules.map(\.shortName).joined(separator: ", "))).
      // Each block below uses one module in a few lines. Run it with `swift run \(name)`.
      \(imports)

      \(blocks.joined(separator: "\n\n"))

      """
  }

  /// The test target's source: one test per module.
  public var testSource: String {
    let tests = modules.map { TTModuleSnippets.test(for: $0.shortName) }.filter { !$0.isEmpty }
    return """
      // One test per Three20 module of \(name). Run them with `swift test`.
      \(imports)
      import Testing

      @Suite struct \(name)Tests {
      \(tests.joined(separator: "\n\n"))
      }

      """
  }

  /// The project's README: what it is and its two commands.
  public var readme: String {
    let list = modules.map { "- `\($0.identifier)` (\($0.shortName)): \($0.summary)" }.joined(separator: "\n")
    let origin: String
    switch source {
    case .path(let path): origin = "the Three20 for Swift checkout at `\(path)`"
    case .url(let url, let version): origin = "Three20 for Swift from `\(url)`, version \(version) or later"
    }
    return """
      # \(name)

      A starter project made by `ttmodule new`, built on \(origin).

      ```sh
      swift run \(name)   # run the program
      swift test          # run its tests
      ```

      Three20 modules it uses:

      \(list)

      To change them, run `ttmodule add MODULE… --project PATH` or `ttmodule remove MODULE… --project PATH`
      from the Three20 repository (`swift run ttmodule --help`). They rewrite only the region of
      `Package.swift` between `// ttmodule:begin` and `// ttmodule:end`.

      """
  }
}
