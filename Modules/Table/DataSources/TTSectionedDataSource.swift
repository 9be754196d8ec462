public import Foundation
import Three20Core

/// Rows grouped in titled sections: Three20's `TTSectionedDataSource`.
///
/// Build it from sections and their items, or from one list in which each title opens a
/// section, as Three20's `dataSourceWithObjects:` did:
///
/// ```swift
/// let source = TTSectionedDataSource(objects: [
///   today,                 // before any title: kept, in an untitled first section
///   "Fruit", apple, pear,
///   TTSectionedDataSource.Section(header: "Vegetables", footer: "Fresh daily"), carrot,
/// ])
/// source.numberOfSections                 // 3
/// source.titleForHeader(inSection: 0)     // nil
/// source.titleForHeader(inSection: 1)     // "Fruit"
/// source.numberOfRows(inSection: 1)       // 2
/// ```
///
/// Three20 dropped the objects before the first title; here they are kept in a first section
/// without a title. Like ``TTListDataSource`` it is its own loaded model, announces a change
/// when its content changes, and can filter its rows with ``search(_:)`` (sections left
/// without rows are hidden while searching).
@MainActor
open class TTSectionedDataSource: TTTableDataSource {
  /// A section's titles: Three20's `TTTableSection`.
  public struct Section: Sendable, Hashable {
    /// The title above the section's rows, or `nil` for none.
    public var header: String?
    /// The title below the section's rows, or `nil` for none.
    public var footer: String?

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - header: The header title; none by default.
    ///   - footer: The footer title; none by default.
    public init(header: String? = nil, footer: String? = nil) {
      self.header = header
      self.footer = footer
    }

    /// Creates a section with the titles of a ``TTTableSection``.
    ///
    /// - Parameter section: The section item.
    public init(_ section: TTTableSection) {
      self.init(header: section.headerTitle, footer: section.footerTitle)
    }
  }

  /// The sections, each with its items.
  ///
  /// Setting them announces a change.
  public var sections: [(section: Section, items: [any TTTableItem])] {
    didSet {
      applySearch()
      if !isSilent { didChange() }
    }
  }

  /// Decides whether an item matches a search text; ``TTTableSearch/matches(_:text:)`` by
  /// default.
  public var matcher: @MainActor (any TTTableItem, String) -> Bool = { TTTableSearch.matches($0, text: $1) }

  /// The section index shown beside the table; `nil` (the default) for none.
  ///
  /// Set it to ``TTTableSectionIndex/letters(search:summary:)`` for Three20's A–Z index, and
  /// find the section a letter leads to with ``section(forIndexTitle:)``.
  public var indexTitles: [String]?

  private var activeSearch: String?
  private var shown: [(section: Section, items: [any TTTableItem])]?

  /// Creates a data source from sections and their items (Three20's
  /// `dataSourceWithItems:sections:`).
  ///
  /// When the counts differ, the extra sections get no rows and extra item lists get untitled
  /// sections, so nothing is lost.
  ///
  /// - Parameters:
  ///   - sections: The sections' titles, in order.
  ///   - items: Each section's items, in the same order.
  public init(sections: [Section], items: [[any TTTableItem]]) {
    let count = max(sections.count, items.count)
    self.sections = (0..<count).map { index in
      (index < sections.count ? sections[index] : Section(), index < items.count ? items[index] : [])
    }
    super.init()
  }

  /// Creates a data source from titles and items in one list (Three20's
  /// `dataSourceWithObjects:`).
  ///
  /// A `String`, a ``Section`` or a ``TTTableSection`` opens a section (a string is its header
  /// title); the items
  /// after it fill that section. Items before the first title go in an untitled first section
  /// (Three20 dropped them). Anything else in the list is skipped and logged.
  ///
  /// - Parameter objects: Titles, sections and items.
  public convenience init(objects: [any Sendable]) {
    var sections: [Section] = []
    var items: [[any TTTableItem]] = []
    for object in objects {
      if let section = object as? Section {
        sections.append(section)
        items.append([])
      } else if let section = object as? TTTableSection {
        sections.append(Section(section))
        items.append([])
      } else if let title = object as? String {
        sections.append(Section(header: title))
        items.append([])
      } else if let item = object as? any TTTableItem {
        if sections.isEmpty {
          sections.append(Section())
          items.append([])
        }
        items[items.count - 1].append(item)
      } else {
        TTLog.warning(
          .tableUpdates,
          "TTSectionedDataSource(objects:) skipped a \(type(of: object)): only titles, sections and TTTableItems belong in the list."
        )
      }
    }
    self.init(sections: sections, items: items)
  }

  /// The sections shown: those with matching rows while searching, otherwise all.
  public var visibleSections: [(section: Section, items: [any TTTableItem])] { shown ?? sections }

  /// The number of sections shown.
  override open var numberOfSections: Int { visibleSections.count }

  /// The number of rows of a shown section.
  ///
  /// - Parameter section: The section.
  /// - Returns: Its row count; 0 for a section that does not exist.
  override open func numberOfRows(inSection section: Int) -> Int {
    let all = visibleSections
    guard section >= 0, section < all.count else { return 0 }
    return all[section].items.count
  }

  /// The item of a shown row.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: The item, or `nil` when there is no such row.
  override open func item(at indexPath: IndexPath) -> (any TTTableItem)? {
    let all = visibleSections
    let section = TTTableIndexPath.section(indexPath)
    let row = TTTableIndexPath.row(indexPath)
    guard section >= 0, section < all.count, row >= 0, row < all[section].items.count else { return nil }
    return all[section].items[row]
  }

  /// A shown section's header title.
  ///
  /// - Parameter section: The section.
  /// - Returns: The title, or `nil`.
  override open func titleForHeader(inSection section: Int) -> String? {
    let all = visibleSections
    guard section >= 0, section < all.count else { return nil }
    return all[section].section.header
  }

  /// A shown section's footer title.
  ///
  /// - Parameter section: The section.
  /// - Returns: The title, or `nil`.
  override open func titleForFooter(inSection section: Int) -> String? {
    let all = visibleSections
    guard section >= 0, section < all.count else { return nil }
    return all[section].section.footer
  }

  /// ``indexTitles``.
  override open var sectionIndexTitles: [String]? { indexTitles }

  /// The search text, or `nil` when all rows are shown.
  override open var searchText: String? { activeSearch }

  /// Shows only the rows ``matcher`` accepts, hiding sections left empty.
  ///
  /// An empty text shows everything again. Announces a change.
  ///
  /// - Parameter text: The text to look for.
  override open func search(_ text: String) {
    activeSearch = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text
    applySearch()
    didChange()
  }

  /// Removes a row (Three20's `removeItemAtIndexPath:andSectionIfEmpty:`).
  ///
  /// The path is read against all sections, not only those a search shows. Announces
  /// `TTModelEvent.didDelete(object:at:)` for the row, then `TTModelEvent.didChange` if the
  /// section went too.
  ///
  /// - Parameters:
  ///   - indexPath: The row.
  ///   - removeSectionIfEmpty: Whether to remove the section too when it has no rows left;
  ///     `false` by default.
  /// - Returns: The removed item, or `nil` when there was no such row (nothing changes).
  @discardableResult
  public func removeItem(at indexPath: IndexPath, removeSectionIfEmpty: Bool = false) -> (any TTTableItem)? {
    let section = TTTableIndexPath.section(indexPath)
    let row = TTTableIndexPath.row(indexPath)
    guard section >= 0, section < sections.count, row >= 0, row < sections[section].items.count else {
      return nil
    }
    var updated = sections
    let removed = updated[section].items.remove(at: row)
    let sectionGone = removeSectionIfEmpty && updated[section].items.isEmpty
    if sectionGone { updated.remove(at: section) }
    // Set the storage without the didSet's blanket change, then announce precisely.
    withoutAnnouncing { sections = updated }
    didDelete(removed, at: indexPath)
    if sectionGone { didChange() }
    return removed
  }

  /// The section an index title leads to (Three20's `sectionForSectionIndexTitle:`): the
  /// first shown section whose header starts with the title, else the last one before where
  /// it would be in alphabetical order, else 0.
  ///
  /// ```swift
  /// // Sections "Apple", "Cherry":
  /// source.section(forIndexTitle: "C")   // 1
  /// source.section(forIndexTitle: "B")   // 0 (no B: the section before it)
  /// ```
  ///
  /// - Parameter title: An index title such as `C`.
  /// - Returns: A section number, 0 when there are no sections.
  public func section(forIndexTitle title: String) -> Int {
    let all = visibleSections
    var best = 0
    for (index, entry) in all.enumerated() {
      let header = entry.section.header ?? ""
      if header.range(of: title, options: [.anchored, .caseInsensitive, .diacriticInsensitive]) != nil {
        return index
      }
      if header.localizedCaseInsensitiveCompare(title) == .orderedAscending { best = index }
    }
    return best
  }

  private var isSilent = false

  private func withoutAnnouncing(_ body: () -> Void) {
    isSilent = true
    body()
    isSilent = false
  }

  private func applySearch() {
    guard let activeSearch else {
      shown = nil
      return
    }
    shown = sections.compactMap { entry in
      let matching = entry.items.filter { matcher($0, activeSearch) }
      return matching.isEmpty ? nil : (entry.section, matching)
    }
  }
}
