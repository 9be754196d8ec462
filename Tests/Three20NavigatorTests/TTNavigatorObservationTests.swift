import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

/// Data flows one way: the navigator announces changes, the container observes them, and
/// drawing only reads.
@MainActor
@Suite("TTNavigator observation")
struct TTNavigatorObservationTests {
  let log = StackEventLog()
  let navigator: TTNavigator

  init() {
    navigator = TTNavigator(resolver: makeStackResolver(log))
  }

  /// Every change the navigator announces, in order.
  private func record() -> (TTObservation, ChangeLog) {
    let changes = ChangeLog()
    let observation = navigator.addObserver { changes.all.append($0) }
    return (observation, changes)
  }

  // MARK: - The navigator announces

  /// Pushing, popping and replacing are each announced once, after the change is complete.
  @Test func stackChangesAreAnnouncedOnceEach() {
    let (_, changes) = record()
    var visibleWhenTold: [String?] = []
    _ = navigator.addObserver { [weak navigator] _ in
      visibleWhenTold.append(navigator?.visibleController?.title)
    }
    navigator.open("tt://page/one")
    navigator.openURLs(["tt://page/two", "tt://page/three"])
    navigator.back()
    navigator.open("tt://tables/items")
    navigator.removeAllControllers()
    #expect(changes.all == [.pushed, .pushed, .popped, .pushed, .popped])
    #expect(visibleWhenTold == ["One", "Three", "Two", "Table Items", nil])
    #expect(navigator.changeCount == 5)
  }

  /// A deep link that pops back to its parent and pushes replaces the stack; bringing back
  /// a shared controller pops; opening what is already visible announces nothing.
  @Test func replacingAndBringingBackAreTold() {
    navigator.openURLs(["tt://catalog", "tt://page/one"])
    let (_, changes) = record()
    navigator.open("tt://tables")
    navigator.open("tt://catalog")
    navigator.open("tt://catalog")
    navigator.open("tt://compose")
    navigator.dismissModal()
    #expect(changes.all == [.replaced, .popped, .pushed, .popped])
  }

  /// Changing an open controller's title is announced; the same title again, or the title
  /// of a controller no longer open, is not.
  @Test func titleChangesOfOpenControllersAreAnnounced() throws {
    let one = try #require(navigator.open("tt://page/one"))
    let two = try #require(navigator.open("tt://page/two"))
    let (_, changes) = record()
    one.title = "First"
    two.title = "Second"
    two.title = "Second"
    navigator.back()
    two.title = "Gone"
    #expect(changes.all == [.titleChanged, .titleChanged, .popped])
  }

  /// A title set while a change is under way (here in `viewWillAppear`) is announced with
  /// the change, not on its own.
  @Test func titleSetWhileAppearingIsFoldedIntoTheChange() {
    let retitling = RetitlingController()
    var resolver = makeStackResolver(log)
    resolver.exact["tt://retitle"] = TTURLRoute(target: .controller { _, _ in retitling })
    navigator.resolver = resolver
    navigator.open("tt://page/one")
    let (_, changes) = record()
    navigator.open("tt://retitle")
    #expect(retitling.title == "Appeared")
    #expect(changes.all == [.pushed])
    retitling.title = "Later"
    #expect(changes.all == [.pushed, .titleChanged])
  }

  /// An observer removed stops being told; the others go on.
  @Test func observerRemovedStopsNotifications() {
    let (first, firstChanges) = record()
    let (_, secondChanges) = record()
    navigator.open("tt://page/one")
    navigator.removeObserver(first)
    navigator.removeObserver(first)
    navigator.open("tt://page/two")
    navigator.visibleController?.title = "Renamed"
    #expect(firstChanges.all == [.pushed])
    #expect(secondChanges.all == [.pushed, .pushed, .titleChanged])
  }

  /// An observer removed by another while a change is being told is not told.
  @Test func observerRemovedDuringAnnouncementIsNotTold() {
    let later = ChangeLog()
    let laterObservation = ObservationSlot()
    _ = navigator.addObserver { [weak navigator] _ in
      if let observation = laterObservation.observation { navigator?.removeObserver(observation) }
    }
    laterObservation.observation = navigator.addObserver { later.all.append($0) }
    navigator.open("tt://page/one")
    #expect(later.all.isEmpty)
  }

  /// A controller's title observers run after each real change, until removed.
  @Test func titleObserversOfAControllerStopWhenRemoved() {
    let screen = TTViewController(title: "Inbox")
    var seen: [String?] = []
    let observation = screen.addTitleObserver { seen.append($0.title) }
    screen.title = "Inbox (3)"
    screen.title = "Inbox (3)"
    screen.removeTitleObserver(observation)
    screen.title = "Inbox"
    #expect(seen == ["Inbox (3)"])
  }

  // MARK: - No back-pointer

  /// The navigator keeps no reference to the container that shows it: the container goes
  /// away with its last owner, and the navigator carries on.
  @Test func navigatorHoldsNoBackPointerToItsContainer() throws {
    weak var weakContainer: TTNavigationController?
    do {
      let container = TTNavigationController(navigator: navigator)
      navigator.open("tt://page/one")
      _ = TTTerminalHost.renderOnce(
        container, size: TTSize(width: 20, height: 2), capabilities: .plain, environment: [:])
      weakContainer = container
      for child in Mirror(reflecting: navigator).children {
        #expect(!(child.value is TTNavigationController), "\(child.label ?? "?") points at the container")
        #expect(!(child.value is TTView), "\(child.label ?? "?") points at a view")
      }
    }
    #expect(weakContainer == nil)
    let (_, changes) = record()
    navigator.open("tt://page/two")
    #expect(changes.all == [.pushed])
  }

  /// A navigator that goes away lets go of its controllers' titles: nothing keeps it alive,
  /// and renaming a controller it had open afterwards is harmless.
  @Test func navigatorThatGoesAwayStopsObservingTitles() throws {
    weak var weakNavigator: TTNavigator?
    var kept: TTViewController?
    do {
      let owned = TTNavigator(resolver: makeStackResolver(log))
      kept = owned.open("tt://page/one")
      _ = TTNavigationController(navigator: owned)
      weakNavigator = owned
    }
    #expect(weakNavigator == nil)
    try #require(kept).title = "Renamed"
    #expect(kept?.title == "Renamed")
  }

  // MARK: - The container follows, drawing only reads

  /// A new title of the visible controller is in the very next frame: after one drawing the
  /// bar shows it and nothing asks for another.
  @Test func titleChangeShowsInOneFrame() throws {
    navigator.open("tt://catalog")
    let page = try #require(navigator.open("tt://page/one"))
    let container = TTNavigationController(navigator: navigator)
    container.view.frame = TTRect(x: 0, y: 0, width: 30, height: 2)
    container.appear()
    #expect(draw(container) == " Catalog › One         ⌫ Back\n Screen one")
    #expect(!container.needsDisplay)

    page.title = "Renamed"
    #expect(container.needsDisplay)
    #expect(draw(container) == " Catalog › Renamed     ⌫ Back\n Screen one")
    #expect(!container.needsDisplay)

    try #require(navigator.stack.first).title = "Home"
    #expect(draw(container) == " Home › Renamed        ⌫ Back\n Screen one")
    #expect(!container.needsDisplay)
  }

  /// Drawing twice gives the same screen, and drawing changes nothing: not the bar, not
  /// the layout, not the navigator, and it asks for no further drawing.
  @Test func drawingTwiceGivesTheSameScreenAndChangesNothing() {
    navigator.openURLs(["tt://tables/items", "tt://compose"])
    let container = TTNavigationController(navigator: navigator)
    container.view.frame = TTRect(x: 0, y: 0, width: 40, height: 3)
    container.appear()
    container.view.layoutIfNeeded()

    let before = snapshot(container)
    let first = draw(container)
    #expect(snapshot(container) == before)
    #expect(!container.needsDisplay)
    let second = draw(container)
    #expect(second == first)
    #expect(snapshot(container) == before)
    #expect(!container.needsDisplay)
    #expect(first == " … › Table Items › Compose      ⌫ Close\n Screen compose\n")
  }

  /// The container shows a stack change as soon as the navigator announces it, before
  /// anything is drawn.
  @Test func containerFollowsTheNavigatorWhenTold() throws {
    let container = TTNavigationController(navigator: navigator)
    _ = container.view
    let one = try #require(navigator.open("tt://page/one"))
    #expect(container.navigationBar.titles == ["One"])
    #expect(container.navigationBar.backHint == nil)
    #expect(one.view.superview === container.view)
    navigator.open("tt://compose")
    #expect(container.navigationBar.titles == ["One", "Compose"])
    #expect(container.navigationBar.backHint == TTNavigationController.closeHint)
    #expect(one.viewIfLoaded?.superview == nil)
  }

  /// A container made for a navigator that already has a stack shows it at once.
  @Test func newContainerShowsTheCurrentStack() {
    navigator.open("tt://tables/items")
    let container = TTNavigationController(navigator: navigator)
    #expect(container.navigationBar.titles == ["Catalog", "Tables", "Table Items"])
    #expect(container.navigationBar.backHint == TTNavigationController.backHint)
  }

  // MARK: - Helpers

  /// Draws the container's view once, as the terminal host does, and returns the text.
  private func draw(_ container: TTNavigationController) -> String {
    let size = container.view.frame.size
    var canvas = TTCanvas(width: size.width, height: size.height)
    container.view.draw(on: &canvas)
    return TTANSIRenderer(capabilities: .plain).render(canvas)
  }

  /// What drawing must leave alone.
  private func snapshot(_ container: TTNavigationController) -> Snapshot {
    var frames: [TTRect] = []
    var layouts: [Bool] = []
    func walk(_ view: TTView) {
      frames.append(view.frame)
      layouts.append(view.needsLayout)
      view.subviews.forEach(walk)
    }
    walk(container.view)
    return Snapshot(
      titles: container.navigationBar.titles, hint: container.navigationBar.backHint, frames: frames,
      needsLayout: layouts, changeCount: navigator.changeCount,
      stack: stackURLs(navigator.stack + navigator.modalStack), isOnScreen: navigator.isOnScreen)
  }

  private struct Snapshot: Equatable {
    var titles: [String]
    var hint: String?
    var frames: [TTRect]
    var needsLayout: [Bool]
    var changeCount: Int
    var stack: [String]
    var isOnScreen: Bool
  }
}

/// The changes an observer was told about.
@MainActor
final class ChangeLog {
  var all: [TTNavigator.Change] = []
}

/// A controller that sets its title as it appears.
@MainActor
final class RetitlingController: TTViewController {
  override func viewWillAppear() {
    super.viewWillAppear()
    title = "Appeared"
  }
}

/// A registration made after the closure that removes it, so the closure holds it by reference.
@MainActor
final class ObservationSlot {
  var observation: TTObservation?
}
