import Testing
import Three20Core
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTViewController")
struct TTViewControllerTests {
  /// A controller that records every lifecycle call and shows a counter in a label it makes
  /// in viewDidLoad.
  final class RecordingController: TTViewController {
    var events: [String] = []
    var count = 0
    private(set) var label: TTLabel?

    override func loadView() {
      events.append("loadView")
      super.loadView()
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      events.append("viewDidLoad")
      let label = TTLabel(text: "count \(count)")
      label.frame = TTRect(x: 0, y: 0, width: 12, height: 1)
      view.addSubview(label)
      self.label = label
    }

    override func viewDidUnload() {
      events.append("viewDidUnload")
      label = nil
    }

    override func viewWillAppear() { events.append("willAppear") }
    override func viewDidAppear() { events.append("didAppear") }
    override func viewWillDisappear() { events.append("willDisappear") }
    override func viewDidDisappear() { events.append("didDisappear") }

    override func handleKey(_ key: TTKey) -> Bool {
      guard key == .character("j") else { return super.handleKey(key) }
      count += 1
      label?.text = "count \(count)"
      return true
    }
  }

  static let cycle = ["willAppear", "didAppear", "willDisappear", "didDisappear"]

  /// The view is made on first use; appearing then disappearing calls the four hooks in order.
  @Test func lifecycleRunsInOrder() {
    let controller = RecordingController()
    #expect(!controller.isViewLoaded)
    #expect(controller.needsDisplay)
    controller.appear()
    #expect(controller.isVisible)
    #expect(controller.appearanceState == .appeared)
    controller.disappear()
    #expect(!controller.isVisible)
    #expect(controller.events == ["loadView", "viewDidLoad"] + Self.cycle)
  }

  /// Appearing twice or disappearing while off screen does nothing.
  @Test func repeatedCallsAreIgnored() {
    let controller = RecordingController()
    controller.disappear()
    controller.appear()
    controller.appear()
    controller.beginAppearanceTransition(true)
    controller.endAppearanceTransition()
    controller.endAppearanceTransition()
    controller.disappear()
    controller.disappear()
    #expect(controller.events == ["loadView", "viewDidLoad"] + Self.cycle)
  }

  /// Reversing a transition half-way first completes it, so every will has its did.
  @Test func reversedTransitionsStayBalanced() {
    let controller = RecordingController()
    controller.beginAppearanceTransition(true)
    controller.beginAppearanceTransition(false)
    #expect(controller.appearanceState == .disappearing)
    controller.beginAppearanceTransition(true)
    controller.endAppearanceTransition()
    #expect(
      controller.events == ["loadView", "viewDidLoad"] + Self.cycle + ["willAppear", "didAppear"])
  }

  /// Any sequence of presenter calls gives the hooks in cycle order, never two in a row
  /// out of turn.
  @Test func randomPresenterCallsKeepTheCycle() {
    var generator = SeededGenerator(seed: 5)
    for _ in 0..<50 {
      let controller = RecordingController()
      for _ in 0..<40 {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: controller.beginAppearanceTransition(true)
        case 1: controller.beginAppearanceTransition(false)
        default: controller.endAppearanceTransition()
        }
      }
      controller.disappear()
      let hooks = controller.events.filter { Self.cycle.contains($0) }
      #expect(hooks.count % 4 == 0)
      for (index, hook) in hooks.enumerated() {
        #expect(hook == Self.cycle[index % 4])
      }
    }
  }

  /// A memory warning keeps the view of a visible controller.
  @Test func memoryWarningKeepsVisibleView() {
    let controller = RecordingController()
    controller.appear()
    let view = controller.view
    controller.didReceiveMemoryWarning()
    #expect(controller.view === view)
    #expect(!controller.events.contains("viewDidUnload"))
  }

  /// A memory warning releases a hidden controller's view; the next use rebuilds it fully,
  /// with its subviews once and its current state, and keys act on the new view.
  @Test func memoryWarningReleasesAndRecreates() {
    let controller = RecordingController()
    let size = TTSize(width: 12, height: 1)
    #expect(TTTerminalHost.renderOnce(controller, size: size, capabilities: .plain) == "count 0")
    #expect(controller.handleKey(.character("j")))
    weak let oldView = controller.viewIfLoaded
    controller.didReceiveMemoryWarning()
    #expect(!controller.isViewLoaded)
    #expect(controller.label == nil)
    #expect(oldView == nil)
    #expect(controller.needsDisplay)
    #expect(TTTerminalHost.renderOnce(controller, size: size, capabilities: .plain) == "count 1")
    #expect(controller.view.subviews.count == 1)
    #expect(controller.handleKey(.character("j")))
    #expect(controller.needsDisplay)
    #expect(TTTerminalHost.renderOnce(controller, size: size, capabilities: .plain) == "count 2")
    #expect(
      controller.events == ["loadView", "viewDidLoad"] + Self.cycle + [
        "viewDidUnload", "loadView", "viewDidLoad",
      ]
        + Self.cycle + Self.cycle)
  }

  /// A loadView that sets no view gets an empty one instead of a crash.
  @Test func loadViewWithoutViewGetsAnEmptyOne() {
    final class Careless: TTViewController {
      override func loadView() {}
    }
    let controller = Careless()
    #expect(controller.view.subviews.isEmpty)
    #expect(controller.isViewLoaded)
  }

  /// The opener defaults to the global one, can be set, and is held weakly.
  @Test func openerDefaultsToTheGlobalOne() {
    let saved = TTGlobalURLOpener.current
    defer { TTGlobalURLOpener.current = saved }
    let global = TTClosureURLOpener { _, _ in true }
    TTGlobalURLOpener.current = global
    let controller = TTViewController()
    #expect(controller.opener === global)
    do {
      let own = TTClosureURLOpener { _, _ in true }
      controller.opener = own
      #expect(controller.opener === own)
      controller.opener?.openURL("tt://feed/1")
      #expect(own.openedURLs == ["tt://feed/1"])
    }
    #expect(controller.opener === global)
    controller.opener = nil
    #expect(controller.opener === global)
  }

  /// Title, navigator URL and frozen state are kept; a new title asks for a redraw.
  @Test func storedPropertiesAndInvalidation() {
    let controller = TTViewController(title: "Feed")
    controller.navigatorURL = "tt://feed/42"
    controller.frozenState = ["scroll": "12"]
    #expect(controller.title == "Feed")
    #expect(controller.navigatorURL == "tt://feed/42")
    #expect(controller.frozenState["scroll"] == "12")
    var canvas = TTCanvas(width: 2, height: 1)
    controller.view.draw(on: &canvas)
    #expect(!controller.needsDisplay)
    controller.title = "News"
    #expect(controller.needsDisplay)
    controller.view.draw(on: &canvas)
    controller.setNeedsDisplay()
    #expect(controller.needsDisplay)
  }

  /// The default controller uses no keys and ticks its view.
  @Test func defaultsUseNoKeysAndTickTheView() {
    let controller = TTViewController()
    #expect(!controller.handleKey(.enter))
    let spinner = TTActivityLabel()
    controller.view.addSubview(spinner)
    controller.tick()
    #expect(spinner.tickCount == 1)
  }
}
