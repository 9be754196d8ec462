/// Where a list of rows is scrolled in a viewport, as a value: the arithmetic of scrolling,
/// shared by every view that shows more lines than fit.
///
/// The model knows the content as ``rowCount`` rows, each some whole number of lines tall,
/// the ``viewportHeight`` in lines, and the ``top`` of the view: the row at the top and how
/// many of its lines are scrolled out above. It never stores heights. Operations that need them
/// take a `rowHeight` function, asked only about the rows near the view, so a million rows cost
/// no more than ten; it defaults to one line per row, which is what a text or a log needs. A
/// table whose rows have different heights passes its own, measured and cached as it likes.
///
/// ```swift
/// var scroll = TTScrollModel(rowCount: 100, viewportHeight: 10)
/// scroll.scroll(.pageDown)                          // top row 10
/// scroll.keepInView(40...40)                        // the least scroll: rows 31–40 show
/// scroll.visibleRows()                              // 31..<41
/// scroll.scroll(.end)                               // rows 90–99 show
/// scroll.insertRows(at: 0, count: 5)                // the same rows stay on screen: top row 95
/// scroll.scroll(.lineUp, rowHeight: { $0 % 2 == 0 ? 2 : 1 })   // top: row 94's second line
/// ```
///
/// ## The anchor
///
/// ``top`` is the anchor: it is what stays put. When the viewport grows or shrinks, the top row
/// stays at the top; when rows are inserted or removed above it (``insertRows(at:count:)``,
/// ``removeRows(_:)``), it follows its row. Whatever changes, ``clamp(rowHeight:)`` (which
/// ``scroll(_:rowHeight:)`` does before and after it moves) brings the top back inside the content
/// and pulls it up when there is blank space below the last row that rows above could fill.
///
/// ## Rules
///
/// - A row is at least one line tall: heights below 1 count as 1. So the work of every operation
///   is in proportion to the viewport, never to the content.
/// - Counts never go negative and sums saturate: no content, content shorter than the viewport,
///   a viewport of 0 lines and `Int.max` rows or heights are all fine.
/// - A viewport of 0 lines scrolls as if it were one line tall (it shows nothing, see
///   ``visibleRows(rowHeight:)``); one taller than ``maximumViewportHeight`` is treated as that
///   tall.
/// - A row kept in view (``keepInView(_:rowHeight:)``) that is taller than the viewport shows from
///   its top.
public struct TTScrollModel: Sendable, Hashable {
  /// A line of the content: a row and a line within it, counted from the row's top.
  public struct Position: Sendable, Hashable, Comparable {
    /// The row, from 0; never negative.
    public var row: Int {
      didSet { if row < 0 { row = 0 } }
    }

    /// The line within the row, from 0; never negative.
    public var offset: Int {
      didSet { if offset < 0 { offset = 0 } }
    }

    /// Creates a position; negative values become 0.
    ///
    /// - Parameters:
    ///   - row: The row; 0 by default.
    ///   - offset: The line within it; 0 (its top) by default.
    public init(row: Int = 0, offset: Int = 0) {
      self.row = max(0, row)
      self.offset = max(0, offset)
    }

    /// Whether a position is above another: an earlier row, or an earlier line of the same row.
    ///
    /// - Parameters:
    ///   - lhs: A position.
    ///   - rhs: Another.
    /// - Returns: `true` when `lhs` comes first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.row, lhs.offset) < (rhs.row, rhs.offset)
    }
  }

  /// A scroll, or a cursor movement (see ``row(_:from:rowHeight:)``).
  public enum Move: Sendable, Hashable, CaseIterable {
    /// One line up (for a cursor, one row).
    case lineUp
    /// One line down (for a cursor, one row).
    case lineDown
    /// One viewport up.
    case pageUp
    /// One viewport down.
    case pageDown
    /// To the first line.
    case home
    /// To the last line: the last row's bottom at the viewport's bottom. (A cursor goes to the
    /// last row, which ``TTScrollModel/keepInView(_:rowHeight:)`` shows from its top.)
    case end
  }

  /// The tallest viewport the model considers, in lines: 65,536.
  ///
  /// Taller viewports are treated as this tall, so that no operation walks more lines than this.
  public static let maximumViewportHeight = 1 << 16

  /// The number of rows of content; never negative.
  ///
  /// Changing it keeps ``top`` as it is: call ``clamp(rowHeight:)``, or scroll, to bring it back
  /// inside the content. Use ``insertRows(at:count:)`` and ``removeRows(_:)`` to keep the same
  /// rows on screen when rows change above them.
  public var rowCount: Int {
    didSet { if rowCount < 0 { rowCount = 0 } }
  }

  /// The height of the viewport in lines, between 0 and ``maximumViewportHeight``.
  ///
  /// Changing it keeps the top row at the top.
  public var viewportHeight: Int {
    didSet { viewportHeight = Self.clampedViewport(viewportHeight) }
  }

  /// The first line on screen: the anchor.
  ///
  /// Any position may be set; scrolling operations clamp it first.
  public var top: Position

  /// Creates a scroll model.
  ///
  /// - Parameters:
  ///   - rowCount: The number of rows; 0 by default, negative counts become 0.
  ///   - viewportHeight: The viewport's height in lines; 0 by default.
  ///   - top: The first line on screen; the top of the content by default.
  public init(rowCount: Int = 0, viewportHeight: Int = 0, top: Position = Position()) {
    self.rowCount = max(0, rowCount)
    self.viewportHeight = Self.clampedViewport(viewportHeight)
    self.top = top
  }

  // MARK: - Reading

  /// The lines a page scroll moves, and the least the viewport is treated as: at least 1.
  var page: Int { max(1, viewportHeight) }

  /// Whether the view shows the top of the content.
  public var isAtTop: Bool { top == Position() }

  /// The rows on screen, partly or wholly, from the clamped top down.
  ///
  /// Costs time in proportion to the viewport.
  ///
  /// - Parameter rowHeight: The height of a row in lines; one line by default.
  /// - Returns: The rows; empty when there are none or the viewport is 0 lines tall.
  public func visibleRows(rowHeight: (Int) -> Int = { _ in 1 }) -> Range<Int> {
    var clamped = self
    clamped.clamp(rowHeight: rowHeight)
    let first = clamped.top.row
    guard rowCount > 0, viewportHeight > 0 else { return first..<first }
    var filled = -clamped.top.offset
    var row = first
    while row < rowCount, filled < viewportHeight {
      filled = Self.adding(filled, Self.height(of: row, rowHeight))
      row += 1
    }
    return first..<row
  }

  /// Whether the view shows the bottom of the content: scrolling down would not move it.
  ///
  /// Costs time in proportion to the viewport.
  ///
  /// - Parameter rowHeight: The height of a row in lines; one line by default.
  /// - Returns: `true` when the last row's bottom is on screen (or there are no rows).
  public func isAtEnd(rowHeight: (Int) -> Int = { _ in 1 }) -> Bool {
    var moved = self
    return !moved.scroll(.lineDown, rowHeight: rowHeight)
  }

  // MARK: - Scrolling

  /// Brings ``top`` inside the content, and pulls it up when there is blank space below the
  /// last row that rows above could fill.
  ///
  /// The top row is clamped to the last row and its offset to the row's height; then, when the
  /// rows from the top down end above the viewport's bottom, earlier lines are shown until they
  /// fill it or the top of the content is reached. With no rows the top is the origin.
  ///
  /// Costs time in proportion to the viewport.
  ///
  /// - Parameter rowHeight: The height of a row in lines; one line by default.
  public mutating func clamp(rowHeight: (Int) -> Int = { _ in 1 }) {
    guard rowCount > 0 else {
      top = Position()
      return
    }
    if top.row >= rowCount { top = Position(row: rowCount - 1) }
    top.offset = min(top.offset, Self.height(of: top.row, rowHeight) - 1)
    var filled = -top.offset
    var row = top.row
    while row < rowCount, filled < page {
      filled = Self.adding(filled, Self.height(of: row, rowHeight))
      row += 1
    }
    guard filled < page else { return }
    // Short of the bottom: pull earlier lines in.
    var missing = page - filled
    var entry = top.row
    var offset = top.offset
    if offset > 0 {
      let shown = min(offset, missing)
      offset -= shown
      missing -= shown
    }
    while missing > 0, entry > 0 {
      entry -= 1
      let height = Self.height(of: entry, rowHeight)
      if height >= missing {
        offset = height - missing
        missing = 0
      } else {
        missing -= height
      }
    }
    top = Position(row: entry, offset: missing > 0 ? 0 : offset)
  }

  /// Scrolls the view: by a line, by a viewport, or to either end; the cursor, if any, is the
  /// caller's.
  ///
  /// The model is clamped first and after. Scrolling down stops when the last row's bottom is at
  /// the viewport's bottom; scrolling up stops at the top of the content.
  ///
  /// Costs time in proportion to the viewport.
  ///
  /// - Parameters:
  ///   - move: Where to.
  ///   - rowHeight: The height of a row in lines; one line by default.
  /// - Returns: Whether the view moved.
  @discardableResult
  public mutating func scroll(_ move: Move, rowHeight: (Int) -> Int = { _ in 1 }) -> Bool {
    clamp(rowHeight: rowHeight)
    guard rowCount > 0 else { return false }
    let before = top
    switch move {
    case .lineUp: retreat(by: 1, rowHeight: rowHeight)
    case .lineDown: advance(by: 1, rowHeight: rowHeight)
    case .pageUp: retreat(by: page, rowHeight: rowHeight)
    case .pageDown: advance(by: page, rowHeight: rowHeight)
    case .home: top = Position()
    case .end:
      top = Position(row: rowCount - 1, offset: Self.height(of: rowCount - 1, rowHeight) - 1)
    }
    clamp(rowHeight: rowHeight)
    return top != before
  }

  /// Scrolls the least so that some rows are on screen.
  ///
  /// When the first row's top is above the viewport, it becomes the viewport's top. Otherwise,
  /// when the last row's bottom is below the viewport, it becomes the viewport's bottom — unless
  /// the last row alone is taller than the viewport: then its top becomes the viewport's top.
  /// Rows already on screen do not scroll the view. Rows outside the content are clamped to it.
  ///
  /// From a clamped model (``clamp(rowHeight:)``, or any scroll) the result is clamped; from any
  /// other, the top is inside the content but may leave blank space below until the next clamp.
  ///
  /// Costs time in proportion to the viewport.
  ///
  /// - Parameters:
  ///   - rows: The rows to show, for example a cursor's row with the header above it.
  ///   - rowHeight: The height of a row in lines; one line by default.
  public mutating func keepInView(_ rows: ClosedRange<Int>, rowHeight: (Int) -> Int = { _ in 1 }) {
    guard rowCount > 0 else { return }
    let first = min(max(0, rows.lowerBound), rowCount - 1)
    let last = min(max(first, rows.upperBound), rowCount - 1)
    if first < top.row || (first == top.row && top.offset > 0) {
      top = Position(row: first)
      return
    }
    // Is the bottom of the last row above the bottom of the view?
    var y = -top.offset
    var row = top.row
    while row < last, y < page {
      y = Self.adding(y, Self.height(of: row, rowHeight))
      row += 1
    }
    let own = Self.height(of: last, rowHeight)
    if row == last, Self.adding(y, own) <= page { return }
    // Align its bottom with the view's bottom.
    guard own < page else {
      top = Position(row: last)
      return
    }
    var filled = 0
    row = last
    while row >= 0 {
      filled = Self.adding(filled, Self.height(of: row, rowHeight))
      if filled >= page {
        top = Position(row: row, offset: filled - page)
        return
      }
      row -= 1
    }
    top = Position()
  }

  /// Where a cursor goes from a row.
  ///
  /// The row above or below, a viewport's worth of lines away, or the first or last row. The view
  /// does not move; follow with ``keepInView(_:rowHeight:)``.
  ///
  /// A page move goes over rows until it has passed a viewport's worth of lines (at least one
  /// row, when there is one to go to): from the cursor's row down, or from the row above it up.
  ///
  /// Costs time in proportion to the viewport.
  ///
  /// - Parameters:
  ///   - move: The movement.
  ///   - row: The cursor's row; clamped to the rows.
  ///   - rowHeight: The height of a row in lines; one line by default.
  /// - Returns: The row, or `nil` when there are no rows.
  public func row(_ move: Move, from row: Int, rowHeight: (Int) -> Int = { _ in 1 }) -> Int? {
    guard rowCount > 0 else { return nil }
    let last = rowCount - 1
    var index = min(max(0, row), last)
    var travelled = 0
    switch move {
    case .lineUp:
      return max(0, index - 1)
    case .lineDown:
      return min(last, index + 1)
    case .home:
      return 0
    case .end:
      return last
    case .pageDown:
      while index < last, travelled < page {
        travelled = Self.adding(travelled, Self.height(of: index, rowHeight))
        index += 1
      }
    case .pageUp:
      while index > 0, travelled < page {
        index -= 1
        travelled = Self.adding(travelled, Self.height(of: index, rowHeight))
      }
    }
    return index
  }

  // MARK: - Content changes

  /// Rows were inserted: counts them, and keeps the rows on screen.
  ///
  /// When the new rows go above the top row (or just before it), the top follows its row. Into no
  /// rows, the top stays at the origin.
  ///
  /// - Parameters:
  ///   - index: Where the first new row is; clamped to `0...rowCount`.
  ///   - count: How many; nothing happens for 0 or fewer.
  public mutating func insertRows(at index: Int, count: Int) {
    guard count > 0 else { return }
    let index = min(max(0, index), rowCount)
    let hadRows = rowCount > 0
    rowCount = Self.adding(rowCount, count)
    if hadRows, index <= top.row { top.row = Self.adding(top.row, count) }
  }

  /// Rows were removed: counts them, and keeps the rows on screen.
  ///
  /// When the rows removed are above the top row, the top follows its row. When the top row itself
  /// is removed, the first row after the removed ones (or the last row, when there is none) comes
  /// to the top.
  ///
  /// - Parameter rows: The rows removed; clamped to the rows there are.
  public mutating func removeRows(_ rows: Range<Int>) {
    let lower = min(max(0, rows.lowerBound), rowCount)
    let upper = min(max(lower, rows.upperBound), rowCount)
    guard upper > lower else { return }
    rowCount -= upper - lower
    if top.row >= upper {
      top.row -= upper - lower
    } else if top.row >= lower {
      top = Position(row: min(lower, max(0, rowCount - 1)))
    }
  }

  // MARK: - Private

  /// A row's height: at least one line.
  private static func height(of row: Int, _ rowHeight: (Int) -> Int) -> Int {
    max(1, rowHeight(row))
  }

  /// `a + b` for `b ≥ 0`, at most `Int.max`.
  private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  private static func clampedViewport(_ height: Int) -> Int {
    min(max(0, height), maximumViewportHeight)
  }

  /// Moves the top down by some lines, stopping at the last row's last line; the clamp that
  /// follows pulls it back to fill the viewport.
  private mutating func advance(by lines: Int, rowHeight: (Int) -> Int) {
    var remaining = lines
    while remaining > 0 {
      let rest = Self.height(of: top.row, rowHeight) - top.offset
      if remaining < rest {
        top.offset += remaining
        return
      }
      guard top.row + 1 < rowCount else {
        top.offset += rest - 1
        return
      }
      remaining -= rest
      top = Position(row: top.row + 1)
    }
  }

  /// Moves the top up by some lines, stopping at the top of the content.
  private mutating func retreat(by lines: Int, rowHeight: (Int) -> Int) {
    if lines <= top.offset {
      top.offset -= lines
      return
    }
    var remaining = lines - top.offset
    var row = top.row
    while row > 0 {
      row -= 1
      let height = Self.height(of: row, rowHeight)
      if remaining <= height {
        top = Position(row: row, offset: height - remaining)
        return
      }
      remaining -= height
    }
    top = Position()
  }
}
