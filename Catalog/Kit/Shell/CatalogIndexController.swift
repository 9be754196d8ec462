import Foundation
import Three20
public import Three20UICommon

/// The Catalog's first screen: every demo by section, as TTCatalog's `CatalogController` was.
///
/// Arrows or `j`/`k` move, Enter opens the selected demo's URL through the navigator, `/`
/// starts a new search (typing filters by title, URL and summary; Enter keeps the results,
/// Escape clears them).
/// The selection is kept in ``TTViewController/frozenState``, so it survives a restart.
@MainActor
public final class CatalogIndexController: TTViewController, CatalogSizing, CatalogRefreshing {
  /// The demos shown, in order.
  public let demos: [CatalogDemo]

  /// The search text; empty shows every demo.
  public private(set) var query = ""
  /// Whether keys are going to the search field.
  public private(set) var isSearching = false
  /// The index of the selected demo in ``visibleDemos``.
  public private(set) var selection = 0

  private var scrollOffset = 0

  /// The line of key hints at the bottom.
  public static let hints = "↑↓ move  ⏎ open  ⌫ back  / search  r refresh  q quit"

  /// Creates the index of some demos (all listed demos by default).
  public init(demos: [CatalogDemo] = CatalogDemo.listed) {
    self.demos = demos
    super.init()
    title = "Three20 Catalog"
  }

  /// The demos matching the search, in order.
  public var visibleDemos: [CatalogDemo] {
    let words = query.lowercased().split(separator: " ")
    guard !words.isEmpty else { return demos }
    return demos.filter { demo in
      let haystack = "\(demo.section.rawValue) \(demo.title) \(demo.url) \(demo.summary)".lowercased()
      return words.allSatisfy { haystack.contains($0) }
    }
  }

  /// The selected demo, if any matches.
  public var selectedDemo: CatalogDemo? {
    let visible = visibleDemos
    return visible.indices.contains(selection) ? visible[selection] : nil
  }

  public override func loadView() {
    view = CatalogIndexView(controller: self)
  }

  public override func viewWillAppear() {
    super.viewWillAppear()
    if let saved = frozenState["selection"].flatMap(Int.init) {
      selection = max(0, min(saved, demos.count - 1))
      frozenState["selection"] = nil
    }
  }

  public override func viewWillDisappear() {
    super.viewWillDisappear()
    frozenState["selection"] = String(selection)
  }

  /// Clears the search.
  public func refresh() {
    query = ""
    isSearching = false
    invalidateView()
  }

  /// Every row, the bar and the hints.
  public func preferredHeight(width: Int) -> Int {
    rows().count + 2
  }

  public override func handleKey(_ key: TTKey) -> Bool {
    if isSearching { return handleSearchKey(key) }
    let count = visibleDemos.count
    switch key {
    case .down, .character("j"): selection = min(count - 1, selection + 1)
    case .up, .character("k"): selection = max(0, selection - 1)
    case .home, .character("g"): selection = 0
    case .end, .character("G"): selection = count - 1
    case .pageDown: selection = min(count - 1, selection + 10)
    case .pageUp: selection = max(0, selection - 10)
    case .enter, .right, .character("l"): openSelection()
    case .character("/"):
      isSearching = true
      query = ""
    case .escape where !query.isEmpty:
      query = ""
    default: return false
    }
    selection = max(0, selection)
    invalidateView()
    return true
  }

  private func handleSearchKey(_ key: TTKey) -> Bool {
    switch key {
    case .character(let character): query.append(character)
    case .backspace: if query.isEmpty { isSearching = false } else { query.removeLast() }
    case .enter: isSearching = false
    case .escape:
      isSearching = false
      query = ""
    case .down: selection += 1
    case .up: selection -= 1
    default: return false
    }
    selection = max(0, min(selection, visibleDemos.count - 1))
    invalidateView()
    return true
  }

  private func openSelection() {
    guard let demo = selectedDemo else { return }
    _ = opener?.openURL(demo.url, query: [:])
  }

  /// One row of the index: a section header or a demo (with its index in ``visibleDemos``).
  enum Row {
    case header(String)
    case demo(CatalogDemo, Int)
  }

  func rows() -> [Row] {
    var rows: [Row] = []
    var section: CatalogDemo.Section?
    for (index, demo) in visibleDemos.enumerated() {
      if demo.section != section {
        section = demo.section
        rows.append(.header(demo.section.rawValue))
      }
      rows.append(.demo(demo, index))
    }
    return rows
  }

  /// Draws the index in a rectangle: search line, rows, hints.
  func draw(on canvas: inout TTCanvas, in rect: TTRect) {
    let dim = CatalogBlock.dimStyle
    var top = rect.y
    if isSearching || !query.isEmpty {
      canvas.write(
        "/ " + query + (isSearching ? "▏" : ""), at: TTPoint(x: rect.x + 1, y: top),
        style: TTCellStyle(attributes: .bold))
      top += 1
    }
    let rows = self.rows()
    let height = max(1, rect.maxY - top - 1)
    guard !rows.isEmpty else {
      canvas.write("No demo matches “\(query)”.", at: TTPoint(x: rect.x + 1, y: top), style: dim)
      canvas.write(
        Self.hints, at: TTPoint(x: rect.x + 1, y: rect.maxY - 1), style: dim, maxWidth: rect.width - 1)
      return
    }
    let selectedRow =
      rows.firstIndex { row in
        if case .demo(_, let index) = row { return index == selection }
        return false
      } ?? 0
    if selectedRow < scrollOffset + 1 { scrollOffset = max(0, selectedRow - 1) }
    if selectedRow >= scrollOffset + height { scrollOffset = selectedRow - height + 1 }
    scrollOffset = max(0, min(scrollOffset, rows.count - height))
    let longest = demos.map { TTDisplayWidth.of($0.title) }.max() ?? 12
    let titleWidth = min(longest, max(12, rect.width / 2))
    for (offset, row) in rows.dropFirst(scrollOffset).prefix(height).enumerated() {
      let y = top + offset
      switch row {
      case .header(let name):
        canvas.write(name, at: TTPoint(x: rect.x + 1, y: y), style: CatalogBlock.headingStyle)
      case .demo(let demo, let index):
        let selected = index == selection && !isSearching
        let style = selected ? TTCellStyle(attributes: .inverse) : .plain
        if selected { canvas.fill(TTRect(x: rect.x, y: y, width: rect.width, height: 1), style: style) }
        canvas.write(selected ? "›" : " ", at: TTPoint(x: rect.x + 1, y: y), style: style)
        canvas.write(demo.title, at: TTPoint(x: rect.x + 3, y: y), style: style, maxWidth: titleWidth)
        let rest = rect.width - titleWidth - 5
        if rest > 8 {
          let urlWidth = demos.map { $0.url.count }.max() ?? 0
          let detail =
            rect.width >= 100
            ? demo.url.padding(toLength: urlWidth + 2, withPad: " ", startingAt: 0) + demo.summary : demo.url
          canvas.write(
            detail, at: TTPoint(x: rect.x + titleWidth + 4, y: y),
            style: selected ? style : dim, maxWidth: rest)
        }
      }
    }
    canvas.write(
      Self.hints, at: TTPoint(x: rect.x + 1, y: rect.maxY - 1), style: dim, maxWidth: rect.width - 1)
  }
}

/// The index's view: asks its controller to draw.
@MainActor
final class CatalogIndexView: TTView {
  private weak var controller: CatalogIndexController?

  init(controller: CatalogIndexController) {
    self.controller = controller
    super.init()
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    controller?.draw(on: &canvas, in: rect)
  }
}
