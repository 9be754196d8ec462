import Testing
import Three20Navigator
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTNavigationController")
struct TTNavigationControllerTests {
  let log = StackEventLog()
  let navigator: TTNavigator
  let controller: TTNavigationController

  init() {
    navigator = TTNavigator(resolver: makeStackResolver(log))
    controller = TTNavigationController(navigator: navigator)
  }

  private func render(width: Int, height: Int = 3) -> String {
    TTTerminalHost.renderOnce(
      controller, size: TTSize(width: width, height: height), capabilities: .plain, environment: [:])
  }

  /// At 40 columns the bar shows the whole trail and the back hint, the screen below it.
  @Test func rendersTheBarAt40Columns() {
    navigator.open("tt://tables/items")
    #expect(
      render(width: 40) == """
         Catalog › Tables › Table Items  ⌫ Back
         Screen items

        """)
  }

  /// At 120 columns the hint sits at the right edge (plain output drops trailing spaces).
  @Test func rendersTheBarAt120Columns() {
    navigator.open("tt://tables/items")
    let rows = render(width: 120, height: 2).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      rows[0] == " Catalog › Tables › Table Items" + String(repeating: " ", count: 82) + "⌫ Back")
    #expect(rows[1] == " Screen items")
  }

  /// A trail too long for the bar is cut from the left, keeping the visible title.
  @Test func cutsTheTrailFromTheLeft() {
    navigator.openURLs(["tt://tables/items", "tt://page/details"])
    #expect(render(width: 40, height: 1) == " … › Table Items › Details       ⌫ Back")
  }

  /// The root alone shows no back hint; a modal screen shows Close.
  @Test func hintFollowsWhereBackGoes() {
    navigator.open("tt://catalog")
    #expect(render(width: 30, height: 1) == " Catalog")
    navigator.open("tt://compose")
    #expect(render(width: 30, height: 1) == " Catalog › Compose    ⌫ Close")
  }

  /// Backspace and Escape go back when the visible controller does not use them.
  @Test func backspaceAndEscapeGoBack() throws {
    navigator.openURLs(["tt://page/one", "tt://page/two", "tt://compose"])
    #expect(controller.handleKey(.escape))
    #expect(navigator.modalStack.isEmpty)
    #expect(controller.handleKey(.backspace))
    #expect(stackURLs(navigator.stack) == ["tt://page/one"])
    #expect(!controller.handleKey(.backspace))
  }

  /// Keys go to the visible controller first; one it uses does not go back.
  @Test func keysGoToTheVisibleControllerFirst() throws {
    navigator.open("tt://page/one")
    let two = try #require(navigator.open("tt://page/two") as? StackProbeController)
    two.usedKeys = [.backspace, .character("j")]
    #expect(controller.handleKey(.character("j")))
    #expect(controller.handleKey(.backspace))
    #expect(!controller.handleKey(.character("x")))
    #expect(two.keys == [.character("j"), .backspace, .character("x")])
    #expect(navigator.stack.count == 2)
  }

  /// The container's appearance drives the visible controller's.
  @Test func appearanceFollowsTheContainer() throws {
    let one = try #require(navigator.open("tt://page/one"))
    controller.appear()
    #expect(one.appearanceState == .appeared)
    controller.disappear()
    #expect(one.appearanceState == .disappeared)
    #expect(!navigator.isOnScreen)
    navigator.open("tt://page/two")
    #expect(navigator.visibleController?.appearanceState == .disappeared)
    controller.appear()
    #expect(navigator.visibleController?.appearanceState == .appeared)
    #expect(one.appearanceState == .disappeared)
  }

  /// The visible controller's view is the one under the bar; a popped one is taken out.
  @Test func showsOnlyTheVisibleControllersView() throws {
    let one = try #require(navigator.open("tt://page/one"))
    _ = controller.view
    let two = try #require(navigator.open("tt://page/two"))
    #expect(two.view.superview === controller.view)
    #expect(one.viewIfLoaded?.superview == nil)
    navigator.back()
    #expect(one.view.superview === controller.view)
    #expect(two.viewIfLoaded?.superview == nil)
  }

  /// A hidden bar gives its row to the screen.
  @Test func hiddenBarGivesItsRowAway() {
    navigator.open("tt://page/one")
    controller.isNavigationBarHidden = true
    #expect(render(width: 20, height: 1) == " Screen one")
  }

  /// Untitled controllers show the last part of their URL, decoded; new titles show at once.
  @Test func untitledControllersShowTheirURL() throws {
    let page = try #require(navigator.open("tt://page/big%20news?x=1#top"))
    page.title = nil
    #expect(render(width: 20, height: 1) == " big news")
    page.title = "Renamed"
    #expect(render(width: 20, height: 1) == " Renamed")
  }
}

@Suite("TTNavigationBar layout")
struct TTNavigationBarLayoutTests {
  /// A trail that fits is kept whole, with the hint.
  @Test func wholeTrailFits() {
    let line = TTNavigationBar.layout(titles: ["A", "B"], backHint: "⌫ Back", width: 20)
    #expect(line.trail == ["A", "B"])
    #expect(line.hint == "⌫ Back")
    #expect(line.text == "A › B  ⌫ Back")
  }

  /// Titles are dropped from the left behind an ellipsis.
  @Test func dropsTitlesFromTheLeft() {
    let line = TTNavigationBar.layout(
      titles: ["Catalog", "Tables", "Table Items"], backHint: "⌫ Back", width: 30)
    #expect(line.text == "… › Table Items  ⌫ Back")
  }

  /// With too little room the hint goes first, then the title is cut at its end.
  @Test(arguments: [
    (20, "… › Table Items"), (13, "Table Items"), (8, "Table…"), (2, ""), (0, ""), (-5, ""),
  ])
  func narrowBarsKeepTheTitleLongest(width: Int, expected: String) {
    let line = TTNavigationBar.layout(
      titles: ["Catalog", "Tables", "Table Items"], backHint: "⌫ Back", width: width)
    #expect(line.text == expected)
  }

  /// Wide characters are measured by display width.
  @Test func wideTitlesAreMeasuredByColumns() {
    let line = TTNavigationBar.layout(titles: ["目録", "表の項目"], backHint: nil, width: 12)
    #expect(line.text == "表の項目")
  }

  /// Control sequences in titles are made harmless before measuring.
  @Test func titlesAreSanitised() {
    let line = TTNavigationBar.layout(titles: ["Evil\u{1B}[2J"], backHint: nil, width: 40)
    #expect(!line.text.contains("\u{1B}"))
  }

  /// No titles gives an empty trail.
  @Test func noTitles() {
    #expect(TTNavigationBar.layout(titles: [], backHint: nil, width: 10).text == "")
    #expect(TTNavigationBar.layout(titles: [], backHint: "⌫ Back", width: 10).hint == "⌫ Back")
  }
}
