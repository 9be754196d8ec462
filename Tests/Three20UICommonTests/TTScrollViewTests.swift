import Testing
import Three20Style
import Three20UICommon

/// A data source of labels `Page 1`, `Page 2`, … that counts what it is asked.
@MainActor
final class ScrollTestDataSource: TTScrollViewDataSource {
  var count: Int
  var asked: [Int] = []

  init(count: Int) { self.count = count }

  func numberOfPages(in scrollView: TTScrollView) -> Int { count }

  func scrollView(_ scrollView: TTScrollView, pageAt index: Int) -> TTView {
    asked.append(index)
    return TTLabel(text: "Page \(index + 1)")
  }
}

/// A delegate that records the pages moved to.
@MainActor
final class ScrollTestDelegate: TTScrollViewDelegate {
  var pages: [Int] = []

  func scrollView(_ scrollView: TTScrollView, didMoveToPageAt index: Int) { pages.append(index) }
}

@MainActor
@Suite("TTScrollView")
struct TTScrollViewTests {
  /// A scroll view of three labels as a controller's focused view, 12 × 3.
  static func make(pages: [TTView]? = nil) -> (TTViewController, TTScrollView) {
    let scroll = TTScrollView(pages: pages ?? ["One", "Two", "Three"].map { TTLabel(text: $0) })
    let controller = TTViewController()
    controller.view = scroll
    scroll.frame = TTRect(x: 0, y: 0, width: 12, height: 3)
    scroll.becomeFocused()
    return (controller, scroll)
  }

  static func render(_ view: TTView) -> [String] {
    var canvas = TTCanvas(width: view.frame.width, height: view.frame.height)
    view.draw(on: &canvas)
    return canvas.lines
  }

  /// One page fills the view above the dots.
  @Test func showsOnePageAboveTheDots() {
    let (_, scroll) = Self.make()
    #expect(Self.render(scroll) == ["One", "", "   ● ○ ○"])
    #expect(scroll.currentPage?.frame == TTRect(x: 0, y: 0, width: 12, height: 2))
    scroll.showsPageControl = false
    #expect(Self.render(scroll) == ["", "One", ""])
    #expect(scroll.currentPage?.frame == TTRect(x: 0, y: 0, width: 12, height: 3))
  }

  /// ←/→, `h`/`l`, Home and End page, stopping at the ends; the delegate and the closure hear
  /// each change.
  @Test func keysPage() {
    let (controller, scroll) = Self.make()
    let delegate = ScrollTestDelegate()
    var changes: [Int] = []
    scroll.delegate = delegate
    scroll.onPageChange = { changes.append($0.currentPageIndex) }
    controller.dispatch(.key(.right))
    #expect(Self.render(scroll)[0] == "Two")
    controller.dispatch(.key(.character("l")))
    #expect(controller.dispatch(.key(.right)))
    #expect(scroll.currentPageIndex == 2)
    controller.dispatch(.key(.character("h")))
    controller.dispatch(.key(.home))
    controller.dispatch(.key(.left))
    controller.dispatch(.key(.end))
    #expect(Self.render(scroll) == ["Three", "", "   ○ ○ ●"])
    #expect(delegate.pages == [1, 2, 1, 0, 2])
    #expect(changes == [1, 2, 1, 0, 2])
    #expect(!controller.dispatch(.key(.character("x"))))
  }

  /// Setting the page from code shows it without telling the delegate.
  @Test func settingThePageIsQuiet() {
    let (_, scroll) = Self.make()
    let delegate = ScrollTestDelegate()
    scroll.delegate = delegate
    scroll.currentPageIndex = 9
    #expect(scroll.currentPageIndex == 2)
    #expect(delegate.pages.isEmpty)
  }

  /// The wheel pages, up/left back and down/right forward; a click on a dot jumps.
  @Test func mousePages() {
    let (controller, scroll) = Self.make()
    #expect(controller.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 1, y: 1)))))
    controller.dispatch(.mouse(TTMouseEvent(.scrollRight, button: .none, at: TTPoint(x: 1, y: 1))))
    #expect(scroll.currentPageIndex == 2)
    #expect(!controller.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 1, y: 1)))))
    controller.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 1, y: 1))))
    controller.dispatch(.mouse(TTMouseEvent(.scrollLeft, button: .none, at: TTPoint(x: 1, y: 1))))
    #expect(scroll.currentPageIndex == 0)
    var changes: [Int] = []
    scroll.onPageChange = { changes.append($0.currentPageIndex) }
    _ = Self.render(scroll)  // lays the dots out, as the host does before any input
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 7, y: 2))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: 7, y: 2))))
    #expect(scroll.currentPageIndex == 2)
    #expect(changes == [2])
  }

  /// A data source is asked for the count and for each page as it comes on screen.
  @Test func dataSourcePages() {
    let (controller, scroll) = Self.make(pages: [])
    #expect(scroll.numberOfPages == 0)
    #expect(Self.render(scroll) == ["", "", ""])
    let source = ScrollTestDataSource(count: 30)
    scroll.dataSource = source
    #expect(scroll.numberOfPages == 30)
    controller.dispatch(.key(.end))
    #expect(Self.render(scroll) == ["Page 30", "", " ‹ 30/30 ›"])
    #expect(source.asked == [0, 29])
    source.count = 5
    scroll.reloadData()
    #expect(scroll.currentPageIndex == 4)
    #expect(Self.render(scroll)[0] == "Page 5")
  }

  /// When the page holding the focus leaves, the scroll view takes the focus, so keys keep
  /// coming.
  @Test func focusLeavesWithItsPage() {
    let button = TTButton(title: "Go")
    let (controller, scroll) = Self.make(pages: [button, TTLabel(text: "Two")])
    _ = Self.render(scroll)
    #expect(button.becomeFocused())
    #expect(controller.dispatch(.key(.right)))
    #expect(scroll.currentPageIndex == 1)
    #expect(scroll.isFocused)
    #expect(!button.isFocused)
    #expect(controller.dispatch(.key(.left)))
    #expect(scroll.currentPageIndex == 0)
  }

  /// A page that would make a loop (the scroll view itself, or its page control) is not shown.
  @Test func loopingPagesAreRefused() {
    let (_, scroll) = Self.make(pages: [])
    scroll.pages = [scroll, scroll.pageControl]
    #expect(scroll.currentPage == nil)
    #expect(scroll.pageControl.superview === scroll)
    scroll.currentPageIndex = 1
    #expect(scroll.currentPage == nil)
    #expect(scroll.pageControl.superview === scroll)
  }
}
