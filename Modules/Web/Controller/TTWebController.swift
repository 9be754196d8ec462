import Foundation
import Three20Core
public import Three20Navigator
import Three20Network
public import Three20Style
public import Three20UICommon

/// Any web page, readable and navigable in the terminal: Three20's `TTWebController`, the
/// controller every app maps to `*`.
///
/// ```swift
/// var map = TTURLMap()
/// try map.from("tt://feed/(id)", toViewController: { match, _ in FeedController(id: match["id"]) })
/// try TTWebController.mapFallback(in: &map)   // every other URL opens as a web page
/// let navigator = try TTNavigator(map: map)
/// navigator.open("https://example.com/")      // a TTWebController showing the page
/// ```
///
/// The page fills the screen above a status line; its `<title>` becomes `TTViewController/title`,
/// so a navigation bar shows it. While a page loads, the status line shows the host and the
/// bytes received (the previous page stays readable); a page that fails shows the error view
/// with what went wrong, and `r` tries again.
///
/// | Key | Does |
/// | --- | --- |
/// | ↑ ↓, `k` `j` | a line up, down |
/// | PgUp, PgDn, Space | a screen up, down |
/// | Home, End, `g`, `G` | the top, the end |
/// | ← → | sideways, for preformatted lines wider than the screen |
/// | Tab, Shift-Tab | the next, previous link (scrolled into view) |
/// | digits, then Enter | link number *n* |
/// | Enter | follows the focused link (retries after an error) |
/// | Backspace, `B` | back in this controller's history |
/// | `F` | forward |
/// | `r`, `R` | reload, honouring the cache policy; `R` bypasses the cache |
/// | `/` | find: type, Enter searches, Escape drops it |
/// | `n`, `N` | the next, previous match |
/// | Escape | cancels a load in progress |
///
/// Backspace with no history left, Escape with nothing loading, and every other key are left
/// to the container, so a navigator goes back.
///
/// ## Following links
///
/// A link into the page itself (`#usage`) scrolls to its anchor. Otherwise, when the
/// `TTViewController/opener` is a `TTNavigator` whose resolver matches the URL with a
/// pattern of its own (not the `*` fallback), such as `tt://feed/42`, the navigator opens it.
/// An `http` or `https` URL that only a fallback takes (`*`, or a scheme's `https://*`) is
/// loaded here, with history, as a browser does (``opensLinksThroughNavigator`` pushes a new
/// controller instead). Other schemes
/// open through the navigator only when its `urlSchemePolicy` allows them; `javascript:`,
/// `data:` and `file:` links are never followed, and the status line says why. With an opener
/// that is not a navigator, `http(s)` loads here and other links go to the opener.
///
/// The history keeps each page's scroll position; the documents of pages far from the current
/// one are let go and loaded again (usually from the cache) when returned to. Resizing lays
/// the page out again at the new width, keeping the line that was at the top in view.
open class TTWebController: TTViewController, TTFragmentHandling {
  /// Makes a web controller for the URL a route matched: the factory to map `*` to.
  ///
  /// ```swift
  /// try map.from("*", toViewController: TTWebController.factory)
  /// ```
  public static let factory: TTURLMap.Factory = { match, _ in TTWebController(url: match.url) }

  /// Maps `*`, every URL no other pattern takes, to a web controller:
  /// `try map.from("*", toViewController: TTWebController.factory)`.
  ///
  /// - Parameter map: The app's URL map.
  /// - Throws: What the map throws for the pattern.
  public static func mapFallback(in map: inout TTURLMap) throws {
    try map.from("*", toViewController: factory)
  }

  /// The most pages kept in one controller's history: 100; older ones are dropped.
  public static let maximumHistory = 100

  /// How many pages on each side of the current one keep their document in memory: 4.
  public static let keptDocuments = 4

  /// How many columns ← and → scroll: 8.
  public static let sidewaysStep = 8

  /// What the status line shows, and how.
  public struct Status: Sendable, Hashable {
    /// How the status line looks.
    public enum Kind: Sendable, Hashable {
      /// Something is loading: a spinner before the text.
      case loading
      /// A failure, in red.
      case error
      /// The find prompt or a link number being typed.
      case prompt
      /// Anything else, in grey.
      case info
    }

    /// How it looks.
    public var kind: Kind
    /// The text.
    public var text: String

    /// Creates a status.
    ///
    /// - Parameters:
    ///   - kind: How it looks.
    ///   - text: The text.
    public init(_ kind: Kind, _ text: String) {
      self.kind = kind
      self.text = text
    }
  }

  /// One page of the history.
  struct Entry {
    /// The address to load it from: the final address once loaded.
    var url: String
    var document: TTWebDocument?
    var page: TTWebPage?
    var error: TTWebError?
    var top = 0
    var left = 0
    var focusedLink: Int?
    /// An anchor to scroll to once the page is laid out.
    var pendingFragment: String?
    /// The widest line of ``page``.
    var pageWidth = 0
  }

  /// What the load under way is for.
  enum LoadTarget {
    /// A new page, added to the history when it arrives (or fails).
    case navigate(String)
    /// The history entry at an index, loaded again (a reload, or a page that was let go).
    case refresh(Int)
  }

  /// Loads the pages: limits, timeouts, cache policy and request queue.
  ///
  /// By default a ``TTWebLoader`` with the default options on `TTURLRequestQueue.main`, made
  /// when first needed.
  public var loader: TTWebLoader {
    get {
      if let storedLoader { return storedLoader }
      let made = TTWebLoader()
      storedLoader = made
      return made
    }
    set { storedLoader = newValue }
  }

  private var storedLoader: TTWebLoader?

  /// Whether `http(s)` links that only the navigator's `*` fallback takes are opened through
  /// the navigator (a new controller pushed) instead of loaded here; `false` by default.
  public var opensLinksThroughNavigator = false

  var entries: [Entry] = []
  var index = -1
  var load: TTWebLoad?
  var loadTarget: LoadTarget?
  var loadTask: Task<Void, Never>?
  var loadGeneration = 0
  var viewport = TTSize.zero
  var findPrompt: String?
  var findNeedle: String?
  var matches: [TTWebTextRange] = []
  var matchIndex: Int?
  var digits = ""
  var notice: Status?
  var shownGeneration: UInt64 = 0
  var shownProgress: TTWebLoadProgress?
  var screen: TTWebScreenView?

  /// Creates a controller that loads a page when it first appears.
  ///
  /// - Parameters:
  ///   - url: The page's address, such as `https://example.com/`; `nil` shows nothing until
  ///     ``open(url:)``.
  ///   - loader: Loads the pages; `nil` (the default) uses a ``TTWebLoader`` with the default
  ///     options on `TTURLRequestQueue.main`, made when the first page loads.
  public init(url: String?, loader: TTWebLoader? = nil) {
    storedLoader = loader
    super.init()
    if let url, !url.isEmpty {
      entries = [Entry(url: url, pendingFragment: Self.fragment(of: url))]
      index = 0
      title = URL(string: url)?.host ?? url
    }
  }

  /// Stops the load under way.
  isolated deinit {
    load?.cancel()
  }

  // MARK: - What is shown

  /// The address of the page shown (after redirects once loaded), or `nil` before any.
  public var url: String? { current?.url }

  /// The page shown, loaded and parsed, or `nil` while the first page loads or after a failure.
  public var document: TTWebDocument? { current?.document }

  /// The page laid out at the view's width, or `nil` before it is loaded and laid out.
  public var page: TTWebPage? { current?.page }

  /// Why the page shown could not be loaded, or `nil`.
  public var error: TTWebError? { current?.error }

  /// Whether a page is loading.
  public var isLoading: Bool { load != nil }

  /// How far the load under way has come, or `nil` when nothing loads.
  public var progress: TTWebLoadProgress? { load?.progress }

  /// The index of the page's line at the top of the screen.
  public var topLine: Int { current?.top ?? 0 }

  /// How many columns the page is scrolled sideways.
  public var leftColumn: Int { current?.left ?? 0 }

  /// The index in ``TTWebPage/links`` of the focused link, or `nil`.
  public var focusedLink: Int? { current?.focusedLink }

  /// The places the last search found, in reading order; empty when there is none.
  public var findMatches: [TTWebTextRange] { matches }

  /// The index in ``findMatches`` of the current match, or `nil`.
  public var currentMatchIndex: Int? { matchIndex }

  /// Whether ``goBack()`` would go to an earlier page of this controller's history.
  public var canGoBack: Bool { index > 0 }

  /// Whether ``goForward()`` would go to a later page.
  public var canGoForward: Bool { index >= 0 && index < entries.count - 1 }

  /// The addresses in this controller's history, oldest first.
  public var historyURLs: [String] { entries.map(\.url) }

  /// The position of the page shown in ``historyURLs``, or `nil` when there is none.
  public var historyIndex: Int? { index >= 0 ? index : nil }

  /// The size of the page area (the view less the status line), as last laid out.
  public var pageAreaSize: TTSize { viewport }

  var current: Entry? { index >= 0 && index < entries.count ? entries[index] : nil }

  // MARK: - Loading

  /// Loads a page here, adding it to the history once it arrives; the page shown stays until
  /// then.
  ///
  /// - Parameter url: The page's address; a fragment (`#usage`) scrolls to that anchor once the
  ///   page is shown.
  public func open(url: String) {
    notice = nil
    startLoad(.navigate(url), url: url, cachePolicy: nil)
  }

  /// Loads the page shown again, keeping the scroll position.
  ///
  /// - Parameter bypassingCache: `false` (the default) honours the loader's cache policy, so a
  ///   fresh cached copy may answer; `true` asks the network.
  public func reload(bypassingCache: Bool = false) {
    guard index >= 0 else {
      notice = Status(.info, "No page to reload.")
      refreshViews()
      return
    }
    notice = nil
    startLoad(.refresh(index), url: entries[index].url, cachePolicy: bypassingCache ? .network : nil)
  }

  /// Cancels the load under way; the page shown before stays.
  ///
  /// - Returns: Whether a load was under way.
  @discardableResult
  public func cancelLoad() -> Bool {
    guard let load else { return false }
    load.cancel()
    return true
  }

  /// Waits until no load is under way (the current one, and any it led to, has ended).
  public func waitForLoad() async {
    while let task = loadTask {
      await task.value
      if loadTask == task { break }
    }
  }

  private func startLoad(_ target: LoadTarget, url: String, cachePolicy: TTURLRequestCachePolicy?) {
    load?.cancel()
    loadGeneration += 1
    let generation = loadGeneration
    let started = loader.start(url, cachePolicy: cachePolicy)
    load = started
    loadTarget = target
    shownProgress = nil
    let renderer = viewport.width > 0 ? TTWebRenderer(width: viewport.width) : nil
    loadTask = Task { [weak self] in
      let outcome: Result<TTWebDocument, TTWebError>
      do throws(TTWebError) {
        outcome = .success(try await started.value())
      } catch {
        outcome = .failure(error)
      }
      var page: TTWebPage?
      if let renderer, case .success(let loaded) = outcome {
        page = await Task.detached { renderer.render(loaded.document, url: loaded.url) }.value
      }
      self?.finishLoad(generation: generation, target: target, outcome: outcome, page: page)
    }
    refreshViews()
  }

  private func finishLoad(
    generation: Int, target: LoadTarget, outcome: Result<TTWebDocument, TTWebError>, page: TTWebPage?
  ) {
    guard generation == loadGeneration else { return }
    load = nil
    loadTarget = nil
    loadTask = nil
    switch target {
    case .navigate(let url):
      switch outcome {
      case .success(let loaded):
        var entry = Entry(url: loaded.finalURL, document: loaded, pendingFragment: Self.fragment(of: url))
        if let page { Self.install(page, in: &entry) }
        commit(entry)
      case .failure(let failure) where failure.code == .cancelled && current?.document != nil:
        notice = Status(.info, "Loading cancelled.")
      case .failure(let failure):
        if let current, current.document == nil, current.url == url {
          // The first page (or one that never loaded) failed: it stays the current entry.
          entries[index].error = failure
        } else {
          commit(Entry(url: url, error: failure))
        }
      }
    case .refresh(let position):
      guard position < entries.count else { break }
      switch outcome {
      case .success(let loaded):
        let keepsPosition = entries[position].document != nil || entries[position].page != nil
        entries[position].document = loaded
        entries[position].url = loaded.finalURL
        entries[position].error = nil
        entries[position].page = nil
        if let page { Self.install(page, in: &entries[position]) }
        if !keepsPosition { entries[position].focusedLink = nil }
        if position == index { pageDidChange(keepingFind: true) }
      case .failure(let failure) where failure.code == .cancelled && entries[position].document != nil:
        notice = Status(.info, "Reload cancelled.")
      case .failure(let failure):
        entries[position].error = failure
        entries[position].document = nil
        entries[position].page = nil
      }
    }
    updateTitle()
    layOutCurrentPage()
    refreshViews()
  }

  /// Adds an entry after the current one (dropping the forward history) and shows it.
  private func commit(_ entry: Entry) {
    if index >= 0, index < entries.count - 1 { entries.removeSubrange((index + 1)...) }
    entries.append(entry)
    if entries.count > Self.maximumHistory { entries.removeFirst(entries.count - Self.maximumHistory) }
    index = entries.count - 1
    pageDidChange(keepingFind: false)
  }

  /// Called when the entry shown changed: drops the find state, lets far documents go, and
  /// tells the navigator the new address.
  private func pageDidChange(keepingFind: Bool) {
    digits = ""
    findPrompt = nil
    if keepingFind, let needle = findNeedle, let page {
      matches = page.find(needle)
      if let found = matchIndex, found >= matches.count { matchIndex = matches.isEmpty ? nil : 0 }
    } else {
      findNeedle = nil
      matches = []
      matchIndex = nil
    }
    for position in entries.indices where abs(position - index) > Self.keptDocuments {
      entries[position].document = nil
      entries[position].page = nil
    }
    if navigatorURL != nil, let url { navigatorURL = url }
    updateTitle()
  }

  /// Sets the title from the page: its `<title>`, else its host.
  private func updateTitle() {
    guard let current else { return }
    if let pageTitle = current.document?.title, !pageTitle.isEmpty {
      title = pageTitle
    } else {
      title = URL(string: current.url)?.host ?? current.url
    }
  }

  // MARK: - History

  /// Shows the previous page of this controller's history, where it was scrolled to.
  ///
  /// - Returns: `false` when this is the first page (a container may then go back).
  @discardableResult
  public func goBack() -> Bool {
    guard index > 0 else { return false }
    move(to: index - 1)
    return true
  }

  /// Shows the next page of this controller's history.
  ///
  /// - Returns: `false` when this is the last page.
  @discardableResult
  public func goForward() -> Bool {
    guard canGoForward else { return false }
    move(to: index + 1)
    return true
  }

  private func move(to position: Int) {
    if let loadTarget, case .navigate = loadTarget { cancelLoad() }
    notice = nil
    index = position
    pageDidChange(keepingFind: false)
    if entries[position].document == nil, entries[position].error == nil {
      startLoad(.refresh(position), url: entries[position].url, cachePolicy: nil)
    }
    layOutCurrentPage()
    refreshViews()
  }

  // MARK: - Layout

  /// Called by the view when the page area is laid out: lays the page out again at a new
  /// width, keeping the line at the top in view.
  func pageAreaDidChange(_ size: TTSize) {
    guard size != viewport else { return }
    viewport = size
    layOutCurrentPage()
  }

  /// Lays the current page out at the page area's width when it is not yet, keeping the
  /// reading position, and applies an anchor waiting for the layout.
  func layOutCurrentPage() {
    guard index >= 0, index < entries.count, viewport.width > 0 else { return }
    let renderer = TTWebRenderer(width: viewport.width)
    if let loaded = entries[index].document, entries[index].page?.width != renderer.width {
      let old = entries[index].page
      let page = renderer.render(loaded.document, url: loaded.url)
      if let old {
        let offset = Self.characterOffset(of: old, line: entries[index].top)
        entries[index].top = Self.line(in: page, characterOffset: offset)
      }
      Self.install(page, in: &entries[index])
      if let needle = findNeedle {
        matches = page.find(needle)
        if let found = matchIndex, found >= matches.count { matchIndex = matches.isEmpty ? nil : 0 }
      }
    }
    if let fragment = entries[index].pendingFragment, let page = entries[index].page {
      entries[index].pendingFragment = nil
      if let line = Self.anchorLine(fragment, in: page) { entries[index].top = line }
    }
    clampPosition()
  }

  static func install(_ page: TTWebPage, in entry: inout Entry) {
    entry.page = page
    entry.pageWidth = page.lines.reduce(0) { max($0, $1.width) }
    if let focused = entry.focusedLink, focused >= page.links.count { entry.focusedLink = nil }
  }

  /// Keeps the top line and the sideways scroll inside the page.
  func clampPosition() {
    guard index >= 0, let page = entries[index].page else { return }
    var model = scrollModel(page)
    model.clamp()
    entries[index].top = model.top.row
    let widest = max(0, entries[index].pageWidth - viewport.width)
    entries[index].left = min(max(0, entries[index].left), widest)
  }

  func scrollModel(_ page: TTWebPage) -> TTScrollModel {
    TTScrollModel(
      rowCount: page.lines.count, viewportHeight: max(1, viewport.height),
      top: TTScrollModel.Position(row: index >= 0 ? entries[index].top : 0))
  }

  /// How many characters other than white space come before a line: a place in the text that
  /// survives laying the page out at another width.
  static func characterOffset(of page: TTWebPage, line: Int) -> Int {
    var count = 0
    for position in 0..<min(line, page.lines.count) {
      for span in page.lines[position].spans {
        count += span.text.unicodeScalars.lazy.filter { !$0.properties.isWhitespace }.count
      }
    }
    return count
  }

  /// The line that holds the character at `offset` (counting as ``characterOffset(of:line:)``).
  static func line(in page: TTWebPage, characterOffset offset: Int) -> Int {
    guard offset > 0 else { return 0 }
    var count = 0
    for (position, line) in page.lines.enumerated() {
      for span in line.spans {
        count += span.text.unicodeScalars.lazy.filter { !$0.properties.isWhitespace }.count
      }
      if count > offset { return position }
    }
    return max(0, page.lines.count - 1)
  }

  /// The line of an anchor: an `id` or `<a name>`, or the top for an empty fragment or `top`.
  static func anchorLine(_ fragment: String, in page: TTWebPage) -> Int? {
    if let line = page.line(ofAnchor: fragment) { return line }
    if fragment.isEmpty || fragment.lowercased() == "top" { return 0 }
    return nil
  }

  /// The fragment of an address, percent-decoded, or `nil`.
  static func fragment(of url: String) -> String? {
    guard let hash = url.firstIndex(of: "#") else { return nil }
    return String(url[url.index(after: hash)...]).tt.percentDecoded
  }

  // MARK: - Scrolling

  /// Scrolls the page.
  ///
  /// - Parameter move: A line, a screen, or to the top or the end.
  public func scroll(_ move: TTScrollModel.Move) {
    guard index >= 0, let page = entries[index].page else { return }
    var model = scrollModel(page)
    _ = model.scroll(move)
    entries[index].top = model.top.row
    refreshViews()
  }

  /// Scrolls sideways by some columns (negative: to the left), within the widest line.
  ///
  /// - Parameter columns: How far.
  public func scrollSideways(by columns: Int) {
    guard index >= 0, entries[index].page != nil else { return }
    entries[index].left += columns
    clampPosition()
    refreshViews()
  }

  /// Scrolls so that some lines are on screen, moving as little as possible.
  func keepInView(_ lines: ClosedRange<Int>) {
    guard index >= 0, let page = entries[index].page else { return }
    var model = scrollModel(page)
    model.keepInView(lines)
    entries[index].top = model.top.row
  }

  // MARK: - Fragments

  /// Scrolls to an anchor of the page (`TTFragmentHandling`), adding the place to the history
  /// so that going back returns to where the page was.
  ///
  /// A page still loading scrolls there once it is shown.
  ///
  /// - Parameter fragment: The anchor's name, without `#`; empty or `top` for the top.
  /// - Returns: Whether the page has that anchor (or is still loading).
  public func handleFragment(_ fragment: String) -> Bool {
    guard index >= 0 else { return false }
    guard let page = entries[index].page else {
      guard entries[index].error == nil else { return false }
      entries[index].pendingFragment = fragment
      return true
    }
    guard let line = Self.anchorLine(fragment, in: page) else {
      notice = Status(.error, "No anchor \(TTMessageText.quoted("#" + fragment, limit: 60)) on this page.")
      refreshViews()
      return false
    }
    var entry = entries[index]
    entry.top = line
    entry.focusedLink = nil
    entry.pendingFragment = nil
    if let hash = entry.url.firstIndex(of: "#") { entry.url = String(entry.url[..<hash]) }
    entry.url += "#" + fragment
    commitKeepingFind(entry)
    return true
  }

  /// Adds an entry that shows the same document elsewhere.
  private func commitKeepingFind(_ entry: Entry) {
    let needle = findNeedle
    commit(entry)
    if let needle, let page {
      findNeedle = needle
      matches = page.find(needle)
    }
    clampPosition()
    refreshViews()
  }

  // MARK: - Find

  /// Finds text in the page (ignoring case) and scrolls to the first match at or after the
  /// top of the screen.
  ///
  /// - Parameter needle: The text; empty clears the matches.
  /// - Returns: How many matches there are.
  @discardableResult
  public func find(_ needle: String) -> Int {
    findPrompt = nil
    guard let page, !needle.isEmpty else {
      findNeedle = nil
      matches = []
      matchIndex = nil
      refreshViews()
      return 0
    }
    findNeedle = needle
    matches = page.find(needle)
    guard !matches.isEmpty else {
      matchIndex = nil
      notice = Status(.error, "No match for \(TTMessageText.quoted(needle, limit: 60)).")
      refreshViews()
      return 0
    }
    let top = topLine
    showMatch(matches.firstIndex { $0.line >= top } ?? 0)
    return matches.count
  }

  /// Goes to the next match, after the last one to the first.
  public func findNext() {
    guard !matches.isEmpty else { return }
    showMatch(((matchIndex ?? -1) + 1) % matches.count)
  }

  /// Goes to the previous match, before the first one to the last.
  public func findPrevious() {
    guard !matches.isEmpty else { return }
    showMatch(((matchIndex ?? 0) - 1 + matches.count) % matches.count)
  }

  private func showMatch(_ position: Int) {
    matchIndex = position
    let line = matches[position].line
    keepInView(line...line)
    let range = matches[position]
    if index >= 0, viewport.width > 0 {
      let left = entries[index].left
      if range.columns.lowerBound < left || range.columns.upperBound > left + viewport.width {
        entries[index].left = max(0, range.columns.upperBound - viewport.width)
        clampPosition()
      }
    }
    notice = Status(.info, "match \(position + 1) of \(matches.count)")
    refreshViews()
  }

  // MARK: - Showing the state

  /// What the status line shows now.
  public var status: Status {
    if let findPrompt { return Status(.prompt, "/" + findPrompt + "▏") }
    if !digits.isEmpty {
      guard let number = Int(digits), let page, number >= 1, number <= page.links.count else {
        return Status(.prompt, "Link \(digits): no such link")
      }
      let link = page.links[number - 1]
      return Status(.prompt, "Link \(digits): \(link.text) — Enter to follow")
    }
    if let load {
      return Status(.loading, "Loading \(load.host)… \(load.progress.description)")
    }
    if let notice { return notice }
    if let error { return Status(.error, "✗ \(error.message) — press r to retry") }
    if let page, let focused = focusedLink, focused < page.links.count {
      let link = page.links[focused]
      return Status(.info, "[\(focused + 1)] " + (link.url?.absoluteString ?? link.href))
    }
    if page != nil { return Status(.info, "Tab links · / find · r reload · ⌫ back") }
    return Status(.info, "")
  }

  /// Shows the current state in the views: the error view or the spinner in the page's place
  /// when there is no page, and asks for a redraw.
  func refreshViews() {
    guard let screen else { return }
    let failure = error
    screen.errorView.isHidden = failure == nil
    if let failure {
      if screen.errorView.title != failure.title { screen.errorView.title = failure.title }
      let detail = "\(TTMessageText.escaped(failure.url, limit: 200)): \(failure.reason)."
      if screen.errorView.subtitle != detail { screen.errorView.subtitle = detail }
      if screen.errorView.button == nil {
        screen.errorView.setAction(title: "Retry") { [weak self] _ in self?.reload() }
      }
    }
    screen.activityView.isHidden = !(failure == nil && page == nil && isLoading)
    if let load { screen.activityView.text = "Loading \(load.host)…" }
    screen.setNeedsDisplay()
    screen.pageView.setNeedsDisplay()
    screen.statusView.setNeedsDisplay()
  }

  // MARK: - Keys

  /// Handles the keys listed in the type's description.
  ///
  /// While the find prompt is open, keys edit it (Enter searches, Escape drops it); while a
  /// link number is typed, Enter follows that link and Escape drops the number.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used. Backspace (or `B`) on the first page, Escape with
  ///   nothing loading, and keys the controller does not use return `false`, so a container
  ///   such as a navigator can go back.
  override open func handleKey(_ key: TTKey) -> Bool {
    handleWebKey(key) || super.handleKey(key)
  }

  // MARK: - Lifecycle

  /// Makes the view: the page, the status line, the spinner and the error view.
  override open func loadView() {
    let screen = TTWebScreenView(controller: self)
    self.screen = screen
    view = screen
  }

  /// Shows the current state in the new view.
  override open func viewDidLoad() {
    super.viewDidLoad()
    refreshViews()
  }

  /// Lets go of the released view.
  override open func viewDidUnload() {
    super.viewDidUnload()
    screen = nil
    viewport = .zero
  }

  /// Loads the page when it has not been loaded.
  override open func viewWillAppear() {
    super.viewWillAppear()
    guard index >= 0, load == nil, entries[index].document == nil, entries[index].error == nil else { return }
    startLoad(.refresh(index), url: entries[index].url, cachePolicy: nil)
  }

  /// Turns the spinner, shows the progress, and redraws when pictures arrived.
  override open func tick() {
    super.tick()
    if let load {
      let progress = load.progress
      if progress != shownProgress {
        shownProgress = progress
        screen?.statusView.setNeedsDisplay()
      }
    }
    let generation = TTGlobalImageProvider.generation
    if generation != shownGeneration {
      shownGeneration = generation
      screen?.pageView.setNeedsDisplay()
    }
  }

  /// Lets go of the documents of the pages not shown (they load again from the cache when
  /// returned to), then of the view when off screen.
  override open func didReceiveMemoryWarning() {
    for position in entries.indices where position != index {
      entries[position].document = nil
      entries[position].page = nil
    }
    super.didReceiveMemoryWarning()
  }
}
