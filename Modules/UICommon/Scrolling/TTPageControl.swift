public import Three20Style

/// A row of dots, one a page, the current one filled: Three20's `TTPageControl`.
///
/// The dots (`○ ● ○`) are centred in the control's content rectangle, one column apart
/// (``dotSpacing``). When they do not fit even without spaces, the control shows
/// `‹ 3/20 ›` instead. Clicking a dot makes its page current and calls ``onChange``; in the
/// compact form, clicking `‹` or `›` goes back or forward a page.
///
/// ```swift
/// let dots = TTPageControl(numberOfPages: 3)
/// dots.frame = TTRect(x: 0, y: 0, width: 9, height: 1)
/// var canvas = TTCanvas(width: 9, height: 1)
/// dots.draw(on: &canvas)
/// canvas.plainText   // "  ● ○ ○"
/// dots.onChange = { control in print("page", control.currentPage) }
/// dots.handleMouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 6, y: 0)))   // page 2
/// ```
///
/// ``TTScrollView`` and ``TTLauncherView`` show one at their bottom.
@MainActor
open class TTPageControl: TTView {
  /// The number of pages, and of dots; never negative.
  ///
  /// Defaults to 0. ``currentPage`` is kept inside the new range.
  open var numberOfPages: Int {
    didSet {
      if numberOfPages < 0 { numberOfPages = 0 }
      if currentPage >= numberOfPages { currentPage = max(0, numberOfPages - 1) }
      if numberOfPages != oldValue { setNeedsDisplay() }
    }
  }

  /// The page whose dot is filled, from 0; kept between 0 and ``numberOfPages`` − 1.
  ///
  /// Setting it does not call ``onChange``, which reports the user's clicks.
  open var currentPage: Int {
    didSet {
      let clamped = min(max(0, currentPage), max(0, numberOfPages - 1))
      if clamped != currentPage { currentPage = clamped }
      if currentPage != oldValue { setNeedsDisplay() }
    }
  }

  /// Whether the control draws nothing when there is only one page (or none).
  ///
  /// Defaults to `false`: a single filled dot shows.
  open var hidesForSinglePage: Bool = false {
    didSet { if hidesForSinglePage != oldValue { setNeedsDisplay() } }
  }

  /// The columns between two dots; 1 by default, 0 or more.
  ///
  /// When the dots do not fit with it, they are drawn without spaces, then in the compact
  /// form.
  open var dotSpacing: Int = 1 {
    didSet {
      if dotSpacing < 0 { dotSpacing = 0 }
      if dotSpacing != oldValue { setNeedsDisplay() }
    }
  }

  /// What happens when the user picks a page with the mouse; `nil` by default.
  ///
  /// It is called with the control, after ``currentPage`` has changed.
  open var onChange: (@MainActor (TTPageControl) -> Void)?

  /// The character of the current page's dot: `●`.
  public static let currentDot: Character = "●"
  /// The character of the other pages' dots: `○`.
  public static let otherDot: Character = "○"

  /// Creates a page control.
  ///
  /// - Parameters:
  ///   - numberOfPages: The number of pages; none by default.
  ///   - currentPage: The current page; the first by default.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  public init(numberOfPages: Int = 0, currentPage: Int = 0, frame: TTRect = .zero) {
    let count = max(0, numberOfPages)
    self.numberOfPages = count
    self.currentPage = min(max(0, currentPage), max(0, count - 1))
    super.init(frame: frame)
  }

  /// Whether nothing is drawn: no pages, or one page while ``hidesForSinglePage`` is set.
  public var isShowingNothing: Bool {
    numberOfPages == 0 || (hidesForSinglePage && numberOfPages == 1)
  }

  /// The dots' width, one row tall; zero when nothing is shown.
  ///
  /// - Parameter size: The room available.
  /// - Returns: The width of the dots with ``dotSpacing`` (or less, as they are drawn in
  ///   `size`) by one row.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    guard !isShowingNothing else { return .zero }
    let layout = Self.layout(
      pages: numberOfPages, current: currentPage, spacing: dotSpacing, width: size.width)
    return TTSize(width: layout.width, height: 1)
  }

  /// Draws the dots (or the compact form) centred on the content rectangle's middle row.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the dots go.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard !isShowingNothing, !rect.isEmpty else { return }
    let layout = Self.layout(
      pages: numberOfPages, current: currentPage, spacing: dotSpacing, width: rect.width)
    let x = rect.x + max(0, (rect.width - layout.width) / 2)
    let y = rect.y + (rect.height - 1) / 2
    switch layout {
    case .dots(let spacing, _):
      for page in 0..<numberOfPages {
        let current = page == currentPage
        canvas.write(
          String(current ? Self.currentDot : Self.otherDot), at: TTPoint(x: x + page * (spacing + 1), y: y),
          style: TTCellStyle(attributes: current ? [.bold] : [.dim]))
      }
    case .compact(let text):
      canvas.write(
        text, at: TTPoint(x: x, y: y), style: TTCellStyle(attributes: [.bold]), maxWidth: rect.maxX - x)
    }
  }

  /// The page whose dot is at a point, in the control's own coordinates; `nil` off the dots.
  ///
  /// In the compact form, `‹` gives the page before the current one and `›` the page after.
  ///
  /// - Parameter point: The point.
  /// - Returns: The page, or `nil`.
  public func page(at point: TTPoint) -> Int? {
    guard !isShowingNothing else { return nil }
    let rect = contentRect
    let layout = Self.layout(
      pages: numberOfPages, current: currentPage, spacing: dotSpacing, width: rect.width)
    let x = rect.x + max(0, (rect.width - layout.width) / 2)
    guard point.y == rect.y + (rect.height - 1) / 2, point.x >= x, point.x < x + layout.width else {
      return nil
    }
    switch layout {
    case .dots(let spacing, _):
      let offset = point.x - x
      guard offset % (spacing + 1) == 0 else { return nil }
      return offset / (spacing + 1)
    case .compact:
      if point.x == x { return currentPage > 0 ? currentPage - 1 : nil }
      if point.x == x + layout.width - 1 { return currentPage + 1 < numberOfPages ? currentPage + 1 : nil }
      return nil
    }
  }

  /// Makes the page under a left click current and calls ``onChange`` when it changed.
  ///
  /// - Parameter event: The event, in the control's coordinates.
  /// - Returns: `true` for a left press on a dot (and the release after it); other events go
  ///   to the views above.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard event.button == .left else { return false }
    switch event.action {
    case .press:
      guard let page = page(at: event.position) else { return false }
      if page != currentPage {
        currentPage = page
        onChange?(self)
      }
      return true
    case .release, .drag:
      return true
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      return false
    }
  }

  /// How the pages are drawn in a width.
  private enum Layout {
    /// A dot a page, `spacing` columns apart, `width` columns in all.
    case dots(spacing: Int, width: Int)
    /// `‹ 3/20 ›`.
    case compact(String)

    var width: Int {
      switch self {
      case .dots(_, let width): width
      case .compact(let text): TTDisplayWidth.of(text)
      }
    }
  }

  private static func layout(pages: Int, current: Int, spacing: Int, width: Int) -> Layout {
    for gap in [min(spacing, max(0, width)), 0] where pages <= width && pages + (pages - 1) * gap <= width {
      return .dots(spacing: gap, width: pages + (pages - 1) * gap)
    }
    return .compact("‹ \(current + 1)/\(pages) ›")
  }
}
