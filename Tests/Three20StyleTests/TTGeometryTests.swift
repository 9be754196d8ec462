import Testing
import Three20Style

@Suite("TTGeometry")
struct TTGeometryTests {
  /// Insets shrink a rectangle and never leave it with a negative size.
  @Test func insetShrinksWithoutGoingNegative() {
    let rect = TTRect(x: 2, y: 1, width: 10, height: 4)
    #expect(
      rect.inset(by: TTEdgeInsets(top: 1, left: 2, bottom: 1, right: 3))
        == TTRect(x: 4, y: 2, width: 5, height: 2))
    #expect(rect.inset(by: TTEdgeInsets(all: 20)).isEmpty)
    #expect(rect.inset(by: TTEdgeInsets(all: -1)) == TTRect(x: 1, y: 0, width: 12, height: 6))
  }

  /// Intersections clip to the overlap, and disjoint rectangles give an empty one.
  @Test func intersection() {
    let a = TTRect(x: 0, y: 0, width: 10, height: 10)
    #expect(
      a.intersection(TTRect(x: 5, y: 5, width: 10, height: 10)) == TTRect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.intersection(TTRect(x: 20, y: 0, width: 5, height: 5)).isEmpty)
  }

  /// Extreme values from a style or from data clamp instead of trapping.
  @Test func extremeValuesNeverTrap() {
    let huge = TTRect(x: Int.max - 1, y: Int.min + 1, width: Int.max, height: Int.max)
    #expect(huge.maxX == Int.max)
    let insets = TTEdgeInsets(top: Int.max, left: Int.min, bottom: Int.max, right: Int.max)
    _ = huge.inset(by: insets)
    _ = (insets + insets).horizontal
    _ = huge.offsetBy(dx: Int.max, dy: Int.min)
    let wide = TTRect(x: Int.min, y: 0, width: Int.max, height: 1)
    #expect(!wide.intersection(TTRect(x: -5, y: 0, width: Int.max, height: 1)).isEmpty)
  }
}
