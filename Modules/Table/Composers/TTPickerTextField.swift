import Foundation
public import Three20Style
public import Three20UICommon

/// One entry of a ``TTPickerTextField``: a recipient, a tag.
public struct TTPickerToken: Sendable, Hashable {
  /// The text shown, such as a name.
  public var text: String
  /// The id of the table item it was picked from (`TTTableItem.id`); `nil` for text typed
  /// in full.
  public var itemID: String?

  /// Creates a token.
  ///
  /// - Parameters:
  ///   - text: The text shown.
  ///   - itemID: The id of the item it came from, if any.
  public init(_ text: String, itemID: String? = nil) {
    self.text = text
    self.itemID = itemID
  }
}

/// What a ``TTPickerTextField`` tells the object that manages it.
///
/// Three20's `TTPickerTextFieldDelegate`. Every method has a default that does nothing.
@MainActor
public protocol TTPickerTextFieldDelegate: AnyObject {
  /// Tells that a token was added.
  ///
  /// - Parameters:
  ///   - field: The picker field.
  ///   - token: The token.
  func pickerTextField(_ field: TTPickerTextField, didAdd token: TTPickerToken)
  /// Tells that a token was removed.
  ///
  /// - Parameters:
  ///   - field: The picker field.
  ///   - token: The token.
  func pickerTextField(_ field: TTPickerTextField, didRemove token: TTPickerToken)
}

extension TTPickerTextFieldDelegate {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - field: The picker field.
  ///   - token: The token.
  public func pickerTextField(_ field: TTPickerTextField, didAdd token: TTPickerToken) {}
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - field: The picker field.
  ///   - token: The token.
  public func pickerTextField(_ field: TTPickerTextField, didRemove token: TTPickerToken) {}
}

/// A token field whose suggestions come from a table data source: Three20's
/// `TTPickerTextField`, the "To:" field of a composer.
///
/// Typing searches the ``dataSource`` (`TTTableSearch`, the same matching a table's search
/// uses) and lists up to ``maximumSuggestions`` matching items under the text. ↑ and ↓ choose
/// one; Enter, Tab on a chosen suggestion, or a click adds it as a token. Enter, `,` or `;` on
/// text that matches nothing adds the text itself (an address typed in full). A paste of
/// several addresses separated by `,`, `;` or new lines adds a token for each. Backspace in an
/// empty entry removes the last token.
///
/// ```swift
/// let people = TTListDataSource(items: [
///   TTTableTextItem(text: "Ada Lovelace"),
///   TTTableTextItem(text: "Grace Hopper"),
/// ])
/// let to = TTPickerTextField(dataSource: people)
/// to.entry.apply(.insert("gra"))
/// to.suggestions.map(\.text)   // ["Grace Hopper"]
/// to.pickSuggestion()
/// to.tokens.map(\.text)        // ["Grace Hopper"]
/// ```
@MainActor
open class TTPickerTextField: TTView {
  /// The tokens picked so far, in order.
  public private(set) var tokens: [TTPickerToken] = [] {
    didSet { if tokens != oldValue { superview?.setNeedsLayout() } }
  }

  /// Where suggestions come from; `nil` for a field that only takes typed text.
  open var dataSource: (any TTTableViewDataSource)? {
    didSet { updateSuggestions() }
  }

  /// The most suggestions listed; 5 by default.
  open var maximumSuggestions = 5 {
    didSet { updateSuggestions() }
  }

  /// The most tokens kept; 1,000 by default.
  ///
  /// More are refused.
  open var maximumTokens = TTPickerTextField.defaultMaximumTokens

  /// The default of ``maximumTokens``: 1,000.
  public static let defaultMaximumTokens = 1000

  /// The suggestions for the text typed, best first.
  public private(set) var suggestions: [TTPickerToken] = []

  /// The suggestion ↑ and ↓ have chosen, as an index in ``suggestions``.
  public private(set) var selectedSuggestion: Int?

  /// The one-line field the text is typed in.
  public let entry: TTTextField

  /// The delegate; held weakly.
  open weak var delegate: (any TTPickerTextFieldDelegate)?

  /// Called after every change of the tokens.
  open var onChange: (@MainActor (TTPickerTextField) -> Void)?

  /// Creates a picker field.
  ///
  /// - Parameters:
  ///   - tokens: The tokens to start with.
  ///   - dataSource: Where suggestions come from.
  ///   - placeholder: Shown in the empty entry.
  public init(
    tokens: [TTPickerToken] = [], dataSource: (any TTTableViewDataSource)? = nil, placeholder: String = ""
  ) {
    let field = TTPickerEntryField(text: "", placeholder: placeholder)
    entry = field
    self.dataSource = dataSource
    self.tokens = Array(tokens.prefix(Self.defaultMaximumTokens))
    super.init()
    field.picker = self
    field.onChange = { [weak self] _ in self?.updateSuggestions() }
    addSubview(field)
  }

  /// Whether the list of suggestions is shown: the entry is focused and has suggestions.
  public var showsSuggestions: Bool { entry.isFocused && !suggestions.isEmpty }

  // MARK: - Tokens

  /// Adds a token, unless it is empty or the field is full.
  ///
  /// - Parameter token: The token.
  /// - Returns: Whether it was added.
  @discardableResult
  open func add(_ token: TTPickerToken) -> Bool {
    let text = token.text.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, tokens.count < maximumTokens else { return false }
    var added = token
    added.text = text
    tokens.append(added)
    delegate?.pickerTextField(self, didAdd: added)
    onChange?(self)
    setNeedsLayout()
    return true
  }

  /// Removes the token at an index.
  ///
  /// - Parameter index: The index in ``tokens``.
  open func removeToken(at index: Int) {
    guard tokens.indices.contains(index) else { return }
    let removed = tokens.remove(at: index)
    delegate?.pickerTextField(self, didRemove: removed)
    onChange?(self)
    setNeedsLayout()
  }

  /// Adds the chosen suggestion (the first when none is chosen) and empties the entry.
  ///
  /// - Returns: Whether a token was added.
  @discardableResult
  public func pickSuggestion() -> Bool {
    guard !suggestions.isEmpty else { return false }
    let chosen = suggestions[min(selectedSuggestion ?? 0, suggestions.count - 1)]
    guard add(chosen) else { return false }
    entry.apply(.replaceAll(""))
    return true
  }

  /// Adds what is typed: the chosen suggestion when one is chosen, else the text itself.
  ///
  /// - Returns: Whether a token was added.
  @discardableResult
  public func commitEntry() -> Bool {
    if selectedSuggestion != nil { return pickSuggestion() }
    let text = entry.text
    guard add(TTPickerToken(text)) else { return false }
    entry.apply(.replaceAll(""))
    return true
  }

  // MARK: - Suggestions

  /// Searches the data source for the entry's text.
  private func updateSuggestions() {
    let text = entry.text.trimmingCharacters(in: .whitespaces)
    guard let dataSource, !text.isEmpty else {
      suggestions = []
      selectedSuggestion = nil
      setNeedsLayout()
      return
    }
    let results = TTTableSearch.results(in: dataSource, matching: text, limit: max(0, maximumSuggestions))
    var found: [TTPickerToken] = []
    for section in 0..<results.numberOfSections {
      for row in 0..<results.numberOfRows(inSection: section) {
        guard let item = results.item(at: [section, row]),
          let shown = TTTableSearch.searchableTexts(of: item).first
        else { continue }
        found.append(TTPickerToken(shown, itemID: item.id))
      }
    }
    suggestions = found
    selectedSuggestion = found.isEmpty ? nil : selectedSuggestion.map { min($0, found.count - 1) }
    superview?.setNeedsLayout()
    setNeedsLayout()
  }

  /// Makes room for the suggestions, or gives it back, when the entry gains or loses the
  /// focus: the list shows only while the entry is focused.
  func entryFocusDidChange() {
    superview?.setNeedsLayout()
    setNeedsLayout()
  }

  /// Moves the chosen suggestion; returns whether there were suggestions to move through.
  func moveSelection(by delta: Int) -> Bool {
    guard showsSuggestions else { return false }
    let current = selectedSuggestion ?? (delta > 0 ? -1 : suggestions.count)
    selectedSuggestion = min(max(0, current + delta), suggestions.count - 1)
    setNeedsDisplay()
    return true
  }

  // MARK: - Layout and drawing

  /// The rows the tokens take at a width, and where the entry starts on the last of them.
  private func tokenLayout(width: Int) -> (frames: [TTRect], entryRow: Int, entryColumn: Int) {
    var frames: [TTRect] = []
    var x = 0
    var y = 0
    for token in tokens {
      let shownWidth = min(max(1, width), TTDisplayWidth.of(Self.label(of: token)))
      if x > 0 && x + shownWidth > width {
        x = 0
        y += 1
      }
      frames.append(TTRect(x: x, y: y, width: shownWidth, height: 1))
      x += shownWidth + 1
    }
    if x > 0 && width - x < Self.minimumEntryWidth {
      return (frames, y + 1, 0)
    }
    return (frames, y, x)
  }

  /// The fewest columns left for the entry on a row of tokens: 12.
  static let minimumEntryWidth = 12

  static func label(of token: TTPickerToken) -> String {
    " " + TTTerminalText.sanitized(token.text) + " "
  }

  /// The rows of the tokens and the entry, and of the suggestions when they are shown.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let layout = tokenLayout(width: size.width)
    return TTSize(width: size.width, height: layout.entryRow + 1 + (showsSuggestions ? suggestions.count : 0))
  }

  /// Places the entry after the last token.
  override open func layoutSubviews() {
    let layout = tokenLayout(width: bounds.width)
    entry.frame = TTRect(
      x: layout.entryColumn, y: layout.entryRow, width: max(1, bounds.width - layout.entryColumn), height: 1)
  }

  /// Draws the tokens, then the suggestions under the entry, the chosen one in inverse.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let layout = tokenLayout(width: rect.width)
    let tokenStyle = TTCellStyle(
      foreground: .white, background: TTColor(red: 40, green: 90, blue: 170), attributes: .bold)
    for (token, frame) in zip(tokens, layout.frames) {
      let shown = TTDisplayWidth.truncate(Self.label(of: token), to: frame.width)
      canvas.write(shown, at: TTPoint(x: rect.x + frame.x, y: rect.y + frame.y), style: tokenStyle)
    }
    guard showsSuggestions else { return }
    for (index, suggestion) in suggestions.enumerated() {
      let y = rect.y + layout.entryRow + 1 + index
      let chosen = index == selectedSuggestion
      let text = TTDisplayWidth.truncate(
        (chosen ? "▸ " : "  ") + TTTerminalText.sanitized(suggestion.text), to: rect.width)
      canvas.write(
        text, at: TTPoint(x: rect.x, y: y), style: TTCellStyle(attributes: chosen ? .inverse : .dim))
    }
  }

  /// A click on a suggestion adds it.
  ///
  /// - Parameter event: The event, in the field's coordinates.
  /// - Returns: Whether it was a click on a suggestion.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard event.isPrimaryPress, showsSuggestions else { return super.handleMouse(event) }
    let row = event.position.y - tokenLayout(width: bounds.width).entryRow - 1
    guard suggestions.indices.contains(row) else { return super.handleMouse(event) }
    selectedSuggestion = row
    pickSuggestion()
    entry.becomeFocused()
    return true
  }
}

/// The entry of a picker field: a text field that gives the picker first say over the keys
/// that pick (↑, ↓, Enter, `,`, `;`, Tab on a chosen suggestion) and Backspace in an empty
/// entry.
@MainActor
final class TTPickerEntryField: TTTextField {
  weak var picker: TTPickerTextField?

  /// Lets the picker show or hide its suggestions with the focus.
  override var isFocused: Bool {
    didSet { if isFocused != oldValue { picker?.entryFocusDidChange() } }
  }

  override func handleKey(_ key: TTKey) -> Bool {
    guard isFocused, let picker else { return super.handleKey(key) }
    switch key {
    case .up: return picker.moveSelection(by: -1)
    case .down: return picker.moveSelection(by: 1)
    case .enter, .character(","), .character(";"):
      if picker.commitEntry() { return true }
      return key == .enter ? super.handleKey(key) : true
    case .tab where picker.selectedSuggestion != nil:
      return picker.pickSuggestion()
    case .backspace where text.isEmpty && !picker.tokens.isEmpty:
      picker.removeToken(at: picker.tokens.count - 1)
      return true
    default:
      return super.handleKey(key)
    }
  }

  /// A paste of several addresses (separated by `,`, `;` or new lines) becomes a token for
  /// each but the last part, which stays in the entry to be finished.
  override func handlePaste(_ text: String) -> Bool {
    guard isFocused, let picker else { return super.handlePaste(text) }
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "," || $0 == ";" || $0 == "\n" }
    guard parts.count > 1 else { return super.handlePaste(text) }
    // Pasted text is made safe to show as typed text is (controls as visible symbols).
    let pieces = parts.map { TTTextBuffer(String($0)).text }
    picker.add(TTPickerToken(self.text + pieces[0]))
    for piece in pieces.dropFirst().dropLast() {
      picker.add(TTPickerToken(piece))
    }
    apply(.replaceAll(pieces[pieces.count - 1].trimmingCharacters(in: .whitespaces)))
    return true
  }
}
