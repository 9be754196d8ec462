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

/// Where the rendered text breaks the promise, or nil.
func escapeLeak(in output: String) -> String? {
  let bytes = Array(output.utf8)
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    if byte == 0x1B {
      guard index + 1 < bytes.count else { return "a lone ESC at the end" }
      if bytes[index + 1] == UInt8(ascii: "[") {
        // SGR: digits and semicolons, then `m`.
        var end = index + 2
        while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end]) {
          end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "m") else {
          return "a control sequence other than SGR at byte \(index)"
        }
        index = end + 1
        continue
      }
      if bytes[index + 1] == UInt8(ascii: "]") {
        // OSC 8 hyperlink: `ESC ] 8 ; ;` link text without controls, then `ESC \`.
        guard bytes.count >= index + 5, bytes[(index + 2)..<(index + 5)].elementsEqual("8;;".utf8) else {
          return "an OSC other than a hyperlink at byte \(index)"
        }
        var end = index + 5
        while end < bytes.count, bytes[end] != 0x1B {
          if bytes[end] < 0x20 || bytes[end] == 0x7F { return "a control character inside a hyperlink" }
          if bytes[end] == 0xC2, end + 1 < bytes.count, (0x80...0x9F).contains(bytes[end + 1]) {
            return "a C1 control character inside a hyperlink"
          }
          end += 1
        }
        guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") else {
          return "a hyperlink not ended by ST"
        }
        index = end + 2
        continue
      }
      return "ESC followed by \(bytes[index + 1]) at byte \(index)"
    }
    if (byte < 0x20 && byte != 0x0A) || byte == 0x7F {
      return "control character \(byte) at byte \(index)"
    }
    // C1 controls are U+0080–U+009F, encoded as C2 80 – C2 9F.
    if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
      return "C1 control character at byte \(index)"
    }
    index += 1
  }
  return nil
}

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
