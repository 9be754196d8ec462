import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// How blocks, text, lists, quotes, preformatted text and tables are laid out.
@Suite struct RenderLayoutTests {
  // MARK: - Text and blocks

  @Test func whitespaceCollapsesAsInABrowser() throws {
    let page = try renderPage("<p>  one \n\t two   <b> three </b>four</p>")
    #expect(page.plainText == "one two three four")
  }

  @Test func nonBreakingSpacesAreKeptAndDoNotBreak() throws {
    let page = try renderPage("<p>aaaa&nbsp;&nbsp;bbbb cccc</p>", width: 11)
    #expect(page.plainText == "aaaa  bbbb\ncccc")
  }

  @Test func paragraphsAndHeadingsHaveOneBlankLineAroundThemAndNoneAtTheTop() throws {
    let page = try renderPage(
      "<h1>Title</h1><p>One</p><p>Two</p><div><p>Three</p></div><div>Four</div><div>Five</div>")
    #expect(page.plainText == "Title\n\nOne\n\nTwo\n\nThree\n\nFour\nFive")
  }

  @Test func blankLinesAreNeverStackedTwice() throws {
    let page = try renderPage(
      "<p>One</p><p></p><p></p><div><p><p>Two</p></p></div><blockquote><p>Three</p></blockquote>")
    #expect(page.plainText == "One\n\nTwo\n\n│ Three")
  }

  @Test func wordsWrapAtSpacesAndLongWordsAreBroken() throws {
    let page = try renderPage(
      "<p>The quick brown fox jumps over abcdefghijklmnopqrstuvwxyz dog</p>", width: 12)
    #expect(page.plainText == "The quick\nbrown fox\njumps over\nabcdefghijkl\nmnopqrstuvwx\nyz dog")
  }

  @Test func wordsJoinedAcrossElementsStayTogether() throws {
    let page = try renderPage("<p>aaa bbb<b>ccc</b><i>ddd</i> eee</p>", width: 10)
    #expect(page.plainText == "aaa\nbbbcccddd\neee")
  }

  @Test func wideCombiningAndEmojiCharactersAreMeasured() throws {
    let page = try renderPage("<p>漢字漢字 e\u{301}e\u{301} 👨‍👩‍👧 ok</p>", width: 10)
    for line in page.lines { #expect(line.width <= 10) }
    #expect(page.plainText == "漢字漢字\ne\u{301}e\u{301} 👨‍👩‍👧 ok")
  }

  @Test func chineseAndJapaneseTextWrapsAnywhereButNotBeforeClosingPunctuation() throws {
    let page = try renderPage("<p>今日は晴れです。明日は雨です。</p>", width: 12)
    let lines = page.plainText.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { TTDisplayWidth.of($0) <= 12 })
    #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix("。") })
    #expect(lines.joined() == "今日は晴れです。明日は雨です。")
  }

  @Test func lineBreaksAndWordBreaks() throws {
    let page = try renderPage("<p>one<br>two<br><br>three</p><p>long<wbr>word</p>", width: 6)
    #expect(page.plainText == "one\ntwo\n\nthree\n\nlong\nword")
  }

  @Test func headingsStandOutWithoutColour() throws {
    let page = try renderPage("<h1>One</h1><h2>Two</h2><h3>Three</h3>")
    let styles = page.lines.compactMap { $0.spans.first?.style.attributes }
    #expect(styles[0].contains([.bold, .underline]))
    #expect(styles[1].contains([.bold, .underline]))
    #expect(styles[2].contains(.bold))
  }

  @Test func emphasisElementsHaveTheirLooks() throws {
    let page = try renderPage(
      "<p><b>b</b> <em>em</em> <u>u</u> <s>s</s> <code>code</code> <mark>mark</mark> <small>small</small></p>"
    )
    func style(_ text: String) -> TTCellStyle? { page.lines[0].spans.first { $0.text == text }?.style }
    #expect(style("b")?.attributes.contains(.bold) == true)
    #expect(style("em")?.attributes.contains(.italic) == true)
    #expect(style("u")?.attributes.contains(.underline) == true)
    #expect(style("s")?.attributes.contains(.strikethrough) == true)
    #expect(style("code")?.background == TTWebStyling.builtIn.code.backgroundColor)
    #expect(style("mark")?.background == TTWebStyling.builtIn.mark.backgroundColor)
    #expect(style("small")?.attributes.contains(.dim) == true)
  }

  @Test func quotesSuperscriptsAndAbbreviations() throws {
    let page = try renderPage("<p><q>a <q>b</q></q> x<sup>2</sup> H<sub>2</sub>O <abbr>HTML</abbr></p>")
    #expect(page.plainText == "“a ‘b’” x^2 H2O HTML")
  }

  @Test func ruleGoesAcrossTheWidth() throws {
    let page = try renderPage("<p>a</p><hr><ul><li><hr></li></ul>", width: 20)
    #expect(page.lines[2].text == String(repeating: "─", count: 20))
    #expect(page.lines.last?.text == "  • " + String(repeating: "─", count: 16))
  }

  // MARK: - Preformatted text

  @Test func preformattedTextKeepsSpacesLinesAndTabs() throws {
    let page = try renderPage("<pre>\na\tb\n  c  d\n\n12345678\tx</pre>")
    #expect(page.plainText == "a       b\n  c  d\n\n12345678        x")
    #expect(page.lines.allSatisfy { $0.isPreformatted })
  }

  @Test func preformattedLinesAreNotWrappedButClippedInTheDump() throws {
    let long = String(repeating: "x", count: 50)
    let page = try renderPage("<p>before</p><pre>\(long)</pre>", width: 20)
    let line = try #require(page.lines.first { $0.isPreformatted })
    #expect(line.width == 50)
    #expect(page.plainText.split(separator: "\n").last == Substring(String(repeating: "x", count: 20)))
  }

  // MARK: - Lists

  @Test func bulletsChangeWithTheLevelAndIndentsHang() throws {
    let page = try renderPage(
      "<ul><li>one two three four<ul><li>nested one two<ul><li>deep</li></ul></li></ul></li></ul>", width: 24)
    #expect(page.plainText == "  • one two three four\n      ◦ nested one two\n          ▪ deep")
    let narrow = try renderPage(
      "<ul><li>one two three four<ul><li>nested one two<ul><li>deep</li></ul></li></ul></li></ul>", width: 16)
    #expect(
      narrow.plainText == "  • one two\n    three four\n      ◦ nested\n        one two\n        ▪ deep")
  }

  @Test func orderedListsNumberWithStartTypeReversedAndValue() throws {
    #expect(try renderPage("<ol start=\"9\"><li>a</li><li>b</li></ol>").plainText == "   9. a\n  10. b")
    #expect(try renderPage("<ol type=\"a\"><li>a</li><li>b</li></ol>").plainText == "  a. a\n  b. b")
    #expect(
      try renderPage("<ol type=\"I\" start=\"3\"><li>a</li><li>b</li></ol>").plainText == "  III. a\n   IV. b"
    )
    #expect(
      try renderPage("<ol reversed><li>a</li><li>b</li><li>c</li></ol>").plainText == "  3. a\n  2. b\n  1. c"
    )
    #expect(
      try renderPage("<ol><li>a</li><li value=\"7\">b</li><li>c</li></ol>").plainText
        == "  1. a\n  7. b\n  8. c")
  }

  @Test func anEmptyListItemStillShowsItsMarker() throws {
    #expect(try renderPage("<ol><li></li><li>b</li></ol>").plainText == "  1.\n  2. b")
  }

  @Test func definitionListsIndentDefinitionsAndBoldTerms() throws {
    let page = try renderPage("<dl><dt>Term</dt><dd>Its meaning</dd></dl>")
    #expect(page.plainText == "Term\n    Its meaning")
    #expect(page.lines[0].spans[0].style.attributes.contains(.bold))
  }

  @Test func blockquotesHaveABarOnEveryLine() throws {
    let page = try renderPage(
      "<blockquote><p>one two three</p><p>four</p></blockquote><p>after</p>", width: 10)
    #expect(page.plainText == "│ one two\n│ three\n│\n│ four\n\nafter")
  }

  @Test func deepNestingKeepsRoomForText() throws {
    let nested =
      String(repeating: "<blockquote>", count: 200) + "text" + String(repeating: "</blockquote>", count: 200)
    let page = try renderPage(nested, width: 30)
    for line in page.lines { #expect(line.width <= 30) }
    #expect(page.plainText.hasSuffix("text"))
  }

  // MARK: - Tables

  @Test func tableColumnsTakeTheirContentsWidths() throws {
    let page = try renderPage(
      "<table><tr><th>Name</th><th>Value</th></tr><tr><td>a</td><td>one two</td></tr></table>", width: 40)
    #expect(page.plainText == "Name │  Value\n─────┼────────\na    │ one two")
  }

  @Test func cellsWrapInsideTheirColumns() throws {
    let page = try renderPage(
      "<table border=1><tr><td>short</td><td>a long cell that has to wrap</td></tr></table>", width: 24)
    #expect(page.plainText == "short │ a long cell that\n      │ has to wrap")
  }

  @Test func tablesThatCannotFitAreStackedWithHeaders() throws {
    let page = try renderPage(
      """
      <table><tr><th>Name</th><th>Description</th><th>Default</th></tr>
      <tr><td>interval</td><td>How often</td><td>15m</td></tr>
      <tr><td>units</td><td>Metric or imperial</td><td>metric</td></tr></table>
      """, width: 20)
    #expect(
      page.plainText
        == "Name: interval\nDescription: How\noften\nDefault: 15m\n\nName: units\nDescription: Metric\nor imperial\nDefault: metric"
    )
  }

  @Test func captionsAndColspans() throws {
    let page = try renderPage(
      "<table><caption>Caption</caption><tr><th>A</th><th>B</th></tr><tr><td colspan=2>both columns</td></tr></table>",
      width: 40)
    #expect(page.plainText == "  Caption\n  A   │  B\n──────┼─────\nboth columns")
  }

  @Test func tablesWithoutBodyOrRowsStillLayOut() throws {
    let page = try renderPage("<table><td>one<td>two</table><table>loose text</table>")
    #expect(page.plainText == "one  two\n\nloose text")
  }

  @Test func nestedTablesAreFlattened() throws {
    let page = try renderPage(
      "<table><tr><td>outer</td><td><table><tr><td>in1</td><td>in2</td></tr><tr><td>in3</td></tr></table></td></tr></table>"
    )
    #expect(page.plainText == "outer  in1 in2\n       in3")
  }

  @Test func hugeColspansAndThousandsOfColumnsStayLinear() throws {
    let span = try renderPage(
      "<table><tr><td colspan=\"1000000000\">wide</td><td>x</td></tr></table>", width: 40)
    #expect(span.plainText == "wide\nx")
    var row = "<table><tr>"
    for index in 0..<10_000 { row += "<td>c\(index)</td>" }
    let many = try renderPage(row + "</tr></table>", width: 80)
    #expect(many.lines.count == 10_000)
    for line in many.lines { #expect(line.width <= 80) }
  }
}
