// The code of the article GettingStarted.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together.
import Foundation
import Testing
import Three20Network
import Three20Style
import Three20TestSupport
import Three20UICommon
import Three20Web
import Three20XML

func printPage(_ url: String) async {
  do {
    let page = try await TTWebDump.render(url: url, width: 80)
    print(page.plainText)
    print(page.references)
  } catch {
    print(error)  // names the URL, what went wrong and what to do
  }
}

func harbourPage() throws -> TTWebPage {
  let html = """
    <title>Harbour News</title>
    <h1>The lamp is lit</h1>
    <p>The lighthouse turned again<p>Read <a href="stories/42">the story</a> or
    <a href="javascript:void(0)">nothing</a>.
    """
  let document = try TTHTMLParser.parse(Array(html.utf8))
  return TTWebRenderer(width: 40).render(document, url: URL(string: "https://harbour.example/"))
}

@MainActor
func browse(_ url: String) async throws {
  let browser = TTWebController(url: url)
  try await TTTerminalHost().run(browser)
}

@Suite("Getting Started article")
struct GettingStartedArticleTests {
  @Test("A page as text: the dump of a refused URL prints its error and returns")
  func dumpPrintsTheError() async {
    // A file: URL is refused by default, without the network.
    await printPage("file:///etc/hostname")
  }

  @Test("HTML you already have: the title, the paragraphs, the links and which are followed")
  func htmlYouHave() throws {
    let page = try harbourPage()
    #expect(page.title == "Harbour News")
    #expect(page.plainText.contains("The lighthouse turned again"))
    #expect(page.links.count == 2)
    #expect(page.links.first?.url?.absoluteString == "https://harbour.example/stories/42")
    #expect(page.links.first?.isFollowable == true)
    #expect(page.links.last?.isFollowable == false)
    for line in page.plainText.split(separator: "\n") { #expect(TTDisplayWidth.of(String(line)) <= 40) }
  }

  @Test("A page to read: browse is a function of the app (compiled, not run: it needs a terminal)")
  func browseCompiles() {
    let run: @MainActor (String) async throws -> Void = browse
    _ = run
  }
}
