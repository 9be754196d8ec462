import Three20Core
public import Three20Style

/// A rectangle of the screen that draws a style and its content, and holds other views:
/// Three20's `TTView`, on a terminal.
///
/// A view has a ``frame`` in its superview's coordinates (a root view's frame is in the
/// canvas's), an optional ``style`` drawn in that frame, and ``subviews`` drawn on top, each
/// clipped to its own frame and to every frame above it. Subclasses draw their own content
/// by overriding ``drawContent(on:in:)``, measure it in ``contentSizeThatFits(_:)`` and place
/// their subviews in ``layoutSubviews()``.
///
/// ```swift
/// let box = TTView(frame: TTRect(x: 0, y: 0, width: 12, height: 3))
/// box.style = TTStyle {
///   TTShapeStyle(.rounded(1))
///   TTSolidBorderStyle(.white)
/// }
/// let label = TTLabel(text: "Hello")
/// label.frame = TTRect(x: 1, y: 1, width: 10, height: 1)   // inside the border
/// box.addSubview(label)
///
/// var canvas = TTCanvas(width: 12, height: 3)
/// box.draw(on: &canvas)
/// // ╭──────────╮
/// // │Hello     │
/// // ╰──────────╯
/// ```
///
/// Views belong to the main actor. A superview owns its subviews; a subview refers to its
/// superview weakly, so a tree never keeps itself alive.
@MainActor
open class TTView {
  /// The view's rectangle in its superview's coordinates (for a root view, the canvas's).
  ///
  /// Defaults to `TTRect.zero`. Changing its size marks the view as needing layout, and
  /// any change marks it (and its superviews) as needing display.
  open var frame: TTRect {
    didSet {
      guard frame != oldValue else { return }
      if frame.size != oldValue.size { setNeedsLayout() }
      superview?.setNeedsDisplay()
      setNeedsDisplay()
    }
  }

  /// The style drawn in the frame before the content (Three20's `TTView.style`).
  ///
  /// `nil`, the default, draws nothing, so whatever is beneath shows through.
  open var style: TTStyle? {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  /// Whether the view, with its subviews, is left out of drawing and key handling.
  ///
  /// Defaults to `false`.
  open var isHidden: Bool = false {
    didSet {
      if isHidden != oldValue {
        superview?.setNeedsDisplay()
        setNeedsDisplay()
      }
    }
  }

  /// Whether the view has keyboard focus, so keys like Enter act on it.
  ///
  /// Defaults to `false`. Nothing moves focus by itself: the controller that owns the view
  /// sets it (for example on Tab). Views that show focus redraw when it changes.
  open var isFocused: Bool = false {
    didSet { if isFocused != oldValue { setNeedsDisplay() } }
  }

  /// The views drawn on top of this one, back to front.
  public private(set) var subviews: [TTView] = []

  /// The view this one is a subview of, held weakly; `nil` for a root view.
  public private(set) weak var superview: TTView?

  /// Whether the view must be drawn again; set by ``setNeedsDisplay()``, cleared by drawing.
  ///
  /// A new view needs display.
  public private(set) var needsDisplay = true

  /// Whether ``layoutSubviews()`` must run before the next drawing.
  ///
  /// A new view needs layout.
  public private(set) var needsLayout = true

  /// Creates a view.
  ///
  /// - Parameter frame: Its rectangle in its superview's coordinates; empty by default.
  public init(frame: TTRect = .zero) {
    self.frame = frame
  }

  /// The view's own rectangle: its frame's size at the origin.
  public var bounds: TTRect { TTRect(origin: .zero, size: frame.size) }

  /// Where content goes, in the view's own coordinates: ``bounds`` less the style's insets,
  /// padding and borders (`TTStyle.contentRect(for:)`); ``bounds`` when there is no style.
  public var contentRect: TTRect {
    style?.contentRect(for: bounds) ?? bounds
  }

  // MARK: - The tree

  /// Adds a view on top of the others, taking it from its old superview first.
  ///
  /// Adding a view to itself or to one of its own subviews would make a loop; such a call is
  /// ignored and logged.
  ///
  /// - Parameter view: The view to add.
  public func addSubview(_ view: TTView) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts a view among the subviews, taking it from its old superview first.
  ///
  /// - Parameters:
  ///   - view: The view to insert.
  ///   - index: Its place, 0 being at the back; clamped to the valid range.
  public func insertSubview(_ view: TTView, at index: Int) {
    var ancestor: TTView? = self
    while let current = ancestor {
      if current === view {
        TTViewLog.warning("A view cannot be added to itself or to one of its own subviews; ignored.")
        return
      }
      ancestor = current.superview
    }
    view.removeFromSuperview()
    subviews.insert(view, at: min(max(0, index), subviews.count))
    view.superview = self
    setNeedsLayout()
    setNeedsDisplay()
  }

  /// Takes the view out of its superview; nothing happens when it has none.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    parent.setNeedsLayout()
    parent.setNeedsDisplay()
  }

  /// Whether the view is `view` or lies inside it.
  ///
  /// - Parameter view: The possible ancestor.
  /// - Returns: `true` when `view` is this view or one of its superviews.
  public func isDescendant(of view: TTView) -> Bool {
    var current: TTView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// The view at the top of this view's tree.
  public var rootView: TTView {
    var current = self
    while let parent = current.superview { current = parent }
    return current
  }

  /// This view's frame in the root view's coordinates (the canvas's, when the root's frame
  /// starts at the origin).
  public var frameInRoot: TTRect {
    var rect = frame
    var ancestor = superview
    while let parent = ancestor {
      rect = rect.offsetBy(dx: parent.frame.x, dy: parent.frame.y)
      ancestor = parent.superview
    }
    return rect
  }

  // MARK: - Size and layout

  /// The size of the content alone, for ``sizeThatFits(_:)`` (Three20's content size).
  ///
  /// The default is `TTSize.zero`; ``TTLabel`` returns the size of its wrapped text.
  ///
  /// - Parameter size: The room for the content, after the style's insets.
  /// - Returns: The size the content wants; at most `size` where it can wrap.
  open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    .zero
  }

  /// The size the view wants, given the room it has (Three20's `sizeThatFits:`).
  ///
  /// The default is the style wrapped around ``contentSizeThatFits(_:)``
  /// (`TTStyle.size(fitting:)`, which respects a box style's minimum size).
  ///
  /// - Parameter size: The room available.
  /// - Returns: The size wanted; it may be larger than `size` when the content cannot shrink.
  open func sizeThatFits(_ size: TTSize) -> TTSize {
    guard let style else { return contentSizeThatFits(size) }
    let overhead = style.size(fitting: .zero)
    let inner = TTSize(width: size.width - overhead.width, height: size.height - overhead.height)
    return style.size(fitting: contentSizeThatFits(inner))
  }

  /// Resizes the frame to ``sizeThatFits(_:)``, keeping its origin.
  ///
  /// - Parameter size: The room available; by default 10,000 columns and rows, which is as
  ///   good as unlimited.
  public func sizeToFit(within size: TTSize = TTSize(width: 10_000, height: 10_000)) {
    frame.size = sizeThatFits(size)
  }

  /// Places the subviews; called before drawing when the view needs layout.
  ///
  /// The default does nothing. Override it to set your subviews' frames from ``bounds``; do
  /// not call it yourself, call ``setNeedsLayout()``.
  open func layoutSubviews() {}

  /// Marks the view as needing layout before it is next drawn.
  public func setNeedsLayout() {
    needsLayout = true
    setNeedsDisplay()
  }

  /// Runs ``layoutSubviews()`` now if the view needs layout, then does the same for its
  /// subviews.
  public func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    for view in subviews { view.layoutIfNeeded() }
  }

  // MARK: - Drawing

  /// Marks the view, and every view above it up to the root, as needing to be drawn.
  ///
  /// The terminal host redraws when its root view needs display.
  public func setNeedsDisplay() {
    var current: TTView? = self
    while let view = current {
      view.needsDisplay = true
      current = view.superview
    }
  }

  /// Draws the view and its subviews, with the frame taken in the canvas's coordinates.
  ///
  /// In order: the ``style`` in the frame, then ``drawContent(on:in:)`` in the style's
  /// content rectangle, then each visible subview, back to front, clipped to its frame
  /// (subview frames are relative to this view's frame). Layout runs first if needed.
  /// Hidden views draw nothing. Drawing clears ``needsDisplay`` on every view drawn.
  ///
  /// - Parameter canvas: The canvas to draw on; drawing never leaves the frame or the
  ///   canvas's clip.
  public func draw(on canvas: inout TTCanvas) {
    layoutIfNeeded()
    draw(on: &canvas, origin: .zero)
  }

  /// Draws the view as ``draw(on:)`` does, with its frame moved by `origin`: a view that is
  /// not in the tree drawn, placed as if its superview's top left were at `origin`.
  ///
  /// - Parameters:
  ///   - canvas: The canvas to draw on.
  ///   - origin: Where the coordinates of the view's frame start on the canvas.
  public func draw(on canvas: inout TTCanvas, at origin: TTPoint) {
    layoutIfNeeded()
    draw(on: &canvas, origin: origin)
  }

  /// Draws the view with its frame offset by `origin` (its superview's place on the canvas).
  private func draw(on canvas: inout TTCanvas, origin: TTPoint) {
    needsDisplay = false
    guard !isHidden else { return }
    let rect = frame.offsetBy(dx: origin.x, dy: origin.y)
    guard !rect.isEmpty else { return }
    canvas.withClip(rect) { canvas in
      if let style {
        style.draw(in: rect, on: &canvas) { canvas, inner in
          self.drawContent(on: &canvas, in: inner)
        }
      } else {
        drawContent(on: &canvas, in: rect)
      }
      for view in subviews {
        view.draw(on: &canvas, origin: rect.origin)
      }
    }
  }

  /// Draws what the view shows inside its style; the default draws nothing.
  ///
  /// Override it in subclasses. The canvas is clipped to `rect`.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the content goes, in the canvas's coordinates: the frame less the
  ///     style's insets, padding and borders.
  open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {}

  // MARK: - Keys, mouse, paste and time

  /// Offers a key to the view; returns whether it was used.
  ///
  /// Keys reach views along the focus chain (``handleKeyFromFocus(_:)``): the focused view
  /// first, then each view above it. The default uses no key. Override it to act on keys,
  /// and return `false` (or call `super`) for the ones you do not use, so the views above,
  /// and then the controller, get them.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` when the key was used.
  open func handleKey(_ key: TTKey) -> Bool {
    false
  }

  /// Offers a mouse event to the view; returns whether it was used.
  ///
  /// Events reach views by hit-testing what was drawn (``handleMouseFromHit(_:)``): the
  /// frontmost view under the pointer first, then each view above it. The position is in
  /// this view's own coordinates (0,0 is the top left of its frame), so a row at `y == 2`
  /// is the third row of the view. The default uses none.
  ///
  /// - Parameter event: The event, in the view's coordinates.
  /// - Returns: `true` when the event was used.
  open func handleMouse(_ event: TTMouseEvent) -> Bool {
    false
  }

  /// Offers pasted text to the view; returns whether it was used.
  ///
  /// A paste goes along the focus chain like a key (``handlePasteFromFocus(_:)``). The text
  /// may hold newlines and control characters; remove what the view cannot show
  /// (`TTTerminalText.sanitized`). The default uses none.
  ///
  /// - Parameter text: The text, with line ends as `\n`.
  /// - Returns: `true` when the text was used.
  open func handlePaste(_ text: String) -> Bool {
    false
  }

  /// Whether the view can have keyboard focus: Tab and Shift-Tab stop on it
  /// (``moveFocus(forward:)``) and a click focuses it.
  ///
  /// The default is `false`; controls such as ``TTButton`` and ``TTTextField`` return `true`
  /// while they are enabled.
  open var canBecomeFocused: Bool { false }

  /// The frontmost visible view at a point: this view, one of its descendants, or `nil` when
  /// the point is outside the view or the view is hidden.
  ///
  /// A subview is found only where it is drawn: inside its own frame and inside every frame
  /// above it.
  ///
  /// - Parameter point: The point, in this view's own coordinates.
  /// - Returns: The deepest view that contains the point.
  public func hitTest(_ point: TTPoint) -> TTView? {
    guard !isHidden, bounds.contains(point) else { return nil }
    var current = self
    var local = point
    while let next = current.subviews.last(where: { !$0.isHidden && $0.frame.contains(local) }) {
      local = TTPoint(x: local.x - next.frame.x, y: local.y - next.frame.y)
      current = next
    }
    return current
  }

  /// The focused view in this view's tree: the first visible view, in drawing order, whose
  /// ``isFocused`` is `true`; `nil` when there is none.
  ///
  /// Views inside a hidden view are skipped.
  public var focusedView: TTView? {
    firstVisibleView { $0.isFocused }
  }

  /// The views in this view's tree that focus can move to, in drawing order (a view before
  /// its subviews, subviews back to front): visible views whose ``canBecomeFocused`` is
  /// `true`.
  public var focusableViews: [TTView] {
    var found: [TTView] = []
    visitVisibleViews { view in
      if view.canBecomeFocused { found.append(view) }
      return false
    }
    return found
  }

  /// Gives this view the keyboard focus, taking it from any other view of its tree.
  ///
  /// - Returns: `false`, changing nothing, when the view cannot be focused
  ///   (``canBecomeFocused``).
  @discardableResult
  public func becomeFocused() -> Bool {
    guard canBecomeFocused else { return false }
    rootView.visitAllViews { view in
      if view !== self, view.isFocused { view.isFocused = false }
    }
    isFocused = true
    var ancestor = superview
    while let container = ancestor {
      container.descendantDidBecomeFocused(self)
      ancestor = container.superview
    }
    return true
  }

  /// Called on each superview of a view that has just taken the focus
  /// (``becomeFocused()``, Tab, a click), nearest first; the default does nothing.
  ///
  /// A scrolling container overrides it to bring the focused view into sight.
  ///
  /// - Parameter view: The view that took the focus.
  open func descendantDidBecomeFocused(_ view: TTView) {}

  /// Takes the keyboard focus away from this view; nothing happens if it has none.
  public func resignFocus() {
    isFocused = false
  }

  /// Moves the focus to the next (or previous) of this tree's ``focusableViews``, wrapping
  /// around at either end; what Tab and Shift-Tab do.
  ///
  /// With nothing focused, the first (or last) focusable view takes the focus.
  ///
  /// - Parameter forward: `true` for the next view (Tab), `false` for the previous
  ///   (Shift-Tab).
  /// - Returns: `false` when the tree has no view that can be focused.
  @discardableResult
  public func moveFocus(forward: Bool = true) -> Bool {
    let candidates = focusableViews
    guard !candidates.isEmpty else { return false }
    let current = focusedView.flatMap { focused in candidates.firstIndex { $0 === focused } }
    let next: Int
    if let current {
      next = (current + (forward ? 1 : candidates.count - 1)) % candidates.count
    } else {
      next = forward ? 0 : candidates.count - 1
    }
    return candidates[next].becomeFocused()
  }

  /// Offers a key along the focus chain of this view's tree: to the ``focusedView`` first,
  /// then to each view above it, up to and including this one, until one uses it.
  ///
  /// ``TTViewController/dispatch(_:)`` calls it on the controller's view.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` when a view used the key; `false` also when nothing is focused.
  @discardableResult
  public func handleKeyFromFocus(_ key: TTKey) -> Bool {
    guard let focused = focusedView else { return false }
    return alongChain(from: focused) { $0.handleKey(key) }
  }

  /// Offers pasted text along the focus chain, as ``handleKeyFromFocus(_:)`` offers keys.
  ///
  /// - Parameter text: The text.
  /// - Returns: `true` when a view used it.
  @discardableResult
  public func handlePasteFromFocus(_ text: String) -> Bool {
    guard let focused = focusedView else { return false }
    return alongChain(from: focused) { $0.handlePaste(text) }
  }

  /// Offers a mouse event to the view under the pointer (``hitTest(_:)``), then to each view
  /// above it up to this one, each with the position in its own coordinates.
  ///
  /// A press of the left button first focuses the nearest view on that chain that can be
  /// focused, so clicking a field or a button focuses it. The view that uses a press keeps
  /// the mouse until the release: drags and the release go to it wherever the pointer is,
  /// so a button sees the release that ends its click, and a slider follows a drag.
  ///
  /// - Parameter event: The event, in this view's coordinates.
  /// - Returns: `true` when a view used it.
  @discardableResult
  public func handleMouseFromHit(_ event: TTMouseEvent) -> Bool {
    if event.action == .drag || event.action == .release, let captured = mouseCapture {
      if event.action == .release { mouseCapture = nil }
      if captured.isDescendant(of: self) {
        let origin = captured.origin(in: self)
        return captured.handleMouse(event.offsetBy(dx: -origin.x, dy: -origin.y))
      }
    }
    guard let hit = hitTest(event.position) else { return false }
    if event.isPrimaryPress {
      var candidate: TTView? = hit
      while let view = candidate {
        if view.canBecomeFocused {
          if !view.isFocused { view.becomeFocused() }
          break
        }
        if view === self { break }
        candidate = view.superview
      }
    }
    return alongChain(from: hit) { view in
      let origin = view.origin(in: self)
      guard view.handleMouse(event.offsetBy(dx: -origin.x, dy: -origin.y)) else { return false }
      if event.action == .press { mouseCapture = view }
      return true
    }
  }

  /// The view that used the last press given to ``handleMouseFromHit(_:)`` on this view,
  /// until the release.
  private weak var mouseCapture: TTView?

  /// Where this view's top left is in the coordinates of `ancestor`, one of its superviews.
  private func origin(in ancestor: TTView) -> TTPoint {
    var origin = TTPoint(x: 0, y: 0)
    var current: TTView? = self
    while let step = current, step !== ancestor {
      origin = TTPoint(x: origin.x + step.frame.x, y: origin.y + step.frame.y)
      current = step.superview
    }
    return origin
  }

  /// Runs `body` on `start` and each view above it up to this one, until it returns `true`.
  private func alongChain(from start: TTView, _ body: (TTView) -> Bool) -> Bool {
    var current: TTView? = start
    while let view = current {
      if body(view) { return true }
      if view === self { break }
      current = view.superview
    }
    return false
  }

  /// The first visible view of the tree, in drawing order, that satisfies `test`.
  private func firstVisibleView(where test: (TTView) -> Bool) -> TTView? {
    var found: TTView?
    visitVisibleViews { view in
      guard test(view) else { return false }
      found = view
      return true
    }
    return found
  }

  /// Visits this view and the visible views of its tree in drawing order, without recursion;
  /// stops when `body` returns `true`.
  private func visitVisibleViews(_ body: (TTView) -> Bool) {
    guard !isHidden else { return }
    var stack: [TTView] = [self]
    while let view = stack.popLast() {
      if body(view) { return }
      for subview in view.subviews.reversed() where !subview.isHidden { stack.append(subview) }
    }
  }

  /// Visits every view of the tree, hidden or not.
  private func visitAllViews(_ body: (TTView) -> Void) {
    var stack: [TTView] = [self]
    while let view = stack.popLast() {
      body(view)
      stack.append(contentsOf: view.subviews)
    }
  }

  /// Advances anything animated by one step; the terminal host calls it on its root's tree
  /// about ten times a second.
  ///
  /// The default passes the tick to every subview. ``TTActivityLabel`` moves its spinner.
  /// Views that change call ``setNeedsDisplay()``; the host redraws only then.
  open func tick() {
    for view in subviews { view.tick() }
  }
}

/// Logging for the view and controller classes.
enum TTViewLog {
  static func warning(_ message: @autoclosure () -> String) {
    TTLog.warning(.viewControllers, message())
  }

  static func debug(_ message: @autoclosure () -> String) {
    TTLog.debug(.viewControllers, message())
  }
}
