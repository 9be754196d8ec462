import Testing
import Three20UICommon

private typealias Position = TTScrollModel.Position

/// Rows of given heights: the height function the model asks.
private struct Heights {
  var values: [Int]

  func callAsFunction(_ row: Int) -> Int { values[row] }

  /// The line where a row starts, every row at least one line tall.
  func start(of row: Int) -> Int { values[..<row].reduce(0) { $0 + max(1, $1) } }

  /// The total number of lines.
  var total: Int { start(of: values.count) }

  /// The first line on screen for a position (its offset clamped to its row).
  func line(_ position: Position) -> Int {
    start(of: position.row) + min(position.offset, max(1, values[position.row]) - 1)
  }

  /// The position of a line.
  func position(ofLine line: Int) -> Position {
    var row = 0
    var rest = line
    while row < values.count - 1, rest >= max(1, values[row]) {
      rest -= max(1, values[row])
      row += 1
    }
    return Position(row: row, offset: rest)
  }
}

/// Runs a scroll on a model, for `#expect`: whether it moved.
private func scrolls(_ scroll: inout TTScrollModel, _ body: (inout TTScrollModel) -> Bool) -> Bool {
  body(&scroll)
}

private func model(_ rows: Int, viewport: Int, top: Position = Position()) -> TTScrollModel {
  TTScrollModel(rowCount: rows, viewportHeight: viewport, top: top)
}

// MARK: - Any sequence

/// One thing that can happen to a scroll model.
private enum Step: CaseIterable {
  case scroll, cursor, keepInView, insert, remove, resize, jump
}

@Suite struct TTScrollModelTests {
  // MARK: - Values

  @Test func aNewModelIsEmptyAtTheTopWithNoViewport() {
    let scroll = TTScrollModel()
    #expect(scroll.rowCount == 0)
    #expect(scroll.viewportHeight == 0)
    #expect(scroll.top == Position())
    #expect(scroll.isAtTop)
  }

  @Test func negativeCountsViewportsAndPositionsBecomeZero() {
    let scroll = TTScrollModel(rowCount: -3, viewportHeight: -1, top: Position(row: -5, offset: -2))
    #expect(scroll.rowCount == 0)
    #expect(scroll.viewportHeight == 0)
    #expect(scroll.top == Position())
    var changed = scroll
    changed.rowCount = -1
    changed.viewportHeight = -7
    changed.top.row = -1
    changed.top.offset = -1
    #expect(changed == scroll)
  }

  @Test func aViewportTallerThanTheMaximumIsTreatedAsTheMaximum() {
    var scroll = model(10, viewport: .max)
    #expect(scroll.viewportHeight == TTScrollModel.maximumViewportHeight)
    scroll.viewportHeight = .max
    #expect(scroll.viewportHeight == TTScrollModel.maximumViewportHeight)
  }

  @Test func positionsOrderByRowThenByLine() {
    #expect(Position(row: 1, offset: 5) < Position(row: 2))
    #expect(Position(row: 2, offset: 1) > Position(row: 2))
    #expect(!(Position(row: 2) < Position(row: 2)))
  }

  @Test func modelsAreValuesEqualWhenTheirNumbersAreAndHashable() {
    let a = model(10, viewport: 3, top: Position(row: 2))
    var b = a
    #expect(Set([a, b]).count == 1)
    b.scroll(.lineDown)
    #expect(a != b)
    #expect(a.top.row == 2)
  }

  @Test func theDocumentationsExampleDoesWhatItsCommentsSay() {
    var scroll = TTScrollModel(rowCount: 100, viewportHeight: 10)
    scroll.scroll(.pageDown)
    #expect(scroll.top == Position(row: 10))
    scroll.keepInView(40...40)
    #expect(scroll.top == Position(row: 31))
    #expect(scroll.visibleRows() == 31..<41)
    scroll.scroll(.end)
    #expect(scroll.visibleRows() == 90..<100)
    scroll.insertRows(at: 0, count: 5)
    #expect(scroll.top == Position(row: 95))
    scroll.scroll(.lineUp, rowHeight: { $0 % 2 == 0 ? 2 : 1 })
    #expect(scroll.top == Position(row: 94, offset: 1))
  }

  // MARK: - Clamping

  @Test func clampingBringsATopPastTheLastRowBackToFillTheViewport() {
    var scroll = model(20, viewport: 5, top: Position(row: 500, offset: 3))
    scroll.clamp()
    #expect(scroll.top == Position(row: 15))
  }

  @Test func clampingLimitsTheOffsetToTheTopRowsHeight() {
    let heights = Heights(values: [3, 3, 3, 3, 3, 3])
    var scroll = model(6, viewport: 2, top: Position(row: 1, offset: 9))
    scroll.clamp(rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 1, offset: 2))
  }

  @Test func clampingPullsRowsAboveInWhenTheBottomIsBlankPartOfARowIfNeedBe() {
    let heights = Heights(values: [3, 3, 3, 3])
    var scroll = model(4, viewport: 4, top: Position(row: 3))
    scroll.clamp(rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 2, offset: 2))
    // Inside its own row first.
    scroll = model(4, viewport: 2, top: Position(row: 3, offset: 2))
    scroll.clamp(rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 3, offset: 1))
  }

  @Test func contentShorterThanTheViewportAlwaysShowsFromTheTop() {
    var scroll = model(3, viewport: 10, top: Position(row: 2, offset: 1))
    scroll.clamp()
    #expect(scroll.top == Position())
    for move in TTScrollModel.Move.allCases {
      #expect(!scrolls(&scroll) { $0.scroll(move) })
      #expect(scroll.top == Position())
    }
    #expect(scroll.visibleRows() == 0..<3)
    #expect(scroll.isAtEnd())
  }

  @Test func clampingWithoutRowsPutsTheTopAtTheOrigin() {
    var scroll = model(0, viewport: 4, top: Position(row: 7, offset: 2))
    scroll.clamp()
    #expect(scroll.top == Position())
  }

  // MARK: - Scrolling

  @Test func aLineDownMovesOneLineInsideATallRowFirst() {
    let heights = Heights(values: [2, 1, 1, 1, 1, 1])
    var scroll = model(6, viewport: 2)
    #expect(scrolls(&scroll) { $0.scroll(.lineDown, rowHeight: heights.callAsFunction) })
    #expect(scroll.top == Position(row: 0, offset: 1))
    #expect(scrolls(&scroll) { $0.scroll(.lineDown, rowHeight: heights.callAsFunction) })
    #expect(scroll.top == Position(row: 1))
  }

  @Test func aLineUpMovesOneLineIntoTheBottomOfTheRowAbove() {
    let heights = Heights(values: [1, 3, 1, 1, 1])
    var scroll = model(5, viewport: 2, top: Position(row: 2))
    #expect(scrolls(&scroll) { $0.scroll(.lineUp, rowHeight: heights.callAsFunction) })
    #expect(scroll.top == Position(row: 1, offset: 2))
  }

  @Test func scrollingStopsAtEitherEndAndSaysItDidNotMove() {
    var scroll = model(10, viewport: 4)
    #expect(!scrolls(&scroll) { $0.scroll(.lineUp) })
    #expect(!scrolls(&scroll) { $0.scroll(.pageUp) })
    #expect(!scrolls(&scroll) { $0.scroll(.home) })
    #expect(scrolls(&scroll) { $0.scroll(.end) })
    #expect(scroll.top == Position(row: 6))
    #expect(!scrolls(&scroll) { $0.scroll(.lineDown) })
    #expect(!scrolls(&scroll) { $0.scroll(.pageDown) })
    #expect(!scrolls(&scroll) { $0.scroll(.end) })
    #expect(scroll.isAtEnd())
    #expect(scrolls(&scroll) { $0.scroll(.home) })
    #expect(scroll.isAtTop)
  }

  @Test func aPageMovesAViewportsWorthOfLinesOverRowsOfAnyHeight() {
    let heights = Heights(values: [1, 2, 3, 1, 2, 3, 1, 2, 3, 1])
    var scroll = model(10, viewport: 4)
    scroll.scroll(.pageDown, rowHeight: heights.callAsFunction)
    #expect(heights.line(scroll.top) == 4)
    #expect(scroll.top == Position(row: 2, offset: 1))
    scroll.scroll(.pageDown, rowHeight: heights.callAsFunction)
    #expect(heights.line(scroll.top) == 8)
    scroll.scroll(.pageUp, rowHeight: heights.callAsFunction)
    #expect(heights.line(scroll.top) == 4)
    scroll.scroll(.pageUp, rowHeight: heights.callAsFunction)
    #expect(scroll.isAtTop)
  }

  @Test func aPageDownNearTheEndStopsWithTheLastLineAtTheBottom() {
    var scroll = model(10, viewport: 4, top: Position(row: 5))
    scroll.scroll(.pageDown)
    #expect(scroll.top == Position(row: 6))
  }

  @Test func theEndShowsTheBottomOfALastRowTallerThanTheViewport() {
    let heights = Heights(values: [1, 1, 6])
    var scroll = model(3, viewport: 4)
    scroll.scroll(.end, rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 2, offset: 2))
    #expect(scroll.isAtEnd(rowHeight: heights.callAsFunction))
  }

  @Test func aViewportOfZeroLinesScrollsAsIfItWereOneLineTallAndShowsNothing() {
    var scroll = model(5, viewport: 0)
    scroll.scroll(.pageDown)
    #expect(scroll.top == Position(row: 1))
    scroll.scroll(.end)
    #expect(scroll.top == Position(row: 4))
    #expect(scroll.visibleRows().isEmpty)
    scroll.keepInView(0...0)
    #expect(scroll.top == Position())
  }

  @Test func heightsBelowOneLineCountAsOneLine() {
    var scroll = model(5, viewport: 2)
    scroll.scroll(.end, rowHeight: { _ in 0 })
    #expect(scroll.top == Position(row: 3))
    scroll.scroll(.pageUp, rowHeight: { _ in -4 })
    #expect(scroll.top == Position(row: 1))
    #expect(scroll.visibleRows(rowHeight: { _ in 0 }) == 1..<3)
  }

  // MARK: - Visible rows

  @Test func theVisibleRowsIncludeRowsCutAtTheTopAndAtTheBottom() {
    let heights = Heights(values: [2, 2, 2, 2, 2])
    let scroll = model(5, viewport: 4, top: Position(row: 1, offset: 1))
    #expect(scroll.visibleRows(rowHeight: heights.callAsFunction) == 1..<4)
  }

  @Test func theVisibleRowsAreReadFromTheClampedTop() {
    let scroll = model(10, viewport: 3, top: Position(row: 40))
    #expect(scroll.visibleRows() == 7..<10)
    #expect(scroll.top == Position(row: 40))
  }

  @Test func withoutRowsNothingIsVisible() {
    #expect(model(0, viewport: 5).visibleRows().isEmpty)
  }

  // MARK: - Keeping in view

  @Test func rowsAlreadyOnScreenDoNotScrollTheView() {
    var scroll = model(20, viewport: 5, top: Position(row: 5))
    for row in 5...9 {
      scroll.keepInView(row...row)
      #expect(scroll.top == Position(row: 5))
    }
    scroll.keepInView(5...9)
    #expect(scroll.top == Position(row: 5))
  }

  @Test func aRowAboveTheViewComesToTheTop() {
    var scroll = model(20, viewport: 5, top: Position(row: 10))
    scroll.keepInView(3...3)
    #expect(scroll.top == Position(row: 3))
  }

  @Test func aRowCutAtTheTopShowsFromItsTop() {
    let heights = Heights(values: [3, 3, 3, 3, 3])
    var scroll = model(5, viewport: 4, top: Position(row: 1, offset: 1))
    scroll.keepInView(1...1, rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 1))
  }

  @Test func aRowBelowTheViewComesToTheBottomTheLeastScroll() {
    let heights = Heights(values: [1, 1, 1, 1, 3, 1, 1])
    var scroll = model(7, viewport: 4)
    scroll.keepInView(4...4, rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 3))
    // A row cut at the bottom.
    scroll = model(7, viewport: 4, top: Position(row: 1))
    scroll.keepInView(4...4, rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 3))
  }

  @Test func aligningABottomCanLeavePartOfARowAbove() {
    let heights = Heights(values: [1, 3, 1, 1])
    var scroll = model(4, viewport: 3)
    scroll.keepInView(3...3, rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 1, offset: 2))
  }

  @Test func aLastRowTallerThanTheViewShowsFromItsTop() {
    let heights = Heights(values: [1, 1, 1, 9, 1])
    var scroll = model(5, viewport: 4)
    scroll.keepInView(2...3, rowHeight: heights.callAsFunction)
    #expect(scroll.top == Position(row: 3))
  }

  @Test func aRangeBelowTheViewEndsAtTheBottomARangeAboveStartsAtTheTop() {
    var scroll = model(30, viewport: 5, top: Position(row: 10))
    scroll.keepInView(17...18)
    #expect(scroll.top == Position(row: 14))
    scroll.keepInView(2...3)
    #expect(scroll.top == Position(row: 2))
  }

  @Test func rowsOutsideTheContentAreClampedToIt() {
    var scroll = model(10, viewport: 3)
    scroll.keepInView(40...50)
    #expect(scroll.top == Position(row: 7))
    scroll.keepInView(-5...(-1))
    #expect(scroll.top == Position())
    var empty = model(0, viewport: 3)
    empty.keepInView(0...4)
    #expect(empty.top == Position())
  }

  // MARK: - Cursor moves

  @Test func aCursorMovesARowAPageOrToEitherEnd() {
    let scroll = model(10, viewport: 3)
    #expect(scroll.row(.lineDown, from: 4) == 5)
    #expect(scroll.row(.lineUp, from: 4) == 3)
    #expect(scroll.row(.pageDown, from: 4) == 7)
    #expect(scroll.row(.pageUp, from: 4) == 1)
    #expect(scroll.row(.home, from: 4) == 0)
    #expect(scroll.row(.end, from: 4) == 9)
  }

  @Test func aCursorStopsAtTheFirstAndLastRows() {
    let scroll = model(10, viewport: 3)
    #expect(scroll.row(.lineUp, from: 0) == 0)
    #expect(scroll.row(.pageUp, from: 1) == 0)
    #expect(scroll.row(.lineDown, from: 9) == 9)
    #expect(scroll.row(.pageDown, from: 8) == 9)
    #expect(scroll.row(.lineDown, from: 400) == 9)
    #expect(scroll.row(.lineUp, from: -4) == 0)
  }

  @Test func aCursorSPagePassesAViewportsWorthOfLines() {
    let heights = Heights(values: [5, 1, 1, 1, 1, 1, 2, 2, 2])
    let scroll = model(9, viewport: 3)
    // Down: the cursor's own row counts.
    #expect(scroll.row(.pageDown, from: 0, rowHeight: heights.callAsFunction) == 1)
    #expect(scroll.row(.pageDown, from: 1, rowHeight: heights.callAsFunction) == 4)
    // Up: the rows above it count.
    #expect(scroll.row(.pageUp, from: 8, rowHeight: heights.callAsFunction) == 6)
    #expect(scroll.row(.pageUp, from: 1, rowHeight: heights.callAsFunction) == 0)
  }

  @Test func aCursorHasNowhereToGoWithoutRows() {
    for move in TTScrollModel.Move.allCases {
      #expect(model(0, viewport: 3).row(move, from: 0) == nil)
    }
  }

  // MARK: - Content changes

  @Test func rowsInsertedAboveTheTopKeepTheSameRowsOnScreen() {
    var scroll = model(20, viewport: 5, top: Position(row: 6, offset: 0))
    scroll.insertRows(at: 2, count: 3)
    #expect(scroll.rowCount == 23)
    #expect(scroll.top == Position(row: 9))
    scroll.insertRows(at: 9, count: 1)
    #expect(scroll.top == Position(row: 10))
  }

  @Test func rowsInsertedBelowTheTopDoNotScroll() {
    var scroll = model(20, viewport: 5, top: Position(row: 6, offset: 1))
    scroll.insertRows(at: 7, count: 3)
    #expect(scroll.top == Position(row: 6, offset: 1))
    scroll.insertRows(at: 2, count: 0)
    scroll.insertRows(at: 2, count: -4)
    #expect(scroll.rowCount == 23)
  }

  @Test func rowsInsertedIntoNoRowsLeaveTheTopAtTheOrigin() {
    var scroll = model(0, viewport: 5)
    scroll.insertRows(at: 0, count: 4)
    #expect(scroll.top == Position())
    #expect(scroll.rowCount == 4)
  }

  @Test func rowsRemovedAboveTheTopKeepTheSameRowsOnScreen() {
    var scroll = model(20, viewport: 5, top: Position(row: 10, offset: 1))
    scroll.removeRows(2..<5)
    #expect(scroll.rowCount == 17)
    #expect(scroll.top == Position(row: 7, offset: 1))
  }

  @Test func removingTheTopRowBringsTheNextOneToTheTop() {
    var scroll = model(20, viewport: 5, top: Position(row: 10, offset: 1))
    scroll.removeRows(8..<12)
    #expect(scroll.top == Position(row: 8))
    scroll.removeRows(5..<100)
    #expect(scroll.rowCount == 5)
    #expect(scroll.top == Position(row: 4))
    scroll.removeRows(0..<5)
    #expect(scroll.top == Position())
    #expect(scroll.rowCount == 0)
  }

  @Test func rowsRemovedBelowTheTopOrOutsideTheContentDoNotScroll() {
    var scroll = model(20, viewport: 5, top: Position(row: 3))
    scroll.removeRows(10..<12)
    scroll.removeRows(40..<50)
    scroll.removeRows(-5..<0)
    #expect(scroll.top == Position(row: 3))
    #expect(scroll.rowCount == 18)
  }

  @Test func aResizedViewportKeepsTheTopRowAtTheTop() {
    var scroll = model(20, viewport: 5, top: Position(row: 8))
    scroll.viewportHeight = 9
    scroll.clamp()
    #expect(scroll.top == Position(row: 8))
    scroll.viewportHeight = 15
    scroll.clamp()
    #expect(scroll.top == Position(row: 5))
  }

  // MARK: - Saturation

  @Test func intMaxRowsScrollWithoutOverflowing() {
    var scroll = model(.max, viewport: 10)
    scroll.scroll(.end)
    #expect(scroll.top == Position(row: .max - 10))
    #expect(scroll.visibleRows() == (Int.max - 10)..<Int.max)
    scroll.scroll(.pageDown)
    scroll.scroll(.lineDown)
    #expect(scroll.top == Position(row: .max - 10))
    scroll.scroll(.pageUp)
    #expect(scroll.top == Position(row: .max - 20))
    scroll.keepInView((Int.max - 1)...Int.max)
    #expect(scroll.top == Position(row: .max - 10))
    scroll.keepInView(0...Int.max)
    #expect(scroll.row(.end, from: 0) == .max - 1)
    #expect(scroll.row(.pageDown, from: .max) == .max - 1)
    scroll.insertRows(at: .max, count: .max)
    #expect(scroll.rowCount == .max)
    scroll.removeRows(0..<Int.max)
    #expect(scroll.rowCount == 0)
    scroll.clamp()
    #expect(scroll.top == Position())
  }

  @Test func rowsIntMaxLinesTallScrollWithoutOverflowing() {
    var scroll = model(3, viewport: 5)
    let huge: (Int) -> Int = { _ in .max }
    scroll.scroll(.pageDown, rowHeight: huge)
    #expect(scroll.top == Position(row: 0, offset: 5))
    scroll.scroll(.end, rowHeight: huge)
    #expect(scroll.top == Position(row: 2, offset: .max - 5))
    #expect(scroll.visibleRows(rowHeight: huge) == 2..<3)
    scroll.scroll(.lineUp, rowHeight: huge)
    #expect(scroll.top == Position(row: 2, offset: .max - 6))
    scroll.keepInView(1...1, rowHeight: huge)
    #expect(scroll.top == Position(row: 1))
    scroll.keepInView(2...2, rowHeight: huge)
    #expect(scroll.top == Position(row: 2))
    #expect(scroll.row(.pageDown, from: 0, rowHeight: huge) == 1)
    #expect(scroll.row(.pageUp, from: 2, rowHeight: huge) == 1)
    scroll.top = Position(row: .max, offset: .max)
    scroll.clamp(rowHeight: huge)
    #expect(scroll.top == Position(row: 2))
    scroll.top.offset = .max
    scroll.clamp(rowHeight: huge)
    #expect(scroll.top == Position(row: 2, offset: .max - 5))
  }

  @Test func theLargestViewportOverIntMaxRowsScrollsWithoutOverflowing() {
    var scroll = model(.max, viewport: .max)
    scroll.scroll(.end)
    #expect(scroll.top == Position(row: .max - TTScrollModel.maximumViewportHeight))
    scroll.scroll(.pageUp)
    #expect(scroll.top == Position(row: .max - 2 * TTScrollModel.maximumViewportHeight))
  }

  // MARK: - Any sequence

  @Test(arguments: 0..<40 as Range<UInt64>)
  func afterAnySequenceOfMovesTheModelStaysInsideItsContent(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var heights = Heights(
      values: (0..<Int.random(in: 0...30, using: &random)).map { _ in Int.random(in: 0...4, using: &random) })
    var ids = Array(0..<heights.values.count)
    var nextID = ids.count
    var scroll = model(heights.values.count, viewport: Int.random(in: 0...12, using: &random))
    for _ in 0..<200 {
      let rows = heights.values.count
      let page = max(1, scroll.viewportHeight)
      let lastTop = max(0, heights.total - page)
      let before = scroll
      var clampedBefore = scroll
      clampedBefore.clamp(rowHeight: heights.callAsFunction)
      // A jump may leave the model outside its content until the next clamp.
      let wasClamped = clampedBefore == before
      var staysInside = wasClamped
      let line = rows > 0 ? heights.line(clampedBefore.top) : 0
      switch Step.allCases.randomElement(using: &random)! {
      case .scroll:
        let move = TTScrollModel.Move.allCases.randomElement(using: &random)!
        let moved = scroll.scroll(move, rowHeight: heights.callAsFunction)
        guard rows > 0 else {
          #expect(!moved)
          break
        }
        let expected: Int =
          switch move {
          case .lineUp: max(0, line - 1)
          case .lineDown: min(line + 1, lastTop)
          case .pageUp: max(0, line - page)
          case .pageDown: min(line + page, lastTop)
          case .home: 0
          case .end: lastTop
          }
        #expect(heights.line(scroll.top) == expected, "\(move) from \(before)")
        #expect(moved == (scroll.top != clampedBefore.top))
        staysInside = true
      case .cursor:
        let move = TTScrollModel.Move.allCases.randomElement(using: &random)!
        let from = Int.random(in: -2...(rows + 2), using: &random)
        let target = scroll.row(move, from: from, rowHeight: heights.callAsFunction)
        #expect((target == nil) == (rows == 0))
        if let target { #expect((0..<rows).contains(target)) }
        #expect(scroll == before)
      case .keepInView:
        let first = Int.random(in: -2...(rows + 2), using: &random)
        let last = first + Int.random(in: 0...3, using: &random)
        scroll.keepInView(first...last, rowHeight: heights.callAsFunction)
        staysInside = wasClamped || rows > 0
        guard rows > 0, wasClamped else { break }
        let lower = min(max(0, first), rows - 1)
        let upper = min(max(lower, last), rows - 1)
        let start = heights.start(of: lower)
        let end = heights.start(of: upper + 1)
        let own = max(1, heights.values[upper])
        let expected: Int
        if start < line {
          expected = start
        } else if end <= line + page {
          expected = line
        } else {
          expected = own >= page ? heights.start(of: upper) : max(0, end - page)
        }
        #expect(heights.line(scroll.top) == expected, "\(first)...\(last) from \(before)")
        // Moving up shows the first row; otherwise the last one.
        if scroll.viewportHeight > 0 {
          #expect(
            scroll.visibleRows(rowHeight: heights.callAsFunction).contains(start < line ? lower : upper))
        }
      case .insert:
        let index = Int.random(in: 0...rows, using: &random)
        let count = Int.random(in: 1...3, using: &random)
        let topID = scroll.top.row < rows ? ids[scroll.top.row] : nil
        heights.values.insert(
          contentsOf: (0..<count).map { _ in Int.random(in: 1...4, using: &random) }, at: index)
        ids.insert(contentsOf: nextID..<(nextID + count), at: index)
        nextID += count
        scroll.insertRows(at: index, count: count)
        if let topID { #expect(ids[scroll.top.row] == topID) }
      case .remove:
        let lower = Int.random(in: 0...rows, using: &random)
        let upper = Int.random(in: lower...rows, using: &random)
        let topID = scroll.top.row < rows ? ids[scroll.top.row] : nil
        heights.values.removeSubrange(lower..<upper)
        ids.removeSubrange(lower..<upper)
        scroll.removeRows(lower..<upper)
        if let topID, ids.contains(topID) { #expect(ids[scroll.top.row] == topID) }
      case .resize:
        scroll.viewportHeight = Int.random(in: 0...12, using: &random)
        #expect(scroll.top == before.top)
      case .jump:
        scroll.top = Position(
          row: Int.random(in: 0...40, using: &random), offset: Int.random(in: 0...6, using: &random))
        staysInside = false
      }
      #expect(scroll.rowCount == heights.values.count)
      #expect(scroll.top.row >= 0 && scroll.top.offset >= 0)
      if staysInside { #expect(scroll.top.row < max(1, scroll.rowCount)) }
      // Clamped: inside a row, and no blank space below that rows above could fill.
      var clamped = scroll
      clamped.clamp(rowHeight: heights.callAsFunction)
      if heights.values.isEmpty {
        #expect(clamped.top == Position())
      } else {
        let top = heights.line(clamped.top)
        #expect(clamped.top.offset < max(1, heights.values[clamped.top.row]))
        #expect(top <= max(0, heights.total - max(1, clamped.viewportHeight)))
        #expect(heights.position(ofLine: top) == clamped.top)
        #expect(
          clamped.visibleRows(rowHeight: heights.callAsFunction).first
            == (clamped.viewportHeight > 0 ? clamped.top.row : nil))
      }
    }
  }
}
