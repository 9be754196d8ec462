import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// One thing that can happen to a table controller and its model.
enum ControllerEvent: CaseIterable, Sendable {
  case start, finishEmpty, finishWithItems, fail, cancel, refresh, loadMore, invalidate, swap,
    swapLoaded, memoryWarning, reload
}

@MainActor
@Suite("TTTableViewController states")
struct TTTableControllerStateTests {
  /// A controller for a feed source, drawing notes with their cell.
  func makeController(_ source: FeedSource) -> TTTableViewController {
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = noteRegistry()
    return controller
  }

  /// What each screen shows and no other screen does.
  static let loadingMark = "Loading..."
  static let emptyMark = "No feed"
  static let errorMark = "The feed is not available."

  /// Applies an event to the controller and its current data source.
  func apply(
    _ event: ControllerEvent, to controller: TTTableViewController, counter: inout Int
  ) {
    guard let source = controller.dataSource as? FeedSource else { return }
    let model = source.sourceModel
    counter += 1
    switch event {
    case .start: model.load(.default, more: false)
    case .finishEmpty: if model.isLoading { model.finish(with: []) }
    case .finishWithItems: if model.isLoading { model.finish(with: ["row\(counter)", "row\(counter)b"]) }
    case .fail: if model.isLoading { model.fail("down \(counter)") }
    case .cancel: model.cancel()
    case .refresh: controller.refresh()
    case .loadMore: controller.loadMore()
    case .invalidate: model.invalidate(erase: counter % 2 == 0)
    case .swap: controller.dataSource = FeedSource()
    case .swapLoaded:
      let fresh = FeedSource()
      fresh.sourceModel.load(.default, more: false)
      fresh.sourceModel.finish(with: counter % 2 == 0 ? [] : ["fresh\(counter)"])
      controller.dataSource = fresh
    case .memoryWarning: controller.didReceiveMemoryWarning()
    case .reload: controller.reload()
    }
  }

  /// Checks that the screen drawn is the one the model's state calls for, and nothing stale.
  func expectScreenMatchesModel(
    _ controller: TTTableViewController, history: [ControllerEvent],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let text = controller.text(width: 50, height: 10)
    guard let source = controller.dataSource as? FeedSource else { return }
    let hasRows = source.numberOfRows(inSection: 0) > 0
    let expected = TTTableViewState(modelState: source.sourceModel.state, hasRows: hasRows)
    let context = "after \(history): \(source.sourceModel.state)\n\(text)"
    #expect(controller.viewState == expected, "\(context)", sourceLocation: sourceLocation)
    // The loading view, or the "more" row turning while the next page loads.
    #expect(
      text.contains(Self.loadingMark) == (expected == .loading || expected == .loadingMore),
      "loading view: \(context)", sourceLocation: sourceLocation)
    #expect(
      text.contains(Self.emptyMark) == (expected == .empty), "empty view: \(context)",
      sourceLocation: sourceLocation)
    let isError = if case .error = expected { true } else { false }
    #expect(
      text.contains(Self.errorMark) == isError, "error view: \(context)", sourceLocation: sourceLocation)
    if expected.showsRows, let first = source.item(at: [0, 0]) as? Note {
      #expect(text.contains(first.text), "rows: \(context)", sourceLocation: sourceLocation)
    }
    #expect(
      text.contains("Updating") == (expected == .refreshing), "updating line: \(context)",
      sourceLocation: sourceLocation)
  }

  /// Every pair of events, from every starting screen, leaves the screen the model calls for
  /// (Three20's flags could leave loading, empty or error views up after the model moved on).
  @Test(arguments: ControllerEvent.allCases)
  func everyPairOfEventsShowsTheModelsScreen(first: ControllerEvent) {
    for second in ControllerEvent.allCases {
      for third in [ControllerEvent.finishWithItems, .finishEmpty, .fail, .memoryWarning] {
        let controller = makeController(FeedSource())
        var counter = 0
        var history: [ControllerEvent] = []
        expectScreenMatchesModel(controller, history: history)
        for event in [first, second, third] {
          apply(event, to: controller, counter: &counter)
          history.append(event)
          expectScreenMatchesModel(controller, history: history)
        }
      }
    }
  }

  /// Long random sequences of events, drawn after each, never show a stale screen.
  @Test(arguments: 1...12)
  func randomEventSequencesShowTheModelsScreen(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let controller = makeController(FeedSource())
    var counter = 0
    var history: [ControllerEvent] = []
    for _ in 0..<40 {
      let event = ControllerEvent.allCases.randomElement(using: &generator) ?? .start
      apply(event, to: controller, counter: &counter)
      history.append(event)
      expectScreenMatchesModel(controller, history: history)
    }
  }

  /// A retried error shows "Loading…", then the rows: the error view does not stay up.
  @Test func retryReplacesTheErrorView() {
    let source = FeedSource()
    let controller = makeController(source)
    _ = controller.text()
    source.sourceModel.fail("down")
    #expect(controller.text().contains(Self.errorMark))
    #expect(controller.handleKey(.enter))  // Retry
    let loading = controller.text()
    #expect(loading.contains(Self.loadingMark))
    #expect(!loading.contains(Self.errorMark))
    source.sourceModel.finish(with: ["back"])
    let rows = controller.text()
    #expect(rows.contains("back"))
    #expect(!rows.contains(Self.errorMark))
    #expect(!rows.contains(Self.loadingMark))
  }

  /// Choosing a more button item loads the next page of the data source's model and turns a
  /// spinner on the button until the page arrives.
  @Test func moreButtonItemLoadsTheNextPage() {
    final class Paged: TTModelDataSource<StubModel> {
      init(_ model: StubModel) {
        super.init(model: model) { model in
          model.entries.map { TTTableTextItem(text: $0) as any TTTableItem }
            + [TTTableMoreButton(text: "More rows")]
        }
      }
    }
    let model = StubModel()
    let controller = TTTableViewController(dataSource: Paged(model))
    _ = controller.text()
    model.finish(with: ["one"])
    #expect(controller.handleKey(.end))
    #expect(controller.handleKey(.enter))
    #expect(model.loads.last?.more == true)
    #expect(controller.viewState == .loadingMore)
    let loading = controller.text()
    #expect(loading.contains("| More rows") || loading.contains("- More rows"), "\(loading)")
    model.finish(with: ["two"])
    let after = controller.text()
    #expect(after.contains("one") && after.contains("two"))
    #expect(!after.contains("| More") && !after.contains("- More"))
  }

  /// A more button with a model of its own loads that model, and the table shows its spinner.
  @Test func moreButtonWithItsOwnModelLoadsIt() {
    let pages = StubModel()
    let source = TTListDataSource(items: [
      TTTableTextItem(text: "first"), TTTableMoreButton(text: "Older", model: TTModelReference(pages)),
    ])
    let controller = TTTableViewController(dataSource: source)
    _ = controller.text()
    #expect(controller.handleKey(.end))
    #expect(controller.handleKey(.enter))
    #expect(pages.loads.count == 1)
    #expect(pages.loads.first?.more == true)
    #expect(controller.text().contains("- Older") || controller.text().contains("| Older"))
    pages.finish(with: [])
    #expect(controller.text().contains("  Older"))
  }

  /// Rows with a spinner (activity items) turn it on each tick; other rows stay cached.
  @Test func activityRowsTurnOnTicks() {
    let controller = TTTableViewController(
      dataSource: TTListDataSource(items: [
        TTTableActivityItem(text: "Syncing"), TTTableTextItem(text: "Done"),
      ]))
    let first = controller.text()
    controller.tableView.tick()
    let second = controller.text()
    #expect(first.contains("Syncing") && second.contains("Syncing"))
    #expect(first != second)
    let done = { (text: String) in text.split(separator: "\n").filter { $0.contains("Done") } }
    #expect(done(first) == done(second))
    #expect(done(first).count == 1)
  }

  /// Choosing a linked item opens its URL, then runs its action; `i` opens its accessory URL.
  @Test func selectionOpensTheURLThenRunsTheAction() {
    let opener = TTClosureURLOpener { _, _ in true }
    let counter = ActionCounter()
    let item = TTTableTextItem(text: "Inbox", url: "tt://inbox", accessoryURL: "tt://inbox/info") {
      counter.count += 1
    }
    let controller = TTTableViewController(dataSource: TTListDataSource(items: [item]))
    controller.opener = opener
    _ = controller.text()
    #expect(controller.handleKey(.down))
    #expect(controller.handleKey(.enter))
    #expect(opener.openedURLs == ["tt://inbox"])
    #expect(counter.count == 1)
    #expect(controller.handleKey(.character("i")))
    #expect(opener.openedURLs == ["tt://inbox", "tt://inbox/info"])
  }

  /// `shouldOpenURL` can stop a URL; the action still runs.
  @Test func shouldOpenURLCanRefuse() {
    final class Refusing: TTTableViewController {
      override func shouldOpenURL(_ url: String) -> Bool { false }
    }
    let opener = TTClosureURLOpener { _, _ in true }
    let counter = ActionCounter()
    let controller = Refusing(
      dataSource: TTListDataSource(items: [TTTableTextItem(text: "A", url: "tt://a") { counter.count += 1 }]))
    controller.opener = opener
    _ = controller.text()
    _ = controller.handleKey(.down)
    _ = controller.handleKey(.enter)
    #expect(opener.openedURLs.isEmpty)
    #expect(counter.count == 1)
  }

  /// `/` starts a search: typed keys filter the rows, Backspace widens, Escape shows all.
  @Test func slashSearchesAsYouType() {
    let items = ["apple", "apricot", "banana", "cherry"].map { Note($0) }
    let controller = TTTableViewController(dataSource: TTListDataSource(items: items))
    controller.cellRegistry = noteRegistry()
    _ = controller.text()
    #expect(controller.handleKey(.character("/")))
    #expect(controller.isSearching)
    for character in "ap" { #expect(controller.handleKey(.character(character))) }
    var text = controller.text()
    #expect(text.contains("/ap"))
    #expect(text.contains("apple") && text.contains("apricot") && !text.contains("banana"))
    // Keys that move the cursor elsewhere are typed while searching.
    #expect(controller.handleKey(.character("x")))
    text = controller.text()
    #expect(text.contains("No results"))
    #expect(controller.handleKey(.backspace))
    #expect(controller.handleKey(.enter))
    #expect(!controller.isSearching)
    #expect(controller.handleKey(.down))
    #expect(controller.selectedIndexPath == [0, 0])
    #expect(controller.text().contains("/ap"))
    #expect(controller.handleKey(.escape))
    text = controller.text()
    #expect(text.contains("banana") && text.contains("cherry"))
    #expect(!text.contains("/ap"))
  }

  /// The search results of a sectioned source are a data source of their own, titles kept.
  @Test func searchResultsAreTheirOwnDataSource() {
    let source = TTSectionedDataSource(objects: [
      "Fruit", Note("apple"), Note("pear"), TTTableSection(headerTitle: "Veg", footerTitle: "fresh"),
      Note("pepper"), Note("kale"),
    ])
    let results = TTTableSearch.results(in: source, matching: "pe")
    #expect(results.numberOfSections == 2)
    #expect(results.titleForHeader(inSection: 0) == "Fruit")
    #expect(results.titleForHeader(inSection: 1) == "Veg")
    #expect(results.titleForFooter(inSection: 1) == "fresh")
    #expect(results.item(at: [0, 0])?.id == "pear")
    #expect(results.item(at: [1, 0])?.id == "pepper")
    #expect(source.numberOfRows(inSection: 0) == 2)
    let limited = TTTableSearch.results(in: source, matching: "", limit: 3)
    #expect(limited.numberOfRows(inSection: 0) + limited.numberOfRows(inSection: 1) == 3)
    #expect(TTTableSearch.results(in: source, matching: "zzz").numberOfSections == 0)
  }

  /// A search looks at what rows show: not at their addresses or built-in identities, but at
  /// styled text's plain text; an item with no texts is found by its identity.
  @Test func searchLooksAtShownTexts() throws {
    struct Bare: TTTableItem { var id: String { "bare-7" } }
    let styled = TTTableStyledTextItem(text: try TTStyledText(xhtml: "<b>Bold</b> move"))
    let items: [any TTTableItem] = [
      TTTableTextItem(text: "Inbox", url: "tt://inbox"), TTTableSubtitleItem(text: "Drafts", subtitle: "two"),
      styled, Bare(),
    ]
    #expect(TTTableSearch.searchableTexts(of: items[0]) == ["Inbox"])
    #expect(!items.contains { TTTableSearch.matches($0, text: "tt") })
    #expect(!items.contains { TTTableSearch.matches($0, text: "text") })
    #expect(TTTableSearch.matches(items[1], text: "two"))
    #expect(TTTableSearch.matches(styled, text: "bold move"))
    #expect(!TTTableSearch.matches(styled, text: "<b>"))
    #expect(TTTableSearch.matches(Bare(), text: "bare"))
  }

  /// After a change, only the rows whose item changed are drawn again — wherever unchanged
  /// rows moved; a new registry draws every row again.
  @Test func onlyChangedRowsAreDrawnAgain() {
    let drawn = DrawnTexts()
    struct CountingCell: TTTableCell {
      let drawn: DrawnTexts
      func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
        let text = (item as? TTTableTextItem)?.text ?? "?"
        MainActor.assumeIsolated { drawn.texts.append(text) }
        var canvas = TTCanvas(width: width, height: 1)
        canvas.write(text, at: .zero)
        return canvas
      }
    }
    let source = TTListDataSource(items: ["a", "b", "c"].map { TTTableTextItem(text: $0) })
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry.register(CountingCell(drawn: drawn), for: TTTableTextItem.self)
    _ = controller.text()
    #expect(drawn.texts.sorted() == ["a", "b", "c"])
    drawn.texts = []
    source.items.insert(TTTableTextItem(text: "new"), at: 0)
    source.items[2] = TTTableTextItem(text: "b", url: "tt://b")  // same text, new content
    let text = controller.text()
    #expect(drawn.texts.sorted() == ["b", "new"])
    #expect(
      text.split(separator: "\n").prefix(4).map { $0.trimmingCharacters(in: .whitespaces) } == [
        "new", "a", "b", "c",
      ])
    drawn.texts = []
    let registry = TTTableCellRegistry.standard()
    registry.register(CountingCell(drawn: drawn), for: TTTableTextItem.self)
    controller.cellRegistry = registry
    _ = controller.text()
    #expect(drawn.texts.count == 4)
  }

  /// The cursor stays on its item when rows are inserted above it.
  @Test func cursorFollowsItsItemWhenRowsMove() {
    let source = TTListDataSource(items: (0..<20).map { Note("n\($0)") })
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = noteRegistry()
    _ = controller.text(height: 6)
    controller.selectedIndexPath = [0, 10]
    source.items.insert(contentsOf: [Note("new1"), Note("new2")], at: 0)
    #expect(controller.selectedIndexPath == [0, 12])
    #expect(controller.text(height: 6).contains("> n10"))
    // When the item is gone, the cursor keeps its index.
    source.items.remove(at: 12)
    #expect(controller.selectedIndexPath == [0, 12])
  }

  /// A data source that lies about its counts, returns no items, or whose cells draw empty or
  /// odd canvases, never crashes the table, whatever keys are pressed.
  @Test(arguments: [0, 1, 2, 3])
  func hostileDataSourcesDoNotCrash(kind: Int) {
    final class Liar: TTTableDataSource {
      let kind: Int
      init(kind: Int) {
        self.kind = kind
        super.init()
      }
      override var numberOfSections: Int { [-5, 3, Int.max / 4, 2][kind] }
      override func numberOfRows(inSection section: Int) -> Int {
        [Int.min, Int.max, Int.max / 2, section == 0 ? 0 : 3][kind]
      }
      override func item(at indexPath: IndexPath) -> (any TTTableItem)? {
        kind == 3 ? Note("\(indexPath)", lines: indexPath.last == 1 ? 0 : 3) : nil
      }
      override func titleForHeader(inSection section: Int) -> String? { section == 1 ? "" : "H\(section)" }
      override var hasMoreItems: Bool { kind != 0 }
    }
    struct OddCell: TTTableCell {
      func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
        TTCanvas(width: width * 3, height: 0)
      }
    }
    let controller = TTTableViewController(dataSource: Liar(kind: kind))
    controller.cellRegistry = noteRegistry()
    if kind == 2 { controller.cellRegistry.register(OddCell(), for: Note.self) }
    for key: TTKey in [.end, .pageUp, .pageDown, .up, .down, .home, .enter, .character("i"), .character("/")]
    {
      _ = controller.handleKey(key)
      _ = controller.text(width: 30, height: 6)
    }
    _ = controller.text(width: 0, height: 0)
    _ = controller.text(width: 1, height: 1)
  }
}

/// Counts how often an item's action ran.
@MainActor
final class ActionCounter {
  var count = 0
}

/// The texts a cell was asked to draw.
@MainActor
final class DrawnTexts: Sendable {
  var texts: [String] = []
}
