import Testing
import Three20Style

@Suite("TTFlowLayout")
struct TTFlowLayoutTests {
  /// Boxes flow left to right with spacing, inside the padding, and the size wraps them.
  @Test func boxesFlowInRows() {
    let flow = TTFlowLayout(padding: 1, spacing: 1)
    let sizes = [TTSize(width: 4, height: 3), TTSize(width: 4, height: 1), TTSize(width: 4, height: 1)]
    let (frames, size) = flow.frames(for: sizes, in: 12)
    #expect(
      frames == [
        TTRect(x: 1, y: 1, width: 4, height: 3), TTRect(x: 6, y: 1, width: 4, height: 1),
        TTRect(x: 1, y: 5, width: 4, height: 1),
      ])
    #expect(size == TTSize(width: 11, height: 7))
  }

  /// Issue #428: a row is as tall as its tallest box, not its last, so rows never overlap.
  @Test func rowHeightIsTheTallestBox() {
    let sizes = [TTSize(width: 4, height: 1), TTSize(width: 4, height: 3), TTSize(width: 4, height: 1)]
    let (frames, size) = TTFlowLayout().frames(for: sizes, in: 10)
    #expect(frames[2] == TTRect(x: 0, y: 3, width: 4, height: 1))
    #expect(size == TTSize(width: 8, height: 4))
    for (index, frame) in frames.enumerated() {
      for other in frames[(index + 1)...] { #expect(frame.intersection(other).isEmpty) }
    }
  }

  /// A box wider than the room starts its own row and sticks out; it never loops or vanishes.
  @Test func boxWiderThanTheRowGetsItsOwnRow() {
    let (frames, size) = TTFlowLayout(padding: 1).frames(
      for: [TTSize(width: 2, height: 1), TTSize(width: 20, height: 1)], in: 10)
    #expect(frames == [TTRect(x: 1, y: 1, width: 2, height: 1), TTRect(x: 1, y: 2, width: 20, height: 1)])
    #expect(size == TTSize(width: 22, height: 4))
  }

  /// No boxes take only the padding.
  @Test func noBoxes() {
    let (frames, size) = TTFlowLayout(padding: 2).frames(for: [TTSize](), in: 10)
    #expect(frames.isEmpty)
    #expect(size == TTSize(width: 4, height: 4))
  }

  /// A left float takes the left edge; the boxes after it flow on its right until below it.
  @Test func floatLeftPushesTheFlowRight() {
    let items = [
      TTFlowLayout.Item(size: TTSize(width: 3, height: 2), position: .floatLeft),
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
    ]
    let (frames, size) = TTFlowLayout().frames(for: items, in: 12)
    #expect(
      frames == [
        TTRect(x: 0, y: 0, width: 3, height: 2), TTRect(x: 3, y: 0, width: 4, height: 1),
        TTRect(x: 7, y: 0, width: 4, height: 1), TTRect(x: 3, y: 1, width: 4, height: 1),
        TTRect(x: 7, y: 1, width: 4, height: 1),
      ])
    #expect(size == TTSize(width: 11, height: 2))
  }

  /// A right float takes the right edge of the current row; the row wraps before reaching it.
  @Test func floatRightNarrowsTheRow() {
    let items = [
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
      TTFlowLayout.Item(size: TTSize(width: 3, height: 2), position: .floatRight),
      TTFlowLayout.Item(size: TTSize(width: 6, height: 1)),
      TTFlowLayout.Item(size: TTSize(width: 6, height: 1)),
    ]
    let (frames, _) = TTFlowLayout().frames(for: items, in: 12)
    #expect(
      frames == [
        TTRect(x: 0, y: 0, width: 4, height: 1), TTRect(x: 9, y: 0, width: 3, height: 2),
        TTRect(x: 0, y: 1, width: 6, height: 1), TTRect(x: 0, y: 2, width: 6, height: 1),
      ])
  }

  /// An absolute box goes where it says, out of the flow and out of the size.
  @Test func absoluteBoxesStayOutOfTheFlow() {
    let items = [
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
      TTFlowLayout.Item(size: TTSize(width: 2, height: 2), position: .absolute, origin: TTPoint(x: 30, y: 9)),
      TTFlowLayout.Item(size: TTSize(width: 4, height: 1)),
    ]
    let (frames, size) = TTFlowLayout().frames(for: items, in: 12)
    #expect(frames[1] == TTRect(x: 30, y: 9, width: 2, height: 2))
    #expect(frames[2] == TTRect(x: 4, y: 0, width: 4, height: 1))
    #expect(size == TTSize(width: 8, height: 1))
  }

  /// Hostile numbers (negative padding and widths, huge sizes) never trap.
  @Test func hostileNumbersDoNotTrap() {
    let flow = TTFlowLayout(padding: -5, spacing: Int.min)
    let huge = TTSize(width: Int.max, height: Int.max)
    _ = flow.frames(for: [huge, huge, TTSize(width: 1, height: 1)], in: Int.min)
    _ = TTFlowLayout(padding: Int.max, spacing: Int.max).frames(for: [huge, huge], in: Int.max)
    let floats = [
      TTFlowLayout.Item(size: huge, position: .floatLeft),
      TTFlowLayout.Item(size: huge, position: .floatRight),
      TTFlowLayout.Item(size: TTSize(width: 3, height: 1)),
    ]
    _ = TTFlowLayout(spacing: 1).frames(for: floats, in: 0)
  }
}
