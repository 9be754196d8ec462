import Foundation
import Testing
import Three20XML

/// The tree as compact markup, from a walk: `<p>a<b>x</b></p>`, attributes as `name="value"`.
func htmlOutline(_ element: TTXMLElement) -> String {
  var out = ""
  element.walk { event in
    switch event {
    case .start(let element):
      out += "<" + element.name
      for attribute in element.attributes { out += " \(attribute.name)=\"\(attribute.value)\"" }
      out += ">"
    case .text(let text):
      out += text
    case .end(let element):
      out += "</\(element.name)>"
    }
  }
  return out
}

/// The outline of a page's body.
func htmlBody(_ html: String) throws -> String {
  let page = try TTHTMLParser.parse(Array(html.utf8))
  return htmlOutline(try #require(page.body))
}

@Suite struct HTMLParserTests {
  // MARK: - Tolerance

  @Test func unclosedParagraphsAndListItemsAreClosed() throws {
    #expect(
      try htmlBody("<ul><li>one<li>two</ul><p>a<p>b")
        == "<body><ul><li>one</li><li>two</li></ul><p>a</p><p>b</p></body>")
  }

  @Test func unclosedCellsAndRowsAreClosedWithoutTbody() throws {
    #expect(
      try htmlBody("<table><tr><td>1<td>2<tr><td>3</table>")
        == "<body><table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table></body>")
  }

  @Test func misnestedFormattingIsClosedAtTheOuterEndTag() throws {
    // libxml2 differs from browsers here: "z" is not italic.
    let page = try TTHTMLParser.parse(Array("<b>x<i>y</b>z</i>".utf8))
    #expect(htmlOutline(try #require(page.body)) == "<body><b>x<i>y</i></b>z</body>")
    #expect(page.diagnostics.contains { $0.reason.contains("Opening and ending tag mismatch") })
  }

  @Test func strayEndTagsAreIgnoredAndNoted() throws {
    let page = try TTHTMLParser.parse(Array("<div>a</span></p>b</div>".utf8))
    #expect(htmlOutline(try #require(page.body)) == "<body><div>ab</div></body>")
    let stray = try #require(page.diagnostics.first)
    #expect(stray.code == .malformed)
    #expect(stray.line == 1)
    #expect(stray.column != nil)
    #expect(stray.message.hasPrefix("1:"))
    #expect(stray.message.contains("Unexpected end tag : span"))
    #expect(stray.sourceLine == "<div>a</span></p>b</div>")
  }

  @Test func unquotedAttributesAndUpperCaseNamesAreLowerCased() throws {
    #expect(
      try htmlBody("<A HREF=/x.html?a=1&amp;b=2 Class=Big TITLE='q'>L</A><INPUT DISABLED value=v>")
        == "<body><a href=\"/x.html?a=1&b=2\" class=\"Big\" title=\"q\">L</a>"
        + "<input disabled=\"\" value=\"v\"></input></body>")
  }

  @Test func entitiesAreDecodedAndBadOnesKeptAsText() throws {
    let body = try htmlBody(
      "<p>&nbsp;&eacute;&#233;&#xE9;&amp;&lt;&gt;&quot;&bogus; &#0;&#xD800;&#99999999;|&copy")
    #expect(body == "<body><p>\u{A0}ééé&<>\"&bogus; |&copy</p></body>")
  }

  @Test func scriptAndStyleTextIsKeptAsTextUnderTheirElements() throws {
    let page = try TTHTMLParser.parse(
      Array(
        "<script>if (a < b && c > d) { x = \"<p>\"; }</script><style>p > b { color: red }</style><p>t".utf8))
    let script = try #require(page.root.descendants("script").first)
    let style = try #require(page.root.descendants("style").first)
    #expect(script.text == "if (a < b && c > d) { x = \"<p>\"; }")
    #expect(style.text == "p > b { color: red }")
    #expect(page.body?.textContent == "t")
  }

  @Test func scriptTextRunsToItsOwnEndTag() throws {
    let page = try TTHTMLParser.parse(Array("<p>a<script>document.write('</p></body>')</script>b".utf8))
    #expect(page.root.descendants("script").first?.text == "document.write('</p></body>')")
    #expect(page.body?.child("p")?.textContent == "adocument.write('</p></body>')b")
  }

  @Test func impliedHtmlHeadAndBodyAreMade() throws {
    let page = try TTHTMLParser.parse(Array("<title>T</title>just text".utf8))
    #expect(
      htmlOutline(page.root) == "<html><head><title>T</title></head><body><p>just text</p></body></html>")
    #expect(page.root.name == "html")
  }

  @Test func emptyPageGivesAnEmptyBody() throws {
    for html in ["", "<!-- only a comment -->", "   \n  "] {
      let page = try TTHTMLParser.parse(Array(html.utf8))
      #expect(htmlOutline(page.root) == "<html><body></body></html>", "\(html)")
      #expect(page.title == nil)
      #expect(page.nodeCount == 2)
    }
  }

  @Test func contentAfterTheEndOfBodyAndHtmlStaysInTheBody() throws {
    #expect(
      try htmlBody("<html><body><p>x</p></body></html>\n<p>after</p><script>track()</script>")
        == "<body><p>x</p>\n<p>after</p><script>track()</script></body>")
    #expect(try htmlBody("<body>a</BODY >b</html  >c") == "<body>abc</body>")
  }

  @Test func commentsDoctypeAndProcessingInstructionsAreNotKept() throws {
    #expect(
      try htmlBody("<!DOCTYPE html><?php echo 1 ?><!-- c --><p>x<!-- d -->y") == "<body><p>xy</p></body>")
  }

  @Test func controlCharactersLibxml2RefusesAreLeftOut() throws {
    let page = try TTHTMLParser.parse(Array("<p>a\u{01}b\u{1B}[31mc".utf8))
    #expect(page.body?.textContent == "ab[31mc")
  }

  @Test func nulBytesBecomeReplacementCharacters() throws {
    let page = try TTHTMLParser.parse(Array("<p>a".utf8) + [0x00] + Array("b<x\u{0}y>c".utf8))
    let text = try #require(page.body?.textContent)
    #expect(text.hasPrefix("a\u{FFFD}b"))
    #expect(!text.unicodeScalars.contains("\u{0}"))
  }

  @Test func linesAreThoseOfThePage() throws {
    let page = try TTHTMLParser.parse(Array("<html>\n<body>\n<p>one\n\n<p>two".utf8))
    let paragraphs = try #require(page.body).children("p")
    #expect(paragraphs.map(\.line) == [3, 5])
  }

  // MARK: - Title and body

  @Test func titleIsTheFirstOneWithWhitespaceCollapsed() throws {
    let page = try TTHTMLParser.parse(Array("<title>  A\n\t  B  </title><title>second</title>".utf8))
    #expect(page.title == "A B")
  }

  @Test func titleIsNilWhenEmptyOrMissing() throws {
    #expect(try TTHTMLParser.parse(Array("<title> \n </title>".utf8)).title == nil)
    #expect(try TTHTMLParser.parse(Array("<p>no title".utf8)).title == nil)
  }

  @Test func titleDropsControlCharacters() throws {
    let page = try TTHTMLParser.parse(Array("<title>a&#x9B;b&#x7F;c</title>".utf8))
    #expect(page.title == "abc")
  }

  @Test func framesetPageHasNoBody() throws {
    let page = try TTHTMLParser.parse(Array("<frameset><frame src=a></frameset>".utf8))
    #expect(page.body == nil)
    #expect(page.root.child("frameset") != nil)
  }

  // MARK: - Walking

  @Test func walkVisitsEveryNodeInDocumentOrder() throws {
    let page = try TTHTMLParser.parse(Array("<p>Hi <b>there</b>!</p><br>".utf8))
    var events: [String] = []
    page.walk { event in
      switch event {
      case .start(let element): events.append("+" + element.name)
      case .text(let text): events.append(text)
      case .end(let element): events.append("-" + element.name)
      }
    }
    #expect(
      events == [
        "+html", "+body", "+p", "Hi ", "+b", "there", "-b", "!", "-p", "+br", "-br", "-body", "-html",
      ])
  }

  @Test func walkOverAnElementCoversOnlyItsSubtree() throws {
    let page = try TTHTMLParser.parse(Array("<div><p>a</p></div><p>b</p>".utf8))
    let div = try #require(page.body?.child("div"))
    #expect(htmlOutline(div) == "<div><p>a</p></div>")
  }

  @Test func walkStopsWhenTheVisitorThrows() throws {
    struct Stop: Error {}
    let page = try TTHTMLParser.parse(Array("<p>a</p><p>b</p><p>c</p>".utf8))
    var seen = 0
    #expect(throws: Stop.self) {
      try page.walk { event in
        if case .start(let element) = event, element.name == "p" {
          seen += 1
          if seen == 2 { throw Stop() }
        }
      }
    }
    #expect(seen == 2)
  }

  @Test func walkHandlesDeepTreesWithoutRecursion() throws {
    var options = TTHTMLParser.Options()
    options.maxDepth = 100_000
    let depth = 50_000
    let page = try TTHTMLParser.parse(Array(String(repeating: "<div>", count: depth).utf8), options: options)
    var open = 0
    var deepest = 0
    page.walk { event in
      switch event {
      case .start:
        open += 1
        deepest = max(deepest, open)
      case .end: open -= 1
      case .text: break
      }
    }
    #expect(open == 0)
    #expect(deepest == depth + 2)
  }

  // MARK: - A real page

  @Test func aTypicalPageReadsAsExpected() throws {
    let html = """
      <!DOCTYPE html>
      <HTML lang=en>
      <head>
        <meta charset="utf-8">
        <title>Three20 &mdash; Web</title>
        <link rel=stylesheet href=style.css>
      </head>
      <body class=home>
        <h1 id=top>Welcome</h1>
        <p>Read the <a href="/docs">docs</a>, or <a href=mailto:a@b.c>write</a>.
        <ul>
          <li>One
          <li>Two &amp; three
        </ul>
        <img src=logo.png alt="The logo">
      </body>
      </html>
      """
    let page = try TTHTMLParser.parse(Array(html.utf8), contentType: "text/html")
    #expect(page.title == "Three20 — Web")
    #expect(page.encoding == "UTF-8")
    #expect(page.encodingSource == .meta)
    #expect(page.root.attribute("lang") == "en")
    let body = try #require(page.body)
    #expect(body.attribute("class") == "home")
    #expect(body.child("h1")?.attribute("id") == "top")
    #expect(body.descendants("a").map { $0.attribute("href") ?? "" } == ["/docs", "mailto:a@b.c"])
    #expect(body.child("ul")?.children("li").map(\.trimmedText) == ["One", "Two & three"])
    #expect(body.child("img")?.attribute("alt") == "The logo")
    #expect(page.diagnostics.isEmpty)
  }
}

/// The examples in the doc comments of Modules/XMLExt/HTML, as written there, with their
/// results checked.
@Suite struct HTMLDocumentationExampleTests {
  @Test func documentExample() throws {
    let page = try TTHTMLParser.parse(Data("<title>Hi</title><p>One<p>Two".utf8))
    #expect(page.title == "Hi")
    #expect(page.body?.children("p").map(\.textContent) == ["One", "Two"])
    #expect(page.encoding == "UTF-8")
  }

  @Test func documentWalkExample() throws {
    let page = try TTHTMLParser.parse(Data("<p>Hello <b>world</b></p>".utf8))
    var text = ""
    page.walk { event in
      if case .text(let piece) = event { text += piece }
    }
    #expect(text == "Hello world")
  }

  @Test func elementWalkExample() throws {
    let page = try TTHTMLParser.parse(Data("<ul><li>One<li>Two</ul>".utf8))
    var items = 0
    page.root.walk { event in
      if case .start(let element) = event, element.name == "li" { items += 1 }
    }
    #expect(items == 2)
  }

  @Test func parserExamples() throws {
    let page = try TTHTMLParser.parse(
      Data("<TITLE>News</TITLE><UL><LI>One<LI>Two</UL>".utf8), contentType: "text/html")
    #expect(page.title == "News")
    #expect(page.body?.child("ul")?.children("li").count == 2)

    var options = TTHTMLParser.Options()
    options.encoding = "windows-1251"  // the user chose "view as Cyrillic"
    let cyrillic = try TTHTMLParser.parse([0x3C, 0x70, 0x3E, 0xC0], options: options)
    #expect(cyrillic.body?.textContent == "А")
  }

  @Test func encodingExamples() throws {
    let found = try TTHTMLParser.encoding(
      for: Array("<p>caf\u{E9}</p>".utf8), contentType: "text/html; charset=latin1")
    #expect(found.name == "windows-1252")
    #expect(found.source == .transport)

    let meta = try TTHTMLParser.encoding(
      for: Array("<meta charset=koi8-r>".utf8), contentType: "text/html")
    #expect(meta.name == "KOI8-R")
    #expect(meta.source == .meta)

    #expect(TTHTMLParser.encodingName(forLabel: " Latin1 ") == "windows-1252")
    #expect(TTHTMLParser.encodingName(forLabel: "x-sjis") == "Shift_JIS")
    #expect(TTHTMLParser.encodingName(forLabel: "klingon") == nil)
  }

  @Test func optionsExample() {
    var options = TTHTMLParser.Options()
    options.maxDocumentSize = 2_000_000  // refuse pages over 2 MB
    options.encoding = "Shift_JIS"  // the server is known to mislabel its pages
    #expect(options.maxDepth == 512)
    #expect(options.maxNodes == 1_000_000)
    #expect(options.maxAttributesPerElement == 1_000)
  }
}
