import Testing
import Three20Style

@Suite("TTStyledTextLayout")
struct TTStyledTextLayoutTests {
  private func lines(_ xhtml: String, width: Int) throws -> [String] {
    try TTStyledText(xhtml: xhtml).layout(width: width).lines.map(\.text)
  }

  /// Text with every whitespace run removed, for comparing layouts with their source.
  private func squeezed(_ text: String) -> String {
    String(text.filter { !$0.isWhitespace })
  }

  /// A representative document: blocks, paragraphs, styles, a link, code, an image, CJK, emoji.
  static let document = """
    <div class="title"><b>Three20</b> for the terminal</div>
    <p>Styled text wraps by <i>display width</i>: 漢字 and かな take two columns, \
    and so does 😀. Words like <u>supercalifragilistic</u> wrap whole.</p>
    <p>Run <code>swift   build</code>, then read <a href="https://three20.info/docs">the docs</a> \
    or https://github.com/facebook/three20.<br/>Logo: <img src="logo.png" alt="logo"/></p>
    Done.
    """

  // MARK: - Wrapping

  /// Words wrap at spaces so that no line is wider than the width.
  @Test func wordWrap() throws {
    #expect(try lines("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    #expect(try lines("the quick brown fox jumps", width: 80) == ["the quick brown fox jumps"])
  }

  /// Whitespace runs collapse to one space, across styles, and vanish at line ends.
  @Test func whitespaceCollapses() throws {
    #expect(try lines("  a \n\t b  <b> c </b>  d  ", width: 80) == ["a b c d"])
    #expect(try lines("<code>a    b</code>", width: 80) == ["a b"])
    #expect(try lines("a&nbsp;&nbsp;b c", width: 4) == ["a  b", "c"])
  }

  /// A word made of several styles is not broken between them.
  @Test func wordsSpanStyles() throws {
    let layout = try TTStyledText(xhtml: "xx foo<b>bar</b>baz").layout(width: 9)
    #expect(layout.lines.map(\.text) == ["xx", "foobarbaz"])
    #expect(layout.lines[1].runs.map(\.text) == ["foo", "bar", "baz"])
    #expect(layout.lines[1].runs.map(\.x) == [0, 3, 6])
  }

  /// `<br>` ends a line; two in a row leave an empty line; a trailing one adds nothing.
  @Test func lineBreaks() throws {
    #expect(try lines("a<br/>b", width: 80) == ["a", "b"])
    #expect(try lines("a<br/><br/>b", width: 80) == ["a", "", "b"])
    #expect(try lines("a<br/>", width: 80) == ["a"])
    #expect(try lines("<br/>", width: 80) == [""])
  }

  /// Blocks start and end lines; a paragraph with content is followed by one empty line,
  /// unless it is last; consecutive ends give one empty line.
  @Test func blocksAndParagraphs() throws {
    #expect(try lines("a<div>b</div>c", width: 80) == ["a", "b", "c"])
    #expect(try lines("a<p>b</p>c", width: 80) == ["a", "b", "", "c"])
    #expect(try lines("<p>a</p><p>b</p>", width: 80) == ["a", "", "b"])
    #expect(try lines("<div><p>a</p></div><p></p><div>b</div>", width: 80) == ["a", "", "b"])
    #expect(try lines("<p></p>x", width: 80) == ["x"])
    #expect(try lines("<p>a</p>", width: 80) == ["a"])
    #expect(try lines("", width: 80) == [])
  }

  /// The layout type's documentation example holds.
  @Test func documentationExample() throws {
    let text = try TTStyledText(xhtml: "<p>Hello <b>world</b></p><p>Bye</p>")
    #expect(text.layout(width: 8).lines.map(\.text) == ["Hello", "world", "", "Bye"])
  }

  /// A word longer than the width is broken between characters, never inside one.
  @Test func longWordsBreakAtGraphemes() throws {
    #expect(try lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(try lines("ok e\u{301}e\u{301}e\u{301}", width: 2) == ["ok", "e\u{301}e\u{301}", "e\u{301}"])
    #expect(try lines("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", width: 5) == ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"])
  }

  /// A wide character never straddles the edge: it moves to the next line.
  @Test func wideCharactersNeverStraddle() throws {
    let layout = try TTStyledText(xhtml: "a漢字かな").layout(width: 4)
    #expect(layout.lines.map(\.text) == ["a漢", "字か", "な"])
    #expect(layout.lines.map(\.width) == [3, 4, 2])
  }

  /// At width 1 a wide character cannot be shown and becomes `…`.
  @Test func wideCharacterWiderThanWidth() throws {
    #expect(try lines("a漢b", width: 1) == ["a", "…", "b"])
    #expect(try lines("漢", width: 0) == ["…"])
  }

  /// Images are drawn as `[alt]`, or `[image]`, and wrap like words.
  @Test func imagePlaceholders() throws {
    #expect(
      try lines("see <img src=a alt=\"a  cat\"/> and <img src=b/>", width: 80) == ["see [a cat] and [image]"])
  }

  /// At every width, no line is wider than the width, runs are contiguous and measured
  /// correctly, and the text is the source text, modulo whitespace.
  @Test(arguments: [1, 10, 40, 80])
  func layoutProperties(width: Int) throws {
    var sources = [Self.document.replacingImages()]
    let pieces = [
      "漢字", "かな", "😀", "👍🏽", "🇫🇷", "word", "a", "supercalifragilistic", "e\u{301}", " ", "  ", "\n",
    ]
    var generator = SeededGenerator(seed: UInt64(width))
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        let piece = pieces.randomElement(using: &generator)!
        return Bool.random(using: &generator) ? "<b>\(piece)</b>" : piece
      }
      sources.append(text.joined())
    }
    for source in sources {
      let text = try TTStyledText(xhtml: source)
      let layout = text.layout(width: width)
      for line in layout.lines {
        #expect(line.width <= width, "\(line.text) in \(source)")
        var x = 0
        for run in line.runs {
          #expect(run.x == x)
          #expect(run.width == TTDisplayWidth.of(run.text))
          x += run.width
        }
      }
      var expected = squeezed(text.plainText)
      if width == 1 {
        expected = String(expected.map { TTDisplayWidth.of($0) > 1 ? "…" : $0 })
      }
      #expect(squeezed(layout.plainText) == expected, "\(source)")
    }
  }

  // MARK: - Styles

  /// Bold, italic, underline, code and links get their default looks, nested looks add up.
  @Test func defaultLooks() throws {
    let layout = try TTStyledText(
      xhtml: "<b>b<i>bi</i></b> <u>u</u> <code>c</code> <a href=\"https://x.org\">l</a>"
    ).layout(width: 80)
    let runs = Dictionary(layout.lines[0].runs.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(runs["b"]?.style == TTCellStyle(attributes: .bold))
    #expect(runs["bi"]?.style == TTCellStyle(attributes: [.bold, .italic]))
    #expect(runs["u"]?.style.attributes == .underline)
    #expect(runs["c"]?.style.background == TTColor(red: 68, green: 68, blue: 68))
    #expect(runs["l"]?.style == TTCellStyle(foreground: .blue, attributes: .underline, link: "https://x.org"))
    #expect(runs["l"]?.link == "https://x.org")
  }

  /// Class names are styled through `styleForClass`, over the node's own look.
  @Test func classStyles() throws {
    var text = try TTStyledText(
      xhtml: "<span class=\"warn\">w</span> <a href=\"u\" class=\"quiet\">q</a> <span class=\"none\">n</span>"
    )
    text.styling.styleForClass = { name in
      switch name {
      case "warn": TTTextStyle(TTTextLook(color: .red, attributes: .bold)).style
      case "quiet": TTTextStyle(TTTextLook(color: .gray)).style
      default: nil
      }
    }
    let runs = text.layout(width: 80).lines[0].runs
    #expect(runs.first { $0.text == "w" }?.style == TTCellStyle(foreground: .red, attributes: .bold))
    #expect(
      runs.first { $0.text == "q" }?.style
        == TTCellStyle(foreground: .gray, attributes: .underline, link: "u"))
    #expect(runs.first { $0.text == "n" }?.style == nil)  // merged with the plain space before it
    #expect(runs.last?.text == " n")
  }

  /// Changing the styling drops the kept layout.
  @Test func stylingChangeRelayouts() throws {
    var text = try TTStyledText(xhtml: "<b>x</b>")
    #expect(text.layout(width: 5).lines[0].runs[0].style.attributes == .bold)
    text.styling.bold = TTTextLook(attributes: .inverse)
    #expect(text.layout(width: 5).lines[0].runs[0].style.attributes == .inverse)
  }

  // MARK: - Hit testing

  /// `link(at:)` gives the URL under a cell, and nothing off the links.
  @Test func hitTesting() throws {
    let layout = try TTStyledText(xhtml: "See <a href=\"https://x.org\">this</a> and http://y.org").layout(
      width: 12)
    #expect(layout.lines.map(\.text) == ["See this and", "http://y.org"])
    #expect(layout.link(at: TTPoint(x: 0, y: 0)) == nil)
    #expect(layout.link(at: TTPoint(x: 3, y: 0)) == nil)
    #expect(layout.link(at: TTPoint(x: 4, y: 0)) == "https://x.org")
    #expect(layout.link(at: TTPoint(x: 7, y: 0)) == "https://x.org")
    #expect(layout.link(at: TTPoint(x: 8, y: 0)) == nil)
    #expect(layout.link(at: TTPoint(x: 11, y: 1)) == "http://y.org")
    #expect(layout.link(at: TTPoint(x: 12, y: 1)) == nil)
    #expect(layout.link(at: TTPoint(x: 0, y: 2)) == nil)
    #expect(layout.link(at: TTPoint(x: -1, y: -1)) == nil)
  }

  // MARK: - Drawing

  /// Drawing writes each run in its style at its column, with links on their cells.
  @Test func drawing() throws {
    let text = try TTStyledText(xhtml: "a <b>漢</b> <a href=\"u\">l</a>")
    var canvas = TTCanvas(width: 8, height: 2)
    text.draw(on: &canvas, at: TTPoint(x: 1, y: 1), width: 7)
    #expect(canvas.lines == ["", " a 漢 l"])
    #expect(canvas[3, 1].style.attributes == .bold)
    #expect(canvas[4, 1].isContinuation)
    #expect(canvas[6, 1].style.link == "u")
    #expect(canvas[5, 1].style.link == nil)
  }

  /// Drawing is clipped to the canvas: nothing lands outside, no crash off the edges.
  @Test func drawingIsClipped() throws {
    let text = try TTStyledText(xhtml: "one two three four")
    var canvas = TTCanvas(width: 5, height: 2)
    text.draw(on: &canvas, at: TTPoint(x: -2, y: -1), width: 5)
    #expect(canvas.lines == ["o", "ree"])
  }

  /// Links are written as OSC 8 hyperlinks when the terminal supports them.
  @Test func linksRenderAsHyperlinks() throws {
    let text = try TTStyledText(xhtml: "<a href=\"https://x.org\">x</a>")
    var canvas = TTCanvas(width: 3, height: 1)
    text.draw(on: &canvas, at: .zero)
    let output = TTANSIRenderer(capabilities: .trueColor).render(canvas)
    #expect(output.contains("\u{1B}]8;;https://x.org\u{1B}\\"))
  }

  /// The representative document at width 40, in 256 colours.
  @Test func goldenANSI256() throws {
    assertSnapshot(render(capabilities: .ansi256), named: "styledtext.40.256.ansi")
  }

  /// The representative document at width 40, as plain text.
  @Test func goldenPlain() throws {
    assertSnapshot(render(capabilities: .plain), named: "styledtext.40.plain.txt")
  }

  private func render(capabilities: TTTerminalCapabilities) -> String {
    guard let text = try? TTStyledText(xhtml: Self.document) else {
      Issue.record("The document does not parse")
      return ""
    }
    let layout = text.layout(width: 40)
    var canvas = TTCanvas(width: 40, height: layout.height)
    layout.draw(on: &canvas, at: .zero)
    return TTANSIRenderer(capabilities: capabilities).render(canvas) + "\n"
  }
}

extension String {
  /// The document without its `<img>` tags, whose placeholders are not in the plain text.
  fileprivate func replacingImages() -> String {
    var result = ""
    var inImage = false
    var index = startIndex
    while index < endIndex {
      if !inImage, self[index...].hasPrefix("<img") { inImage = true }
      if !inImage { result.append(self[index]) }
      if inImage, self[index] == ">" { inImage = false }
      index = self.index(after: index)
    }
    return result
  }
}
