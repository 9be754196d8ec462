import Three20

/// The Navigator demos.
enum NavigatorDemos {
  static let all: [CatalogDemo] = []
}
