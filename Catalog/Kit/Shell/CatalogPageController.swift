public import Three20
public import Three20UICommon

/// Something the Catalog can refresh with `r`.
@MainActor
public protocol CatalogRefreshing: AnyObject {
  /// Loads or builds the screen again.
  func refresh()
}

/// Something that finishes work in the background (a request, a feed) before it is worth
/// drawing; the non-interactive renderer waits for it.
@MainActor
public protocol CatalogSettling: AnyObject {
  /// Returns once the screen shows its final content (or its error).
  func settle() async
}

/// Something that knows how tall it wants to be at a width, for non-interactive rendering.
@MainActor
public protocol CatalogSizing: AnyObject {
  /// The rows the screen needs at `width` columns.
  func preferredHeight(width: Int) -> Int
}

/// A demo screen made of ``CatalogBlock``s, scrolled with the arrows, `j`/`k` and the page keys.
///
/// Subclasses override ``makeBlocks()``; ``reload()`` builds the page again (after a load
/// finished, or on `r`).
@MainActor
open class CatalogPageController: TTViewController, CatalogRefreshing, CatalogSizing {
  /// The view that draws the blocks.
  public let page = CatalogPageView()

  /// Creates a page with a title.
  public init(title: String) {
    super.init()
    self.title = title
  }

  /// The page's blocks, top to bottom; the default is none.
  open func makeBlocks() -> [CatalogBlock] { [] }

  open override func loadView() {
    view = page
  }

  open override func viewDidLoad() {
    super.viewDidLoad()
    reload()
  }

  /// Builds the blocks again and redraws.
  public func reload() {
    page.blocks = makeBlocks()
  }

  /// `r` builds the page again.
  open func refresh() {
    reload()
  }

  /// The page's height at a width: its blocks' rows.
  public func preferredHeight(width: Int) -> Int {
    _ = view
    return page.contentHeight(width: width)
  }

  open override func handleKey(_ key: TTKey) -> Bool {
    page.handleKey(key)
  }
}

/// Draws ``CatalogBlock``s one under the other and scrolls them.
@MainActor
public final class CatalogPageView: TTView {
  /// The blocks shown.
  public var blocks: [CatalogBlock] = [] {
    didSet {
      for view in liveViews { view.removeFromSuperview() }
      liveViews = blocks.compactMap { block in
        if case .view(let view, _) = block { return view }
        return nil
      }
      setNeedsDisplay()
    }
  }

  /// The first row shown.
  public private(set) var scrollOffset = 0

  private var liveViews: [TTView] = []

  /// The height of all blocks at a width, with a blank row above each heading but the first.
  public func contentHeight(width: Int) -> Int {
    renderedBlocks(width: width).reduce(0) { $0 + $1.top + $1.canvas.height }
  }

  /// Each block drawn at the width (less a margin), with the blank rows above it.
  private func renderedBlocks(width: Int) -> [(top: Int, canvas: TTCanvas)] {
    blocks.enumerated().map { index, block in
      var top = 0
      if index > 0, case .heading = block { top = 1 }
      return (top, block.canvas(width: max(1, width - 2)))
    }
  }

  public override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let parts = renderedBlocks(width: rect.width)
    let total = parts.reduce(0) { $0 + $1.top + $1.canvas.height }
    scrollOffset = max(0, min(scrollOffset, total - rect.height))
    var y = rect.y - scrollOffset
    for (top, part) in parts {
      y += top
      if y + part.height > rect.y && y < rect.maxY {
        canvas.draw(part, at: TTPoint(x: rect.x + 1, y: y))
      }
      y += part.height
    }
    if total > rect.height, rect.height > 0 {
      let shown = "\(min(total, scrollOffset + rect.height))/\(total)"
      canvas.write(
        " \(shown) ", at: TTPoint(x: rect.maxX - shown.count - 2, y: rect.maxY - 1),
        style: CatalogBlock.dimStyle)
    }
  }

  public override func handleKey(_ key: TTKey) -> Bool {
    for view in liveViews where view.handleKey(key) { return true }
    let pageRows = max(1, frame.height - 1)
    switch key {
    case .down, .character("j"): scrollOffset += 1
    case .up, .character("k"): scrollOffset = max(0, scrollOffset - 1)
    case .pageDown, .character(" "): scrollOffset += pageRows
    case .pageUp: scrollOffset = max(0, scrollOffset - pageRows)
    case .home, .character("g"): scrollOffset = 0
    case .end, .character("G"): scrollOffset = Int.max / 2
    default: return false
    }
    setNeedsDisplay()
    return true
  }

  public override func tick() {
    for view in liveViews {
      view.tick()
      if view.needsDisplay { setNeedsDisplay() }
    }
  }
}
