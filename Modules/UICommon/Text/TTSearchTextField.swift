public import Three20Style

/// A text field for a search: Three20's `TTSearchTextField`, on a terminal.
///
/// It draws a search glyph (`⌕`) before the text and calls ``onSearch`` with the text after
/// every change the user makes, so results can follow the typing; with
/// ``searchesAutomatically`` off, only Enter searches. Escape empties a field that has text
/// (undoably, searching for the empty text) and is left to the views above when it is
/// empty. Everything else is ``TTTextField``'s. ``TTSearchBar`` puts one beside a Cancel
/// button.
///
/// ```swift
/// let search = TTSearchTextField(placeholder: "Search feeds")
/// search.frame = TTRect(x: 0, y: 0, width: 20, height: 1)
/// search.onSearch = { query in print("searching for \(query)") }
/// search.becomeFocused()
/// search.handleKey(.character("s"))   // prints "searching for s"
/// search.handleKey(.escape)           // true: empties it, prints "searching for "
/// search.handleKey(.escape)           // false: already empty
/// ```
@MainActor
open class TTSearchTextField: TTTextField {
  /// Called with the text to search for: after each change by the user, or only on Enter
  /// when ``searchesAutomatically`` is `false`; `nil` by default.
  open var onSearch: (@MainActor (String) -> Void)?

  /// Whether every change of the text searches; `true` by default.
  ///
  /// When `false`, only Enter (and Escape emptying the field) does.
  open var searchesAutomatically = true

  /// Whether the search glyph `⌕` is drawn before the text; `true` by default.
  open var showsSearchIcon = true {
    didSet { if showsSearchIcon != oldValue { setNeedsDisplay() } }
  }

  /// The glyph and a space, or nothing.
  override var leadingText: String { showsSearchIcon ? "⌕ " : "" }

  /// Creates a search field.
  ///
  /// - Parameters:
  ///   - text: The text to start with; empty by default.
  ///   - placeholder: The text shown while empty; `Search` by default.
  ///   - frame: Its rectangle; empty by default.
  override public init(text: String = "", placeholder: String = "Search", frame: TTRect = .zero) {
    super.init(text: text, placeholder: placeholder, frame: frame)
  }

  /// Calls ``onSearch`` with the text now.
  public func search() {
    onSearch?(text)
  }

  /// Searches after the field's own work when ``searchesAutomatically``.
  override func didChangeText() {
    super.didChangeText()
    if searchesAutomatically { search() }
  }

  /// Escape empties the field; Enter searches (when not searching automatically) and then
  /// submits; other keys are ``TTTextField``'s.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used; `false` for Escape in an empty field.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, isEnabled else { return super.handleKey(key) }
    switch key {
    case .escape:
      guard !buffer.isEmpty else { return super.handleKey(key) }
      if clear(), !searchesAutomatically { search() }
      return true
    case .enter:
      if !searchesAutomatically { search() }
      return super.handleKey(key)
    default:
      return super.handleKey(key)
    }
  }
}

/// A search field with a Cancel button: Three20's `TTSearchBar`, on a terminal.
///
/// The ``searchField`` fills the bar; while it has text or the focus, the ``cancelButton``
/// shows at the right end. Cancel — the button, or Escape in an empty field — empties the
/// field (searching for the empty text), takes the focus away and calls ``onCancel``.
///
/// ```swift
/// let bar = TTSearchBar(placeholder: "Search feeds")
/// bar.frame = TTRect(x: 0, y: 0, width: 30, height: 1)
/// bar.searchField.onSearch = { query in print(query) }
/// bar.onCancel = { _ in print("cancelled") }
/// bar.searchField.becomeFocused()      // the Cancel button shows
/// bar.searchField.handleKey(.escape)   // false: the field is empty, so…
/// bar.handleKey(.escape)               // true: …the bar cancels; prints "cancelled"
/// ```
@MainActor
open class TTSearchBar: TTView {
  /// The search field.
  public let searchField: TTSearchTextField

  /// The Cancel button, shown while the field has text or the focus.
  public let cancelButton: TTButton

  /// Called after the bar was cancelled; `nil` by default.
  open var onCancel: (@MainActor (TTSearchBar) -> Void)?

  /// Creates a search bar.
  ///
  /// - Parameters:
  ///   - placeholder: The field's placeholder; `Search` by default.
  ///   - frame: Its rectangle; empty by default.
  public init(placeholder: String = "Search", frame: TTRect = .zero) {
    searchField = TTSearchTextField(placeholder: placeholder)
    let button = TTSearchBarCancelButton(title: "Cancel")
    cancelButton = button
    super.init(frame: frame)
    addSubview(searchField)
    addSubview(cancelButton)
    cancelButton.isHidden = true
    cancelButton.action = { [weak self] _ in self?.cancel() }
    searchField.stateObserver = { [weak self] in self?.updateCancelButton() }
    button.focusObserver = { [weak self] in self?.updateCancelButton() }
  }

  /// Whether the Cancel button shows: the field has text, or it or the button has the
  /// focus.
  public var showsCancelButton: Bool {
    !searchField.buffer.isEmpty || searchField.isFocused || cancelButton.isFocused
  }

  /// Shows or hides the Cancel button and lays the bar out again.
  private func updateCancelButton() {
    cancelButton.isHidden = !showsCancelButton
    setNeedsLayout()
  }

  /// Empties the field (searching for nothing), takes the focus from the field and the
  /// button, and calls ``onCancel``.
  public func cancel() {
    if searchField.clear(), !searchField.searchesAutomatically { searchField.search() }
    searchField.resignFocus()
    cancelButton.resignFocus()
    updateCancelButton()
    onCancel?(self)
  }

  /// Cancels on Escape while the Cancel button shows (the field passes Escape on when it is
  /// empty).
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  override open func handleKey(_ key: TTKey) -> Bool {
    guard key == .escape, showsCancelButton else { return super.handleKey(key) }
    cancel()
    return true
  }

  /// The width offered, by the field's height.
  ///
  /// - Parameter size: The room available.
  /// - Returns: `size.width` by the field's height (1 without a style).
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    TTSize(width: max(0, size.width), height: max(1, searchField.sizeThatFits(size).height))
  }

  /// Puts the field across the bar, leaving room at the right for the Cancel button when
  /// it shows.
  override open func layoutSubviews() {
    super.layoutSubviews()
    let content = contentRect
    cancelButton.isHidden = !showsCancelButton
    var fieldWidth = content.width
    if !cancelButton.isHidden {
      let buttonWidth = min(content.width, cancelButton.sizeThatFits(content.size).width)
      cancelButton.frame = TTRect(
        x: content.maxX - buttonWidth, y: content.y, width: buttonWidth, height: min(1, content.height))
      fieldWidth = max(0, content.width - buttonWidth - 1)
    }
    searchField.frame = TTRect(x: content.x, y: content.y, width: fieldWidth, height: content.height)
  }
}

/// The Cancel button of a ``TTSearchBar``, which tells the bar when its focus changes.
private final class TTSearchBarCancelButton: TTButton {
  var focusObserver: (@MainActor () -> Void)?

  override var isFocused: Bool {
    didSet { if isFocused != oldValue { focusObserver?() } }
  }
}
