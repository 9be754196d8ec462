import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

@MainActor
@Suite("Tabs")
struct TTTabsTests {
  /// A tab's data source is made the first time the tab is chosen, and reused afterwards.
  @Test func tabDataSourcesAreMadeLazilyAndKept() {
    var made: [String] = []
    let controller = TTTabbedTableController(tabs: [
      .init(title: "One") {
        made.append("one")
        return TTListDataSource(items: [Note("first")])
      },
      .init(title: "Two") {
        made.append("two")
        return FeedSource()
      },
    ])
    controller.cellRegistry = noteRegistry()
    #expect(made.isEmpty)
    let first = controller.text()
    #expect(made == ["one"])
    #expect(first.contains("first"))
    #expect(controller.dataSourceIfMade(forTab: 1) == nil)

    #expect(controller.handleKey(.character("2")))
    #expect(made == ["one", "two"])
    let two = controller.dataSourceIfMade(forTab: 1) as? FeedSource
    #expect(two?.sourceModel.loads.count == 0)
    #expect(controller.text().contains("Loading..."))
    #expect(two?.sourceModel.loads.count == 1)

    #expect(controller.handleKey(.left))
    #expect(controller.text().contains("first"))
    #expect(controller.handleKey(.right))
    #expect(made == ["one", "two"])
    #expect(controller.dataSource === two)
    // The model was not loaded again: its load is still the one in flight.
    #expect(two?.sourceModel.loads.count == 1)
    two?.sourceModel.finish(with: ["second"])
    #expect(controller.text().contains("second"))
  }

  /// Each tab keeps its cursor.
  @Test func tabsKeepTheirCursor() {
    let controller = TTTabbedTableController(tabs: [
      .init(title: "A") { TTListDataSource(items: [Note("a0"), Note("a1")]) },
      .init(title: "B") { TTListDataSource(items: [Note("b0"), Note("b1")]) },
    ])
    controller.cellRegistry = noteRegistry()
    _ = controller.text()
    _ = controller.handleKey(.down)
    _ = controller.handleKey(.down)
    #expect(controller.selectedIndexPath == [0, 1])
    _ = controller.handleKey(.character("2"))
    #expect(controller.selectedIndexPath == nil)
    _ = controller.handleKey(.character("1"))
    #expect(controller.selectedIndexPath == [0, 1])
  }

  /// The strip shows the selected title in brackets and arrows where titles are hidden.
  @Test func stripOverflowShowsArrows() {
    let strip = TTTabStrip(titles: ["Inbox", "Sent", "Drafts", "Archive", "Spam"])
    strip.frame = TTRect(x: 0, y: 0, width: 20, height: 1)
    var canvas = TTCanvas(width: 20, height: 1)
    strip.draw(on: &canvas)
    #expect(canvas.plainText.hasPrefix(" [Inbox]"))
    #expect(canvas.plainText.hasSuffix("›"))
    #expect(strip.handleKey(.character("5")))
    #expect(strip.selectedIndex == 4)
    canvas = TTCanvas(width: 20, height: 1)
    strip.draw(on: &canvas)
    #expect(canvas.plainText.hasPrefix("‹"))
    #expect(canvas.plainText.contains("[Spam]"))
    #expect(!strip.handleKey(.right))
    #expect(!strip.handleKey(.character("9")))
    #expect(strip.handleKey(.left))
    #expect(strip.selectedIndex == 3)
  }

  /// Titles that fit are drawn without arrows; an empty strip draws nothing.
  @Test func stripThatFits() {
    let strip = TTTabStrip(titles: ["A", "B"], selectedIndex: 1)
    strip.frame = TTRect(x: 0, y: 0, width: 20, height: 1)
    var canvas = TTCanvas(width: 20, height: 1)
    strip.draw(on: &canvas)
    #expect(canvas.plainText == " A  [B]")
    let empty = TTTabStrip(titles: [])
    empty.frame = strip.frame
    empty.draw(on: &canvas)
    #expect(!empty.handleKey(.right))
  }

  /// Tabs set later (once a list of playlists has loaded) show in the strip and make the
  /// selected tab's data source; tabs whose title stays in place keep theirs.
  @Test func tabsSetLater() {
    var made: [String] = []
    func tab(_ title: String) -> TTTabbedTableController.Tab {
      .init(title: title) {
        made.append(title)
        return TTListDataSource(items: [Note("in " + title)])
      }
    }
    let controller = TTTabbedTableController(tabs: [])
    controller.cellRegistry = noteRegistry()
    let empty = controller.text()
    #expect(!empty.contains("in "))
    controller.tabs = [tab("News"), tab("Sport")]
    #expect(made == ["News"])
    #expect(controller.text().contains("in News"))
    let news = controller.dataSource
    controller.tabs = [tab("News"), tab("Science"), tab("Sport")]
    #expect(controller.dataSource === news)
    #expect(controller.tabStrip.titles == ["News", "Science", "Sport"])
    controller.tabs = [tab("Weather")]
    #expect(made == ["News", "Weather"])
    #expect(controller.text().contains("in Weather"))
    controller.tabs = []
    #expect(controller.dataSource == nil)
    #expect(!controller.text().contains("in "))
  }
}
