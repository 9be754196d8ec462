// Keeps the DocC catalog of Three20Navigator honest: every `swift` block of an article must
// appear, line for line, in the test file that compiles and runs it, and the overview page must
// list every article and every public type of the module.
import Foundation
import Testing

/// Reading the catalog and the sources it documents.
enum NavigatorArticles {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The module's DocC catalog.
  static let catalog = root.appendingPathComponent("Modules/Navigator/Three20Navigator.docc")

  /// Each article and the test file that compiles its code.
  static let articles: [(article: String, testFile: String)] = [
    ("GettingStarted", "GettingStartedArticleTests.swift"),
    ("URLPatterns", "URLPatternsArticleTests.swift"),
    ("Persistence", "PersistenceArticleTests.swift"),
    ("PortingFromThree20", "PortingArticleTests.swift"),
  ]

  /// Every page with code: the articles, and the overview page, whose code is the same as
  /// Getting Started's.
  static let pages = articles + [("Three20Navigator", "GettingStartedArticleTests.swift")]

  /// The text of a page of the catalog.
  static func text(of page: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent("\(page).md"), encoding: .utf8)
  }

  /// The text of a file of this test target.
  static func testSource(_ name: String) throws -> String {
    try String(
      contentsOf: root.appendingPathComponent("Tests/Three20NavigatorTests/\(name)"), encoding: .utf8)
  }

  /// Code with each line trimmed, empty lines dropped, and (in test sources) the lines that
  /// only check results (`#expect(…)`) dropped, so that an article's block compares equal to
  /// the same code indented inside a test and interleaved with its checks.
  static func normalized(_ code: String) -> String {
    code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#expect(") }.joined(separator: "\n")
  }

  /// The names of the module's public types, from its sources.
  static func publicTypeNames() throws -> [String] {
    let sources = root.appendingPathComponent("Modules/Navigator")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    var names: [String] = []
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("public ") || line.hasPrefix("open ") {
        let words = line.split(separator: " ")
        guard let kind = words.firstIndex(where: { ["class", "struct", "enum", "protocol"].contains($0) }),
          kind + 1 < words.count
        else { continue }
        names.append(String(words[kind + 1].prefix { $0.isLetter || $0.isNumber }))
      }
    }
    return names.sorted()
  }
}

@Suite("Navigator articles")
struct NavigatorArticleTests {
  /// Every `swift` block of an article is in its test file, line for line.
  @Test(arguments: NavigatorArticles.pages.map(\.article))
  func everySwiftBlockIsCompiled(article: String) throws {
    let testFile = try #require(NavigatorArticles.pages.first { $0.article == article }?.testFile)
    let source = NavigatorArticles.normalized(try NavigatorArticles.testSource(testFile))
    let blocks = TTArticleText.codeBlocks(in: try NavigatorArticles.text(of: article), language: "swift")
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(source.contains(NavigatorArticles.normalized(block)), "not in \(testFile):\n\(block)")
    }
  }

  /// The overview page lists every article and every public type of the module in its topics.
  @Test func overviewListsEveryArticleAndType() throws {
    let overview = try NavigatorArticles.text(of: "Three20Navigator")
    let topics = try #require(overview.range(of: "## Topics")).upperBound
    let listed = overview[topics...]
    for (article, _) in NavigatorArticles.articles {
      #expect(listed.contains("- <doc:\(article)>"), "\(article) is not in the topics")
    }
    let types = try NavigatorArticles.publicTypeNames()
    #expect(types.contains("TTURLMap"))
    for name in types {
      #expect(listed.contains("- ``\(name)``"), "\(name) is not in the topics")
    }
  }
}
