import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

@MainActor
@Suite("TTTableViewController")
struct TTTableViewControllerTests {
  /// A controller for a feed source, drawing notes with their cell.
  func makeController(_ source: FeedSource) -> TTTableViewController {
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = noteRegistry()
    return controller
  }

  /// Appearing loads a model that never loaded, and the screen says "Loading…".
  @Test func appearingStartsTheLoadAndShowsLoading() {
    let source = FeedSource()
    let controller = makeController(source)
    let text = controller.text()
    #expect(source.sourceModel.loads.count == 1)
    #expect(source.sourceModel.loads.first?.more == false)
    #expect(controller.viewState == .loading)
    #expect(text.contains("Loading..."))
  }

  /// A load that finishes with nothing shows the empty view with its title and Reload.
  @Test func finishingEmptyShowsTheEmptyView() {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.finish(with: [])
    let text = controller.text()
    #expect(controller.viewState == .empty)
    #expect(text.contains("No feed"))
    #expect(text.contains("Reload"))
    #expect(!text.contains("Loading"))
  }

  /// A load that finishes with entries shows them as rows.
  @Test func finishingWithItemsShowsTheRows() {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.finish(with: ["alpha", "beta"])
    let text = controller.text()
    #expect(controller.viewState == .content)
    #expect(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["alpha", "beta"])
  }

  /// A failed first load shows the error view with the data source's texts and Retry, which
  /// reloads from the network.
  @Test func failingShowsTheErrorViewAndRetryReloads() {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.fail("timed out")
    let text = controller.text()
    #expect(controller.viewState == .error(TTModelFailure(StubError(description: "timed out"))))
    #expect(text.contains("Oops"))
    #expect(text.contains("The feed is not available."))
    #expect(text.contains("Retry"))
    // Enter presses the focused Retry button.
    #expect(controller.handleKey(.enter))
    #expect(source.sourceModel.loads.last?.policy == .network)
    #expect(controller.viewState == .loading)
  }

  /// Cancelling the first load leaves nothing to show: the empty view.
  @Test func cancellingTheFirstLoadShowsEmpty() {
    let source = FeedSource()
    let controller = makeController(source)
    controller.appear()
    source.sourceModel.cancel()
    #expect(controller.viewState == .empty)
    #expect(controller.text().contains("No feed"))
  }

  /// `r` keeps the rows, shows "Updating…" above them, then "Last updated: …".
  @Test func refreshKeepsRowsAndShowsUpdatingThenLastUpdated() {
    let source = FeedSource()
    let controller = makeController(source)
    let now = Date(timeIntervalSince1970: 1_000_000)
    controller.dateFormatting = TTDateFormatting(now: { now }, locale: Locale(identifier: "en_US"))
    _ = controller.text()
    source.sourceModel.finish(with: ["alpha"])
    #expect(controller.handleKey(.character("r")))
    #expect(source.sourceModel.loads.last?.policy == .network)
    #expect(controller.viewState == .refreshing)
    let updating = controller.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(updating.first?.hasSuffix(" Updating...") == true)
    #expect(updating.contains("alpha"))
    source.sourceModel.finish(with: ["alpha", "beta"])
    let after = controller.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(after.first == "Last updated: just a moment ago")
    #expect(after.contains("beta"))
    #expect(controller.lastRefreshDate == now)
  }

  /// A failed refresh keeps the rows and says so above them.
  @Test func failedRefreshKeepsRowsWithAStatusLine() {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.finish(with: ["alpha"])
    controller.refresh()
    source.sourceModel.fail("offline")
    let lines = controller.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(controller.viewState == .content)
    #expect(lines.first == "Couldn't update: Oops")
    #expect(lines.contains("alpha"))
  }

  /// The "more" row loads the next page when the cursor reaches it, shows the loading title
  /// meanwhile, and the new rows follow the old ones.
  @Test func reachingTheMoreRowLoadsMore() {
    let source = FeedSource()
    source.more = true
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.finish(with: ["alpha"])
    #expect(controller.text().contains("Load more…"))
    #expect(controller.handleKey(.end))
    #expect(source.sourceModel.loads.last?.more == true)
    #expect(source.sourceModel.loads.last?.policy == .default)
    #expect(controller.viewState == .loadingMore)
    #expect(controller.text().contains("Loading..."))
    source.sourceModel.finish(with: ["beta"])
    let lines = controller.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(Array(lines.prefix(3)) == ["alpha", "beta", "Load more…"])
  }

  /// Enter on the "more" row loads more too, even with loading on reach turned off.
  @Test func enterOnTheMoreRowLoadsMore() {
    let source = FeedSource()
    source.more = true
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.finish(with: ["alpha"])
    controller.tableView.loadsMoreWhenReached = false
    controller.tableView.move(.end)
    #expect(source.sourceModel.loads.count == 1)
    #expect(controller.handleKey(.enter))
    #expect(source.sourceModel.loads.last?.more == true)
  }

  /// Swapping the data source shows the new one's state, the empty view included (Three20
  /// kept the old screen).
  @Test func swappingTheDataSourceShowsTheNewState() {
    let first = FeedSource()
    let controller = makeController(first)
    _ = controller.text()
    first.sourceModel.finish(with: ["alpha"])
    #expect(controller.text().contains("alpha"))

    let empty = TTListDataSource(items: [])
    controller.dataSource = empty
    #expect(controller.viewState == .empty)
    #expect(!controller.text().contains("alpha"))

    let second = FeedSource()
    controller.dataSource = second
    let loading = controller.text()
    #expect(loading.contains("Loading..."))
    second.sourceModel.finish(with: [])
    #expect(controller.text().contains("No feed"))

    // The old model no longer drives the screen.
    first.sourceModel.invalidate(erase: true)
    #expect(controller.text().contains("No feed"))
  }

  /// After a memory warning released the view, the next appearance shows the same screen —
  /// loading, empty, error or rows (Three20 lost the state views).
  @Test(arguments: ["loading", "empty", "error", "rows"])
  func memoryWarningKeepsTheScreen(situation: String) {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    switch situation {
    case "empty": source.sourceModel.finish(with: [])
    case "error": source.sourceModel.fail("timed out")
    case "rows": source.sourceModel.finish(with: ["alpha", "beta"])
    default: break
    }
    let before = controller.text()
    controller.didReceiveMemoryWarning()
    #expect(!controller.isViewLoaded)
    let after = controller.text()
    #expect(after == before)
    #expect(source.sourceModel.loads.count == 1)
  }

  /// The cursor and scroll position survive a memory warning.
  @Test func memoryWarningKeepsTheCursor() {
    let controller = TTTableViewController(
      dataSource: TTListDataSource(items: (0..<50).map { Note("n\($0)") }))
    controller.cellRegistry = noteRegistry()
    _ = controller.text(height: 5)
    controller.tableView.move(.end)
    let before = controller.text(height: 5)
    controller.didReceiveMemoryWarning()
    #expect(controller.text(height: 5) == before)
    #expect(controller.selectedIndexPath == [0, 49])
  }

  /// Outdated content is reloaded from the network when the controller appears.
  @Test func outdatedContentReloadsOnAppear() {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.finish(with: ["alpha"])
    source.sourceModel.invalidate(erase: false)
    #expect(controller.viewState == .outdated)
    _ = controller.text()
    #expect(source.sourceModel.loads.count == 2)
    #expect(source.sourceModel.loads.last?.policy == .network)
    #expect(controller.viewState == .refreshing)
  }

  /// `createModel()` runs once, lazily, and again after `invalidateModel()`.
  @Test func createModelRunsLazily() {
    final class Lazy: TTTableViewController {
      var made = 0
      override func createModel() {
        made += 1
        dataSource = TTListDataSource(items: [Note("a")])
      }
    }
    let controller = Lazy()
    #expect(controller.made == 0)
    _ = controller.text()
    _ = controller.text()
    #expect(controller.made == 1)
    controller.invalidateModel()
    #expect(controller.made == 1)
    _ = controller.model
    #expect(controller.made == 2)
  }

  /// Enter opens the selected row's URL through the controller's opener.
  @Test func enterOpensTheSelectedURL() {
    let opener = TTClosureURLOpener { _, _ in true }
    let controller = TTTableViewController(dataSource: TTListDataSource(items: [Note("a"), Note("b")]))
    controller.cellRegistry = noteRegistry()
    controller.opener = opener
    _ = controller.text()
    #expect(controller.handleKey(.down))
    #expect(controller.handleKey(.character("j")))
    #expect(controller.selectedIndexPath == [0, 1])
    #expect(controller.text().contains("> b"))
    #expect(controller.handleKey(.enter))
    #expect(opener.openedURLs == ["tt://note/b"])
  }

  /// Section headers and footers are drawn from the data source's titles.
  @Test func headersAndFootersComeFromTheDataSource() {
    let source = TTSectionedDataSource(objects: [
      "Fruit", Note("apple"), TTSectionedDataSource.Section(header: "Veg", footer: "2 items"), Note("kale"),
      Note("leek"),
    ])
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = noteRegistry()
    let lines = controller.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines == ["Fruit", "apple", "Veg", "kale", "leek", "2 items"])
  }

  /// A search that matches nothing shows "No results" as the empty state.
  @Test func searchWithoutMatchesShowsNoResults() {
    let source = TTListDataSource(items: [Note("apple"), Note("pear")])
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = noteRegistry()
    source.search("kiwi")
    #expect(controller.viewState == .empty)
    #expect(controller.text().contains("No results"))
    source.search("")
    #expect(controller.text().contains("pear"))
  }

  /// Banner on top, overlay over the rows.
  @Test func bannerAndOverlay() {
    let controller = TTTableViewController(dataSource: TTListDataSource(items: [Note("a"), Note("b")]))
    controller.cellRegistry = noteRegistry()
    controller.bannerView = TTLabel(text: "BANNER")
    let lines = controller.text(height: 4).split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(lines == ["BANNER", "a", "b"])
    let overlay = TTLabel(text: "OVER")
    controller.overlayView = overlay
    #expect(controller.text(height: 4).split(separator: "\n").first.map(String.init) == "BANNER")
    #expect(controller.text(height: 4).contains("OVER"))
  }

  /// Variable-height rows are as tall as their cells; fixed rows are cut to one line.
  @Test func variableAndFixedHeights() {
    let controller = TTTableViewController(
      dataSource: TTListDataSource(items: [Note("a", lines: 3), Note("b")]))
    controller.cellRegistry = noteRegistry()
    #expect(
      controller.text(height: 5).split(separator: "\n", omittingEmptySubsequences: false).prefix(4)
        .map { $0.trimmingCharacters(in: .whitespaces) } == ["a", "", "", "b"])
    controller.variableHeightRows = false
    #expect(
      controller.text(height: 5).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == [
        "a", "b",
      ])
  }
}
