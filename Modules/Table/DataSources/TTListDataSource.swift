public import Foundation
import Three20Core

/// One section of rows from an array of items: Three20's `TTListDataSource`.
///
/// The data source is its own loaded model (see ``TTTableDataSource``): setting ``items``
/// announces `TTModelEvent.didChange`, and a table controller showing it redraws.
///
/// ```swift
/// let source = TTListDataSource(items: [Fruit(id: "apple"), Fruit(id: "pear")])
/// source.numberOfRows(inSection: 0)          // 2
/// source.indexPath(ofItemWithID: "pear")     // [0, 1]
/// source.search("pe")                        // shows only the pear
/// source.numberOfRows(inSection: 0)          // 1
/// ```
///
/// Subclass it to fill ``items`` from a model of your own (override ``TTTableDataSource/model`` and
/// ``TTTableDataSource/tableViewDidLoadModel()``, as the Three20 tutorials did), or use ``TTModelDataSource``.
@MainActor
open class TTListDataSource: TTTableDataSource {
  /// All the items, searched or not.
  ///
  /// Setting them announces a change.
  public var items: [any TTTableItem] {
    didSet {
      applySearch()
      didChange()
    }
  }

  /// Decides whether an item matches a search text; ``TTTableSearch/matches(_:text:)`` by
  /// default.
  public var matcher: @MainActor (any TTTableItem, String) -> Bool = { TTTableSearch.matches($0, text: $1) }

  private var activeSearch: String?
  private var matchingItems: [any TTTableItem]?

  /// Creates a list of items.
  ///
  /// - Parameter items: The rows, in order; none by default.
  public init(items: [any TTTableItem] = []) {
    self.items = items
    super.init()
  }

  /// The rows shown: the items matching the search, or all of them.
  public var visibleItems: [any TTTableItem] { matchingItems ?? items }

  /// One section, even when empty.
  override open var numberOfSections: Int { 1 }

  /// The number of visible items in section 0; 0 for other sections.
  ///
  /// - Parameter section: The section.
  /// - Returns: The row count.
  override open func numberOfRows(inSection section: Int) -> Int {
    section == 0 ? visibleItems.count : 0
  }

  /// The visible item at a row of section 0.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: The item, or `nil` outside the list.
  override open func item(at indexPath: IndexPath) -> (any TTTableItem)? {
    let row = TTTableIndexPath.row(indexPath)
    let shown = visibleItems
    guard TTTableIndexPath.section(indexPath) == 0, row >= 0, row < shown.count else { return nil }
    return shown[row]
  }

  /// The search text, or `nil` when all items are shown.
  override open var searchText: String? { activeSearch }

  /// Shows only the items that ``matcher`` accepts for the text.
  ///
  /// An empty text (or only spaces) shows all items again. Announces a change.
  ///
  /// - Parameter text: The text to look for.
  override open func search(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    activeSearch = trimmed.isEmpty ? nil : text
    applySearch()
    didChange()
  }

  /// The visible row of the first item with an identity.
  ///
  /// - Parameter id: The identity.
  /// - Returns: Its row in section 0, or `nil`.
  override open func indexPath(ofItemWithID id: String) -> IndexPath? {
    visibleItems.firstIndex { $0.id == id }.map { [0, $0] }
  }

  /// The visible row of the first item whose user info passes a test (Three20's
  /// `indexPathOfItemWithUserInfo:`, which compared by identity of the object).
  ///
  /// - Parameter matches: The test.
  /// - Returns: Its row in section 0, or `nil`.
  public func indexPathOfItem(withUserInfo matches: ((any Sendable)?) -> Bool) -> IndexPath? {
    visibleItems.firstIndex { matches($0.userInfo) }.map { [0, $0] }
  }

  private func applySearch() {
    guard let activeSearch else {
      matchingItems = nil
      return
    }
    matchingItems = items.filter { matcher($0, activeSearch) }
  }
}
