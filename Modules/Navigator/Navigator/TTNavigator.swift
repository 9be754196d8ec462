import Foundation
public import Three20Core
import Three20Style
public import Three20UICommon

/// Opens URLs as screens and keeps them in a stack: Three20's `TTNavigator`.
///
/// Every screen of the app has a URL. The navigator asks its resolver (the URL map) what a
/// URL opens, makes the controller with the route's factory, and shows it as the route says:
///
/// - ``TTNavigationMode/create``: a new controller is pushed on the stack;
/// - ``TTNavigationMode/share``: one controller per URL, made the first time and kept; opening
///   the URL again brings that same controller back (popping what is above it if it is still
///   on the stack);
/// - ``TTNavigationMode/modal``: a new controller is presented over the stack, in
///   ``modalStack``; URLs opened while it is shown are pushed above it, and
///   ``dismissModal()`` takes them all away;
/// - ``TTNavigationMode/none`` and handler routes: the factory or handler runs and nothing is
///   pushed.
///
/// A route's parent URL (or an action's) is opened first, so a deep link builds its stack:
/// if a controller with the parent's URL is already open, the stack is popped back to it;
/// otherwise the parent URL is opened, with its own parents, through the same hooks.
///
/// ```swift
/// let navigator = try TTNavigator(map: map)
/// TTGlobalURLOpener.current = navigator
/// navigator.open("tt://tableItemTest")   // parent tt://catalog is opened first
/// navigator.stack.map(\.navigatorURL)    // ["tt://catalog", "tt://tableItemTest"]
/// navigator.back()                       // true
/// navigator.visibleController?.title     // "Three20 Catalog"
///
/// try await TTTerminalHost().run(TTNavigationController(navigator: navigator))
/// ```
///
/// Each controller opened gets its `navigatorURL` (the URL it was opened with) and its
/// `opener` (this navigator). Only the visible controller is on screen: showing another one
/// makes the old one disappear and the new one appear (`beginAppearanceTransition(_:)` and
/// `endAppearanceTransition()`), once per change, however many controllers the change
/// pushed. A URL that is only a fragment (`#comments`), or the visible controller's URL with
/// a fragment, goes to the visible controller's ``TTFragmentHandling/handleFragment(_:)``.
///
/// With a ``persistenceMode`` other than ``TTNavigatorPersistenceMode/none`` the stack is
/// saved to ``persistence`` whenever it changes, and ``restore()`` opens it again on the next
/// launch; see <doc:Persistence>.
///
/// The navigator knows nothing of what draws it. It announces every change — controllers
/// pushed, popped or replaced, an open controller's title changed — to the observers added
/// with ``addObserver(_:)``; ``TTNavigationController`` is one of them, and updates its bar
/// and content when told.
@MainActor
public final class TTNavigator: TTURLOpening, TTPresenting {
  /// The most URLs opened inside one another: 64.
  ///
  /// Parents of parents, or factories that open URLs, nest; deeper chains are cut with a
  /// warning.
  public static let maximumNesting = 64

  /// What URLs open: the URL map's frozen matcher, or any other resolver.
  ///
  /// Replace it to change what URLs open while the app runs (Three20 apps added and removed
  /// mappings on the live `URLMap`): change the ``TTURLMap``, then set
  /// `navigator.resolver = try map.freeze()`. Controllers already open, and shared ones, stay.
  public var resolver: any TTURLResolving

  /// The delegate, asked before each URL is opened; held weakly, `nil` by default.
  public weak var delegate: (any TTNavigatorDelegate)?

  /// The schemes a URL may have when only a fallback route matches it;
  /// `TTURLSchemePolicy.default` (`http`, `https`, `mailto` and relative references) by default.
  ///
  /// URLs come from data: table rows, links in feeds and pages, a saved history. A URL whose
  /// scheme the app maps on purpose (the map has a pattern such as `tt://feed/(id)`, an exact
  /// entry, or a fallback such as `https://*` with that scheme) opens as mapped. A URL of any
  /// other scheme that only the `*` fallback catches opens only if the policy allows its
  /// scheme, so a catch-all page never receives `javascript:`, `data:` or `file:` URLs. A
  /// refused URL opens nothing; the reason is logged as a warning and kept in
  /// ``lastRefusal``.
  ///
  /// ```swift
  /// navigator.urlSchemePolicy = TTURLSchemePolicy.default.allowing("ftp")
  /// ```
  public var urlSchemePolicy: TTURLSchemePolicy = .default

  /// Why the last URL the ``urlSchemePolicy`` refused was refused, or `nil` when none was.
  public private(set) var lastRefusal: String?

  /// What is saved of the stack; ``TTNavigatorPersistenceMode/none`` by default.
  public var persistenceMode: TTNavigatorPersistenceMode = .none

  /// How long a saved stack stays good; `nil` (the default) for ever (Three20's
  /// `persistenceExpirationAge` of 0).
  ///
  /// When a stack older than this is restored, only its entries whose URL is in
  /// ``importantURLs`` are opened.
  public var persistenceExpiration: Duration?

  /// URLs whose controllers are restored even from an expired stack.
  ///
  /// Three20's `__important__` state. Compared with each controller's `navigatorURL`
  /// exactly. Empty by default.
  public var importantURLs: Set<String> = []

  /// Where the stack is saved; by default the user's state folder
  /// (`TTNavigatorPersistence()`).
  public var persistence: TTNavigatorPersistence

  /// Whether the navigator's controllers are on screen; `true` by default.
  ///
  /// Whoever shows the navigator passes it in: ``TTNavigationController`` sets it as it
  /// appears and disappears itself (never while drawing). Setting it to `false` makes the
  /// visible controller disappear; setting it back makes it appear. While it is `false`,
  /// changes to the stack make no controller appear.
  public var isOnScreen: Bool = true {
    didSet {
      guard isOnScreen != oldValue, let visible = visibleController else { return }
      if isOnScreen { visible.appear() } else { visible.disappear() }
    }
  }

  /// One controller on the stack.
  private struct Item {
    let controller: TTViewController
    /// Whether a modal presentation starts here.
    let isModal: Bool
    /// The parent URL it was opened under, if any.
    let parentURL: String?
  }

  private var items: [Item] = []
  private var sharedControllers: [String: TTViewController] = [:]
  private var changeDepth = 0
  private var visibleBeforeChange: TTViewController?
  private var itemsBeforeChange: [Item] = []
  private var opening: [String] = []
  private var isRestoring = false
  private var lastSavedEntries: [TTNavigatorHistory.Entry]?

  /// The observers of ``addObserver(_:)``, in the order they were added.
  private let observers = TTObserverList<Change>()
  /// The title registrations on the open controllers, by controller.
  private var titleObservations: [ObjectIdentifier: (TTViewController, TTObservation)] =
    [:]
  /// Whether a title changed while a change was under way; announced with it.
  private var titleChangedDuringChange = false
  /// Whether the appearance transitions that end a change are running.
  private var isFinishingChange = false

  /// How many changes the navigator has announced to its observers; 0 at first.
  ///
  /// It goes up by one before each announcement, so comparing it with a value read earlier
  /// says whether anything changed since, without observing.
  public private(set) var changeCount = 0

  /// Creates a navigator with an empty stack.
  ///
  /// - Parameters:
  ///   - resolver: What URLs open.
  ///   - persistenceMode: What is saved of the stack; nothing by default.
  ///   - persistence: Where it is saved; the user's state folder by default.
  public init(
    resolver: any TTURLResolving, persistenceMode: TTNavigatorPersistenceMode = .none,
    persistence: TTNavigatorPersistence = TTNavigatorPersistence()
  ) {
    self.resolver = resolver
    self.persistenceMode = persistenceMode
    self.persistence = persistence
  }

  /// Creates a navigator that opens URLs as the map says: the usual way to make one.
  ///
  /// The map is frozen into its ``TTURLMatcher`` (``TTURLMap/freeze()``); later changes to
  /// `map` do not reach the navigator until it is given a new ``resolver``.
  ///
  /// ```swift
  /// var map = TTURLMap()
  /// try map.mapShared("tt://catalog") { _, _ in CatalogController() }
  /// try map.map("tt://user/(id:int)", parent: "tt://catalog") { match, _ in
  ///   match.int("id").map(UserController.init(id:))
  /// }
  /// let navigator = try TTNavigator(map: map)
  /// navigator.open("tt://user/7")           // a UserController with id 7, over the catalog
  /// ```
  ///
  /// - Parameters:
  ///   - map: The URL map.
  ///   - persistenceMode: What is saved of the stack; nothing by default.
  ///   - persistence: Where it is saved; the user's state folder by default.
  /// - Throws: ``TTURLMapError/Code/clashingPatterns`` when patterns of the map clash.
  public convenience init(
    map: TTURLMap, persistenceMode: TTNavigatorPersistenceMode = .none,
    persistence: TTNavigatorPersistence = TTNavigatorPersistence()
  ) throws {
    self.init(resolver: try map.freeze(), persistenceMode: persistenceMode, persistence: persistence)
  }

  /// Stops observing the titles of the controllers still open.
  isolated deinit {
    for (controller, observation) in titleObservations.values {
      controller.removeTitleObserver(observation)
    }
  }

  // MARK: - The stack

  /// The navigation stack, bottom (root) first, without the modal controllers over it.
  public var stack: [TTViewController] {
    items.prefix { !$0.isModal }.map(\.controller)
  }

  /// The controllers presented over the stack, bottom first: each modal controller and those
  /// pushed above it; empty when nothing is presented.
  public var modalStack: [TTViewController] {
    items.drop { !$0.isModal }.map(\.controller)
  }

  /// The controller on screen: the top of ``modalStack``, else the top of ``stack``.
  public var visibleController: TTViewController? {
    items.last?.controller
  }

  /// The top of the navigation stack beneath any modal controllers (Three20's
  /// `topViewController`).
  public var topController: TTViewController? {
    stack.last
  }

  /// The URL of the top of the navigation stack (Three20's `URL`).
  public var url: String? {
    topController?.navigatorURL
  }

  /// Whether ``back()`` would do anything: more than one controller is open.
  public var canGoBack: Bool {
    items.count > 1
  }

  /// Whether the visible controller is the first of a modal presentation, so going back
  /// dismisses it.
  public var isVisibleControllerModal: Bool {
    items.last?.isModal ?? false
  }

  // MARK: - Opening

  /// Opens a URL with everything an action can say.
  ///
  /// In order: an empty URL opens nothing; a URL that is only a fragment is put after the
  /// visible controller's URL; the delegate is asked (``TTNavigatorDelegate``); a fragment on
  /// the visible controller's URL goes to its ``TTFragmentHandling/handleFragment(_:)``;
  /// otherwise the resolver is asked, and the route's parent opened, its controller made
  /// with the action's query objects, given the action's state, and shown as the route's
  /// mode says.
  ///
  /// ```swift
  /// navigator.open(TTURLAction("tt://compose", query: ["to": recipient]))
  /// ```
  ///
  /// - Parameter action: What to open.
  /// - Returns: The controller opened or brought back (or made, for a
  ///   ``TTNavigationMode/none`` route; the visible one, for a fragment); `nil` when nothing
  ///   matched, the delegate cancelled, a factory declined, or a handler ran.
  @discardableResult
  public func open(_ action: TTURLAction) -> TTViewController? {
    if case .controller(let controller) = perform(action) { return controller }
    return nil
  }

  /// Opens a URL (`TTURLOpening`), handing `query` to whatever it opens.
  ///
  /// - Parameters:
  ///   - url: The URL, for example `tt://feed/42`.
  ///   - query: Objects for the route's factory or handler; not part of the URL.
  /// - Returns: `true` when a controller was opened or a handler handled the URL.
  @discardableResult
  public func openURL(_ url: String, query: [String: any Sendable]) -> Bool {
    switch perform(TTURLAction(url, query: query)) {
    case .controller, .handled: true
    case .notOpened: false
    }
  }

  /// Opens URLs one after another, as one change: only the last controller appears
  /// (Three20's `openURLs:`).
  ///
  /// ```swift
  /// navigator.openURLs(["tt://catalog", "tt://styleTest"])
  /// ```
  ///
  /// - Parameter urls: The URLs, in order.
  /// - Returns: The last controller opened, or `nil` when none was.
  @discardableResult
  public func openURLs(_ urls: [String]) -> TTViewController? {
    change {
      var last: TTViewController?
      for url in urls {
        if let controller = open(TTURLAction(url)) { last = controller }
      }
      return last
    }
  }

  /// The URL for an object, from the generators of the navigator's URL map (Three20's
  /// `URLForObject:`).
  ///
  /// - Parameters:
  ///   - object: The object, for example a `User`.
  ///   - name: The generator's name; `nil` (the default) for the unnamed one.
  /// - Returns: The URL, or `nil` when no generator fits, or when the ``resolver`` is not a
  ///   ``TTURLMatcher``.
  public func url(for object: Any, named name: String? = nil) -> String? {
    (resolver as? TTURLMatcher)?.url(for: object, named: name)
  }

  /// Opens the URL of an object, made by the map's generators: `open(url(for: object))`.
  ///
  /// ```swift
  /// navigator.openURL(for: User(id: 7))   // opens tt://user/7
  /// ```
  ///
  /// - Parameters:
  ///   - object: The object, for example a `User`.
  ///   - name: The generator's name; `nil` (the default) for the unnamed one.
  ///   - query: Objects for the route's factory; none by default.
  /// - Returns: The controller opened, or `nil` when the object has no URL or it opened none.
  @discardableResult
  public func openURL(
    for object: Any, named name: String? = nil, query: [String: any Sendable] = [:]
  ) -> TTViewController? {
    guard let url = url(for: object, named: name) else {
      TTLog.info(.navigator, "No generator makes a URL for \(type(of: object)); nothing opened.")
      return nil
    }
    return open(TTURLAction(url, query: query))
  }

  // MARK: - Going back

  /// Takes the visible controller away, showing the one beneath (for the first controller of
  /// a modal presentation, this dismisses it).
  ///
  /// - Returns: `false` when only the root is left (or nothing is open), which stays.
  @discardableResult
  public func back() -> Bool {
    guard items.count > 1 else { return false }
    change { _ = items.removeLast() }
    return true
  }

  /// Takes a controller off the screen when it is the visible one: goes back, which
  /// dismisses a modal controller or pops a pushed one (the `TTPresenting` seam, which a
  /// composer's `dismiss()` uses).
  ///
  /// - Parameter controller: The controller.
  /// - Returns: `false` when the controller is not the visible one, or is the root.
  @discardableResult
  public func dismiss(_ controller: TTViewController) -> Bool {
    guard visibleController === controller else { return false }
    return back()
  }

  /// Whether a controller is open here, visible or under others (the `TTPresenting` seam: a
  /// composer that leaves the screen while still open here is not cancelled).
  ///
  /// - Parameter controller: The controller.
  /// - Returns: `true` when the controller is on the stack or the modal stack.
  public func isPresenting(_ controller: TTViewController) -> Bool {
    items.contains { $0.controller === controller }
  }

  /// Takes away every controller but the root, modal ones included.
  ///
  /// - Returns: `false` when only the root (or nothing) is open.
  @discardableResult
  public func backToRoot() -> Bool {
    guard items.count > 1 else { return false }
    change { items.removeSubrange(1...) }
    return true
  }

  /// Dismisses the topmost modal presentation: its modal controller and everything pushed
  /// above it.
  ///
  /// - Returns: `false` when nothing is presented modally.
  @discardableResult
  public func dismissModal() -> Bool {
    guard let start = items.lastIndex(where: \.isModal) else { return false }
    change { items.removeSubrange(start...) }
    return true
  }

  /// Closes every controller and forgets the shared ones (Three20's
  /// `removeAllViewControllers`).
  public func removeAllControllers() {
    change { items.removeAll() }
    sharedControllers.removeAll()
  }

  // MARK: - Observing

  /// Runs `body` after each change of the navigator, until the registration is removed.
  ///
  /// Each change is announced once it is complete (see ``TTNavigator/Change``): the stack,
  /// the visible controller and the titles already read as they now are. Observers run in
  /// the order they were added; one removed while others are being told is not told. The
  /// navigator keeps `body`, so capture its owner weakly.
  ///
  /// ```swift
  /// let observation = navigator.addObserver { [weak navigator] change in
  ///   print(change, navigator?.visibleController?.title ?? "")
  /// }
  /// navigator.open("tt://catalog")           // prints "pushed Catalog"
  /// navigator.removeObserver(observation)
  /// ```
  ///
  /// - Parameter body: What to run; it gets what changed.
  /// - Returns: The registration, for ``removeObserver(_:)``.
  public func addObserver(
    _ body: @escaping @MainActor (Change) -> Void
  ) -> TTObservation {
    observers.add(body)
  }

  /// Stops an observer added by ``addObserver(_:)``; nothing happens if it was removed
  /// already.
  ///
  /// - Parameter observation: The registration.
  public func removeObserver(_ observation: TTObservation) {
    observers.remove(observation)
  }

  /// Tells the observers about a change.
  private func announce(_ change: Change) {
    changeCount += 1
    observers.notify(change)
  }

  /// Observes the titles of the open controllers, and only theirs.
  private func observeOpenTitles() {
    var open: [ObjectIdentifier: TTViewController] = [:]
    for item in items { open[ObjectIdentifier(item.controller)] = item.controller }
    for (key, (controller, observation)) in titleObservations where open[key] == nil {
      controller.removeTitleObserver(observation)
      titleObservations[key] = nil
    }
    for (key, controller) in open where titleObservations[key] == nil {
      let observation = controller.addTitleObserver { [weak self] _ in self?.openTitleDidChange() }
      titleObservations[key] = (controller, observation)
    }
  }

  private func openTitleDidChange() {
    if changeDepth > 0 || isFinishingChange {
      titleChangedDuringChange = true
    } else {
      announce(.titleChanged)
    }
  }

  // MARK: - Persistence

  /// Saves the stack now, with each controller's current `frozenState`, if
  /// ``persistenceMode`` saves anything (Three20's `persistViewControllers`).
  ///
  /// The navigator also saves by itself whenever the stack changes, and
  /// ``TTNavigationController`` saves when it leaves the screen; call this after changing a
  /// controller's state that must not be lost.
  ///
  /// - Returns: Whether a history was written.
  @discardableResult
  public func persist() -> Bool {
    guard persistenceMode != .none else { return false }
    let entries = historyEntries()
    let saved = persistence.save(TTNavigatorHistory(entries: entries))
    if saved { lastSavedEntries = entries }
    return saved
  }

  /// Opens the stack saved by the last launch (Three20's `restoreViewControllers`).
  ///
  /// Each saved URL is opened in order, with its saved state given to the controller (its
  /// `frozenState`) before it appears. When the history is older than
  /// ``persistenceExpiration``, only the entries marked important are opened. A missing,
  /// unreadable, damaged or old-format history is not an error: a warning is logged, the
  /// file moved aside, and nothing is opened.
  ///
  /// ```swift
  /// if !navigator.restore() {
  ///   navigator.openURL("tt://catalog")
  /// }
  /// ```
  ///
  /// - Returns: Whether at least one controller was opened; always `false` when
  ///   ``persistenceMode`` is ``TTNavigatorPersistenceMode/none``.
  @discardableResult
  public func restore() -> Bool {
    guard persistenceMode != .none else { return false }
    guard let history = persistence.load().history else { return false }
    var entries = history.entries.filter { !$0.url.isEmpty }
    if history.isExpired(after: persistenceExpiration) {
      entries = entries.filter(\.isImportant)
      TTLog.info(
        .navigator,
        "The navigator history \(TTMessageText.quoted(persistence.fileURL.path, limit: 1024)) from \(history.savedAt) has expired; "
          + "restoring its \(entries.count) important entries only.")
    }
    guard !entries.isEmpty else { return false }
    isRestoring = true
    let restored = change {
      var count = 0
      for entry in entries {
        if open(TTURLAction(entry.url, state: entry.state)) != nil {
          count += 1
        } else {
          TTLog.warning(
            .navigator,
            "Could not restore \(TTMessageText.quoted(entry.url)) from "
              + "\(TTMessageText.quoted(persistence.fileURL.path, limit: 1024)): it opens nothing now; skipped."
          )
        }
      }
      return count
    }
    isRestoring = false
    saveIfChanged()
    return restored > 0
  }

  // MARK: - Opening, step by step

  private enum Outcome {
    case controller(TTViewController)
    case handled
    case notOpened
  }

  private func perform(_ action: TTURLAction) -> Outcome {
    var url = action.url.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !url.isEmpty else {
      TTLog.debug(.navigator, "An empty URL opens nothing.")
      return .notOpened
    }
    if url.hasPrefix("#") {
      guard let current = visibleController?.navigatorURL else {
        TTLog.info(
          .navigator, "The fragment URL \(TTMessageText.quoted(url)) has no visible controller to go to.")
        delegate?.navigator(self, didNotMatch: url)
        return .notOpened
      }
      url = Self.withoutFragment(current) + url
    }
    guard opening.count < Self.maximumNesting, !opening.contains(url) else {
      TTLog.warning(
        .navigator,
        "Not opening \(TTMessageText.quoted(url)): it is already being opened beneath \(TTMessageText.quoted(opening.last ?? "?")) "
          + "(a loop of parent URLs, or \(Self.maximumNesting) URLs opened inside one another). "
          + "Check the routes' parent URLs.")
      return .notOpened
    }
    opening.append(url)
    defer { opening.removeLast() }

    if let delegate {
      guard delegate.navigator(self, shouldOpen: url) else {
        TTLog.info(.navigator, "The delegate refused \(TTMessageText.quoted(url)).")
        return .notOpened
      }
      guard let rewritten = delegate.navigator(self, urlToOpen: url) else {
        TTLog.info(.navigator, "The delegate cancelled \(TTMessageText.quoted(url)).")
        return .notOpened
      }
      url = rewritten
    }
    if let outcome = dispatchFragment(url) { return outcome }
    guard let resolution = resolver.resolve(url) else {
      TTLog.info(.navigator, "No route matches \(TTMessageText.quoted(url)).")
      delegate?.navigator(self, didNotMatch: url)
      return .notOpened
    }
    if let refusal = refusal(of: url, pattern: resolution.match.pattern) {
      lastRefusal = refusal
      TTLog.warning(.navigator, "Not opening a URL: \(refusal)")
      return .notOpened
    }
    TTLog.debug(
      .navigator,
      "Opening \(TTMessageText.quoted(url)) (pattern \(TTMessageText.quoted(resolution.match.pattern))).")
    return present(resolution, url: url, action: action)
  }

  /// Why ``urlSchemePolicy`` refuses a URL that matched `pattern`, or `nil` when it may open:
  /// its scheme is allowed, or the app maps that scheme on purpose (the pattern names it, or,
  /// for a map, any pattern or scheme fallback does).
  private func refusal(of url: String, pattern: String) -> String? {
    let scheme = TTURLSchemePolicy.scheme(of: url)
    if urlSchemePolicy.allowsScheme(scheme) { return nil }
    if let scheme {
      if TTURLSchemePolicy.scheme(of: pattern) == scheme { return nil }
      if let matcher = resolver as? TTURLMatcher, matcher.isSchemeSupported(scheme) { return nil }
    }
    guard let reason = urlSchemePolicy.refusal(of: url) else { return nil }
    let route = TTMessageText.quoted(pattern, limit: 60)
    return reason + " Only the fallback route \(route) matched it; map the scheme with a pattern of its "
      + "own, or set the navigator's urlSchemePolicy."
  }

  /// Sends a fragment on the visible controller's URL to it; `nil` when the URL is not one.
  private func dispatchFragment(_ url: String) -> Outcome? {
    guard let hash = url.firstIndex(of: "#"), let visible = visibleController,
      let visibleURL = visible.navigatorURL, Self.withoutFragment(visibleURL) == String(url[..<hash])
    else { return nil }
    let fragment = String(url[url.index(after: hash)...]).tt.percentDecoded
    guard let handler = visible as? any TTFragmentHandling else {
      TTLog.info(
        .navigator, "\(TTMessageText.quoted(url)): the visible controller does not handle fragments.")
      return .notOpened
    }
    guard handler.handleFragment(fragment) else {
      TTLog.info(.navigator, "\(TTMessageText.quoted(url)): the visible controller did not use the fragment.")
      return .notOpened
    }
    return .controller(visible)
  }

  private func present(_ resolution: TTURLResolution, url: String, action: TTURLAction) -> Outcome {
    let route = resolution.route
    let make: @MainActor @Sendable (TTURLMatch, [String: any Sendable]) -> TTViewController?
    switch route.target {
    case .handler(let handle):
      return handle(resolution.match, action.query) ? .handled : .notOpened
    case .controller(let factory):
      make = factory
    }
    let parentURL = action.parentURL ?? route.parentURL
    let key = Self.withoutFragment(url)

    if route.mode == .none {
      guard let controller = make(resolution.match, action.query) else { return declined(url) }
      prepare(controller, url: url, state: action.state)
      delegate?.navigator(self, willOpen: url, in: controller)
      return .controller(controller)
    }

    return change {
      if route.mode == .share, let shared = sharedControllers[key] {
        if let state = action.state { shared.frozenState = state }
        if let index = items.firstIndex(where: { $0.controller === shared }) {
          delegate?.navigator(self, willOpen: url, in: shared)
          items.removeSubrange((index + 1)...)
        } else {
          if let parentURL { openParent(parentURL, of: url) }
          delegate?.navigator(self, willOpen: url, in: shared)
          push(shared, modal: false, parentURL: parentURL)
        }
        return .controller(shared)
      }
      if let parentURL { openParent(parentURL, of: url) }
      guard let controller = make(resolution.match, action.query) else { return declined(url) }
      prepare(controller, url: url, state: action.state)
      if route.mode == .share { sharedControllers[key] = controller }
      delegate?.navigator(self, willOpen: url, in: controller)
      push(controller, modal: route.mode == .modal, parentURL: parentURL)
      return .controller(controller)
    }
  }

  private func declined(_ url: String) -> Outcome {
    TTLog.info(.navigator, "The route for \(TTMessageText.quoted(url)) made no controller.")
    return .notOpened
  }

  private func prepare(_ controller: TTViewController, url: String, state: [String: String]?) {
    controller.navigatorURL = url
    controller.opener = self
    if let state { controller.frozenState = state }
  }

  /// Pops back to the parent if it is open, else opens it.
  private func openParent(_ parentURL: String, of url: String) {
    let key = Self.withoutFragment(parentURL)
    if let index = items.lastIndex(where: { $0.controller.navigatorURL.map(Self.withoutFragment) == key }) {
      items.removeSubrange((index + 1)...)
      return
    }
    if open(TTURLAction(parentURL)) == nil {
      TTLog.info(
        .navigator,
        "The parent \(TTMessageText.quoted(parentURL)) of \(TTMessageText.quoted(url)) did not open; \(TTMessageText.quoted(url)) opens above the current stack."
      )
    }
  }

  private func push(_ controller: TTViewController, modal: Bool, parentURL: String?) {
    controller.presenter = self
    items.removeAll { $0.controller === controller }
    items.append(Item(controller: controller, isModal: modal && !items.isEmpty, parentURL: parentURL))
  }

  // MARK: - Changes

  /// Runs a change of the stack; when the outermost change ends, the old visible controller
  /// disappears, the new one appears, the stack is saved and the observers are told.
  private func change<Result>(_ body: () -> Result) -> Result {
    if changeDepth == 0 {
      visibleBeforeChange = visibleController
      itemsBeforeChange = items
    }
    changeDepth += 1
    let result = body()
    changeDepth -= 1
    if changeDepth == 0 { finishChange() }
    return result
  }

  private func finishChange() {
    let old = visibleBeforeChange
    let before = itemsBeforeChange
    visibleBeforeChange = nil
    itemsBeforeChange = []
    let new = visibleController
    observeOpenTitles()
    if old !== new && isOnScreen {
      isFinishingChange = true
      old?.beginAppearanceTransition(false)
      new?.beginAppearanceTransition(true)
      old?.endAppearanceTransition()
      new?.endAppearanceTransition()
      isFinishingChange = false
    }
    saveIfChanged()
    let titleChanged = titleChangedDuringChange
    titleChangedDuringChange = false
    if let change = Self.difference(from: before, to: items) ?? (titleChanged ? .titleChanged : nil) {
      announce(change)
    }
  }

  /// How the open controllers changed, or `nil` when they are the same.
  private static func difference(from old: [Item], to new: [Item]) -> Change? {
    func same(_ a: ArraySlice<Item>, _ b: ArraySlice<Item>) -> Bool {
      a.elementsEqual(b) { $0.controller === $1.controller && $0.isModal == $1.isModal }
    }
    if old.count == new.count, same(old[...], new[...]) { return nil }
    if old.count < new.count, same(old[...], new.prefix(old.count)) { return .pushed }
    if new.count < old.count, same(old.prefix(new.count), new[...]) { return .popped }
    return .replaced
  }

  private func saveIfChanged() {
    guard persistenceMode != .none, !isRestoring else { return }
    let entries = historyEntries()
    guard entries != lastSavedEntries else { return }
    if persistence.save(TTNavigatorHistory(entries: entries)) { lastSavedEntries = entries }
  }

  /// The entries that ``persistenceMode`` saves, bottom first.
  private func historyEntries() -> [TTNavigatorHistory.Entry] {
    let saved: [Item]
    switch persistenceMode {
    case .none:
      saved = []
    case .all:
      saved = items
    case .top:
      let main = Array(items.prefix { !$0.isModal })
      guard var index = main.indices.last else { return [] }
      var chain = [main[index]]
      while let parent = main[index].parentURL.map(Self.withoutFragment),
        let found = main[..<index].lastIndex(where: {
          $0.controller.navigatorURL.map(Self.withoutFragment) == parent
        })
      {
        chain.insert(main[found], at: 0)
        index = found
      }
      saved = chain
    }
    return saved.compactMap { item in
      guard let url = item.controller.navigatorURL else { return nil }
      return TTNavigatorHistory.Entry(
        url: url, state: item.controller.frozenState, isImportant: importantURLs.contains(url))
    }
  }

  // MARK: - Helpers

  /// Everything before the first `#`.
  static func withoutFragment(_ url: String) -> String {
    guard let hash = url.firstIndex(of: "#") else { return url }
    return String(url[..<hash])
  }
}
