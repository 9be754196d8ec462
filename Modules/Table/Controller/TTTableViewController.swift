public import Foundation
public import Three20Core
import Three20Style
public import Three20UICommon

/// A screen that shows a data source's rows and its model's loading, empty and error states:
/// Three20's `TTTableViewController` (with `TTModelViewController` folded in), for the
/// terminal.
///
/// Give it a ``dataSource`` — directly, or in ``createModel()``, which runs the first time
/// the model is needed — and it observes the data source's model: it loads it when it
/// appears, and on every model event works out ``viewState`` afresh from the model's state
/// and redraws. There are no "showing loading" flags to get out of step: after a memory
/// warning, or a data source swap, the screen is always the one the model calls for.
///
/// ```swift
/// final class FeedController: TTTableViewController {
///   override func createModel() {
///     dataSource = TTModelDataSource(model: FeedModel()) { feed in
///       feed.entries.map { FeedItem(id: $0.link, title: $0.title, url: $0.link) }
///     }
///   }
/// }
/// ```
///
/// The screen, top to bottom: the ``bannerView`` if any; a status line while refreshing
/// ("Updating…"), after a refresh ("Last updated: 5 minutes ago") or when the rows are
/// outdated or a reload failed; then the rows, or in their place the loading, empty or error
/// view. The ``overlayView``, if any, is drawn over the rows.
///
/// Keys: up/`k`, down/`j`, Page Up/Page Down/space, Home/`g`, End/`G` move the cursor; Enter
/// opens the row's ``TTTableLinkedItem/url`` through `TTViewController.opener` (or presses
/// the Retry/Reload button of the error and empty views); `i` opens the row's
/// ``TTTableLinkedItem/accessoryURL``; `r` refreshes (Three20's pull to refresh); `/` starts a
/// search (type the text, Enter keeps the results, Escape ends the search). Reaching the
/// "more" row, or Enter on it, loads the next page.
@MainActor
open class TTTableViewController: TTViewController, TTModelDelegate {
  // MARK: - Data source and model

  private var currentDataSource: (any TTTableViewDataSource)?
  private var observedModels: [any TTModel] = []
  private var isModelCreated = false
  private var updateDepth = 0
  private var refreshPending = false

  /// What the table shows; `nil` until set (or until ``createModel()`` sets it).
  ///
  /// Setting it stops observing the old data source's model, observes the new one (and the
  /// data source itself, when it announces changes of its own rows), forgets
  /// the last refresh time, puts the cursor back at the top and, if the controller is on
  /// screen, loads the new model if it needs loading. The screen then shows the new model's
  /// state — its loading, empty or error view included (Three20 left the old one up).
  public var dataSource: (any TTTableViewDataSource)? {
    get { currentDataSource }
    set {
      currentDataSource = newValue
      isModelCreated = true
      isSearching = false
      searchInput = ""
      observe(newValue)
      lastRefreshDate = nil
      refreshPending = false
      // Build the rows of a model that loaded before the swap, before the table reads them.
      if let newValue, newValue.model.isLoaded { newValue.tableViewDidLoadModel() }
      tableViewIfLoaded?.dataSource = newValue
      if isVisible { loadIfNeeded() }
      updateView()
    }
  }

  /// The cells that draw the rows.
  ///
  /// By default ``TTTableCellRegistry/standard(dateFormatting:fallbackCell:)``: a cell for
  /// every built-in item, and ``TTTableFallbackCell`` for the rest. Register your cells on it
  /// before the rows are first drawn, or set a registry (setting one redraws every row).
  public var cellRegistry = TTTableCellRegistry.standard() {
    didSet { tableViewIfLoaded?.cellRegistry = cellRegistry }
  }

  /// Whether rows are as tall as their cells draw them; `true` by default (Three20's
  /// `variableHeightRows` was off by default because heights were costly to compute).
  public var variableHeightRows = true {
    didSet { tableViewIfLoaded?.variableHeightRows = variableHeightRows }
  }

  /// Whether the status line says "Last updated: …" after a refresh; `true` by default.
  public var showsLastUpdated = true {
    didSet { updateView() }
  }

  /// The clock and words for "Last updated: 5 minutes ago"; the standard ones by default.
  public var dateFormatting: TTDateFormatting = .standard

  /// When the last refresh (a reload of content that was already shown) finished, or `nil`.
  public private(set) var lastRefreshDate: Date?

  /// A view shown above the rows, full width, as tall as it wants (at least one line); `nil`
  /// by default (Three20's `tableBannerView`).
  public var bannerView: TTView? {
    didSet {
      oldValue?.removeFromSuperview()
      rootView?.banner = bannerView
    }
  }

  /// A view drawn over the rows' area (Three20's `tableOverlayView`); `nil` by default.
  public var overlayView: TTView? {
    didSet {
      oldValue?.removeFromSuperview()
      rootView?.overlay = overlayView
    }
  }

  /// Creates a table controller; give it a data source, or override ``createModel()``.
  ///
  /// - Parameter dataSource: The data source; none by default.
  public init(dataSource: (any TTTableViewDataSource)? = nil) {
    super.init()
    if let dataSource { self.dataSource = dataSource }
  }

  deinit {
    // The model holds its delegates weakly; nothing to undo.
  }

  /// Makes the data source, the first time the model is needed; the default does nothing.
  ///
  /// Override it to set ``dataSource`` (Three20's `createModel`). It runs when the controller
  /// first appears, draws, or reads ``model``, and again after ``invalidateModel()``.
  open func createModel() {}

  /// Whether ``createModel()`` has run (or a data source was set) since the last
  /// ``invalidateModel()``.
  public var isModelCreatedYet: Bool { isModelCreated }

  /// The model the screen shows: the data source's, made by ``createModel()`` if needed.
  ///
  /// Without a data source it is a placeholder that is loaded and has no rows (the empty
  /// screen), as Three20's was.
  public var model: any TTModel {
    ensureModel()
    return currentModel
  }

  /// The model as it is now, without making one.
  private var currentModel: any TTModel { currentDataSource?.model ?? placeholderModel }

  private let placeholderModel = TTBaseModel()

  /// The model's last error, if its last load failed (Three20's `modelError`).
  public var modelError: TTModelFailure? { model.state.error }

  /// Drops the data source so that ``createModel()`` makes a new one when next needed
  /// (Three20's `invalidateModel`); on screen, that happens at once.
  open func invalidateModel() {
    observe(nil)
    currentDataSource = nil
    isModelCreated = false
    lastRefreshDate = nil
    tableViewIfLoaded?.dataSource = nil
    if isVisible {
      ensureModel()
      loadIfNeeded()
    }
    updateView()
  }

  /// Loads the model again from the network (`load(.network, more: false)`).
  open func reload() {
    model.load(.network, more: false)
  }

  /// Reloads when the model's content is outdated and nothing is loading.
  open func reloadIfNeeded() {
    let state = model.state
    if state.isOutdated, !state.isLoading { reload() }
  }

  /// Refreshes, as Three20's pull to refresh did.
  ///
  /// Reloads from the network, keeping the rows on screen with "Updating…" above them, then
  /// shows "Last updated: …". A model that has never loaded is loaded normally; nothing
  /// happens while a load runs.
  open func refresh() {
    let state = model.state
    guard !state.isLoading else { return }
    if state.hasContent {
      refreshPending = true
      model.load(.network, more: false)
      // A model with nothing to load (like a list of fixed items) never starts.
      if !model.isLoading { refreshPending = false }
    } else {
      model.load(.default, more: false)
    }
  }

  /// Loads the next page (`load(.default, more: true)`), unless a load runs.
  open func loadMore() {
    guard !model.isLoading else { return }
    model.load(.default, more: true)
  }

  /// What the screen shows now, worked out from the model's state and the data source's rows.
  public var viewState: TTTableViewState {
    TTTableViewState(modelState: currentModel.state, hasRows: hasRows)
  }

  private var hasRows: Bool {
    guard let source = currentDataSource else { return false }
    for section in 0..<max(0, source.numberOfSections) where source.numberOfRows(inSection: section) > 0 {
      return true
    }
    return false
  }

  // MARK: - Selection

  /// The row under the cursor, or `nil`.
  public var selectedIndexPath: IndexPath? {
    get { tableViewIfLoaded?.selectedIndexPath }
    set { tableView.selectedIndexPath = newValue }
  }

  /// Called when Enter is pressed on a row, as Three20's table delegate did.
  ///
  /// - A ``TTTableMoreButton`` loads the next page of its model (or of ``model`` when it has
  ///   none), with `load(.default, more: true)`; the button shows a spinner meanwhile.
  /// - A ``TTTableLinkedItem`` opens its ``TTTableLinkedItem/url`` through
  ///   `TTViewController.opener` when ``shouldOpenURL(_:)`` agrees, then runs its
  ///   ``TTTableLinkedItem/action``.
  ///
  /// Override it to react to other items (Three20's `didSelectObject:atIndexPath:`); call
  /// `super` to keep these.
  ///
  /// - Parameters:
  ///   - item: The row's item.
  ///   - indexPath: Its row.
  open func didSelect(_ item: any TTTableItem, at indexPath: IndexPath) {
    if let control = item as? TTTableControlItem, case .textField = control.control {
      beginEditingText(at: indexPath)
      return
    }
    if let button = item as? TTTableMoreButton {
      let target = button.model ?? model
      if !observedModels.contains(where: { $0 === target }) {
        // Observe the button's own model too, so its pages redraw the table.
        observedModels.append(target)
        target.addDelegate(self)
      }
      guard !target.isLoading else { return }
      target.load(.default, more: true)
      tableViewIfLoaded?.setNeedsDisplay()
      return
    }
    guard let linked = item as? any TTTableLinkedItem else { return }
    if let url = linked.url, !url.isEmpty, shouldOpenURL(url) { open(url) }
    linked.action?()
  }

  // MARK: - Text field rows

  /// The field editing a text-field control row, while one is being edited.
  public private(set) var editingField: TTTextField?
  private var editingPath: IndexPath?
  private var editingCommitter: TTTableTextCommitter?

  /// Starts editing the text of a ``TTTableControlItem`` row whose control is a text field:
  /// what Enter or a click on such a row does.
  ///
  /// A `TTTextField` is put over the row's control, with its text, and takes the focus.
  /// Enter, ↑, ↓, Tab or a click elsewhere keeps the new text (through
  /// `TTTableView.changeControl(at:to:)`, so the item's data source, the table's
  /// `controlHandler` and the item's `onChange` hear of it); Escape drops it.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: `false` when the row is not a text-field row drawn on screen.
  @discardableResult
  public func beginEditingText(at indexPath: IndexPath) -> Bool {
    let table = tableView
    guard let item = table.dataSource?.item(at: indexPath) as? TTTableControlItem,
      case .textField(let text, let placeholder) = item.control,
      let frame = table.controlFrame(ofRowAt: indexPath)
    else { return false }
    endEditingText(keeping: true)
    let field = TTTableTextFieldEditor(text: text, placeholder: placeholder ?? "", frame: frame)
    let committer = TTTableTextCommitter { [weak self] keep in self?.endEditingText(keeping: keep) }
    field.committer = committer
    field.delegate = committer
    field.onSubmit = { _ in committer.finish(true) }
    editingField = field
    editingPath = indexPath
    editingCommitter = committer
    table.addSubview(field)
    field.becomeFocused()
    return true
  }

  /// Ends editing a text-field row, keeping the text or dropping it; nothing happens when no
  /// row is being edited.
  ///
  /// - Parameter keeping: Whether the new text goes into the item.
  public func endEditingText(keeping: Bool) {
    guard let field = editingField, let path = editingPath else { return }
    editingField = nil
    editingPath = nil
    editingCommitter = nil
    field.delegate = nil
    field.removeFromSuperview()
    guard keeping, let item = tableViewIfLoaded?.dataSource?.item(at: path) as? TTTableControlItem,
      case .textField(_, let placeholder) = item.control
    else { return }
    tableViewIfLoaded?.changeControl(at: path, to: .textField(field.text, placeholder: placeholder))
  }

  /// Called when `i` is pressed on a row: opens the item's
  /// ``TTTableLinkedItem/accessoryURL`` when ``shouldOpenURL(_:)`` agrees (Three20's
  /// accessory button).
  ///
  /// - Parameters:
  ///   - item: The row's item.
  ///   - indexPath: Its row.
  open func didSelectAccessory(of item: any TTTableItem, at indexPath: IndexPath) {
    guard let linked = item as? any TTTableLinkedItem, let url = linked.accessoryURL, !url.isEmpty,
      shouldOpenURL(url)
    else { return }
    open(url)
  }

  private func open(_ url: String) {
    if opener?.openURL(url) != true {
      TTLog.info(.tableUpdates, "\(Self.self): nothing opened \(url); set the controller's opener.")
    }
  }

  /// Whether choosing a row may open its URL; `true` by default.
  ///
  /// - Parameter url: The URL.
  /// - Returns: Whether to open it.
  open func shouldOpenURL(_ url: String) -> Bool { true }

  // MARK: - Views

  /// The table view that draws the rows (made with the controller's view).
  public var tableView: TTTableView {
    _ = view
    return tableViewIfLoaded ?? TTTableView()
  }

  private var rootView: TTTableRootView? { viewIfLoaded as? TTTableRootView }
  private var tableViewIfLoaded: TTTableView? { rootView?.table }
  private var savedScroll: TTTableView.ScrollState?

  /// Makes the controller's view: the banner, status line, rows and state views.
  override open func loadView() {
    view = TTTableRootView(table: makeTableView())
  }

  private func makeTableView() -> TTTableView {
    let table = TTTableView(cellRegistry: cellRegistry)
    table.variableHeightRows = variableHeightRows
    table.selectionHandler = { [weak self, weak table] path in
      guard let self, let item = table?.dataSource?.item(at: path) else { return }
      self.didSelect(item, at: path)
    }
    table.accessoryHandler = { [weak self, weak table] path in
      guard let self, let item = table?.dataSource?.item(at: path) else { return }
      self.didSelectAccessory(of: item, at: path)
    }
    table.moreHandler = { [weak self] in self?.loadMore() }
    return table
  }

  /// Connects the new view to the data source and shows the model's state.
  override open func viewDidLoad() {
    super.viewDidLoad()
    guard let root = rootView else { return }
    root.banner = bannerView
    root.overlay = overlayView
    ensureModel()
    root.table.dataSource = currentDataSource
    if let savedScroll {
      root.table.scrollState = savedScroll
      self.savedScroll = nil
    }
    updateView()
  }

  /// Releases the view when off screen (see `TTViewController.didReceiveMemoryWarning()`),
  /// keeping the cursor and scroll position for the next view.
  override open func didReceiveMemoryWarning() {
    let scroll = tableViewIfLoaded?.scrollState
    super.didReceiveMemoryWarning()
    if !isViewLoaded, let scroll { savedScroll = scroll }
  }

  /// Makes the model if needed, loads it if it has never loaded, and reloads it if outdated.
  override open func viewWillAppear() {
    super.viewWillAppear()
    ensureModel()
    loadIfNeeded()
    updateView()
  }

  /// Uses `r` (refresh), the error and empty views' buttons (Enter), and the cursor keys.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  override open func handleKey(_ key: TTKey) -> Bool {
    if let bar = searchBar {
      if key == .character("/") {
        bar.searchField.becomeFocused()
        return true
      }
      // ↓ from the field goes on to the rows, which take the keys from then on.
      if key == .down, bar.searchField.isFocused { bar.searchField.resignFocus() }
    }
    if isSearching, handleSearchKey(key) { return true }
    if key == .escape, currentDataSource?.searchText != nil {
      endSearch()
      return true
    }
    if key == .character("/"), viewState.showsRows || currentDataSource?.searchText != nil {
      beginSearch()
      return true
    }
    if key == .character("r") {
      refresh()
      return true
    }
    guard let root = rootView else { return super.handleKey(key) }
    if let stateView = root.stateView, !stateView.isHidden, stateView.handleKeyFromFocus(key) { return true }
    if viewState.showsRows, root.table.handleKey(key) { return true }
    if let overlay = root.overlay, overlay.handleKey(key) { return true }
    return super.handleKey(key)
  }

  // MARK: - Search

  /// A search bar above the rows, wired to the table's search (Three20's search display
  /// controller); `nil`, the default, searches on the line `/` opens instead.
  ///
  /// Setting one shows it as the ``bannerView``. Typing in its field filters the rows as
  /// you type (``search(_:)``); `/` focuses the field; ↓ or Enter in the field go to the
  /// rows (the cursor moves, the results stay); Escape empties the field, a second Escape or
  /// the Cancel button ends the search.
  public var searchBar: TTSearchBar? {
    didSet {
      guard searchBar !== oldValue else { return }
      if let bar = searchBar {
        bar.searchField.onSearch = { [weak self] text in self?.search(text) }
        bar.searchField.onSubmit = { field in field.resignFocus() }
        bar.onCancel = { [weak self] bar in
          bar.searchField.resignFocus()
          self?.endSearch()
        }
      }
      bannerView = searchBar
    }
  }

  /// Whether the search line is taking keys (after `/`, until Enter or Escape).
  public private(set) var isSearching = false

  /// The text typed on the search line.
  private var searchInput = ""

  /// Starts taking a search text from the keys (the `/` key): Three20's search bar.
  ///
  /// Each printable key adds to the text and filters the rows at once with
  /// ``TTTableViewDataSource/search(_:)``; Backspace removes a character; Enter stops taking
  /// keys and keeps the results; Escape ends the search and shows every row again. A data
  /// source that cannot search keeps showing every row.
  open func beginSearch() {
    isSearching = true
    searchInput = currentDataSource?.searchText ?? ""
    updateView()
  }

  /// Ends the search: every row is shown again.
  open func endSearch() {
    isSearching = false
    searchInput = ""
    if currentDataSource?.searchText != nil { currentDataSource?.search("") }
    updateView()
  }

  /// Filters the rows by a text (Three20's `search:` on the data source); an empty text
  /// shows every row.
  ///
  /// - Parameter text: The text.
  open func search(_ text: String) {
    currentDataSource?.search(text)
    tableViewIfLoaded?.reloadData()
    updateView()
  }

  private func handleSearchKey(_ key: TTKey) -> Bool {
    switch key {
    case .escape:
      endSearch()
    case .enter:
      isSearching = false
      updateView()
    case .backspace:
      guard !searchInput.isEmpty else { return true }
      searchInput.removeLast()
      search(searchInput)
    case .character(let character) where !character.isNewline:
      searchInput.append(character)
      search(searchInput)
    default:
      return false
    }
    return true
  }

  // MARK: - Showing the state

  /// Works out ``viewState`` and sets the views up for it; called on every model event.
  ///
  /// The loading view is a `TTActivityLabel` with ``TTTableViewDataSource/titleForLoading(reloading:)``;
  /// the empty view a `TTErrorView` with ``TTTableViewDataSource/titleForEmpty`` and
  /// ``TTTableViewDataSource/subtitleForEmpty`` (or ``TTTableViewDataSource/titleForNoResults``
  /// while searching) and a "Reload" button if ``TTTableViewDataSource/reloadButtonForEmpty``;
  /// the error view a `TTErrorView` with ``TTTableViewDataSource/titleForError(_:)``,
  /// ``TTTableViewDataSource/subtitleForError(_:)`` and "Retry".
  open func updateView() {
    guard let root = rootView else { return }
    let state = viewState
    let source = currentDataSource
    root.table.isLoadingMore = state == .loadingMore
    root.table.isHidden = !state.showsRows
    switch state {
    case .loading:
      let label = root.loadingView ?? TTActivityLabel()
      label.text = source?.titleForLoading(reloading: false) ?? "Loading…"
      root.show(label)
    case .empty:
      let empty = root.reusableErrorView()
      if let search = source?.searchText, !search.isEmpty {
        empty.title = source?.titleForNoResults ?? "No results"
        empty.subtitle = nil
        empty.removeAction()
      } else {
        empty.title = source?.titleForEmpty
        empty.subtitle = source?.subtitleForEmpty
        if source?.reloadButtonForEmpty ?? false {
          empty.setAction(title: "Reload") { [weak self] _ in self?.reload() }
        } else {
          empty.removeAction()
        }
      }
      root.show(empty)
    case .error(let failure):
      let error = root.reusableErrorView()
      error.title = source?.titleForError(failure) ?? failure.description
      error.subtitle = source?.subtitleForError(failure) ?? nil
      error.setAction(title: "Retry") { [weak self] _ in self?.reload() }
      root.show(error)
    case .content, .loadingMore, .refreshing, .outdated:
      root.show(nil)
    }
    root.setStatus(statusLine(for: state), animating: state == .refreshing)
    root.setNeedsLayout()
  }

  /// The text of the status line above the rows, or `nil` for none.
  private func statusLine(for state: TTTableViewState) -> String? {
    let source = currentDataSource
    if isSearching { return "/" + searchInput }
    if let text = source?.searchText, !text.isEmpty { return "/" + text + "  (Escape shows every row)" }
    let updated = lastRefreshDate.map { "Last updated: " + dateFormatting.relativeTime($0) }
    switch state {
    case .refreshing:
      return source?.titleForLoading(reloading: true) ?? "Updating…"
    case .outdated:
      return ["Outdated — press r to update", showsLastUpdated ? updated : nil].compactMap { $0 }
        .joined(separator: " · ")
    case .content, .loadingMore:
      if let failure = currentModel.state.error {
        return "Couldn't update: " + (source?.titleForError(failure) ?? failure.description)
      }
      return showsLastUpdated ? updated : nil
    case .loading, .empty, .error:
      return nil
    }
  }

  // MARK: - Model observation

  private func ensureModel() {
    guard !isModelCreated else { return }
    isModelCreated = true
    createModel()
  }

  /// Loads a model that has never loaded (and has not failed), or reloads outdated content.
  private func loadIfNeeded() {
    let state = model.state
    switch state {
    case .idle(nil): model.load(.default, more: false)
    case .loaded(outdated: true, nil): reload()
    case .idle, .loading, .loaded, .refreshing: break
    }
  }

  /// Observes a data source's model, and the data source itself when it is a model of its
  /// own (a ``TTModelDataSource`` announces changes of its rows on itself).
  private func observe(_ source: (any TTTableViewDataSource)?) {
    for model in observedModels { model.removeDelegate(self) }
    observedModels = []
    guard let source else { return }
    observedModels.append(source.model)
    if let itself = source as? any TTModel, itself !== source.model { observedModels.append(itself) }
    for model in observedModels { model.addDelegate(self) }
  }

  private func modelChanged(reloadRows: Bool) {
    if updateDepth > 0 { return }
    if reloadRows { tableViewIfLoaded?.reloadData(keepingUnchangedRows: true) }
    updateView()
  }

  /// Shows the loading state (or "Updating…" above the rows).
  ///
  /// - Parameter model: The model.
  open func modelDidStartLoad(_ model: any TTModel) {
    modelChanged(reloadRows: false)
  }

  /// Lets the data source build its rows (``TTTableViewDataSource/tableViewDidLoadModel()``),
  /// notes the refresh time, and shows the rows (or the empty state).
  ///
  /// - Parameter model: The model.
  open func modelDidFinishLoad(_ model: any TTModel) {
    currentDataSource?.tableViewDidLoadModel()
    if refreshPending {
      refreshPending = false
      lastRefreshDate = dateFormatting.now()
    }
    modelChanged(reloadRows: true)
  }

  /// Shows the error (over no rows, or in the status line above them).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - error: Why the load failed.
  open func model(_ model: any TTModel, didFailLoadWith error: any Error) {
    refreshPending = false
    modelChanged(reloadRows: false)
  }

  /// Shows what the model has after the cancel.
  ///
  /// - Parameter model: The model.
  open func modelDidCancelLoad(_ model: any TTModel) {
    refreshPending = false
    modelChanged(reloadRows: false)
  }

  /// Reads the rows again and redraws.
  ///
  /// - Parameter model: The model.
  open func modelDidChange(_ model: any TTModel) {
    modelChanged(reloadRows: true)
  }

  /// Reads the rows again (after the batch, inside one).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The object.
  ///   - indexPath: Where it is.
  open func model(_ model: any TTModel, didUpdate object: any Sendable, at indexPath: IndexPath) {
    modelChanged(reloadRows: true)
  }

  /// Reads the rows again (after the batch, inside one).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The object.
  ///   - indexPath: Where it now is.
  open func model(_ model: any TTModel, didInsert object: any Sendable, at indexPath: IndexPath) {
    modelChanged(reloadRows: true)
  }

  /// Reads the rows again (after the batch, inside one).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The object.
  ///   - indexPath: Where it was.
  open func model(_ model: any TTModel, didDelete object: any Sendable, at indexPath: IndexPath) {
    modelChanged(reloadRows: true)
  }

  /// Holds redrawing until the batch ends.
  ///
  /// - Parameter model: The model.
  open func modelDidBeginUpdates(_ model: any TTModel) {
    updateDepth += 1
  }

  /// Reads the rows again and redraws once for the whole batch.
  ///
  /// - Parameter model: The model.
  open func modelDidEndUpdates(_ model: any TTModel) {
    updateDepth = max(0, updateDepth - 1)
    modelChanged(reloadRows: true)
  }
}

/// Ends the editing of a text-field row when its field loses the focus, once.
@MainActor
final class TTTableTextCommitter: TTTextFieldDelegate {
  private var end: ((Bool) -> Void)?

  init(end: @escaping @MainActor (Bool) -> Void) {
    self.end = end
  }

  /// Ends editing, keeping the text or not; later calls do nothing.
  func finish(_ keep: Bool) {
    guard let end else { return }
    self.end = nil
    end(keep)
  }

  func textFieldDidEndEditing(_ textField: TTTextField) {
    finish(true)
  }
}

/// The field over a text-field row: Escape drops the edit; ↑, ↓ and Tab keep it and go on
/// to the table (the cursor moves, the focus moves).
@MainActor
final class TTTableTextFieldEditor: TTTextField {
  weak var committer: TTTableTextCommitter?

  override func handleKey(_ key: TTKey) -> Bool {
    switch key {
    case .escape:
      committer?.finish(false)
      return true
    case .up, .down, .tab, .backTab:
      committer?.finish(true)
      return false
    default:
      return super.handleKey(key)
    }
  }
}
