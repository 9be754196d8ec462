// The code of the article BuildingAnRSSReader.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Guide documentation"
// checks it): edit both together. The feeds are served from `file://` URLs in a temporary
// folder, and every screen the article shows is drawn here and compared with it.
import Foundation
import Testing
import Three20
import Three20UICommon

@MainActor
final class FeedDataSource: TTModelDataSource<TTFeedModel> {
  override func makeItems(from model: TTFeedModel) -> [any TTTableItem] {
    model.items.enumerated().map { index, item in
      TTTableMessageItem(
        title: item.title ?? "(untitled)", caption: item.categories.first?.term,
        text: item.summaryText, timestamp: item.date, url: "tt://feed/item/\(index)")
    }
  }

  override func titleForLoading(reloading: Bool) -> String {
    reloading ? "Updating..." : "Loading..."
  }

  override var titleForEmpty: String? { "No feed" }
  override func titleForError(_ error: TTModelFailure) -> String { "Oops" }
  override func subtitleForError(_ error: TTModelFailure) -> String? {
    "The requested feed is not available."
  }
}

@MainActor
final class FeedListController: TTTableViewController {
  let feed: TTFeedModel

  init(feed: TTFeedModel, dateFormatting: TTDateFormatting = .standard) {
    self.feed = feed
    super.init()
    title = "Harbour News"
    self.dateFormatting = dateFormatting
    cellRegistry = .standard(dateFormatting: dateFormatting)
  }

  override func createModel() {
    dataSource = FeedDataSource(model: feed)
  }
}

@MainActor
final class FeedItemController: TTViewController {
  let item: TTFeedItem
  let dateFormatting: TTDateFormatting

  init(item: TTFeedItem, dateFormatting: TTDateFormatting = .standard) {
    self.item = item
    self.dateFormatting = dateFormatting
    super.init()
    title = item.title ?? "Story"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let date = item.date.map { dateFormatting.dateTime($0) } ?? ""
    let summary = TTStyledText(text: item.summaryText ?? "", lineBreaks: true, width: 40)
    view.addSubview(TTLabel(text: date, frame: TTRect(x: 1, y: 0, width: 40, height: 1)))
    view.addSubview(TTStyledTextLabel(text: summary, frame: TTRect(x: 1, y: 2, width: 40, height: 8)))
  }

  override func handleKey(_ key: TTKey) -> Bool {
    guard key == .enter, let link = item.link else { return super.handleKey(key) }
    return opener?.openURL(link.absoluteString) ?? false
  }
}

@MainActor
func makeFeedReader(feedURL: String, dateFormatting: TTDateFormatting = .standard) throws -> TTNavigator {
  let feed = TTFeedModel(url: feedURL)
  var map = TTURLMap()
  try map.mapShared("tt://feed") { _, _ in
    FeedListController(feed: feed, dateFormatting: dateFormatting)
  }
  try map.map("tt://feed/item/(index:int)", parent: "tt://feed") { match, _ in
    guard let index = match.int("index"), feed.items.indices.contains(index) else { return nil }
    return FeedItemController(item: feed.items[index], dateFormatting: dateFormatting)
  }
  try map.from("*", toViewController: TTWebController.factory)
  let navigator = try TTNavigator(map: map)
  TTGlobalURLOpener.current = navigator
  return navigator
}

/// Compiled, not run: the tests have no terminal.
@MainActor
func runFeedReader() async throws {
  let navigator = try makeFeedReader(feedURL: "https://harbour.example.com/rss")
  navigator.open("tt://feed")
  try await TTTerminalHost().run(TTNavigationController(navigator: navigator))
}

/// The feeds of the tests, written to a temporary folder of each test's own and read through
/// `file://` URLs.
enum HarbourFeeds {
  /// A new temporary folder for one test's feeds; the test removes it (`defer { folder.remove() }`).
  struct Folder {
    let url: URL

    init() throws {
      url = FileManager.default.temporaryDirectory
        .appendingPathComponent("three20-guide-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a feed and returns its `file://` URL.
    func serve(_ text: String, as name: String) throws -> String {
      let file = url.appendingPathComponent(name)
      try Data(text.utf8).write(to: file)
      return file.absoluteString
    }

    /// Removes the folder and the feeds in it.
    func remove() {
      try? FileManager.default.removeItem(at: url)
    }
  }

  /// Three stories, the newest first.
  static let news = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0">
      <channel>
        <title>Harbour News</title>
        <link>https://harbour.example.com/</link>
        <item>
          <title>Lamp relit</title>
          <link>https://harbour.example.com/2026/lamp</link>
          <category>Lighthouse</category>
          <description>The old lens &lt;b&gt;turned&lt;/b&gt; again after forty years in the dark.</description>
          <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate>
        </item>
        <item>
          <title>Ferry timetable</title>
          <link>https://harbour.example.com/2026/ferry</link>
          <category>Transport</category>
          <description>Winter crossings start on Monday.</description>
          <pubDate>Sat, 21 Nov 2026 07:30:00 GMT</pubDate>
        </item>
        <item>
          <title>Storm warning</title>
          <link>https://harbour.example.com/2026/storm</link>
          <category>Weather</category>
          <description>Boats stay in tonight.</description>
          <pubDate>Fri, 20 Nov 2026 18:00:00 GMT</pubDate>
        </item>
      </channel>
    </rss>
    """

  /// A feed with no items.
  static let quiet = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0"><channel><title>Harbour News</title></channel></rss>
    """

  /// A clock fixed at noon (UTC) on the day of the stories.
  static let formatting: TTDateFormatting = {
    var formatting = TTDateFormatting.standard
    formatting.now = { Date(timeIntervalSince1970: 1_795_262_400) }  // 2026-11-21 12:00 UTC
    formatting.timeZone = TimeZone(identifier: "UTC") ?? formatting.timeZone
    formatting.calendar.timeZone = formatting.timeZone
    formatting.locale = Locale(identifier: "en_US_POSIX")
    return formatting
  }()
}

@Suite("RSS reader article", .serialized)
@MainActor
struct RSSReaderArticleTests {
  static let size = TTSize(width: 44, height: 8)
  static let article = "BuildingAnRSSReader"

  func draw(_ app: TTNavigationController) -> String {
    TTTerminalHost.renderOnce(app, size: Self.size, capabilities: .plain, environment: [:])
  }

  /// The article's reader, without leaving it as the process's global opener.
  ///
  /// The suites of every module run in one process, in parallel, and a test elsewhere that
  /// opens a web URL through the global opener would push a page onto this reader's stack (it
  /// maps `*`). Its controllers use their own navigator, which opens each of them.
  func isolatedFeedReader(_ url: String) throws -> TTNavigator {
    let navigator = try makeFeedReader(feedURL: url, dateFormatting: HarbourFeeds.formatting)
    #expect(TTGlobalURLOpener.current === navigator)
    TTGlobalURLOpener.current = nil
    return navigator
  }

  /// Waits until the list's model has finished loading (at most two minutes: CI's two cores may
  /// be busy with other suites).
  func settle(_ navigator: TTNavigator) async throws {
    let list = try #require(navigator.stack.first as? FeedListController)
    for _ in 0..<12_000 where list.feed.isLoading {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(!list.feed.isLoading)
  }

  /// Loading, the rows, a story, back, refresh: the screens of the article, in order.
  @Test func readingTheFeed() async throws {
    let folder = try HarbourFeeds.Folder()
    defer { folder.remove() }
    let url = try folder.serve(HarbourFeeds.news, as: "news.rss")
    let navigator = try isolatedFeedReader(url)
    navigator.open("tt://feed")
    let app = TTNavigationController(navigator: navigator)

    let loading = draw(app)
    try GuideDocumentation.expectScreen(loading, in: Self.article)

    try await settle(navigator)
    let list = try #require(navigator.visibleController as? FeedListController)
    #expect(list.feed.items.count == 3)
    #expect(list.viewState == .content)
    let rows = draw(app)
    try GuideDocumentation.expectScreen(rows, in: Self.article)
    #expect(rows.contains("Lamp relit"))
    #expect(rows.contains("turned again"))

    _ = app.handleKey(.down)  // the cursor onto the first row
    _ = app.handleKey(.enter)  // tt://feed/item/0
    #expect(navigator.url == "tt://feed/item/0")
    let story = draw(app)
    try GuideDocumentation.expectScreen(story, in: Self.article)

    _ = app.handleKey(.backspace)
    #expect(navigator.visibleController === list)
    _ = app.handleKey(.character("r"))
    #expect(list.viewState == .refreshing)
    let refreshing = draw(app)
    try GuideDocumentation.expectScreen(refreshing, in: Self.article)
    try await settle(navigator)
    #expect(list.viewState == .content)
  }

  /// A feed without items shows the empty screen.
  @Test func anEmptyFeed() async throws {
    let folder = try HarbourFeeds.Folder()
    defer { folder.remove() }
    let url = try folder.serve(HarbourFeeds.quiet, as: "quiet.rss")
    let navigator = try isolatedFeedReader(url)
    navigator.open("tt://feed")
    let app = TTNavigationController(navigator: navigator)
    _ = draw(app)
    try await settle(navigator)
    let list = try #require(navigator.visibleController as? FeedListController)
    #expect(list.viewState == .empty)
    let screen = draw(app)
    try GuideDocumentation.expectScreen(screen, in: Self.article)
    #expect(screen.contains("No feed"))
  }

  /// A feed that cannot be read shows the error screen.
  @Test func aMissingFeed() async throws {
    let folder = try HarbourFeeds.Folder()
    defer { folder.remove() }
    let url = folder.url.appendingPathComponent("missing.rss").absoluteString
    let navigator = try isolatedFeedReader(url)
    navigator.open("tt://feed")
    let app = TTNavigationController(navigator: navigator)
    _ = draw(app)
    try await settle(navigator)
    let list = try #require(navigator.visibleController as? FeedListController)
    #expect(list.modelError != nil)
    let screen = draw(app)
    try GuideDocumentation.expectScreen(screen, in: Self.article)
    #expect(screen.contains("Oops"))
    #expect(screen.contains("The requested feed is not available."))
  }

  /// Text with terminal control sequences is drawn without them, as the article says.
  @Test func controlSequencesInFeedTextAreNotDrawn() {
    let hostile = TTTableMessageItem(
      title: "\u{1B}]0;pwned\u{07}Lamp relit", caption: "\u{1B}[2J", text: "clear\u{1B}[H screen")
    let list = TTTableViewController(dataSource: TTListDataSource(items: [hostile]))
    let screen = TTTerminalHost.renderOnce(list, size: Self.size, capabilities: .plain, environment: [:])
    #expect(!screen.contains("\u{1B}"))
    #expect(!screen.contains("\u{07}"))
    #expect(screen.contains("Lamp relit"))
  }

  /// A story URL out of range opens nothing.
  @Test func aStoryThatDoesNotExistOpensNothing() async throws {
    let folder = try HarbourFeeds.Folder()
    defer { folder.remove() }
    let url = try folder.serve(HarbourFeeds.news, as: "news2.rss")
    let navigator = try isolatedFeedReader(url)
    navigator.open("tt://feed")
    _ = draw(TTNavigationController(navigator: navigator))
    try await settle(navigator)
    #expect(navigator.open("tt://feed/item/99") == nil)
    #expect(navigator.open("tt://feed/item/2") is FeedItemController)
  }

  /// Enter on a story opens its web page through `*`, in a TTWebController.
  @Test func enterOnAStoryOpensItsPageInTheWebController() async throws {
    let folder = try HarbourFeeds.Folder()
    defer { folder.remove() }
    let url = try folder.serve(HarbourFeeds.news, as: "news3.rss")
    let navigator = try isolatedFeedReader(url)
    navigator.open("tt://feed")
    _ = draw(TTNavigationController(navigator: navigator))
    try await settle(navigator)
    let story = try #require(navigator.open("tt://feed/item/0") as? FeedItemController)
    #expect(story.handleKey(.enter))
    let web = try #require(navigator.visibleController as? TTWebController)
    #expect(web.navigatorURL == "https://harbour.example.com/2026/lamp")
    web.cancelLoad()
    navigator.removeAllControllers()
  }
}
