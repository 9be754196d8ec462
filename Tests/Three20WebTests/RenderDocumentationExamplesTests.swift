import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// The examples in the doc comments of the page and renderer types, compiled and checked.
@Suite struct RenderDocumentationExamplesTests {
  @Test func pageExample() throws {
    let document = try TTHTMLParser.parse(Data("<h1>Hi</h1><p>See <a href=\"/a\">this</a>.</p>".utf8))
    let page = TTWebRenderer(width: 40, imagesAvailable: false)
      .render(document, url: URL(string: "https://example.com/"))
    #expect(page.plainText == "Hi\n\nSee this.")
    #expect(page.links[0].url == URL(string: "https://example.com/a"))
    #expect(
      page.plainText + "\n\n" + page.references
        == "Hi\n\nSee this.\n\nReferences\n\n[1] https://example.com/a")
    let matches = page.find("this")
    #expect(matches.first?.line == 2)
    #expect(matches.first?.columns == 4..<8)
    var canvas = TTCanvas(width: 80, height: 24)
    page.draw(
      on: &canvas, in: canvas.bounds, top: 0, left: 0, focusedLink: 0, highlights: [],
      currentHighlight: nil)
    #expect(canvas.lines[2] == "See this.")
    #expect(page.ansiText(capabilities: .ansi256).contains("\u{1B}["))
  }

  @Test func rendererExample() throws {
    let document = try TTHTMLParser.parse(Data("<p>Hello, <b>world</b>!</p>".utf8))
    let page = TTWebRenderer(width: 80, imagesAvailable: false).render(document, url: nil)
    #expect(page.plainText == "Hello, world!")
  }

  @Test func lineAndSpanExamples() {
    let span = TTWebSpan(column: 2, text: "Hello", style: .plain)
    #expect(span.width == 5)
    #expect(span.endColumn == 7)
    let line = TTWebLine(spans: [
      TTWebSpan(column: 0, text: "•", style: .plain),
      TTWebSpan(column: 2, text: "Item", style: .plain),
    ])
    #expect(line.text == "• Item")
    #expect(line.width == 6)
  }

  @Test func linkExample() throws {
    let document = try TTHTMLParser.parse(
      Data(
        "<head><base href=\"https://example.com/docs/\"></head><a href=\"intro.html\">Start  here</a>".utf8))
    let link = try #require(
      TTWebRenderer(width: 80, imagesAvailable: false).render(document, url: nil).links.first)
    #expect(link.href == "intro.html")
    #expect(link.url == URL(string: "https://example.com/docs/intro.html"))
    #expect(link.text == "Start here")
    #expect(link.isFollowable)
  }

  @Test func stylingExamples() throws {
    var styling = TTWebStyling.default
    styling.heading1 = TTTextLook(color: .red, attributes: [.bold, .underline])
    let renderer = TTWebRenderer(width: 80, styling: styling, imagesAvailable: false)
    #expect(renderer.styling.heading1.color == .red)

    var sheet = TTStyleSheet.default
    sheet.setStyle(TTTextStyle(TTTextLook(color: .red, attributes: .bold)), named: "webHeading1")
    #expect(TTWebStyling(sheet: sheet).heading1.color == .red)
  }
}
