// The code of the article GettingStarted.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Navigator
// articles" checks it): edit both together. The screen the article shows is checked here.
import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

final class FeedController: TTViewController {
  override init() {
    super.init()
    title = "Feed"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(TTLabel(text: "3 new stories", frame: TTRect(x: 1, y: 0, width: 30, height: 1)))
  }
}

final class StoryController: TTViewController {
  let storyID: Int

  init(storyID: Int) {
    self.storyID = storyID
    super.init()
    title = "Story \(storyID)"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let text = "The text of story \(storyID)"
    view.addSubview(TTLabel(text: text, frame: TTRect(x: 1, y: 0, width: 30, height: 1)))
  }
}

@MainActor
@Suite("Getting Started article")
struct GettingStartedArticleTests {
  /// The map of the article, as its second block builds it.
  func makeNavigator() throws -> TTNavigator {
    var map = TTURLMap()
    try map.mapShared("tt://feed") { _, _ in FeedController() }
    try map.map("tt://story/(id:int)", parent: "tt://feed") { match, _ in
      guard let id = match.int("id") else { return nil }
      return StoryController(storyID: id)
    }
    let navigator = try TTNavigator(map: map)
    TTGlobalURLOpener.current = navigator
    return navigator
  }

  /// Opening a story builds the stack under it, and going back shows the feed.
  @Test func openingBuildsTheStack() throws {
    let navigator = try makeNavigator()
    defer { TTGlobalURLOpener.current = nil }
    let story = navigator.open("tt://story/42")
    let urls = navigator.stack.map(\.navigatorURL)  // ["tt://feed", "tt://story/42"]
    #expect((story as? StoryController)?.storyID == 42)
    #expect(urls == ["tt://feed", "tt://story/42"])

    let missing = navigator.open("tt://story/latest")  // nil: "latest" is not an int
    #expect(missing == nil)

    navigator.back()
    let title = navigator.visibleController?.title  // "Feed"
    #expect(title == "Feed")

    TTGlobalURLOpener.open("tt://story/7")  // the same as navigator.open("tt://story/7")
    #expect(navigator.url == "tt://story/7")
  }

  /// The rendering the article shows is what the host draws.
  @Test func rendersAsTheArticleShows() throws {
    let navigator = try makeNavigator()
    defer { TTGlobalURLOpener.current = nil }
    navigator.open("tt://story/42")
    let screen = TTTerminalHost.renderOnce(
      TTNavigationController(navigator: navigator), size: TTSize(width: 40, height: 3),
      capabilities: .plain, environment: [:])
    let article = try NavigatorArticles.text(of: "GettingStarted")
    let shown = try #require(TTArticleText.codeBlocks(in: article, language: "text").first)
    #expect(TTArticleText.trimmingLineEnds(screen) == shown)
  }

  /// Runs the app in a terminal: compiled, not run by the tests.
  func runTheApp(_ navigator: TTNavigator) async throws {
    try await TTTerminalHost().run(TTNavigationController(navigator: navigator))
  }
}
