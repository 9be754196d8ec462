import Three20

/// The Table demos.
enum TableDemos {
  static let all: [CatalogDemo] = []
}
