public import Three20Style

/// What a ``TTTextField`` tells the object that manages it, and what it asks: Three20's and
/// UIKit's `UITextFieldDelegate`.
///
/// Every method has a default: the `did` methods do nothing, the `should` methods return
/// `true`. Implement only those you need.
@MainActor
public protocol TTTextFieldDelegate: AnyObject {
  /// The field gained the keyboard focus.
  ///
  /// - Parameter textField: The field.
  func textFieldDidBeginEditing(_ textField: TTTextField)

  /// The field lost the keyboard focus.
  ///
  /// - Parameter textField: The field.
  func textFieldDidEndEditing(_ textField: TTTextField)

  /// The user changed the text (typing, deleting, pasting, undoing, clearing).
  ///
  /// Setting ``TTTextField/text`` from code does not call it.
  ///
  /// - Parameter textField: The field.
  func textFieldDidChange(_ textField: TTTextField)

  /// The user pressed Enter; return `false` to keep ``TTTextField/onSubmit`` from being
  /// called.
  ///
  /// - Parameter textField: The field.
  /// - Returns: Whether the field submits; `true` by default.
  func textFieldShouldReturn(_ textField: TTTextField) -> Bool

  /// An edit of the user's is about to change the text; return `false` to refuse it.
  ///
  /// Moving the cursor does not ask. The text is already made safe (see ``TTTextBuffer``).
  ///
  /// - Parameters:
  ///   - textField: The field.
  ///   - text: The text the edit would leave.
  /// - Returns: Whether the edit happens; `true` by default.
  func textField(_ textField: TTTextField, shouldChangeTextTo text: String) -> Bool
}

extension TTTextFieldDelegate {
  /// Does nothing.
  ///
  /// - Parameter textField: The field.
  public func textFieldDidBeginEditing(_ textField: TTTextField) {}

  /// Does nothing.
  ///
  /// - Parameter textField: The field.
  public func textFieldDidEndEditing(_ textField: TTTextField) {}

  /// Does nothing.
  ///
  /// - Parameter textField: The field.
  public func textFieldDidChange(_ textField: TTTextField) {}

  /// Lets the field submit.
  ///
  /// - Parameter textField: The field.
  /// - Returns: `true`.
  public func textFieldShouldReturn(_ textField: TTTextField) -> Bool { true }

  /// Lets every edit happen.
  ///
  /// - Parameters:
  ///   - textField: The field.
  ///   - text: The text the edit would leave.
  /// - Returns: `true`.
  public func textField(_ textField: TTTextField, shouldChangeTextTo text: String) -> Bool { true }
}

/// A one-line text input: Three20's `TTTextField` (and UIKit's `UITextField`), on a
/// terminal.
///
/// The text lives in a ``TTTextBuffer``, so editing is grapheme-correct (one Backspace
/// removes one emoji, flag or accented letter), undoable, and safe: typed or pasted control
/// characters and escape sequences are shown as symbols such as `␛`, never obeyed. A focused,
/// enabled field takes the readline keys of ``TTTextKeyBindings``; Enter calls ``onSubmit``
/// (after asking the delegate); Escape, Tab and the up and down arrows are left to the views
/// and controller above, so Tab moves the focus on. A paste is inserted with its newlines as
/// spaces. A press of the left button places the cursor on the clicked character.
///
/// Text wider than the field scrolls sideways to keep the cursor in view while focused (an
/// unfocused field shows the start), a wide character never cut in half. When focused, the cursor is drawn as an inverse cell (a space after
/// the end of the text). An empty field shows its ``placeholder``, dim.
///
/// The look comes from ``setStyle(_:for:)`` or a stylesheet name (``styleName``), by state:
/// `normal`, `highlighted` while focused, `disabled`, as ``TTButton`` does. Without a
/// style, the built-in look underlines the field's cells like a form's line, in bold while
/// focused and dim while disabled.
///
/// ```swift
/// let name = TTTextField(placeholder: "Name")
/// name.frame = TTRect(x: 0, y: 0, width: 12, height: 1)
/// name.onSubmit = { field in print("Hello, \(field.text)") }
/// name.becomeFocused()
/// name.handleKey(.character("A"))
/// name.handleKey(.character("l"))
/// name.text                     // "Al"
/// name.handleKey(.enter)        // true; prints "Hello, Al"
/// name.handleKey(.control("_")) // true: undo
/// name.text                     // ""
/// ```
@MainActor
open class TTTextField: TTView {
  /// When the clear button (`×` at the right end) shows; it never shows while the field is
  /// empty or disabled.
  public enum ClearButtonMode: Sendable, Hashable {
    /// Never.
    case never
    /// While the field has the focus.
    case whileEditing
    /// Always.
    case always
  }

  /// The text, the cursor and the undo history.
  ///
  /// Change it through the field (``text``, ``apply(_:)``, keys), which redraws and tells
  /// the delegate.
  public private(set) var buffer: TTTextBuffer {
    didSet { setNeedsDisplay() }
  }

  /// The text.
  ///
  /// Setting it replaces the text (made safe, cut to ``maximumLength``) and puts the cursor
  /// at its end; it can be undone, and it calls neither ``onChange`` nor the delegate.
  open var text: String {
    get { buffer.text }
    set {
      buffer.apply(.replaceAll(newValue))
      stateObserver?()
    }
  }

  /// The text shown, dim, while the field is empty; empty by default.
  open var placeholder: String {
    didSet { if placeholder != oldValue { setNeedsDisplay() } }
  }

  /// Whether the text is hidden: one `•` is drawn for each character.
  ///
  /// Defaults to `false`.
  open var isSecureTextEntry = false {
    didSet { if isSecureTextEntry != oldValue { setNeedsDisplay() } }
  }

  /// When the clear button shows; ``ClearButtonMode/never`` by default.
  open var clearButtonMode: ClearButtonMode = .never {
    didSet { if clearButtonMode != oldValue { setNeedsDisplay() } }
  }

  /// Whether the field can be focused and edited; `true` by default.
  ///
  /// Disabling a focused field takes its focus away.
  open var isEnabled = true {
    didSet {
      guard isEnabled != oldValue else { return }
      if !isEnabled, isFocused { resignFocus() }
      setNeedsDisplay()
    }
  }

  /// The most characters the field holds; ``TTTextBuffer/defaultMaximumLength`` by default.
  ///
  /// Lowering it below the length of the text cuts the text (undoably).
  open var maximumLength: Int {
    get { buffer.maximumLength }
    set {
      buffer.maximumLength = newValue
      if buffer.count > buffer.maximumLength {
        buffer.apply(.replaceAll(buffer.text(from: 0, to: buffer.maximumLength)))
        stateObserver?()
      }
    }
  }

  /// Called after each change of the text by the user; `nil` by default.
  open var onChange: (@MainActor (TTTextField) -> Void)?

  /// Called when the user presses Enter and the delegate agrees; `nil` by default.
  open var onSubmit: (@MainActor (TTTextField) -> Void)?

  /// The object told about editing, held weakly; `nil` by default.
  open weak var delegate: (any TTTextFieldDelegate)?

  /// The name of the field's style in the current stylesheet; `nil` by default (only styles
  /// set with ``setStyle(_:for:)``, or the built-in look).
  open var styleName: String? {
    get { looks.styleName }
    set {
      looks.styleName = newValue
      setNeedsDisplay()
    }
  }

  /// How far the text is scrolled sideways: the display column drawn at the left edge.
  ///
  /// When the field is drawn, it follows the cursor while focused and is 0 otherwise (the
  /// start of the text shows).
  public private(set) var scrollOffset = 0

  private var looks = TTTextInputLooks()

  /// Whether the clear button was drawn last time, so a click acts on what the user saw.
  private var drawnClearButton: Bool?

  /// Told after every change of the text or the focus; ``TTSearchBar`` listens to it.
  var stateObserver: (@MainActor () -> Void)?

  /// Drawn before the text, such as a search field's glyph; empty here.
  var leadingText: String { "" }

  /// Creates a text field.
  ///
  /// - Parameters:
  ///   - text: The text to start with; empty by default.
  ///   - placeholder: The text shown while empty; none by default.
  ///   - frame: Its rectangle; empty by default.
  public init(text: String = "", placeholder: String = "", frame: TTRect = .zero) {
    buffer = TTTextBuffer(text, allowsNewlines: false)
    self.placeholder = placeholder
    super.init(frame: frame)
  }

  // MARK: - Focus and state

  /// Tells the delegate when the field gains or loses the focus.
  override open var isFocused: Bool {
    didSet {
      guard isFocused != oldValue else { return }
      if isFocused {
        delegate?.textFieldDidBeginEditing(self)
      } else {
        delegate?.textFieldDidEndEditing(self)
      }
      stateObserver?()
    }
  }

  /// An enabled field can be focused.
  override open var canBecomeFocused: Bool { isEnabled }

  /// The state the field is drawn in: disabled, highlighted while focused, or normal.
  public var displayState: TTControlState {
    TTTextInputLooks.state(isEnabled: isEnabled, isFocused: isFocused)
  }

  /// The style the field is drawn with now: ``style(for:)`` of ``displayState``.
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
    looks.explicitStyles[state] = style?.style
    setNeedsLayout()
  }

  /// The style for a state: the one set for it, the stylesheet's (``styleName``), the one
  /// set for the normal state, or `nil` for the built-in look.
  ///
  /// - Parameter state: The state.
  /// - Returns: The style, or `nil`.
  public func style(for state: TTControlState) -> TTStyle? {
    looks.style(for: state)
  }

  /// Whether the clear button shows now, by ``clearButtonMode``.
  public var showsClearButton: Bool {
    guard isEnabled, !buffer.isEmpty else { return false }
    switch clearButtonMode {
    case .never: return false
    case .whileEditing: return isFocused
    case .always: return true
    }
  }

  // MARK: - Editing

  /// Makes an edit as the user would: the delegate may refuse it, and a change of the text
  /// calls ``onChange`` and the delegate.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: Whether the text or the cursor changed.
  @discardableResult
  public func apply(_ edit: TTTextBuffer.Edit) -> Bool {
    var next = buffer
    let changed = next.apply(edit)
    let textChanged = changed && next.characters != buffer.characters
    if textChanged, let delegate, !delegate.textField(self, shouldChangeTextTo: next.text) { return false }
    buffer = next
    if textChanged { didChangeText() }
    return changed
  }

  /// Empties the field as its clear button does: undoably, telling ``onChange`` and the
  /// delegate.
  ///
  /// - Returns: Whether there was text to remove (and the delegate let it go).
  @discardableResult
  public func clear() -> Bool {
    apply(.clear)
  }

  /// Tells the delegate, ``onChange`` and any observer that the user changed the text.
  func didChangeText() {
    delegate?.textFieldDidChange(self)
    onChange?(self)
    stateObserver?()
  }

  /// Asks the delegate, then calls ``onSubmit``; what Enter does.
  func submit() {
    guard delegate?.textFieldShouldReturn(self) ?? true else { return }
    onSubmit?(self)
  }

  // MARK: - Input

  /// Edits the text with the keys of ``TTTextKeyBindings`` when the field is focused and
  /// enabled; Enter submits.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` for Enter and every editing key (even one that changes nothing, such
  ///   as ← at the start); `false` for the rest (Escape, Tab, ↑, ↓…), so they go on.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, isEnabled else { return super.handleKey(key) }
    if key == .enter {
      submit()
      return true
    }
    guard let edit = TTTextKeyBindings.edit(for: key, multiline: false) else { return super.handleKey(key) }
    apply(edit)
    return true
  }

  /// Inserts pasted text at the cursor when the field is focused and enabled, newlines as
  /// spaces and control characters as visible symbols.
  ///
  /// - Parameter text: The text.
  /// - Returns: Whether the field took it.
  override open func handlePaste(_ text: String) -> Bool {
    guard isFocused, isEnabled else { return super.handlePaste(text) }
    apply(.insert(text))
    return true
  }

  /// Places the cursor where the left button is pressed (or dragged), or clears the text on
  /// a press of the clear button.
  ///
  /// - Parameter event: The event, in the field's coordinates.
  /// - Returns: Whether the event was for the field (left button events while enabled).
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard isEnabled, event.button == .left else { return super.handleMouse(event) }
    switch event.action {
    case .press, .drag:
      if !isFocused { becomeFocused() }
      let geometry = geometry(in: contentRect, showsClearButton: drawnClearButton ?? showsClearButton)
      if event.action == .press, let clearX = geometry.clearX, event.position.x == clearX {
        clear()
        return true
      }
      let column = max(0, event.position.x - geometry.textX) + scrollOffset
      let shown = displayedCharacters
      buffer.setCursor(TTTextInputLayout.offset(atColumn: column, in: shown, from: 0, to: shown.count))
      return true
    case .release:
      return true
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
      return super.handleMouse(event)
    }
  }

  // MARK: - Size and drawing

  /// The width offered, by one row.
  ///
  /// - Parameter size: The room available.
  /// - Returns: `size.width` by 1.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    TTSize(width: max(0, size.width), height: 1)
  }

  /// The characters as drawn: the text, or one bullet per character for secure entry.
  var displayedCharacters: [Character] {
    isSecureTextEntry ? Array(repeating: "•", count: buffer.count) : buffer.characters
  }

  /// Where the parts of the field go in a content rectangle.
  struct Geometry {
    /// The column of the first cell of the text.
    var textX: Int
    /// The columns the text has.
    var textWidth: Int
    /// The row of the text.
    var y: Int
    /// The column of the clear button, when it shows.
    var clearX: Int?
  }

  /// The parts' places: the leading text, then the text, then a space and the clear button.
  func geometry(in rect: TTRect, showsClearButton: Bool) -> Geometry {
    let lead = min(TTDisplayWidth.of(leadingText), max(0, rect.width))
    let hasClear = showsClearButton && rect.width >= lead + 3
    let textX = rect.x + lead
    let right = hasClear ? rect.maxX - 2 : rect.maxX
    return Geometry(
      textX: textX, textWidth: max(0, right - textX), y: rect.y + max(0, rect.height - 1) / 2,
      clearX: hasClear ? rect.maxX - 1 : nil)
  }

  /// Draws the leading text, the text (or the placeholder) scrolled to show the cursor, the
  /// cursor when focused, and the clear button.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the field's content goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let state = displayState
    let textStyle = TTTextInputLooks.textStyle(for: style(for: state), state: state)
    var plainStyle = textStyle
    plainStyle.attributes.remove(.underline)
    let showsClear = showsClearButton
    drawnClearButton = showsClear
    let geometry = geometry(in: rect, showsClearButton: showsClear)
    if geometry.textX > rect.x {
      canvas.write(
        leadingText, at: TTPoint(x: rect.x, y: geometry.y), style: plainStyle,
        maxWidth: geometry.textX - rect.x)
    }
    let area = TTRect(x: geometry.textX, y: geometry.y, width: geometry.textWidth, height: 1)
    canvas.fill(area, style: textStyle)
    let shown = displayedCharacters
    // An unfocused field shows the start of its text, as it is read; a focused one follows
    // the cursor.
    scrollOffset =
      isFocused
      ? TTTextInputLayout.horizontalScroll(
        current: scrollOffset, characters: shown, cursor: buffer.cursor, areaWidth: area.width) : 0
    if buffer.isEmpty {
      var placeholderStyle = textStyle
      placeholderStyle.attributes.insert(.dim)
      canvas.write(placeholder, at: area.origin, style: placeholderStyle, maxWidth: area.width)
    } else {
      let first = TTTextInputLayout.firstOffset(atOrAfterColumn: scrollOffset, in: shown)
      let visible = TTTextInputLayout.visibleText(of: shown, from: first, width: area.width)
      canvas.write(visible, at: area.origin, style: textStyle, maxWidth: area.width)
    }
    if isFocused, isEnabled {
      let column = TTTextInputLayout.width(of: shown, from: 0, to: buffer.cursor) - scrollOffset
      let width = buffer.cursor < shown.count ? max(1, TTDisplayWidth.of(shown[buffer.cursor])) : 1
      if column >= 0, column + width <= area.width {
        canvas.restyle(TTRect(x: area.x + column, y: area.y, width: width, height: 1)) { cell in
          var cursor = cell
          cursor.attributes.insert(.inverse)
          return cursor
        }
      }
    }
    if let clearX = geometry.clearX {
      canvas.write("×", at: TTPoint(x: clearX, y: geometry.y), style: plainStyle)
    }
  }
}
