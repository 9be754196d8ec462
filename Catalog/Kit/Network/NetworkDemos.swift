import Three20

/// The Network demos.
enum NetworkDemos {
  static let all: [CatalogDemo] = []
}
