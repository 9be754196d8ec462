import Foundation
import Testing
import Three20Style
import Three20Table
import Three20UICommon

/// Helpers for driving composer views through a controller, as the terminal host does.
@MainActor
enum ComposerTesting {
  /// The screen drawn.
  static func render(_ controller: TTViewController) -> TTCanvas {
    let view = controller.view
    var canvas = TTCanvas(width: view.frame.width, height: view.frame.height)
    view.draw(on: &canvas)
    return canvas
  }

  /// Types each character of `text` as a key.
  static func type(_ text: String, into controller: TTViewController) {
    for character in text { controller.dispatch(.key(.character(character))) }
  }

  /// A click of the left button at a point of the screen.
  static func click(_ controller: TTViewController, x: Int, y: Int) {
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: x, y: y))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: x, y: y))))
  }

  /// The people the tests pick from, as subtitle rows (name, then address).
  static func people() -> TTListDataSource {
    TTListDataSource(
      items: ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Barbara Liskov", "Edsger Dijkstra"].map {
        TTTableSubtitleItem(
          text: $0, subtitle: $0.lowercased().replacingOccurrences(of: " ", with: ".") + "@x.org")
      })
  }
}

/// A view that gives its picker the rows it asks for, as a composer's form does.
@MainActor
final class PickerHostView: TTView {
  let picker: TTPickerTextField

  init(picker: TTPickerTextField) {
    self.picker = picker
    super.init()
    addSubview(picker)
  }

  override func layoutSubviews() {
    let size = picker.sizeThatFits(TTSize(width: bounds.width, height: bounds.height))
    picker.frame = TTRect(x: 0, y: 0, width: bounds.width, height: min(bounds.height, size.height))
  }
}

/// Records what a picker field tells its delegate.
@MainActor
final class PickerRecorder: TTPickerTextFieldDelegate {
  var events: [String] = []

  func pickerTextField(_ field: TTPickerTextField, didAdd token: TTPickerToken) {
    events.append("add \(token.text)")
  }
  func pickerTextField(_ field: TTPickerTextField, didRemove token: TTPickerToken) {
    events.append("remove \(token.text)")
  }
}

@MainActor
@Suite("TTPickerTextField")
struct TTPickerTextFieldTests {
  typealias C = ComposerTesting

  /// A picker on a screen `width` by `height`, its entry focused, with a recording delegate
  /// and a count of onChange calls.
  static func picker(
    tokens: [TTPickerToken] = [], dataSource: (any TTTableViewDataSource)? = ComposerTesting.people(),
    width: Int = 30, height: Int = 8
  ) -> (TTPickerTextField, TTViewController, PickerRecorder, Counter) {
    let picker = TTPickerTextField(tokens: tokens, dataSource: dataSource)
    let recorder = PickerRecorder()
    let changes = Counter()
    picker.delegate = recorder
    picker.onChange = { _ in changes.count += 1 }
    let screen = TTViewController()
    screen.view = PickerHostView(picker: picker)
    screen.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    screen.view.layoutIfNeeded()
    picker.entry.becomeFocused()
    return (picker, screen, recorder, changes)
  }

  /// Counts calls.
  @MainActor
  final class Counter {
    var count = 0
  }

  /// The rows of a canvas drawn in a style attribute, by row.
  static func rows(_ canvas: TTCanvas, with attribute: TTTextAttributes) -> [Int] {
    (0..<canvas.height).filter { y in
      (0..<canvas.width).contains { canvas[$0, y].style.attributes.contains(attribute) }
    }
  }

  /// A paste of several addresses adds a token for each but the last, which stays in the
  /// entry; blank parts are skipped and control characters are shown as symbols.
  @Test func pasteOfSeveralAddressesAddsTokens() {
    let (picker, screen, recorder, _) = Self.picker()
    C.type("x", into: screen)
    #expect(screen.dispatch(.paste("a@example.com, b@example.com;;\u{1B}[31mc\nd@exa")))
    #expect(picker.tokens.map(\.text) == ["xa@example.com", "b@example.com", "␛[31mc"])
    #expect(picker.entry.text == "d@exa")
    #expect(recorder.events == ["add xa@example.com", "add b@example.com", "add ␛[31mc"])
    // A paste without a separator is typed into the entry.
    #expect(screen.dispatch(.paste("mple.com")))
    #expect(picker.entry.text == "d@example.com")
    #expect(picker.tokens.count == 3)
  }

  /// Typing searches the data source, ignoring case, and lists the matches in order;
  /// each suggestion keeps the id of its row.
  @Test func suggestionsFollowTheTypedText() {
    let people = C.people()
    let (picker, screen, _, _) = Self.picker(dataSource: people)
    #expect(picker.suggestions.isEmpty)
    C.type("A", into: screen)
    #expect(
      picker.suggestions.map(\.text) == [
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Barbara Liskov", "Edsger Dijkstra",
      ])
    #expect(picker.showsSuggestions)
    C.type("l", into: screen)
    #expect(picker.suggestions.map(\.text) == ["Alan Turing"])
    #expect(picker.suggestions.first?.itemID == people.item(at: [0, 1])?.id)
    // Every word must match, in any of the row's texts (the subtitle too).
    screen.dispatch(.key(.control("u")))
    C.type("hopper grace", into: screen)
    #expect(picker.suggestions.map(\.text) == ["Grace Hopper"])
    screen.dispatch(.key(.control("u")))
    C.type("liskov@", into: screen)
    #expect(picker.suggestions.map(\.text) == ["Barbara Liskov"])
    C.type("zzz", into: screen)
    #expect(picker.suggestions.isEmpty)
    #expect(!picker.showsSuggestions)
    // Spaces alone search nothing.
    screen.dispatch(.key(.control("u")))
    C.type("  ", into: screen)
    #expect(picker.suggestions.isEmpty)
  }

  /// No more than `maximumSuggestions` are listed; changing it searches again.
  @Test func maximumSuggestionsCutsTheList() {
    let (picker, screen, _, _) = Self.picker()
    C.type("a", into: screen)
    #expect(picker.suggestions.count == 5)
    picker.maximumSuggestions = 2
    #expect(picker.suggestions.map(\.text) == ["Ada Lovelace", "Alan Turing"])
    picker.maximumSuggestions = 0
    #expect(picker.suggestions.isEmpty)
    picker.maximumSuggestions = -3
    #expect(picker.suggestions.isEmpty)
  }

  /// A field without a data source suggests nothing and takes typed text.
  @Test func withoutADataSourceTextIsTyped() {
    let (picker, screen, _, _) = Self.picker(dataSource: nil)
    C.type("bob@x.org", into: screen)
    #expect(picker.suggestions.isEmpty)
    #expect(screen.dispatch(.key(.enter)))
    #expect(picker.tokens == [TTPickerToken("bob@x.org")])
    picker.dataSource = C.people()
    C.type("ada", into: screen)
    #expect(picker.suggestions.map(\.text) == ["Ada Lovelace"])
  }

  /// ↓ and ↑ choose a suggestion, stopping at either end; Enter picks the chosen one, which
  /// empties the entry and the list.
  @Test func arrowsChooseAndEnterPicks() {
    let (picker, screen, recorder, changes) = Self.picker()
    C.type("a", into: screen)
    #expect(picker.selectedSuggestion == nil)
    #expect(screen.dispatch(.key(.down)))
    #expect(picker.selectedSuggestion == 0)
    screen.dispatch(.key(.down))
    screen.dispatch(.key(.down))
    #expect(picker.selectedSuggestion == 2)
    screen.dispatch(.key(.up))
    #expect(picker.selectedSuggestion == 1)
    for _ in 0..<10 { screen.dispatch(.key(.down)) }
    #expect(picker.selectedSuggestion == 4)
    for _ in 0..<10 { screen.dispatch(.key(.up)) }
    #expect(picker.selectedSuggestion == 0)
    screen.dispatch(.key(.down))
    #expect(screen.dispatch(.key(.enter)))
    #expect(picker.tokens.map(\.text) == ["Alan Turing"])
    #expect(picker.tokens.first?.itemID == C.people().item(at: [0, 1])?.id)
    #expect(picker.entry.text == "")
    #expect(picker.suggestions.isEmpty)
    #expect(picker.selectedSuggestion == nil)
    #expect(recorder.events == ["add Alan Turing"])
    #expect(changes.count == 1)
    // With no list, ↑ and ↓ are left to the views above.
    #expect(!screen.dispatch(.key(.down)))
    #expect(!screen.dispatch(.key(.up)))
  }

  /// ↑ with nothing chosen starts from the last suggestion.
  @Test func upStartsFromTheLastSuggestion() {
    let (picker, screen, _, _) = Self.picker()
    C.type("a", into: screen)
    screen.dispatch(.key(.up))
    #expect(picker.selectedSuggestion == 4)
  }

  /// Enter with no suggestion chosen adds the text as typed, trimmed.
  @Test func enterWithoutAChoiceAddsTheTypedText() {
    let (picker, screen, _, _) = Self.picker()
    C.type(" ada ", into: screen)
    #expect(picker.suggestions.map(\.text) == ["Ada Lovelace"])
    screen.dispatch(.key(.enter))
    #expect(picker.tokens == [TTPickerToken("ada")])
    #expect(picker.entry.text == "")
  }

  /// Tab on a chosen suggestion picks it and keeps the focus; with none chosen Tab moves on.
  @Test func tabPicksTheChosenSuggestion() {
    let (picker, screen, _, _) = Self.picker()
    let other = TTTextField(frame: TTRect(x: 0, y: 7, width: 10, height: 1))
    screen.view.addSubview(other)
    C.type("gr", into: screen)
    screen.dispatch(.key(.down))
    #expect(screen.dispatch(.key(.tab)))
    #expect(picker.tokens.map(\.text) == ["Grace Hopper"])
    #expect(picker.entry.isFocused)
    C.type("x", into: screen)
    screen.dispatch(.key(.tab))
    #expect(other.isFocused)
    #expect(picker.tokens.count == 1)
    #expect(picker.entry.text == "x")
  }

  /// `,` and `;` add the typed text as a token and are not typed themselves; on an empty
  /// entry they do nothing.
  @Test func commaAndSemicolonCommitTypedText() {
    let (picker, screen, recorder, _) = Self.picker()
    C.type("bob@example.com,carol@example.com;", into: screen)
    #expect(picker.tokens.map(\.text) == ["bob@example.com", "carol@example.com"])
    #expect(picker.tokens.allSatisfy { $0.itemID == nil })
    #expect(picker.entry.text == "")
    C.type(",;", into: screen)
    #expect(picker.entry.text == "")
    #expect(picker.tokens.count == 2)
    #expect(recorder.events == ["add bob@example.com", "add carol@example.com"])
    // A chosen suggestion is what `,` adds.
    C.type("ed", into: screen)
    screen.dispatch(.key(.down))
    C.type(",", into: screen)
    #expect(picker.tokens.last?.text == "Edsger Dijkstra")
  }

  /// Backspace edits the entry while it has text; in the empty entry it removes the last
  /// token, one per press, telling the delegate.
  @Test func backspaceOnEmptyEntryRemovesTheLastToken() {
    let (picker, screen, recorder, changes) = Self.picker(tokens: [
      TTPickerToken("a@x"), TTPickerToken("b@x"),
    ])
    C.type("c", into: screen)
    screen.dispatch(.key(.backspace))
    #expect(picker.entry.text == "")
    #expect(picker.tokens.count == 2)
    screen.dispatch(.key(.backspace))
    #expect(picker.tokens.map(\.text) == ["a@x"])
    screen.dispatch(.key(.backspace))
    #expect(picker.tokens.isEmpty)
    // With no token left it is the entry's, which has nothing to delete.
    screen.dispatch(.key(.backspace))
    #expect(picker.tokens.isEmpty)
    #expect(recorder.events == ["remove b@x", "remove a@x"])
    #expect(changes.count == 2)
    // Removing out of range does nothing.
    picker.removeToken(at: 3)
    #expect(changes.count == 2)
  }

  /// A click on a drawn suggestion picks it and leaves the entry focused.
  @Test func clickOnASuggestionPicksIt() {
    let (picker, screen, recorder, _) = Self.picker()
    C.type("a", into: screen)
    let canvas = C.render(screen)
    #expect(canvas.lines[3] == "  Grace Hopper")
    C.click(screen, x: 5, y: 3)
    #expect(picker.tokens.map(\.text) == ["Grace Hopper"])
    #expect(picker.entry.isFocused)
    #expect(picker.suggestions.isEmpty)
    #expect(recorder.events == ["add Grace Hopper"])
    // A click below the list, or with no list, picks nothing.
    C.type("a", into: screen)
    _ = C.render(screen)
    C.click(screen, x: 5, y: 7)
    #expect(picker.tokens.count == 1)
  }

  /// The field keeps at most `maximumTokens`: more are refused, by keys and by code, and the
  /// text typed stays in the entry.
  @Test func maximumTokensIsKept() {
    let (picker, screen, recorder, _) = Self.picker()
    picker.maximumTokens = 2
    C.type("one,two,three,", into: screen)
    #expect(picker.tokens.map(\.text) == ["one", "two"])
    #expect(picker.entry.text == "three")
    #expect(!picker.add(TTPickerToken("four")))
    C.type("x", into: screen)
    screen.dispatch(.key(.down))
    #expect(!picker.pickSuggestion())
    #expect(recorder.events == ["add one", "add two"])
    // Tokens given at creation are capped at the default maximum.
    let many = (0..<1_005).map { TTPickerToken("p\($0)") }
    #expect(TTPickerTextField(tokens: many).tokens.count == TTPickerTextField.defaultMaximumTokens)
  }

  /// Blank tokens are refused and text is trimmed; the delegate and onChange hear of each
  /// change, in order.
  @Test func addTrimsAndRefusesBlankTokens() {
    let (picker, _, recorder, changes) = Self.picker()
    #expect(!picker.add(TTPickerToken("   ")))
    #expect(picker.add(TTPickerToken("  Ada  ", itemID: "ada")))
    #expect(picker.tokens == [TTPickerToken("Ada", itemID: "ada")])
    picker.removeToken(at: 0)
    #expect(recorder.events == ["add Ada", "remove Ada"])
    #expect(changes.count == 2)
  }

  /// Tokens are drawn as bold blocks with a space each side and wrap by display width; the
  /// entry follows the last one, on a new row when fewer than 12 columns are left.
  @Test func drawsTokensAndWrapsThem() {
    let (picker, screen, _, _) = Self.picker(
      tokens: [TTPickerToken("Ada"), TTPickerToken("Grace Hopper"), TTPickerToken("Alan")], width: 24)
    var canvas = C.render(screen)
    #expect(Array(canvas.lines.prefix(3)) == [" Ada   Grace Hopper", " Alan", ""])
    #expect(picker.frame.height == 2)
    #expect(picker.entry.frame == TTRect(x: 7, y: 1, width: 17, height: 1))
    let token = canvas[1, 0].style
    #expect(token.attributes.contains(.bold))
    #expect(token.background == TTColor(red: 40, green: 90, blue: 170))
    #expect(canvas[0, 0].style.background == token.background)
    #expect(canvas[5, 0].style.background != token.background)
    // With 11 columns left the entry takes a row of its own.
    picker.add(TTPickerToken("Barbara"))
    canvas = C.render(screen)
    #expect(Array(canvas.lines.prefix(3)) == [" Ada   Grace Hopper", " Alan   Barbara", ""])
    #expect(picker.entry.frame == TTRect(x: 0, y: 2, width: 24, height: 1))
    #expect(picker.frame.height == 3)
  }

  /// Suggestions are drawn under the entry, dim, the chosen one in inverse with a marker;
  /// they show only while the entry is focused, and the field gives their rows back.
  @Test func drawsSuggestionsUnderTheEntry() {
    let (picker, screen, _, _) = Self.picker(tokens: [TTPickerToken("Ken")])
    C.type("gr", into: screen)
    var canvas = C.render(screen)
    #expect(Array(canvas.lines.prefix(3)) == [" Ken  gr", "  Grace Hopper", ""])
    #expect(picker.frame.height == 2)
    #expect(canvas[2, 1].style.attributes.contains(.dim))
    screen.dispatch(.key(.down))
    canvas = C.render(screen)
    #expect(canvas.lines[1] == "▸ Grace Hopper")
    #expect(canvas[2, 1].style.attributes.contains(.inverse))
    #expect(Self.rows(canvas, with: .inverse).contains(1))
    picker.entry.resignFocus()
    canvas = C.render(screen)
    #expect(!picker.showsSuggestions)
    #expect(Array(canvas.lines.prefix(2)) == [" Ken  gr", ""])
    #expect(picker.frame.height == 1)
    picker.entry.becomeFocused()
    _ = C.render(screen)
    #expect(picker.frame.height == 2)
  }

  /// Wide characters count two columns in tokens, suggestions and wrapping; text from data is
  /// drawn safe; a token wider than the field is cut.
  @Test func wideCharactersAndUnsafeNames() {
    let names = TTListDataSource(items: [
      TTTableTextItem(text: "山田太郎"), TTTableTextItem(text: "山本 花子"), TTTableTextItem(text: "Evil\u{1B}[2J"),
    ])
    let (picker, screen, _, _) = Self.picker(dataSource: names, width: 16)
    C.type("山", into: screen)
    #expect(picker.suggestions.map(\.text) == ["山田太郎", "山本 花子"])
    screen.dispatch(.key(.enter))
    var canvas = C.render(screen)
    // " 山 " is 4 columns; the 11 left are too few for the entry, which goes below.
    #expect(Array(canvas.lines.prefix(2)) == [" 山", ""])
    #expect(picker.entry.frame == TTRect(x: 0, y: 1, width: 16, height: 1))
    picker.removeToken(at: 0)
    C.type("山田", into: screen)
    screen.dispatch(.key(.down))
    screen.dispatch(.key(.enter))
    C.type("evil", into: screen)
    screen.dispatch(.key(.down))
    screen.dispatch(.key(.enter))
    canvas = C.render(screen)
    // " 山田太郎 " is 10 columns; the second token does not fit beside it.
    #expect(canvas.lines[0] == " 山田太郎")
    #expect(canvas.lines[1].hasPrefix(" Evil"))
    #expect(!canvas.lines[1].contains("\u{1B}"))
    #expect(picker.tokens.last?.text == "Evil\u{1B}[2J")
    picker.add(TTPickerToken(String(repeating: "長", count: 20)))
    canvas = C.render(screen)
    #expect(TTDisplayWidth.of(canvas.lines[2]) <= 16)
    #expect(canvas.lines[2].hasPrefix(" 長長"))
  }
}
