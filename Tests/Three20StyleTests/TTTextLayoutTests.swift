import Testing
import Three20Style

@Suite("TTTextLayout")
struct TTTextLayoutTests {
  private func lines(
    _ text: String, width: Int, mode: TTTextLook.LineBreakMode, numberOfLines: Int = 0
  ) -> [String] {
    TTTextLayout.lines(
      for: text, width: width, look: TTTextLook(lineBreakMode: mode, numberOfLines: numberOfLines))
  }

  /// Word wrap breaks between words and drops the space where it breaks.
  @Test func wordWrapBreaksBetweenWords() {
    #expect(lines("The quick brown fox", width: 10, mode: .wordWrap) == ["The quick", "brown fox"])
  }

  /// A word wider than the line is broken between characters; the words around it still wrap.
  @Test func wordWrapBreaksLongWords() {
    #expect(
      lines("a supercalifragilistic b", width: 6, mode: .wordWrap) == [
        "a", "superc", "alifra", "gilist", "ic b",
      ])
  }

  /// Character wrap fills each line to the last column.
  @Test func characterWrapFillsLines() {
    #expect(lines("abcdefgh", width: 3, mode: .characterWrap) == ["abc", "def", "gh"])
  }

  /// CJK characters take two columns and are never split: a line one column short stays short.
  @Test func wideCharactersAreNeverSplit() {
    #expect(lines("漢字漢字漢", width: 5, mode: .characterWrap) == ["漢字", "漢字", "漢"])
    #expect(lines("日本語 のテキスト", width: 6, mode: .wordWrap) == ["日本語", "のテキ", "スト"])
  }

  /// Emoji sequences are one character of two columns, kept whole.
  @Test func emojiSequencesStayWhole() {
    let family = "👨‍👩‍👧"
    #expect(lines(family + family + "🇫🇷", width: 5, mode: .characterWrap) == [family + family, "🇫🇷"])
    for line in lines("ok 😀😀😀 ok", width: 3, mode: .wordWrap) {
      #expect(TTDisplayWidth.of(line) <= 3)
    }
  }

  /// A lone character wider than the line never overflows it (nor loops forever): it is shown
  /// as `…`, so the reader knows something is there.
  @Test func characterWiderThanTheLineTakesItsOwnLine() {
    #expect(lines("😀a", width: 1, mode: .characterWrap) == ["…", "a"])
  }

  /// The three truncating modes put the ellipsis at the end, the start or the middle.
  @Test(arguments: [
    (TTTextLook.LineBreakMode.truncateTail, "Hello, …"),
    (.truncateHead, "…, world"),
    (.truncateMiddle, "Hell…rld"),
    (.clip, "Hello, w"),
    (.wordWrap, "Hello, …"),
  ])
  func singleLineModes(mode: TTTextLook.LineBreakMode, expected: String) {
    #expect(lines("Hello, world", width: 8, mode: mode, numberOfLines: 1) == [expected])
  }

  /// Truncation measures display width, so CJK text is cut between characters.
  @Test func truncationOfWideText() {
    #expect(lines("漢字テスト", width: 5, mode: .truncateTail, numberOfLines: 1) == ["漢字…"])
    #expect(lines("漢字テスト", width: 6, mode: .truncateMiddle, numberOfLines: 1) == ["漢…ト"])
    #expect(lines("漢字テスト", width: 6, mode: .truncateHead, numberOfLines: 1) == ["…スト"])
  }

  /// With several lines allowed, truncation wraps words and cuts the last line.
  @Test func multilineTruncationCutsTheLastLine() {
    #expect(
      lines("one two three four five", width: 9, mode: .truncateTail, numberOfLines: 2) == [
        "one two", "three fo…",
      ])
    #expect(
      lines("one two three four five", width: 9, mode: .truncateHead, numberOfLines: 2) == [
        "one two", "…our five",
      ])
  }

  /// Text that fits is returned whole, however many lines are allowed.
  @Test func textThatFitsIsUnchanged() {
    #expect(lines("short", width: 10, mode: .truncateTail, numberOfLines: 1) == ["short"])
    #expect(lines("", width: 10, mode: .wordWrap) == [""])
  }

  /// Newlines start new lines; 0 lines means no limit; a maximum limits further, and text left
  /// out is marked with `…` on the last line shown.
  @Test func newlinesAndLimits() {
    #expect(lines("a\nb\nc", width: 5, mode: .wordWrap) == ["a", "b", "c"])
    #expect(lines("a\nb\nc", width: 5, mode: .wordWrap, numberOfLines: 2) == ["a", "b…"])
    #expect(lines("a\nb\nc", width: 5, mode: .truncateTail, numberOfLines: 2) == ["a", "b…"])
    #expect(lines("a\nb\nc", width: 5, mode: .clip, numberOfLines: 2) == ["a", "b"])
    let look = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
    #expect(TTTextLayout.lines(for: "a\nb\nc", width: 5, look: look, maximumLines: 1) == ["a…"])
  }

  /// No width, no lines: zero and negative widths and limits never trap.
  @Test(arguments: [0, -1, Int.min])
  func nonPositiveWidthsGiveNoLines(width: Int) {
    #expect(lines("text", width: width, mode: .wordWrap).isEmpty)
    #expect(TTTextLayout.lines(for: "text", width: 4, look: TTTextLook(), maximumLines: width).isEmpty)
  }

  /// Escape sequences in the text are removed, never written to the terminal.
  @Test func escapeSequencesAreRemoved() {
    #expect(lines("a\u{1B}[31mb", width: 5, mode: .clip) == ["ab"])
  }

  /// Drawing aligns lines right and at the bottom, inside the rectangle only.
  @Test func drawAlignsRightAndBottom() {
    var canvas = TTCanvas(width: 8, height: 4)
    let look = TTTextLook(
      alignment: .right, verticalAlignment: .bottom, lineBreakMode: .wordWrap, numberOfLines: 0)
    TTTextLayout.draw("ab cd", in: TTRect(x: 1, y: 0, width: 3, height: 3), look: look, on: &canvas)
    #expect(canvas.lines == ["", "  ab", "  cd", ""])
  }

  /// Drawing centres with the spare column on the right, and clips a wide character at the edge.
  @Test func drawCentresAndClips() {
    var canvas = TTCanvas(width: 6, height: 1)
    TTTextLayout.draw(
      "漢字", in: TTRect(x: 0, y: 0, width: 5, height: 1), look: TTTextLook(alignment: .center), on: &canvas)
    #expect(canvas.lines == ["漢字"])
    var narrow = TTCanvas(width: 3, height: 1)
    TTTextLayout.draw(
      "😀", in: TTRect(x: 1, y: 0, width: 1, height: 1), look: TTTextLook(lineBreakMode: .characterWrap),
      on: &narrow)
    #expect(narrow[0, 0] == .blank)
    #expect(narrow[2, 0] == .blank)
  }

  /// TTStyle.drawText uses the chain's text look: colour and alignment.
  @Test func styleDrawTextUsesTheTextLook() {
    let style = TTStyle { TTTextStyle(TTTextLook(color: .red, alignment: .right)) }
    var canvas = TTCanvas(width: 5, height: 1)
    style.drawText("ok", in: canvas.bounds, on: &canvas)
    #expect(canvas.lines == ["   ok"])
    #expect(canvas[4, 0].style.foreground == .red)
  }
}
