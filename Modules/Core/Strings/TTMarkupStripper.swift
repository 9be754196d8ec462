/// A single-pass scanner that turns HTML or XML into plain text; behind
/// ``TTAdditions/removingMarkup``.
///
/// Three20's `TTMarkupStripper` fed the text to an XML parser, which gave up on the first
/// malformed tag. This one reads UTF-8 bytes left to right with ``TTHTMLScanner`` (which the
/// HTML sanitizer shares) and never gives up; see ``TTAdditions/removingMarkup`` for the rules.
/// Every search it makes either consumes what it scanned or is remembered, so the work is linear
/// in the length of the input.
struct TTMarkupStripper {
  /// Collects text, collapsing spaces and tabs and tracking line starts.
  private struct TextWriter {
    private(set) var output: [UInt8] = []
    private var pendingSpace = false
    private var atLineStart = true
    private var afterCarriageReturn = false

    /// Writes text bytes: runs of spaces and tabs become one space, dropped at line ends and
    /// starts; `\r\n`, `\r` and `\n` each end a line.
    mutating func write(_ bytes: [UInt8]) {
      for byte in bytes {
        if byte == UInt8(ascii: "\n") && afterCarriageReturn {
          afterCarriageReturn = false
          continue
        }
        afterCarriageReturn = byte == UInt8(ascii: "\r")
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0C:
          if !atLineStart { pendingSpace = true }
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          endLine()
        default:
          if pendingSpace {
            output.append(UInt8(ascii: " "))
            pendingSpace = false
          }
          output.append(byte)
          atLineStart = false
        }
      }
    }

    /// Ends the line, even an empty one (`<br>`).
    mutating func endLine() {
      pendingSpace = false
      output.append(UInt8(ascii: "\n"))
      atLineStart = true
    }

    /// Ends the line unless it is already empty (block elements).
    mutating func endLineIfNeeded() {
      afterCarriageReturn = false
      if !atLineStart { endLine() }
    }

    /// Separates what follows with a space unless at a line start (table cells).
    mutating func separateWithSpace() {
      afterCarriageReturn = false
      if !atLineStart { pendingSpace = true }
    }

    /// The text without leading or trailing line breaks.
    var text: String {
      let newline = UInt8(ascii: "\n")
      let start = output.firstIndex { $0 != newline } ?? output.endIndex
      let end = output.lastIndex { $0 != newline }.map { $0 + 1 } ?? start
      return String(decoding: output[start..<max(start, end)], as: UTF8.self)
    }
  }

  /// Elements that start and end on their own line.
  private static let blockElements: Set<String> = [
    "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "dt", "dd",
    "table", "blockquote", "pre", "hr", "section", "article", "header", "footer", "nav", "aside",
    "figure", "figcaption", "address", "form", "fieldset", "main",
  ]

  /// Elements whose contents are not text.
  private static let rawTextElements: Set<String> = ["script", "style"]

  private var scanner: TTHTMLScanner
  private var writer = TextWriter()
  private var scratch: [UInt8] = []

  private init(_ string: String) {
    scanner = TTHTMLScanner(string)
  }

  /// The plain text of `string`.
  static func strip(_ string: String) -> String {
    var stripper = TTMarkupStripper(string)
    stripper.run()
    return stripper.writer.text
  }

  private mutating func run() {
    var textStart = 0
    while let (open, markup) = scanner.nextMarkup(from: textStart) {
      writeText(textStart..<open)
      var index: Int
      switch markup {
      case .ignored(let end):
        index = end
      case .cdata(let content, let end):
        writer.write(Array(scanner.input[content]))
        index = end
      case .tag(let name, let isEnd, _, let isSelfClosing, let end):
        index = end
        if name == "br" {
          writer.endLine()
        } else if Self.blockElements.contains(name) {
          writer.endLineIfNeeded()
        } else if name == "td" || name == "th" {
          writer.separateWithSpace()
        } else if !isEnd && !isSelfClosing && Self.rawTextElements.contains(name) {
          index = scanner.endOfRawText(named: name, from: end)
        }
      }
      textStart = index
    }
    writeText(textStart..<scanner.input.count)
  }

  /// Writes a run of text with its character references decoded.
  private mutating func writeText(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    scratch.removeAll(keepingCapacity: true)
    TTHTMLEntityDecoder.decode(scanner.input[range], into: &scratch)
    writer.write(scratch)
  }
}
