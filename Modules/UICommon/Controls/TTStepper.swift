public import Three20Style

/// A whole number changed a step at a time: UIKit's `UIStepper`, with its value shown, on a
/// terminal.
///
/// It draws `[−] 5 [+]`: the decrement part, the value (right-aligned in the width of the
/// widest value of the range, so the parts do not move), the increment part. A part that can
/// do nothing (at an end, unless the stepper ``wraps``) is dim; the value is inverse and bold
/// while focused; everything is dim when disabled.
///
/// An enabled stepper can be focused. The user changes it with ←, `h`, `-` or `−` (down a
/// step) and →, `l`, `+` or `=` (up a step), Home and End (the ends), a click on `[−]` or
/// `[+]`, and the wheel (up increases). Each change calls ``onChange``; setting ``value``
/// from code does not.
///
/// ```swift
/// let copies = TTStepper(value: 1, range: 1...99) { stepper in job.copies = stepper.value }
/// copies.sizeToFit()               // 10×1: "[−]  1 [+]"
/// copies.isFocused = true
/// copies.handleKey(.character("+"))   // true; value 2, onChange ran
/// copies.handleKey(.home)             // true; value 1
/// ```
@MainActor
open class TTStepper: TTView {
  /// Where a stepper's parts are, in columns from its left edge, for a range of values: what
  /// the stepper draws and hit-tests, for views and cells that show one without holding one.
  public struct Layout: Sendable, Hashable {
    /// The columns of `[−]`.
    public let decrement: Range<Int>
    /// The columns of the value.
    public let value: Range<Int>
    /// The columns of `[+]`.
    public let increment: Range<Int>

    /// The layout for the values of a range: the value is as wide as the widest of its ends.
    ///
    /// - Parameter range: The values.
    public init(range: ClosedRange<Int>) {
      let width = max(String(range.lowerBound).count, String(range.upperBound).count)
      decrement = 0..<3
      value = 4..<(4 + width)
      increment = (5 + width)..<(8 + width)
    }

    /// All the columns: from `[−]` to `[+]`.
    public var width: Int { increment.upperBound }
  }

  private var storedValue: Int
  private var range: ClosedRange<Int>

  /// The value, between ``minimumValue`` and ``maximumValue``; 0 by default.
  ///
  /// A new value is clamped to the range. Setting it redraws the stepper but does not call
  /// ``onChange``.
  public var value: Int {
    get { storedValue }
    set {
      let clamped = min(max(newValue, range.lowerBound), range.upperBound)
      if clamped != storedValue {
        storedValue = clamped
        setNeedsDisplay()
      }
    }
  }

  /// The smallest value; 0 by default.
  ///
  /// A minimum above ``maximumValue`` moves the maximum up to it. The value is clamped.
  public var minimumValue: Int {
    get { range.lowerBound }
    set { setRange(newValue...max(newValue, range.upperBound)) }
  }

  /// The largest value; 100 by default.
  ///
  /// A maximum below ``minimumValue`` moves the minimum down to it. The value is clamped.
  public var maximumValue: Int {
    get { range.upperBound }
    set { setRange(min(newValue, range.lowerBound)...newValue) }
  }

  /// How much one step changes the value; 1 by default, never less than 1.
  public var stepValue: Int = 1 {
    didSet { if stepValue < 1 { stepValue = 1 } }
  }

  /// Whether stepping past one end goes to the other; `false` by default (UIKit's `wraps`).
  public var wraps = false {
    didSet { if wraps != oldValue { setNeedsDisplay() } }
  }

  /// Whether the user can change the value; `true` by default.
  ///
  /// A disabled stepper is drawn dim, cannot be focused and ignores keys and the mouse.
  public var isEnabled: Bool = true {
    didSet { if isEnabled != oldValue { setNeedsDisplay() } }
  }

  /// The characters of the signs; `nil`, the default, uses ``TTControlGlyphs/default``.
  public var glyphs: TTControlGlyphs? {
    didSet { if glyphs != oldValue { setNeedsDisplay() } }
  }

  /// What runs, on the main actor, after the user changed the value; `nil` by default.
  open var onChange: (@MainActor (TTStepper) -> Void)?

  /// Creates a stepper.
  ///
  /// - Parameters:
  ///   - value: The value, clamped to the range; 0 by default.
  ///   - range: The values it can take; `0...100` by default.
  ///   - stepValue: How much one step changes the value; 1 by default (less counts as 1).
  ///   - wraps: Whether stepping past an end goes to the other; `false` by default.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  ///   - onChange: What runs after the user changes it; nothing by default.
  public init(
    value: Int = 0, range: ClosedRange<Int> = 0...100, stepValue: Int = 1, wraps: Bool = false,
    frame: TTRect = .zero, onChange: (@MainActor (TTStepper) -> Void)? = nil
  ) {
    self.range = range
    storedValue = min(max(value, range.lowerBound), range.upperBound)
    self.stepValue = max(1, stepValue)
    self.wraps = wraps
    self.onChange = onChange
    super.init(frame: frame)
  }

  private func setRange(_ new: ClosedRange<Int>) {
    guard new != range else { return }
    range = new
    storedValue = min(max(storedValue, new.lowerBound), new.upperBound)
    setNeedsDisplay()
  }

  /// A value moved by whole steps, as a stepper moves it.
  ///
  /// Without wrapping the result stops at the ends. With wrapping, a step past the maximum
  /// goes to the minimum and a step past the minimum to the maximum, as UIKit's stepper does.
  /// Never overflows.
  ///
  /// ```swift
  /// TTStepper.value(9, steppedBy: 1, step: 2, in: 0...10, wraps: false)   // 10
  /// TTStepper.value(9, steppedBy: 1, step: 2, in: 0...10, wraps: true)    // 0
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - steps: How many steps: positive up, negative down.
  ///   - step: The size of a step; less than 1 counts as 1.
  ///   - range: The values allowed.
  ///   - wraps: Whether passing an end goes to the other.
  /// - Returns: The new value, in the range.
  public nonisolated static func value(
    _ value: Int, steppedBy steps: Int, step: Int, in range: ClosedRange<Int>, wraps: Bool
  ) -> Int {
    let current = min(max(value, range.lowerBound), range.upperBound)
    guard steps != 0 else { return current }
    let (distance, distanceOverflow) = max(1, step).multipliedReportingOverflow(by: steps)
    let (moved, overflow) = current.addingReportingOverflow(distance)
    if !distanceOverflow, !overflow, range.contains(moved) { return moved }
    let upward = steps > 0
    if wraps { return upward ? range.lowerBound : range.upperBound }
    return upward ? range.upperBound : range.lowerBound
  }

  /// Steps the value up as the user would, calling ``onChange`` when it changed.
  ///
  /// - Returns: Whether the value changed (`false` when disabled or at the maximum).
  @discardableResult
  public func increment() -> Bool {
    userSet(Self.value(storedValue, steppedBy: 1, step: stepValue, in: range, wraps: wraps))
  }

  /// Steps the value down as the user would, calling ``onChange`` when it changed.
  ///
  /// - Returns: Whether the value changed (`false` when disabled or at the minimum).
  @discardableResult
  public func decrement() -> Bool {
    userSet(Self.value(storedValue, steppedBy: -1, step: stepValue, in: range, wraps: wraps))
  }

  @discardableResult
  private func userSet(_ newValue: Int) -> Bool {
    guard isEnabled, newValue != storedValue, range.contains(newValue) else { return false }
    storedValue = newValue
    setNeedsDisplay()
    onChange?(self)
    return true
  }

  /// An enabled stepper can be focused.
  override open var canBecomeFocused: Bool { isEnabled }

  /// Uses ←, `h`, `-`, `−` (down), →, `l`, `+`, `=` (up), Home and End when the stepper is
  /// focused and enabled.
  ///
  /// A key that would pass an end is used and changes nothing.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used; other keys go to ``TTView``.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, isEnabled else { return super.handleKey(key) }
    switch key {
    case .left, .character("h"), .character("-"), .character("−"): decrement()
    case .right, .character("l"), .character("+"), .character("="): increment()
    case .home: userSet(range.lowerBound)
    case .end: userSet(range.upperBound)
    default: return super.handleKey(key)
    }
    return true
  }

  /// Steps on a press of the left button on `[−]` or `[+]`, and on the wheel (up and right
  /// step up).
  ///
  /// - Parameter event: The event, in the stepper's coordinates.
  /// - Returns: Whether the event was for the stepper.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard isEnabled else { return false }
    switch event.action {
    case .scrollUp, .scrollRight:
      increment()
    case .scrollDown, .scrollLeft:
      decrement()
    case .press:
      guard event.button == .left else { return false }
      let content = contentRect
      let column = event.position.x - content.x
      let layout = Layout(range: range)
      if content.contains(event.position) {
        if layout.decrement.contains(column) { decrement() }
        if layout.increment.contains(column) { increment() }
      }
    case .drag, .release:
      break
    }
    return true
  }

  /// The parts' width (``Layout/width``) by one row.
  ///
  /// - Parameter size: The room available.
  /// - Returns: The wanted size.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    TTSize(width: Layout(range: range).width, height: 1)
  }

  /// Draws `[−] value [+]` at the left of the content, on the middle row.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the stepper goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard rect.width > 0, rect.height > 0 else { return }
    Self.draw(
      value: storedValue, range: range, wraps: wraps,
      at: TTPoint(x: rect.x, y: rect.y + (rect.height - 1) / 2),
      on: &canvas, glyphs: glyphs ?? .default, isFocused: isFocused, isEnabled: isEnabled,
      styleSheet: .current)
  }

  /// Draws a stepper's look (``Layout/width`` columns) at a point: what ``TTStepper`` draws,
  /// for views and cells that show a stepper without holding one.
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: 10, height: 1)
  /// TTStepper.draw(value: 5, range: 0...10, at: .zero, on: &canvas, glyphs: .ascii)
  /// canvas.plainText   // "[-]  5 [+]"
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value shown.
  ///   - range: The values allowed: the layout's width, and which parts are dim.
  ///   - wraps: Whether the stepper wraps (no part is then dim); `false` by default.
  ///   - point: Where the first column goes.
  ///   - canvas: The canvas.
  ///   - glyphs: The characters; ``TTControlGlyphs/unicode`` by default.
  ///   - isFocused: Whether to draw the value focused (inverse and bold); `false` by default.
  ///   - isEnabled: Whether the stepper is enabled (else dim); `true` by default.
  ///   - styleSheet: Where its colours come from; the current stylesheet by default.
  public nonisolated static func draw(
    value: Int, range: ClosedRange<Int>, wraps: Bool = false, at point: TTPoint, on canvas: inout TTCanvas,
    glyphs: TTControlGlyphs = .unicode, isFocused: Bool = false, isEnabled: Bool = true,
    styleSheet: TTStyleSheet = .current
  ) {
    let layout = Layout(range: range)
    let active = TTControlLook.activeColor(styleSheet)
    func partStyle(canStep: Bool) -> TTCellStyle {
      guard isEnabled else { return TTCellStyle(attributes: .dim) }
      return canStep || wraps
        ? TTCellStyle(foreground: active, attributes: .bold) : TTCellStyle(attributes: .dim)
    }
    canvas.write(
      "[" + glyphs.minus + "]", at: TTPoint(x: point.x + layout.decrement.lowerBound, y: point.y),
      style: partStyle(canStep: value > range.lowerBound))
    let text = String(value)
    let valueX = point.x + layout.value.upperBound - text.count
    canvas.write(
      text, at: TTPoint(x: valueX, y: point.y),
      style: TTCellStyle(attributes: TTControlLook.attributes(isFocused: isFocused, isEnabled: isEnabled)))
    canvas.write(
      "[+]", at: TTPoint(x: point.x + layout.increment.lowerBound, y: point.y),
      style: partStyle(canStep: value < range.upperBound))
  }
}
