public import Three20Style

/// Where a ``TTScrollView`` gets its pages: Three20's `TTScrollViewDataSource`.
@MainActor
public protocol TTScrollViewDataSource: AnyObject {
  /// The number of pages.
  ///
  /// - Parameter scrollView: The scroll view asking.
  /// - Returns: The number of pages; 0 or more.
  func numberOfPages(in scrollView: TTScrollView) -> Int

  /// The view for a page, asked for each time the page comes on screen.
  ///
  /// Return the same view for a page each time to keep its state, or a new one.
  ///
  /// - Parameters:
  ///   - scrollView: The scroll view asking.
  ///   - index: The page, from 0.
  /// - Returns: The page's view; the scroll view sets its frame.
  func scrollView(_ scrollView: TTScrollView, pageAt index: Int) -> TTView
}

/// What a ``TTScrollView`` tells about the user's paging: Three20's `TTScrollViewDelegate`.
@MainActor
public protocol TTScrollViewDelegate: AnyObject {
  /// The scroll view shows another page.
  ///
  /// - Parameters:
  ///   - scrollView: The scroll view.
  ///   - index: The page now shown.
  func scrollView(_ scrollView: TTScrollView, didMoveToPageAt index: Int)
}

/// Content in pages side by side, one shown at a time and filling the view: Three20's
/// `TTScrollView`, paged with keys, the mouse wheel and a row of dots.
///
/// The pages are views, from a ``dataSource`` or, without one, from ``pages``. The page shown
/// fills the view, less its bottom row when ``showsPageControl`` is set: there a
/// ``TTPageControl`` shows where you are, and clicking a dot goes to its page.
///
/// The view can be focused. Then ← and → (or `h` and `l`), PgUp and PgDn go back and forward
/// a page, Home and End to the first and last. Keys the page's own views do not use (a focused
/// button inside a page, say) reach the scroll view too. The mouse wheel, up/left and
/// down/right, pages back and forward.
///
/// ```swift
/// let scroll = TTScrollView(pages: [TTLabel(text: "One"), TTLabel(text: "Two")])
/// scroll.frame = TTRect(x: 0, y: 0, width: 20, height: 4)
/// scroll.onPageChange = { view in print("page", view.currentPageIndex) }
/// scroll.handleKey(.right)   // "page 1"
/// ```
@MainActor
open class TTScrollView: TTView {
  /// Where the pages come from; `nil` by default, and then ``pages`` is used.
  ///
  /// Held weakly. Setting it reloads the pages (``reloadData()``).
  open weak var dataSource: (any TTScrollViewDataSource)? {
    didSet { reloadData() }
  }

  /// Told when the user moves to another page; held weakly, `nil` by default.
  open weak var delegate: (any TTScrollViewDelegate)?

  /// Called with the view when the user moves to another page (after the delegate); `nil` by
  /// default.
  open var onPageChange: (@MainActor (TTScrollView) -> Void)?

  /// The pages, when there is no ``dataSource``; empty by default.
  ///
  /// Setting it reloads the pages.
  open var pages: [TTView] = [] {
    didSet { reloadData() }
  }

  /// Whether the bottom row shows a ``TTPageControl``.
  ///
  /// Defaults to `true`.
  open var showsPageControl: Bool = true {
    didSet { if showsPageControl != oldValue { setNeedsLayout() } }
  }

  /// The dots at the bottom; its ``TTPageControl/onChange`` is the scroll view's.
  public let pageControl = TTPageControl()

  /// The number of pages.
  public private(set) var numberOfPages = 0

  /// The page shown, from 0; kept between 0 and ``numberOfPages`` − 1 (0 without pages).
  ///
  /// Setting it shows that page, without calling ``delegate`` or ``onPageChange``, which report
  /// the user's paging.
  open var currentPageIndex: Int {
    get { storedPageIndex }
    set { show(newValue, notify: false) }
  }

  /// The view of the page shown, or `nil` when there are no pages.
  public private(set) var currentPage: TTView?

  private var storedPageIndex = 0

  /// Creates a scroll view.
  ///
  /// - Parameters:
  ///   - pages: The pages; none by default (or use ``dataSource``).
  ///   - frame: Its rectangle; empty by default.
  public init(pages: [TTView] = [], frame: TTRect = .zero) {
    super.init(frame: frame)
    pageControl.onChange = { [weak self] control in
      self?.show(control.currentPage, notify: true)
    }
    addSubview(pageControl)
    self.pages = pages
    reloadData()
  }

  /// Asks the data source (or ``pages``) again for the number of pages and the current page's
  /// view, keeping the current page where it can.
  public func reloadData() {
    if let dataSource {
      numberOfPages = max(0, dataSource.numberOfPages(in: self))
    } else {
      numberOfPages = pages.count
    }
    pageControl.numberOfPages = numberOfPages
    show(storedPageIndex, notify: false, force: true)
  }

  /// A view can be focused.
  override open var canBecomeFocused: Bool { true }

  /// Places the page shown and the page control.
  override open func layoutSubviews() {
    let area = contentRect
    let controlRows = showsPageControl && area.height > 1 ? 1 : 0
    pageControl.isHidden = controlRows == 0
    pageControl.frame = TTRect(x: area.x, y: area.maxY - 1, width: area.width, height: controlRows)
    currentPage?.frame = TTRect(x: area.x, y: area.y, width: area.width, height: area.height - controlRows)
  }

  /// Pages with ←/→, `h`/`l`, PgUp/PgDn, Home and End.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was a paging key (even one that could not move further).
  override open func handleKey(_ key: TTKey) -> Bool {
    switch key {
    case .left, .character("h"), .pageUp: show(storedPageIndex - 1, notify: true)
    case .right, .character("l"), .pageDown: show(storedPageIndex + 1, notify: true)
    case .home: show(0, notify: true)
    case .end: show(numberOfPages - 1, notify: true)
    default: return super.handleKey(key)
    }
    return true
  }

  /// Pages with the wheel: up or left goes back, down or right forward.
  ///
  /// - Parameter event: The event, in the view's coordinates.
  /// - Returns: `true` when the wheel changed the page; other events go to the views above.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    switch event.action {
    case .scrollUp, .scrollLeft: return show(storedPageIndex - 1, notify: true)
    case .scrollDown, .scrollRight: return show(storedPageIndex + 1, notify: true)
    case .press, .release, .drag: return super.handleMouse(event)
    }
  }

  /// Shows a page (clamped); returns whether the page changed.
  @discardableResult
  private func show(_ index: Int, notify: Bool, force: Bool = false) -> Bool {
    let clamped = numberOfPages == 0 ? 0 : min(max(0, index), numberOfPages - 1)
    let changed = clamped != storedPageIndex
    guard changed || force else { return false }
    storedPageIndex = clamped
    pageControl.currentPage = clamped
    // A focused view inside the page leaving hands the focus to the scroll view, so keys keep
    // coming.
    let hadFocus = currentPage?.focusedView != nil
    currentPage?.focusedView?.resignFocus()
    currentPage?.removeFromSuperview()
    currentPage = nil
    if numberOfPages > 0 {
      let view = dataSource.map { $0.scrollView(self, pageAt: clamped) } ?? pages[clamped]
      if view === pageControl || isDescendant(of: view) {
        TTViewLog.warning(
          "TTScrollView: page \(clamped) is the scroll view, one of its superviews or its page control; not shown."
        )
      } else {
        insertSubview(view, at: 0)
        currentPage = view
      }
    }
    if hadFocus { becomeFocused() }
    setNeedsLayout()
    if changed, notify {
      delegate?.scrollView(self, didMoveToPageAt: clamped)
      onPageChange?(self)
    }
    return changed
  }
}
