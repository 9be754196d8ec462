import Foundation
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// Table's benchmarks: the virtualised table's first frame and paging at a million rows
/// (against the same at a thousand rows: equal times mean the cost does not grow with the
/// list), and measuring the heights of 100,000 variable-height rows.
enum TableBenchmarks {
  static func run() {
    MainActor.assumeIsolated {
      firstFrame()
      pageDown()
      heights()
    }
  }

  /// A row of wrapped text, one to a few lines tall at width 120.
  struct Row: TTTableItem {
    let id: String
    let text: String
  }

  static let look = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)

  /// Draws a row's text wrapped at the width: the row is as tall as the text.
  struct RowCell: TTTableCell {
    func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
      let text = (item as? Row)?.text ?? item.id
      let lines = TTTextLayout.lines(for: text, width: width, look: TableBenchmarks.look)
      var canvas = TTCanvas(width: width, height: max(1, lines.count))
      for (index, line) in lines.enumerated() {
        canvas.write(
          line, at: TTPoint(x: 0, y: index), style: TTCellStyle(attributes: state.isSelected ? .inverse : []))
      }
      return canvas
    }
  }

  static let words = [
    "table", "row", "cell", "height", "anchor", "三二〇", "terminal", "virtual", "scroll", "page",
  ]

  /// The text of row `index`: 5 to 60 words, so 1 to 4 lines at width 120.
  static func text(_ index: Int) -> String {
    var generator = SplitMix(seed: UInt64(index))
    let count = 5 + Int(generator.next() % 56)
    return (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
  }

  @MainActor
  static func list(count: Int) -> TTLazyListDataSource {
    TTLazyListDataSource(count: count) { index in Row(id: "\(index)", text: text(index)) }
  }

  @MainActor
  static func controller(rows: Int) -> TTTableViewController {
    let registry = TTTableCellRegistry()
    registry.register(RowCell(), for: Row.self)
    let controller = TTTableViewController(dataSource: list(count: rows))
    controller.cellRegistry = registry
    return controller
  }

  static let screen = TTSize(width: 120, height: 40)

  /// A new controller drawn once at 120×40.
  @MainActor
  static func firstFrame() {
    func frame(rows: Int) -> Double {
      measure {
        let controller = controller(rows: rows)
        blackHole(TTTerminalHost.renderOnce(controller, size: screen, capabilities: .trueColor))
      }.seconds * 1000
    }
    let ours = frame(rows: 1_000_000)
    let anchor = frame(rows: 1_000)
    print("table.first-frame: a new table controller drawn at 120×40")
    print("  ours (10^6 rows):   \(format(ours)) ms")
    print("  anchor (10^3 rows): \(format(anchor)) ms")
    report(
      "table.first-frame", ours: ours, anchorName: "1e3-rows", anchor: anchor, unit: "ms",
      higherIsBetter: false)
  }

  /// Ten Page Downs from the top, each followed by a redraw at 120×40.
  @MainActor
  static func pageDown() {
    func paging(rows: Int) -> Double {
      let controller = controller(rows: rows)
      _ = TTTerminalHost.renderOnce(controller, size: screen, capabilities: .trueColor)
      return measure {
        _ = controller.handleKey(.home)
        for _ in 0..<10 {
          _ = controller.handleKey(.pageDown)
          blackHole(TTTerminalHost.renderOnce(controller, size: screen, capabilities: .trueColor))
        }
      }.seconds * 1000 / 10
    }
    let ours = paging(rows: 1_000_000)
    let anchor = paging(rows: 1_000)
    print("table.page-down: Page Down and redraw at 120×40 (per page)")
    print("  ours (10^6 rows):   \(format(ours)) ms")
    print("  anchor (10^3 rows): \(format(anchor)) ms")
    report(
      "table.page-down", ours: ours, anchorName: "1e3-rows", anchor: anchor, unit: "ms", higherIsBetter: false
    )
  }

  /// The heights of 100,000 variable-height rows at width 120.
  ///
  /// Ours renders each row's cell (one layout function for height and drawing). The anchor
  /// counts the wrapped lines of each row's text without drawing — what a hand-written
  /// `rowHeightForObject:` did in Three20, the cheapest correct height for these rows. One
  /// run each after a warm-up: a run takes seconds.
  @MainActor
  static func heights() {
    let count = 100_000
    let registry = TTTableCellRegistry()
    registry.register(RowCell(), for: Row.self)
    let source = list(count: count)
    let ours =
      measure(minimumRuns: 1, minimumTime: 0) {
        let table = TTTableView(cellRegistry: registry, frame: TTRect(x: 0, y: 0, width: 120, height: 40))
        table.dataSource = source
        var total = 0
        for row in 0..<count { total &+= table.height(ofRowAt: [0, row]) }
        blackHole(total)
      }.seconds * 1000
    let anchor =
      measure(minimumRuns: 1, minimumTime: 0) {
        var total = 0
        for row in 0..<count {
          total &+= max(1, TTTextLayout.lines(for: text(row), width: 120, look: look).count)
        }
        blackHole(total)
      }.seconds * 1000
    print("table.heights: heights of 10^5 variable-height rows at width 120")
    print("  ours (render each row's cell): \(format(ours)) ms")
    print("  anchor (count wrapped lines):  \(format(anchor)) ms")
    report(
      "table.heights", ours: ours, anchorName: "line-count", anchor: anchor, unit: "ms", higherIsBetter: false
    )
  }
}
