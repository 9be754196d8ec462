import Testing
import Three20Style
import Three20Table

@Suite("Table cells: golden files")
struct TTTableCellGoldenTests {
  static let widths = [40, 80, 120]

  /// Every item type draws as its golden file shows, at widths 40, 80 and 120.
  @Test(arguments: TableCellSamples.groups.map(\.name))
  func itemsDrawAsTheGoldenFilesShow(group: String) throws {
    let items = try #require(TableCellSamples.groups.first { $0.name == group }).items
    var output = ""
    for width in Self.widths {
      output += "width \(width)\n"
      for item in items {
        let canvas = TableCellSamples.registry.cell(for: item).render(
          item, width: width, state: TableCellSamples.state())
        output += TableCellSamples.framed(canvas) + "\n"
      }
    }
    assertSnapshot(output, named: "\(group).txt")
  }

  /// Colours, attributes and the selection look, as 256-colour ANSI, for a few item types.
  @Test(arguments: ["text", "caption", "message", "link", "button", "styledText", "control"])
  func coloursAndSelectionMatchTheGoldenFiles(group: String) throws {
    let items = try #require(TableCellSamples.groups.first { $0.name == group }).items
    let renderer = TTANSIRenderer(capabilities: .ansi256)
    var output = ""
    for item in items {
      let cell = TableCellSamples.registry.cell(for: item)
      output += renderer.render(cell.render(item, width: 40, state: TableCellSamples.state())) + "\n"
      output +=
        renderer.render(cell.render(item, width: 40, state: TableCellSamples.state(selected: true))) + "\n"
    }
    assertSnapshot(output, named: "\(group).256.ansi")
  }

  /// Section headers and footers draw as their golden file shows.
  @Test func sectionTitlesDrawAsTheGoldenFileShows() {
    var output = ""
    for width in Self.widths {
      output +=
        TableCellSamples.framed(TTTableHeaderCell().render("Images", width: width, styleSheet: .default))
        + "\n"
      output +=
        TableCellSamples.framed(
          TTTableFooterCell().render(
            "Pictures load in the background. " + TableCellSamples.longText, width: width,
            styleSheet: .default))
        + "\n"
    }
    let renderer = TTANSIRenderer(capabilities: .ansi256)
    output += renderer.render(TTTableHeaderCell().render("Images", width: 40, styleSheet: .default)) + "\n"
    output += renderer.render(TTTableFooterCell().render("A footer.", width: 40, styleSheet: .default)) + "\n"
    assertSnapshot(output, named: "sections.txt")
  }
}
