import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// What a laid-out page offers a viewer: find, drawing, dumps and looks from the stylesheet.
@Suite struct RenderPageTests {
  @Test func findIgnoresCaseAndSpansStylesInReadingOrder() throws {
    let page = try renderPage("<p>Hello <b>Wor</b>ld, hello world</p><p>WORLD</p>")
    let matches = page.find("world")
    #expect(
      matches == [
        TTWebTextRange(line: 0, columns: 6..<11), TTWebTextRange(line: 0, columns: 19..<24),
        TTWebTextRange(line: 2, columns: 0..<5),
      ])
    #expect(page.find("").isEmpty)
    #expect(page.find("absent").isEmpty)
  }

  @Test func findCountsColumnsOfWideCharacters() throws {
    let page = try renderPage("<p>東京 tokyo 東京</p>")
    #expect(
      page.find("東京") == [TTWebTextRange(line: 0, columns: 0..<4), TTWebTextRange(line: 0, columns: 11..<15)])
    #expect(page.find("TOKYO") == [TTWebTextRange(line: 0, columns: 5..<10)])
  }

  @Test func drawingMarksTheFocusedLinkAndTheMatches() throws {
    let page = try renderPage("<p>see <a href=\"/a\">this</a> and that</p>")
    let styling = TTWebStyling.builtIn
    var canvas = TTCanvas(width: 30, height: 3)
    let matches = page.find("that")
    page.draw(
      on: &canvas, in: TTRect(x: 1, y: 1, width: 29, height: 2), top: 0, left: 0, focusedLink: 0,
      highlights: matches, currentHighlight: 0, styling: styling)
    #expect(canvas.lines[1] == " see this and that")
    #expect(canvas[5, 1].style.attributes.contains(.inverse))
    #expect(canvas[5, 1].style.link == "https://example.com/a")
    #expect(canvas[15, 1].style.background == styling.currentFindMatch.backgroundColor)
    #expect(canvas[0, 1].character == " ")
  }

  @Test func onlyPreformattedLinesScrollSideways() throws {
    let page = try renderPage("<p>text</p><pre>0123456789abcdef</pre>")
    var canvas = TTCanvas(width: 10, height: 3)
    page.draw(
      on: &canvas, in: canvas.bounds, top: 0, left: 4, focusedLink: nil, highlights: [],
      currentHighlight: nil,
      styling: .builtIn)
    #expect(canvas.lines == ["text", "", "456789abcd"])
  }

  @Test func ansiTextWithoutAttributesIsThePlainText() throws {
    let page = try RenderCorpus.render("documentation", width: 60)
    #expect(page.ansiText(capabilities: .plain) == page.plainText)
    let coloured = page.ansiText(capabilities: .ansi256)
    #expect(coloured.contains("\u{1B}["))
    #expect(coloured.split(separator: "\n", omittingEmptySubsequences: false).count == page.lines.count)
  }

  @Test func referencesListEveryLinkNumbered() throws {
    let page = try renderPage("<a href=\"/a\">a</a> <a href=\"javascript:x\">b</a>")
    #expect(page.references == "References\n\n[1] https://example.com/a\n[2] javascript:x")
    #expect(try renderPage("<p>none</p>").references.isEmpty)
  }

  @Test func emptyDocumentsGiveEmptyPages() throws {
    let page = try renderPage("")
    #expect(page.lines.isEmpty)
    #expect(page.plainText.isEmpty)
    #expect(page.find("x").isEmpty)
    var canvas = TTCanvas(width: 10, height: 2)
    page.draw(
      on: &canvas, in: canvas.bounds, top: 5, left: 0, focusedLink: 3, highlights: [], currentHighlight: nil,
      styling: .builtIn)
    #expect(canvas.plainText == "\n")
  }

  @Test func stylingTakesItsLooksFromTheStylesheet() {
    var sheet = TTStyleSheet.default
    sheet.setStyle(TTTextStyle(TTTextLook(color: .red, attributes: .bold)), named: "webHeading1")
    sheet.setStyle(TTTextStyle(TTTextLook(color: .green, attributes: .italic)), named: "linkText")
    let styling = TTWebStyling(sheet: sheet)
    #expect(styling.heading1 == TTTextLook(color: .red, attributes: .bold))
    #expect(styling.link == TTTextLook(color: .green, attributes: .italic))
    #expect(styling.focusedLink.attributes.contains(.inverse))
    #expect(styling.heading2 == TTWebStyling.builtIn.heading2)
    #expect(TTWebStyling(sheet: TTStyleSheet()).link == TTWebStyling.builtIn.link)
  }

  @Test func renderingUsesTheStylingGiven() throws {
    var styling = TTWebStyling.builtIn
    styling.heading1 = TTTextLook(color: .red, attributes: .italic)
    let document = try TTHTMLParser.parse(Data("<h1>Red</h1>".utf8))
    let page = TTWebRenderer(width: 40, styling: styling, imagesAvailable: false).render(document, url: nil)
    #expect(page.lines[0].spans[0].style.foreground == .red)
    #expect(page.lines[0].spans[0].style.attributes == .italic)
  }

  @Test func widthsAreKeptInRange() throws {
    let document = try TTHTMLParser.parse(Data("<p>words and more words</p>".utf8))
    #expect(TTWebRenderer(width: -5, imagesAvailable: false).render(document, url: nil).width == 2)
    #expect(
      TTWebRenderer(width: 1_000_000, imagesAvailable: false).render(document, url: nil).width == 10_000)
  }
}
