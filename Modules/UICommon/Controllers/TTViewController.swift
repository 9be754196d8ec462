public import Three20Core
import Three20Style

/// A screen of the app: its view, its title, its lifecycle and its keys — Three20's
/// `TTViewController` (and the `UIViewController` beneath it), for the terminal.
///
/// The view is made when first needed: reading ``view`` calls ``loadView()`` and then
/// ``viewDidLoad()``. Whoever shows the controller — ``TTTerminalHost``, a navigator, a
/// container — tells it about appearing and disappearing with
/// ``beginAppearanceTransition(_:)`` and ``endAppearanceTransition()``, which call
/// ``viewWillAppear()``, ``viewDidAppear()``, ``viewWillDisappear()`` and
/// ``viewDidDisappear()`` in that order, always in balanced pairs: a call that would repeat
/// or skip a step is completed or ignored, never passed on out of order.
///
/// ```swift
/// final class HelloController: TTViewController {
///   let label = TTLabel(text: "Hello")
///   private(set) var count = 0
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     label.frame = TTRect(x: 0, y: 0, width: 20, height: 1)
///     view.addSubview(label)
///   }
///
///   override func handleKey(_ key: TTKey) -> Bool {
///     guard key == .character("j") else { return super.handleKey(key) }
///     count += 1
///     label.text = "Hello \(count)"   // the label asks to be redrawn
///     return true
///   }
/// }
///
/// let hello = HelloController()
/// hello.handleKey(.character("j"))   // true
/// TTTerminalHost.renderOnce(hello, size: TTSize(width: 20, height: 1), capabilities: .plain)
/// // "Hello 1"
/// ```
///
/// On a memory warning (``didReceiveMemoryWarning()``) a controller that is not on screen
/// drops its view, as Three20 did. Anything a subclass keeps that belongs to the view must
/// be let go of or reattached in ``viewDidUnload()`` / ``viewDidLoad()``: the next read of
/// ``view`` builds a fresh one with ``loadView()`` and ``viewDidLoad()`` again.
@MainActor
open class TTViewController {
  /// Where a controller is in its appearance lifecycle.
  public enum AppearanceState: Sendable, Hashable {
    /// Not on screen (the state of a new controller).
    case disappeared
    /// Between ``TTViewController/viewWillAppear()`` and ``TTViewController/viewDidAppear()``.
    case appearing
    /// On screen.
    case appeared
    /// Between ``TTViewController/viewWillDisappear()`` and
    /// ``TTViewController/viewDidDisappear()``.
    case disappearing
  }

  /// The title, shown by navigation bars and tab bars; `nil` by default.
  ///
  /// Changing it asks for the view to be redrawn (``invalidateView()``) and then runs the
  /// title's observers (``addTitleObserver(_:)``), so a bar that shows it can update before the
  /// next frame is drawn.
  open var title: String? {
    didSet {
      guard title != oldValue else { return }
      invalidateView()
      titleObservers.notify(self)
    }
  }

  private let titleObservers = TTObserverList<TTViewController>()

  /// The URL the controller was opened with, such as `tt://feed/42`; set by a navigator,
  /// `nil` by default.
  ///
  /// A navigator stores it when it persists the stack and opens it again on restore
  /// (Three20's `navigatorURL`). Plain stored property: the controller does not act on it.
  public var navigatorURL: String?

  /// State the controller wants to keep across launches, as strings; empty by default.
  ///
  /// A navigator reads it when persisting the stack and writes it back before the restored
  /// controller appears (Three20's `frozenState`, kept as strings so it can be stored as
  /// text). Plain stored property: the controller decides what goes in and when.
  public var frozenState: [String: String] = [:]

  private weak var explicitOpener: (any TTURLOpening)?

  /// What the controller asks to open URLs, such as a navigator.
  ///
  /// Defaults to `TTGlobalURLOpener.current`: reading it without having set it gives the
  /// app's global opener at the time of reading. It is held weakly, as the app owns its
  /// navigator; setting `nil` goes back to the global opener.
  public var opener: (any TTURLOpening)? {
    get { explicitOpener ?? TTGlobalURLOpener.current }
    set { explicitOpener = newValue }
  }

  /// What shows this controller, such as the navigator that opened it; held weakly, `nil`
  /// until a presenter sets it.
  public weak var presenter: (any TTPresenting)?

  /// How a presenter shows the controller; ``TTPresentationStyle/fullScreen`` by default.
  public var presentationStyle: TTPresentationStyle = .fullScreen

  /// Asks the ``presenter`` to take this controller off the screen (Three20's
  /// `dismissModalViewController`): what a composer does when the user sends or cancels.
  ///
  /// - Returns: `false` when no presenter shows the controller.
  @discardableResult
  public func dismiss() -> Bool {
    guard let presenter else {
      TTViewLog.debug("\(Self.self).dismiss(): no presenter shows this controller")
      return false
    }
    return presenter.dismiss(self)
  }

  /// Where the controller is in its appearance lifecycle.
  public private(set) var appearanceState: AppearanceState = .disappeared

  private var loadedView: TTView?

  /// Creates a controller; its view is made later, when first needed.
  public init() {}

  /// Creates a controller with a title.
  ///
  /// - Parameter title: The title.
  public convenience init(title: String?) {
    self.init()
    self.title = title
  }

  // MARK: - The view

  /// The controller's view, made by ``loadView()`` and ``viewDidLoad()`` when first read.
  ///
  /// Setting it replaces the view without calling ``viewDidLoad()``; ``loadView()`` sets it.
  public var view: TTView {
    get {
      if let loadedView { return loadedView }
      loadView()
      let made: TTView
      if let loadedView {
        made = loadedView
      } else {
        TTViewLog.warning(
          "\(Self.self).loadView() did not set a view; using an empty TTView. Set `view` in loadView().")
        made = TTView()
        loadedView = made
      }
      TTViewLog.debug("\(Self.self) viewDidLoad")
      viewDidLoad()
      return loadedView ?? made
    }
    set {
      loadedView = newValue
      newValue.setNeedsDisplay()
    }
  }

  /// The view if it has been made, without making it.
  public var viewIfLoaded: TTView? { loadedView }

  /// Whether the view has been made.
  public var isViewLoaded: Bool { loadedView != nil }

  /// Whether the controller is on screen or on its way there: appearing or appeared.
  public var isVisible: Bool { appearanceState == .appearing || appearanceState == .appeared }

  /// Makes the view; set ``view`` here, and do not call it yourself.
  ///
  /// The default makes a plain ``TTView``. Override it to make a view of your own class;
  /// add subviews in ``viewDidLoad()``.
  open func loadView() {
    view = TTView()
  }

  /// Called once the view has been made (again after a memory warning released it).
  ///
  /// The default does nothing. Override it to add subviews and set up the view.
  open func viewDidLoad() {}

  /// Called after a memory warning released the view; the default does nothing.
  ///
  /// Let go of anything that belongs to the old view here (or rebuild it in
  /// ``viewDidLoad()``), so the next view starts clean.
  open func viewDidUnload() {}

  // MARK: - Appearance

  /// Called before the view goes on screen; the default does nothing.
  open func viewWillAppear() {}

  /// Called once the view is on screen; the default does nothing.
  open func viewDidAppear() {}

  /// Called before the view leaves the screen; the default does nothing.
  open func viewWillDisappear() {}

  /// Called once the view has left the screen; the default does nothing.
  open func viewDidDisappear() {}

  /// Starts putting the controller on screen or taking it off: calls
  /// ``viewWillAppear()`` or ``viewWillDisappear()``.
  ///
  /// Presenters call this, then ``endAppearanceTransition()``. Out-of-order calls are made
  /// safe: starting to appear while disappearing first finishes the disappearance
  /// (``viewDidDisappear()``), and the other way round; starting to appear while already
  /// appearing or on screen (or to disappear while off screen) does nothing. Appearing loads
  /// the view first.
  ///
  /// - Parameter isAppearing: `true` to appear, `false` to disappear.
  public func beginAppearanceTransition(_ isAppearing: Bool) {
    switch (isAppearing, appearanceState) {
    case (true, .disappeared):
      _ = view
      transition(to: .appearing)
    case (true, .disappearing):
      transition(to: .disappeared)
      transition(to: .appearing)
    case (false, .appeared):
      transition(to: .disappearing)
    case (false, .appearing):
      transition(to: .appeared)
      transition(to: .disappearing)
    case (true, .appearing), (true, .appeared), (false, .disappearing), (false, .disappeared):
      TTViewLog.debug("\(Self.self): appearance transition to \(isAppearing) ignored in \(appearanceState)")
    }
  }

  /// Finishes the transition started by ``beginAppearanceTransition(_:)``.
  ///
  /// Calls ``viewDidAppear()`` or ``viewDidDisappear()``; does nothing when no transition is
  /// under way.
  public func endAppearanceTransition() {
    switch appearanceState {
    case .appearing: transition(to: .appeared)
    case .disappearing: transition(to: .disappeared)
    case .appeared, .disappeared: break
    }
  }

  /// Puts the controller on screen in one step: ``beginAppearanceTransition(_:)`` with
  /// `true`, then ``endAppearanceTransition()``.
  public func appear() {
    beginAppearanceTransition(true)
    endAppearanceTransition()
  }

  /// Takes the controller off screen in one step: ``beginAppearanceTransition(_:)`` with
  /// `false`, then ``endAppearanceTransition()``.
  public func disappear() {
    beginAppearanceTransition(false)
    endAppearanceTransition()
  }

  private func transition(to state: AppearanceState) {
    appearanceState = state
    TTViewLog.debug("\(Self.self) \(state)")
    switch state {
    case .appearing: viewWillAppear()
    case .appeared: viewDidAppear()
    case .disappearing: viewWillDisappear()
    case .disappeared: viewDidDisappear()
    }
  }

  // MARK: - Observing the title

  /// Runs `body` after each change of ``title``, until the registration is removed.
  ///
  /// Containers use it to show a controller's new title, such as a navigator's bar. Setting
  /// the title to the value it already has runs nothing. Observers run in the order they
  /// were added, with the controller.
  ///
  /// ```swift
  /// let screen = TTViewController(title: "Inbox")
  /// let observation = screen.addTitleObserver { print($0.title ?? "") }
  /// screen.title = "Inbox (3)"            // prints "Inbox (3)"
  /// screen.removeTitleObserver(observation)
  /// ```
  ///
  /// - Parameter body: What to run; it gets the controller.
  /// - Returns: The registration, for ``removeTitleObserver(_:)``.
  public func addTitleObserver(
    _ body: @escaping @MainActor (TTViewController) -> Void
  ) -> TTObservation {
    titleObservers.add(body)
  }

  /// Stops an observer added by ``addTitleObserver(_:)``; nothing happens if it was removed
  /// already.
  ///
  /// - Parameter observation: The registration.
  public func removeTitleObserver(_ observation: TTObservation) {
    titleObservers.remove(observation)
  }

  // MARK: - Drawing, keys, time

  /// Asks for the view to be drawn again (Three20's `invalidateView`).
  ///
  /// Marks the view as needing display; a controller whose view is not loaded has nothing
  /// to mark, and its view is drawn in full once made.
  open func invalidateView() {
    loadedView?.setNeedsDisplay()
  }

  /// Asks for the view to be drawn again; the same as ``invalidateView()``.
  public func setNeedsDisplay() {
    invalidateView()
  }

  /// Whether the view must be drawn: `true` until the view is made, then its
  /// ``TTView/needsDisplay``.
  public var needsDisplay: Bool {
    loadedView?.needsDisplay ?? true
  }

  /// Handles a key; returns whether it was used.
  ///
  /// ``dispatch(_:)`` calls it after the views of the focus chain have refused the key. The
  /// default uses no key. Override it to act on keys, and return `false` (or call `super`)
  /// for keys you do not use, so a container can use them.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` when the key was used.
  open func handleKey(_ key: TTKey) -> Bool {
    false
  }

  /// Handles a mouse event the views under the pointer did not use; returns whether it was
  /// used.
  ///
  /// The position is in the view's coordinates. The default uses none; containers pass the
  /// event on to the controller they show, with the position moved into its view.
  ///
  /// - Parameter event: The event.
  /// - Returns: `true` when the event was used.
  open func handleMouse(_ event: TTMouseEvent) -> Bool {
    false
  }

  /// Handles a paste the focused views did not use; returns whether it was used.
  ///
  /// The default uses none: a paste nobody takes is dropped, never typed as keys.
  ///
  /// - Parameter text: The pasted text, with line ends as `\n`.
  /// - Returns: `true` when the text was used.
  open func handlePaste(_ text: String) -> Bool {
    false
  }

  /// Called when the terminal window gains or loses focus (reported when the host asks
  /// for ``TTTerminalHost/InputModes/focus``); the default does nothing.
  ///
  /// - Parameter isFocused: Whether the terminal window now has focus.
  open func terminalFocusDidChange(_ isFocused: Bool) {}

  /// Routes an input event to the views and to the controller; what ``TTTerminalHost``
  /// calls for every event it reads.
  ///
  /// - A key goes along the focus chain (``TTView/handleKeyFromFocus(_:)``): the focused
  ///   view, then the views above it; then to ``handleKey(_:)``. A Tab or Shift-Tab that
  ///   nobody used moves the focus (``TTView/moveFocus(forward:)``).
  /// - A mouse event goes to the view under the pointer, then the views above it
  ///   (``TTView/handleMouseFromHit(_:)``; a left press focuses what it lands on), then to
  ///   ``handleMouse(_:)``.
  /// - A paste goes along the focus chain (``TTView/handlePasteFromFocus(_:)``), then to
  ///   ``handlePaste(_:)``; one nobody uses is dropped.
  /// - A focus change goes to ``terminalFocusDidChange(_:)``.
  ///
  /// ```swift
  /// let screen = TTViewController()
  /// let ok = TTButton(title: "OK")
  /// ok.frame = TTRect(x: 0, y: 0, width: 6, height: 1)
  /// screen.view.addSubview(ok)
  /// screen.dispatch(.key(.tab))      // true: the button takes the focus
  /// ok.isFocused                     // true
  /// ```
  ///
  /// - Parameter event: The event.
  /// - Returns: Whether anything used it.
  @discardableResult
  public func dispatch(_ event: TTInputEvent) -> Bool {
    switch event {
    case .key(let key):
      if view.handleKeyFromFocus(key) || handleKey(key) { return true }
      if key == .tab || key == .backTab { return view.moveFocus(forward: key == .tab) }
      return false
    case .mouse(let mouse):
      return view.handleMouseFromHit(mouse) || handleMouse(mouse)
    case .paste(let text):
      if view.handlePasteFromFocus(text) || handlePaste(text) { return true }
      TTViewLog.debug("\(Self.self): a paste of \(text.count) characters was not used")
      return false
    case .focusIn, .focusOut:
      terminalFocusDidChange(event == .focusIn)
      return true
    }
  }

  /// Advances animations by one step; the terminal host calls it about ten times a second
  /// on the controller it shows.
  ///
  /// The default ticks the loaded view's tree (``TTView/tick()``), which turns spinners.
  open func tick() {
    loadedView?.tick()
  }

  // MARK: - Memory

  /// Frees what can be made again (Three20's `didReceiveMemoryWarning`).
  ///
  /// The default releases the view when the controller is not on screen (appearance state
  /// ``AppearanceState/disappeared``), then calls ``viewDidUnload()``. The next read of
  /// ``view`` makes a new one with ``loadView()`` and ``viewDidLoad()``, so subclasses must
  /// rebuild everything that belongs to the view there (Three20 apps often lost state here;
  /// see the type's description). A visible controller keeps its view. Override it to free
  /// caches too, and call `super`.
  open func didReceiveMemoryWarning() {
    guard loadedView != nil, appearanceState == .disappeared else { return }
    TTViewLog.debug("\(Self.self) releases its view after a memory warning")
    loadedView = nil
    viewDidUnload()
  }
}
