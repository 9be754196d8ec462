import Testing
import Three20Style
import Three20UICommon

/// Records what a text editor tells its delegate, and answers its questions.
@MainActor
final class TextEditorRecorder: TTTextEditorDelegate {
  var events: [String] = []
  var allowsResize = true
  var accepts: (String) -> Bool = { _ in true }

  func textEditorDidBeginEditing(_ textEditor: TTTextEditor) { events.append("begin") }
  func textEditorDidEndEditing(_ textEditor: TTTextEditor) { events.append("end") }
  func textEditorDidChange(_ textEditor: TTTextEditor) { events.append("change") }
  func textEditor(_ textEditor: TTTextEditor, shouldChangeTextTo text: String) -> Bool { accepts(text) }
  func textEditorShouldReturn(_ textEditor: TTTextEditor) -> Bool {
    events.append("return")
    return true
  }
  func textEditor(_ textEditor: TTTextEditor, shouldResizeBy rows: Int) -> Bool {
    events.append("should resize \(rows)")
    return allowsResize
  }
  func textEditor(_ textEditor: TTTextEditor, didResizeBy rows: Int) { events.append("resized \(rows)") }
}

@MainActor
@Suite("TTTextEditor")
struct TTTextEditorTests {
  typealias T = TextInputTesting

  /// An editor `width` wide on a screen `height` rows tall, focused.
  static func editor(width: Int = 10, height: Int = 8, text: String = "") -> (TTTextEditor, TTViewController)
  {
    let editor = TTTextEditor(text: text, frame: TTRect(x: 0, y: 0, width: width, height: 1))
    let screen = TTViewController()
    screen.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    screen.view.addSubview(editor)
    editor.becomeFocused()
    return (editor, screen)
  }

  /// The cursor's place on the drawn screen: (column, row) of its first inverse cell.
  static func cursor(_ canvas: TTCanvas) -> TTPoint? {
    for y in 0..<canvas.height {
      if let x = T.cursorColumns(canvas, row: y).first { return TTPoint(x: x, y: y) }
    }
    return nil
  }

  /// Lines wrap after the last space that fits; the editor grows with them and tells its
  /// delegate.
  @Test func textWrapsAndTheEditorGrows() {
    let (editor, screen) = Self.editor()
    let recorder = TextEditorRecorder()
    editor.delegate = recorder
    screen.dispatch(.paste("Hello there world again"))
    #expect(editor.frame.height == 4)
    #expect(recorder.events == ["should resize 3", "resized 3", "change"])
    let canvas = T.render(screen)
    #expect(Array(canvas.lines.prefix(4)) == ["Hello", "there", "world", "again"])
    #expect(Self.cursor(canvas) == TTPoint(x: 5, y: 3))
    // Deleting shrinks it again.
    screen.dispatch(.key(.control("u")))
    #expect(editor.text == "")
    #expect(editor.frame.height == 1)
    #expect(recorder.events.suffix(3) == ["should resize -3", "resized -3", "change"])
  }

  /// Past the maximum number of lines the editor stops growing and scrolls to the cursor.
  @Test func pastTheMaximumItScrolls() {
    let (editor, screen) = Self.editor(width: 6)
    editor.maximumNumberOfLines = 3
    screen.dispatch(.paste("1\n2\n3\n4\n5"))
    #expect(editor.frame.height == 3)
    var canvas = T.render(screen)
    #expect(Array(canvas.lines.prefix(4)) == ["3", "4", "5", ""])
    #expect(editor.firstVisibleRow == 2)
    #expect(Self.cursor(canvas) == TTPoint(x: 1, y: 2))
    screen.dispatch(.key(.control("a")))
    for _ in 0..<4 { screen.dispatch(.key(.up)) }
    canvas = T.render(screen)
    #expect(Array(canvas.lines.prefix(3)) == ["1", "2", "3"])
    #expect(Self.cursor(canvas) == TTPoint(x: 0, y: 0))
  }

  /// The editor asks for its wrapped rows, between the minimum and maximum number of lines.
  @Test func sizeThatFitsBetweenMinimumAndMaximum() {
    let editor = TTTextEditor(text: "a\nb\nc\nd\ne\nf\ng")
    let room = TTSize(width: 10, height: 100)
    #expect(editor.sizeThatFits(room) == TTSize(width: 10, height: 5))
    editor.maximumNumberOfLines = 0
    #expect(editor.sizeThatFits(room).height == 7)
    #expect(editor.sizeThatFits(TTSize(width: 10, height: 3)).height == 3)
    editor.text = ""
    editor.minimumNumberOfLines = 3
    #expect(editor.sizeThatFits(room).height == 3)
    #expect(editor.numberOfRows(forWidth: 10) == 1)
  }

  /// Wide characters are never split between rows, and a line that fills its row leaves
  /// the cursor at the start of the next.
  @Test func wideCharactersAndFullRows() {
    let (editor, screen) = Self.editor(width: 5)
    screen.dispatch(.paste("漢字かな"))
    var canvas = T.render(screen)
    #expect(Array(canvas.lines.prefix(2)) == ["漢字", "かな"])
    #expect(Self.cursor(canvas) == TTPoint(x: 4, y: 1))
    editor.text = "abcde"
    #expect(editor.frame.height == 2)
    canvas = T.render(screen)
    #expect(Array(canvas.lines.prefix(2)) == ["abcde", ""])
    #expect(Self.cursor(canvas) == TTPoint(x: 0, y: 1))
    // A long word breaks anywhere.
    editor.text = "abcdefghijk"
    #expect(Array(T.render(screen).lines.prefix(3)) == ["abcde", "fghij", "k"])
  }

  /// ↑ and ↓ move by row and keep the column they started from, by display width; they
  /// are left to the views above on the first and last row.
  @Test func upAndDownKeepTheGoalColumn() {
    let (editor, screen) = Self.editor(width: 20, text: "abcdefgh\nab\nabcdefgh")
    #expect(editor.buffer.cursor == 20)
    #expect(editor.handleKey(.up))
    #expect(editor.buffer.cursor == 11)
    #expect(editor.handleKey(.up))
    #expect(editor.buffer.cursor == 8)
    #expect(!editor.handleKey(.up))
    #expect(editor.handleKey(.down))
    #expect(editor.handleKey(.down))
    #expect(editor.buffer.cursor == 20)
    #expect(!editor.handleKey(.down))
    // A goal column inside a wide character lands before it.
    editor.text = "漢字かな\nabcdef"
    screen.dispatch(.key(.control("a")))
    for _ in 0..<3 { screen.dispatch(.key(.right)) }
    screen.dispatch(.key(.up))
    #expect(editor.buffer.cursor == 1)
    // A move of another kind forgets the goal.
    screen.dispatch(.key(.right))
    screen.dispatch(.key(.down))
    #expect(editor.buffer.cursor == 9)
  }

  /// ↑ and ↓ move between the rows of one wrapped line too.
  @Test func upAndDownMoveByWrappedRow() {
    let (editor, _) = Self.editor(width: 6, text: "one two three")
    #expect(editor.numberOfRows(forWidth: 6) == 3)
    #expect(editor.handleKey(.up))
    #expect(editor.buffer.cursor == 7)
    #expect(editor.handleKey(.up))
    #expect(editor.buffer.cursor == 3)
    #expect(editor.handleKey(.down))
    #expect(editor.handleKey(.down))
    #expect(editor.buffer.cursor == 13)
  }

  /// Page Up and Page Down move a screenful, then to the ends of the text.
  @Test func pageUpAndDown() {
    let (editor, screen) = Self.editor(width: 6)
    editor.maximumNumberOfLines = 3
    screen.dispatch(.paste("1\n2\n3\n4\n5\n6\n7"))
    _ = T.render(screen)
    #expect(editor.handleKey(.pageUp))
    #expect(editor.buffer.cursor == 7)
    #expect(editor.handleKey(.pageUp))
    #expect(editor.buffer.cursor == 1)
    #expect(editor.handleKey(.pageUp))
    #expect(editor.buffer.cursor == 0)
    #expect(!editor.handleKey(.pageUp))
    #expect(editor.handleKey(.pageDown))
    #expect(editor.buffer.cursor == 6)
    #expect(T.render(screen).lines.prefix(3) == ["4", "5", "6"])
    #expect(editor.handleKey(.pageDown))
    #expect(editor.handleKey(.pageDown))
    #expect(editor.buffer.cursor == 13)
    #expect(!editor.handleKey(.pageDown))
  }

  /// Enter starts a line and Alt-Enter submits, or the other way round with submitsOnEnter.
  @Test func enterAndTheSubmitKey() {
    let (editor, screen) = Self.editor()
    let recorder = TextEditorRecorder()
    editor.delegate = recorder
    var submitted: [String] = []
    editor.onSubmit = { submitted.append($0.text) }
    T.type("a", into: screen)
    screen.dispatch(.key(.enter))
    T.type("b", into: screen)
    screen.dispatch(.key(.alt(.enter)))
    #expect(editor.text == "a\nb")
    #expect(submitted == ["a\nb"])
    editor.submitsOnEnter = true
    screen.dispatch(.key(.alt(.enter)))
    screen.dispatch(.key(.enter))
    #expect(editor.text == "a\nb\n")
    #expect(submitted == ["a\nb", "a\nb\n"])
    #expect(recorder.events.filter { $0 == "return" }.count == 2)
  }

  /// A paste keeps its newlines and shows escape sequences as text.
  @Test func pasteKeepsNewlinesAndShowsEscapes() {
    let (editor, screen) = Self.editor(width: 12)
    screen.dispatch(.paste("one\r\ntwo \u{1B}[31mred"))
    #expect(editor.text == "one\ntwo ␛[31mred")
    #expect(Array(T.render(screen).lines.prefix(2)) == ["one", "two ␛[31mred"])
  }

  /// A click places the cursor on the clicked row and column, scrolling counted; the
  /// wheel scrolls without moving the cursor.
  @Test func clickAndWheel() {
    let (editor, screen) = Self.editor(width: 8)
    editor.maximumNumberOfLines = 2
    screen.dispatch(.paste("l1\nline 2\n漢字\nl4"))
    _ = T.render(screen)
    #expect(editor.firstVisibleRow == 2)
    T.click(screen, x: 1, y: 0)
    #expect(editor.buffer.cursor == 10)
    T.click(screen, x: 7, y: 1)
    #expect(editor.buffer.cursor == 15)
    screen.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 0, y: 0))))
    #expect(editor.firstVisibleRow == 1)
    #expect(T.render(screen).lines.prefix(2) == ["line 2", "漢字"])
    T.click(screen, x: 4, y: 0)
    #expect(editor.buffer.cursor == 7)
    screen.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 0, y: 0))))
    #expect(!screen.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 0, y: 0)))))
    #expect(editor.firstVisibleRow == 0)
    // An edit scrolls back to the cursor.
    screen.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 0, y: 0))))
    screen.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 0, y: 0))))
    #expect(editor.firstVisibleRow == 2)
    T.type("X", into: screen)
    _ = T.render(screen)
    #expect(editor.firstVisibleRow == 1)
  }

  /// Focus changes and edits reach the delegate, which can refuse an edit or a resize.
  @Test func delegateRefusesEditsAndResizes() {
    let (editor, screen) = Self.editor()
    editor.resignFocus()
    let recorder = TextEditorRecorder()
    recorder.accepts = { !$0.contains("!") }
    recorder.allowsResize = false
    editor.delegate = recorder
    var changes = 0
    editor.onChange = { _ in changes += 1 }
    screen.dispatch(.key(.tab))
    T.type("a!", into: screen)
    screen.dispatch(.key(.enter))
    T.type("b", into: screen)
    #expect(editor.text == "a\nb")
    #expect(editor.frame.height == 1)
    #expect(changes == 3)
    editor.resignFocus()
    #expect(
      recorder.events == ["begin", "change", "should resize 1", "change", "should resize 1", "change", "end"])
  }

  /// An empty editor shows its placeholder, dim and wrapped; a disabled one takes no keys.
  @Test func placeholderAndDisabled() {
    let editor = TTTextEditor(placeholder: "Write a message", frame: TTRect(x: 0, y: 0, width: 8, height: 2))
    let screen = T.screen(editor)
    var canvas = T.render(screen)
    #expect(canvas.lines == ["Write a", "message"])
    #expect(canvas[0, 0].style.attributes.contains(.dim))
    editor.isEnabled = false
    #expect(!editor.becomeFocused())
    #expect(!editor.handleKey(.character("x")))
    canvas = T.render(screen)
    #expect(canvas[0, 0].style.attributes == [.underline, .dim])
  }
}
