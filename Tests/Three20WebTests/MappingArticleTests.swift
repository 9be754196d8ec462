// The code of the article MappingTheWebController.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together.
import Foundation
import Testing
import Three20Core
import Three20Navigator
import Three20UICommon
import Three20Web
import Three20XML

@MainActor
func makeNavigator() throws -> TTNavigator {
  var map = TTURLMap()
  try map.from("tt://about", toViewController: { _, _ in TTViewController(title: "About") })
  try map.from("*", toViewController: TTWebController.factory)
  return try TTNavigator(map: map)
}

@MainActor
func readStory(_ item: TTFeedItem) {
  guard let link = item.link else { return }
  TTGlobalURLOpener.open(link.absoluteString)
}

@MainActor
@Suite("Mapping * article", .serialized)
struct MappingArticleTests {
  @Test("* opens web URLs in a TTWebController; tt://about stays the app's")
  func starOpensWebControllers() throws {
    let navigator = try makeNavigator()
    navigator.open("tt://about")
    #expect(navigator.visibleController?.title == "About")
    navigator.open("http://127.0.0.1:1/page")
    let web = try #require(navigator.visibleController as? TTWebController)
    #expect(web.url == "http://127.0.0.1:1/page" || web.isLoading || web.error != nil)
    web.cancelLoad()
    navigator.removeAllControllers()
  }

  @Test("A feed item's link opens through the global opener")
  func storyOpensThroughTheOpener() throws {
    let feed = try TTFeedReader.read(
      Array(
        """
        <rss version="2.0"><channel><title>t</title>
        <item><title>Lamp</title><link>https://harbour.example/lamp</link></item></channel></rss>
        """.utf8))
    let opener = TTClosureURLOpener { _, _ in true }
    let previous = TTGlobalURLOpener.current
    TTGlobalURLOpener.current = opener
    defer { TTGlobalURLOpener.current = previous }
    readStory(try #require(feed.items.first))
    #expect(opener.openedURLs == ["https://harbour.example/lamp"])
  }
}
