// Keeps the guides in Modules/Table/Three20Table.docc/Articles/ honest: every Swift block of
// an article must appear, line for line, in the test file that compiles and runs it, and every
// rendering an article shows in a `text` block must be what its test draws.
import Foundation
import Testing

/// Reading the Table DocC articles and the test files beside them.
enum TableDocumentation {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The DocC catalog of Three20Table.
  static let catalog = root.appendingPathComponent("Modules/Table/Three20Table.docc")

  /// Each guide and the test file that compiles its code blocks.
  static let guides: [(article: String, testFile: String)] = [
    ("GettingStarted", "GettingStartedArticleTests.swift"),
    ("CustomItemsAndCells", "CustomItemsArticleTests.swift"),
    ("ModelStates", "ModelStatesArticleTests.swift"),
    ("Tabs", "TabsArticleTests.swift"),
  ]

  /// The text of an article in `Articles/`.
  static func text(of article: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent("Articles/\(article).md"), encoding: .utf8)
  }

  /// The text of a file of this test target.
  static func testSource(_ name: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent("Tests/Three20TableTests/\(name)"), encoding: .utf8)
  }

  /// Text with each line's leading and trailing spaces removed and empty lines dropped, so a
  /// block compares equal to the same code indented inside a test.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// A terminal rendering as an article shows it: spaces at line ends and blank lines at the
  /// end removed.
  static func shown(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    return String(lines.joined(separator: "\n").reversed().drop { $0 == "\n" }.reversed())
  }

  /// Expects an article to show a rendering in a `text` block.
  static func expectRendering(
    _ text: String, in article: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let markdown = try Self.text(of: article)
    let shown = Self.shown(text)
    #expect(
      TTArticleText.codeBlocks(in: markdown, language: "text").contains(shown),
      "\(article).md lacks this rendering:\n```text\n\(shown)\n```", sourceLocation: sourceLocation)
  }
}

@Suite("Table documentation articles")
struct TableDocumentationTests {
  /// Every Swift block of a guide is compiled by its test file.
  @Test(arguments: TableDocumentation.guides)
  func everyCodeBlockIsCompiledByItsTest(article: String, testFile: String) throws {
    let markdown = try TableDocumentation.text(of: article)
    let source = TableDocumentation.normalized(try TableDocumentation.testSource(testFile))
    let blocks = TTArticleText.codeBlocks(in: markdown, language: "swift")
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        source.contains(TableDocumentation.normalized(block)),
        "This block of \(article).md is not in \(testFile):\n\(block)")
    }
  }

  /// The block finder returns the blocks of one language, without fences.
  @Test func blocksAreFoundByLanguage() {
    let markdown = "text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```text\nx\n```\n"
    #expect(TTArticleText.codeBlocks(in: markdown, language: "swift") == ["let a = 1\n\nlet b = 2"])
    #expect(TTArticleText.codeBlocks(in: markdown, language: "text") == ["x"])
    #expect(TableDocumentation.shown("ab  \n c \n\n\n") == "ab\n c")
  }

  /// The overview page names every guide.
  @Test func overviewListsEveryGuide() throws {
    let overview = try String(
      contentsOf: TableDocumentation.catalog.appendingPathComponent("Three20Table.md"), encoding: .utf8)
    for (article, _) in TableDocumentation.guides + [("PortingFromThree20", "")] {
      #expect(overview.contains("<doc:\(article)>"))
    }
  }
}
