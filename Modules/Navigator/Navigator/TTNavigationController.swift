import Three20Core
import Three20Style
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
///
/// Data flows one way. The controller observes its navigator (``TTNavigator/addObserver(_:)``)
/// and, when told of a change, puts the visible controller's view under the bar and sets the
/// bar's titles and hint, so a new title shows in the very next frame; the navigator holds no
/// reference to it. The controller passes its own appearance in to the navigator
/// (``TTNavigator/isOnScreen``) as it appears and disappears. Drawing only reads.
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
      (viewIfLoaded as? TTNavigationContainerView)?.isBarHidden = isNavigationBarHidden
    }
  }

  /// The registration of ``navigatorDidChange(_:)`` with the navigator.
  private var observation: TTObservation?

  /// Creates the screen for a navigator and starts observing it.
  ///
  /// The bar shows the navigator's state at once; every change the navigator announces
  /// after that updates it.
  ///
  /// - Parameter navigator: The navigator to show.
  public init(navigator: TTNavigator) {
    self.navigator = navigator
    self.navigationBar = TTNavigationBar()
    super.init()
    observation = navigator.addObserver { [weak self] change in self?.navigatorDidChange(change) }
    refreshBar()
  }

  /// Stops observing the navigator.
  isolated deinit {
    if let observation { navigator.removeObserver(observation) }
  }

  /// Makes the view that lays out the bar and the visible controller's view.
  open override func loadView() {
    view = TTNavigationContainerView(bar: navigationBar)
  }

  /// Shows the navigator's current state.
  open override func viewDidLoad() {
    super.viewDidLoad()
    showVisibleController()
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

  /// Passes a mouse event the views did not use to the visible controller, with the position
  /// moved into its view.
  ///
  /// - Parameter event: The event, in this controller's view.
  /// - Returns: Whether the visible controller used it.
  open override func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard let visible = navigator.visibleController, let content = visible.viewIfLoaded,
      content.superview === viewIfLoaded
    else { return false }
    return visible.handleMouse(event.offsetBy(dx: -content.frame.x, dy: -content.frame.y))
  }

  /// Passes a paste the views did not use to the visible controller.
  ///
  /// - Parameter text: The text.
  /// - Returns: Whether the visible controller used it.
  open override func handlePaste(_ text: String) -> Bool {
    navigator.visibleController?.handlePaste(text) ?? false
  }

  /// Tells the visible controller that the terminal gained or lost focus.
  ///
  /// - Parameter isFocused: Whether the terminal has focus.
  open override func terminalFocusDidChange(_ isFocused: Bool) {
    navigator.visibleController?.terminalFocusDidChange(isFocused)
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

  /// Updates the bar, and the view under it when the stack changed; the navigator calls it
  /// after every change it announces.
  private func navigatorDidChange(_ change: TTNavigator.Change) {
    refreshBar()
    if change != .titleChanged { showVisibleController() }
  }

  /// Sets the bar's titles and hint from the navigator.
  private func refreshBar() {
    navigationBar.titles = (navigator.stack + navigator.modalStack).map(Self.title(of:))
    navigationBar.backHint =
      navigator.canGoBack ? (navigator.isVisibleControllerModal ? Self.closeHint : Self.backHint) : nil
  }

  /// Puts the visible controller's view under the bar and lays them out, if the view is
  /// loaded.
  private func showVisibleController() {
    guard let container = viewIfLoaded as? TTNavigationContainerView else { return }
    let open = navigator.stack + navigator.modalStack
    if let visible = navigator.visibleController, visible.presentationStyle == .overPreviousScreen,
      open.count > 1
    {
      container.beneath = open[open.count - 2].view
    } else {
      container.beneath = nil
    }
    container.content = navigator.visibleController?.view
    container.isBarHidden = isNavigationBarHidden
    container.layoutIfNeeded()
  }

  /// A controller's title, or the last part of its URL when it has none.
  static func title(of controller: TTViewController) -> String {
    if let title = controller.title, !title.isEmpty { return title }
    guard let url = controller.navigatorURL else { return "Untitled" }
    let path = TTNavigator.withoutFragment(url).split(separator: "?").first.map(String.init) ?? url
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.tt.percentDecoded
  }
}

/// The navigation controller's view: the bar on top, the visible controller's view (its
/// ``content``) below.
///
/// It knows nothing of the controller or the navigator: the controller sets its content when
/// the navigator changes. Drawing only reads; ``layoutSubviews()`` places the two views.
@MainActor
final class TTNavigationContainerView: TTView {
  /// The bar, always the front subview.
  let bar: TTNavigationBar

  /// The view under the bar; setting it takes the old one out and puts the new one in.
  var content: TTView? {
    didSet {
      guard content !== oldValue else { return }
      if let oldValue, oldValue.superview === self { oldValue.removeFromSuperview() }
      if let content { insertSubview(content, at: 0) }
    }
  }

  /// The previous screen's view, drawn dimmed under a content shown over it.
  ///
  /// Used for `TTPresentationStyle.overPreviousScreen`. It is drawn only: it is not a
  /// subview, so keys, clicks and focus never reach it.
  var beneath: TTView? {
    didSet {
      guard beneath !== oldValue else { return }
      setNeedsLayout()
    }
  }

  /// Whether the bar gives its rows to the content.
  var isBarHidden = false {
    didSet { if isBarHidden != oldValue { setNeedsLayout() } }
  }

  init(bar: TTNavigationBar) {
    self.bar = bar
    super.init()
    addSubview(bar)
  }

  override func layoutSubviews() {
    let barHeight =
      isBarHidden ? 0 : max(0, TTStyleSheet.current.value(named: "navigationBarHeight") ?? 1)
    let height = min(barHeight, bounds.height)
    bar.frame = TTRect(x: 0, y: 0, width: bounds.width, height: height)
    content?.frame = TTRect(x: 0, y: height, width: bounds.width, height: bounds.height - height)
    beneath?.frame = TTRect(x: 0, y: height, width: bounds.width, height: bounds.height - height)
  }

  /// Draws the previous screen, dimmed, under a content shown over it.
  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard let beneath, beneath.superview == nil else { return }
    beneath.draw(on: &canvas, at: rect.origin)
    let area = beneath.frame.offsetBy(dx: rect.x, dy: rect.y)
    canvas.restyle(area) { style in
      var dimmed = style
      dimmed.attributes.insert(.dim)
      return dimmed
    }
  }
}
