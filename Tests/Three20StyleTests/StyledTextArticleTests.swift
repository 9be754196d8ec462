// The code of the article StyledText.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together. The results the article shows in comments and
// `text` blocks are checked here.
import Testing
import Three20Style

@Suite("StyledText article", .serialized)
@MainActor
struct StyledTextArticleTests {
  /// Parsing XHTML keeps the text and the markup's meaning.
  @Test func parsing() throws {
    let text = try TTStyledText(
      xhtml: "Read <b>the guide</b>, then <a href=\"https://three20.info\">the site</a>.")
    print(text.plainText)  // Read the guide, then the site.

    #expect(text.plainText == "Read the guide, then the site.")
    #expect(text.outerHTML.contains("<b>the guide</b>"))
  }

  /// Newlines and bare URLs follow the options.
  @Test func options() throws {
    let poem = try TTStyledText(xhtml: "Roses are red,\nviolets are blue", lineBreaks: true)
    let prose = try TTStyledText(xhtml: "Roses are red,\nviolets are blue")
    let linked = try TTStyledText(xhtml: "See https://example.com.")
    let unlinked = try TTStyledText(xhtml: "See https://example.com.", urls: false)

    #expect(poem.layout(width: 40).lines.map(\.text) == ["Roses are red,", "violets are blue"])
    #expect(prose.layout(width: 40).lines.map(\.text) == ["Roses are red, violets are blue"])
    #expect(linked.outerHTML == "See <a href=\"https://example.com\">https://example.com</a>.")
    #expect(unlinked.outerHTML == "See https://example.com.")
  }

  /// Strict mode throws a compiler-style message; the article shows it verbatim.
  @Test func strictError() throws {
    do {
      _ = try TTStyledText(xhtml: "<b>bold <i>both</b></i>")
    } catch {
      print(error.message)
    }

    let thrown = #expect(throws: TTStyleError.self) { try TTStyledText(xhtml: "<b>bold <i>both</b></i>") }
    let shown = thrown?.message ?? ""
    #expect(thrown?.code == .invalidMarkup)
    #expect(!shown.isEmpty)
    let article = try articles.text(of: "StyledText")
    #expect(article.contains("```text\n\(shown)\n```"), "The article lacks:\n\(shown)")
  }

  /// Lenient mode never throws and keeps what it can.
  @Test func lenient() throws {
    let feed = try TTStyledText(xhtml: "<b>Unclosed, <blink>unknown</blink> & </i>stray", mode: .lenient)
    print(feed.outerHTML)  // <b>Unclosed, unknown &amp; stray</b>

    #expect(feed.outerHTML == "<b>Unclosed, unknown &amp; stray</b>")
  }

  /// A class is looked up in the current stylesheet, or through a styling of your own.
  @Test func classes() throws {
    defer {
      var cleaned = TTStyleSheet.current
      cleaned.removeStyle(named: "warning")
      TTStyleSheet.current = cleaned
    }

    var sheet = TTStyleSheet.current
    sheet.setStyle(TTTextStyle(TTTextLook(color: .red, attributes: .bold)), named: "warning")
    TTStyleSheet.current = sheet

    let notice = try TTStyledText(xhtml: "<span class=\"warning\">Careful:</span> hot")

    let run = try #require(notice.layout(width: 20).lines.first?.runs.first)
    #expect(run.text == "Careful:")
    #expect(run.style.foreground == .red && run.style.attributes == .bold)

    var text = try TTStyledText(xhtml: "<span class=\"note\">Note</span> <b>this</b>")
    var styling = TTStyledTextStyling(link: TTTextLook(color: .yellow, attributes: .underline))
    styling.styleForClass = { name in
      name == "note" ? TTTextStyle(TTTextLook(color: .gray, attributes: .italic)).style : nil
    }
    text.styling = styling

    let runs = try #require(text.layout(width: 20).lines.first?.runs)
    #expect(runs.first?.style.foreground == .gray)
    #expect(runs.last?.style.attributes == .bold)
  }

  /// Layout wraps by display width and keeps paragraphs apart.
  @Test func layout() throws {
    let text = try TTStyledText(xhtml: "<p>漢字 and <b>emoji 😀</b> wrap by width.</p><p>Bye</p>")
    let layout = text.layout(width: 12)
    print(layout.lines.map(\.text))
    // ["漢字 and", "emoji 😀", "wrap by", "width.", "", "Bye"]
    print(layout.height)  // 6

    var canvas = TTCanvas(width: 12, height: layout.height)
    layout.draw(on: &canvas, at: .zero)

    #expect(layout.lines.map(\.text) == ["漢字 and", "emoji 😀", "wrap by", "width.", "", "Bye"])
    #expect(layout.height == 6)
    #expect(canvas.lines[1].hasPrefix("emoji 😀"))
  }

  /// Links become OSC 8 hyperlinks only where the terminal supports them.
  @Test func hyperlinks() throws {
    let text = try TTStyledText(xhtml: "<a href=\"https://three20.info\">docs</a>")
    var canvas = TTCanvas(width: 4, height: 1)
    text.draw(on: &canvas, at: .zero)

    let modern = TTANSIRenderer(capabilities: .trueColor).render(canvas)
    // "\u{1B}]8;;https://three20.info\u{1B}\\" … "docs" … "\u{1B}]8;;\u{1B}\\"
    let older = TTANSIRenderer(capabilities: .ansi256).render(canvas)
    // "docs" in blue, underlined, with no link

    #expect(modern.contains("\u{1B}]8;;https://three20.info\u{1B}\\"))
    #expect(modern.contains("\u{1B}]8;;\u{1B}\\"))
    #expect(!older.contains("\u{1B}]8"))
    #expect(older.contains("docs"))
  }

  /// Escape sequences in data are shown, never obeyed.
  @Test func safety() throws {
    let hostile = try TTStyledText(xhtml: "Hi\u{1B}]0;pwned\u{07} <b>there\u{1B}[2J</b>")
    print(hostile.plainText)  // "Hi there"

    #expect(hostile.plainText == "Hi there")
    let link = try TTStyledText(xhtml: "<a href=\"https://x.org/\u{1B}[31m\">x</a>")
    var canvas = TTCanvas(width: 1, height: 1)
    link.draw(on: &canvas, at: .zero)
    #expect(!TTANSIRenderer(capabilities: .trueColor).render(canvas).contains("\u{1B}[31m"))
  }

  /// A raised depth limit parses deeper markup; nothing recurses over the depth.
  @Test func raisedDepth() throws {
    let deep = String(repeating: "<b>", count: 10_000) + "x" + String(repeating: "</b>", count: 10_000)
    let text = try TTStyledText(xhtml: deep, maximumDepth: 10_000)
    print(text.plainText)  // "x"

    #expect(text.plainText == "x")
  }
}
