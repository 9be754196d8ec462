import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTLabel")
struct TTLabelTests {
  nonisolated static let wrapping = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)

  /// One input, a width, a look, and the lines it must lay out to.
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let width: Int
    let look: TTTextLook
    let lines: [String]
    var testDescription: String { "\(text.debugDescription) @\(width)" }
  }

  nonisolated static let cases: [Case] = [
    // One line, cut by each mode.
    Case(text: "The quick brown fox", width: 10, look: TTTextLook(), lines: ["The quick…"]),
    Case(text: "short", width: 10, look: TTTextLook(), lines: ["short"]),
    Case(text: "abcdefghij", width: 7, look: TTTextLook(lineBreakMode: .truncateHead), lines: ["…efghij"]),
    Case(text: "abcdefghij", width: 7, look: TTTextLook(lineBreakMode: .truncateMiddle), lines: ["abc…hij"]),
    Case(text: "abcdefghij", width: 4, look: TTTextLook(lineBreakMode: .clip), lines: ["abcd"]),
    // Wide characters are never cut in half.
    Case(text: "漢字かな", width: 5, look: TTTextLook(), lines: ["漢字…"]),
    Case(text: "漢字かな", width: 4, look: TTTextLook(), lines: ["漢…"]),
    Case(text: "漢字かな", width: 5, look: TTTextLook(lineBreakMode: .truncateHead), lines: ["…かな"]),
    Case(text: "漢字かな", width: 5, look: TTTextLook(lineBreakMode: .clip), lines: ["漢字"]),
    Case(text: "漢字かな", width: 8, look: TTTextLook(), lines: ["漢字かな"]),
    // Word wrapping.
    Case(
      text: "The quick brown fox jumps", width: 10, look: wrapping,
      lines: ["The quick", "brown fox", "jumps"]),
    Case(text: "abcdefghijklmnop xy", width: 5, look: wrapping, lines: ["abcde", "fghij", "klmno", "p xy"]),
    Case(text: "日本語のテキストです", width: 7, look: wrapping, lines: ["日本語", "のテキ", "ストで", "す"]),
    Case(text: "Hello 世界 wide", width: 8, look: wrapping, lines: ["Hello 世", "界 wide"]),
    Case(text: "one\n\ntwo", width: 10, look: wrapping, lines: ["one", "", "two"]),
    Case(text: "  indented text", width: 10, look: wrapping, lines: ["  indented", "text"]),
    Case(text: "a    b", width: 3, look: wrapping, lines: ["a", "b"]),
    // Character wrapping.
    Case(
      text: "abc def", width: 3, look: TTTextLook(lineBreakMode: .characterWrap, numberOfLines: 0),
      lines: ["abc", " de", "f"]),
    // A line limit with text left over ends in an ellipsis.
    Case(
      text: "The quick brown fox jumps", width: 10,
      look: TTTextLook(lineBreakMode: .truncateTail, numberOfLines: 2), lines: ["The quick", "brown fox…"]),
    Case(text: "a\nb\nc", width: 10, look: TTTextLook(numberOfLines: 2), lines: ["a", "b…"]),
    Case(text: "a\nb", width: 10, look: TTTextLook(), lines: ["a…"]),
    Case(
      text: "漢字 かなカナ", width: 6, look: TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 1),
      lines: ["漢字 …"]),
    // Control characters are shown harmlessly, never obeyed.
    Case(text: "a\u{1B}[31mb", width: 10, look: TTTextLook(), lines: ["ab"]),
    // No room, no lines.
    Case(text: "text", width: 0, look: TTTextLook(), lines: []),
    Case(text: "", width: 5, look: TTTextLook(), lines: [""]),
  ]

  /// Text lays out in lines as the look's mode and line count say.
  @Test(arguments: cases)
  func laysOutLines(_ example: Case) {
    #expect(TTLabel.lines(of: example.text, width: example.width, look: example.look) == example.lines)
  }

  /// The room's height limits the lines, like the look's line count.
  @Test func heightLimitsLines() {
    let lines = TTLabel.lines(of: "The quick brown fox jumps", width: 10, look: Self.wrapping, maxLines: 2)
    #expect(lines == ["The quick", "brown fox…"])
  }

  /// Whatever the text, width and mode, no line is wider than the width and the line limit holds.
  @Test func linesNeverOverflow() {
    let pieces = ["a", "bc", " ", "  ", "漢", "字", "😀", "e\u{301}", "word", "\n", "ｱ", "longerword"]
    let modes: [TTTextLook.LineBreakMode] = [
      .wordWrap, .characterWrap, .clip, .truncateTail, .truncateHead, .truncateMiddle,
    ]
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<600 {
      let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
        pieces.randomElement(using: &generator) ?? ""
      }.joined()
      let width = Int.random(in: 0...12, using: &generator)
      let count = Int.random(in: 0...3, using: &generator)
      let look = TTTextLook(
        lineBreakMode: modes.randomElement(using: &generator) ?? .wordWrap, numberOfLines: count)
      let lines = TTLabel.lines(of: text, width: width, look: look, maxLines: 4)
      #expect(lines.allSatisfy { TTDisplayWidth.of($0) <= width }, "\(text.debugDescription) @\(width)")
      #expect(lines.count <= (count == 0 ? 4 : min(count, 4)))
    }
  }

  /// Alignment places lines left, centred or right, top, middle or bottom.
  @Test func alignsInItsFrame() {
    let label = TTLabel(text: "ab", frame: TTRect(x: 0, y: 0, width: 6, height: 3))
    var canvas = TTCanvas(width: 6, height: 3)
    label.draw(on: &canvas)
    #expect(canvas.lines == ["", "ab", ""])
    label.look.alignment = .center
    label.look.verticalAlignment = .top
    canvas = TTCanvas(width: 6, height: 3)
    label.draw(on: &canvas)
    #expect(canvas.lines == ["  ab", "", ""])
    label.look.alignment = .right
    label.look.verticalAlignment = .bottom
    canvas = TTCanvas(width: 6, height: 3)
    label.draw(on: &canvas)
    #expect(canvas.lines == ["", "", "    ab"])
  }

  /// A multi-line label with CJK text wraps in its frame and keeps its colour.
  @Test func drawsWrappedCJKWithColour() {
    let label = TTLabel(
      text: "東京 Tokyo 大阪 Osaka",
      look: TTTextLook(color: .green, attributes: [.bold], lineBreakMode: .wordWrap, numberOfLines: 0),
      frame: TTRect(x: 1, y: 0, width: 8, height: 3))
    var canvas = TTCanvas(width: 10, height: 3)
    label.draw(on: &canvas)
    #expect(canvas.lines == [" 東京", " Tokyo 大", " 阪 Osaka"])
    #expect(canvas[1, 0].style.foreground == .green)
    #expect(canvas[1, 0].style.attributes == [.bold])
  }

  /// The label's size is its widest line by its number of lines.
  @Test func sizeThatFitsMeasuresLines() {
    let label = TTLabel(text: "The quick brown fox jumps", look: Self.wrapping)
    #expect(label.sizeThatFits(TTSize(width: 10, height: 10)) == TTSize(width: 9, height: 3))
    #expect(label.sizeThatFits(TTSize(width: 100, height: 10)) == TTSize(width: 25, height: 1))
    #expect(TTLabel(text: "漢字").sizeThatFits(TTSize(width: 100, height: 1)) == TTSize(width: 4, height: 1))
  }

  /// Changing the text or the look asks for a redraw.
  @Test func changesAskForRedraw() {
    let label = TTLabel(text: "a", frame: TTRect(x: 0, y: 0, width: 3, height: 1))
    var canvas = TTCanvas(width: 3, height: 1)
    label.draw(on: &canvas)
    label.text = "a"
    #expect(!label.needsDisplay)
    label.text = "b"
    #expect(label.needsDisplay)
    label.draw(on: &canvas)
    label.look.attributes = [.bold]
    #expect(label.needsDisplay)
  }
}
