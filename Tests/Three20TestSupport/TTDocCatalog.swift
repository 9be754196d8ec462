public import Foundation
public import Testing

/// A module's DocC catalog as its article tests read it: the articles, the pictures beside them,
/// and the test files that compile each article's code.
///
/// ```swift
/// let articles = TTDocCatalog(module: "Style", swiftModule: "Three20Style", guides: [
///   ("StylesAndShapes", "StyleGalleryArticleTests.swift")
/// ])
/// let markdown = try articles.text(of: "StylesAndShapes")
/// ```
public struct TTDocCatalog: Sendable {
  /// The repository's root, found from this file's path.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The catalog, `Modules/<module>/<swiftModule>.docc`.
  public let catalog: URL
  /// The folder of the catalog's pictures.
  public let resources: URL
  /// The module's test folder, `Tests/<swiftModule>Tests`.
  public let tests: URL
  /// Each guide and the test file that compiles its code blocks.
  public let guides: [(article: String, testFile: String)]

  /// Describes the catalog of one module.
  ///
  /// - Parameters:
  ///   - module: The module's folder under `Modules/`, for example `Style`.
  ///   - swiftModule: The Swift module, for example `Three20Style`.
  ///   - guides: Each article in `Articles/` and the test file that compiles its code.
  public init(module: String, swiftModule: String, guides: [(article: String, testFile: String)]) {
    catalog = Self.root.appendingPathComponent("Modules/\(module)/\(swiftModule).docc")
    resources = catalog.appendingPathComponent("Resources")
    tests = Self.root.appendingPathComponent("Tests/\(swiftModule)Tests")
    self.guides = guides
  }

  /// The text of an article in `Articles/`.
  public func text(of article: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent("Articles/\(article).md"), encoding: .utf8)
  }

  /// The text of a file of the module's test target.
  public func testSource(_ name: String) throws -> String {
    try String(contentsOf: tests.appendingPathComponent(name), encoding: .utf8)
  }

  /// Text with each line's leading and trailing spaces removed and empty lines dropped, so a
  /// block compares equal to the same code indented inside a test.
  public static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The file names of the pictures a Markdown text shows with `![alt](name)`.
  public static func pictures(in markdown: String) -> [String] {
    var names: [String] = []
    var rest = markdown[...]
    while let start = rest.range(of: "![") {
      rest = rest[start.upperBound...]
      guard let middle = rest.range(of: "]("), let end = rest[middle.upperBound...].firstIndex(of: ")")
      else { break }
      names.append(String(rest[middle.upperBound..<end]))
      rest = rest[end...]
    }
    return names
  }

  /// Compares text with a committed picture in the catalog's `Resources/`, or writes it when
  /// the tests run with `TT_RECORD_SNAPSHOTS=1`.
  public func assertResource(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = resources.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["TT_RECORD_SNAPSHOTS"] == "1" {
      try? FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: file)
      return
    }
    guard let data = try? Data(contentsOf: file) else {
      Issue.record(
        "No picture \(name) in \(resources.path). Run the tests with TT_RECORD_SNAPSHOTS=1 to make it.",
        sourceLocation: sourceLocation)
      return
    }
    if String(decoding: data, as: UTF8.self) != text {
      let message =
        "\(name) is out of date: the renderer draws it differently now. Run the tests with "
        + "TT_RECORD_SNAPSHOTS=1, look at the new picture and commit it."
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// Checks that every Swift and CSS block of a guide appears, line for line, in the test file
  /// that compiles it.
  public func checkCodeBlocksAreCompiled(
    article: String, testFile: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let markdown = try text(of: article)
    let source = Self.normalized(try testSource(testFile))
    let blocks =
      TTArticleText.codeBlocks(in: markdown, language: "swift")
      + TTArticleText.codeBlocks(in: markdown, language: "css")
    #expect(!blocks.isEmpty, "\(article).md has no code block", sourceLocation: sourceLocation)
    for block in blocks where !source.contains(Self.normalized(block)) {
      Issue.record(
        "This block of \(article).md is not in \(testFile):\n\(block)", sourceLocation: sourceLocation)
    }
  }

  /// Checks that every picture a guide shows is a committed file of the catalog's resources.
  public func checkPicturesExist(article: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for name in Self.pictures(in: try text(of: article)) {
      let path = resources.appendingPathComponent(name).path
      #expect(
        FileManager.default.fileExists(atPath: path), "\(article).md shows \(name), which is missing",
        sourceLocation: sourceLocation)
    }
  }
}
