public import Foundation
import Three20Core

/// One section of rows made on demand: a million rows cost nothing until they are drawn.
///
/// The data source stores only the row count and a function that makes the item of a row.
/// The table asks only for the rows it draws (and the rows it steps over when paging), so
/// opening, scrolling and jumping to the end of a huge list take time in proportion to the
/// screen, not the list.
///
/// ```swift
/// let numbers = TTLazyListDataSource(count: 1_000_000) { row in
///   NumberItem(id: "\(row)", value: row)
/// }
/// numbers.numberOfRows(inSection: 0)     // 1000000
/// numbers.item(at: [0, 999_999])?.id     // "999999"
/// ```
///
/// Items are not kept: the function is called again each time a row is asked for, so it must
/// be cheap and give the same item for the same row. Searching is not supported (it would
/// have to make every item); ``TTTableDataSource/indexPath(ofItemWithID:)`` does look at every row.
@MainActor
open class TTLazyListDataSource: TTTableDataSource {
  /// The number of rows.
  ///
  /// Setting it announces a change. Negative counts are treated as 0.
  public var count: Int {
    didSet { didChange() }
  }

  private let makeItem: @MainActor (Int) -> any TTTableItem

  /// Creates a list of `count` rows whose items are made by `item`.
  ///
  /// - Parameters:
  ///   - count: The number of rows; negative counts are treated as 0.
  ///   - item: Makes the item of a row, from 0.
  public init(count: Int, item: @escaping @MainActor (Int) -> any TTTableItem) {
    self.count = count
    makeItem = item
    super.init()
  }

  /// One section.
  override open var numberOfSections: Int { 1 }

  /// ``count`` for section 0, 0 otherwise.
  ///
  /// - Parameter section: The section.
  /// - Returns: The row count.
  override open func numberOfRows(inSection section: Int) -> Int {
    section == 0 ? max(0, count) : 0
  }

  /// Makes the item of a row.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: The item, or `nil` outside the list.
  override open func item(at indexPath: IndexPath) -> (any TTTableItem)? {
    let row = TTTableIndexPath.row(indexPath)
    guard TTTableIndexPath.section(indexPath) == 0, row >= 0, row < count else { return nil }
    return makeItem(row)
  }
}
