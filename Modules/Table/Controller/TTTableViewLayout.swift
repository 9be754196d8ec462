import Foundation
import Three20Core

extension TTTableView {
  /// One line-or-more of the table: a header, a row, a footer, or the "more" row.
  enum Entry: Hashable {
    case header(Int)
    case row(IndexPath)
    case footer(Int)
    case more
  }

  /// The entries of the table — per section: header, rows, footer — then "more", numbered
  /// from 0, without listing them: a section's entries are found from its start index.
  ///
  /// The layout places entries; their heights are measured by the table view, and the scroll
  /// position over them is a `TTScrollModel` counting entries as its rows.
  struct Layout {
    private var starts: [Int] = []
    private var headers: [Bool] = []
    private var footers: [Bool] = []
    private var rowCounts: [Int] = []
    private var showsMore = false
    private(set) var count = 0
    private(set) var rowCount = 0

    init() {}

    @MainActor
    init(dataSource: (any TTTableViewDataSource)?, showsMore: Bool) {
      guard let dataSource else { return }
      let claimed = dataSource.numberOfSections
      let sections = min(max(0, claimed), Self.maximumSections)
      if claimed > sections {
        TTLog.warning(
          .tableUpdates,
          "The data source claims \(claimed) sections; the table shows the first \(sections). Put the rows in fewer sections."
        )
      }
      starts.reserveCapacity(sections)
      var total = 0
      for section in 0..<sections {
        let header = dataSource.titleForHeader(inSection: section).map { !$0.isEmpty } ?? false
        let footer = dataSource.titleForFooter(inSection: section).map { !$0.isEmpty } ?? false
        // Saturate: a data source claiming absurd counts must not trap. Every count stays at
        // or below `maximumEntries`, so sums of two never overflow.
        let rows = min(max(0, dataSource.numberOfRows(inSection: section)), Self.maximumEntries)
        starts.append(total)
        headers.append(header)
        footers.append(footer)
        rowCounts.append(rows)
        total = Self.saturatingSum(total, (header ? 1 : 0) + (footer ? 1 : 0), rows)
        rowCount = Self.saturatingSum(rowCount, 0, rows)
      }
      self.showsMore = showsMore
      count = total + (showsMore ? 1 : 0)
    }

    /// The most sections a table shows: the layout keeps a few numbers per section.
    static let maximumSections = 1_000_000

    /// The most entries a table counts; a data source claiming more shows this many.
    static let maximumEntries = Int.max / 4

    /// `a + b + c`, at most ``maximumEntries``; each argument is at most that already.
    static func saturatingSum(_ a: Int, _ b: Int, _ c: Int) -> Int {
      min(a + b + c, maximumEntries)
    }

    var sectionCount: Int { starts.count }

    func rows(inSection section: Int) -> Int {
      section >= 0 && section < rowCounts.count ? rowCounts[section] : 0
    }

    func start(ofSection section: Int) -> Int {
      section >= 0 && section < starts.count ? starts[section] : count
    }

    func entry(at index: Int) -> Entry? {
      guard index >= 0, index < count else { return nil }
      if showsMore, index == count - 1 { return .more }
      // The last section starting at or before the index (empty sections share starts).
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= index { low = middle } else { high = middle - 1 }
      }
      let section = low
      var offset = index - starts[section]
      if headers[section] {
        if offset == 0 { return .header(section) }
        offset -= 1
      }
      if offset < rowCounts[section] { return .row([section, offset]) }
      return footers[section] ? .footer(section) : nil
    }

    func index(of entry: Entry) -> Int? {
      switch entry {
      case .more:
        return showsMore ? count - 1 : nil
      case .header(let section):
        guard section >= 0, section < starts.count, headers[section] else { return nil }
        return starts[section]
      case .footer(let section):
        guard section >= 0, section < starts.count, footers[section] else { return nil }
        return starts[section] + (headers[section] ? 1 : 0) + rowCounts[section]
      case .row(let path):
        let section = TTTableIndexPath.section(path)
        let row = TTTableIndexPath.row(path)
        guard section >= 0, section < starts.count, row >= 0, row < rowCounts[section] else { return nil }
        return starts[section] + (headers[section] ? 1 : 0) + row
      }
    }
  }
}

extension TTTableView.Layout {
  /// Whether the cursor may rest on an entry: a row or the "more" row.
  func isSelectable(_ index: Int) -> Bool {
    switch entry(at: index) {
    case .row, .more: true
    case .header, .footer, nil: false
    }
  }

  /// The first entry the cursor may rest on at or after an index; else, when the index is past
  /// the start, the last one; `nil` when there is none.
  func firstSelectable(atOrAfter start: Int) -> Int? {
    var index = max(0, start)
    while index < count {
      if isSelectable(index) { return index }
      index += 1
    }
    return start > 0 ? previousSelectable(before: count) : nil
  }

  /// The next entry the cursor may rest on after an index, or the index itself when there is none.
  func nextSelectable(after index: Int) -> Int {
    var next = index + 1
    while next < count {
      if isSelectable(next) { return next }
      next += 1
    }
    return index
  }

  /// The last entry the cursor may rest on before an index, or `nil`.
  func previousSelectable(before index: Int) -> Int? {
    var previous = min(index, count) - 1
    while previous >= 0 {
      if isSelectable(previous) { return previous }
      previous -= 1
    }
    return nil
  }

  /// Where a cursor on an entry that no longer exists goes: the same row index clamped to the
  /// sections and rows there are, or the first selectable entry of an empty section's place.
  func clampedSelection(_ entry: TTTableView.Entry) -> TTTableView.Entry? {
    guard case .row(let path) = entry, rowCount > 0 else { return nil }
    let section = min(max(0, TTTableIndexPath.section(path)), sectionCount - 1)
    let rows = rows(inSection: section)
    if rows > 0 { return .row([section, min(max(0, TTTableIndexPath.row(path)), rows - 1)]) }
    let index = start(ofSection: section)
    return firstSelectable(atOrAfter: index).flatMap { self.entry(at: $0) }
  }
}
