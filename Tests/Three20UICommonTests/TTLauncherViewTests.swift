import Foundation
import Testing
import Three20Core
import Three20Style
import Three20UICommon

/// An opener that records the URLs it is asked to open: a test double for the URL seam.
@MainActor
final class LauncherRecordingOpener: TTURLOpening {
  var opened: [String] = []

  func openURL(_ url: String, query: [String: any Sendable]) -> Bool {
    opened.append(url)
    return true
  }
}

/// A delegate that records what it is told, as short strings.
@MainActor
final class LauncherRecordingDelegate: TTLauncherViewDelegate {
  var events: [String] = []

  func launcherView(_ launcherView: TTLauncherView, didSelect item: TTLauncherItem) {
    events.append("select \(item.id)")
  }

  func launcherView(_ launcherView: TTLauncherView, didMove item: TTLauncherItem) {
    events.append("move \(item.id)")
  }

  func launcherView(_ launcherView: TTLauncherView, didRemove item: TTLauncherItem) {
    events.append("remove \(item.id)")
  }

  func launcherViewDidBeginEditing(_ launcherView: TTLauncherView) { events.append("begin") }
  func launcherViewDidEndEditing(_ launcherView: TTLauncherView) { events.append("end") }
}

/// A picture of a fixed size that draws nothing itself.
final class LauncherTestPicture: TTTerminalPicture {
  let cellSize: TTSize

  init(cellSize: TTSize) { self.cellSize = cellSize }

  func cells(for profile: TTColorProfile) -> [TTCell] { [] }
  func sequence(for graphics: TTTerminalGraphics, imageID: UInt32) -> String? { nil }
  func pngData() -> [UInt8]? { nil }
}

/// A provider with one picture ready, for one URL; every other image is loading.
struct LauncherTestImageProvider: TTImageProviding {
  let url: String
  let picture: LauncherTestPicture

  func picture(for look: TTImageLook, fitting size: TTSize) -> TTImageDrawState {
    look.url == url ? .ready(picture) : .loading
  }
}

@MainActor
@Suite("TTLauncherView")
struct TTLauncherViewTests {
  /// Items `A1`, `A2`, … with URLs `tt://a1`, … (their ids).
  static func items(_ count: Int, prefix: String = "A") -> [TTLauncherItem] {
    (1...count).map { TTLauncherItem(title: "\(prefix)\($0)", url: "tt://\(prefix.lowercased())\($0)") }
  }

  /// The ids of the launcher's pages.
  static func ids(_ launcher: TTLauncherView) -> [[String]] {
    launcher.pages.map { $0.map(\.id) }
  }

  /// A launcher as a controller's focused view, 40 × 10: a 3 × 2 grid of 12 × 4 cells starting
  /// at column 2, the dots on row 9.
  static func make(
    _ pages: [[TTLauncherItem]], width: Int = 40, height: Int = 10
  ) -> (
    TTViewController, TTLauncherView
  ) {
    let launcher = TTLauncherView(pages: pages)
    launcher.cellSize = TTSize(width: 12, height: 4)
    let controller = TTViewController()
    controller.view = launcher
    launcher.frame = TTRect(x: 0, y: 0, width: width, height: height)
    launcher.becomeFocused()
    return (controller, launcher)
  }

  static func render(_ launcher: TTLauncherView) -> TTCanvas {
    var canvas = TTCanvas(width: launcher.frame.width, height: launcher.frame.height)
    launcher.draw(on: &canvas)
    return canvas
  }

  static func click(_ controller: TTViewController, _ x: Int, _ y: Int) {
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: x, y: y))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: x, y: y))))
  }

  // MARK: - Drawing

  /// Icons are the title's letters in a box, titles under them, badges at the icon's top
  /// right, the page's dots on the bottom row.
  @Test func drawsGlyphBoxesTitlesBadgesAndDots() {
    let (_, launcher) = Self.make([
      [
        TTLauncherItem(title: "Mail", url: "tt://mail", badgeNumber: 3),
        TTLauncherItem(title: "Photo Album", url: "tt://photos", badgeNumber: 150),
        TTLauncherItem(title: "Settings", url: "tt://settings"),
        TTLauncherItem(title: "漢字", url: "tt://kanji"),
      ],
      [TTLauncherItem(title: "Notes", url: "tt://notes")],
    ])
    launcher.resignFocus()
    let canvas = Self.render(launcher)
    #expect(
      canvas.lines == [
        "    ╭───── 3    ╭─── 99+    ╭──────╮",
        "    │  Ma  │    │  PA  │    │  Se  │",
        "    ╰──────╯    ╰──────╯    ╰──────╯",
        "      Mail    Photo Album   Settings",
        "    ╭──────╮",
        "    │ 漢字 │",
        "    ╰──────╯",
        "      漢字",
        "",
        "                  ● ○",
      ])
    #expect(canvas[10, 0].style.background == TTColor(red: 221, green: 17, blue: 27))
    #expect(canvas[10, 0].style.attributes.contains(.bold))
    #expect(canvas[18, 9].style.attributes.contains(.bold))
  }

  /// The focused selection's title is drawn in inverse; without focus it is underlined.
  @Test func selectionIsHighlighted() {
    let (_, launcher) = Self.make([Self.items(3)])
    launcher.selectedIndex = 1
    #expect(Self.render(launcher)[19, 3].style.attributes == [.inverse, .bold])
    launcher.resignFocus()
    #expect(Self.render(launcher)[19, 3].style.attributes == [.bold, .underline])
    #expect(Self.render(launcher)[7, 3].style.attributes == [])
  }

  /// Badges show their number, `99+` above 99, and nothing at 0 or below.
  @Test func badgeText() {
    var item = TTLauncherItem(title: "Mail", url: "tt://mail")
    #expect(item.badgeText == nil)
    item.badgeNumber = 99
    #expect(item.badgeText == "99")
    item.badgeNumber = 100
    #expect(item.badgeText == "99+")
    item.badgeNumber = -4
    #expect(item.badgeText == nil)
  }

  /// An item's id defaults to its URL; decoding fills in the optional fields' defaults.
  @Test func itemDefaultsAndCoding() throws {
    let item = TTLauncherItem(title: "Mail", url: "tt://mail")
    #expect(item.id == "tt://mail")
    #expect(item.canDelete)
    let decoded = try JSONDecoder().decode(
      TTLauncherItem.self, from: Data(#"{"title":"Mail","url":"tt://mail"}"#.utf8))
    #expect(decoded == item)
    let custom = TTLauncherItem(
      title: "M", url: "tt://m", imageURL: "i.png", badgeNumber: 2, canDelete: false, id: "x")
    let again = try JSONDecoder().decode(TTLauncherItem.self, from: JSONEncoder().encode(custom))
    #expect(again == custom)
  }

  /// With an image provider that has the picture, it is placed centred on the icon, over the
  /// glyph (which plain output still shows); while it loads, the glyph box is drawn.
  @Test func picturesComeFromTheImageSeam() {
    let picture = LauncherTestPicture(cellSize: TTSize(width: 6, height: 3))
    let provider = LauncherTestImageProvider(url: "app://mail.png", picture: picture)
    let (_, launcher) = Self.make([
      [
        TTLauncherItem(title: "Mail", url: "tt://mail", imageURL: "app://mail.png"),
        TTLauncherItem(title: "Maps", url: "tt://maps", imageURL: "app://maps.png"),
      ]
    ])
    let canvas = TTGlobalImageProvider.withProvider(provider) { Self.render(launcher) }
    #expect(canvas.pictures.count == 1)
    #expect(canvas.pictures.first?.picture === picture)
    #expect(canvas.pictures.first?.origin == TTPoint(x: 5, y: 0))
    #expect(canvas.lines[1].hasPrefix("       Ma       │  Ma  │"))
    let without = TTGlobalImageProvider.withProvider(nil) { Self.render(launcher) }
    #expect(without.pictures.isEmpty)
    #expect(without.lines[1].hasPrefix("    │  Ma  │    │  Ma  │"))
  }

  // MARK: - Keys

  /// Arrows move the selection in the grid and onto the next or previous page at the edges.
  @Test func arrowsCrossPages() {
    let (controller, launcher) = Self.make([Self.items(5), Self.items(4, prefix: "B")])
    #expect(controller.dispatch(.key(.right)))
    #expect(launcher.selectedItem?.id == "tt://a1")
    controller.dispatch(.key(.down))
    #expect(launcher.selectedIndex == 3)
    controller.dispatch(.key(.right))
    controller.dispatch(.key(.right))
    // No item right of A5: onto page 2, same row.
    #expect(launcher.currentPageIndex == 1)
    #expect(launcher.selectedItem?.id == "tt://b4")
    controller.dispatch(.key(.character("k")))
    controller.dispatch(.key(.character("l")))
    controller.dispatch(.key(.character("l")))
    #expect(launcher.selectedItem?.id == "tt://b3")
    controller.dispatch(.key(.right))
    #expect(launcher.currentPageIndex == 1)
    controller.dispatch(.key(.home))
    #expect(launcher.currentPageIndex == 0)
    #expect(launcher.selectedItem?.id == "tt://a3")
    controller.dispatch(.key(.left))
    controller.dispatch(.key(.left))
    controller.dispatch(.key(.left))
    #expect(launcher.selectedItem?.id == "tt://a1")
    controller.dispatch(.key(.down))
    controller.dispatch(.key(.down))
    #expect(launcher.selectedItem?.id == "tt://a4")
  }

  /// Left from the first column goes to the previous page's last column in the same row.
  @Test func leftFromFirstColumnGoesBack() {
    let (controller, launcher) = Self.make([Self.items(6), Self.items(4, prefix: "B")])
    launcher.currentPageIndex = 1
    launcher.selectedIndex = 3
    controller.dispatch(.key(.left))
    #expect(launcher.currentPageIndex == 0)
    #expect(launcher.selectedItem?.id == "tt://a6")
  }

  /// PgUp/PgDn, `[`/`]`, Home and End change page, keeping the selection's place.
  @Test func pageKeys() {
    let (controller, launcher) = Self.make([
      Self.items(3), Self.items(2, prefix: "B"), Self.items(3, prefix: "C"),
    ])
    launcher.selectedIndex = 2
    controller.dispatch(.key(.pageDown))
    #expect(launcher.currentPageIndex == 1)
    #expect(launcher.selectedItem?.id == "tt://b2")
    controller.dispatch(.key(.character("]")))
    #expect(launcher.currentPageIndex == 2)
    #expect(controller.dispatch(.key(.character("]"))))
    #expect(launcher.currentPageIndex == 2)
    controller.dispatch(.key(.character("[")))
    controller.dispatch(.key(.pageUp))
    #expect(launcher.currentPageIndex == 0)
    controller.dispatch(.key(.end))
    #expect(launcher.currentPageIndex == 2)
    #expect(launcher.pageControl.currentPage == 2)
  }

  /// Enter and Space open the selected item: delegate, closure, then the opener.
  @Test func enterOpensThroughTheSeam() {
    let (controller, launcher) = Self.make([Self.items(3)])
    let opener = LauncherRecordingOpener()
    let delegate = LauncherRecordingDelegate()
    var selected: [String] = []
    launcher.opener = opener
    launcher.delegate = delegate
    launcher.onSelect = { _, item in selected.append(item.title) }
    #expect(!controller.dispatch(.key(.enter)))
    launcher.selectedIndex = 1
    #expect(controller.dispatch(.key(.enter)))
    controller.dispatch(.key(.right))
    controller.dispatch(.key(.character(" ")))
    #expect(opener.opened == ["tt://a2", "tt://a3"])
    #expect(delegate.events == ["select tt://a2", "select tt://a3"])
    #expect(selected == ["A2", "A3"])
  }

  /// Without an opener of its own, the launcher uses the global one.
  @Test func fallsBackToTheGlobalOpener() {
    let (controller, launcher) = Self.make([Self.items(1)])
    let opener = LauncherRecordingOpener()
    let saved = TTGlobalURLOpener.current
    TTGlobalURLOpener.current = opener
    defer { TTGlobalURLOpener.current = saved }
    launcher.selectedIndex = 0
    controller.dispatch(.key(.enter))
    #expect(opener.opened == ["tt://a1"])
  }

  /// Keys reach the launcher only when it has the focus.
  @Test func keysNeedFocus() {
    let (controller, launcher) = Self.make([Self.items(3)])
    launcher.resignFocus()
    #expect(!controller.dispatch(.key(.right)))
    #expect(launcher.selectedIndex == nil)
    #expect(launcher.canBecomeFocused)
  }

  // MARK: - Mouse

  /// A click on an item selects and opens it; press on one and release on another opens none.
  @Test func clickOpens() {
    let (controller, launcher) = Self.make([Self.items(3)])
    let opener = LauncherRecordingOpener()
    launcher.opener = opener
    launcher.resignFocus()
    Self.click(controller, 18, 1)
    #expect(launcher.isFocused)
    #expect(launcher.selectedIndex == 1)
    #expect(opener.opened == ["tt://a2"])
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 6, y: 1))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: 30, y: 1))))
    #expect(opener.opened == ["tt://a2"])
    #expect(launcher.selectedIndex == 0)
    Self.click(controller, 6, 6)  // an empty cell
    #expect(opener.opened == ["tt://a2"])
  }

  /// The wheel changes page, and so does a click on a dot.
  @Test func wheelAndDotsChangePage() {
    let (controller, launcher) = Self.make([Self.items(3), Self.items(3, prefix: "B")])
    #expect(controller.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 5, y: 5)))))
    #expect(launcher.currentPageIndex == 1)
    #expect(!controller.dispatch(.mouse(TTMouseEvent(.scrollRight, button: .none, at: TTPoint(x: 5, y: 5)))))
    controller.dispatch(.mouse(TTMouseEvent(.scrollLeft, button: .none, at: TTPoint(x: 5, y: 5))))
    #expect(launcher.currentPageIndex == 0)
    _ = Self.render(launcher)  // lays the dots out, as the host does before any input
    Self.click(controller, 20, 9)
    #expect(launcher.currentPageIndex == 1)
    Self.click(controller, 18, 9)
    #expect(launcher.currentPageIndex == 0)
    controller.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 5, y: 5))))
    #expect(launcher.currentPageIndex == 0)
  }

  // MARK: - Editing

  /// `e` begins editing; Escape, Enter and `e` end it; the delegate hears both.
  @Test func editModeBeginsAndEnds() {
    let (controller, launcher) = Self.make([Self.items(3)])
    let delegate = LauncherRecordingDelegate()
    launcher.delegate = delegate
    controller.dispatch(.key(.character("e")))
    #expect(launcher.isEditing)
    controller.dispatch(.key(.escape))
    #expect(!launcher.isEditing)
    controller.dispatch(.key(.character("e")))
    controller.dispatch(.key(.enter))
    #expect(!launcher.isEditing)
    controller.dispatch(.key(.character("e")))
    controller.dispatch(.key(.character("e")))
    #expect(delegate.events == ["begin", "end", "begin", "end", "begin", "end"])
    #expect(!controller.dispatch(.key(.escape)))
  }

  /// In edit mode deletable items show `×`; others do not.
  @Test func deleteMarksInEditMode() {
    var fixed = TTLauncherItem(title: "Fixed", url: "tt://fixed")
    fixed.canDelete = false
    let (_, launcher) = Self.make([[Self.items(1)[0], fixed]])
    #expect(!Self.render(launcher).lines[0].contains("×"))
    launcher.beginEditing()
    let line = Self.render(launcher).lines[0]
    #expect(line == "   ×╭──────╮    ╭──────╮")
  }

  /// Alt-arrows and `H`/`L` move the selected item, also onto the next page and onto a new one.
  @Test func altArrowsMoveItems() {
    let (controller, launcher) = Self.make([Self.items(3), Self.items(1, prefix: "B")])
    let delegate = LauncherRecordingDelegate()
    launcher.delegate = delegate
    controller.dispatch(.key(.character("e")))
    launcher.selectedIndex = 0
    controller.dispatch(.key(.alt(.right)))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a1", "tt://a3"], ["tt://b1"]])
    #expect(launcher.selectedItem?.id == "tt://a1")
    controller.dispatch(.key(.character("L")))
    controller.dispatch(.key(.character("L")))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a3"], ["tt://a1", "tt://b1"]])
    #expect(launcher.currentPageIndex == 1)
    #expect(launcher.selectedIndex == 0)
    controller.dispatch(.key(.alt(.right)))
    controller.dispatch(.key(.alt(.right)))
    // Past the last page: a new page with the item.
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a3"], ["tt://b1"], ["tt://a1"]])
    #expect(launcher.currentPageIndex == 2)
    // Alone on its page it goes no further, and back left it leaves no empty page.
    controller.dispatch(.key(.alt(.right)))
    #expect(launcher.pages.count == 3)
    controller.dispatch(.key(.character("H")))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a3"], ["tt://b1", "tt://a1"]])
    #expect(delegate.events == ["begin"] + Array(repeating: "move tt://a1", count: 6))
  }

  /// `m` picks the item up so the plain arrows move it, until `m` again.
  @Test func moveModeUsesPlainArrows() {
    let (controller, launcher) = Self.make([Self.items(5)])
    controller.dispatch(.key(.character("e")))
    launcher.selectedIndex = 0
    controller.dispatch(.key(.character("m")))
    #expect(launcher.isMovingItem)
    #expect(Self.render(launcher).lines[0].hasPrefix("   ×╔══════╗"))
    controller.dispatch(.key(.down))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a3", "tt://a4", "tt://a1", "tt://a5"]])
    controller.dispatch(.key(.right))
    controller.dispatch(.key(.up))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a1", "tt://a3", "tt://a4", "tt://a5"]])
    controller.dispatch(.key(.character("m")))
    #expect(!launcher.isMovingItem)
    controller.dispatch(.key(.right))
    #expect(launcher.selectedItem?.id == "tt://a3")
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a1", "tt://a3", "tt://a4", "tt://a5"]])
  }

  /// Moving into a full page spills its last item onto the next page.
  @Test func movingIntoAFullPageSpills() {
    let (controller, launcher) = Self.make([Self.items(6), Self.items(6, prefix: "B")])
    #expect(launcher.itemsPerPage == 6)
    launcher.beginEditing()
    launcher.selectedIndex = 2
    controller.dispatch(.key(.alt(.right)))
    #expect(
      Self.ids(launcher) == [
        ["tt://a1", "tt://a2", "tt://a4", "tt://a5", "tt://a6"],
        ["tt://a3", "tt://b1", "tt://b2", "tt://b3", "tt://b4", "tt://b5"],
        ["tt://b6"],
      ])
    #expect(launcher.selectedPosition == TTLauncherView.Position(page: 1, index: 0))
  }

  /// `d`, Delete and Backspace remove a deletable item; an item that cannot be deleted stays;
  /// a page left empty goes.
  @Test func deleteKeysRemove() {
    var fixed = TTLauncherItem(title: "Fixed", url: "tt://fixed")
    fixed.canDelete = false
    let (controller, launcher) = Self.make([Self.items(2) + [fixed], Self.items(1, prefix: "B")])
    let delegate = LauncherRecordingDelegate()
    launcher.delegate = delegate
    controller.dispatch(.key(.character("d")))  // not editing: nothing
    #expect(launcher.pages.joined().count == 4)
    launcher.beginEditing()
    launcher.selectedIndex = 0
    controller.dispatch(.key(.character("d")))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://fixed"], ["tt://b1"]])
    controller.dispatch(.key(.right))
    controller.dispatch(.key(.delete))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://fixed"], ["tt://b1"]])
    controller.dispatch(.key(.right))
    #expect(launcher.currentPageIndex == 1)
    controller.dispatch(.key(.backspace))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://fixed"]])
    #expect(launcher.currentPageIndex == 0)
    #expect(launcher.selectedItem?.id == "tt://fixed")
    #expect(delegate.events == ["begin", "remove tt://a1", "remove tt://b1"])
  }

  /// In edit mode a click on an item's `×` removes it; a click on the item only selects it.
  @Test func clickOnTheCrossRemoves() {
    let (controller, launcher) = Self.make([Self.items(3)])
    let opener = LauncherRecordingOpener()
    launcher.opener = opener
    launcher.beginEditing()
    Self.click(controller, 18, 1)
    #expect(launcher.selectedIndex == 1)
    #expect(opener.opened.isEmpty)
    Self.click(controller, 15, 0)
    #expect(Self.ids(launcher) == [["tt://a1", "tt://a3"]])
    Self.click(controller, 3, 0)
    #expect(Self.ids(launcher) == [["tt://a3"]])
  }

  /// Dragging an item in edit mode moves it to the cell under the pointer; to the view's edge,
  /// onto the next page.
  @Test func dragMovesItems() {
    let (controller, launcher) = Self.make([Self.items(4), Self.items(1, prefix: "B")])
    let delegate = LauncherRecordingDelegate()
    launcher.delegate = delegate
    launcher.beginEditing()
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 6, y: 1))))
    controller.dispatch(.mouse(TTMouseEvent(.drag, button: .left, at: TTPoint(x: 20, y: 1))))
    #expect(launcher.isMovingItem)
    controller.dispatch(.mouse(TTMouseEvent(.drag, button: .left, at: TTPoint(x: 30, y: 2))))
    #expect(Self.ids(launcher)[0] == ["tt://a2", "tt://a3", "tt://a1", "tt://a4"])
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: 30, y: 2))))
    #expect(!launcher.isMovingItem)
    #expect(delegate.events == ["begin", "move tt://a1"])
    // To the right edge: onto the next page, once until the pointer leaves the edge.
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 6, y: 5))))
    controller.dispatch(.mouse(TTMouseEvent(.drag, button: .left, at: TTPoint(x: 39, y: 5))))
    controller.dispatch(.mouse(TTMouseEvent(.drag, button: .left, at: TTPoint(x: 45, y: 5))))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a3", "tt://a1"], ["tt://a4", "tt://b1"]])
    #expect(launcher.currentPageIndex == 1)
    controller.dispatch(.mouse(TTMouseEvent(.drag, button: .left, at: TTPoint(x: 20, y: 1))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: 20, y: 1))))
    #expect(Self.ids(launcher) == [["tt://a2", "tt://a3", "tt://a1"], ["tt://b1", "tt://a4"]])
    #expect(delegate.events == ["begin", "move tt://a1", "move tt://a4"])
  }

  /// Outside edit mode a drag moves nothing.
  @Test func dragOutsideEditModeMovesNothing() {
    let (controller, launcher) = Self.make([Self.items(3)])
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 6, y: 1))))
    controller.dispatch(.mouse(TTMouseEvent(.drag, button: .left, at: TTPoint(x: 30, y: 1))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: 30, y: 1))))
    #expect(Self.ids(launcher) == [["tt://a1", "tt://a2", "tt://a3"]])
  }

  // MARK: - Pages and the API

  /// A page with more items than fit spills the rest onto the next page when laid out.
  @Test func overfullPagesSpillOnLayout() {
    let (_, launcher) = Self.make([Self.items(8), Self.items(5, prefix: "B")])
    launcher.currentPageIndex = 0
    launcher.selectedIndex = 7
    _ = Self.render(launcher)
    #expect(launcher.pages.map(\.count) == [6, 6, 1])
    #expect(launcher.selectedItem?.id == "tt://a8")
    #expect(launcher.currentPageIndex == 1)
    launcher.rowCount = 1
    _ = Self.render(launcher)
    #expect(launcher.pages.map(\.count) == [3, 3, 3, 3, 1])
  }

  /// The code's own changes: add, move, remove, scroll to an item.
  @Test func programmaticChanges() {
    let (_, launcher) = Self.make([Self.items(5)])
    launcher.addItem(TTLauncherItem(title: "New", url: "tt://new"))
    launcher.addItem(TTLauncherItem(title: "Newer", url: "tt://newer"))
    #expect(launcher.pages.map(\.count) == [6, 1])
    #expect(launcher.scrollToItem(withID: "tt://newer"))
    #expect(launcher.currentPageIndex == 1)
    #expect(!launcher.scrollToItem(withID: "tt://none"))
    let landed = launcher.moveItem(
      from: TTLauncherView.Position(page: 0, index: 0), to: TTLauncherView.Position(page: 1, index: 5))
    #expect(landed == TTLauncherView.Position(page: 1, index: 1))
    #expect(
      launcher.moveItem(from: TTLauncherView.Position(page: 3, index: 0), to: .init(page: 0, index: 0)) == nil
    )
    #expect(launcher.removeItem(at: TTLauncherView.Position(page: 0, index: 0))?.id == "tt://a2")
    #expect(launcher.position(ofItemWithID: "tt://a1") == TTLauncherView.Position(page: 1, index: 1))
    #expect(launcher.removeItem(at: TTLauncherView.Position(page: 9, index: 0)) == nil)
    launcher.pages = []
    #expect(launcher.currentPageIndex == 0)
    #expect(launcher.selectedItem == nil)
    #expect(!launcher.handleKey(.right))
    launcher.addItem(TTLauncherItem(title: "One", url: "tt://one"))
    #expect(Self.ids(launcher) == [["tt://one"]])
  }

  /// The glyph is the initials of two words, or two letters of one, and fits its width.
  @Test func glyphs() {
    let (_, launcher) = Self.make([
      [
        TTLauncherItem(title: "photo album", url: "a"), TTLauncherItem(title: "", url: "b"),
        TTLauncherItem(title: "x\u{1B}[31m", url: "c"),
      ]
    ])
    let line = Self.render(launcher).lines[1]
    #expect(line == "    │  PA  │    │  ?   │    │  X   │")
  }

  // MARK: - Persistence

  /// With persistence set, each user move is saved, and a new launcher restores the order.
  @Test func savesAfterMovesAndRestores() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let store = TTLauncherPersistence(fileURL: folder.appendingPathComponent("launcher.json"))
      let (controller, launcher) = Self.make([Self.items(3)])
      launcher.persistence = store
      launcher.beginEditing()
      launcher.selectedIndex = 2
      controller.dispatch(.key(.alt(.left)))
      #expect(try store.load() == [["tt://a1", "tt://a3", "tt://a2"]])
      controller.dispatch(.key(.character("d")))
      #expect(try store.load() == [["tt://a1", "tt://a2"]])
      #expect(launcher.lastPersistenceError == nil)

      let (_, fresh) = Self.make([Self.items(4).reversed()])
      fresh.persistence = store
      fresh.selectedIndex = 1
      #expect(try fresh.restoreOrder())
      // Items the file does not name (A3 was removed, A4 is new) come last, in their order.
      #expect(Self.ids(fresh) == [["tt://a1", "tt://a2", "tt://a4", "tt://a3"]])
      #expect(fresh.selectedItem?.id == "tt://a3")
    }
  }

  /// Without a file (or without persistence) restoring changes nothing; a bad file throws.
  @Test func restoreWithoutOrBadFile() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let url = folder.appendingPathComponent("launcher.json")
      let (_, launcher) = Self.make([Self.items(2)])
      #expect(try !launcher.restoreOrder())
      launcher.persistence = TTLauncherPersistence(fileURL: url)
      #expect(try !launcher.restoreOrder())
      try Data("garbage".utf8).write(to: url)
      #expect(throws: TTUICommonError.self) { try launcher.restoreOrder() }
      #expect(launcher.lastPersistenceError?.code == .persistence)
      #expect(Self.ids(launcher) == [["tt://a1", "tt://a2"]])
    }
  }

  /// A save that fails (a folder where the file should be) is kept, not thrown at the user.
  @Test func failedSaveIsKept() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let url = folder.appendingPathComponent("launcher.json")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      let (controller, launcher) = Self.make([Self.items(2)])
      launcher.persistence = TTLauncherPersistence(fileURL: url)
      launcher.beginEditing()
      launcher.selectedIndex = 0
      controller.dispatch(.key(.alt(.right)))
      #expect(Self.ids(launcher) == [["tt://a2", "tt://a1"]])
      #expect(launcher.lastPersistenceError?.message.contains("is a directory") == true)
    }
  }
}
