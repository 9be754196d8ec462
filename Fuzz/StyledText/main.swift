// A libFuzzer target for styled text: markup from data, laid out, drawn and written to a
// terminal.
//
// `make fuzz-styled-text` builds it with coverage and AddressSanitizer and runs libFuzzer on the
// seed corpus for a bounded time. Besides crashes, it checks the promise that nothing from data
// reaches the terminal as an escape sequence: the rendered text may hold only the renderer's
// own SGR (`ESC [ … m`) and hyperlink (`ESC ] 8 ; ; … ESC \`) sequences, and no other control
// character than a newline. Built normally (without FUZZING) it checks every file named on the
// command line once, which replays a crash input: `FuzzStyledText crash-1234`.
import Foundation
import FuzzSupport
import Three20Style

/// Parses one input both ways, lays it out at several widths and renders it with every
/// capability; a crash, a sanitizer report or a leaked escape sequence is a bug.
func fuzzOne(_ data: UnsafeRawBufferPointer) {
  let markup = String(decoding: data, as: UTF8.self)
  var texts: [TTStyledText] = [TTStyledText(text: markup, lineBreaks: true)]
  if let strict = try? TTStyledText(xhtml: markup) { texts.append(strict) }
  if let lenient = try? TTStyledText(xhtml: markup, lineBreaks: true, mode: .lenient) {
    texts.append(lenient)
  }
  let renderers = [
    TTANSIRenderer(capabilities: .plain),
    TTANSIRenderer(capabilities: TTTerminalCapabilities(colorProfile: .trueColor, hyperlinks: true)),
  ]
  for text in texts {
    for width in [1, 7, 40] {
      _ = text.layout(width: width)
    }
    var canvas = TTCanvas(width: 40, height: 12)
    text.draw(on: &canvas, at: TTPoint(x: 0, y: 0), width: 40)
    for renderer in renderers {
      if let leak = escapeLeak(in: renderer.render(canvas)) {
        fatalError("styled text from data reached the terminal as control data: \(leak)")
      }
    }
  }
}

runFuzzTarget(fuzzOne)
