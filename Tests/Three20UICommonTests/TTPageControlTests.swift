import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTPageControl")
struct TTPageControlTests {
  static func render(_ control: TTPageControl, width: Int = 9) -> [String] {
    control.frame = TTRect(x: 0, y: 0, width: width, height: 1)
    var canvas = TTCanvas(width: width, height: 1)
    control.draw(on: &canvas)
    return canvas.lines
  }

  static func press(_ control: TTPageControl, _ x: Int) -> Bool {
    control.handleMouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: x, y: 0)))
  }

  /// The dots are centred, the current one filled and bold, the others dim.
  @Test func drawsCentredDots() {
    let control = TTPageControl(numberOfPages: 3, currentPage: 1)
    #expect(Self.render(control) == ["  ○ ● ○"])
    var canvas = TTCanvas(width: 9, height: 1)
    control.draw(on: &canvas)
    #expect(canvas[4, 0].style.attributes == [.bold])
    #expect(canvas[2, 0].style.attributes == [.dim])
    #expect(control.sizeThatFits(TTSize(width: 100, height: 1)) == TTSize(width: 5, height: 1))
  }

  /// Dots that do not fit lose their spaces, then become `‹ 3/20 ›`.
  @Test func narrowWidths() {
    let control = TTPageControl(numberOfPages: 5, currentPage: 0)
    #expect(Self.render(control, width: 6) == ["●○○○○"])
    control.numberOfPages = 20
    control.currentPage = 2
    #expect(Self.render(control, width: 12) == ["  ‹ 3/20 ›"])
    #expect(Self.press(control, 2))
    #expect(control.currentPage == 1)
    #expect(Self.press(control, 9))
    #expect(control.currentPage == 2)
    #expect(!Self.press(control, 5))
  }

  /// A single page shows one dot, or nothing with `hidesForSinglePage`; no pages show nothing.
  @Test func singleAndNoPages() {
    let control = TTPageControl(numberOfPages: 1)
    #expect(Self.render(control) == ["    ●"])
    control.hidesForSinglePage = true
    #expect(Self.render(control) == [""])
    #expect(control.sizeThatFits(TTSize(width: 9, height: 1)) == .zero)
    control.numberOfPages = 0
    control.hidesForSinglePage = false
    #expect(Self.render(control) == [""])
    #expect(control.page(at: TTPoint(x: 4, y: 0)) == nil)
  }

  /// A click on a dot makes its page current and calls `onChange`; between dots, nothing.
  @Test func clickOnADot() {
    let control = TTPageControl(numberOfPages: 3)
    _ = Self.render(control)
    var changes: [Int] = []
    control.onChange = { changes.append($0.currentPage) }
    #expect(Self.press(control, 6))
    #expect(control.currentPage == 2)
    #expect(!Self.press(control, 5))
    #expect(Self.press(control, 6))  // already current: no change reported
    #expect(!control.handleMouse(TTMouseEvent(.press, button: .right, at: TTPoint(x: 2, y: 0))))
    #expect(changes == [2])
  }

  /// The page and the count stay in range.
  @Test func clamps() {
    let control = TTPageControl(numberOfPages: -3, currentPage: 7)
    #expect(control.numberOfPages == 0)
    #expect(control.currentPage == 0)
    control.numberOfPages = 4
    control.currentPage = 9
    #expect(control.currentPage == 3)
    control.numberOfPages = 2
    #expect(control.currentPage == 1)
    control.currentPage = -1
    #expect(control.currentPage == 0)
  }
}
