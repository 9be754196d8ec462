public import Three20Core
public import Three20Style

/// A home screen: pages of icons in a grid, opened with Enter or a click, rearranged and
/// removed in edit mode — Three20's `TTLauncherView`.
///
/// Each page is a grid of ``columnCount`` columns and as many rows of ``cellSize`` as the view
/// is tall (or ``rowCount``), less the bottom row, where a ``TTPageControl`` shows the pages.
/// An icon is its picture when the item has an ``TTLauncherItem/imageURL`` and an image
/// provider has it ready (`TTGlobalImageProvider`), otherwise the first letters of its title
/// in a box; the title is under it, a badge at its top right. A page holding more items than
/// fit spills the rest onto the next page when the view lays out.
///
/// ```text
///     ╭───── 3    ╭──────╮    ╭──────╮
///     │  Ma  │    │  Ph  │    │  Se  │
///     ╰──────╯    ╰──────╯    ╰──────╯
///       Mail       Photos     Settings
///
///                   ● ○
/// ```
///
/// The view can be focused. Then:
/// - ←/→/↑/↓ (or `h`/`l`/`k`/`j`) move the selection, onto the next or previous page at the
///   left and right edges; PgUp/PgDn or `[`/`]` change page, Home/End go to the first and last.
/// - Enter or Space opens the selected item: ``delegate`` and ``onSelect`` are told, then its
///   URL goes to ``opener``.
/// - `e` begins editing (Three20's `beginEditing`). In edit mode deletable items show `×`;
///   Alt-arrows or `H`/`J`/`K`/`L` move the selected item (also across pages), and `m` (or
///   Space) picks it up so that plain arrows move it until `m` again; `d`, Delete or Backspace
///   removes it if it ``TTLauncherItem/canDelete``; Escape, Enter or `e` ends editing.
///   (Terminals send Shift-arrows as plain arrows, so Alt-arrows stand in for them.)
///
/// With the mouse, a click on an item selects and opens it; in edit mode a click selects it, a
/// click on its `×` removes it, and dragging it moves it (to the left or right edge of the view
/// to take it to the previous or next page). The wheel changes page, and so does a click on
/// the dots.
///
/// Set ``persistence`` to keep the order between runs: the view saves after every move and
/// removal, and ``restoreOrder()`` puts the items back in the saved order.
///
/// ```swift
/// let launcher = TTLauncherView(pages: [[
///   TTLauncherItem(title: "Mail", url: "tt://mail", badgeNumber: 3),
///   TTLauncherItem(title: "Photos", url: "tt://photos"),
/// ]])
/// launcher.frame = TTRect(x: 0, y: 0, width: 40, height: 10)
/// launcher.onSelect = { _, item in print("open", item.url) }
/// launcher.becomeFocused()
/// launcher.handleKey(.right)   // true: Mail, the first item, is selected
/// launcher.handleKey(.right)   // true: Photos is selected
/// launcher.handleKey(.enter)   // true: "open tt://photos", then the URL goes to the opener
/// ```
@MainActor
open class TTLauncherView: TTView {
  /// Where an item is: its page and its place on the page, both from 0.
  public struct Position: Sendable, Hashable {
    /// The page.
    public var page: Int
    /// The place on the page, row by row.
    public var index: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - page: The page.
    ///   - index: The place on the page.
    public init(page: Int, index: Int) {
      self.page = page
      self.index = index
    }
  }

  /// A direction for moving the selection or an item.
  public enum Direction: Sendable, Hashable, CaseIterable {
    /// One column left; from the first column, onto the previous page.
    case left
    /// One column right; from the last column (or the last item), onto the next page.
    case right
    /// One row up.
    case up
    /// One row down (to the last item when the row below is shorter).
    case down
  }

  /// The items, page by page.
  ///
  /// Setting it keeps the current page and the selection where they still exist. A page with
  /// more items than fit (``itemsPerPage``) spills the rest onto the next page when the view
  /// lays out.
  open var pages: [[TTLauncherItem]] {
    didSet { pagesDidChange() }
  }

  /// The number of columns of a page; 3 by default, between 1 and 1,000.
  open var columnCount: Int = 3 {
    didSet {
      if columnCount < 1 || columnCount > 1_000 { columnCount = min(max(1, columnCount), 1_000) }
      if columnCount != oldValue { setNeedsLayout() }
    }
  }

  /// The number of rows of a page, or `nil` (the default) for as many as the height holds.
  ///
  /// With `nil` there is at least one row. A count is kept between 1 and 1,000.
  open var rowCount: Int? {
    didSet {
      if let rows = rowCount, rows < 1 || rows > 1_000 { rowCount = min(max(1, rows), 1_000) }
      if rowCount != oldValue { setNeedsLayout() }
    }
  }

  /// The size of one icon with its title: from the stylesheet's `launcherButtonWidth` and
  /// `launcherButtonHeight` values, 12 × 4 without them; kept between 5 × 2 and 200 × 100.
  ///
  /// The icon takes all but the last row, centred; the title the last row.
  open var cellSize: TTSize {
    didSet {
      let clamped = Self.clampedCellSize(cellSize)
      if clamped != cellSize { cellSize = clamped }
      if cellSize != oldValue { setNeedsLayout() }
    }
  }

  /// Told when the user opens, moves or removes an item, and when editing begins and ends;
  /// held weakly, `nil` by default.
  open weak var delegate: (any TTLauncherViewDelegate)?

  /// Called with the view and the item when the user opens an item (after the delegate,
  /// before the URL is opened); `nil` by default.
  open var onSelect: (@MainActor (TTLauncherView, TTLauncherItem) -> Void)?

  private weak var explicitOpener: (any TTURLOpening)?

  /// What opens an item's URL, such as the app's navigator.
  ///
  /// Defaults to `TTGlobalURLOpener.current`; setting `nil` goes back to it. Held weakly. When
  /// there is no opener and neither a delegate nor ``onSelect``, opening an item logs a
  /// warning.
  public var opener: (any TTURLOpening)? {
    get { explicitOpener ?? TTGlobalURLOpener.current }
    set { explicitOpener = newValue }
  }

  /// Where the order is kept between runs; `nil` (the default) keeps nothing.
  ///
  /// When set, the view saves the order after every move and removal; a failure is logged
  /// and kept in ``lastPersistenceError``. Call ``restoreOrder()`` to apply the saved order.
  open var persistence: TTLauncherPersistence?

  /// The error of the last save or restore that failed, or `nil` when the last one worked.
  public private(set) var lastPersistenceError: TTUICommonError?

  /// The dots at the bottom; a click on one shows its page.
  public let pageControl = TTPageControl()

  /// Whether the view is in edit mode, where items can be moved and removed.
  public private(set) var isEditing = false {
    didSet { if isEditing != oldValue { setNeedsDisplay() } }
  }

  /// Whether the selected item is picked up in edit mode (`m` or Space), so that the arrows
  /// move it, or is being dragged.
  public internal(set) var isMovingItem = false {
    didSet { if isMovingItem != oldValue { setNeedsDisplay() } }
  }

  /// The page shown, from 0; kept between 0 and the number of pages − 1 (0 without pages).
  ///
  /// Changing it keeps the selection's place on the page, moved onto the last item when the
  /// new page has fewer.
  open var currentPageIndex: Int {
    get { storedPageIndex }
    set { showPage(newValue) }
  }

  /// The place of the selected item on the current page, or `nil` when nothing is selected.
  ///
  /// Set it to select an item; a place past the last item selects the last one.
  open var selectedIndex: Int? {
    get { storedSelection }
    set {
      let count = currentItems.count
      let clamped = newValue.flatMap { count == 0 ? nil : min(max(0, $0), count - 1) }
      if clamped != storedSelection {
        storedSelection = clamped
        setNeedsDisplay()
      }
      if clamped == nil { isMovingItem = false }
    }
  }

  private var storedPageIndex = 0
  private var storedSelection: Int?
  private var isNormalizing = false

  /// What a mouse press started, until the release.
  enum MouseGesture: Equatable {
    /// An item pressed outside edit mode: opened when released on it.
    case open(Int)
    /// An item's `×` pressed: removed when released on it.
    case delete(Int)
    /// An item being dragged in edit mode; whether it has moved, and whether an edge of the
    /// view may take it to another page (false while the pointer stays on that edge).
    case drag(Int, moved: Bool, edgeArmed: Bool)
  }

  var gesture: MouseGesture?

  /// Creates a launcher.
  ///
  /// - Parameters:
  ///   - pages: The items, page by page; none by default.
  ///   - frame: Its rectangle; empty by default.
  public init(pages: [[TTLauncherItem]] = [], frame: TTRect = .zero) {
    self.pages = pages
    let sheet = TTStyleSheet.current
    cellSize = Self.clampedCellSize(
      TTSize(
        width: sheet.value(named: "launcherButtonWidth") ?? 12,
        height: sheet.value(named: "launcherButtonHeight") ?? 4))
    super.init(frame: frame)
    pageControl.onChange = { [weak self] control in
      self?.showPage(control.currentPage)
    }
    addSubview(pageControl)
    pagesDidChange()
  }

  // MARK: - Items

  /// The items of the current page; empty without pages.
  public var currentItems: [TTLauncherItem] {
    pages.indices.contains(storedPageIndex) ? pages[storedPageIndex] : []
  }

  /// The selected item, or `nil`.
  public var selectedItem: TTLauncherItem? {
    storedSelection.map { currentItems[$0] }
  }

  /// Where the selected item is, or `nil`.
  public var selectedPosition: Position? {
    storedSelection.map { Position(page: storedPageIndex, index: $0) }
  }

  /// The item at a position, or `nil` when there is none.
  ///
  /// - Parameter position: The position.
  /// - Returns: The item.
  public func item(at position: Position) -> TTLauncherItem? {
    guard pages.indices.contains(position.page), pages[position.page].indices.contains(position.index)
    else { return nil }
    return pages[position.page][position.index]
  }

  /// Where the first item with an id is, or `nil`.
  ///
  /// - Parameter id: The item's ``TTLauncherItem/id``.
  /// - Returns: Its position.
  public func position(ofItemWithID id: String) -> Position? {
    for (page, items) in pages.enumerated() {
      if let index = items.firstIndex(where: { $0.id == id }) { return Position(page: page, index: index) }
    }
    return nil
  }

  /// Shows the page of the item with an id and selects it (Three20's `scrollToItem:`).
  ///
  /// - Parameter id: The item's ``TTLauncherItem/id``.
  /// - Returns: Whether there is such an item.
  @discardableResult
  public func scrollToItem(withID id: String) -> Bool {
    guard let position = position(ofItemWithID: id) else { return false }
    showPage(position.page)
    selectedIndex = position.index
    return true
  }

  /// Adds an item at the end of the last page, or on a new page when the last is full
  /// (Three20's `addItem:animated:`).
  ///
  /// - Parameter item: The item.
  public func addItem(_ item: TTLauncherItem) {
    if let capacity = knownCapacity, let last = pages.last, last.count >= capacity {
      pages.append([item])
    } else if pages.isEmpty {
      pages = [[item]]
    } else {
      pages[pages.count - 1].append(item)
    }
  }

  /// Removes the item at a position, whether or not it ``TTLauncherItem/canDelete`` (that
  /// limits the user only); a page left empty goes too, unless it is the only one.
  ///
  /// The delegate is not told, nor is the order saved: this is the app's change, not the
  /// user's.
  ///
  /// - Parameter position: The item's position.
  /// - Returns: The item removed, or `nil` when there is none there.
  @discardableResult
  public func removeItem(at position: Position) -> TTLauncherItem? {
    guard let item = item(at: position) else { return nil }
    var updated = pages
    updated[position.page].remove(at: position.index)
    var page = storedPageIndex
    var selection = storedSelection
    if updated[position.page].isEmpty, updated.count > 1 {
      updated.remove(at: position.page)
      if page > position.page {
        page -= 1
      } else if page == position.page {
        page = max(0, position.page - 1)
        selection = position.page > 0 ? Int.max : 0
      }
    } else if page == position.page, let selected = selection, selected > position.index {
      selection = selected - 1
    }
    pages = updated
    showPage(page)
    selectedIndex = selection
    return item
  }

  /// Moves an item to a position (Three20's rearranging, done in code).
  ///
  /// The item is taken out, then put at `destination.index` of `destination.page` (the place it
  /// ends up at, clamped to the page's end); a `destination.page` one past the last page makes
  /// a new page. A page left empty goes, unless it is the only one, and a page now too full
  /// spills onto the next. The item stays selected and its page is shown if it was selected.
  ///
  /// The delegate is not told, nor is the order saved: this is the app's change, not the
  /// user's.
  ///
  /// - Parameters:
  ///   - source: Where the item is.
  ///   - destination: Where it goes.
  /// - Returns: Where the item ended up, or `nil` when there is no item at `source` or
  ///   `destination.page` is out of range.
  @discardableResult
  public func moveItem(from source: Position, to destination: Position) -> Position? {
    guard let moved = item(at: source), destination.page >= 0, destination.page <= pages.count else {
      return nil
    }
    let followsSelection = selectedPosition == source
    var updated = pages
    updated[source.page].remove(at: source.index)
    if destination.page == updated.count { updated.append([]) }
    let index = min(max(0, destination.index), updated[destination.page].count)
    updated[destination.page].insert(moved, at: index)
    var landed = Position(page: destination.page, index: index)
    if updated[source.page].isEmpty, updated.count > 1 {
      updated.remove(at: source.page)
      if landed.page > source.page { landed.page -= 1 }
    }
    if let capacity = knownCapacity {
      landed = Self.spill(&updated, capacity: capacity, tracking: landed)
    }
    pages = updated
    if followsSelection {
      showPage(landed.page)
      selectedIndex = landed.index
    }
    return landed
  }

  // MARK: - Editing

  /// Goes into edit mode, where items can be moved and removed; tells the delegate.
  public func beginEditing() {
    guard !isEditing else { return }
    isEditing = true
    gesture = nil
    delegate?.launcherViewDidBeginEditing(self)
  }

  /// Leaves edit mode; tells the delegate.
  public func endEditing() {
    guard isEditing else { return }
    isEditing = false
    isMovingItem = false
    gesture = nil
    delegate?.launcherViewDidEndEditing(self)
  }

  // MARK: - Opening

  /// Opens an item: tells the ``delegate`` and ``onSelect``, then hands its URL (when not
  /// empty) to the ``opener``.
  ///
  /// - Parameter item: The item.
  public func open(_ item: TTLauncherItem) {
    delegate?.launcherView(self, didSelect: item)
    onSelect?(self, item)
    guard !item.url.isEmpty else { return }
    if let opener {
      opener.openURL(item.url)
    } else if delegate == nil, onSelect == nil {
      TTGlobalURLOpener.open(item.url)  // logs that no opener is set
    }
  }

  /// Opens the selected item, if there is one.
  ///
  /// - Returns: Whether an item was selected.
  @discardableResult
  public func openSelectedItem() -> Bool {
    guard let item = selectedItem else { return false }
    open(item)
    return true
  }

  // MARK: - Persistence

  /// Puts the items in the order saved by ``persistence`` (see
  /// ``TTLauncherPersistence/merge(_:into:)``: items the file does not name go at the end,
  /// ids no item has any more are dropped).
  ///
  /// - Returns: Whether a saved order was found and applied; `false` without ``persistence``
  ///   or before the first save.
  /// - Throws: ``TTUICommonError`` when the file cannot be used; the items keep their order,
  ///   and the error is also kept in ``lastPersistenceError``.
  @discardableResult
  public func restoreOrder() throws(TTUICommonError) -> Bool {
    guard let persistence else { return false }
    let order: [[String]]?
    do {
      order = try persistence.load()
      lastPersistenceError = nil
    } catch {
      lastPersistenceError = error
      throw error
    }
    guard let order else { return false }
    let selected = selectedItem?.id
    var merged = TTLauncherPersistence.merge(order, into: pages)
    if let capacity = knownCapacity { _ = Self.spill(&merged, capacity: capacity, tracking: nil) }
    if merged != pages { pages = merged }
    if let selected { scrollToItem(withID: selected) }
    return true
  }

  /// Saves the order now with ``persistence`` (the view also does after each user change).
  ///
  /// - Throws: ``TTUICommonError`` when it cannot be saved; also kept in
  ///   ``lastPersistenceError``.
  public func saveOrder() throws(TTUICommonError) {
    guard let persistence else { return }
    do {
      try persistence.save(pages)
      lastPersistenceError = nil
    } catch {
      lastPersistenceError = error
      throw error
    }
  }

  /// Saves after a user's change, logging a failure.
  func saveAfterChange() {
    do {
      try saveOrder()
    } catch {
      TTViewLog.warning("The launcher's order was not saved: \(error.message)")
    }
  }

  // MARK: - Layout

  /// The rows of a page: ``rowCount``, or as many cells as the grid's height holds (at least
  /// 1).
  public var rowsPerPage: Int {
    rowCount ?? max(1, gridArea.height / cellSize.height)
  }

  /// How many items a page shows: ``columnCount`` × ``rowsPerPage``.
  public var itemsPerPage: Int {
    let (product, overflow) = columnCount.multipliedReportingOverflow(by: rowsPerPage)
    return overflow ? Int.max : product
  }

  private static func clampedCellSize(_ size: TTSize) -> TTSize {
    TTSize(width: min(max(5, size.width), 200), height: min(max(2, size.height), 100))
  }

  /// The capacity, when the view knows it: it has a height or a ``rowCount``.
  var knownCapacity: Int? {
    rowCount != nil || gridArea.height > 0 ? itemsPerPage : nil
  }

  /// Where the grid goes, in the view's coordinates: the content rectangle less its bottom row
  /// (the page control's).
  var gridArea: TTRect {
    let area = contentRect
    return TTRect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - 1))
  }

  /// The cell of the item at a place on the page, in the view's coordinates.
  ///
  /// - Parameter index: The place on the page.
  /// - Returns: The cell's rectangle (it may lie outside the view).
  public func cellRect(at index: Int) -> TTRect {
    let area = gridArea
    let width = columnCount * cellSize.width
    let left = area.x + max(0, (area.width - width) / 2)
    return TTRect(
      x: left + (index % columnCount) * cellSize.width, y: area.y + (index / columnCount) * cellSize.height,
      width: cellSize.width, height: cellSize.height)
  }

  /// The icon's rectangle inside a cell: all but the title's row, centred, about twice as wide
  /// as tall (as a square in most terminal fonts), with room on each side for the badge and
  /// the `×`.
  ///
  /// - Parameter cell: The cell.
  /// - Returns: The icon's rectangle.
  public func iconRect(in cell: TTRect) -> TTRect {
    let height = max(1, cell.height - 1)
    let width = max(3, min(cell.width - 4, height * 2 + 2))
    return TTRect(x: cell.x + (cell.width - width) / 2, y: cell.y, width: width, height: height)
  }

  /// The place, on the current page, of the grid cell under a point (in the view's
  /// coordinates), whether or not an item is there; `nil` outside the grid.
  ///
  /// - Parameter point: The point.
  /// - Returns: The place.
  public func slot(at point: TTPoint) -> Int? {
    let area = gridArea
    guard area.contains(point) else { return nil }
    let origin = cellRect(at: 0).origin
    guard point.x >= origin.x, point.y >= origin.y else { return nil }
    let column = (point.x - origin.x) / cellSize.width
    let row = (point.y - origin.y) / cellSize.height
    guard column < columnCount, row < rowsPerPage else { return nil }
    return row * columnCount + column
  }

  /// The place, on the current page, of the item under a point (in the view's coordinates),
  /// or `nil`.
  ///
  /// - Parameter point: The point.
  /// - Returns: The item's place.
  public func itemIndex(at point: TTPoint) -> Int? {
    guard let slot = slot(at: point), slot < currentItems.count else { return nil }
    return slot
  }

  /// Places the page control on the bottom row and spills over-full pages onto the next.
  override open func layoutSubviews() {
    let area = contentRect
    pageControl.frame = TTRect(
      x: area.x, y: area.maxY - 1, width: area.width, height: area.height > 0 ? 1 : 0)
    guard let capacity = knownCapacity, pages.contains(where: { $0.count > capacity }) else { return }
    var updated = pages
    let selection = selectedPosition
    let tracked = Self.spill(&updated, capacity: capacity, tracking: selection)
    isNormalizing = true
    pages = updated
    isNormalizing = false
    if selection != nil, tracked != selectedPosition {
      showPage(tracked.page)
      selectedIndex = tracked.index
    }
  }

  /// Moves the items past `capacity` on each page to the start of the next (a new page after
  /// the last), front to back; returns where a tracked item ends up.
  static func spill(
    _ pages: inout [[TTLauncherItem]], capacity: Int, tracking: Position?
  ) -> Position {
    var tracked = tracking ?? Position(page: -1, index: -1)
    let capacity = max(1, capacity)
    var page = 0
    while page < pages.count {
      if pages[page].count > capacity {
        let overflow = Array(pages[page][capacity...])
        pages[page].removeSubrange(capacity...)
        if page + 1 == pages.count { pages.append([]) }
        pages[page + 1].insert(contentsOf: overflow, at: 0)
        if tracked.page == page + 1 {
          tracked.index += overflow.count
        } else if tracked.page == page, tracked.index >= capacity {
          tracked = Position(page: page + 1, index: tracked.index - capacity)
        }
      }
      page += 1
    }
    return tracked
  }

  // MARK: - Pages

  /// Shows a page (clamped), keeping the selection's place; returns whether it changed.
  @discardableResult
  func showPage(_ index: Int) -> Bool {
    let clamped = pages.isEmpty ? 0 : min(max(0, index), pages.count - 1)
    pageControl.currentPage = clamped
    guard clamped != storedPageIndex else { return false }
    let selection = storedSelection
    storedPageIndex = clamped
    storedSelection = nil
    selectedIndex = selection
    setNeedsDisplay()
    return true
  }

  private func pagesDidChange() {
    pageControl.numberOfPages = pages.count
    storedPageIndex = pages.isEmpty ? 0 : min(max(0, storedPageIndex), pages.count - 1)
    pageControl.currentPage = storedPageIndex
    let selection = storedSelection
    storedSelection = nil
    selectedIndex = selection
    if !isNormalizing { setNeedsLayout() }
    setNeedsDisplay()
  }

  // MARK: - Input and drawing

  /// A launcher can be focused.
  override open var canBecomeFocused: Bool { true }

  /// Handles the launcher's keys (see the type's description).
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used; keys the launcher has no use for go on to the views
  ///   above and the controller.
  override open func handleKey(_ key: TTKey) -> Bool {
    if handleLauncherKey(key) { return true }
    return super.handleKey(key)
  }

  /// Handles clicks, drags and the wheel (see the type's description).
  ///
  /// - Parameter event: The event, in the view's coordinates.
  /// - Returns: Whether the event was used.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    if handleLauncherMouse(event) { return true }
    return super.handleMouse(event)
  }

  /// Draws the current page's icons.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: The content rectangle, in the canvas's coordinates.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    drawPage(on: &canvas, in: rect)
  }
}
