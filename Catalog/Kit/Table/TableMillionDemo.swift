import Three20

/// A million rows, made as they are drawn.
///
/// `TTLazyListDataSource` makes an item only when its row is drawn, and the table view lays
/// out only the rows on screen. End (or `G`) jumps to the last one.
final class TableMillionDemo: CatalogTableController {
  init() {
    super.init()
    title = "A million rows"
    variableHeightRows = false
    maximumPreferredHeight = 14
  }

  override func createModel() {
    dataSource = TTLazyListDataSource(count: 1_000_000) { index in
      TTTableCaptionItem(text: "Row \(index + 1)", caption: "#\(String(index + 1, radix: 16))")
    }
  }
}
