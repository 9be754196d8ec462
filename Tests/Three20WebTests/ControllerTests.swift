import Foundation
import Synchronization
import Testing
import Three20Core
import Three20Navigator
import Three20Network
import Three20Style
import Three20TestSupport
import Three20UICommon
import Three20Web

/// A screen a `tt://` route opens.
@MainActor
final class FeedController: TTViewController {
  let id: String
  init(id: String) {
    self.id = id
    super.init()
    title = "Feed \(id)"
  }
}

@MainActor
@Suite("The web controller")
struct ControllerTests {
  let server: TTTestHTTPServer

  init() throws {
    server = try TTTestHTTPServer.started()
    let links =
      "<p><a href=\"/second\">Second page</a> <a href=\"tt://feed/42\">The feed</a> "
      + "<a href=\"javascript:alert(1)\">Script</a> <a href=\"#end\">To the end</a></p>"
    let first = longPage(title: "First", extra: links, at: 5).replacingOccurrences(
      of: "<p>Line 59", with: "<p id=\"end\">Line 59")
    server.route("GET", "/first") { _ in html(first) }
    server.route("GET", "/second") { _ in html(longPage(title: "Second")) }
  }

  /// A controller showing `/first`, loaded.
  func loadedController(width: Int = 80, height: Int = 24) async -> TTWebController {
    let controller = TTWebController(url: server.url("/first"), loader: testLoader())
    show(controller, width: width, height: height)
    await controller.waitForLoad()
    return controller
  }

  func press(_ controller: TTViewController, _ keys: TTKey...) {
    for key in keys { _ = controller.handleKey(key) }
  }

  func type(_ controller: TTViewController, _ text: String) {
    for character in text { _ = controller.handleKey(.character(character)) }
  }

  @Test("The page loads when the controller appears, and its title becomes the title")
  func loadsOnAppearing() async throws {
    let controller = TTWebController(url: server.url("/first"), loader: testLoader())
    #expect(controller.title == "127.0.0.1")
    #expect(controller.page == nil)
    show(controller)
    #expect(controller.isLoading)
    await controller.waitForLoad()
    #expect(controller.title == "First")
    #expect(controller.page?.width == 80)
    #expect(controller.url == server.url("/first"))
    let screen = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 80, height: 24), capabilities: .plain)
    #expect(screen.contains("Line 0 of First."))
  }

  @Test("Arrows, j and k, pages, Space, Home and End scroll")
  func scrolling() async throws {
    let controller = await loadedController()
    let page = try #require(controller.page)
    press(controller, .down, .character("j"))
    #expect(controller.topLine == 2)
    press(controller, .character("k"))
    #expect(controller.topLine == 1)
    press(controller, .pageDown)
    #expect(controller.topLine == 24)
    press(controller, .character(" "))
    #expect(controller.topLine == 47)
    press(controller, .pageUp)
    #expect(controller.topLine == 24)
    press(controller, .character("G"))
    #expect(controller.topLine == page.lines.count - 23)
    press(controller, .home)
    #expect(controller.topLine == 0)
    press(controller, .end)
    #expect(controller.topLine == page.lines.count - 23)
    press(controller, .character("g"))
    #expect(controller.topLine == 0)
  }

  @Test("Tab and Shift-Tab move through the links in document order, scrolling to them")
  func linkFocusOrder() async throws {
    let controller = await loadedController(height: 10)
    let page = try #require(controller.page)
    #expect(page.links.count == 4)
    press(controller, .tab)
    #expect(controller.focusedLink == 0)
    let line = page.links[0].line
    #expect((controller.topLine..<controller.topLine + 9).contains(line))
    press(controller, .tab, .tab)
    #expect(controller.focusedLink == 2)
    press(controller, .backTab)
    #expect(controller.focusedLink == 1)
    press(controller, .tab, .tab, .tab)
    #expect(controller.focusedLink == 0)
    press(controller, .backTab)
    #expect(controller.focusedLink == 3)
    #expect(controller.status.text.contains("#end"))
  }

  @Test("A click on a link follows it; the wheel scrolls three lines a notch")
  func mouseFollowsLinksAndScrolls() async throws {
    let controller = await loadedController(height: 12)
    let page = try #require(controller.page)
    let feed = page.links[1]
    let span = try #require(page.lines[feed.line].spans.first { $0.link == 1 })
    let opener = TTClosureURLOpener { _, _ in true }
    controller.opener = opener
    // The page is at the top: screen row = page line.
    let click = TTMouseEvent(.press, at: TTPoint(x: span.column + 1, y: feed.line - controller.topLine))
    #expect(controller.dispatch(.mouse(click)))
    #expect(controller.focusedLink == 1)
    #expect(opener.openedURLs == ["tt://feed/42"])
    // A click where no link is drawn does nothing.
    #expect(!controller.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 70, y: 0)))))
    #expect(controller.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 0, y: 0)))))
    #expect(controller.topLine == 3)
    #expect(controller.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 0, y: 0)))))
    #expect(controller.topLine == 0)
  }

  @Test("Enter on a tt:// link goes to the opener")
  func ttLinksGoToTheOpener() async throws {
    let controller = await loadedController()
    let opener = TTClosureURLOpener { _, _ in true }
    controller.opener = opener
    press(controller, .tab, .tab, .enter)
    #expect(opener.openedURLs == ["tt://feed/42"])
    #expect(controller.historyURLs.count == 1)
  }

  @Test("Enter on a tt:// link opens the navigator's route; an http link loads in place")
  func linksThroughANavigator() async throws {
    let loader = testLoader()
    var map = TTURLMap()
    try map.from("tt://feed/(id)", toViewController: { match, _ in FeedController(id: match["id"] ?? "") })
    try map.from("*", toViewController: { match, _ in TTWebController(url: match.url, loader: loader) })
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/first"))) as? TTWebController)
    show(web)
    await web.waitForLoad()
    press(web, .tab, .tab, .enter)
    let feed = try #require(navigator.visibleController as? FeedController)
    #expect(feed.id == "42")
    navigator.back()
    #expect(navigator.visibleController === web)
    press(web, .backTab, .enter)
    #expect(navigator.stack.count == 1)
    #expect(web.isLoading)
    await web.waitForLoad()
    #expect(web.title == "Second")
    #expect(web.navigatorURL == server.url("/second"))
    #expect(web.historyURLs == [server.url("/first"), server.url("/second")])
  }

  @Test("An http link that only a scheme's fallback takes loads in place too")
  func schemeFallbacksLoadInPlace() async throws {
    let loader = testLoader()
    var map = TTURLMap()
    map.setFallback(forScheme: "http") { match, _ in TTWebController(url: match.url, loader: loader) }
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/first"))) as? TTWebController)
    show(web)
    await web.waitForLoad()
    #expect(web.followLink(at: 0) == .loading)
    await web.waitForLoad()
    #expect(navigator.stack.count == 1)
    #expect(web.title == "Second")
  }

  @Test("opensLinksThroughNavigator pushes a new controller for http links")
  func linksPushedThroughTheNavigator() async throws {
    let loader = testLoader()
    var map = TTURLMap()
    try map.from("*", toViewController: { match, _ in TTWebController(url: match.url, loader: loader) })
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/first"))) as? TTWebController)
    web.opensLinksThroughNavigator = true
    show(web)
    await web.waitForLoad()
    press(web, .tab, .enter)
    #expect(navigator.stack.count == 2)
    #expect((navigator.visibleController as? TTWebController)?.navigatorURL == server.url("/second"))
  }

  @Test("javascript: links are never followed, and the status line says why")
  func scriptsAreRefused() async throws {
    let controller = await loadedController()
    let opener = TTClosureURLOpener { _, _ in true }
    controller.opener = opener
    guard case .refused(let reason) = controller.followLink(at: 2) else {
      Issue.record("the script link was followed")
      return
    }
    #expect(reason.contains("script"))
    #expect(controller.status.kind == .error)
    #expect(controller.status.text == reason)
    #expect(opener.openedURLs.isEmpty)
  }

  @Test("Schemes the navigator's policy refuses are not followed")
  func policyRefusesUnknownSchemes() async throws {
    server.route("GET", "/schemes") { _ in html("<a href=\"gopher://old/\">Gopher</a>") }
    let loader = testLoader()
    var map = TTURLMap()
    try map.from("*", toViewController: { match, _ in TTWebController(url: match.url, loader: loader) })
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/schemes"))) as? TTWebController)
    show(web)
    await web.waitForLoad()
    guard case .refused(let reason) = web.followLink(at: 0) else {
      Issue.record("the gopher link was followed")
      return
    }
    #expect(reason.contains("gopher"))
    #expect(navigator.stack.count == 1)
  }

  @Test("Back and forward keep each page's position; Backspace on the first page is left to the container")
  func historyKeepsPositions() async throws {
    let controller = await loadedController()
    press(controller, .character("j"), .character("j"), .character("j"))
    #expect(controller.topLine == 3)
    press(controller, .tab)
    let focused = controller.focusedLink
    press(controller, .enter)
    await controller.waitForLoad()
    #expect(controller.title == "Second")
    #expect(controller.topLine == 0)
    press(controller, .pageDown)
    let secondTop = controller.topLine
    #expect(controller.handleKey(.backspace))
    #expect(controller.title == "First")
    #expect(controller.topLine == 3)
    #expect(controller.focusedLink == focused)
    press(controller, .character("F"))
    #expect(controller.title == "Second")
    #expect(controller.topLine == secondTop)
    press(controller, .character("B"))
    #expect(controller.title == "First")
    #expect(!controller.handleKey(.backspace))
    #expect(!controller.handleKey(.character("B")))
  }

  @Test("Find highlights the matches; n and N move between them")
  func findInPage() async throws {
    let controller = await loadedController()
    press(controller, .character("/"))
    type(controller, "LINE 1")
    #expect(controller.status.kind == .prompt)
    #expect(controller.status.text.hasPrefix("/LINE 1"))
    press(controller, .enter)
    // "Line 1 …" and "Line 10" to "Line 19".
    #expect(controller.findMatches.count == 11)
    #expect(controller.currentMatchIndex == 0)
    #expect(controller.status.text == "match 1 of 11")
    press(controller, .character("n"), .character("n"))
    #expect(controller.currentMatchIndex == 2)
    #expect(controller.status.text == "match 3 of 11")
    press(controller, .character("N"), .character("N"), .character("N"))
    #expect(controller.currentMatchIndex == 10)
    let line = controller.findMatches[10].line
    #expect((controller.topLine..<controller.topLine + 23).contains(line))
    press(controller, .character("/"))
    type(controller, "nowhere")
    press(controller, .escape)
    #expect(controller.status.kind != .prompt)
    #expect(controller.findMatches.count == 11)
    press(controller, .character("/"))
    type(controller, "nowhere")
    press(controller, .enter)
    #expect(controller.findMatches.isEmpty)
    #expect(controller.status.text.contains("No match"))
  }

  @Test("A link to an anchor scrolls to it, and Backspace returns")
  func fragmentsScroll() async throws {
    let controller = await loadedController()
    let page = try #require(controller.page)
    let anchor = try #require(page.line(ofAnchor: "end"))
    #expect(controller.followLink(at: 3) == .scrolled)
    #expect(controller.topLine == min(anchor, page.lines.count - 23))
    #expect(controller.url == server.url("/first") + "#end")
    press(controller, .backspace)
    #expect(controller.topLine == 0)
    #expect(controller.handleFragment("end"))
    #expect(!controller.handleFragment("nowhere"))
    #expect(controller.status.text.contains("#nowhere"))
  }

  @Test("A navigator hands fragments of the page's address to it")
  func navigatorFragments() async throws {
    let loader = testLoader()
    var map = TTURLMap()
    try map.from("*", toViewController: { match, _ in TTWebController(url: match.url, loader: loader) })
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/first"))) as? TTWebController)
    show(web)
    await web.waitForLoad()
    #expect(navigator.openURL("#end"))
    #expect(web.topLine > 0)
    #expect(navigator.stack.count == 1)
  }

  @Test("Digits then Enter follow link n")
  func numberedLinks() async throws {
    let controller = await loadedController()
    let opener = TTClosureURLOpener { _, _ in true }
    controller.opener = opener
    type(controller, "2")
    #expect(controller.status.text.contains("The feed"))
    press(controller, .enter)
    #expect(opener.openedURLs == ["tt://feed/42"])
    type(controller, "9")
    press(controller, .enter)
    #expect(controller.status.text.contains("no link 9"))
  }

  @Test("Escape cancels a load in progress; otherwise it is left to the container", .timeLimit(.minutes(3)))
  func escapeCancels() async throws {
    server.route("GET", "/slow") { _ in
      html(longPage(title: "Slow")).delayed(by: .seconds(30))
    }
    let controller = await loadedController()
    #expect(!controller.handleKey(.escape))
    controller.open(url: server.url("/slow"))
    #expect(controller.isLoading)
    #expect(controller.status.kind == .loading)
    #expect(controller.status.text.contains("127.0.0.1"))
    #expect(controller.handleKey(.escape))
    await controller.waitForLoad()
    #expect(!controller.isLoading)
    #expect(controller.title == "First")
    #expect(controller.historyURLs == [server.url("/first")])
    #expect(controller.status.text.contains("cancelled"))
  }

  @Test("A failed page shows the error view; r retries")
  func errorsAndRetry() async throws {
    let attempts = Mutex(0)
    server.route("GET", "/flaky") { _ in
      let attempt = attempts.withLock { count in
        count += 1
        return count
      }
      return attempt == 1 ? .text("down", status: 503) : html("<title>Back</title><p>up again")
    }
    let controller = TTWebController(url: server.url("/flaky"), loader: testLoader())
    show(controller, width: 60, height: 12)
    await controller.waitForLoad()
    let error = try #require(controller.error)
    #expect(error.code == .httpStatus)
    #expect(controller.status.kind == .error)
    let screen = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 60, height: 12), capabilities: .plain)
    #expect(screen.contains("The server refused the page"))
    #expect(screen.contains("Retry"))
    press(controller, .character("r"))
    await controller.waitForLoad()
    #expect(controller.error == nil)
    #expect(controller.title == "Back")
  }

  @Test("R reloads past the cache; r honours it")
  func reloadPolicies() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cache = try TTURLCache(name: "Web", directory: folder.url)
    let loader = testLoader(cache: cache)
    server.route("GET", "/cached") { _ in
      var response = html(longPage(title: "Cached"))
      response.headers["Cache-Control"] = "max-age=600"
      return response
    }
    let controller = TTWebController(url: server.url("/cached"), loader: loader)
    show(controller)
    await controller.waitForLoad()
    press(controller, .character("j"), .character("j"))
    press(controller, .character("r"))
    await controller.waitForLoad()
    #expect(server.requestCount(for: "/cached") == 1)
    #expect(controller.document?.respondedFromCache == true)
    #expect(controller.topLine == 2)
    press(controller, .character("R"))
    await controller.waitForLoad()
    #expect(server.requestCount(for: "/cached") == 2)
    #expect(controller.document?.respondedFromCache == false)
    #expect(controller.topLine == 2)
  }

  @Test("Resizing lays the page out again and keeps the reading position")
  func resizeKeepsThePosition() async throws {
    let paragraph = (0..<40).map {
      "<p>Paragraph \($0) " + String(repeating: "has some words in it ", count: 6) + "</p>"
    }
    server.route("GET", "/wrap") { _ in html("<title>Wrap</title>" + paragraph.joined()) }
    let controller = TTWebController(url: server.url("/wrap"), loader: testLoader())
    show(controller, width: 40, height: 20)
    await controller.waitForLoad()
    let narrow = try #require(controller.page)
    let target = try #require(narrow.lines.firstIndex { $0.text.hasPrefix("Paragraph 20 ") })
    for _ in 0..<target { press(controller, .down) }
    #expect(controller.topLine == target)
    controller.view.frame = TTRect(x: 0, y: 0, width: 100, height: 20)
    controller.view.layoutIfNeeded()
    let wide = try #require(controller.page)
    #expect(wide.width == 100)
    #expect(wide.lines[controller.topLine].text.hasPrefix("Paragraph 20 "))
  }

  @Test("The navigation bar shows the page's title")
  func titleInTheBar() async throws {
    let loader = testLoader()
    var map = TTURLMap()
    try map.from("*", toViewController: { match, _ in TTWebController(url: match.url, loader: loader) })
    let navigator = try TTNavigator(map: map)
    let web = try #require(navigator.open(TTURLAction(server.url("/first"))) as? TTWebController)
    let container = TTNavigationController(navigator: navigator)
    show(container)
    await web.waitForLoad()
    let screen = TTTerminalHost.renderOnce(
      container, size: TTSize(width: 80, height: 24), capabilities: .plain)
    #expect(screen.split(separator: "\n").first?.contains("First") == true)
    #expect(screen.contains("Line 0 of First."))
  }

  @Test("The factory maps * to web controllers")
  func factoryMapsTheFallback() throws {
    var map = TTURLMap()
    try TTWebController.mapFallback(in: &map)
    let navigator = try TTNavigator(map: map)
    // Off screen, so nothing loads (the default loader would use the app's cache).
    navigator.isOnScreen = false
    let opened = navigator.open(TTURLAction("https://example.com/page"))
    #expect((opened as? TTWebController)?.historyURLs == ["https://example.com/page"])
    #expect(opened?.navigatorURL == "https://example.com/page")
  }
}
