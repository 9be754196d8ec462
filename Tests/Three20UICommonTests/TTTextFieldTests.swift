import Testing
import Three20Style
import Three20UICommon

/// Records what a text field tells its delegate, and answers its questions.
@MainActor
final class TextFieldRecorder: TTTextFieldDelegate {
  var events: [String] = []
  var allowsReturn = true
  var accepts: (String) -> Bool = { _ in true }

  func textFieldDidBeginEditing(_ textField: TTTextField) { events.append("begin") }
  func textFieldDidEndEditing(_ textField: TTTextField) { events.append("end") }
  func textFieldDidChange(_ textField: TTTextField) { events.append("change \(textField.text)") }
  func textFieldShouldReturn(_ textField: TTTextField) -> Bool {
    events.append("return")
    return allowsReturn
  }
  func textField(_ textField: TTTextField, shouldChangeTextTo text: String) -> Bool { accepts(text) }
}

/// Drawing and driving text input views in tests.
@MainActor
enum TextInputTesting {
  /// A screen whose view holds `views`, sized to hold them all.
  static func screen(_ views: TTView...) -> TTViewController {
    let controller = TTViewController()
    let width = views.map(\.frame.maxX).max() ?? 1
    let height = views.map(\.frame.maxY).max() ?? 1
    controller.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    for view in views { controller.view.addSubview(view) }
    return controller
  }

  /// The screen drawn.
  static func render(_ controller: TTViewController) -> TTCanvas {
    let view = controller.view
    var canvas = TTCanvas(width: view.frame.width, height: view.frame.height)
    view.draw(on: &canvas)
    return canvas
  }

  /// The columns of row `y` drawn in inverse: where the cursor is.
  static func cursorColumns(_ canvas: TTCanvas, row y: Int = 0) -> [Int] {
    (0..<canvas.width).filter { canvas[$0, y].style.attributes.contains(.inverse) }
  }

  /// Types each character of `text` as a key.
  static func type(_ text: String, into controller: TTViewController) {
    for character in text { controller.dispatch(.key(.character(character))) }
  }

  /// A click of the left button at a point of the screen.
  static func click(_ controller: TTViewController, x: Int, y: Int = 0) {
    controller.dispatch(.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: x, y: y))))
    controller.dispatch(.mouse(TTMouseEvent(.release, button: .left, at: TTPoint(x: x, y: y))))
  }
}

@MainActor
@Suite("TTTextField")
struct TTTextFieldTests {
  typealias T = TextInputTesting

  static func field(width: Int = 10, text: String = "", placeholder: String = "") -> TTTextField {
    TTTextField(text: text, placeholder: placeholder, frame: TTRect(x: 0, y: 0, width: width, height: 1))
  }

  /// Typed text is drawn with the cursor as an inverse cell after it, the field underlined
  /// and bold while focused.
  @Test func typingDrawsTheTextAndTheCursor() {
    let field = Self.field()
    let screen = T.screen(field)
    #expect(screen.dispatch(.key(.tab)))
    #expect(field.isFocused)
    T.type("ab", into: screen)
    #expect(field.text == "ab")
    let canvas = T.render(screen)
    #expect(canvas.lines == ["ab"])
    #expect(T.cursorColumns(canvas) == [2])
    #expect(canvas[0, 0].style.attributes == [.underline, .bold])
    #expect(canvas[9, 0].style.attributes == [.underline, .bold])
    field.resignFocus()
    let unfocused = T.render(screen)
    #expect(T.cursorColumns(unfocused).isEmpty)
    #expect(unfocused[0, 0].style.attributes == [.underline])
  }

  /// Wide, accented and emoji characters are one character each, and the cursor lands
  /// after their display width.
  @Test func wideCombiningAndEmojiCharactersPlaceTheCursorByWidth() {
    let field = Self.field()
    let screen = T.screen(field)
    field.becomeFocused()
    for key in ["漢", "e\u{301}", "👍🏽", "🇯🇵"] { screen.dispatch(.key(.character(Character(key)))) }
    #expect(field.buffer.count == 4)
    var canvas = T.render(screen)
    #expect(canvas.lines == ["漢e\u{301}👍🏽🇯🇵"])
    #expect(T.cursorColumns(canvas) == [7])
    screen.dispatch(.key(.left))
    screen.dispatch(.key(.left))
    canvas = T.render(screen)
    #expect(T.cursorColumns(canvas) == [3, 4])
    screen.dispatch(.key(.backspace))
    #expect(field.text == "漢👍🏽🇯🇵")
    #expect(T.cursorColumns(T.render(screen)) == [2, 3])
  }

  /// Text wider than the field scrolls to keep the cursor in view, never showing half a
  /// wide character.
  @Test func horizontalScrollingKeepsTheCursorInViewWithWideCharacters() {
    let field = Self.field(width: 6)
    let screen = T.screen(field)
    field.becomeFocused()
    screen.dispatch(.paste("漢字かなカナ"))
    var canvas = T.render(screen)
    #expect(canvas.lines == ["カナ"])
    #expect(T.cursorColumns(canvas) == [4])
    #expect(field.scrollOffset == 8)
    screen.dispatch(.key(.control("a")))
    canvas = T.render(screen)
    #expect(canvas.lines == ["漢字か"])
    #expect(T.cursorColumns(canvas) == [0, 1])
    for _ in 0..<3 { screen.dispatch(.key(.right)) }
    canvas = T.render(screen)
    #expect(canvas.lines == ["字かな"])
    #expect(T.cursorColumns(canvas) == [4, 5])
    // An odd column never cuts a wide character: the window starts at the next one.
    field.text = "a漢字かな"
    canvas = T.render(screen)
    #expect(field.scrollOffset == 5)
    #expect(canvas.lines == ["かな"])
    #expect(T.cursorColumns(canvas) == [4])
  }

  /// Secure entry draws one bullet per character and keeps the text.
  @Test func secureEntryDrawsBullets() {
    let field = Self.field()
    field.isSecureTextEntry = true
    let screen = T.screen(field)
    field.becomeFocused()
    T.type("pw漢", into: screen)
    #expect(field.text == "pw漢")
    let canvas = T.render(screen)
    #expect(canvas.lines == ["•••"])
    #expect(T.cursorColumns(canvas) == [3])
  }

  /// An empty field shows its placeholder, dim; the cursor sits on its first cell.
  @Test func placeholderShowsDimWhileEmpty() {
    let field = Self.field(placeholder: "Name")
    let screen = T.screen(field)
    var canvas = T.render(screen)
    #expect(canvas.lines == ["Name"])
    #expect(canvas[0, 0].style.attributes == [.underline, .dim])
    field.becomeFocused()
    canvas = T.render(screen)
    #expect(T.cursorColumns(canvas) == [0])
    T.type("x", into: screen)
    #expect(T.render(screen).lines == ["x"])
  }

  /// The clear button shows by its mode, a click on it empties the field undoably, and
  /// the field reports the change.
  @Test func clearButtonClickEmptiesTheFieldUndoably() {
    let field = Self.field(text: "hello")
    field.clearButtonMode = .always
    let recorder = TextFieldRecorder()
    field.delegate = recorder
    let screen = T.screen(field)
    #expect(field.showsClearButton)
    #expect(T.render(screen).lines == ["hello    ×"])
    T.click(screen, x: 9)
    #expect(field.text == "")
    #expect(field.isFocused)
    #expect(recorder.events == ["begin", "change "])
    #expect(T.render(screen).lines == [""])
    screen.dispatch(.key(.control("_")))
    #expect(field.text == "hello")
    #expect(field.clear())
    #expect(!field.clear())
  }

  /// With `.whileEditing`, the clear button shows only while focused, and a click where it
  /// was not drawn places the cursor instead.
  @Test func clearButtonWhileEditing() {
    let field = Self.field(text: "abcdefghij")
    field.clearButtonMode = .whileEditing
    let screen = T.screen(field)
    #expect(T.render(screen).lines == ["abcdefghij"])
    T.click(screen, x: 9)
    #expect(field.text == "abcdefghij")
    #expect(field.buffer.cursor == 9)
    #expect(field.showsClearButton)
    let canvas = T.render(screen)
    #expect(canvas.lines.first?.hasSuffix(" ×") == true)
    field.isEnabled = false
    #expect(!field.showsClearButton)
  }

  /// A paste goes in whole: newlines become spaces and an escape sequence shows as text.
  @Test func pasteShowsNewlinesAsSpacesAndEscapesAsText() {
    let field = Self.field(width: 20)
    let screen = T.screen(field)
    field.becomeFocused()
    #expect(screen.dispatch(.paste("one\ntwo\u{1B}[2J\u{1B}]0;x\u{07}")))
    #expect(field.text == "one two␛[2J␛]0;x␇")
    #expect(T.render(screen).lines == ["one two␛[2J␛]0;x␇"])
    field.resignFocus()
    #expect(!screen.dispatch(.paste("ignored")))
  }

  /// The readline keys edit the text, and Ctrl-_ undoes.
  @Test func readlineKeysAndUndo() {
    let field = Self.field(width: 20)
    let screen = T.screen(field)
    field.becomeFocused()
    T.type("hello world", into: screen)
    screen.dispatch(.key(.control("w")))
    #expect(field.text == "hello ")
    screen.dispatch(.key(.control("a")))
    screen.dispatch(.key(.control("y")))
    #expect(field.text == "worldhello ")
    screen.dispatch(.key(.alt(.character("f"))))
    #expect(field.buffer.cursor == 10)
    screen.dispatch(.key(.control("k")))
    #expect(field.text == "worldhello")
    screen.dispatch(.key(.control("_")))
    #expect(field.text == "worldhello ")
    screen.dispatch(.key(.alt(.character("_"))))
    #expect(field.text == "worldhello")
    screen.dispatch(.key(.home))
    screen.dispatch(.key(.delete))
    screen.dispatch(.key(.control("d")))
    #expect(field.text == "rldhello")
    // A key that changes nothing is still the field's.
    screen.dispatch(.key(.home))
    #expect(field.handleKey(.left))
  }

  /// Escape, Tab and the up and down arrows are left to the views above: Tab moves the
  /// focus on.
  @Test func navigationKeysGoOn() {
    let first = Self.field()
    let second = TTTextField(frame: TTRect(x: 0, y: 1, width: 10, height: 1))
    let screen = T.screen(first, second)
    first.becomeFocused()
    for key: TTKey in [.escape, .tab, .backTab, .up, .down, .control("c"), .function(2)] {
      #expect(!first.handleKey(key))
    }
    screen.dispatch(.key(.tab))
    #expect(second.isFocused)
    T.type("x", into: screen)
    #expect(first.text == "")
    #expect(second.text == "x")
  }

  /// A click places the cursor on the clicked character, taking the field's place, the
  /// scrolling and wide characters into account.
  @Test func clickPlacesTheCursor() {
    let field = TTTextField(text: "漢字abc", frame: TTRect(x: 5, y: 1, width: 10, height: 1))
    let screen = T.screen(field)
    _ = T.render(screen)
    T.click(screen, x: 7, y: 1)
    #expect(field.isFocused)
    #expect(field.buffer.cursor == 1)
    T.click(screen, x: 8, y: 1)
    #expect(field.buffer.cursor == 1)
    T.click(screen, x: 9, y: 1)
    #expect(field.buffer.cursor == 2)
    T.click(screen, x: 14, y: 1)
    #expect(field.buffer.cursor == 5)
    // Scrolled: the field shows "efgh" and the cursor after it.
    let scrolled = Self.field(width: 5, text: "abcdefgh")
    let other = T.screen(scrolled)
    scrolled.becomeFocused()
    #expect(T.render(other).lines == ["efgh"])
    T.click(other, x: 1)
    #expect(scrolled.buffer.cursor == 5)
    #expect(T.cursorColumns(T.render(other)) == [1])
  }

  /// Enter calls onSubmit unless the delegate says no; focus changes and edits reach the
  /// delegate, which can refuse an edit.
  @Test func submitAndDelegate() {
    let field = Self.field()
    let recorder = TextFieldRecorder()
    recorder.accepts = { $0.allSatisfy(\.isNumber) }
    field.delegate = recorder
    var submitted: [String] = []
    var changes = 0
    field.onSubmit = { submitted.append($0.text) }
    field.onChange = { _ in changes += 1 }
    let screen = T.screen(field)
    screen.dispatch(.key(.tab))
    T.type("1a2", into: screen)
    #expect(field.text == "12")
    #expect(changes == 2)
    #expect(screen.dispatch(.key(.enter)))
    #expect(submitted == ["12"])
    recorder.allowsReturn = false
    #expect(screen.dispatch(.key(.enter)))
    #expect(submitted == ["12"])
    field.text = "set from code"
    #expect(changes == 2)
    field.resignFocus()
    #expect(recorder.events == ["begin", "change 1", "change 12", "return", "return", "end"])
  }

  /// A disabled field cannot be focused or edited and is drawn dim; disabling a focused
  /// field takes its focus.
  @Test func disabledFieldIgnoresInput() {
    let field = Self.field(text: "off")
    let screen = T.screen(field)
    field.becomeFocused()
    field.isEnabled = false
    #expect(!field.isFocused)
    #expect(!field.canBecomeFocused)
    #expect(!field.becomeFocused())
    #expect(!field.handleKey(.character("x")))
    T.click(screen, x: 0)
    #expect(!field.isFocused)
    #expect(field.text == "off")
    #expect(T.render(screen)[0, 0].style.attributes == [.underline, .dim])
  }

  /// An unfocused field takes no keys and no paste.
  @Test func unfocusedFieldTakesNoKeys() {
    let field = Self.field()
    #expect(!field.handleKey(.character("a")))
    #expect(!field.handlePaste("a"))
    #expect(field.text == "")
  }

  /// The field asks for the width offered and one row; with a bordered style, more.
  @Test func sizeThatFitsIsTheWidthByOneRow() {
    let field = TTTextField()
    #expect(field.sizeThatFits(TTSize(width: 30, height: 10)) == TTSize(width: 30, height: 1))
  }

  /// The maximum length cuts typing, pasting and (when lowered) the text.
  @Test func maximumLengthCutsTheText() {
    let field = Self.field()
    field.maximumLength = 3
    let screen = T.screen(field)
    field.becomeFocused()
    T.type("abcd", into: screen)
    #expect(field.text == "abc")
    field.maximumLength = 2
    #expect(field.text == "ab")
    screen.dispatch(.paste("xyz"))
    #expect(field.text == "ab")
    #expect(field.buffer.wasTruncated)
  }

  /// A style set for the focused state, or found in the stylesheet, replaces the built-in
  /// look.
  @Test func stylesByState() {
    let field = Self.field(text: "hi")
    let focused = TTStyle { TTTextStyle(TTTextLook(color: .red)) }
    field.setStyle(focused, for: .highlighted)
    let screen = T.screen(field)
    #expect(field.style == nil)
    #expect(T.render(screen)[0, 0].style.attributes == [.underline])
    field.becomeFocused()
    #expect(field.style == focused)
    let canvas = T.render(screen)
    #expect(canvas[0, 0].style.foreground == .red)
    #expect(canvas[0, 0].style.attributes == [])
    #expect(T.cursorColumns(canvas) == [2])
    let name = "textFieldTestsField"
    var sheet = TTStyleSheet.current
    sheet.setStyle(TTStyle { TTTextStyle(TTTextLook(color: .blue)) }, named: name)
    TTStyleSheet.current = sheet
    defer {
      var cleaned = TTStyleSheet.current
      cleaned.removeStyle(named: name)
      TTStyleSheet.current = cleaned
    }
    let named = Self.field(text: "x")
    named.styleName = name
    #expect(T.render(T.screen(named))[0, 0].style.foreground == .blue)
  }
}
