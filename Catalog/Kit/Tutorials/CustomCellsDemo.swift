import Three20

/// The classic custom-cell tutorials, as Table's Custom Items and Cells article ports them: an
/// item for the data, a cell for the look, with fixed and variable row heights.
final class CustomCellsDemo: CatalogPageController {
  init() {
    super.init(title: "Custom items and cells")
  }

  /// The article's people, one-line rows.
  static let people = [
    TutorialPerson(id: 1, firstName: "Ada", lastName: "Lovelace", city: "London"),
    TutorialPerson(id: 2, firstName: "Grace", lastName: "Hopper", city: "Arlington"),
    TutorialPerson(id: 3, firstName: "Alan", lastName: "Turing", city: "Manchester"),
  ]

  /// The article's features, rows as tall as their wrapped text.
  static let features = [
    FeatureItem(
      title: "Styles", subtext: "Shapes, fills, borders and shadows, drawn with terminal cells.",
      featureURL: "tt://catalog/styles"),
    FeatureItem(
      title: "Tables", subtext: "Items, cells and data sources.", featureURL: "tt://catalog/tables"),
  ]

  /// The rows as a table draws them: each item drawn by the cell registered for its type.
  static func rows(_ items: [any TTTableItem], width: Int) -> TTCanvas {
    let registry = TTTableCellRegistry.standard()
    registry.register(PersonCell(), for: PersonItem.self)
    registry.register(FeatureCell(), for: FeatureItem.self)
    let canvases = items.map { registry.cell(for: $0).render($0, width: width, state: TTTableCellState()) }
    var canvas = TTCanvas(width: width, height: max(1, canvases.map(\.height).reduce(0, +)))
    var y = 0
    for row in canvases {
      canvas.draw(row, at: TTPoint(x: 0, y: y))
      y += row.height
    }
    return canvas
  }

  override func makeBlocks() -> [CatalogBlock] {
    [
      .heading("Fixed height: PersonCell"),
      .canvas { width in Self.rows(Self.people.map(PersonItem.init), width: width) },
      .code(
        """
        controller.cellRegistry.register(PersonCell(), for: PersonItem.self)
        controller.variableHeightRows = false
        """),
      .heading("Variable height: FeatureCell"),
      .canvas { width in Self.rows(Self.features, width: width) },
      .code("controller.cellRegistry.register(FeatureCell(), for: FeatureItem.self)"),
      .text(
        "A cell draws its row into a canvas; the row is as tall as the canvas, so there is no "
          + "rowHeightForObject: to keep in step with layoutSubviews.", CatalogBlock.dimStyle),
    ]
  }
}

/// A person, as the app's model keeps one.
struct TutorialPerson: Sendable, Hashable {
  var id: Int
  var firstName: String
  var lastName: String
  var city: String
}

/// The row of a person: an item made from a model object.
struct PersonItem: TTTableLinkedItem, Hashable {
  var person: TutorialPerson

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

/// A feature as three wrapped blocks: red title, text, grey address; the row is as tall as they are.
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
