import Testing
import Three20UICommon

@Suite("TTTextBuffer")
struct TTTextBufferTests {
  /// A buffer with `text` and the cursor at `cursor` (at the end by default).
  static func buffer(_ text: String, cursor: Int? = nil, multiline: Bool = false) -> TTTextBuffer {
    var buffer = TTTextBuffer(text, allowsNewlines: multiline)
    if let cursor { buffer.setCursor(cursor) }
    return buffer
  }

  // MARK: - Inserting

  /// Text goes in at the cursor, which moves past it.
  @Test func insertGoesInAtTheCursor() {
    var buffer = Self.buffer("held", cursor: 2)
    #expect(buffer.apply(.insert("llo wor")) == true)
    #expect(buffer.text == "hello world")
    #expect(buffer.cursor == 9)
    #expect(buffer.textBeforeCursor == "hello wor")
    #expect(buffer.apply(.insert("")) == false)
  }

  /// Wide characters, accented letters, emoji ZWJ sequences and flags are one character
  /// each, and one Backspace removes each.
  @Test func graphemeClustersAreOneCharacterEach() {
    var buffer = TTTextBuffer()
    for text in ["漢", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽"] {
      buffer.apply(.insert(text))
    }
    #expect(buffer.count == 5)
    #expect(buffer.cursor == 5)
    #expect(buffer.characters == ["漢", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽"])
    buffer.apply(.moveLeft)
    buffer.apply(.moveLeft)
    buffer.apply(.deleteBackward)
    #expect(buffer.text == "漢e\u{301}🇫🇷👍🏽")
    buffer.apply(.deleteForward)
    #expect(buffer.text == "漢e\u{301}👍🏽")
    #expect(buffer.cursor == 2)
  }

  /// A combining mark, a joiner or the second half of a flag typed on its own joins the
  /// character before it, so the cursor never lands inside one character.
  @Test func piecesTypedOneByOneJoinTheCharacterBefore() {
    var buffer = TTTextBuffer("ab")
    buffer.setCursor(1)
    buffer.apply(.insert("\u{301}"))
    #expect(buffer.characters == ["a\u{301}", "b"])
    #expect(buffer.cursor == 1)
    buffer.apply(.moveToEnd)
    for piece in ["🇫", "🇷", "👨", "\u{200D}", "👩"] { buffer.apply(.insert(piece)) }
    #expect(buffer.characters == ["a\u{301}", "b", "🇫🇷", "👨\u{200D}👩"])
    #expect(buffer.cursor == 4)
    #expect(buffer.count == buffer.text.count)
    // Deleting what stood between two halves joins them too.
    var split = TTTextBuffer("🇫x")
    split.apply(.insert("🇷"))
    split.setCursor(2)
    split.apply(.deleteBackward)
    #expect(split.characters == ["🇫🇷"])
    #expect(split.cursor == 1)
  }

  /// The text is cut to the maximum length and the buffer says so.
  @Test func maximumLengthCutsInserts() {
    var buffer = TTTextBuffer("abc", maximumLength: 5)
    #expect(buffer.apply(.insert("defg")) == true)
    #expect(buffer.text == "abcde")
    #expect(buffer.wasTruncated)
    #expect(buffer.apply(.insert("x")) == false)
    #expect(buffer.wasTruncated)
    buffer.apply(.deleteBackward)
    #expect(!buffer.wasTruncated)
    #expect(TTTextBuffer("abcdef", maximumLength: 3).text == "abc")
    buffer.apply(.replaceAll("123456"))
    #expect(buffer.text == "12345")
    #expect(buffer.wasTruncated)
  }

  /// A negative maximum length is taken as 0 instead of trapping.
  @Test func negativeMaximumLengthIsZero() {
    var buffer = TTTextBuffer("abc", maximumLength: -4)
    #expect(buffer.text == "")
    buffer.maximumLength = -1
    #expect(buffer.maximumLength == 0)
    buffer.apply(.replaceAll("xyz"))
    #expect(buffer.text == "")
    #expect(buffer.wasTruncated)
  }

  // MARK: - Deleting and moving

  /// Backspace at the start and Delete at the end change nothing.
  @Test func deletingAtTheEdgesDoesNothing() {
    var buffer = Self.buffer("ab", cursor: 0)
    #expect(buffer.apply(.deleteBackward) == false)
    #expect(buffer.apply(.deleteForward) == true)
    #expect(buffer.text == "b")
    buffer.apply(.moveToEnd)
    #expect(buffer.apply(.deleteForward) == false)
    #expect(buffer.apply(.deleteBackward) == true)
    #expect(buffer.text == "")
    #expect(buffer.apply(.deleteBackward) == false)
  }

  /// The cursor stops at both ends of the text.
  @Test func movesStopAtTheEnds() {
    var buffer = Self.buffer("ab", cursor: 0)
    #expect(buffer.apply(.moveLeft) == false)
    #expect(buffer.apply(.moveRight) == true)
    #expect(buffer.apply(.moveToEnd) == true)
    #expect(buffer.apply(.moveRight) == false)
    #expect(buffer.apply(.moveToStart) == true)
    #expect(buffer.cursor == 0)
    buffer.setCursor(99)
    #expect(buffer.cursor == 2)
    buffer.setCursor(-3)
    #expect(buffer.cursor == 0)
  }

  /// Word motions skip punctuation and spaces, then the word.
  @Test func wordMotions() {
    var buffer = Self.buffer("foo_bar, baz 漢字", cursor: 0)
    buffer.apply(.moveWordRight)
    #expect(buffer.cursor == 7)
    buffer.apply(.moveWordRight)
    #expect(buffer.cursor == 12)
    buffer.apply(.moveWordRight)
    #expect(buffer.cursor == 15)
    #expect(buffer.apply(.moveWordRight) == false)
    buffer.apply(.moveWordLeft)
    #expect(buffer.cursor == 13)
    buffer.apply(.moveWordLeft)
    #expect(buffer.cursor == 9)
    buffer.apply(.moveWordLeft)
    #expect(buffer.cursor == 0)
    #expect(buffer.apply(.moveWordLeft) == false)
  }

  /// Line start and end work on the cursor's line of a multi-line text.
  @Test func lineStartAndEndInMultilineText() {
    var buffer = Self.buffer("one\ntwo\nthree", cursor: 5, multiline: true)
    buffer.apply(.moveToLineStart)
    #expect(buffer.cursor == 4)
    buffer.apply(.moveToLineEnd)
    #expect(buffer.cursor == 7)
    #expect(buffer.lineStart(of: 13) == 8)
    #expect(buffer.lineEnd(of: 0) == 3)
    #expect(buffer.lineEnd(of: 99) == 13)
    #expect(buffer.text(from: 4, to: 7) == "two")
    #expect(buffer.text(from: 10, to: 2) == "")
  }

  // MARK: - Killing and yanking

  /// Ctrl-K cuts to the line's end, or its newline when at the end; Ctrl-Y puts it back.
  @Test func killToLineEndAndYank() {
    var buffer = Self.buffer("ab\ncd", cursor: 1, multiline: true)
    buffer.apply(.killToLineEnd)
    #expect(buffer.text == "a\ncd")
    #expect(buffer.killed == "b")
    buffer.apply(.moveToEnd)
    buffer.apply(.yank)
    #expect(buffer.text == "a\ncdb")
    buffer.setCursor(1)
    buffer.apply(.killToLineEnd)
    #expect(buffer.text == "acdb")
    #expect(buffer.killed == "\n")
  }

  /// Ctrl-U cuts from the line's start to the cursor.
  @Test func killToLineStart() {
    var buffer = Self.buffer("ab\ncdef", cursor: 5, multiline: true)
    buffer.apply(.killToLineStart)
    #expect(buffer.text == "ab\nef")
    #expect(buffer.killed == "cd")
    #expect(buffer.cursor == 3)
  }

  /// Ctrl-W cuts back to a space, Alt-Backspace back to a non-letter, Alt-D forward.
  @Test func wordKills() {
    var buffer = Self.buffer("cd /usr/lo")
    buffer.apply(.killSpaceDelimitedWordBackward)
    #expect(buffer.text == "cd ")
    #expect(buffer.killed == "/usr/lo")
    buffer = Self.buffer("cd /usr/lo")
    buffer.apply(.killWordBackward)
    #expect(buffer.text == "cd /usr/")
    #expect(buffer.killed == "lo")
    buffer = Self.buffer("foo, bar baz", cursor: 3)
    buffer.apply(.killWordForward)
    #expect(buffer.text == "foo baz")
    #expect(buffer.killed == ", bar")
  }

  /// Kills in a row add up, in text order, as in readline; a move starts again.
  @Test func consecutiveKillsAddUp() {
    var buffer = Self.buffer("one two three", cursor: 13)
    buffer.apply(.killSpaceDelimitedWordBackward)
    buffer.apply(.killSpaceDelimitedWordBackward)
    #expect(buffer.killed == "two three")
    buffer = Self.buffer("ab\ncd", cursor: 0, multiline: true)
    buffer.apply(.killToLineEnd)
    buffer.apply(.killToLineEnd)
    #expect(buffer.killed == "ab\n")
    buffer.apply(.moveRight)
    buffer.apply(.killToLineEnd)
    #expect(buffer.killed == "d")
    buffer.apply(.yank)
    #expect(buffer.text == "cd")
  }

  /// Yank with nothing killed changes nothing; Ctrl-K at the end of a line cuts its newline.
  @Test func yankEdgeCases() {
    var buffer = TTTextBuffer("x")
    #expect(buffer.apply(.yank) == false)
    var lines = Self.buffer("a\nb", cursor: 1, multiline: true)
    lines.apply(.killToLineEnd)
    #expect(lines.killed == "\n")
  }

  // MARK: - Undo and redo

  /// Typing a word is one undo step; spaces, deletions and moves start new ones.
  @Test func typingIsOneUndoStep() {
    var buffer = TTTextBuffer()
    for character in "hello world" { buffer.apply(.insert(String(character))) }
    #expect(buffer.apply(.undo) == true)
    #expect(buffer.text == "hello ")
    buffer.apply(.undo)
    #expect(buffer.text == "hello")
    buffer.apply(.undo)
    #expect(buffer.text == "")
    #expect(!buffer.canUndo)
    #expect(buffer.apply(.undo) == false)
    // Backspaces in a row are one step too.
    buffer = TTTextBuffer("abcdef")
    buffer.apply(.deleteBackward)
    buffer.apply(.deleteBackward)
    buffer.apply(.deleteBackward)
    buffer.apply(.undo)
    #expect(buffer.text == "abcdef")
    #expect(buffer.cursor == 6)
  }

  /// Redo brings undone changes back; a new edit clears what could be redone.
  @Test func redoAndItsClearing() {
    var buffer = TTTextBuffer("a")
    buffer.apply(.insert(" b"))
    buffer.apply(.insert(" c"))
    buffer.apply(.undo)
    buffer.apply(.undo)
    #expect(buffer.text == "a")
    #expect(buffer.canRedo)
    buffer.apply(.redo)
    #expect(buffer.text == "a b")
    #expect(buffer.cursor == 3)
    buffer.apply(.insert("!"))
    #expect(!buffer.canRedo)
    #expect(buffer.apply(.redo) == false)
    buffer.apply(.undo)
    #expect(buffer.text == "a b")
  }

  /// At most the undo limit of steps are kept, the oldest dropped first.
  @Test func undoHistoryIsLimited() {
    var buffer = TTTextBuffer()
    let steps = TTTextBuffer.undoLimit + 20
    for index in 0..<steps { buffer.apply(.insert(" \(index)")) }
    var undone = 0
    while buffer.apply(.undo) { undone += 1 }
    #expect(undone == TTTextBuffer.undoLimit)
    #expect(buffer.text.hasPrefix(" 0 1 2"))
  }

  /// The saved states of a long text are bounded in characters too: the oldest go first.
  @Test func undoHistoryIsBoundedInCharacters() {
    let size = 250_000
    var buffer = TTTextBuffer(maximumLength: size)
    let texts = [String(repeating: "a", count: size), String(repeating: "b", count: size)]
    for index in 0..<12 { buffer.apply(.replaceAll(texts[index % 2])) }
    var undone = 0
    while buffer.apply(.undo) { undone += 1 }
    #expect(undone == TTTextBuffer.undoCharacterLimit / size)
    var redone = 0
    while buffer.apply(.redo) { redone += 1 }
    #expect(redone == undone)
    #expect(buffer.text == texts[1])
  }

  /// Clear and replace-all are single undoable steps; replacing with the same text only
  /// moves the cursor.
  @Test func clearAndReplaceAll() {
    var buffer = Self.buffer("keep", cursor: 1)
    #expect(buffer.apply(.clear) == true)
    #expect(buffer.text == "")
    #expect(buffer.apply(.clear) == false)
    buffer.apply(.undo)
    #expect(buffer.text == "keep")
    #expect(buffer.cursor == 1)
    #expect(buffer.apply(.replaceAll("new")) == true)
    #expect(buffer.cursor == 3)
    buffer.setCursor(0)
    #expect(buffer.apply(.replaceAll("new")) == true)
    #expect(buffer.cursor == 3)
    #expect(buffer.apply(.replaceAll("new")) == false)
    buffer.apply(.undo)
    #expect(buffer.text == "keep")
  }

  // MARK: - Cleaning

  /// In one line, controls become symbols, ESC `␛`, bidirectional overrides go, tabs and
  /// line ends become spaces.
  @Test func cleaningInOneLine() {
    var buffer = TTTextBuffer()
    buffer.apply(.insert("a\u{1B}[2Jb\u{07}\tc\r\nd\re\nf\u{7F}\u{9B}\u{202E}g\u{2066}"))
    #expect(buffer.text == "a␛[2Jb␇ c d e f␡\u{FFFD}g")
    #expect(TTTextBuffer("x\ny").text == "x y")
  }

  /// In several lines, CR LF, CR, LF, NEL and the Unicode separators all become one
  /// newline; other controls as above.
  @Test func cleaningInSeveralLines() {
    var buffer = TTTextBuffer(allowsNewlines: true)
    buffer.apply(.insert("a\r\nb\rc\nd\u{0}\te\u{85}f\u{2028}g\u{2029}h"))
    #expect(buffer.text == "a\nb\nc\nd␀ e\nf\ng\nh")
    #expect(TTTextBuffer("x\u{2028}y").text == "x y")
    buffer.apply(.replaceAll("\u{1B}]0;title\u{07}"))
    #expect(buffer.text == "␛]0;title␇")
  }
}
