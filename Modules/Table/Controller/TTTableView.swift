public import Foundation
import Three20Core
public import Three20Style
public import Three20UICommon

/// The rows of a data source on screen, drawn only where they are visible: Three20's table
/// view, for the terminal.
///
/// The table view draws section headers, rows and footers from its ``dataSource`` with cells
/// from its ``cellRegistry``, keeps a cursor (``selectedIndexPath``) and scrolls to keep it in
/// view. It is virtualised:
/// - Drawing asks the data source only for the rows on screen.
/// - A row is as tall as the canvas its cell draws at the table's width. Heights are cached
///   per row and width, and forgotten when the data or the width changes. After a change
///   announced by the model, ``TTTableViewController`` keeps the drawings of rows whose item
///   kept its identity and content (``TTTableItem/hasSameContent(as:)``), wherever they moved,
///   so only the rows that changed are drawn again.
/// - The scroll position is an anchor — the entry at the top and how many of its lines are
///   hidden — not a pixel offset, so jumping to the end of a million rows draws from the
///   bottom up, measuring only the rows that show. A `TTScrollModel` keeps it, counting
///   headers, rows, footers and the "more" row as its rows.
///
/// ```swift
/// let table = TTTableView()
/// table.dataSource = TTListDataSource(items: notes)
/// table.frame = TTRect(x: 0, y: 0, width: 40, height: 10)
/// table.move(.end)                // the cursor on the last row, drawn at the bottom
/// table.selectedIndexPath        // [0, notes.count - 1]
/// ```
///
/// Rows with a ``TTTableControlItem`` are live: with the cursor on one, ←/→ (and Space or
/// Enter on a toggle) change its control, and a click on the control does too
/// (``changeControl(at:to:)``). The mouse works on what was drawn: a click moves the cursor,
/// a click on the row under the cursor activates it as Enter does, and the wheel scrolls
/// (``handleMouse(_:)``).
///
/// ``TTTableViewController`` owns one and feeds it its model's data; use the view alone for a
/// list that never loads.
@MainActor
open class TTTableView: TTView {
  /// A cursor movement.
  public enum Move: Sendable, Hashable, CaseIterable {
    /// One row up.
    case up
    /// One row down.
    case down
    /// One screen up.
    case pageUp
    /// One screen down.
    case pageDown
    /// To the first row.
    case home
    /// To the last row (the "more" row when there is one).
    case end
  }

  /// Where the table is scrolled and where its cursor is: enough to put it back as it was.
  public struct ScrollState: Sendable, Hashable {
    /// The row under the cursor, or `nil`.
    public var selectedIndexPath: IndexPath?
    /// Whether the cursor is on the "more" row.
    public var isMoreRowSelected: Bool
    /// The index of the entry (header, row, footer or "more") at the top of the view.
    public var topEntry: Int
    /// How many lines of that entry are scrolled out above the view.
    public var topOffset: Int

    /// Creates a scroll state.
    ///
    /// - Parameters:
    ///   - selectedIndexPath: The cursor's row; none by default.
    ///   - isMoreRowSelected: Whether the cursor is on the "more" row; `false` by default.
    ///   - topEntry: The entry at the top; 0 by default.
    ///   - topOffset: The lines of it hidden above; 0 by default.
    public init(
      selectedIndexPath: IndexPath? = nil, isMoreRowSelected: Bool = false, topEntry: Int = 0,
      topOffset: Int = 0
    ) {
      self.selectedIndexPath = selectedIndexPath
      self.isMoreRowSelected = isMoreRowSelected
      self.topEntry = topEntry
      self.topOffset = topOffset
    }
  }

  /// What the table shows; `nil` shows nothing.
  ///
  /// Setting it reloads the table.
  public var dataSource: (any TTTableViewDataSource)? {
    didSet {
      if dataSource !== oldValue {
        selection = nil
        scroll.top = TTScrollModel.Position()
      }
      reloadData()
    }
  }

  /// The cells that draw the items; ``TTTableCellRegistry/standard(dateFormatting:fallbackCell:)``
  /// (Three20's default mapping) by default.
  public var cellRegistry: TTTableCellRegistry {
    didSet { reloadData() }
  }

  /// Whether rows are as tall as their cells draw them (`true`, the default), or all
  /// ``fixedRowHeight`` tall, cut or padded (Three20's `variableHeightRows` off).
  public var variableHeightRows = true {
    didSet { if variableHeightRows != oldValue { reloadData() } }
  }

  /// The height of every row when ``variableHeightRows`` is off: the stylesheet's
  /// `tableRowHeight` (1 in the default sheet), between 1 and 100.
  public var fixedRowHeight: Int {
    min(max(1, TTStyleSheet.current.value(named: "tableRowHeight") ?? 1), 100)
  }

  /// Whether the next page is loading: the "more" row shows the loading title and a spinner.
  public var isLoadingMore = false {
    didSet { if isLoadingMore != oldValue { reloadData(keepingUnchangedRows: true) } }
  }

  /// Called when Enter is pressed on a row.
  public var selectionHandler: (@MainActor (IndexPath) -> Void)?

  /// Called when `i` is pressed on a row: its accessory (Three20's detail disclosure button).
  public var accessoryHandler: (@MainActor (IndexPath) -> Void)?

  /// Called when the cursor reaches the "more" row, or Enter is pressed on it.
  public var moreHandler: (@MainActor () -> Void)?

  /// Called after the user changed the control of a ``TTTableControlItem`` row, with the row
  /// and the changed item (see ``changeControl(at:to:)``).
  ///
  /// By then the item is in the data source when the data source can take it
  /// (``TTTableItemReplacing``); otherwise this is where the app puts the new value in its
  /// data, so that the row shows it. The item's own ``TTTableControlItem/onChange`` runs
  /// after this.
  public var controlHandler: (@MainActor (IndexPath, TTTableControlItem) -> Void)?

  /// Whether reaching the "more" row with the cursor loads more at once (infinite scroll).
  ///
  /// `true` by default. When `false`, only Enter on it does.
  public var loadsMoreWhenReached = true

  // MARK: - State

  private var selection: Entry?
  /// Where the table is scrolled, in entries: `TTScrollModel.top` is the anchor.
  private var scroll = TTScrollModel()
  private var layout = Layout() {
    didSet { scroll.rowCount = layout.count }
  }
  private var heights: [HeightKey: Int] = [:]
  private var rendered: [HeightKey: Drawn] = [:]
  /// The drawings of the last reload's rows, by identity, for rows whose item did not change.
  private var retained: [RetainKey: Drawn] = [:]
  /// Set by `render(entry:width:selected:)`: the item of the row it drew.
  private var lastRenderedItem: (any TTTableItem)?
  private var measuredWidth = -1
  private var spinnerTicks = 0
  /// The identity of the item under the cursor, to find it again after the rows change.
  private var selectedID: String?
  /// Whether the last drawing showed a row with a spinner, so ticks redraw.
  private var showsSpinningRows = false
  /// Set by `render(entry:width:selected:)` when the row it drew has a spinner.
  private var lastRenderSpins = false

  /// The rows drawn by the last drawing, top to bottom.
  public private(set) var visibleIndexPaths: [IndexPath] = []

  /// The entries the last drawing showed, top to bottom, with their lines relative to the
  /// content's top: what mouse events are hit-tested against.
  private var drawnEntries: [DrawnEntry] = []
  /// What the left button, pressed on the table, is doing until it is released.
  private var pointer: Pointer?

  /// Creates a table view.
  ///
  /// - Parameters:
  ///   - cellRegistry: The cells; the standard registry by default.
  ///   - frame: Its rectangle; empty by default.
  public init(cellRegistry: TTTableCellRegistry = .standard(), frame: TTRect = .zero) {
    self.cellRegistry = cellRegistry
    super.init(frame: frame)
  }

  // MARK: - Data

  /// Reads the data source's sections again and forgets measured heights; keeps the cursor
  /// on the same item and the scroll anchor where it can.
  ///
  /// The cursor follows its item by identity (``TTTableItem/id``) when the item moved by up
  /// to 256 rows within its section; otherwise it stays at the same index, clamped to the rows.
  ///
  /// Costs time in proportion to the number of sections, not rows.
  public func reloadData() {
    reloadData(keepingUnchangedRows: false)
  }

  /// Reloads, and with `keepingUnchangedRows` keeps the drawings of rows whose item is
  /// unchanged: same identity and same content (``TTTableItem/hasSameContent(as:)``), wherever
  /// the row moved — so that after a model change only the rows that changed are drawn again.
  ///
  /// Rows whose drawing depends on more than their item are always drawn again: more buttons
  /// (their model's state) and messages (their relative timestamps).
  func reloadData(keepingUnchangedRows: Bool) {
    layout = Layout(dataSource: dataSource, showsMore: (dataSource?.hasMoreItems ?? false) || isLoadingMore)
    if keepingUnchangedRows {
      // Reloads can follow each other before a drawing: keep what earlier ones kept too.
      if retained.count + rendered.count > 1024 { retained.removeAll(keepingCapacity: true) }
      for (key, drawn) in rendered where Self.canRetain(drawn.item) {
        retained[RetainKey(id: drawn.item.id, width: key.width)] = drawn
      }
    } else {
      retained.removeAll(keepingCapacity: true)
    }
    heights.removeAll(keepingCapacity: true)
    rendered.removeAll(keepingCapacity: true)
    if case .row(let path) = selection, let selectedID, let found = relocate(selectedID, near: path),
      found != path
    {
      select(.row(found))
      return
    }
    if let current = selection, layout.index(of: current) == nil {
      selection = layout.clampedSelection(current)
    }
    rememberSelectedID()
    setNeedsDisplay()
  }

  /// How far from its old row reloadData looks for the cursor's item.
  private static let relocationWindow = 256

  /// Where the item with an identity is now: its old row if it is still there, else the
  /// nearest row within the window of its old section; `nil` when it is not found.
  private func relocate(_ id: String, near path: IndexPath) -> IndexPath? {
    guard let dataSource else { return nil }
    let section = TTTableIndexPath.section(path)
    let row = TTTableIndexPath.row(path)
    let rows = layout.rows(inSection: section)
    guard rows > 0 else { return nil }
    if row < rows, dataSource.item(at: path)?.id == id { return path }
    for distance in 1...Self.relocationWindow {
      for candidate in [row - distance, row + distance] where candidate >= 0 && candidate < rows {
        if dataSource.item(at: [section, candidate])?.id == id { return [section, candidate] }
      }
      if row - distance < 0 && row + distance >= rows { break }
    }
    return nil
  }

  private func rememberSelectedID() {
    if case .row(let path) = selection {
      selectedID = dataSource?.item(at: path)?.id
    } else {
      selectedID = nil
    }
  }

  /// The row under the cursor, or `nil` (none yet, or the cursor is on the "more" row).
  ///
  /// Setting it moves the cursor and scrolls the row into view; a path that is not a row
  /// clears the cursor.
  public var selectedIndexPath: IndexPath? {
    get {
      if case .row(let path) = selection { return path }
      return nil
    }
    set {
      if let newValue, layout.index(of: .row(newValue)) != nil {
        select(.row(newValue))
      } else {
        selection = nil
        setNeedsDisplay()
      }
    }
  }

  /// Whether the cursor is on the "more" row.
  public var isMoreRowSelected: Bool { selection == .more }

  /// Where the table is scrolled and its cursor; set it to put both back (values out of range
  /// are clamped when drawn).
  public var scrollState: ScrollState {
    get {
      ScrollState(
        selectedIndexPath: selectedIndexPath, isMoreRowSelected: isMoreRowSelected, topEntry: scroll.top.row,
        topOffset: scroll.top.offset)
    }
    set {
      selection = newValue.isMoreRowSelected ? .more : newValue.selectedIndexPath.map { Entry.row($0) }
      if let current = selection, layout.index(of: current) == nil {
        selection = layout.clampedSelection(current)
      }
      rememberSelectedID()
      scroll.top = TTScrollModel.Position(row: newValue.topEntry, offset: newValue.topOffset)
      setNeedsDisplay()
    }
  }

  /// The total number of rows in all sections.
  public var numberOfRows: Int { layout.rowCount }

  /// The height of a row at the table's width (or at 80 columns before it has a width):
  /// the height of the canvas its cell draws, at least 1; cached.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: Its height in lines; 0 for a row that does not exist.
  public func height(ofRowAt indexPath: IndexPath) -> Int {
    guard let index = layout.index(of: .row(indexPath)) else { return 0 }
    return height(ofEntry: index, width: currentWidth)
  }

  // MARK: - Moving

  /// Moves the cursor and scrolls it into view.
  ///
  /// Reaching the "more" row calls ``moreHandler`` when ``loadsMoreWhenReached`` is on.
  ///
  /// Costs time in proportion to the screen, whatever the number of rows.
  ///
  /// - Parameter move: Where to.
  /// - Returns: Whether the cursor moved.
  @discardableResult
  public func move(_ move: Move) -> Bool {
    guard layout.count > 0 else { return false }
    scroll.viewportHeight = frame.height
    let current = selection.flatMap { layout.index(of: $0) }
    let top = scroll.top.row
    var target: Int?
    switch move {
    case .down:
      target = current.map { layout.nextSelectable(after: $0) } ?? layout.firstSelectable(atOrAfter: top)
    case .up:
      target = current.map { layout.previousSelectable(before: $0) } ?? layout.firstSelectable(atOrAfter: top)
    case .home:
      target = layout.firstSelectable(atOrAfter: 0)
    case .end:
      target = layout.previousSelectable(before: layout.count)
    case .pageDown:
      guard let current, let index = scroll.row(.pageDown, from: current, rowHeight: entryHeight) else {
        target = layout.firstSelectable(atOrAfter: top)
        break
      }
      target = layout.firstSelectable(atOrAfter: index) ?? layout.previousSelectable(before: index + 1)
    case .pageUp:
      guard let current, let index = scroll.row(.pageUp, from: current, rowHeight: entryHeight) else {
        target = layout.firstSelectable(atOrAfter: top)
        break
      }
      target = layout.previousSelectable(before: index + 1) ?? layout.firstSelectable(atOrAfter: index)
    }
    guard let target, let entry = layout.entry(at: target) else { return false }
    let moved = target != current
    select(entry)
    if move == .home { scroll.top = TTScrollModel.Position() }
    if moved, entry == .more, loadsMoreWhenReached { moreHandler?() }
    return moved
  }

  /// Uses the cursor keys: up/`k`, down/`j`, Page Up/Page Down/space, Home/`g`, End/`G`;
  /// Enter on the cursor's row (``selectionHandler``) or on the "more" row (``moreHandler``);
  /// `i` on the cursor's row (``accessoryHandler``).
  ///
  /// On a control row, the keys of its control come first (``handleControlKey(_:)``): ←/→
  /// and, on a toggle, Space and Enter. Up and down always move the cursor.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  override open func handleKey(_ key: TTKey) -> Bool {
    if handleControlKey(key) { return true }
    switch key {
    case .down, .character("j"): move(.down)
    case .up, .character("k"): move(.up)
    case .pageDown, .character(" "): move(.pageDown)
    case .pageUp: move(.pageUp)
    case .home, .character("g"): move(.home)
    case .end, .character("G"): move(.end)
    case .enter:
      switch selection {
      case .row(let path): selectionHandler?(path)
      case .more: moreHandler?()
      case .header, .footer, nil: return false
      }
    case .character("i"):
      guard case .row(let path) = selection, let accessoryHandler else { return false }
      accessoryHandler(path)
    default:
      return super.handleKey(key)
    }
    return true
  }

  // MARK: - Control rows

  /// Offers a key to the control of the row under the cursor; returns whether it was used.
  ///
  /// On a toggle row, Space and Enter flip it, ← or `h` set it off and → or `l` set it on. On
  /// a slider or stepper row, ←, `h` or `-` move it down a step and →, `l` or `+` up a step;
  /// a key that would pass an end is used and changes nothing. Other rows, text field rows
  /// included, use no key here. Changes go through ``changeControl(at:to:)``.
  ///
  /// ``handleKey(_:)`` calls it first. A container that takes ← and → for itself (a tab
  /// strip above the table) offers them here first, so that a control row keeps them.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was for the control.
  public func handleControlKey(_ key: TTKey) -> Bool {
    guard case .row(let path) = selection, let item = dataSource?.item(at: path) as? TTTableControlItem,
      item.control.isAdjustable
    else { return false }
    let control = item.control
    let isToggle = control.isOn != nil
    let changed: TTTableControlItem.Control
    switch key {
    case .left, .character("h"): changed = control.stepped(-1)
    case .right, .character("l"): changed = control.stepped(1)
    case .character("-") where !isToggle, .character("−") where !isToggle: changed = control.stepped(-1)
    case .character("+") where !isToggle, .character("=") where !isToggle: changed = control.stepped(1)
    case .enter where isToggle, .character(" ") where isToggle: changed = control.toggled
    default: return false
    }
    changeControl(at: path, to: changed)
    return true
  }

  /// Changes the control of a control row: the one path by which keys, clicks and editors
  /// change a ``TTTableControlItem``.
  ///
  /// When the row's item is a ``TTTableControlItem`` whose control differs from `control`:
  /// 1. the item with the new control replaces the old one in the data source, when the data
  ///    source can take it (``TTTableItemReplacing``; lists and sectioned data sources can);
  /// 2. the rows are read again (unchanged rows keep their drawings) and the table redraws;
  /// 3. ``controlHandler`` is called with the row and the changed item, then the item's
  ///    ``TTTableControlItem/onChange``.
  ///
  /// Data flows one way: the row shows the new value once its data source has it. A data
  /// source that cannot replace items keeps showing the old value until the app puts the
  /// value in it (in ``controlHandler`` or ``TTTableControlItem/onChange``).
  ///
  /// ```swift
  /// let source = TTListDataSource(items: [TTTableControlItem(caption: "Wi-Fi", control: .toggle(false))])
  /// table.dataSource = source
  /// table.changeControl(at: [0, 0], to: .toggle(true))   // true
  /// (source.items[0] as? TTTableControlItem)?.control    // .toggle(true)
  /// ```
  ///
  /// - Parameters:
  ///   - indexPath: The row.
  ///   - control: The new control and value; an editor for a text field row passes
  ///     `.textField(newText, placeholder:)` when editing ends.
  /// - Returns: Whether the control changed (`false` for a row that is not a control row, or
  ///   the same value).
  @discardableResult
  public func changeControl(at indexPath: IndexPath, to control: TTTableControlItem.Control) -> Bool {
    guard var item = dataSource?.item(at: indexPath) as? TTTableControlItem, item.control != control else {
      return false
    }
    item.control = control
    if let replacing = dataSource as? any TTTableItemReplacing {
      replacing.replaceItem(at: indexPath, with: item)
    }
    reloadData(keepingUnchangedRows: true)
    controlHandler?(indexPath, item)
    item.onChange?(item)
    return true
  }

  /// Where the control of a control row was last drawn, in the table's coordinates: the
  /// rectangle an editor goes in for a text field row.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: The control's rectangle (one line), or `nil` when the row is not a
  ///   ``TTTableControlItem`` drawn by ``TTTableControlCell``, was not drawn with its first
  ///   line showing, or has no room for its control.
  public func controlFrame(ofRowAt indexPath: IndexPath) -> TTRect? {
    guard let drawn = drawnEntries.first(where: { $0.entry == .row(indexPath) }), drawn.top >= 0,
      let item = dataSource?.item(at: indexPath) as? TTTableControlItem,
      cellRegistry.cell(for: item) is TTTableControlCell
    else { return nil }
    let parts = TTTableControlCell.layout(of: item, width: currentWidth)
    guard !parts.control.isEmpty else { return nil }
    let content = contentRect
    return TTRect(
      x: content.x + parts.control.lowerBound, y: content.y + drawn.top, width: parts.control.count, height: 1
    )
  }

  // MARK: - Mouse

  /// Uses the mouse on what the last drawing showed.
  ///
  /// - A press of the left button on a row (or the "more" row) moves the cursor to it, as
  ///   the keys do. A press and release on the row already under the cursor activates it as
  ///   Enter does (``handleKey(_:)``: its ``selectionHandler``, a toggle flipped, the "more"
  ///   row's ``moreHandler``).
  /// - On a control row drawn by ``TTTableControlCell``, a press on the control changes it
  ///   (``changeControl(at:to:)``): a toggle's mark flips it, a slider's track sets the
  ///   value at that column and a drag then follows the pointer until the release, a
  ///   stepper's `[−]` and `[+]` step it.
  /// - The wheel scrolls three lines a notch, never past the first or last line; the cursor
  ///   stays on its row.
  ///
  /// - Parameter event: The event, in the table's coordinates.
  /// - Returns: Whether the event was used; presses on headers, footers and blank space are
  ///   not.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    switch event.action {
    case .scrollUp, .scrollDown:
      scrollLines(event.action == .scrollDown ? Self.wheelLines : -Self.wheelLines)
      return true
    case .scrollLeft, .scrollRight:
      return false
    case .press:
      guard event.button == .left else { return false }
      return press(at: event.position)
    case .drag:
      guard let pointer else { return false }
      if case .slider(let path, let track) = pointer {
        slide(path, track: track, toColumn: event.position.x - contentRect.x)
      }
      return true
    case .release:
      guard let current = pointer else { return false }
      pointer = nil
      if case .activation(let entry) = current, drawnEntry(at: event.position)?.entry == entry {
        _ = handleKey(.enter)
      }
      return true
    }
  }

  /// The lines one notch of the wheel scrolls.
  private static let wheelLines = 3

  /// A press of the left button: moves the cursor, changes a control, or arms activation.
  private func press(at point: TTPoint) -> Bool {
    pointer = nil
    guard let drawn = drawnEntry(at: point), layout.index(of: drawn.entry) != nil else { return false }
    switch drawn.entry {
    case .header, .footer: return false
    case .row, .more: break
    }
    let wasSelected = selection == drawn.entry
    let moved = !wasSelected
    select(drawn.entry)
    if moved, drawn.entry == .more, loadsMoreWhenReached { moreHandler?() }
    if case .row(let path) = drawn.entry, let item = dataSource?.item(at: path) as? TTTableControlItem,
      cellRegistry.cell(for: item) is TTTableControlCell,
      let used = pressControl(of: item, at: path, column: point.x - contentRect.x)
    {
      pointer = used
      return true
    }
    pointer = wasSelected ? .activation(drawn.entry) : .done
    return true
  }

  /// Changes a control row's control for a press at a column of the row; `nil` when the
  /// press missed the control.
  private func pressControl(of item: TTTableControlItem, at path: IndexPath, column: Int) -> Pointer? {
    let parts = TTTableControlCell.layout(of: item, width: currentWidth)
    switch item.control {
    case .toggle:
      guard parts.control.contains(column) else { return nil }
      changeControl(at: path, to: item.control.toggled)
      return .done
    case .slider:
      guard let track = parts.track, track.contains(column) else { return nil }
      slide(path, track: track, toColumn: column)
      return .slider(path, track: track)
    case .stepper:
      if parts.decrement?.contains(column) == true {
        changeControl(at: path, to: item.control.stepped(-1))
        return .done
      }
      if parts.increment?.contains(column) == true {
        changeControl(at: path, to: item.control.stepped(1))
        return .done
      }
      return nil
    case .textField:
      return nil
    }
  }

  /// Sets a slider row to the value at a column of its track (columns beyond the track give
  /// its ends).
  private func slide(_ path: IndexPath, track: Range<Int>, toColumn column: Int) {
    guard let item = dataSource?.item(at: path) as? TTTableControlItem,
      case .slider(_, let range, let step) = item.control
    else { return }
    let scale = TTSlider.Scale(range, step: step)
    let value = scale.value(atColumn: column - track.lowerBound, columns: track.count)
    changeControl(at: path, to: .slider(value, range, step: step))
  }

  /// The entry the last drawing showed at a point of the table, or `nil`.
  private func drawnEntry(at point: TTPoint) -> DrawnEntry? {
    let content = contentRect
    guard content.contains(point) else { return nil }
    let y = point.y - content.y
    return drawnEntries.first { y >= $0.top && y < $0.top + $0.height }
  }

  /// Scrolls by lines (negative up), keeping the cursor where it is.
  private func scrollLines(_ lines: Int) {
    scroll.viewportHeight = contentRect.height
    for _ in 0..<abs(lines) {
      _ = scroll.scroll(lines > 0 ? .lineDown : .lineUp, rowHeight: entryHeight)
    }
    setNeedsDisplay()
  }

  /// Turns the spinners: the "more" row's while loading more, and those of rows that show one
  /// (activity items, loading more buttons).
  override open func tick() {
    if isLoadingMore || showsSpinningRows {
      spinnerTicks &+= 1
      setNeedsDisplay()
    }
    super.tick()
  }

  // MARK: - Drawing

  /// Draws the entries from the scroll model's top down until the view is full.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: The table's rectangle on it.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    visibleIndexPaths = []
    showsSpinningRows = false
    drawnEntries = []
    guard rect.width > 0, rect.height > 0, layout.count > 0 else { return }
    if rect.width != measuredWidth {
      heights.removeAll(keepingCapacity: true)
      rendered.removeAll(keepingCapacity: true)
      retained.removeAll(keepingCapacity: true)
      measuredWidth = rect.width
    }
    scroll.viewportHeight = rect.height
    scroll.clamp(rowHeight: entryHeight)
    let selected = selection.flatMap { layout.index(of: $0) }
    var y = rect.y - scroll.top.offset
    var index = scroll.top.row
    drawnEntries.removeAll(keepingCapacity: true)
    while y < rect.maxY, index < layout.count {
      let row =
        index == selected ? render(entry: index, width: rect.width, selected: true) : cachedRender(index)
      canvas.draw(row, at: TTPoint(x: rect.x, y: y))
      let entry = layout.entry(at: index)
      if case .row(let path) = entry {
        visibleIndexPaths.append(path)
        if lastRenderSpins { showsSpinningRows = true }
      }
      if let entry { drawnEntries.append(DrawnEntry(entry: entry, top: y - rect.y, height: row.height)) }
      y += row.height
      index += 1
    }
  }

  // MARK: - Private: measuring and rendering

  private var currentWidth: Int { measuredWidth > 0 ? measuredWidth : (frame.width > 0 ? frame.width : 80) }

  private func height(ofEntry index: Int, width: Int) -> Int {
    guard let entry = layout.entry(at: index) else { return 0 }
    guard case .row(let path) = entry else { return 1 }
    guard variableHeightRows else { return fixedRowHeight }
    let key = HeightKey(path: path, width: width)
    if let known = heights[key] { return known }
    return cachedRender(index, width: width).height
  }

  private func cachedRender(_ index: Int, width: Int? = nil) -> TTCanvas {
    let width = width ?? currentWidth
    guard case .row(let path) = layout.entry(at: index) else {
      return render(entry: index, width: width, selected: false)
    }
    let key = HeightKey(path: path, width: width)
    if let drawn = rendered[key], drawn.isCurrent {
      lastRenderSpins = false
      return drawn.canvas
    }
    if !retained.isEmpty, let item = dataSource?.item(at: path),
      let drawn = retained[RetainKey(id: item.id, width: width)], drawn.isCurrent,
      drawn.item.hasSameContent(as: item)
    {
      // The same item as before the reload: its drawing still holds.
      lastRenderSpins = false
      heights[key] = drawn.canvas.height
      store(Drawn(item: item, canvas: drawn.canvas), at: key)
      return drawn.canvas
    }
    let canvas = render(entry: index, width: width, selected: false)
    heights[key] = canvas.height
    // A row with a spinner is drawn afresh each time, so that it turns.
    guard !lastRenderSpins, let item = lastRenderedItem else { return canvas }
    store(Drawn(item: item, canvas: canvas), at: key)
    return canvas
  }

  /// Keeps the drawings of a few screens; heights are kept for every row measured.
  private func store(_ drawn: Drawn, at key: HeightKey) {
    if rendered.count > 512 { rendered.removeAll(keepingCapacity: true) }
    rendered[key] = drawn
  }

  /// Whether a row's drawing depends on its item only, so it may be kept across reloads.
  private static func canRetain(_ item: any TTTableItem) -> Bool {
    !(item is TTTableMoreButton) && !(item is TTTableMessageItem) && !(item is TTTableActivityItem)
  }

  private func render(entry index: Int, width: Int, selected: Bool) -> TTCanvas {
    let sheet = TTStyleSheet.current
    lastRenderSpins = false
    lastRenderedItem = nil
    switch layout.entry(at: index) {
    case .header(let section):
      return TTTableHeaderCell().render(
        dataSource?.titleForHeader(inSection: section) ?? "", width: width, styleSheet: sheet)
    case .footer(let section):
      return TTTableFooterCell().render(
        dataSource?.titleForFooter(inSection: section) ?? "", width: width, styleSheet: sheet)
    case .more:
      var canvas = TTCanvas(width: width, height: 1)
      let title: String
      if isLoadingMore {
        let spinner = TTActivityLabel.defaultSpinner
        var loading = dataSource?.titleForLoading(reloading: false) ?? "Loading…"
        // As the activity label does: the ASCII spinner goes with ASCII dots.
        if spinner == .ascii { loading = loading.replacingOccurrences(of: "…", with: "...") }
        title = TTTableCellState(tick: spinnerTicks, spinner: spinner).spinnerFrame + " " + loading
      } else {
        title = dataSource?.titleForMore ?? "Load more…"
      }
      let color = sheet.color(named: "linkTextColor") ?? .blue
      let look = TTTextLook(
        color: color, attributes: selected ? [.bold, .inverse] : [.bold], alignment: .center)
      if selected { canvas.fill(canvas.bounds, style: TTCellStyle(attributes: .inverse)) }
      TTLabel.draw(title, look: look, in: canvas.bounds, on: &canvas)
      return canvas
    case .row(let path):
      guard var item = dataSource?.item(at: path) else { return TTCanvas(width: width, height: 1) }
      if var button = item as? TTTableMoreButton, !button.isLoading,
        (button.model ?? dataSource?.model)?.isLoading == true
      {
        // The button's model is loading its next page: Three20 set `isLoading` on the item.
        button.isLoading = true
        item = button
      }
      lastRenderSpins = item is TTTableActivityItem || (item as? TTTableMoreButton)?.isLoading == true
      lastRenderedItem = item
      let state = TTTableCellState(
        isSelected: selected, styleSheet: sheet, tick: spinnerTicks, spinner: TTActivityLabel.defaultSpinner)
      var canvas = cellRegistry.cell(for: item).render(item, width: width, state: state)
      if canvas.height < 1 { canvas = TTCanvas(width: width, height: 1) }
      if !variableHeightRows, canvas.height != fixedRowHeight {
        var fixed = TTCanvas(width: width, height: fixedRowHeight)
        fixed.draw(canvas, at: .zero)
        canvas = fixed
      }
      return canvas
    case nil:
      return TTCanvas(width: width, height: 0)
    }
  }

  // MARK: - Private: cursor and scrolling

  /// The height of an entry at the current width, for the scroll model.
  private func entryHeight(_ index: Int) -> Int {
    height(ofEntry: index, width: currentWidth)
  }

  /// Moves the cursor and scrolls the least so that its entry is wholly in view (its top, if it
  /// is taller than the view), with its section's header too when it is the section's first row.
  private func select(_ entry: Entry) {
    selection = entry
    rememberSelectedID()
    if let index = layout.index(of: entry) {
      var first = index
      if index > 0, case .header = layout.entry(at: index - 1) { first = index - 1 }
      scroll.viewportHeight = frame.height
      scroll.keepInView(first...index, rowHeight: entryHeight)
    }
    setNeedsDisplay()
  }
}

extension TTTableView {
  /// An entry as the last drawing showed it: its first line relative to the content's top
  /// (negative when scrolled partly out above) and its height.
  struct DrawnEntry {
    let entry: Entry
    let top: Int
    let height: Int
  }

  /// What a press of the left button on the table started.
  enum Pointer {
    /// A press on the row under the cursor: a release on the same entry activates it.
    case activation(Entry)
    /// A press on a slider's track: drags move the slider until the release.
    case slider(IndexPath, track: Range<Int>)
    /// A press that needs nothing more; the release ends it.
    case done
  }

  /// A row at a width: the key of the height and canvas caches.
  struct HeightKey: Hashable {
    let path: IndexPath
    let width: Int
  }

  /// An item's identity at a width: the key of the drawings kept across a reload.
  struct RetainKey: Hashable {
    let id: String
    let width: Int
  }

  /// A row's drawing and the item it shows.
  struct Drawn {
    let item: any TTTableItem
    let canvas: TTCanvas
    /// For a row with an image, the image provider's generation it was drawn at; pictures
    /// that arrived since make it stale.
    let imageGeneration: UInt64?

    init(item: any TTTableItem, canvas: TTCanvas) {
      self.item = item
      self.canvas = canvas
      imageGeneration = Self.hasImage(item) ? TTGlobalImageProvider.generation : nil
    }

    /// Whether the drawing still shows what the row would show now.
    var isCurrent: Bool {
      imageGeneration.map { $0 == TTGlobalImageProvider.generation } ?? true
    }

    /// Whether the row shows an image that the image provider may still deliver.
    static func hasImage(_ item: any TTTableItem) -> Bool {
      guard TTGlobalImageProvider.current != nil else { return false }
      let url: String? =
        switch item {
        case let row as any TTTableImageRowItem: row.imageURL
        case let subtitle as TTTableSubtitleItem: subtitle.imageURL
        case let message as TTTableMessageItem: message.imageURL
        default: nil
        }
      return !(url ?? "").isEmpty
    }
  }
}

/// A data source whose rows the table can replace: where a control row's changed item goes
/// (``TTTableView/changeControl(at:to:)``).
///
/// ``TTListDataSource`` and ``TTSectionedDataSource`` (and so ``TTModelDataSource``) adopt
/// it: they replace the item in their items and announce the change, as setting their items
/// does. A ``TTModelDataSource`` builds its items again from its model on the next load, so
/// keep the value in the model too (``TTTableControlItem/onChange``).
@MainActor
public protocol TTTableItemReplacing: TTTableViewDataSource {
  /// Replaces the item of a row shown now.
  ///
  /// - Parameters:
  ///   - indexPath: The row, as the table shows it (while searching, among the matching rows).
  ///   - item: The new item.
  /// - Returns: Whether the item was replaced (`false` for a row that does not exist).
  @discardableResult
  func replaceItem(at indexPath: IndexPath, with item: any TTTableItem) -> Bool
}

extension TTListDataSource: TTTableItemReplacing {
  /// Replaces the item of a shown row in ``items``, announcing a change.
  ///
  /// While searching, the row's item is found in ``items`` by identity and content.
  ///
  /// - Parameters:
  ///   - indexPath: The row, among the shown ones.
  ///   - item: The new item.
  /// - Returns: Whether the item was replaced.
  @discardableResult
  public func replaceItem(at indexPath: IndexPath, with item: any TTTableItem) -> Bool {
    let row = TTTableIndexPath.row(indexPath)
    let shown = visibleItems
    guard TTTableIndexPath.section(indexPath) == 0, row >= 0, row < shown.count else { return false }
    if searchText == nil, row < items.count {
      items[row] = item
      return true
    }
    let old = shown[row]
    guard let index = items.firstIndex(where: { $0.id == old.id && $0.hasSameContent(as: old) }) else {
      return false
    }
    items[index] = item
    return true
  }
}

extension TTSectionedDataSource: TTTableItemReplacing {
  /// Replaces the item of a shown row in ``sections``, announcing a change.
  ///
  /// While searching, the row's item is found in ``sections`` by identity and content.
  ///
  /// - Parameters:
  ///   - indexPath: The row, among the shown ones.
  ///   - item: The new item.
  /// - Returns: Whether the item was replaced.
  @discardableResult
  public func replaceItem(at indexPath: IndexPath, with item: any TTTableItem) -> Bool {
    let section = TTTableIndexPath.section(indexPath)
    let row = TTTableIndexPath.row(indexPath)
    let shown = visibleSections
    guard section >= 0, section < shown.count, row >= 0, row < shown[section].items.count else {
      return false
    }
    if searchText == nil, section < sections.count, row < sections[section].items.count {
      sections[section].items[row] = item
      return true
    }
    let old = shown[section].items[row]
    for index in sections.indices {
      if let found = sections[index].items.firstIndex(where: { $0.id == old.id && $0.hasSameContent(as: old) }
      ) {
        sections[index].items[found] = item
        return true
      }
    }
    return false
  }
}
