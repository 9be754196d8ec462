import Three20Core
public import Three20Style
public import Three20UICommon

/// The screen that shows a navigator: a navigation bar above the visible controller's view.
///
/// This is the controller to hand to `TTTerminalHost.run(_:)`.
///
/// ```swift
/// let navigator = try TTNavigator(map: map, persistenceMode: .all)
/// TTGlobalURLOpener.current = navigator
/// if !navigator.restore() { navigator.openURL("tt://catalog") }
/// try await TTTerminalHost().run(TTNavigationController(navigator: navigator))
/// ```
///
/// Keys go to the visible controller first; a key it does not use that is Backspace or
/// Escape goes back (``TTNavigator/back()``, which also dismisses a modal screen). The bar
/// shows the titles of the open screens (``TTNavigationBar``) and `⌫ Back` (or `⌫ Close`
/// over a modal screen) when there is somewhere to go back to. When this controller appears
/// or disappears, so does the visible controller; when it disappears, the navigator saves its
/// stack (``TTNavigator/persist()``).
@MainActor
open class TTNavigationController: TTViewController {
  /// The hint shown when going back pops the visible screen.
  public static let backHint = "⌫ Back"
  /// The hint shown when going back dismisses a modal screen.
  public static let closeHint = "⌫ Close"

  /// The navigator shown; held strongly, so the controller keeps it alive.
  public let navigator: TTNavigator

  /// The bar drawn above the visible controller.
  public let navigationBar: TTNavigationBar

  /// Whether the bar is hidden, giving its rows to the visible controller; `false` by
  /// default.
  open var isNavigationBarHidden = false {
    didSet {
      guard isNavigationBarHidden != oldValue else { return }
      navigationBar.isHidden = isNavigationBarHidden
      viewIfLoaded?.setNeedsLayout()
    }
  }

  private weak var shownController: TTViewController?

  /// Creates the screen for a navigator; the navigator then tells it about every change.
  ///
  /// - Parameter navigator: The navigator to show.
  public init(navigator: TTNavigator) {
    self.navigator = navigator
    self.navigationBar = TTNavigationBar()
    super.init()
    navigator.container = self
  }

  /// Makes the view that lays out the bar and the visible controller's view.
  open override func loadView() {
    view = TTNavigationContainerView(controller: self)
  }

  /// Shows the navigator's current state.
  open override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(navigationBar)
    navigatorDidChange()
  }

  /// Puts the navigator's controllers on screen.
  open override func viewWillAppear() {
    super.viewWillAppear()
    navigator.isOnScreen = true
  }

  /// Takes the navigator's controllers off screen.
  open override func viewWillDisappear() {
    super.viewWillDisappear()
    navigator.isOnScreen = false
  }

  /// Saves the navigator's stack, with its controllers' latest state.
  open override func viewDidDisappear() {
    super.viewDidDisappear()
    navigator.persist()
  }

  /// Offers the key to the visible controller; goes back on Backspace or Escape if it did
  /// not use it.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  open override func handleKey(_ key: TTKey) -> Bool {
    if let visible = navigator.visibleController, visible.handleKey(key) { return true }
    if key == .backspace || key == .escape { return navigator.back() }
    return false
  }

  /// Ticks the bar and the visible controller.
  open override func tick() {
    navigationBar.tick()
    navigator.visibleController?.tick()
  }

  /// Passes the warning to every open controller, then lets the view go if off screen.
  open override func didReceiveMemoryWarning() {
    for controller in navigator.stack + navigator.modalStack {
      controller.didReceiveMemoryWarning()
    }
    super.didReceiveMemoryWarning()
  }

  /// Puts the visible controller's view under the bar and updates the bar; the navigator
  /// calls it after every change.
  func navigatorDidChange() {
    guard let container = viewIfLoaded else { return }
    let visible = navigator.visibleController
    if shownController !== visible {
      if let old = shownController?.viewIfLoaded, old.superview === container {
        old.removeFromSuperview()
      }
      if let visible { container.insertSubview(visible.view, at: 0) }
      shownController = visible
    }
    refreshBar()
    container.setNeedsLayout()
    container.layoutIfNeeded()
  }

  /// Sets the bar's titles and hint from the navigator; also run before each drawing, so a
  /// controller's new title shows at once.
  func refreshBar() {
    navigationBar.titles = (navigator.stack + navigator.modalStack).map(Self.title(of:))
    navigationBar.backHint =
      navigator.canGoBack ? (navigator.isVisibleControllerModal ? Self.closeHint : Self.backHint) : nil
  }

  /// A controller's title, or the last part of its URL when it has none.
  static func title(of controller: TTViewController) -> String {
    if let title = controller.title, !title.isEmpty { return title }
    guard let url = controller.navigatorURL else { return "Untitled" }
    let path = TTNavigator.withoutFragment(url).split(separator: "?").first.map(String.init) ?? url
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.tt.percentDecoded
  }

  /// Places the bar and the visible view.
  func layout(in bounds: TTRect) {
    let barHeight =
      isNavigationBarHidden ? 0 : max(0, TTStyleSheet.current.value(named: "navigationBarHeight") ?? 1)
    let bar = min(barHeight, bounds.height)
    navigationBar.frame = TTRect(x: 0, y: 0, width: bounds.width, height: bar)
    shownController?.view.frame = TTRect(x: 0, y: bar, width: bounds.width, height: bounds.height - bar)
  }
}

/// The navigation controller's view: lays out the bar and the visible controller's view.
@MainActor
final class TTNavigationContainerView: TTView {
  private weak var controller: TTNavigationController?

  init(controller: TTNavigationController) {
    self.controller = controller
    super.init()
  }

  override func layoutSubviews() {
    controller?.layout(in: bounds)
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    controller?.refreshBar()
  }
}
