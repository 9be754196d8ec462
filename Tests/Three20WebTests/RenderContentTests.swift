import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// What is shown and what is dropped: hidden content, forms, links, anchors and images.
@Suite struct RenderContentTests {
  // MARK: - Dropped and shown

  @Test func scriptsStylesTemplatesAndHiddenContentAreDropped() throws {
    let page = try renderPage(
      """
      <head><title>T</title><style>p { color: red }</style><script>var x = "<p>no</p>";</script></head>
      <body><p>shown</p><script>alert(1)</script><template><p>template</p></template>
      <p hidden>hidden</p><p aria-hidden="true">aria</p><p style="color: red; display : none">css</p>
      <svg><text>vector</text></svg><input type="hidden" value="token">
      <noscript><p>no script</p></noscript><dialog>closed dialog</dialog></body>
      """)
    #expect(page.plainText == "shown\n\nno script")
    #expect(page.title == "T")
  }

  @Test func formControlsAreShownAsText() throws {
    let page = try renderPage(
      """
      <form><input name="q" placeholder="Search"> <input value="typed"> <input type="submit">
      <input type="checkbox" checked> <input type="radio"> <button>Send <b>it</b></button>
      <select><option>One</option><option selected>Two</option></select></form>
      """, width: 80)
    #expect(page.plainText == "[Search    ] [typed     ] [Submit] [x] ( ) [Send it] [Two ▾]")
  }

  @Test func textAreasAreDrawnInABox() throws {
    let page = try renderPage("<textarea cols=\"8\">one\ntwo three</textarea>")
    #expect(page.plainText == "┌────────┐\n│one     │\n│two     │\n│three   │\n└────────┘")
  }

  @Test func framesBecomeLinks() throws {
    let page = try renderPage("<iframe src=\"/video/1\" title=\"Clip\"></iframe>")
    #expect(page.plainText == "[iframe: /video/1]")
    #expect(page.links.first?.url?.absoluteString == "https://example.com/video/1")
    #expect(page.links.first?.text == "Clip")
  }

  // MARK: - Links

  @Test func linksAreResolvedAndJudged() throws {
    let page = try renderPage(
      """
      <a href="other.html">relative</a> <a href="/root">rooted</a> <a href="#part">fragment</a>
      <a href="page.html#part">same page</a> <a href="javascript:alert(1)">script</a>
      <a href=" JaVa\tScRiPt:alert(1)">disguised</a> <a href="vbscript:x">vb</a> <a href="data:text/plain,x">data</a>
      <a href="file:///etc/passwd">file</a> <a href="about:blank">about</a> <a href="tt://photos/1">app</a>
      <a href="a b/ü?q=1 2">spaces</a> <a href="http://[bad">bad</a> <a href="mailto:a@example.com">mail</a>
      """)
    let byText = Dictionary(page.links.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byText["relative"]?.url?.absoluteString == "https://example.com/docs/other.html")
    #expect(byText["rooted"]?.url?.absoluteString == "https://example.com/root")
    #expect(byText["fragment"]?.fragment == "part")
    #expect(byText["fragment"]?.isFollowable == true)
    #expect(byText["same page"]?.fragment == "part")
    for name in ["script", "disguised", "vb", "data", "file", "about", "bad"] {
      #expect(byText[name]?.isFollowable == false, "\(name) must not be followable")
    }
    #expect(byText["bad"]?.url == nil)
    #expect(byText["app"]?.isFollowable == true)
    #expect(byText["mail"]?.isFollowable == true)
    #expect(byText["spaces"]?.url?.absoluteString == "https://example.com/docs/a%20b/%C3%BC?q=1%202")
  }

  @Test func baseHrefChangesWhereLinksPoint() throws {
    let page = try renderPage(
      "<head><base href=\"https://cdn.example.org/v2/\"></head><body><a href=\"x.html\">x</a></body>")
    #expect(page.links.first?.url?.absoluteString == "https://cdn.example.org/v2/x.html")
  }

  @Test func linkTextIsCollapsedOrTheImagesAltOrTheURL() throws {
    let page = try renderPage(
      """
      <a href="/a">  Some
        text  </a> <a href="/b"><img src="b.png" alt="Logo"></a> <a href="/c"><img src="c.png" alt=""></a>
      <a href="/d"></a>
      """)
    #expect(
      page.links.map(\.text) == ["Some text", "Logo", "https://example.com/c", "https://example.com/d"])
    #expect(page.plainText == "Some text [Logo] [https://example.com/c] [https://example.com/d]")
  }

  @Test func iconLinksAreNamedByTheirLabel() throws {
    let page = try renderPage(
      "<a href=\"/print\" aria-label=\"Print this book\"><i class=\"icon\"></i></a> <a href=\"/git\" title=\"Source\"></a>"
    )
    #expect(page.links.map(\.text) == ["Print this book", "Source"])
    #expect(page.plainText == "[Print this book] [Source]")
  }

  @Test func linkSpansCarryTheirIndexAndTheirURLOnlyWhenFollowable() throws {
    let page = try renderPage(
      "<p><a href=\"/a\">one two</a> and <a href=\"javascript:x()\">three</a></p>", width: 80)
    let spans = page.lines[0].spans
    let first = spans.filter { $0.link == 0 }
    #expect(first.map(\.text).joined() == "one two")
    #expect(first.allSatisfy { $0.style.link == "https://example.com/a" })
    #expect(first.allSatisfy { $0.style.attributes.contains(.underline) })
    let second = spans.filter { $0.link == 1 }
    #expect(second.map(\.text).joined() == "three")
    #expect(second.allSatisfy { $0.style.link == nil })
    let ansi = page.ansiText(capabilities: .trueColor)
    #expect(ansi.contains("\u{1B}]8;;https://example.com/a\u{1B}\\"))
    #expect(!ansi.contains("javascript"))
  }

  @Test func linksThatWrapKnowTheirFirstAndLastLine() throws {
    let page = try renderPage("<p>aaaa <a href=\"/x\">bbbb cccc dddd</a></p>", width: 10)
    #expect(page.links[0].line == 0)
    #expect(page.links[0].lastLine == 1)
    #expect(page.links(onLine: 1) == [0])
  }

  @Test func imageMapAreasAreLinks() throws {
    let page = try renderPage(
      "<map name=\"m\"><area href=\"/north\" alt=\"North\"><area href=\"/south\"></map>")
    #expect(page.links.map(\.href) == ["/north", "/south"])
    #expect(page.plainText == "[North] [/south]")
  }

  // MARK: - Anchors

  @Test func idsAndNamedAnchorsMarkTheirLines() throws {
    let page = try renderPage(
      "<p>zero</p><h2 id=\"one\">One</h2><p>text <a name=\"two\">here</a></p><p><span id=\"caf%C3%A9\"></span>x</p><div id=\"end\"></div>"
    )
    #expect(page.line(ofAnchor: "one") == 2)
    #expect(page.line(ofAnchor: "two") == 4)
    #expect(page.line(ofAnchor: "caf%C3%A9") == 6)
    #expect(page.line(ofAnchor: "end") == 6)
    #expect(page.line(ofAnchor: "missing") == nil)
  }

  // MARK: - Images

  @Test func withoutPicturesImagesAreTheirAltText() throws {
    let page = try renderPage(
      "<p>a <img src=\"x.png\" alt=\"Chart\"> b <img src=\"y.png\" alt=\"\"> c <img src=\"z.png\"></p>")
    #expect(page.plainText == "a [Chart] b c")
    #expect(page.images.isEmpty)
  }

  @Test func withPicturesImagesGetBoxesSizedFromTheirPixels() throws {
    let page = try TTGlobalImageProvider.withProvider(RenderTestImageProvider()) {
      let cell = TTGlobalImageProvider.cellPixelSize
      let html = """
        <p>before</p><img src="/big.png" alt="Big" width="\(cell.width * 20)" height="\(cell.height * 5)">
        <img src="/huge.png" alt="Huge" width="100000" height="100000"><img src="/unknown.png" alt="Unknown">
        <p>icon <img src="/icon.png" alt="i" width="\(cell.width)" height="\(cell.height)"> here</p>
        """
      return try renderPage(html, width: 40, imagesAvailable: true)
    }
    #expect(page.images.count == 3)
    #expect(page.images[0].size == TTSize(width: 20, height: 5))
    #expect(page.images[0].line == 2)
    #expect(page.images[0].url.absoluteString == "https://example.com/big.png")
    #expect(page.lines[2].text == "[Big]")
    #expect(page.images[1].size.width <= 40)
    #expect(page.images[1].size.height <= 16)
    #expect(page.images[2].size.width > 0 && page.images[2].size.height > 1)
    #expect(page.plainText.hasSuffix("icon [i] here"))
  }

  @Test func drawingPlacesThePicturesOverTheirBoxes() throws {
    let provider = RenderTestImageProvider()
    try TTGlobalImageProvider.withProvider(provider) {
      let page = try renderPage(
        "<p>x</p><img src=\"/a.png\" alt=\"A\" width=\"200\" height=\"200\"><p>y</p>", width: 40,
        imagesAvailable: true)
      let image = try #require(page.images.first)
      var canvas = TTCanvas(width: 40, height: 30)
      page.draw(
        on: &canvas, in: canvas.bounds, top: 1, left: 0, focusedLink: nil, highlights: [],
        currentHighlight: nil,
        styling: .builtIn)
      #expect(canvas.pictures.count == 1)
      #expect(canvas.pictures.first?.origin == TTPoint(x: image.column, y: image.line - 1))
      #expect(provider.requests.first?.url == "https://example.com/a.png")
      #expect(provider.requests.first?.size == image.size)
    }
  }
}
