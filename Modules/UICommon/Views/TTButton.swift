public import Three20Style

/// A button with a title, drawn with a style for each state: Three20's `TTButton`.
///
/// The look comes, for the state the button is drawn in, from the first of:
/// 1. a style set on the button with ``setStyle(_:for:)`` for that state;
/// 2. the stylesheet's style named ``styleName`` for that state
///    (`TTStyleSheet.current.style(named:for:)`, which falls back to the normal style);
/// 3. the style set on the button for `TTControlState.normal`;
/// 4. a built-in look that needs no stylesheet: `[ Title ]`, shown as `[>Title<]` and in
///    inverse when highlighted, bold and underlined when selected, dim when disabled.
///
/// A focused button in the normal state is drawn highlighted, so the user sees which button
/// Enter will press. Enter or Space on a focused, enabled button calls ``action``, and so does
/// a click: the left button pressed and released on it (it is drawn highlighted while held).
/// An enabled button can be focused (Tab stops on it).
///
/// ```swift
/// let retry = TTButton(title: "Retry") { _ in model.reload() }
/// retry.sizeToFit()            // 9×1: "[ Retry ]"
/// retry.isFocused = true       // drawn as "[>Retry<]"
/// retry.handleKey(.enter)      // true; the action ran
/// retry.isEnabled = false
/// retry.handleKey(.enter)      // false
///
/// let tab = TTButton(title: "Home", styleName: "tab")   // looks up "tab" in the stylesheet
/// tab.state = .selected
/// ```
@MainActor
open class TTButton: TTView {
  /// The text on the button.
  ///
  /// Defaults to the empty string.
  open var title: String {
    didSet { if title != oldValue { setNeedsDisplay() } }
  }

  /// The button's state: normal, highlighted, selected or disabled.
  ///
  /// Defaults to `TTControlState.normal`.
  open var state: TTControlState = .normal {
    didSet { if state != oldValue { setNeedsDisplay() } }
  }

  /// The name of the button's style in the current stylesheet, such as `toolbarButton`
  /// (Three20's `setStylesWithSelector:`).
  ///
  /// Defaults to `nil`: only styles set with ``setStyle(_:for:)``, or the built-in look.
  open var styleName: String? {
    didSet { if styleName != oldValue { setNeedsDisplay() } }
  }

  /// What the button does when pressed; `nil` by default.
  ///
  /// It is called with the button, on the main actor.
  open var action: (@MainActor (TTButton) -> Void)?

  private var explicitStyles: [TTControlState: TTStyle] = [:]

  /// Creates a button.
  ///
  /// - Parameters:
  ///   - title: The text on it; empty by default.
  ///   - styleName: Its style's name in the stylesheet; none by default.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  ///   - action: What it does when pressed; nothing by default.
  public init(
    title: String = "", styleName: String? = nil, frame: TTRect = .zero,
    action: (@MainActor (TTButton) -> Void)? = nil
  ) {
    self.title = title
    self.styleName = styleName
    self.action = action
    super.init(frame: frame)
  }

  /// Whether the button can be pressed: the state is not `TTControlState.disabled`.
  ///
  /// Setting it to `false` disables the button; setting it to `true` makes a disabled
  /// button normal again.
  public var isEnabled: Bool {
    get { state != .disabled }
    set {
      if !newValue {
        state = .disabled
      } else if state == .disabled {
        state = .normal
      }
    }
  }

  /// The state the button is drawn in: ``state``, except that a focused button, or one held
  /// down by the mouse, in the normal state is drawn `TTControlState.highlighted`.
  public var displayState: TTControlState {
    state == .normal && (isFocused || isPressed) ? .highlighted : state
  }

  /// The style the button is drawn with now: ``style(for:)`` of ``displayState``.
  ///
  /// Setting it sets the style for the normal state, as ``setStyle(_:for:)`` does.
  override open var style: TTStyle? {
    get { style(for: displayState) }
    set { setStyle(newValue, for: .normal) }
  }

  /// Sets the style for one state, overriding the stylesheet; `nil` removes it.
  ///
  /// - Parameters:
  ///   - style: The style, or `nil`.
  ///   - state: The state it is for; normal by default.
  public func setStyle(_ style: (any TTStyleConvertible)?, for state: TTControlState = .normal) {
    explicitStyles[state] = style?.style
    setNeedsDisplay()
  }

  /// The style for a state, found as the type's description says; `nil` means the
  /// built-in look.
  ///
  /// - Parameter state: The state.
  /// - Returns: The style, or `nil` when neither the button nor the stylesheet has one.
  public func style(for state: TTControlState) -> TTStyle? {
    if let style = explicitStyles[state] { return style }
    if let styleName, let style = TTStyleSheet.current.style(named: styleName, for: state) { return style }
    return explicitStyles[.normal]
  }

  /// Presses the button: calls ``action`` if the button is enabled.
  ///
  /// - Returns: Whether the action was called (`false` when disabled or without action).
  @discardableResult
  public func activate() -> Bool {
    guard isEnabled, let action else { return false }
    action(self)
    return true
  }

  /// Whether the button is held down by the mouse, between a press on it and the release.
  public private(set) var isPressed = false {
    didSet { if isPressed != oldValue { setNeedsDisplay() } }
  }

  /// An enabled button can be focused.
  override open var canBecomeFocused: Bool { isEnabled }

  /// Presses the button on a click: the left button pressed on it and released on it.
  ///
  /// A release outside the button, or a drag off it, cancels the press.
  ///
  /// - Parameter event: The event, in the button's coordinates.
  /// - Returns: Whether the event was for the button.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard isEnabled, event.button == .left else { return false }
    switch event.action {
    case .press:
      isPressed = true
      return true
    case .drag:
      isPressed = bounds.contains(event.position)
      return true
    case .release:
      let wasPressed = isPressed
      isPressed = false
      if wasPressed && bounds.contains(event.position) { activate() }
      return true
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      return false
    }
  }

  /// Presses the button on Enter or Space when it is focused and enabled.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key pressed the button; other keys go to ``TTView`` (subviews).
  override open func handleKey(_ key: TTKey) -> Bool {
    if isFocused, isEnabled, key == .enter || key == .character(" ") {
      return activate()
    }
    return super.handleKey(key)
  }

  /// The title's size, plus the brackets of the built-in look when there is no style.
  ///
  /// - Parameter size: The room available.
  /// - Returns: The title's width (plus 4 for `[ ` and ` ]` without a style) by one row.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let width = TTDisplayWidth.of(TTTerminalText.sanitized(title))
    return TTSize(width: style == nil ? width + 4 : width, height: 1)
  }

  /// Draws the title with the style's text look (centred unless the style says otherwise),
  /// or the built-in look when there is no style.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the title goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let current = displayState
    if let style = style(for: current) {
      let hasTextLayer = style.first { if case .text(let look) = $0 { look } else { nil } } != nil
      let look = hasTextLayer ? style.textLook : TTTextLook(alignment: .center)
      TTLabel.draw(title, look: look, in: rect, on: &canvas)
      return
    }
    let (open, close, attributes): (String, String, TTTextAttributes) =
      switch current {
      case .normal: ("[ ", " ]", [])
      case .highlighted: ("[>", "<]", [.inverse, .bold])
      case .selected: ("[ ", " ]", [.bold, .underline])
      case .disabled: ("[ ", " ]", [.dim])
      }
    let room = rect.width - 4
    let shown = room > 0 ? TTDisplayWidth.truncate(TTTerminalText.sanitized(title), to: room) : ""
    let look = TTTextLook(attributes: attributes, alignment: .center)
    TTLabel.draw(open + shown + close, look: look, in: rect, on: &canvas)
  }
}
