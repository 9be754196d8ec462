// The code of the article CustomItemsAndCells.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Table documentation
// articles" checks it): edit both together. The renderings the article shows are checked here.
import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// A person, as the app's model keeps one.
struct Person: Sendable, Hashable {
  var id: Int
  var firstName: String
  var lastName: String
  var city: String
}

/// The row of a person: an item made from a model object.
struct PersonItem: TTTableLinkedItem, Hashable {
  var person: Person

  var id: String { "person-\(person.id)" }
  var url: String? { "tt://people/\(person.id)" }
}

/// A person on one line: the name on the left, the city on the right.
struct PersonCell: TTTableCell {
  func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    var canvas = TTCanvas(width: width, height: 1)
    guard let person = (item as? PersonItem)?.person else { return canvas }
    let city = TTDisplayWidth.truncate(person.city, to: width / 3)
    let cityWidth = TTDisplayWidth.of(city)
    let name = "\(person.firstName) \(person.lastName)"
    canvas.write(
      name, at: TTPoint(x: 1, y: 0), style: .init(attributes: .bold), maxWidth: width - cityWidth - 3)
    canvas.write(city, at: TTPoint(x: width - cityWidth - 1, y: 0), style: .init(foreground: .gray))
    state.applyHighlight(to: &canvas)
    return canvas
  }
}

/// A feature of the app: a title, a description and the address of its page.
struct FeatureItem: TTTableLinkedItem, Hashable {
  var title: String
  var subtext: String
  var featureURL: String

  var id: String { featureURL }
  var url: String? { featureURL }
}

/// A feature as three wrapped blocks: red title, text, grey address.
///
/// The row is as tall as the three blocks.
struct FeatureCell: TTTableCell {
  static let wrapped = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)

  func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let feature = item as? FeatureItem else { return TTCanvas(width: width, height: 1) }
    let inner = width - 2
    let blocks: [(lines: [String], style: TTCellStyle)] = [
      (TTTextLayout.lines(for: feature.title, width: inner, look: Self.wrapped), .init(foreground: .red)),
      (TTTextLayout.lines(for: feature.subtext, width: inner, look: Self.wrapped), .plain),
      (
        TTTextLayout.lines(for: feature.featureURL, width: inner, look: Self.wrapped),
        .init(foreground: .gray)
      ),
    ]
    var canvas = TTCanvas(width: width, height: max(1, blocks.map(\.lines.count).reduce(0, +)))
    var y = 0
    for block in blocks {
      for line in block.lines {
        canvas.write(line, at: TTPoint(x: 1, y: y), style: block.style)
        y += 1
      }
    }
    state.applyHighlight(to: &canvas)
    return canvas
  }
}

/// The built-in subtext cell with its title in red: a cell that draws with another and
/// restyles the result.
struct RedTitleSubtextCell: TTTableCell {
  func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    var canvas = TTTableSubtextItemCell().render(item, width: width, state: state)
    if !state.isSelected {
      canvas.restyle(TTRect(x: 0, y: 0, width: width, height: 1)) { style in
        var red = style
        red.foreground = .red
        return red
      }
    }
    return canvas
  }
}

/// The people of the article.
let people = [
  Person(id: 1, firstName: "Ada", lastName: "Lovelace", city: "London"),
  Person(id: 2, firstName: "Grace", lastName: "Hopper", city: "Arlington"),
  Person(id: 3, firstName: "Alan", lastName: "Turing", city: "Manchester"),
]

/// The features of the article.
let features = [
  FeatureItem(
    title: "Styles", subtext: "Shapes, fills, borders and shadows, drawn with terminal cells.",
    featureURL: "tt://catalog/styles"),
  FeatureItem(title: "Tables", subtext: "Items, cells and data sources.", featureURL: "tt://catalog/tables"),
]

@MainActor
func makePeopleController() -> TTTableViewController {
  let controller = TTTableViewController(dataSource: TTListDataSource(items: people.map(PersonItem.init)))
  controller.cellRegistry.register(PersonCell(), for: PersonItem.self)
  controller.variableHeightRows = false
  return controller
}

@MainActor
func makeFeaturesController() -> TTTableViewController {
  let controller = TTTableViewController(dataSource: TTListDataSource(items: features))
  controller.cellRegistry.register(FeatureCell(), for: FeatureItem.self)
  return controller
}

@Suite("CustomItemsAndCells article")
@MainActor
struct CustomItemsArticleTests {
  /// The people draw one line each, as the article shows.
  @Test func peopleRender() throws {
    let screen = TTTerminalHost.renderOnce(
      makePeopleController(), size: TTSize(width: 40, height: 4), capabilities: .plain)
    try TableDocumentation.expectRendering(screen, in: "CustomItemsAndCells")
  }

  /// The features wrap, and each row is as tall as its blocks, at any width.
  @Test func featuresRender() throws {
    let screen = TTTerminalHost.renderOnce(
      makeFeaturesController(), size: TTSize(width: 40, height: 9), capabilities: .plain)
    try TableDocumentation.expectRendering(screen, in: "CustomItemsAndCells")
    for width in [1, 2, 10, 40, 120] {
      for feature in features {
        let canvas = FeatureCell().render(feature, width: width, state: TTTableCellState())
        #expect(canvas.height >= 1)
        #expect(canvas.width == width)
      }
    }
  }

  /// The table's row heights are the heights the cell draws.
  @Test func heightsAreTheDrawnHeights() {
    let controller = makeFeaturesController()
    _ = TTTerminalHost.renderOnce(controller, size: TTSize(width: 40, height: 9), capabilities: .plain)
    for (row, feature) in features.enumerated() {
      let drawn = FeatureCell().render(feature, width: 40, state: TTTableCellState()).height
      #expect(controller.tableView.height(ofRowAt: [0, row]) == drawn)
    }
  }

  /// The people cell never draws outside its width, even at tiny widths.
  @Test func personCellFitsAnyWidth() {
    for width in 0...12 {
      let canvas = PersonCell().render(PersonItem(person: people[0]), width: width, state: TTTableCellState())
      #expect(canvas.width == width)
    }
  }

  /// The red-title cell recolours the built-in cell's first line.
  @Test func redTitleCell() {
    let registry = TTTableCellRegistry.standard()
    registry.register(RedTitleSubtextCell(), for: TTTableSubtextItem.self)
    let item = TTTableSubtextItem(text: "Styles", caption: "Shapes and fills")
    let canvas = registry.cell(for: item).render(item, width: 30, state: TTTableCellState())
    #expect(canvas[1, 0].style.foreground == .red)
    #expect(
      canvas.height == TTTableSubtextItemCell().render(item, width: 30, state: TTTableCellState()).height)
  }
}
