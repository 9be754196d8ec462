import Testing
import Three20Style

@Suite("TTGridLayout")
struct TTGridLayoutTests {
  /// The columns share the width inside the padding and spacing; the first ones take the remainder.
  @Test func columnsShareTheWidth() {
    let grid = TTGridLayout(columnCount: 3, padding: 1, spacing: 1)
    #expect(grid.columnWidths(in: 14) == [4, 3, 3])
    #expect(grid.columnWidths(in: 2) == [0, 0, 0])
  }

  /// Boxes fill the grid row by row, each taking its column's width and its own height.
  @Test func boxesFillRowByRow() {
    let grid = TTGridLayout(columnCount: 3, padding: 1, spacing: 1)
    let sizes = Array(repeating: TTSize(width: 0, height: 2), count: 4)
    let (frames, size) = grid.frames(for: sizes, in: 14)
    #expect(
      frames == [
        TTRect(x: 1, y: 1, width: 4, height: 2), TTRect(x: 6, y: 1, width: 3, height: 2),
        TTRect(x: 10, y: 1, width: 3, height: 2), TTRect(x: 1, y: 4, width: 4, height: 2),
      ])
    #expect(size == TTSize(width: 14, height: 7))
  }

  /// Issue #428 in the grid: a row is as tall as its tallest box, so the next row starts below it.
  @Test func rowHeightIsTheTallestBox() {
    let grid = TTGridLayout(columnCount: 2)
    let sizes = [TTSize(width: 1, height: 3), TTSize(width: 1, height: 1), TTSize(width: 1, height: 1)]
    let (frames, size) = grid.frames(for: sizes, in: 10)
    #expect(frames[2] == TTRect(x: 0, y: 3, width: 5, height: 1))
    #expect(size == TTSize(width: 10, height: 4))
  }

  /// Fewer than one column counts as one; negative and huge numbers never trap.
  @Test func hostileNumbersDoNotTrap() {
    let (frames, _) = TTGridLayout(columnCount: 0).frames(for: [TTSize(width: 1, height: 1)], in: 5)
    #expect(frames == [TTRect(x: 0, y: 0, width: 5, height: 1)])
    _ = TTGridLayout(columnCount: Int.min, padding: Int.min, spacing: Int.max).frames(
      for: [TTSize(width: Int.max, height: Int.max), TTSize(width: 1, height: Int.max)], in: Int.max)
    _ = TTGridLayout(columnCount: Int.max, padding: Int.max).frames(
      for: [TTSize(width: 1, height: 1)], in: Int.min)
    #expect(TTGridLayout().frames(for: [TTSize](), in: 10).size == TTSize(width: 10, height: 0))
  }
}
