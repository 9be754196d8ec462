import Foundation
import Three20Core
import Three20Style

/// Style's benchmarks: styled-text parse + layout throughput, and writing a full-screen canvas.
enum StyleBenchmarks {
  static func run() {
    styledText()
    canvasFrame()
  }

  /// A deterministic XHTML document of about `targetBytes`: paragraphs with bold, italic,
  /// links, classes, entities, CJK and emoji, as a feed reader would show.
  static func document(targetBytes: Int) -> String {
    let words = [
      "three20", "table", "navigator", "style", "the", "a", "terminal", "canvas", "layout", "width",
      "漢字", "テスト", "emoji😀", "café", "naïve", "request", "cache", "model", "feed", "item",
    ]
    var generator = SplitMix(seed: 7)
    var text = ""
    text.reserveCapacity(targetBytes + 1024)
    while text.utf8.count < targetBytes {
      text += "<p>"
      for index in 0..<(40 + Int(generator.next() % 40)) {
        let word = words[Int(generator.next() % UInt64(words.count))]
        switch index % 17 {
        case 3: text += "<b>\(word)</b> "
        case 7: text += "<i>\(word)</i> "
        case 11: text += "<a href=\"https://example.com/\(word)\">\(word)</a> "
        case 13: text += "<span class=\"tag\">\(word)</span> "
        case 15: text += "\(word)&amp;co&#233; "
        default: text += word + " "
        }
      }
      text += "</p>\n"
    }
    return text
  }

  /// Parsing and laying out styled text at width 80, against the least work that turns the same
  /// markup into lines of width 80: Core's markup stripper plus plain word wrap by display width.
  static func styledText() {
    let source = document(targetBytes: 2_000_000)
    let megabytes = Double(source.utf8.count) / 1_000_000
    let ours = measure(minimumRuns: 3) {
      guard let text = try? TTStyledText(xhtml: source, mode: .lenient) else { fatalError("parse failed") }
      blackHole(text.layout(width: 80).height)
    }
    let anchor = measure(minimumRuns: 3) {
      let plain = source.tt.removingMarkup
      blackHole(TTTextLayout.lines(for: plain, width: 80, look: TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)).count)
    }
    print("style.styled-text: \(format(megabytes)) MB of XHTML at width 80")
    print("  ours (TTStyledText parse + layout): \(format(megabytes / ours.seconds)) MB/s")
    print("  anchor (strip markup + plain wrap):  \(format(megabytes / anchor.seconds)) MB/s")
    report(
      "style.styled-text", ours: megabytes / ours.seconds, anchorName: "strip-and-wrap",
      anchor: megabytes / anchor.seconds, unit: "MB/s", higherIsBetter: true)
  }

  /// Rendering a 200×60 full-screen canvas of styled text as truecolor ANSI and writing it out,
  /// against a renderer that writes every cell's full SGR sequence (what a simple implementation
  /// does), both written to /dev/null.
  static func canvasFrame() {
    var canvas = TTCanvas(width: 200, height: 60)
    var generator = SplitMix(seed: 3)
    let palette = (0..<12).map { TTColor(hue: Double($0) * 30, saturation: 0.6, value: 0.9) }
    for row in 0..<60 {
      canvas.fill(
        TTRect(x: 0, y: row, width: 200, height: 1),
        style: TTCellStyle(background: row % 2 == 0 ? TTColor(red: 30, green: 30, blue: 40) : nil))
      var x = 0
      while x < 200 {
        let word = ["table", "cell", "漢字", "row", "😀", "style"][Int(generator.next() % 6)]
        let color = palette[Int(generator.next() % UInt64(palette.count))]
        x += canvas.write(
          word + " ", at: TTPoint(x: x, y: row),
          style: TTCellStyle(foreground: color, attributes: generator.next() % 5 == 0 ? .bold : []))
      }
    }
    guard let devNull = FileHandle(forWritingAtPath: "/dev/null") else { fatalError("no /dev/null") }
    let renderer = TTANSIRenderer(capabilities: .trueColor)
    var ourBytes = 0
    let ours = measure(minimumRuns: 50) {
      let text = renderer.render(canvas)
      ourBytes = text.utf8.count
      devNull.write(Data(text.utf8))
    }
    var naiveBytes = 0
    let anchor = measure(minimumRuns: 50) {
      var text = ""
      for row in 0..<canvas.height {
        for cell in canvas.row(row) where !cell.isContinuation {
          text += renderer.sgr(from: .plain, to: cell.style).isEmpty ? "\u{1B}[0m" : "\u{1B}[0m" + renderer.sgr(from: .plain, to: cell.style)
          text.append(cell.character)
        }
        text += "\u{1B}[0m\n"
      }
      naiveBytes = text.utf8.count
      devNull.write(Data(text.utf8))
    }
    print("style.canvas-frame: 200×60 canvas, truecolor ANSI, written to /dev/null")
    print("  ours (TTANSIRenderer, changes only): \(format(ours.seconds * 1000)) ms, \(ourBytes) bytes")
    print("  anchor (full SGR per cell):         \(format(anchor.seconds * 1000)) ms, \(naiveBytes) bytes")
    report(
      "style.canvas-frame", ours: ours.seconds * 1000, anchorName: "sgr-per-cell", anchor: anchor.seconds * 1000,
      unit: "ms", higherIsBetter: false)
  }
}

/// SplitMix64, for repeatable generated inputs.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
