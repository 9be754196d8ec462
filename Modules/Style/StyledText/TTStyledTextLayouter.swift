/// Lays a node tree out into a ``TTStyledTextLayout``: greedy word wrap, linear in the text.
///
/// The tree is walked once with an explicit stack. Text is cut into words at collapsible
/// whitespace; a word (which may span several styles, as in `foo<b>bar</b>`) is measured once
/// and placed on the current line, or on a new one. The rules are on ``TTStyledTextLayout``.
struct TTStyledTextLayouter {
  private struct Segment {
    var text: String
    var style: TTCellStyle
    /// The columns of `text`, or `nil` when it was put together from several pieces and must
    /// be measured whole (pieces can join into one character, such as two halves of a flag).
    var width: Int?
  }

  private let width: Int
  private let styling: TTStyledTextStyling
  private var classStyles: [String: TTTextLook?] = [:]

  private var lines: [TTStyledTextLayout.Line] = []
  private var runs: [TTStyledTextLayout.Run] = []
  private var lineWidth = 0
  /// The style of a collapsed space waiting to be written before the next word.
  private var pendingSpace: TTCellStyle?
  /// Whether an empty line is owed before the next content (after a paragraph).
  private var pendingBlankLine = false
  private var word: [Segment] = []
  private var wordWidth = 0
  /// Counts everything placed, so a paragraph can tell whether it had content.
  private var placed = 0

  /// Shown instead of a character wider than the whole layout (a wide character at width 1).
  static let tooWideReplacement: Character = "…"

  private init(width: Int, styling: TTStyledTextStyling) {
    self.width = max(1, width)
    self.styling = styling
  }

  /// Lays out `root` to `width` columns (at least 1).
  static func layout(_ root: TTStyledNode, width: Int, styling: TTStyledTextStyling) -> TTStyledTextLayout {
    var layouter = TTStyledTextLayouter(width: width, styling: styling)
    layouter.run(root)
    return TTStyledTextLayout(width: layouter.width, lines: layouter.lines)
  }

  private mutating func run(_ root: TTStyledNode) {
    var styles: [TTCellStyle] = []
    var paragraphStarts: [Int] = []
    root.walk { event in
      switch event {
      case .enter(let node):
        let style = self.style(for: node, inheriting: styles.last ?? .plain)
        styles.append(style)
        switch node.kind {
        case .text(let text): addText(text, style: style)
        case .lineBreak: hardBreak()
        case .image(let image):
          let alternate = TTTerminalText.sanitized(image.alternateText ?? "")
          addToWord(TTStyledTextLayouter.placeholder(for: alternate), style: style)
        case .division: blockBoundary()
        case .paragraph:
          blockBoundary()
          paragraphStarts.append(placed)
        default: break
        }
      case .leave(let node):
        styles.removeLast()
        switch node.kind {
        case .division: blockBoundary()
        case .paragraph:
          blockBoundary()
          if let start = paragraphStarts.popLast(), placed != start { pendingBlankLine = true }
        default: break
        }
      }
      return true
    }
    flushWord()
    if !runs.isEmpty { finishLine() }
  }

  private static func placeholder(for alternate: String) -> String {
    let trimmed = alternate.split(whereSeparator: { isCollapsible($0) }).joined(separator: " ")
    return "[" + (trimmed.isEmpty ? "image" : trimmed) + "]"
  }

  private mutating func style(for node: TTStyledNode, inheriting parent: TTCellStyle) -> TTCellStyle {
    var style = parent
    if let look = styling.look(for: node.kind) { style = TTStyledTextStyling.apply(look, to: style) }
    if case .link(let href) = node.kind { style.link = href }
    if let className = node.className, let look = classLook(className) {
      style = TTStyledTextStyling.apply(look, to: style)
    }
    return style
  }

  private mutating func classLook(_ name: String) -> TTTextLook? {
    if let cached = classStyles[name] { return cached }
    let look = styling.styleForClass(name)?.textLook
    classStyles[name] = look
    return look
  }

  // MARK: - Text

  private mutating func addText(_ text: String, style: TTCellStyle) {
    let safe = Substring(TTTerminalText.sanitized(text, keepingNewlines: true))
    let utf8 = safe.utf8
    // Words are the stretches between collapsible characters, measured as they are scanned.
    var chunkStart = 0
    var chunkWidth = 0
    TTDisplayWidth.forEachCharacter(in: safe) { start, end, columns in
      if TTStyledTextLayouter.isCollapsible(utf8, start, end) {
        if chunkStart < start {
          addToWord(TTStyledTextLayouter.slice(safe, chunkStart, start), width: chunkWidth, style: style)
        }
        flushWord()
        if pendingSpace == nil { pendingSpace = style }
        chunkStart = end
        chunkWidth = 0
      } else {
        chunkWidth += columns
      }
      return true
    }
    if chunkStart < utf8.count {
      addToWord(TTStyledTextLayouter.slice(safe, chunkStart, utf8.count), width: chunkWidth, style: style)
    }
  }

  /// The text between two UTF-8 offsets of `text`.
  private static func slice(_ text: Substring, _ start: Int, _ end: Int) -> String {
    let utf8 = text.utf8
    return String(
      text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
  }

  /// Whether the character at UTF-8 offsets `start..<end` of `utf8` is collapsible whitespace
  /// (see ``isCollapsible(_:)``): all its bytes are space, tab, newline, carriage return or
  /// form feed, which are single-byte scalars.
  private static func isCollapsible(_ utf8: Substring.UTF8View, _ start: Int, _ end: Int) -> Bool {
    var index = utf8.index(utf8.startIndex, offsetBy: start)
    for _ in start..<end {
      switch utf8[index] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C: break
      default: return false
      }
      index = utf8.index(after: index)
    }
    return true
  }

  /// Whether a character is whitespace that HTML collapses: space, tab, newline, carriage
  /// return, form feed (not the no-break space).
  static func isCollapsible(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }
  }

  /// Adds text to the word being gathered; `width` is its width when known.
  private mutating func addToWord(_ text: String, width columns: Int? = nil, style: TTCellStyle) {
    guard !text.isEmpty else { return }
    let columns = columns ?? TTDisplayWidth.of(text)
    wordWidth += columns
    if let last = word.last, last.style == style {
      word[word.count - 1].text += text
      word[word.count - 1].width = nil
    } else {
      word.append(Segment(text: text, style: style, width: columns))
    }
  }

  private mutating func flushWord() {
    guard !word.isEmpty else { return }
    defer {
      word.removeAll(keepingCapacity: true)
      wordWidth = 0
      pendingSpace = nil
    }
    let spaceStyle = runs.isEmpty ? nil : pendingSpace
    var space = spaceStyle == nil ? 0 : 1
    if !runs.isEmpty, lineWidth + space + wordWidth > width {
      finishLine()
      space = 0
    }
    beginContent()
    if wordWidth <= width - lineWidth {
      if space == 1, let spaceStyle { append(" ", style: spaceStyle, width: 1) }
      for segment in word { append(segment.text, style: segment.style, width: segment.width) }
      return
    }
    // Longer than the width: break between characters.
    for segment in word {
      for character in segment.text {
        var shown = character
        var columns = TTDisplayWidth.of(character)
        if columns > width {
          shown = TTStyledTextLayouter.tooWideReplacement
          columns = 1
        }
        if lineWidth + columns > width, !runs.isEmpty { finishLine() }
        append(String(shown), style: segment.style, width: columns)
      }
    }
  }

  // MARK: - Lines

  /// Writes the empty line a paragraph owes before the first content after it.
  private mutating func beginContent() {
    guard pendingBlankLine, runs.isEmpty else { return }
    pendingBlankLine = false
    if !lines.isEmpty { lines.append(TTStyledTextLayout.Line()) }
  }

  private mutating func append(_ text: String, style: TTCellStyle, width columns: Int?) {
    let columns = columns ?? TTDisplayWidth.of(text)
    // A no-break space (U+00A0, bytes C2 A0) is drawn as a space.
    let shown =
      TTStyledTextLayouter.mayContainNoBreakSpace(text) && text.contains("\u{A0}")
      ? String(text.map { $0 == "\u{A0}" ? " " : $0 }) : text
    if let last = runs.last, last.style == style {
      runs[runs.count - 1].text += shown
      runs[runs.count - 1].width += columns
    } else {
      runs.append(TTStyledTextLayout.Run(text: shown, style: style, x: lineWidth, width: columns))
    }
    lineWidth += columns
    placed += 1
  }

  /// Whether the UTF-8 of `text` has the bytes of U+00A0; when not, no character of it is one.
  private static func mayContainNoBreakSpace(_ text: String) -> Bool {
    var afterC2 = false
    for byte in text.utf8 {
      if afterC2 && byte == 0xA0 { return true }
      afterC2 = byte == 0xC2
    }
    return false
  }

  private mutating func finishLine() {
    lines.append(TTStyledTextLayout.Line(runs: runs))
    runs.removeAll(keepingCapacity: true)
    lineWidth = 0
    pendingSpace = nil
  }

  private mutating func hardBreak() {
    flushWord()
    beginContent()
    finishLine()
    placed += 1
  }

  private mutating func blockBoundary() {
    flushWord()
    if !runs.isEmpty { finishLine() }
    pendingSpace = nil
  }
}
