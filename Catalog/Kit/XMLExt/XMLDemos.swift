import Three20

/// The XMLExt demos.
enum XMLDemos {
  static let all: [CatalogDemo] = []
}
