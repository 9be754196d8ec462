import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

@MainActor
@Suite("Table mouse")
struct TTTableMouseTests {
  static func press(_ x: Int, _ y: Int) -> TTInputEvent {
    .mouse(TTMouseEvent(.press, at: TTPoint(x: x, y: y)))
  }

  static func release(_ x: Int, _ y: Int) -> TTInputEvent {
    .mouse(TTMouseEvent(.release, button: .none, at: TTPoint(x: x, y: y)))
  }

  static func drag(_ x: Int, _ y: Int) -> TTInputEvent {
    .mouse(TTMouseEvent(.drag, at: TTPoint(x: x, y: y)))
  }

  static func wheel(_ action: TTMouseEvent.Action, _ y: Int = 0) -> TTInputEvent {
    .mouse(TTMouseEvent(action, button: .none, at: TTPoint(x: 3, y: y)))
  }

  static func notes(_ count: Int) -> TTTableViewController {
    let controller = TTTableViewController(
      dataSource: TTListDataSource(items: (0..<count).map { Note("\($0)") }))
    controller.cellRegistry = noteRegistry()
    return controller
  }

  /// A click moves the cursor to the row; a click on the row under the cursor opens it as
  /// Enter does; a release on another row does not.
  @Test func clickSelectsThenActivates() {
    let opener = TTClosureURLOpener { _, _ in true }
    let controller = Self.notes(5)
    controller.opener = opener
    _ = controller.text()
    #expect(controller.dispatch(Self.press(4, 2)))
    #expect(controller.dispatch(Self.release(4, 2)))
    #expect(controller.selectedIndexPath == [0, 2])
    #expect(opener.openedURLs.isEmpty)
    #expect(controller.text().contains("> 2"))
    #expect(controller.dispatch(Self.press(4, 2)))
    #expect(controller.dispatch(Self.release(4, 3)))
    #expect(opener.openedURLs.isEmpty)
    #expect(controller.dispatch(Self.press(20, 2)))
    #expect(controller.dispatch(Self.release(20, 2)))
    #expect(opener.openedURLs == ["tt://note/2"])
    #expect(!controller.dispatch(Self.press(4, 7)))
    #expect(controller.selectedIndexPath == [0, 2])
  }

  /// Headers and footers are not rows: a click on them changes nothing.
  @Test func clickOnHeaderDoesNothing() {
    let source = TTSectionedDataSource(objects: ["Fruit", Note("apple"), Note("pear")])
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = noteRegistry()
    _ = controller.text()
    #expect(!controller.dispatch(Self.press(2, 0)))
    #expect(controller.selectedIndexPath == nil)
    #expect(controller.dispatch(Self.press(2, 2)))
    #expect(controller.selectedIndexPath == [0, 1])
  }

  /// Clicking a control changes it and selects its row: a toggle's mark flips it, a slider's
  /// track sets the value at the column and a drag follows (even off the table), a stepper's
  /// parts step it.
  @Test func clickingControlsChangesThem() {
    let recorder = ControlRecorder()
    let (controller, source) = TTTableControlLiveTests.settings(recorder)
    _ = controller.text()
    #expect(controller.dispatch(Self.press(37, 1)))
    #expect(controller.dispatch(Self.release(37, 1)))
    #expect(controller.selectedIndexPath == [0, 1])
    #expect(TTTableControlLiveTests.control(source, 1) == .toggle(true))
    // A click on the caption of the selected toggle row activates it: Enter flips it.
    #expect(controller.dispatch(Self.press(3, 1)))
    #expect(controller.dispatch(Self.release(3, 1)))
    #expect(TTTableControlLiveTests.control(source, 1) == .toggle(false))

    #expect(controller.dispatch(Self.press(14, 2)))
    #expect(controller.selectedIndexPath == [0, 2])
    #expect(TTTableControlLiveTests.control(source, 2) == .slider(0, 0...100, step: 5))
    #expect(controller.dispatch(Self.drag(24, 5)))
    #expect(TTTableControlLiveTests.control(source, 2) == .slider(50, 0...100, step: 5))
    #expect(controller.dispatch(Self.drag(90, 20)))
    #expect(TTTableControlLiveTests.control(source, 2) == .slider(100, 0...100, step: 5))
    #expect(controller.dispatch(Self.release(90, 20)))
    #expect(!controller.dispatch(Self.drag(14, 2)))
    #expect(TTTableControlLiveTests.control(source, 2) == .slider(100, 0...100, step: 5))
    #expect(controller.text().contains("==========O 100"))

    #expect(controller.dispatch(Self.press(30, 3)))
    #expect(TTTableControlLiveTests.control(source, 3) == .stepper(1, 1...99))
    #expect(controller.dispatch(Self.press(37, 3)))
    #expect(controller.dispatch(Self.press(37, 3)))
    #expect(controller.dispatch(Self.press(30, 3)))
    #expect(TTTableControlLiveTests.control(source, 3) == .stepper(2, 1...99))
    #expect(controller.selectedIndexPath == [0, 3])
    // The value between the parts is not a part: the row is only selected (it already was).
    #expect(controller.dispatch(Self.press(34, 3)))
    #expect(TTTableControlLiveTests.control(source, 3) == .stepper(2, 1...99))
    #expect(
      recorder.changes == [
        .toggle(true), .toggle(false), .slider(0, 0...100, step: 5), .slider(50, 0...100, step: 5),
        .slider(100, 0...100, step: 5), .stepper(2, 1...99), .stepper(3, 1...99), .stepper(2, 1...99),
      ])
  }

  /// The wheel scrolls three lines a notch, never past either end, and leaves the cursor.
  @Test func wheelScrollsWithinTheEnds() {
    let controller = Self.notes(30)
    _ = controller.text()
    #expect(controller.dispatch(.key(.down)))
    #expect(controller.dispatch(Self.wheel(.scrollDown)))
    #expect(controller.text().split(separator: "\n").first.map(String.init) == "  3")
    #expect(controller.selectedIndexPath == [0, 0])
    for _ in 0..<20 { _ = controller.dispatch(Self.wheel(.scrollDown, 4)) }
    let bottom = controller.text().split(separator: "\n").map(String.init)
    #expect(bottom.first == "  22")
    #expect(bottom.last == "  29")
    for _ in 0..<20 { _ = controller.dispatch(Self.wheel(.scrollUp)) }
    #expect(controller.text().split(separator: "\n").first.map(String.init) == "> 0")
    #expect(!controller.dispatch(Self.wheel(.scrollLeft)))
    // A key brings the cursor's row back into view.
    for _ in 0..<5 { _ = controller.dispatch(Self.wheel(.scrollDown)) }
    #expect(controller.dispatch(.key(.down)))
    #expect(controller.text().contains("> 1"))
  }

  /// A click on a tab title chooses it, as its digit key does; the arrows step through tabs.
  @Test func clickOnTabChoosesIt() {
    var chosen: [Int] = []
    let strip = TTTabStrip(titles: ["Inbox", "Sent", "Drafts", "Archive", "Spam"])
    strip.frame = TTRect(x: 0, y: 0, width: 20, height: 1)
    strip.selectionHandler = { chosen.append($0) }
    var canvas = TTCanvas(width: 20, height: 1)
    strip.draw(on: &canvas)
    #expect(canvas.lines == [" [Inbox]  Sent   Dr›"])
    #expect(strip.handleMouseFromHit(TTMouseEvent(.press, at: TTPoint(x: 11, y: 0))))
    #expect(strip.selectedIndex == 1)
    strip.draw(on: &canvas)
    #expect(strip.handleMouseFromHit(TTMouseEvent(.press, at: TTPoint(x: 19, y: 0))))
    #expect(strip.selectedIndex == 2)
    #expect(!strip.handleMouseFromHit(TTMouseEvent(.press, button: .right, at: TTPoint(x: 1, y: 0))))
    canvas = TTCanvas(width: 20, height: 1)
    strip.draw(on: &canvas)
    #expect(canvas.lines[0].hasPrefix("‹"))
    #expect(strip.handleMouseFromHit(TTMouseEvent(.press, at: TTPoint(x: 0, y: 0))))
    #expect(chosen == [1, 2, 1])
  }

  /// In a tabbed table, a click on a tab title shows that tab, through the controller.
  @Test func clickOnTabSwitchesTheTable() {
    let controller = TTTabbedTableController(tabs: [
      .init(title: "One") { TTListDataSource(items: [Note("first")]) },
      .init(title: "Two") { TTListDataSource(items: [Note("second")]) },
    ])
    controller.cellRegistry = noteRegistry()
    #expect(controller.text().contains("first"))
    #expect(controller.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 8, y: 0)))))
    #expect(controller.selectedTabIndex == 1)
    #expect(controller.text().contains("second"))
    #expect(controller.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 3, y: 1)))))
    #expect(controller.selectedIndexPath == [0, 0])
  }
}
