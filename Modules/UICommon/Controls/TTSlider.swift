public import Three20Style

/// A value picked along a track: UIKit's `UISlider`, on a terminal.
///
/// The slider draws one row: a track `━━━━●─────` whose thumb sits at ``value`` between
/// ``minimumValue`` (the left end) and ``maximumValue`` (the right end), followed, when
/// ``showsValue`` is on, by the value as text. The filled part is in the stylesheet's
/// `linkTextColor`, the rest in `placeholderTextColor`; the thumb is inverse while focused;
/// everything is dim when disabled. With ASCII ``glyphs`` the track is `====O-----`.
///
/// An enabled slider can be focused. The user moves it with ← and → (or `h` and `l`) by
/// ``step`` (or a twentieth of the range), Page Up and Page Down by a quarter of the range,
/// Home and End to the ends; by pressing the track (the thumb jumps to that column) and
/// dragging; and with the wheel. Each change calls ``onChange``; setting ``value`` from code
/// does not.
///
/// Values are kept valid: a value is clamped to the range and, with a ``step``, rounded to
/// the nearest step from ``minimumValue`` (the ends are always reachable); NaN and infinite
/// values are ignored.
///
/// ```swift
/// let volume = TTSlider(value: 40, range: 0...100, step: 5) { slider in player.volume = slider.value }
/// volume.showsValue = true
/// volume.frame = TTRect(x: 0, y: 0, width: 15, height: 1)
/// volume.isFocused = true
/// volume.handleKey(.right)   // true; value 45, onChange ran
/// volume.value = .nan        // ignored: still 45
/// ```
@MainActor
open class TTSlider: TTView {
  /// The range and step of a slider, and the arithmetic between values, fractions of the
  /// range and columns of a track, as a value.
  ///
  /// ``TTSlider`` uses it, and so can any view that draws a slider without holding one
  /// (a table's slider row). It is always valid: bounds are finite and ordered, and the step
  /// is finite and positive or absent.
  ///
  /// ```swift
  /// let scale = TTSlider.Scale(0...10, step: 2)
  /// scale.snapped(4.9)                       // 4.0
  /// scale.column(of: 5, columns: 11)         // 5
  /// scale.value(atColumn: 10, columns: 11)   // 10.0
  /// ```
  public struct Scale: Sendable, Hashable {
    /// The value at the left end.
    public let minimumValue: Double
    /// The value at the right end; at least ``minimumValue``.
    public let maximumValue: Double
    /// The distance between two values the slider can take; `nil` for any value.
    public let step: Double?

    /// Creates a scale, made valid.
    ///
    /// A bound that is NaN or infinite becomes 0 (the lower) or 1 (the upper); bounds in the
    /// wrong order are swapped; a step that is not finite and positive is dropped.
    ///
    /// - Parameters:
    ///   - minimumValue: The value at the left end.
    ///   - maximumValue: The value at the right end.
    ///   - step: The distance between values; none by default.
    public init(minimumValue: Double, maximumValue: Double, step: Double? = nil) {
      let low = minimumValue.isFinite ? minimumValue : 0
      let high = maximumValue.isFinite ? maximumValue : 1
      self.minimumValue = Swift.min(low, high)
      self.maximumValue = Swift.max(low, high)
      self.step = step.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// Creates a scale from a range, made valid as ``init(minimumValue:maximumValue:step:)``
    /// says.
    ///
    /// - Parameters:
    ///   - range: The values from the left end to the right end.
    ///   - step: The distance between values; none by default.
    public init(_ range: ClosedRange<Double>, step: Double? = nil) {
      self.init(minimumValue: range.lowerBound, maximumValue: range.upperBound, step: step)
    }

    /// A value made valid: clamped to the range, then rounded to the nearest step.
    ///
    /// - Parameter value: A value.
    /// - Returns: The value the slider would take; `nil` for NaN or an infinite value.
    public func snapped(_ value: Double) -> Double? {
      guard value.isFinite else { return nil }
      var result = Swift.min(Swift.max(value, minimumValue), maximumValue)
      if let step, result > minimumValue, result < maximumValue {
        let steps = ((result - minimumValue) / step).rounded()
        result = minimumValue + steps * step
        if !result.isFinite {
          return value < (minimumValue / 2 + maximumValue / 2) ? minimumValue : maximumValue
        }
        result = Swift.min(Swift.max(result, minimumValue), maximumValue)
      }
      return result
    }

    /// What ← and → move by: the step, or a twentieth of the range.
    public var smallStep: Double {
      step ?? (maximumValue / 20 - minimumValue / 20)
    }

    /// What Page Up and Page Down move by: a quarter of the range, in whole steps (at least
    /// one).
    public var largeStep: Double {
      let quarter = maximumValue / 4 - minimumValue / 4
      guard let step else { return quarter }
      let steps = (quarter / step).rounded()
      return steps.isFinite ? Swift.max(1, steps) * step : quarter
    }

    /// Where a value is along the range: 0 at ``minimumValue``, 1 at ``maximumValue``.
    ///
    /// - Parameter value: A value; NaN counts as the minimum.
    /// - Returns: A fraction between 0 and 1.
    public func fraction(of value: Double) -> Double {
      guard maximumValue > minimumValue, !value.isNaN else { return 0 }
      let clamped = Swift.min(Swift.max(value, minimumValue), maximumValue)
      // Halves, so that the widest finite ranges do not overflow.
      let fraction = (clamped / 2 - minimumValue / 2) / (maximumValue / 2 - minimumValue / 2)
      return fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
    }

    /// The value at a fraction of the range, snapped.
    ///
    /// - Parameter fraction: 0 for the minimum, 1 for the maximum; clamped; NaN counts as 0.
    /// - Returns: The value.
    public func value(atFraction fraction: Double) -> Double {
      let clamped = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
      let raw = minimumValue * (1 - clamped) + maximumValue * clamped
      return snapped(raw) ?? minimumValue
    }

    /// The column of a track `columns` wide where the thumb of a value is drawn.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - columns: The track's width; 1 or less puts the thumb at column 0.
    /// - Returns: A column from 0 to `columns - 1`.
    public func column(of value: Double, columns: Int) -> Int {
      guard columns > 1 else { return 0 }
      let column = (fraction(of: value) * Double(columns - 1)).rounded()
      return Swift.min(Swift.max(Int(column), 0), columns - 1)
    }

    /// The value that puts the thumb at a column of a track `columns` wide.
    ///
    /// - Parameters:
    ///   - column: The column; columns beyond the ends give the ends.
    ///   - columns: The track's width; 1 or less gives the minimum.
    /// - Returns: The value, snapped.
    public func value(atColumn column: Int, columns: Int) -> Double {
      guard columns > 1 else { return minimumValue }
      let clamped = Swift.min(Swift.max(column, 0), columns - 1)
      return value(atFraction: Double(clamped) / Double(columns - 1))
    }

    /// A value moved by a distance, then snapped.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - distance: How far; negative moves toward the minimum.
    /// - Returns: The new value.
    public func value(_ value: Double, movedBy distance: Double) -> Double {
      let moved = value + distance
      if let result = snapped(moved) { return result }
      return distance < 0 ? minimumValue : maximumValue
    }

    /// The value as text: a whole number when the range and step are whole, else two
    /// decimals, such as `40` or `0.25`.
    ///
    /// - Parameter value: The value.
    /// - Returns: The text.
    public func text(for value: Double) -> String {
      if isWhole {
        return String(Int(value.rounded()))
      }
      return Self.twoDecimals(value)
    }

    /// The widest ``text(for:)`` of the range's values, so the text does not move the track.
    public var textWidth: Int {
      Swift.max(TTDisplayWidth.of(text(for: minimumValue)), TTDisplayWidth.of(text(for: maximumValue)))
    }

    private var isWhole: Bool {
      Self.isWhole(minimumValue) && Self.isWhole(maximumValue) && step.map(Self.isWhole) ?? false
    }

    private static func isWhole(_ value: Double) -> Bool {
      value.isFinite && value.rounded() == value && abs(value) < 1e15
    }

    /// `value` with two decimals, without Foundation's formatting: `-1.50`, `0.05`.
    private static func twoDecimals(_ value: Double) -> String {
      guard value.isFinite else { return "0.00" }
      guard abs(value) < 1e15 else { return String(value) }
      let hundredths = Int((abs(value) * 100).rounded())
      let sign = value < 0 && hundredths > 0 ? "-" : ""
      let fraction = hundredths % 100
      return "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
  }

  /// The range and step, as one value (``Scale``).
  public private(set) var scale: Scale

  private var storedValue: Double

  /// The value; between ``minimumValue`` and ``maximumValue``, a whole number of steps from
  /// the minimum when there is a ``step``.
  ///
  /// A new value is clamped and snapped; NaN and infinite values are ignored. Setting it
  /// redraws the slider but does not call ``onChange``.
  public var value: Double {
    get { storedValue }
    set {
      guard let snapped = scale.snapped(newValue) else {
        TTViewLog.warning("TTSlider ignored a value that is not a finite number (\(newValue)).")
        return
      }
      if snapped != storedValue {
        storedValue = snapped
        setNeedsDisplay()
      }
    }
  }

  /// The value at the left end; 0 by default.
  ///
  /// A value that is not finite is ignored. A minimum above ``maximumValue`` moves the
  /// maximum up to it. The value is clamped to the new range.
  public var minimumValue: Double {
    get { scale.minimumValue }
    set {
      guard newValue.isFinite else { return }
      setScale(Scale(minimumValue: newValue, maximumValue: max(newValue, scale.maximumValue), step: step))
    }
  }

  /// The value at the right end; 1 by default.
  ///
  /// A value that is not finite is ignored. A maximum below ``minimumValue`` moves the
  /// minimum down to it. The value is clamped to the new range.
  public var maximumValue: Double {
    get { scale.maximumValue }
    set {
      guard newValue.isFinite else { return }
      setScale(Scale(minimumValue: min(newValue, scale.minimumValue), maximumValue: newValue, step: step))
    }
  }

  /// The distance between two values the slider can take, from ``minimumValue``; `nil`, the
  /// default, for any value.
  ///
  /// A step that is not finite and positive counts as `nil`. The value is snapped to the new
  /// step.
  public var step: Double? {
    get { scale.step }
    set {
      setScale(Scale(minimumValue: scale.minimumValue, maximumValue: scale.maximumValue, step: newValue))
    }
  }

  /// Whether the user can move the slider; `true` by default.
  ///
  /// A disabled slider is drawn dim, cannot be focused and ignores keys and the mouse.
  public var isEnabled: Bool = true {
    didSet { if isEnabled != oldValue { setNeedsDisplay() } }
  }

  /// Whether the value is shown as text after the track; `false` by default.
  public var showsValue: Bool = false {
    didSet { if showsValue != oldValue { setNeedsDisplay() } }
  }

  /// Makes the text shown for a value when ``showsValue`` is on; `nil`, the default, uses
  /// ``Scale/text(for:)``.
  open var valueFormatter: (@MainActor (Double) -> String)? {
    didSet { setNeedsDisplay() }
  }

  /// The characters of the track; `nil`, the default, uses ``TTControlGlyphs/default``.
  public var glyphs: TTControlGlyphs? {
    didSet { if glyphs != oldValue { setNeedsDisplay() } }
  }

  /// What runs, on the main actor, after the user moved the slider; `nil` by default.
  ///
  /// While the thumb is dragged it runs for every column that changes the value.
  open var onChange: (@MainActor (TTSlider) -> Void)?

  /// Whether the thumb is being dragged: between a press on the track and the release.
  public private(set) var isTracking = false

  /// Creates a slider.
  ///
  /// - Parameters:
  ///   - value: The value; clamped and snapped; 0 by default.
  ///   - range: The values from the left end to the right end; `0...1` by default.
  ///   - step: The distance between values; none by default.
  ///   - frame: Its rectangle; empty by default.
  ///   - onChange: What runs after the user moves it; nothing by default.
  public init(
    value: Double = 0, range: ClosedRange<Double> = 0...1, step: Double? = nil, frame: TTRect = .zero,
    onChange: (@MainActor (TTSlider) -> Void)? = nil
  ) {
    let scale = Scale(range, step: step)
    self.scale = scale
    storedValue = scale.snapped(value) ?? scale.minimumValue
    self.onChange = onChange
    super.init(frame: frame)
  }

  private func setScale(_ new: Scale) {
    guard new != scale else { return }
    scale = new
    storedValue = new.snapped(storedValue) ?? new.minimumValue
    setNeedsDisplay()
  }

  /// Sets the value as the user would: calls ``onChange`` when it changed.
  private func userSet(_ newValue: Double) {
    guard isEnabled, let snapped = scale.snapped(newValue), snapped != storedValue else { return }
    storedValue = snapped
    setNeedsDisplay()
    onChange?(self)
  }

  /// An enabled slider can be focused.
  override open var canBecomeFocused: Bool { isEnabled }

  /// Uses ←/`h` and →/`l` (a small step), Page Up and Page Down (a large step), Home and End
  /// (the ends) when the slider is focused and enabled.
  ///
  /// A key that would move past an end is used and changes nothing.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used; other keys go to ``TTView``.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, isEnabled else { return super.handleKey(key) }
    switch key {
    case .left, .character("h"): userSet(scale.value(value, movedBy: -scale.smallStep))
    case .right, .character("l"): userSet(scale.value(value, movedBy: scale.smallStep))
    case .pageDown: userSet(scale.value(value, movedBy: -scale.largeStep))
    case .pageUp: userSet(scale.value(value, movedBy: scale.largeStep))
    case .home: userSet(scale.minimumValue)
    case .end: userSet(scale.maximumValue)
    default: return super.handleKey(key)
    }
    return true
  }

  /// Moves the thumb with the mouse: a press on the track puts it at that column and a drag
  /// (even off the slider) follows the pointer until the release; the wheel moves it by a
  /// small step (up and right increase the value).
  ///
  /// - Parameter event: The event, in the slider's coordinates.
  /// - Returns: Whether the event was for the slider.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard isEnabled else { return false }
    let content = contentRect
    let columns = trackWidth(in: content.width)
    let column = event.position.x - content.x
    switch event.action {
    case .scrollUp, .scrollRight:
      userSet(scale.value(value, movedBy: scale.smallStep))
      return true
    case .scrollDown, .scrollLeft:
      userSet(scale.value(value, movedBy: -scale.smallStep))
      return true
    case .press:
      guard event.button == .left else { return false }
      isTracking = column >= 0 && column < columns && content.contains(event.position)
      if isTracking { userSet(scale.value(atColumn: column, columns: columns)) }
      return true
    case .drag:
      guard isTracking else { return false }
      userSet(scale.value(atColumn: column, columns: columns))
      return true
    case .release:
      guard isTracking else { return false }
      isTracking = false
      return true
    }
  }

  /// The text shown for the value.
  private func text(for value: Double) -> String {
    valueFormatter?(value) ?? scale.text(for: value)
  }

  /// The width of the value's text, wide enough for either end so the track keeps its size.
  private var valueTextWidth: Int {
    guard showsValue else { return 0 }
    return [scale.minimumValue, scale.maximumValue, value].map { TTDisplayWidth.of(text(for: $0)) }.max() ?? 0
  }

  /// The track's width in a content `width` columns wide: all of it, less the value's text
  /// and a space when shown; at least 1 when there is any room.
  private func trackWidth(in width: Int) -> Int {
    guard width > 0 else { return 0 }
    let text = valueTextWidth
    return text > 0 ? max(1, width - text - 1) : width
  }

  /// Eleven columns of track, plus the value's text when shown, by one row.
  ///
  /// - Parameter size: The room available.
  /// - Returns: The wanted size; the track shrinks to the room's width when it is drawn.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let text = valueTextWidth
    return TTSize(width: 11 + (text > 0 ? text + 1 : 0), height: 1)
  }

  /// Draws the track and thumb, then the value's text when shown, on the middle row.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the slider goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard rect.width > 0, rect.height > 0 else { return }
    let y = rect.y + (rect.height - 1) / 2
    let columns = trackWidth(in: rect.width)
    Self.drawTrack(
      column: scale.column(of: value, columns: columns), columns: columns, at: TTPoint(x: rect.x, y: y),
      on: &canvas, glyphs: glyphs ?? .default, isFocused: isFocused || isTracking, isEnabled: isEnabled,
      styleSheet: .current)
    if showsValue, columns < rect.width {
      let style = TTControlLook.style(TTCellStyle(), isEnabled: isEnabled)
      let textWidth = valueTextWidth
      let shown = TTDisplayWidth.truncate(TTTerminalText.sanitized(text(for: value)), to: textWidth)
      let x = rect.x + columns + 1 + textWidth - TTDisplayWidth.of(shown)
      canvas.write(shown, at: TTPoint(x: x, y: y), style: style, maxWidth: rect.maxX - x)
    }
  }

  /// Draws a slider's track with its thumb: what ``TTSlider`` draws, for views and cells
  /// that show a slider without holding one.
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: 9, height: 1)
  /// let scale = TTSlider.Scale(0...8)
  /// let thumb = scale.column(of: 3, columns: 9)   // 3
  /// TTSlider.drawTrack(column: thumb, columns: 9, at: .zero, on: &canvas, glyphs: .ascii)
  /// canvas.plainText   // "===O-----"
  /// ```
  ///
  /// - Parameters:
  ///   - column: The thumb's column, from 0 (see ``Scale/column(of:columns:)``).
  ///   - columns: The track's width.
  ///   - point: Where the track's first column goes.
  ///   - canvas: The canvas.
  ///   - glyphs: The characters; ``TTControlGlyphs/unicode`` by default.
  ///   - isFocused: Whether to draw the thumb focused (inverse); `false` by default.
  ///   - isEnabled: Whether the slider is enabled (else dim); `true` by default.
  ///   - styleSheet: Where its colours come from; the current stylesheet by default.
  nonisolated public static func drawTrack(
    column: Int, columns: Int, at point: TTPoint, on canvas: inout TTCanvas,
    glyphs: TTControlGlyphs = .unicode,
    isFocused: Bool = false, isEnabled: Bool = true, styleSheet: TTStyleSheet = .current
  ) {
    guard columns > 0 else { return }
    let thumb = min(max(column, 0), columns - 1)
    let filled = TTControlLook.style(
      TTCellStyle(foreground: TTControlLook.activeColor(styleSheet)), isEnabled: isEnabled)
    let empty = TTControlLook.style(
      TTCellStyle(foreground: TTControlLook.inactiveColor(styleSheet)), isEnabled: isEnabled)
    let thumbStyle = TTCellStyle(
      foreground: TTControlLook.activeColor(styleSheet),
      attributes: isEnabled ? (isFocused ? [.inverse, .bold] : [.bold]) : [.dim])
    if thumb > 0 {
      canvas.write(String(repeating: glyphs.filledTrack, count: thumb), at: point, style: filled)
    }
    canvas.write(String(glyphs.thumb), at: TTPoint(x: point.x + thumb, y: point.y), style: thumbStyle)
    if thumb < columns - 1 {
      canvas.write(
        String(repeating: glyphs.emptyTrack, count: columns - 1 - thumb),
        at: TTPoint(x: point.x + thumb + 1, y: point.y), style: empty)
    }
  }
}
