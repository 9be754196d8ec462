import Three20

/// A table controller the Catalog can render once: it waits for its model to load
/// (``CatalogSettling``) and asks for as many rows as its content needs (``CatalogSizing``).
@MainActor
class CatalogTableController: TTTableViewController, CatalogSettling, CatalogSizing {
  /// The most rows a one-shot rendering asks for.
  var maximumPreferredHeight = 40

  func settle() async {
    _ = view
    if model.state.isIdleWithoutError { model.load(.default, more: false) }
    for _ in 0..<500 where model.isLoading {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }

  func preferredHeight(width: Int) -> Int {
    var rows = 2
    if let dataSource {
      for section in 0..<dataSource.numberOfSections {
        rows += 1 + dataSource.numberOfRows(inSection: section) * 2
        if rows > maximumPreferredHeight { break }
      }
    }
    return min(max(rows, 12), maximumPreferredHeight)
  }
}

extension TTModelState {
  /// Whether nothing has been loaded and nothing failed: the model still needs a first load.
  var isIdleWithoutError: Bool {
    if case .idle(nil) = self { return true }
    return false
  }
}
