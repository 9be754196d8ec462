// The code of the catalog's front page, Three20UICommon.md, compiled and run.
import Foundation
import Testing
import Three20Style
import Three20UICommon

final class HelloController: TTViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Hello"
    let label = TTLabel(text: "Hello, terminal", frame: TTRect(x: 2, y: 1, width: 20, height: 1))
    view.addSubview(label)
  }
}

@MainActor func showHello() async throws {
  let host = TTTerminalHost()
  try await host.run(HelloController())
}

@Suite("Three20UICommon overview")
@MainActor
struct OverviewArticleTests {
  /// The front page's code is this file's, line for line.
  @Test func everyCodeBlockIsHere() throws {
    let page = try String(
      contentsOf: articles.catalog.appendingPathComponent("Three20UICommon.md"), encoding: .utf8)
    let source = TTDocCatalog.normalized(try articles.testSource("OverviewArticleTests.swift"))
    let blocks = TTArticleText.codeBlocks(in: page, language: "swift")
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        source.contains(TTDocCatalog.normalized(block)), "Three20UICommon.md's block is not here:\n\(block)")
    }
  }

  /// The controller of the front page draws its label where its frame says.
  @Test func helloControllerDrawsItsLabel() {
    let text = TTTerminalHost.renderOnce(
      HelloController(), size: TTSize(width: 24, height: 3), capabilities: .plain)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 2)
    #expect(lines[1].hasPrefix("  Hello, terminal"))
  }
}
