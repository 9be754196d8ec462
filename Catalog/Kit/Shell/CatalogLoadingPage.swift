import Three20

/// A page that loads something when it first appears (and again on `r`), redrawing as it goes.
///
/// Subclasses override ``load()``; the non-interactive renderer waits for it (``settle()``).
@MainActor
open class CatalogLoadingPage: CatalogPageController, CatalogSettling {
  private var task: Task<Void, Never>?

  /// Whether a load is under way.
  public private(set) var isLoading = false

  /// Does the work; the page is rebuilt when it returns.
  ///
  /// The default does nothing.
  open func load() async {}

  /// Starts loading unless a load has run or is running.
  public func startIfNeeded() {
    guard task == nil else { return }
    start(after: nil)
  }

  /// Starts a load once `previous` is over, so two loads never write the page at once.
  private func start(after previous: Task<Void, Never>?) {
    isLoading = true
    reload()
    task = Task { [weak self] in
      await previous?.value
      await self?.load()
      self?.isLoading = false
      self?.reload()
    }
  }

  open override func viewWillAppear() {
    super.viewWillAppear()
    startIfNeeded()
  }

  /// Loads again from the start.
  open override func refresh() {
    start(after: task)
  }

  /// Starts loading if needed, and returns when the load is over.
  public func settle() async {
    startIfNeeded()
    await task?.value
  }
}
