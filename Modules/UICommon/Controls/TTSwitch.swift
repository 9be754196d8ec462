public import Three20Style

/// An on/off switch: UIKit's `UISwitch`, as Three20's settings tables used it, on a terminal.
///
/// It draws `[ ON]` (the word in the stylesheet's `linkTextColor`) or `[OFF]` (in
/// `placeholderTextColor`), in inverse and bold while focused or held by the mouse, dim when
/// disabled. An enabled switch can be focused (Tab stops on it). The user changes it with
/// Space or Enter (toggle), ← (off) and → (on), or a click (the left button pressed and
/// released on it); each change calls ``onChange``. Setting ``isOn`` from code does not.
///
/// ```swift
/// let wifi = TTSwitch(isOn: true) { control in settings.wifi = control.isOn }
/// wifi.sizeToFit()               // 5×1: "[ ON]"
/// wifi.isFocused = true
/// wifi.handleKey(.character(" "))   // true; now off, and onChange ran
/// wifi.handleKey(.left)             // true; already off: nothing changes
/// ```
@MainActor
open class TTSwitch: TTView {
  /// Whether the switch is on.
  ///
  /// Setting it redraws the switch but does not call ``onChange``.
  public var isOn: Bool {
    didSet { if isOn != oldValue { setNeedsDisplay() } }
  }

  /// Whether the user can change the switch; `true` by default.
  ///
  /// A disabled switch is drawn dim, cannot be focused and ignores keys and clicks.
  public var isEnabled: Bool = true {
    didSet { if isEnabled != oldValue { setNeedsDisplay() } }
  }

  /// What runs, on the main actor, after the user changed the switch; `nil` by default.
  open var onChange: (@MainActor (TTSwitch) -> Void)?

  /// Whether the switch is held down by the mouse, between a press on it and the release.
  public private(set) var isPressed = false {
    didSet { if isPressed != oldValue { setNeedsDisplay() } }
  }

  /// Creates a switch.
  ///
  /// - Parameters:
  ///   - isOn: Whether it starts on; `false` by default.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  ///   - onChange: What runs after the user changes it; nothing by default.
  public init(isOn: Bool = false, frame: TTRect = .zero, onChange: (@MainActor (TTSwitch) -> Void)? = nil) {
    self.isOn = isOn
    self.onChange = onChange
    super.init(frame: frame)
  }

  /// Flips the switch as the user would: when it is enabled, changes ``isOn`` and calls
  /// ``onChange``.
  ///
  /// - Returns: Whether the switch changed (`false` when disabled).
  @discardableResult
  public func toggle() -> Bool {
    setOn(!isOn)
  }

  /// Sets the switch as the user would: calls ``onChange`` when the value changed.
  @discardableResult
  private func setOn(_ value: Bool) -> Bool {
    guard isEnabled, value != isOn else { return false }
    isOn = value
    onChange?(self)
    return true
  }

  /// An enabled switch can be focused.
  override open var canBecomeFocused: Bool { isEnabled }

  /// Uses Space and Enter (toggle), ← or `h` (off), → or `l` (on) when the switch is focused
  /// and enabled.
  ///
  /// ← on a switch that is already off (or → on one that is on) is used but changes nothing.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used; other keys go to ``TTView``.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, isEnabled else { return super.handleKey(key) }
    switch key {
    case .enter, .character(" "): toggle()
    case .left, .character("h"): setOn(false)
    case .right, .character("l"): setOn(true)
    default: return super.handleKey(key)
    }
    return true
  }

  /// Toggles the switch on a click: the left button pressed on it and released on it.
  ///
  /// A drag off the switch, or a release outside it, cancels the press.
  ///
  /// - Parameter event: The event, in the switch's coordinates.
  /// - Returns: Whether the event was for the switch.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard isEnabled, event.button == .left else { return false }
    switch event.action {
    case .press:
      isPressed = true
    case .drag:
      isPressed = bounds.contains(event.position)
    case .release:
      let wasPressed = isPressed
      isPressed = false
      if wasPressed, bounds.contains(event.position) { toggle() }
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      return false
    }
    return true
  }

  /// The switch's drawing is five columns by one row.
  ///
  /// - Parameter size: The room available.
  /// - Returns: 5×1.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    TTSize(width: Self.width, height: 1)
  }

  /// Draws `[ ON]` or `[OFF]` at the left of the content, centred vertically.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the switch goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard rect.width > 0, rect.height > 0 else { return }
    let point = TTPoint(x: rect.x, y: rect.y + (rect.height - 1) / 2)
    Self.draw(
      isOn: isOn, at: point, on: &canvas, isFocused: isFocused || isPressed, isEnabled: isEnabled,
      styleSheet: .current)
  }

  /// The columns a switch's drawing takes: 5.
  public static let width = 5

  /// Draws a switch's look (``width`` columns) at a point: what ``TTSwitch`` draws, for views
  /// and cells that show a switch without holding one.
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: 5, height: 1)
  /// TTSwitch.draw(isOn: false, at: .zero, on: &canvas)
  /// canvas.plainText   // "[OFF]"
  /// ```
  ///
  /// - Parameters:
  ///   - isOn: Whether the switch is on.
  ///   - point: Where its first column goes.
  ///   - canvas: The canvas.
  ///   - isFocused: Whether to draw it focused (inverse and bold); `false` by default.
  ///   - isEnabled: Whether it is enabled (else dim); `true` by default.
  ///   - styleSheet: Where its colours come from; the current stylesheet by default.
  nonisolated public static func draw(
    isOn: Bool, at point: TTPoint, on canvas: inout TTCanvas, isFocused: Bool = false,
    isEnabled: Bool = true, styleSheet: TTStyleSheet = .current
  ) {
    let attributes = TTControlLook.attributes(isFocused: isFocused, isEnabled: isEnabled)
    let frame = TTCellStyle(attributes: attributes)
    let word = TTCellStyle(
      foreground: isOn ? TTControlLook.activeColor(styleSheet) : TTControlLook.inactiveColor(styleSheet),
      attributes: isOn && isEnabled ? attributes.union(.bold) : attributes)
    canvas.write("[", at: point, style: frame)
    canvas.write(isOn ? " ON" : "OFF", at: TTPoint(x: point.x + 1, y: point.y), style: word)
    canvas.write("]", at: TTPoint(x: point.x + 4, y: point.y), style: frame)
  }
}
