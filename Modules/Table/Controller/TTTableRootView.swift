import Three20Style
import Three20UICommon

/// The view of a ``TTTableViewController``: banner, status line, rows, the view standing in
/// for the rows (loading, empty, error) and the overlay, laid out top to bottom.
@MainActor
final class TTTableRootView: TTView {
  let table: TTTableView
  let status = TTActivityLabel(text: "", activityStyle: .gray)
  private(set) var stateView: TTView?
  private(set) var loadingView: TTActivityLabel?
  private var errorView: TTErrorView?

  var banner: TTView? {
    didSet {
      if banner !== oldValue { oldValue?.removeFromSuperview() }
      if let banner { insertSubview(banner, at: 0) }
      setNeedsLayout()
    }
  }

  var overlay: TTView? {
    didSet {
      if overlay !== oldValue { oldValue?.removeFromSuperview() }
      if let overlay { addSubview(overlay) }
      setNeedsLayout()
    }
  }

  init(table: TTTableView) {
    self.table = table
    super.init()
    status.isHidden = true
    addSubview(table)
    addSubview(status)
  }

  /// The error view, made once and reused by the empty and error states.
  func reusableErrorView() -> TTErrorView {
    if let errorView { return errorView }
    let made = TTErrorView()
    errorView = made
    return made
  }

  /// Shows a view in place of the rows (`nil` for none), hiding the other.
  func show(_ view: TTView?) {
    if let label = view as? TTActivityLabel { loadingView = label }
    if stateView !== view {
      stateView?.removeFromSuperview()
      stateView = view
      if let view { insertSubview(view, at: subviews.firstIndex { $0 === status } ?? subviews.count) }
    }
    view?.isHidden = false
    setNeedsLayout()
  }

  func setStatus(_ text: String?, animating: Bool) {
    status.text = text ?? ""
    status.isAnimating = animating
    status.isHidden = text == nil
    setNeedsLayout()
  }

  override func layoutSubviews() {
    let width = bounds.width
    var y = 0
    if let banner, !banner.isHidden {
      let height = min(
        max(1, banner.sizeThatFits(TTSize(width: width, height: bounds.height)).height), bounds.height)
      banner.frame = TTRect(x: 0, y: 0, width: width, height: height)
      y += height
    }
    if !status.isHidden, y < bounds.height {
      status.frame = TTRect(x: 0, y: y, width: width, height: 1)
      y += 1
    }
    let area = TTRect(x: 0, y: y, width: width, height: max(0, bounds.height - y))
    table.frame = area
    stateView?.frame = area
    overlay?.frame = area
  }
}
