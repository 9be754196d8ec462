import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// Hostile pages: escape sequences, control characters and bidirectional overrides never
/// reach the output; deep nesting and huge tables complete.
@Suite struct RenderSafetyTests {
  static let hostileText =
    "a\u{1B}[2Jb\u{1B}]0;pwned\u{07}c\u{1B}]52;c;ZXZpbA==\u{1B}\\d\u{9B}31me\u{9D}8;;x\u{9C}f\u{07}g\u{7F}h\u{0}i"
    + "\u{202E}j\u{2066}k\u{2069}l\u{85}m\u{1B}P+q\u{1B}\\n"

  @Test func escapeSequencesAndControlsInTextNeverReachTheOutput() throws {
    let html = """
      <title>T\(Self.hostileText)</title>
      <p>\(Self.hostileText)</p><pre>\(Self.hostileText)</pre>
      <a href="/x\(Self.hostileText)">\(Self.hostileText)</a>
      <img src="/i.png" alt="\(Self.hostileText)"><input value="\(Self.hostileText)">
      <table><tr><th>\(Self.hostileText)</th></tr><tr><td>\(Self.hostileText)</td></tr></table>
      <textarea>\(Self.hostileText)</textarea><select><option>\(Self.hostileText)</option></select>
      """
    for imagesAvailable in [false, true] {
      let page = try TTGlobalImageProvider.withProvider(imagesAvailable ? RenderTestImageProvider() : nil) {
        try renderPage(html, width: 60, imagesAvailable: imagesAvailable)
      }
      #expect(!hasTerminalControls(page.plainText))
      #expect(!hasTerminalControls(page.title ?? ""))
      #expect(!hasTerminalControls(page.references))
      for line in page.lines {
        for span in line.spans {
          #expect(!hasTerminalControls(span.text, allowingNewlines: false))
          #expect(!hasTerminalControls(span.style.link ?? "", allowingNewlines: false))
        }
      }
      for link in page.links {
        #expect(
          !hasTerminalControls(
            link.text + link.href + (link.url?.absoluteString ?? ""), allowingNewlines: false))
      }
      for image in page.images { #expect(!hasTerminalControls(image.alt, allowingNewlines: false)) }
      let ansi = page.ansiText(capabilities: .trueColor)
      #expect(onlyOwnEscapes(ansi), "\(ansi.debugDescription)")
      #expect(!ansi.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x07 })
    }
  }

  /// Whether every escape sequence in ANSI output is one the renderer writes: SGR
  /// (`ESC [ digits ; m`) or an OSC 8 hyperlink (`ESC ] 8 ; ; url ESC \`) whose URL is printable.
  func onlyOwnEscapes(_ ansi: String) -> Bool {
    let scalars = Array(ansi.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "\u{1B}" else {
        index += 1
        continue
      }
      guard index + 1 < scalars.count else { return false }
      if scalars[index + 1] == "[" {
        var end = index + 2
        while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
        guard end < scalars.count, scalars[end] == "m" else { return false }
        index = end + 1
      } else if scalars[index + 1] == "]" {
        guard index + 4 < scalars.count, scalars[index + 2] == "8", scalars[index + 3] == ";",
          scalars[index + 4] == ";"
        else { return false }
        var end = index + 5
        while end < scalars.count, scalars[end] != "\u{1B}" {
          if scalars[end].value < 0x20 || (0x7F...0x9F).contains(scalars[end].value) { return false }
          end += 1
        }
        guard end + 1 < scalars.count, scalars[end + 1] == "\\" else { return false }
        index = end + 2
      } else {
        return false
      }
    }
    return true
  }

  @Test func hundredThousandNestedInlineElementsComplete() throws {
    var options = TTHTMLParser.Options()
    options.maxDepth = 200_000
    let count = 100_000
    let html =
      "<p>" + String(repeating: "<b>", count: count) + "deep" + String(repeating: "</b>", count: count)
      + "</p>"
    let page = try renderPage(html, width: 80, options: options)
    #expect(page.plainText == "deep")
    #expect(page.lines[0].spans[0].style.attributes.contains(.bold))
  }

  @Test func deeplyNestedBlocksComplete() throws {
    var options = TTHTMLParser.Options()
    options.maxDepth = 200_000
    let count = 20_000
    let html =
      String(repeating: "<div><ul><li>", count: count / 2) + "x"
      + String(repeating: "</li></ul></div>", count: count / 2)
    let page = try renderPage(html, width: 60, options: options)
    #expect(page.plainText.hasSuffix("x"))
    for line in page.lines { #expect(line.width <= 60) }
  }

  @Test func tenThousandColumnTableCompletes() throws {
    var html = "<table><tr>"
    for index in 0..<10_000 { html += "<th>h\(index)</th>" }
    html += "</tr><tr>"
    for index in 0..<10_000 { html += "<td>v\(index)</td>" }
    html += "</tr></table>"
    let page = try renderPage(html, width: 80)
    #expect(page.plainText.hasPrefix("h0: v0\nh1: v1"))
    for line in page.lines { #expect(line.width <= 80) }
  }

  @Test func aHugeSingleWordAndAHugePreformattedLineComplete() throws {
    let word = String(repeating: "x", count: 300_000)
    let page = try renderPage("<p>\(word)</p><pre>\(word)</pre>", width: 80)
    #expect(page.lines.filter { !$0.isPreformatted && !$0.isEmpty }.count == 3_750)
    #expect(page.lines.last?.width == 300_000)
  }

  @Test func aLargePageRendersWholly() throws {
    var html = "<html><body>"
    for index in 0..<6_000 {
      html +=
        "<h2 id=\"s\(index)\">Section \(index)</h2><p>Some <a href=\"/p/\(index)\">text</a> with <b>bold</b>, "
      html += "<code>code</code> and more words to wrap across lines in the paragraph.</p>"
      html += "<ul><li>one</li><li>two</li></ul>"
    }
    html += "</body></html>"
    #expect(html.utf8.count > 1_000_000)
    let page = try renderPage(html, width: 80)
    #expect(page.links.count == 6_000)
    #expect(page.anchors.count == 6_000)
    #expect(page.line(ofAnchor: "s5999").map { page.lines[$0].text } == "Section 5999")
  }
}
