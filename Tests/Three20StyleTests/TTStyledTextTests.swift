import Testing
import Three20Style

@Suite("TTStyledText")
struct TTStyledTextTests {
  private func html(_ xhtml: String, mode: TTStyledText.ParsingMode = .strict) throws -> String {
    try TTStyledText(xhtml: xhtml, mode: mode).outerHTML
  }

  private func strictError(_ xhtml: String) -> String? {
    do {
      _ = try TTStyledText(xhtml: xhtml)
      return nil
    } catch {
      #expect(error.code == .invalidMarkup)
      return error.message
    }
  }

  /// The depth of the deepest node, found without recursion.
  private func depth(_ node: TTStyledNode) -> Int {
    var deepest = 0
    var stack = [(node, 0)]
    while let (current, level) = stack.popLast() {
      deepest = max(deepest, level)
      for child in current.children { stack.append((child, level + 1)) }
    }
    return deepest
  }

  // MARK: - Valid markup

  /// Every supported tag becomes its node, and the tree serialises back to the same XHTML.
  @Test func supportedTagsRoundTrip() throws {
    let source =
      "<div class=\"box\"><p>A <b>b</b> <i>i</i> <u>u</u> <code>c</code> <span class=\"x\">s</span>"
      + "<br/><a href=\"https://x.org\" class=\"l\">link</a>"
      + "<img src=\"a.png\" alt=\"cat\" width=\"3\" height=\"2\"/></p></div>"
    #expect(try html(source) == source)
  }

  /// `<strong>`, `<em>` map to bold and italic; tag and attribute names ignore case.
  @Test func synonymsAndCaseInsensitiveTags() throws {
    #expect(
      try html("<STRONG>x</Strong><EM>y</em><A HREF='u'>z</a>") == "<b>x</b><i>y</i><a href=\"u\">z</a>")
  }

  /// Attribute values may use double, single or no quotes; bare attributes are allowed.
  @Test func attributeQuoting() throws {
    let text = try TTStyledText(xhtml: "<a href=http://x.org/a?b=1 class='c d' hidden>x</a>")
    #expect(text.rootNode.children.first?.kind == .link("http://x.org/a?b=1"))
    #expect(text.rootNode.children.first?.className == "c d")
  }

  /// `<br>` and `<img>` are void with or without `/>`, and `</br>` is harmless; other
  /// self-closed elements are empty.
  @Test func voidAndSelfClosingElements() throws {
    #expect(
      try html("a<br>b<BR/>c<br></br>d<img src=x>e<b/>f") == "a<br/>b<br/>c<br/>d<img src=\"x\"/>e<b></b>f")
  }

  /// `<a>` without `href` is a span, not a link.
  @Test func anchorWithoutHrefIsSpan() throws {
    #expect(try html("<a name=\"top\">x</a>") == "<span>x</span>")
  }

  /// Named, decimal and hex references are decoded with HTML5's rules (Three20Core's
  /// decoder): unknown names stay as written, legacy names such as `&amp` need no `;`, and
  /// references to nothing become U+FFFD.
  @Test func entities() throws {
    let text = try TTStyledText(
      xhtml: "&lt;&gt;&amp;&quot;&apos;&nbsp;&eacute;&Eacute;&copy;&yuml;&#65;&#x42;&#X43;&#x1F600;"
        + " &bogus; &amp &#0; &#xD800; &#99999999999; &;")
    #expect(
      text.plainText
        == "<>&\"'\u{A0}éÉ©ÿABC😀 &bogus; & \u{FFFD} \u{FFFD} \u{FFFD} &;")
  }

  /// Entities in attribute values are decoded too.
  @Test func entitiesInAttributes() throws {
    let text = try TTStyledText(xhtml: "<a href=\"/q?a=1&amp;b=2\">x</a>")
    #expect(text.rootNode.children.first?.kind == .link("/q?a=1&b=2"))
  }

  /// Comments, doctypes and processing instructions are skipped; CDATA is literal text.
  @Test func commentsDoctypeAndCDATA() throws {
    let text = try TTStyledText(
      xhtml: "<?xml version=\"1.0\"?><!DOCTYPE html>a<!-- <b>not</b> -->b<![CDATA[<b>&amp;</b>]]>c")
    #expect(text.plainText == "ab<b>&amp;</b>c")
    #expect(text.rootNode.children.allSatisfy { if case .text = $0.kind { true } else { false } })
  }

  /// With `lineBreaks`, each newline is a line break; without, it is whitespace in the text.
  @Test func lineBreaksOption() throws {
    #expect(try TTStyledText(xhtml: "a\nb\r\n\nc", lineBreaks: true).outerHTML == "a<br/>b<br/><br/>c")
    #expect(try TTStyledText(xhtml: "a\nb").outerHTML == "a\nb")
  }

  /// Plain text is not markup: tags show as written and URLs still become links.
  @Test func plainTextInitialiser() {
    let text = TTStyledText(text: "<b>x</b> &amp; https://x.org.\nBye", lineBreaks: true)
    #expect(
      text.outerHTML == "&lt;b&gt;x&lt;/b&gt; &amp;amp; <a href=\"https://x.org\">https://x.org</a>.<br/>Bye")
    #expect(TTStyledText(text: "https://x.org", urls: false).outerHTML == "https://x.org")
  }

  /// The doc comment's example for plain text holds.
  @Test func plainTextDocumentationExample() {
    let text = TTStyledText(text: "See https://x.org.\nBye", lineBreaks: true)
    #expect(text.rootNode.outerHTML == "See <a href=\"https://x.org\">https://x.org</a>.<br/>Bye")
  }

  /// `plainText` joins the text, line breaks as newlines and images as their alternate text.
  @Test func plainTextOfTree() throws {
    let text = try TTStyledText(xhtml: "<p>a <b>b</b></p>c<br/>d<img src=x alt=\"[pic]\"/>")
    #expect(text.plainText == "a bc\nd[pic]")
  }

  /// `element(withClassName:)` finds the first element with that class in document order.
  @Test func elementWithClassName() throws {
    let text = try TTStyledText(
      xhtml: "<div><span class=\"a\">1</span><b class=\"b\">2<i class=\"b\">3</i></b></div>")
    #expect(text.element(withClassName: "b")?.kind == .bold)
    #expect(text.element(withClassName: "b")?.outerText == "23")
    #expect(text.element(withClassName: "a")?.outerHTML == "<span class=\"a\">1</span>")
    #expect(text.element(withClassName: "zzz") == nil)
  }

  // MARK: - URLs

  /// Bare URLs become links, ending before whitespace and trailing punctuation that is not
  /// part of them.
  @Test(
    arguments: [
      ("see http://x.org now", ["http://x.org"]),
      ("end https://x.org.", ["https://x.org"]),
      (
        "list http://a.org, http://b.org; http://c.org: http://d.org! http://e.org?",
        [
          "http://a.org", "http://b.org", "http://c.org", "http://d.org", "http://e.org",
        ]
      ),
      ("(see http://x.org)", ["http://x.org"]),
      ("http://x.org/wiki/A_(b)", ["http://x.org/wiki/A_(b)"]),
      ("(http://x.org/wiki/A_(b)).", ["http://x.org/wiki/A_(b)"]),
      ("[http://x.org/a[1]]", ["http://x.org/a[1]"]),
      ("HTTPS://X.ORG/Path?q=1&r=2#frag", ["HTTPS://X.ORG/Path?q=1&r=2#frag"]),
      ("'http://x.org'", ["http://x.org"]),
      ("http://x.org/é", ["http://x.org/"]),
      ("http:// and https://. and http://", []),
      ("xhttp://x.org ftp://x.org", []),
      ("two:http://a.org/http://b.org", ["http://a.org/http://b.org"]),
    ])
  func urlDetection(input: String, expected: [String]) {
    let text = TTStyledText(text: input)
    let links = text.rootNode.children.compactMap { node -> String? in
      if case .link(let href) = node.kind { href } else { nil }
    }
    #expect(links == expected)
    #expect(text.plainText == input)
  }

  /// Text inside a link is not searched for URLs; `urls: false` turns detection off.
  @Test func urlsInsideLinksAndDisabled() throws {
    #expect(
      try html("<a href=\"u\">http://x.org</a>") == "<a href=\"u\">http://x.org</a>")
    #expect(try TTStyledText(xhtml: "go http://x.org", urls: false).outerHTML == "go http://x.org")
    #expect(try html("go <b>http://x.org</b>") == "go <b><a href=\"http://x.org\">http://x.org</a></b>")
  }

  // MARK: - Strict errors

  /// A mismatched end tag names both tags, where the open one started, and points at the end tag.
  @Test func strictMismatchedEndTag() {
    #expect(
      strictError("<b>bold <i>both</b></i>") == """
        1:16: error: mismatched end tag </b>: <i> opened at 1:9 is still open; close it with </i> first
        <b>bold <i>both</b></i>
                       ^
        """)
  }

  /// An end tag with nothing open is reported at the end tag.
  @Test func strictUnmatchedEndTag() {
    #expect(
      strictError("x</p>") == """
        1:2: error: end tag </p> has no matching start tag; remove it or add <p> before it
        x</p>
         ^
        """)
  }

  /// An element never closed is reported at its start tag, on its own line.
  @Test func strictUnclosedElement() {
    #expect(
      strictError("<div>\n  <b>bold\n</div>") == """
        3:1: error: mismatched end tag </div>: <b> opened at 2:3 is still open; close it with </b> first
        </div>
        ^
        """)
    #expect(
      strictError("first\n  <b>bold") == """
        2:3: error: <b> is never closed; add </b> before the end of the text
          <b>bold
          ^
        """)
  }

  /// A tag, attribute value or comment that runs to the end is reported where it starts.
  @Test func strictUnterminated() {
    #expect(
      strictError("a <b class=\"x\"") == """
        1:3: error: tag <b is not terminated: no '>' before the end of the text
        a <b class="x"
          ^
        """)
    #expect(
      strictError("<a href=\"x>y</a>") == """
        1:9: error: attribute value is not terminated: no closing " before the end of the text
        <a href="x>y</a>
                ^
        """)
    #expect(
      strictError("a<!-- b") == """
        1:2: error: comment is not terminated: no '-->' before the end of the text
        a<!-- b
         ^
        """)
  }

  /// A `<` that starts no tag is an error that suggests `&lt;`.
  @Test func strictStrayLessThan() {
    #expect(
      strictError("1 < 2") == """
        1:3: error: '<' does not start a tag; write &lt; for a literal '<'
        1 < 2
          ^
        """)
  }

  /// Unexpected characters in tags and `=` without a value are errors.
  @Test func strictMalformedAttributes() {
    #expect(
      strictError("<a href=\"x\" \"y\">z</a>") == """
        1:13: error: unexpected character '"' in tag <a>; write attributes as name="value"
        <a href="x" "y">z</a>
                    ^
        """)
    #expect(
      strictError("<a href=>z</a>") == """
        1:9: error: attribute 'href' in tag <a> has '=' but no value; write href="…"
        <a href=>z</a>
                ^
        """)
    #expect(
      strictError("<b>x</b y>") == """
        1:9: error: unexpected character 'y' in end tag </b>; end tags have no attributes
        <b>x</b y>
                ^
        """)
  }

  /// The caret accounts for wide characters before it; columns count characters.
  @Test func strictCaretUnderWideCharacters() {
    #expect(
      strictError("漢字 <i>x</b>") == """
        1:8: error: mismatched end tag </b>: <i> opened at 1:4 is still open; close it with </i> first
        漢字 <i>x</b>
                 ^
        """)
  }

  /// A very long line is cut around the caret, and escape sequences in it are not shown.
  @Test func strictLongLineIsCutAndSanitised() throws {
    let source =
      String(repeating: "a", count: 100) + "\u{1B}]0;pwned\u{07}</b>" + String(repeating: "z", count: 100)
    let message = try #require(strictError(source))
    #expect(
      message == """
        1:111: error: end tag </b> has no matching start tag; remove it or add <b> before it
        …\(String(repeating: "a", count: 39))</b>\(String(repeating: "z", count: 35))…
        \(String(repeating: " ", count: 40))^
        """)
    #expect(!message.contains("\u{1B}"))
  }

  /// Unknown tags are allowed in strict mode but must still nest; unknown entities are not errors.
  @Test func strictUnknownTagsAndEntities() throws {
    #expect(try html("<foo bar=1>x &unknown; <b>y</b></foo>") == "x &amp;unknown; <b>y</b>")
    #expect(
      strictError("<foo><b>x</foo></b>")?.hasPrefix("1:10: error: mismatched end tag </foo>: <b>") == true)
  }

  /// Nesting deeper than the limit is an error in strict mode.
  @Test func strictNestingLimit() {
    let source = String(repeating: "<b>", count: 300) + "x" + String(repeating: "</b>", count: 300)
    let message = strictError(source)
    #expect(message?.hasPrefix("1:769: error: elements are nested more than 256 deep at <b>;") == true)
    let ok = String(repeating: "<b>", count: 256) + "x" + String(repeating: "</b>", count: 256)
    #expect(strictError(ok) == nil)
  }

  // MARK: - Lenient parsing

  /// Unknown tags are dropped with their content kept; their stray end tags close nothing.
  ///
  /// Three20 let `</x>` close the element around it, so `y` lost its bold; here it keeps it.
  @Test func lenientStrayEndTagDoesNotCloseEnclosingElement() throws {
    #expect(try html("<b>x</x>y</b>z", mode: .lenient) == "<b>xy</b>z")
    #expect(try html("<b><font color=red>x</font>y</b>", mode: .lenient) == "<b>xy</b>")
    #expect(try html("</i>a</p>b", mode: .lenient) == "ab")
  }

  /// Unclosed elements are closed at the end.
  @Test func lenientUnclosedElements() throws {
    #expect(try html("<div><b><i>x", mode: .lenient) == "<div><b><i>x</i></b></div>")
  }

  /// An end tag closes the innermost open element of its name and everything inside it.
  @Test func lenientMisnesting() throws {
    #expect(try html("<b>a<i>b</b>c</i>d", mode: .lenient) == "<b>a<i>b</i></b>cd")
  }

  /// Garbage is kept as text: stray `<`, tags and markup running to the end.
  @Test func lenientGarbageKeptAsText() throws {
    #expect(try TTStyledText(xhtml: "1 < 2 <> <3", mode: .lenient).plainText == "1 < 2 <> <3")
    #expect(try TTStyledText(xhtml: "a <b c=\"d", mode: .lenient).plainText == "a <b c=\"d")
    #expect(try TTStyledText(xhtml: "a <!-- b &amp;", mode: .lenient).plainText == "a <!-- b &")
    #expect(try TTStyledText(xhtml: "a <![CDATA[b", mode: .lenient).plainText == "a <![CDATA[b")
    #expect(try html("<a href=\"x\" \"y\" =>z</a>", mode: .lenient) == "<a href=\"x\">z</a>")
    #expect(try html("<b>x</b junk>y", mode: .lenient) == "<b>x</b>y")
  }

  // MARK: - Hostile input

  /// Escape sequences in text, references and attributes never reach the node tree or a canvas.
  @Test func escapeSequencesAreRemoved() throws {
    let text = try TTStyledText(
      xhtml: "<b>Hi\u{1B}]0;pwned\u{07}</b> there&#27;[2J<img src=x alt=\"\u{1B}[31mred\"/>\u{9B}2J",
      mode: .lenient)
    #expect(text.plainText == "Hi therered")
    #expect(!text.outerHTML.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    var canvas = TTCanvas(width: 30, height: 1)
    text.draw(on: &canvas, at: .zero)
    let rendered = TTANSIRenderer(capabilities: .trueColor).render(canvas)
    #expect(!rendered.contains("pwned"))
    #expect(!rendered.contains("\u{07}"))
    // Every escape in the output is one the renderer wrote: SGR or an OSC 8 hyperlink.
    let escapes = rendered.split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst()
    #expect(escapes.allSatisfy { $0.hasPrefix("[") || $0.hasPrefix("]8;;") || $0.hasPrefix("\\") })
  }

  /// 10,000 nested elements are flattened at the depth limit in lenient mode: no crash, no
  /// lost text, and the tree is at most 256 elements deep.
  @Test(.timeLimit(.minutes(1))) func deepNestingIsFlattened() throws {
    let count = 10_000
    let source =
      String(repeating: "<b><i>", count: count / 2) + "deep" + String(repeating: "</i></b>", count: count / 2)
      + "after"
    let text = try TTStyledText(xhtml: source, mode: .lenient)
    #expect(depth(text.rootNode) == TTStyledText.maximumDepth + 1)  // elements, plus the text leaf
    #expect(text.plainText == "deepafter")
    // Flattened end tags close only their own start tags: "after" is outside every element.
    #expect(text.rootNode.children.last == .text("after"))
    #expect(text.layout(width: 10).plainText == "deepafter")
  }

  /// Unclosed, deeply nested elements of every kind are all closed without recursion.
  @Test(.timeLimit(.minutes(1))) func unclosedEverything() throws {
    let source = String(repeating: "<div><p><span class=c><a href=u><code><u><em>x", count: 2_000)
    let text = try TTStyledText(xhtml: source, mode: .lenient)
    #expect(text.plainText == String(repeating: "x", count: 2_000))
    #expect(depth(text.rootNode) <= TTStyledText.maximumDepth + 1)
    #expect(strictError("<div><p><span class=c><a href=u>x")?.contains("<a> is never closed") == true)
  }

  /// A 1 MB attribute value is read in linear time, and a 1 MB unterminated one is kept as text.
  @Test(.timeLimit(.minutes(1))) func hugeAttribute() throws {
    let huge = String(repeating: "a&amp;", count: 175_000)
    let text = try TTStyledText(xhtml: "<a href=\"\(huge)\" class=\(huge)>x</a>")
    #expect(text.rootNode.children.first?.kind == .link(String(repeating: "a&", count: 175_000)))
    let open = try TTStyledText(xhtml: "<a href=\"" + String(repeating: "<a", count: 500_000), mode: .lenient)
    #expect(open.plainText.utf8.count == 1_000_009)
    let message = try #require(strictError("<a href=\"" + String(repeating: "x", count: 1_000_000)))
    #expect(message.count < 300)
  }

  /// Pathological sequences of almost-markup stay linear.
  @Test(.timeLimit(.minutes(1))) func pathologicalSequencesAreLinear() throws {
    for piece in ["<a ", "</", "<!", "&#", "&amp", "<b></x>", "</b>", "http://x ", "<!--->"] {
      let source = String(repeating: piece, count: 100_000)
      _ = try TTStyledText(xhtml: source, mode: .lenient).layout(width: 40)
    }
  }

  /// Random byte soup never crashes lenient parsing, and layouts of it fit their width.
  @Test func randomMarkupNeverCrashes() throws {
    let pieces = [
      "<", ">", "/", "b", "i", "p", "a", " ", "href=", "\"", "'", "&", "amp;", "#", "x", "<br>", "</b>",
      "<b>",
      "<!--", "-->", "\n", "漢", "😀", "\u{1B}", "http://x.org", ".", "<![CDATA[", "]]>",
    ]
    var generator = SeededGenerator(seed: 20)
    for _ in 0..<500 {
      let source = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let text = try TTStyledText(xhtml: source, mode: .lenient)
      _ = try? TTStyledText(xhtml: source)
      let layout = text.layout(width: 7)
      #expect(layout.lines.allSatisfy { $0.width <= 7 })
      #expect(!text.plainText.contains("\u{1B}"))
    }
  }

  // MARK: - Layout cache

  /// Asking for the same width again returns the kept layout; changing the nodes drops it.
  @Test func layoutIsKeptPerWidth() throws {
    var text = try TTStyledText(xhtml: "one two three")
    #expect(text.layout(width: 5).plainText == "one\ntwo\nthree")
    #expect(text.layout(width: 5) == text.layout(width: 5))
    let copy = text
    text.rootNode.children.append(.text(" four"))
    #expect(text.layout(width: 5).plainText == "one\ntwo\nthree\nfour")
    #expect(copy.layout(width: 5).plainText == "one\ntwo\nthree")
    text.width = 100
    #expect(text.height == 1)
  }

  /// The type's documentation example holds.
  @Test func documentationExample() throws {
    let text = try TTStyledText(xhtml: "Read <b>the docs</b> at https://three20.info.")
    #expect(text.plainText == "Read the docs at https://three20.info.")
    let layout = text.layout(width: 24)
    #expect(layout.lines.map(\.text) == ["Read the docs at", "https://three20.info."])
  }
}
