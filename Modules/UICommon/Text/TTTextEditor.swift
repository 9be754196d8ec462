public import Three20Style

/// What a ``TTTextEditor`` tells the object that manages it, and what it asks: Three20's
/// `TTTextEditorDelegate`.
///
/// Every method has a default: the `did` methods do nothing, the `should` methods return
/// `true`. Implement only those you need.
@MainActor
public protocol TTTextEditorDelegate: AnyObject {
  /// The editor gained the keyboard focus.
  ///
  /// - Parameter textEditor: The editor.
  func textEditorDidBeginEditing(_ textEditor: TTTextEditor)

  /// The editor lost the keyboard focus.
  ///
  /// - Parameter textEditor: The editor.
  func textEditorDidEndEditing(_ textEditor: TTTextEditor)

  /// The user changed the text (typing, deleting, pasting, undoing).
  ///
  /// Setting ``TTTextEditor/text`` from code does not call it.
  ///
  /// - Parameter textEditor: The editor.
  func textEditorDidChange(_ textEditor: TTTextEditor)

  /// An edit of the user's is about to change the text; return `false` to refuse it.
  ///
  /// - Parameters:
  ///   - textEditor: The editor.
  ///   - text: The text the edit would leave.
  /// - Returns: Whether the edit happens; `true` by default.
  func textEditor(_ textEditor: TTTextEditor, shouldChangeTextTo text: String) -> Bool

  /// The user pressed the submit key; return `false` to keep ``TTTextEditor/onSubmit``
  /// from being called.
  ///
  /// - Parameter textEditor: The editor.
  /// - Returns: Whether the editor submits; `true` by default.
  func textEditorShouldReturn(_ textEditor: TTTextEditor) -> Bool

  /// The editor is about to grow or shrink to fit its text; return `false` to keep its
  /// frame (it then scrolls).
  ///
  /// - Parameters:
  ///   - textEditor: The editor.
  ///   - rows: The rows it would gain (negative: lose).
  /// - Returns: Whether it resizes; `true` by default.
  func textEditor(_ textEditor: TTTextEditor, shouldResizeBy rows: Int) -> Bool

  /// The editor grew or shrank to fit its text, keeping its origin; lay out the views
  /// around it.
  ///
  /// - Parameters:
  ///   - textEditor: The editor.
  ///   - rows: The rows it gained (negative: lost).
  func textEditor(_ textEditor: TTTextEditor, didResizeBy rows: Int)
}

extension TTTextEditorDelegate {
  /// Does nothing.
  ///
  /// - Parameter textEditor: The editor.
  public func textEditorDidBeginEditing(_ textEditor: TTTextEditor) {}

  /// Does nothing.
  ///
  /// - Parameter textEditor: The editor.
  public func textEditorDidEndEditing(_ textEditor: TTTextEditor) {}

  /// Does nothing.
  ///
  /// - Parameter textEditor: The editor.
  public func textEditorDidChange(_ textEditor: TTTextEditor) {}

  /// Lets every edit happen.
  ///
  /// - Parameters:
  ///   - textEditor: The editor.
  ///   - text: The text the edit would leave.
  /// - Returns: `true`.
  public func textEditor(_ textEditor: TTTextEditor, shouldChangeTextTo text: String) -> Bool { true }

  /// Lets the editor submit.
  ///
  /// - Parameter textEditor: The editor.
  /// - Returns: `true`.
  public func textEditorShouldReturn(_ textEditor: TTTextEditor) -> Bool { true }

  /// Lets the editor resize.
  ///
  /// - Parameters:
  ///   - textEditor: The editor.
  ///   - rows: The rows it would gain.
  /// - Returns: `true`.
  public func textEditor(_ textEditor: TTTextEditor, shouldResizeBy rows: Int) -> Bool { true }

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - textEditor: The editor.
  ///   - rows: The rows it gained.
  public func textEditor(_ textEditor: TTTextEditor, didResizeBy rows: Int) {}
}

/// A text input of several lines that grows with its text: Three20's `TTTextEditor`, on a
/// terminal.
///
/// The text lives in a ``TTTextBuffer`` that keeps newlines, so editing is grapheme-correct,
/// undoable and safe (pasted escape sequences show as `␛[…`, never obeyed). Lines wrap at
/// the editor's width after the last space that fits, by display width, a wide character
/// never split. A focused, enabled editor takes the readline keys of ``TTTextKeyBindings``
/// (Home and End, Ctrl-A and Ctrl-E act on the line, not the row); Enter starts a new line
/// and Alt-Enter calls ``onSubmit`` (the other way round when ``submitsOnEnter`` is `true`).
/// ↑ and ↓ move by row, keeping the column the cursor started from (a *goal column*), and
/// are left to the views above on the first and last row; Page Up and Page Down move by a
/// screenful. A press of the left button places the cursor; the wheel scrolls.
///
/// The editor wants as many rows as its wrapped text takes, between
/// ``minimumNumberOfLines`` and ``maximumNumberOfLines`` (``TTView/sizeThatFits(_:)``);
/// past the maximum it scrolls to keep the cursor in view. With ``autoresizesToText`` (the
/// default), a change of the text resizes the frame, keeping its origin, and tells the
/// delegate (``TTTextEditorDelegate/textEditor(_:didResizeBy:)``), as Three20's editor grew
/// in a message composer.
///
/// The look follows ``TTTextField``'s: styles by state or a stylesheet name, otherwise
/// underlined cells, bold while focused, dim while disabled, and a dim placeholder.
///
/// ```swift
/// let note = TTTextEditor(placeholder: "Message")
/// note.frame = TTRect(x: 0, y: 0, width: 12, height: 1)
/// note.onSubmit = { editor in print(editor.text) }
/// note.becomeFocused()
/// note.handlePaste("Hello there, wide world")
/// note.frame.height              // 2: it grew to show "Hello there," and "wide world"
/// note.handleKey(.up)            // true: the cursor goes up a row
/// note.handleKey(.up)            // false: on the first row, ↑ is left to the views above
/// note.handleKey(.alt(.enter))   // true; prints the text
/// ```
@MainActor
open class TTTextEditor: TTView {
  /// The text, the cursor and the undo history.
  ///
  /// Change it through the editor (``text``, ``apply(_:)``, keys), which redraws, resizes
  /// and tells the delegate.
  public private(set) var buffer: TTTextBuffer {
    didSet {
      if buffer.characters != oldValue.characters { textVersion &+= 1 }
      setNeedsDisplay()
    }
  }

  /// The text, with newlines.
  ///
  /// Setting it replaces the text (made safe, cut to ``maximumLength``) and puts the cursor
  /// at its end; it can be undone, resizes the editor, and calls neither ``onChange`` nor
  /// the delegate's change method.
  open var text: String {
    get { buffer.text }
    set {
      buffer.apply(.replaceAll(newValue))
      goalColumn = nil
      needsScrollToCursor = true
      resizeToText()
    }
  }

  /// The text shown, dim and wrapped, while the editor is empty; empty by default.
  open var placeholder: String {
    didSet { if placeholder != oldValue { setNeedsDisplay() } }
  }

  /// Whether the editor can be focused and edited; `true` by default.
  ///
  /// Disabling a focused editor takes its focus away.
  open var isEnabled = true {
    didSet {
      guard isEnabled != oldValue else { return }
      if !isEnabled, isFocused { resignFocus() }
      setNeedsDisplay()
    }
  }

  /// The most characters the editor holds; ``TTTextBuffer/defaultMaximumLength`` by
  /// default.
  ///
  /// Lowering it below the length of the text cuts the text (undoably).
  open var maximumLength: Int {
    get { buffer.maximumLength }
    set {
      buffer.maximumLength = newValue
      if buffer.count > buffer.maximumLength {
        text = buffer.text(from: 0, to: buffer.maximumLength)
      }
    }
  }

  /// Whether Enter submits (and Alt-Enter starts a new line); `false` by default: Enter
  /// starts a new line and Alt-Enter submits.
  open var submitsOnEnter = false

  /// The fewest rows ``TTView/sizeThatFits(_:)`` asks for, however short the text; 1 by
  /// default (values below 1 count as 1).
  open var minimumNumberOfLines = 1 {
    didSet { if minimumNumberOfLines != oldValue { resizeToText() } }
  }

  /// The most rows ``TTView/sizeThatFits(_:)`` asks for; longer text scrolls.
  ///
  /// 5 by default; 0 means no limit.
  open var maximumNumberOfLines = 5 {
    didSet { if maximumNumberOfLines != oldValue { resizeToText() } }
  }

  /// Whether a change of the text resizes the frame to ``TTView/sizeThatFits(_:)`` at the
  /// frame's width, keeping its origin; `true` by default.
  ///
  /// The delegate can refuse each resize; nothing resizes while the frame has no width.
  open var autoresizesToText = true

  /// Called after each change of the text by the user; `nil` by default.
  open var onChange: (@MainActor (TTTextEditor) -> Void)?

  /// Called when the user presses the submit key (Alt-Enter, or Enter with
  /// ``submitsOnEnter``) and the delegate agrees; `nil` by default.
  open var onSubmit: (@MainActor (TTTextEditor) -> Void)?

  /// The object told about editing, held weakly; `nil` by default.
  open weak var delegate: (any TTTextEditorDelegate)?

  /// The name of the editor's style in the current stylesheet; `nil` by default.
  open var styleName: String? {
    get { looks.styleName }
    set {
      looks.styleName = newValue
      setNeedsLayout()
    }
  }

  /// The index of the wrapped row drawn at the top: how far the text is scrolled.
  public private(set) var firstVisibleRow = 0

  private var looks = TTTextInputLooks()

  /// The column ↑ and ↓ aim for, kept from the first of a run of vertical moves.
  private var goalColumn: Int?

  /// Whether the next drawing scrolls to show the cursor (after an edit or a move, but not
  /// after the wheel).
  private var needsScrollToCursor = true

  /// Counts changes of the text, for the cached layout.
  private var textVersion = 0

  private var cachedLayout: (version: Int, width: Int, rows: [TTTextInputLayout.Row])?

  /// Creates a text editor.
  ///
  /// - Parameters:
  ///   - text: The text to start with; empty by default.
  ///   - placeholder: The text shown while empty; none by default.
  ///   - frame: Its rectangle; empty by default (see ``TTView/sizeThatFits(_:)``).
  public init(text: String = "", placeholder: String = "", frame: TTRect = .zero) {
    buffer = TTTextBuffer(text, allowsNewlines: true)
    self.placeholder = placeholder
    super.init(frame: frame)
  }

  // MARK: - Focus and state

  /// Tells the delegate when the editor gains or loses the focus.
  override open var isFocused: Bool {
    didSet {
      guard isFocused != oldValue else { return }
      if isFocused {
        needsScrollToCursor = true
        delegate?.textEditorDidBeginEditing(self)
      } else {
        delegate?.textEditorDidEndEditing(self)
      }
    }
  }

  /// An enabled editor can be focused.
  override open var canBecomeFocused: Bool { isEnabled }

  /// The state the editor is drawn in: disabled, highlighted while focused, or normal.
  public var displayState: TTControlState {
    TTTextInputLooks.state(isEnabled: isEnabled, isFocused: isFocused)
  }

  /// The style the editor is drawn with now: ``style(for:)`` of ``displayState``.
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

  // MARK: - Editing

  /// Makes an edit as the user would: the delegate may refuse it; a change of the text
  /// resizes the editor and calls ``onChange`` and the delegate.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: Whether the text or the cursor changed.
  @discardableResult
  public func apply(_ edit: TTTextBuffer.Edit) -> Bool {
    var next = buffer
    let changed = next.apply(edit)
    let textChanged = changed && next.characters != buffer.characters
    if textChanged, let delegate, !delegate.textEditor(self, shouldChangeTextTo: next.text) { return false }
    buffer = next
    goalColumn = nil
    needsScrollToCursor = true
    if textChanged {
      resizeToText()
      delegate?.textEditorDidChange(self)
      onChange?(self)
    }
    return changed
  }

  /// Asks the delegate, then calls ``onSubmit``.
  private func submit() {
    guard delegate?.textEditorShouldReturn(self) ?? true else { return }
    onSubmit?(self)
  }

  /// Resizes the frame to fit the text when ``autoresizesToText`` and the delegate agree.
  private func resizeToText() {
    guard autoresizesToText, frame.width > 0 else { return }
    let wanted = sizeThatFits(TTSize(width: frame.width, height: TTCanvas.maximumHeight)).height
    let rows = wanted - frame.height
    guard rows != 0, delegate?.textEditor(self, shouldResizeBy: rows) ?? true else { return }
    frame.size = TTSize(width: frame.width, height: wanted)
    delegate?.textEditor(self, didResizeBy: rows)
  }

  // MARK: - Layout

  /// The wrapped rows of the text at a width (cached).
  private func rows(forWidth width: Int) -> [TTTextInputLayout.Row] {
    if let cachedLayout, cachedLayout.version == textVersion, cachedLayout.width == width {
      return cachedLayout.rows
    }
    let rows = TTTextInputLayout.rows(of: buffer.characters, width: width)
    cachedLayout = (textVersion, width, rows)
    return rows
  }

  /// The number of rows the text takes when wrapped at `width` columns.
  ///
  /// - Parameter width: The columns.
  /// - Returns: At least 1.
  public func numberOfRows(forWidth width: Int) -> Int {
    rows(forWidth: width).count
  }

  /// The rows the text takes at the width offered, between ``minimumNumberOfLines`` and
  /// ``maximumNumberOfLines``, by the width offered.
  ///
  /// - Parameter size: The room available.
  /// - Returns: `size.width` by the rows wanted (at most `size.height`, at least 1).
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let minimum = max(1, minimumNumberOfLines)
    let maximum = maximumNumberOfLines > 0 ? max(minimum, maximumNumberOfLines) : Int.max
    let wanted = min(max(numberOfRows(forWidth: size.width), minimum), maximum)
    return TTSize(width: max(0, size.width), height: max(1, min(wanted, size.height)))
  }

  /// Keeps the cursor in view after the frame changes size.
  override open func layoutSubviews() {
    super.layoutSubviews()
    needsScrollToCursor = true
  }

  /// Puts ``firstVisibleRow`` in range for `count` rows in `height`, and scrolls to the
  /// cursor's row when an edit or a move asked for it.
  private func updateScroll(rows: [TTTextInputLayout.Row], height: Int) {
    let height = max(1, height)
    if needsScrollToCursor {
      needsScrollToCursor = false
      let row = TTTextInputLayout.rowIndex(of: buffer.cursor, in: rows)
      if row < firstVisibleRow { firstVisibleRow = row }
      if row >= firstVisibleRow + height { firstVisibleRow = row - height + 1 }
    }
    firstVisibleRow = max(0, min(firstVisibleRow, rows.count - height))
  }

  // MARK: - Input

  /// Edits the text when the editor is focused and enabled: the keys of
  /// ``TTTextKeyBindings`` (Enter starts a line), the submit key, ↑ ↓ by row, Page Up and
  /// Page Down by a screenful.
  ///
  /// - Parameter key: The key.
  /// - Returns: `true` for every key used, even one that changes nothing (← at the start);
  ///   `false` for ↑ on the first row, ↓ on the last, and keys the editor does not use
  ///   (Escape, Tab…), so they go on.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, isEnabled else { return super.handleKey(key) }
    switch key {
    case .enter where submitsOnEnter, .alt(.enter) where !submitsOnEnter:
      submit()
      return true
    case .alt(.enter):
      apply(.insert("\n"))
      return true
    case .up: return moveVertically(by: -1) || super.handleKey(key)
    case .down: return moveVertically(by: 1) || super.handleKey(key)
    case .pageUp: return movePage(by: -1) || super.handleKey(key)
    case .pageDown: return movePage(by: 1) || super.handleKey(key)
    default:
      guard let edit = TTTextKeyBindings.edit(for: key, multiline: true) else { return super.handleKey(key) }
      apply(edit)
      return true
    }
  }

  /// Moves the cursor `delta` rows up (negative) or down, to the goal column.
  ///
  /// - Returns: `false`, moving nothing, when there is no row there.
  private func moveVertically(by delta: Int) -> Bool {
    let rows = rows(forWidth: contentRect.width)
    let current = TTTextInputLayout.rowIndex(of: buffer.cursor, in: rows)
    let target = min(max(0, current + delta), rows.count - 1)
    guard target != current else { return false }
    let goal =
      goalColumn
      ?? TTTextInputLayout.width(of: buffer.characters, from: rows[current].start, to: buffer.cursor)
    let row = rows[target]
    let offset = TTTextInputLayout.offset(atColumn: goal, in: buffer.characters, from: row.start, to: row.end)
    buffer.setCursor(min(offset, TTTextInputLayout.lastCursorOffset(inRow: target, of: rows)))
    goalColumn = goal
    needsScrollToCursor = true
    return true
  }

  /// Moves the cursor and the view a screenful up (negative) or down; from the first (last)
  /// row, to the start (end) of the text.
  ///
  /// - Returns: `false` when the cursor is already at the start (end).
  private func movePage(by direction: Int) -> Bool {
    let height = max(1, contentRect.height)
    let rows = rows(forWidth: contentRect.width)
    let current = TTTextInputLayout.rowIndex(of: buffer.cursor, in: rows)
    let target = min(max(0, current + direction * height), rows.count - 1)
    if target == current {
      let end = direction < 0 ? 0 : buffer.count
      guard buffer.cursor != end else { return false }
      buffer.setCursor(end)
      goalColumn = nil
      needsScrollToCursor = true
      return true
    }
    firstVisibleRow = max(0, min(firstVisibleRow + target - current, rows.count - height))
    return moveVertically(by: target - current)
  }

  /// Inserts pasted text at the cursor, newlines kept and control characters shown as
  /// symbols, when the editor is focused and enabled.
  ///
  /// - Parameter text: The text.
  /// - Returns: Whether the editor took it.
  override open func handlePaste(_ text: String) -> Bool {
    guard isFocused, isEnabled else { return super.handlePaste(text) }
    apply(.insert(text))
    return true
  }

  /// Places the cursor where the left button is pressed or dragged; the wheel scrolls a
  /// row at a time.
  ///
  /// - Parameter event: The event, in the editor's coordinates.
  /// - Returns: Whether the event was used: left button events while enabled, and wheel
  ///   turns that scrolled.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    let content = contentRect
    switch event.action {
    case .press, .drag:
      guard isEnabled, event.button == .left else { return super.handleMouse(event) }
      if !isFocused { becomeFocused() }
      let rows = rows(forWidth: content.width)
      updateScroll(rows: rows, height: content.height)
      let index = firstVisibleRow + event.position.y - content.y
      if index < 0 {
        buffer.setCursor(0)
      } else if index >= rows.count {
        buffer.setCursor(buffer.count)
      } else {
        let row = rows[index]
        let column = max(0, event.position.x - content.x)
        let offset = TTTextInputLayout.offset(
          atColumn: column, in: buffer.characters, from: row.start, to: row.end)
        buffer.setCursor(min(offset, TTTextInputLayout.lastCursorOffset(inRow: index, of: rows)))
      }
      goalColumn = nil
      needsScrollToCursor = true
      return true
    case .release:
      guard isEnabled, event.button == .left else { return super.handleMouse(event) }
      return true
    case .scrollUp, .scrollDown:
      let rows = rows(forWidth: content.width)
      updateScroll(rows: rows, height: content.height)
      let before = firstVisibleRow
      firstVisibleRow += event.action == .scrollUp ? -1 : 1
      updateScroll(rows: rows, height: content.height)
      guard firstVisibleRow != before else { return super.handleMouse(event) }
      setNeedsDisplay()
      return true
    case .scrollLeft, .scrollRight:
      return super.handleMouse(event)
    }
  }

  // MARK: - Drawing

  /// Draws the visible rows of the wrapped text (or the placeholder) and, when focused, the
  /// cursor as an inverse cell.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the editor's content goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let state = displayState
    let textStyle = TTTextInputLooks.textStyle(for: style(for: state), state: state)
    canvas.fill(rect, style: textStyle)
    let characters = buffer.characters
    let rows = rows(forWidth: rect.width)
    updateScroll(rows: rows, height: rect.height)
    if buffer.isEmpty {
      let look = TTTextLook(
        color: textStyle.foreground, backgroundColor: textStyle.background,
        attributes: textStyle.attributes.union(.dim), verticalAlignment: .top, lineBreakMode: .wordWrap,
        numberOfLines: 0)
      TTLabel.draw(placeholder, look: look, in: rect, on: &canvas)
    } else {
      for line in 0..<rect.height {
        let index = firstVisibleRow + line
        guard index < rows.count else { break }
        canvas.write(
          TTTextInputLayout.text(of: rows[index], in: characters), at: TTPoint(x: rect.x, y: rect.y + line),
          style: textStyle, maxWidth: rect.width)
      }
    }
    guard isFocused, isEnabled else { return }
    let index = TTTextInputLayout.rowIndex(of: buffer.cursor, in: rows)
    let line = index - firstVisibleRow
    guard line >= 0, line < rect.height else { return }
    let cursor = buffer.cursor
    let width =
      cursor < characters.count && characters[cursor] != "\n"
      ? max(1, TTDisplayWidth.of(characters[cursor])) : 1
    // A space hanging past the end of its row shows the cursor in the row's last cell.
    let column = min(
      TTTextInputLayout.width(of: characters, from: rows[index].start, to: cursor), rect.width - width)
    guard column >= 0 else { return }
    canvas.restyle(TTRect(x: rect.x + column, y: rect.y + line, width: width, height: 1)) { cell in
      var inverse = cell
      inverse.attributes.insert(.inverse)
      return inverse
    }
  }
}
