import Foundation
import Three20Core
import Three20Style

/// Style's benchmarks: styled-text parse + layout throughput, and writing a full-screen canvas.
enum StyleBenchmarks {
  static func run() {
    styledText()
    breakdown()
    canvasFrame()
  }

  /// Whether `TT_BENCH_SMALL` is set.
  ///
  /// It makes inputs smaller and runs single, for profiling under callgrind; the figures are
  /// then not comparable with a normal run.
  static let small = ProcessInfo.processInfo.environment["TT_BENCH_SMALL"] != nil

  /// The size of the generated XHTML document.
  static var documentBytes: Int { small ? 200_000 : 2_000_000 }

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
    let source = document(targetBytes: documentBytes)
    let megabytes = Double(source.utf8.count) / 1_000_000
    let ours = measure(minimumRuns: small ? 1 : 3, minimumTime: small ? 0 : 1) {
      guard let text = try? TTStyledText(xhtml: source, mode: .lenient) else { fatalError("parse failed") }
      blackHole(text.layout(width: 80).height)
    }
    let anchor = measure(minimumRuns: small ? 1 : 3, minimumTime: small ? 0 : 1) {
      let plain = source.tt.removingMarkup
      blackHole(
        TTTextLayout.lines(
          for: plain, width: 80, look: TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
        ).count)
    }
    print("style.styled-text: \(format(megabytes)) MB of XHTML at width 80")
    print("  ours (TTStyledText parse + layout): \(format(megabytes / ours.seconds)) MB/s")
    print("  anchor (strip markup + plain wrap):  \(format(megabytes / anchor.seconds)) MB/s")
    report(
      "style.styled-text", ours: megabytes / ours.seconds, anchorName: "strip-and-wrap",
      anchor: megabytes / anchor.seconds, unit: "MB/s", higherIsBetter: true)
  }

  /// The parts of the styled-text comparison measured on their own, to show where the time goes.
  ///
  /// Parsing, styled layout, markup stripping, plain word wrap, display width, and canvas
  /// writes of the wrapped lines. Informational lines only (no BENCH line).
  static func breakdown() {
    let source = document(targetBytes: documentBytes)
    let megabytes = Double(source.utf8.count) / 1_000_000
    let runs = small ? 1 : 3
    let time = small ? 0.0 : 1.0
    guard let text = try? TTStyledText(xhtml: source, mode: .lenient) else { fatalError("parse failed") }
    let plain = source.tt.removingMarkup
    let plainMegabytes = Double(plain.utf8.count) / 1_000_000
    let look = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
    let wrapped = TTTextLayout.lines(for: plain, width: 80, look: look)

    let parse = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(try? TTStyledText(xhtml: source, mode: .lenient))
    }
    // A text keeps its last layout: alternate the width (80, 81) so every run lays out anew.
    var layoutWidth = 80
    let layout = measure(minimumRuns: runs, minimumTime: time) {
      layoutWidth = layoutWidth == 80 ? 81 : 80
      blackHole(text.layout(width: layoutWidth).height)
    }
    let strip = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(source.tt.removingMarkup)
    }
    let wrap = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(TTTextLayout.lines(for: plain, width: 80, look: look).count)
    }
    let width = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(TTDisplayWidth.of(plain))
    }
    var canvas = TTCanvas(width: 80, height: 1)
    let write = measure(minimumRuns: runs, minimumTime: time) {
      var columns = 0
      for line in wrapped {
        columns &+= canvas.write(line, at: .zero, style: TTCellStyle(attributes: .bold))
      }
      blackHole(columns)
    }
    print(
      "style.breakdown: \(format(megabytes)) MB of XHTML, \(format(plainMegabytes)) MB stripped, width 80")
    print("  TTStyledText parse:                 \(format(megabytes / parse.seconds)) MB/s of XHTML")
    print("  TTStyledText layout:                \(format(megabytes / layout.seconds)) MB/s of XHTML")
    print("  Core removingMarkup:                \(format(megabytes / strip.seconds)) MB/s of XHTML")
    print("  TTTextLayout.lines (word wrap):     \(format(plainMegabytes / wrap.seconds)) MB/s of text")
    print("  TTDisplayWidth.of(String):          \(format(plainMegabytes / width.seconds)) MB/s of text")
    print("  TTCanvas.write (wrapped lines):     \(format(plainMegabytes / write.seconds)) MB/s of text")
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
    let ours = measure(minimumRuns: small ? 1 : 50, minimumTime: small ? 0 : 1) {
      let text = renderer.render(canvas)
      ourBytes = text.utf8.count
      devNull.write(Data(text.utf8))
    }
    var naiveBytes = 0
    let anchor = measure(minimumRuns: small ? 1 : 50, minimumTime: small ? 0 : 1) {
      var text = ""
      for row in 0..<canvas.height {
        for cell in canvas.row(row) where !cell.isContinuation {
          text +=
            renderer.sgr(from: .plain, to: cell.style).isEmpty
            ? "\u{1B}[0m" : "\u{1B}[0m" + renderer.sgr(from: .plain, to: cell.style)
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
      "style.canvas-frame", ours: ours.seconds * 1000, anchorName: "sgr-per-cell",
      anchor: anchor.seconds * 1000,
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
