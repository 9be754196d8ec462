// A libFuzzer target for web pages: bytes parsed as HTML (charset sniffed, libxml2's HTML
// parser within small limits), laid out at several widths, drawn with a focused link and find
// matches, and written to a terminal.
//
// `make fuzz-web` builds it with coverage and AddressSanitizer and runs libFuzzer on the seed
// corpus for a bounded time. Besides crashes, it checks the promises a page makes: no line of
// the text is wider than asked, and nothing from the page reaches the terminal as an escape
// sequence (only the renderer's own SGR and hyperlink sequences). Built normally (without
// FUZZING) it checks every file named on the command line once: `FuzzWebPage crash-1234`.
import Foundation
import FuzzSupport
import Three20Style
import Three20Web
import Three20XML

/// Limits small enough that every input runs in milliseconds.
let options: TTHTMLParser.Options = {
  var options = TTHTMLParser.Options()
  options.maxDocumentSize = 1_000_000
  options.maxDepth = 128
  options.maxNodes = 50_000
  return options
}()

let terminal = TTTerminalCapabilities(colorProfile: .trueColor, hyperlinks: true)

func fuzzOne(_ data: UnsafeRawBufferPointer) {
  guard let document = try? TTHTMLParser.parse(data, options: options) else { return }
  let url = URL(string: "https://fuzz.example/dir/page.html")
  for width in [10, 33, 80] {
    let page = TTWebRenderer(width: width).render(document, url: url)
    for line in page.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    where TTDisplayWidth.of(String(line)) > width {
      fatalError("a line of \(TTDisplayWidth.of(String(line))) columns at width \(width)")
    }
    if let leak = escapeLeak(in: page.ansiText(capabilities: terminal)) {
      fatalError("page text reached the terminal as control data: \(leak)")
    }
    var canvas = TTCanvas(width: width, height: 12)
    let matches = page.find("a")
    page.draw(
      on: &canvas, in: canvas.bounds, top: 0, left: 3, focusedLink: page.links.isEmpty ? nil : 0,
      highlights: matches, currentHighlight: matches.isEmpty ? nil : 0)
    if let leak = escapeLeak(in: TTANSIRenderer(capabilities: terminal).render(canvas)) {
      fatalError("a drawn page reached the terminal as control data: \(leak)")
    }
  }
}

runFuzzTarget(fuzzOne)
