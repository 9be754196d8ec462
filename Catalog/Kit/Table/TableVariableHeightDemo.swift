import Three20

/// Rows as tall as their text: long text and styled text items wrap to the width, so the
/// same list has more, shorter rows at 120 columns than at 40.
final class TableVariableHeightDemo: CatalogTableController {
  init() {
    super.init()
    title = "Variable-height rows"
    variableHeightRows = true
  }

  override func createModel() {
    let words =
      "Three20 measured every row with its cell class, so a table could mix one-line rows with paragraphs."
    dataSource = TTListDataSource(items: [
      TTTableTextItem(text: "A one-line row"),
      TTTableLongTextItem(text: words),
      TTTableLongTextItem(text: String(repeating: "Longer still: " + words + " ", count: 2)),
      TTTableStyledTextItem(
        text: (try? TTStyledText(
          xhtml: "<b>Styled</b> text rows wrap <i>too</i>, links and all: http://three20.info"))
          ?? TTStyledText(text: "Styled text rows wrap too")),
      TTTableTextItem(text: "Another one-line row"),
    ])
  }
}
