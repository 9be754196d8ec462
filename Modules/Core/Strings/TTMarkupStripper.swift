/// A single-pass scanner that turns HTML or XML into plain text; behind
/// ``TTAdditions/removingMarkup``.
///
/// Three20's `TTMarkupStripper` fed the text to an XML parser, which gave up on the first
/// malformed tag. This one reads UTF-8 bytes left to right and never gives up; see
/// ``TTAdditions/removingMarkup`` for the rules. Every search it makes either consumes what it
/// scanned or is remembered, so the work is linear in the length of the input.
struct TTMarkupStripper {
  /// What a `<` turned out to start.
  private enum Markup {
    /// A start or end tag, with its lowercased name and the index just past its `>`.
    case tag(name: String, isEnd: Bool, isSelfClosing: Bool, end: Int)
    /// A comment, declaration or processing instruction, ending before `end`.
    case ignored(end: Int)
    /// A CDATA section whose text is `content`, ending before `end`.
    case cdata(content: Range<Int>, end: Int)
  }

  /// Finds a byte pattern, remembering the last answer so that repeated searches from
  /// increasing positions scan each byte at most once.
  private struct ForwardSearch {
    let pattern: [UInt8]
    private var lastFound: Int?
    private var lastStart = Int.max
    private var absentFrom = Int.max

    init(_ pattern: String) {
      self.pattern = Array(pattern.utf8)
    }

    /// The first index at or after `start` where the pattern begins, or `nil`.
    mutating func first(in input: [UInt8], from start: Int) -> Int? {
      if start >= absentFrom { return nil }
      if let found = lastFound, lastStart <= start, found >= start { return found }
      lastStart = start
      let first = pattern[0]
      var index = start
      while index + pattern.count <= input.count {
        if input[index] == first && input[index..<index + pattern.count].elementsEqual(pattern) {
          lastFound = index
          return index
        }
        index += 1
      }
      absentFrom = start
      return nil
    }
  }

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

  private let input: [UInt8]
  private var writer = TextWriter()
  private var scratch: [UInt8] = []
  /// Whether quotes in tags are honoured; turned off for good after one never closes.
  private var honoursQuotes = true
  private var tagClose = ForwardSearch(">")
  private var commentClose = ForwardSearch("-->")
  private var cdataClose = ForwardSearch("]]>")
  private var endTagOpen = ForwardSearch("</")

  private init(_ string: String) {
    input = Array(string.utf8)
  }

  /// The plain text of `string`.
  static func strip(_ string: String) -> String {
    var stripper = TTMarkupStripper(string)
    stripper.run()
    return stripper.writer.text
  }

  private mutating func run() {
    let count = input.count
    var textStart = 0
    var index = 0
    while index < count {
      guard let open = input[index..<count].firstIndex(of: UInt8(ascii: "<")) else { break }
      guard let markup = classify(at: open) else {
        index = open + 1  // a `<` that starts nothing is text
        continue
      }
      writeText(textStart..<open)
      switch markup {
      case .ignored(let end):
        index = end
      case .cdata(let content, let end):
        writer.write(Array(input[content]))
        index = end
      case .tag(let name, let isEnd, let isSelfClosing, let end):
        index = end
        if name == "br" {
          writer.endLine()
        } else if Self.blockElements.contains(name) {
          writer.endLineIfNeeded()
        } else if name == "td" || name == "th" {
          writer.separateWithSpace()
        } else if !isEnd && !isSelfClosing && Self.rawTextElements.contains(name) {
          index = endOfRawText(named: name, from: end)
        }
      }
      textStart = index
    }
    writeText(textStart..<count)
  }

  /// Writes a run of text with its character references decoded.
  private mutating func writeText(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    scratch.removeAll(keepingCapacity: true)
    TTHTMLEntityDecoder.decode(input[range], into: &scratch)
    writer.write(scratch)
  }

  /// What the `<` at `open` starts, or `nil` when it is plain text.
  private mutating func classify(at open: Int) -> Markup? {
    let count = input.count
    guard open + 1 < count else { return nil }
    let next = input[open + 1]
    if Self.isLetter(next) {
      return tag(nameStart: open + 1, isEnd: false)
    }
    if next == UInt8(ascii: "/") {
      guard open + 2 < count, Self.isLetter(input[open + 2]) else { return nil }
      return tag(nameStart: open + 2, isEnd: true)
    }
    if next == UInt8(ascii: "!") {
      if hasPrefix("<!--", at: open) {
        // Searching from the `--` of `<!--` also accepts the empty comments `<!-->` and `<!--->`.
        guard let close = commentClose.first(in: input, from: open + 2) else { return nil }
        return .ignored(end: close + 3)
      }
      if hasPrefix("<![CDATA[", at: open) {
        let contentStart = open + 9
        guard let close = cdataClose.first(in: input, from: contentStart) else { return nil }
        return .cdata(content: contentStart..<close, end: close + 3)
      }
    }
    if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      guard let close = tagClose.first(in: input, from: open + 2) else { return nil }
      return .ignored(end: close + 1)
    }
    return nil
  }

  /// Reads a tag whose name starts at `nameStart`, or returns `nil` if it never ends.
  private mutating func tag(nameStart: Int, isEnd: Bool) -> Markup? {
    let count = input.count
    var nameEnd = nameStart
    while nameEnd < count && Self.isNameByte(input[nameEnd]) { nameEnd += 1 }
    guard let close = closeOfTag(from: nameEnd) else { return nil }
    let name = String(decoding: input[nameStart..<nameEnd], as: UTF8.self).lowercased()
    let isSelfClosing = close > nameEnd && input[close - 1] == UInt8(ascii: "/")
    return .tag(name: name, isEnd: isEnd, isSelfClosing: isSelfClosing, end: close + 1)
  }

  /// The index of the `>` that closes a tag, skipping quoted attribute values; `nil` if none.
  ///
  /// A quote opens a value only right after `=` (spaces allowed between), as in HTML. If a
  /// quoted value never closes, quotes cannot be trusted in this input: the tag ends at the
  /// first `>`, and later tags ignore quotes too. That keeps the scan linear.
  private mutating func closeOfTag(from start: Int) -> Int? {
    if honoursQuotes {
      var quote: UInt8?
      var afterEquals = false
      var index = start
      while index < input.count {
        let byte = input[index]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: ">") {
          return index
        } else if afterEquals && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
          quote = byte
          afterEquals = false
        } else if byte == UInt8(ascii: "=") {
          afterEquals = true
        } else if !Self.isSpace(byte) {
          afterEquals = false
        }
        index += 1
      }
      honoursQuotes = false
    }
    return tagClose.first(in: input, from: start)
  }

  /// The index just past the end tag of a `script` or `style` element whose contents start at
  /// `start`; the end of the input when the element is never closed.
  private mutating func endOfRawText(named name: String, from start: Int) -> Int {
    let count = input.count
    let nameBytes = Array(name.utf8)
    var searchFrom = start
    while let open = endTagOpen.first(in: input, from: searchFrom) {
      let nameStart = open + 2
      let nameEnd = nameStart + nameBytes.count
      searchFrom = open + 1
      guard nameEnd <= count,
        zip(input[nameStart..<nameEnd], nameBytes).allSatisfy({ Self.lowercased($0) == $1 })
      else { continue }
      guard
        nameEnd == count || Self.isSpace(input[nameEnd]) || input[nameEnd] == UInt8(ascii: "/")
          || input[nameEnd] == UInt8(ascii: ">")
      else { continue }
      return tagClose.first(in: input, from: nameEnd).map { $0 + 1 } ?? count
    }
    return count
  }

  private func hasPrefix(_ prefix: String, at index: Int) -> Bool {
    let bytes = prefix.utf8
    guard index + bytes.count <= input.count else { return false }
    return input[index..<index + bytes.count].elementsEqual(bytes)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r") || byte == 0x0C
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }
}
