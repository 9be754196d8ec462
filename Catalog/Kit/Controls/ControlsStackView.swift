import Three20

/// A view that stacks its subviews from the top, each at the height it asks for
/// (`sizeThatFits`), with a caption line above each one that has a caption, and scrolls when
/// they do not fit: the Controls demos lay their controls out with it.
@MainActor
final class ControlsStackView: TTView {
  /// The caption drawn above each view, by view.
  private var captions: [ObjectIdentifier: String] = [:]
  /// The rows hidden above the top.
  private(set) var scrollOffset = 0
  /// The total height of the stack at the last layout.
  private(set) var contentHeight = 0

  /// Adds a view at the bottom of the stack, with an optional caption above it.
  func add(_ view: TTView, caption: String? = nil) {
    if let caption { captions[ObjectIdentifier(view)] = caption }
    addSubview(view)
  }

  override func layoutSubviews() {
    let width = max(1, bounds.width - 4)
    var y = 1
    var frames: [TTRect] = []
    for view in subviews {
      if captions[ObjectIdentifier(view)] != nil { y += 1 }
      let size = view.sizeThatFits(TTSize(width: width, height: 10_000))
      // Labels take the whole width, so a longer text set later still shows.
      let viewWidth = view is TTLabel ? width : min(width, max(1, size.width))
      frames.append(TTRect(x: 2, y: y, width: viewWidth, height: max(1, size.height)))
      y += max(1, size.height) + 1
    }
    contentHeight = y
    // Keep the focused view in sight.
    if let focused = focusedView, let index = subviews.firstIndex(where: { focused.isDescendant(of: $0) }) {
      let frame = frames[index]
      if frame.maxY - scrollOffset > bounds.height { scrollOffset = frame.maxY - bounds.height }
      let captionRows = captions[ObjectIdentifier(subviews[index])] != nil ? 1 : 0
      if frame.y - captionRows - scrollOffset < 0 { scrollOffset = max(0, frame.y - captionRows - 1) }
    }
    scrollOffset = max(0, min(scrollOffset, contentHeight - bounds.height))
    for (view, frame) in zip(subviews, frames) { view.frame = frame.offsetBy(dx: 0, dy: -scrollOffset) }
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    for view in subviews {
      guard let caption = captions[ObjectIdentifier(view)] else { continue }
      canvas.write(
        caption, at: TTPoint(x: rect.x + view.frame.x, y: rect.y + view.frame.y - 1),
        style: TTCellStyle(attributes: .dim))
    }
  }

  /// Lays the stack out again, so the focused control is in sight.
  override func descendantDidBecomeFocused(_ view: TTView) {
    setNeedsLayout()
  }

  /// The wheel scrolls the stack.
  override func handleMouse(_ event: TTMouseEvent) -> Bool {
    switch event.action {
    case .scrollUp: scrollOffset -= 3
    case .scrollDown: scrollOffset += 3
    default: return false
    }
    setNeedsLayout()
    return true
  }
}

/// A Controls demo: a stack of live controls.
@MainActor
class ControlsScreen: TTViewController {
  let stack = ControlsStackView()

  override func loadView() {
    view = stack
  }
}
