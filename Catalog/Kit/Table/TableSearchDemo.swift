import Three20

/// A sectioned list with an A–Z index, searched as you type (Three20's SearchTestController).
///
/// `/` starts, Enter keeps the results, Escape ends. `tt://table/search?q=…` starts searched.
final class TableSearchDemo: CatalogTableController {
  static let elements = [
    "Argon", "Arsenic", "Boron", "Bromine", "Calcium", "Carbon", "Chlorine", "Copper", "Fluorine",
    "Gold", "Helium", "Hydrogen", "Iodine", "Iron", "Krypton", "Lead", "Lithium", "Magnesium", "Mercury",
    "Neon", "Nickel", "Nitrogen", "Oxygen", "Phosphorus", "Platinum", "Potassium", "Radon", "Silicon",
    "Silver", "Sodium", "Sulfur", "Tin", "Titanium", "Uranium", "Xenon", "Zinc",
  ]

  private let query: String?

  init(query: String?) {
    self.query = query
    super.init()
    title = "Search"
  }

  override func createModel() {
    var objects: [any Sendable] = []
    var letter: Character?
    for name in Self.elements {
      if name.first != letter {
        letter = name.first
        objects.append(String(name.prefix(1)))
      }
      objects.append(TTTableTextItem(text: name))
    }
    let source = TTSectionedDataSource(objects: objects)
    source.indexTitles = source.visibleSections.compactMap(\.section.header)
    dataSource = source
  }

  override func settle() async {
    await super.settle()
    typeQuery()
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    typeQuery()
  }

  /// Types the query as a person would: `/`, the letters, Enter.
  private func typeQuery() {
    guard let query, !query.isEmpty, !isSearching, dataSource?.model.isLoaded == true else { return }
    _ = handleKey(.character("/"))
    for character in query { _ = handleKey(.character(character)) }
  }
}
