/// Lays text out in lines of terminal columns, as a label with a ``TTTextLook`` shows it.
///
/// Widths are display widths (``TTDisplayWidth``): a CJK character or an emoji takes two
/// columns, and no character (grapheme cluster) is ever split. The rules, after UIKit's
/// labels that Three20's `TTTextStyle` drew with:
///
/// - A newline starts a new line; control characters are shown as symbols
///   (``TTTerminalText/sanitized(_:keepingNewlines:)``).
/// - ``TTTextLook/LineBreakMode/wordWrap`` breaks lines at spaces and around wide (CJK)
///   characters, which may break anywhere; a word wider than the line is broken between
///   characters. ``TTTextLook/LineBreakMode/characterWrap`` breaks between any characters.
///   Spaces where a line breaks are dropped.
/// - The truncating modes and ``TTTextLook/LineBreakMode/clip`` wrap too when more than one
///   line is allowed. When text is left over, the last line shown takes the rest of the text
///   and is cut with `…` at its end, start or middle, or simply cut off.
/// - At most ``TTTextLook/numberOfLines`` lines (0: no limit) and, when drawing, no more than
///   the rectangle's height.
///
/// ```swift
/// let look = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
/// TTTextLayout.lines(for: "The quick brown fox", width: 10, look: look)
/// // ["The quick", "brown fox"]
/// TTTextLayout.lines(for: "The quick brown fox", width: 10, look: TTTextLook())
/// // ["The quick…"]
/// ```
public enum TTTextLayout {
  /// Lays text out in lines that fit a width, as a label with `look` would show it.
  ///
  /// The text is first made terminal-safe (newlines kept). Then:
  /// - With `.wordWrap` or `.characterWrap`, or any mode when `look.numberOfLines` is not 1,
  ///   each paragraph wraps: at spaces and around wide characters for word wrapping (a word
  ///   longer than the width is broken), anywhere for character wrapping.
  /// - Otherwise each paragraph is one line.
  /// - The lines are limited to `look.numberOfLines` (0 = no limit) and to `maxLines`. When
  ///   text is left over, the last line shown takes the rest of the text and is cut by the
  ///   mode: `…` at the tail, head or middle, or clipped.
  /// - Any line still too wide is cut the same way.
  ///
  /// ```swift
  /// let look = TTTextLook(lineBreakMode: .truncateMiddle)
  /// TTTextLayout.lines(for: "abcdefghij", width: 7, look: look)   // ["abc…hij"]
  /// TTTextLayout.lines(for: "漢字かな", width: 5, look: TTTextLook())   // ["漢字…"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns available; 0 or less gives no lines.
  ///   - look: The line breaking mode and number of lines.
  ///   - maximumLines: A further limit on the lines, such as the rows available; none by default.
  /// - Returns: The lines, each at most `width` columns wide.
  public static func lines(
    for text: String, width: Int, look: TTTextLook, maximumLines: Int? = nil
  ) -> [String] {
    let maxLines = maximumLines ?? .max
    guard width > 0, maxLines > 0 else { return [] }
    let safe = TTTerminalText.sanitized(text, keepingNewlines: true)
    let mode = look.lineBreakMode
    let wraps = mode == .wordWrap || mode == .characterWrap || look.numberOfLines != 1
    var lines: [String] = []
    // Paragraphs end at newlines (a sanitised text has no CR, so every LF is a character of
    // its own and a paragraph's bounds are character boundaries).
    let utf8 = safe.utf8
    var paragraphStart = utf8.startIndex
    while true {
      let paragraphEnd = utf8[paragraphStart...].firstIndex(of: 0x0A) ?? utf8.endIndex
      let paragraph = safe[paragraphStart..<paragraphEnd]
      if !wraps {
        lines.append(String(paragraph))
      } else if mode == .characterWrap {
        wrapCharacters(paragraph, width: width, into: &lines)
      } else {
        var wrapper = WordWrapper(paragraph: paragraph, width: width)
        wrapper.run()
        lines += wrapper.lines
      }
      guard paragraphEnd < utf8.endIndex else { break }
      paragraphStart = utf8.index(after: paragraphEnd)
    }
    let limit = min(maxLines, look.numberOfLines > 0 ? look.numberOfLines : .max)
    if lines.count > limit {
      // The last line shows as much of the remaining text as fits, cut by the mode; wrapping
      // modes cut it at the tail, as UIKit does. When the rest would fit on one line (it
      // was cut at newlines), the last line shown ends with the mark instead.
      let last = lines[limit - 1]
      let rest = lines[(limit - 1)...].filter { !$0.isEmpty }.joined(separator: " ")
      lines = Array(lines.prefix(limit - 1))
      if TTDisplayWidth.of(rest) > width {
        lines.append(fit(rest, width: width, mode: mode, forceEllipsis: false))
      } else {
        lines.append(fit(last, width: width, mode: mode, forceEllipsis: true))
      }
    }
    return lines.map { fit($0, width: width, mode: mode, forceEllipsis: false) }
  }

  /// Cuts one line to `width` by the mode; `forceEllipsis` marks text cut by the line limit.
  private static func fit(
    _ line: String, width: Int, mode: TTTextLook.LineBreakMode, forceEllipsis: Bool
  ) -> String {
    let columns = TTDisplayWidth.of(line)
    guard columns > width || forceEllipsis else { return line }
    switch mode {
    case .clip:
      return TTDisplayWidth.prefix(line, fitting: width)
    case .truncateHead:
      guard columns > width else { return forceEllipsis ? marked(line, width: width) : line }
      return "…" + TTDisplayWidth.suffix(line, fitting: width - 1)
    case .truncateMiddle:
      guard columns > width else { return forceEllipsis ? marked(line, width: width) : line }
      let room = width - 1
      let head = TTDisplayWidth.prefix(line, fitting: (room + 1) / 2)
      let tail = TTDisplayWidth.suffix(line, fitting: room - TTDisplayWidth.of(head))
      return head + "…" + tail
    case .truncateTail, .wordWrap, .characterWrap:
      guard columns > width else { return marked(line, width: width) }
      return TTDisplayWidth.truncate(line, to: width)
    }
  }

  /// A line that fits, ending in `…` to say that text below it was left out.
  private static func marked(_ line: String, width: Int) -> String {
    TTDisplayWidth.prefix(line, fitting: width - 1) + "…"
  }

  /// Wraps one paragraph (no newlines) into lines of at most `width` columns, breaking
  /// between any two characters.
  private static func wrapCharacters(_ paragraph: Substring, width: Int, into lines: inout [String]) {
    // Every line is a stretch of the paragraph: remember where it starts.
    let utf8 = paragraph.utf8
    var lineStart = 0
    var lineEnd = 0
    var lineWidth = 0
    TTDisplayWidth.forEachCharacter(in: paragraph) { start, end, columns in
      if lineWidth + columns > width, lineEnd > lineStart {
        lines.append(
          String(
            paragraph[
              utf8.index(
                utf8.startIndex, offsetBy: lineStart)..<utf8.index(utf8.startIndex, offsetBy: lineEnd)]))
        lineStart = start
        lineWidth = 0
      }
      lineEnd = end
      lineWidth += columns
      return true
    }
    lines.append(
      String(
        paragraph[
          utf8.index(utf8.startIndex, offsetBy: lineStart)..<utf8.index(utf8.startIndex, offsetBy: lineEnd)]))
  }

  /// Word wrapping of one paragraph (no newlines) into lines of at most `width` columns.
  ///
  /// The paragraph is cut into tokens: runs of spaces, words, and single wide characters (a
  /// line may break before or after any wide character, as CJK text has no spaces). Spaces
  /// at the start of the paragraph are kept (indentation); elsewhere they wait for the next
  /// word and vanish at a line break. A word longer than the line is broken by characters.
  private struct WordWrapper {
    let paragraph: Substring
    let width: Int
    private(set) var lines: [String] = []
    private var line = ""
    private var lineWidth = 0
    /// Whether the line is empty or only the paragraph's indentation.
    private var lineIsBlank = true
    /// The spaces (each one column, one byte) waiting for the next word.
    private var pendingSpaces = 0

    init(paragraph: Substring, width: Int) {
      self.paragraph = paragraph
      self.width = width
    }

    /// Cuts the paragraph into tokens and places them.
    mutating func run() {
      if paragraph.isEmpty {
        lines.append("")
        return
      }
      var tokenStart = 0
      var tokenEnd = 0
      var tokenWidth = 0
      var tokenIsSpace = false
      let utf8 = paragraph.utf8
      TTDisplayWidth.forEachCharacter(in: paragraph) { start, end, columns in
        let isSpace = end - start == 1 && utf8[utf8.index(utf8.startIndex, offsetBy: start)] == 0x20
        if columns == 2 {
          if tokenEnd > tokenStart { place(tokenStart, tokenEnd, tokenWidth, isSpace: tokenIsSpace) }
          place(start, end, columns, isSpace: false)
          tokenStart = end
          tokenEnd = end
          tokenWidth = 0
          return true
        }
        if tokenEnd > tokenStart && isSpace != tokenIsSpace {
          place(tokenStart, tokenEnd, tokenWidth, isSpace: tokenIsSpace)
          tokenStart = start
          tokenWidth = 0
        }
        tokenEnd = end
        tokenWidth += columns
        tokenIsSpace = isSpace
        return true
      }
      if tokenEnd > tokenStart { place(tokenStart, tokenEnd, tokenWidth, isSpace: tokenIsSpace) }
      lines.append(line)
    }

    private func slice(_ start: Int, _ end: Int) -> Substring {
      let utf8 = paragraph.utf8
      return paragraph[
        utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    private mutating func breakLine() {
      lines.append(line)
      line = ""
      lineWidth = 0
      lineIsBlank = true
    }

    /// Places the token at UTF-8 offsets `start..<end`, `columns` wide.
    private mutating func place(_ start: Int, _ end: Int, _ columns: Int, isSpace: Bool) {
      if isSpace {
        if lines.isEmpty && line.isEmpty {
          let kept = min(end - start, width)
          line = String(repeating: " ", count: kept)
          lineWidth = kept
        } else {
          pendingSpaces += end - start
        }
        return
      }
      defer { pendingSpaces = 0 }
      if lineWidth + pendingSpaces + columns <= width {
        if pendingSpaces > 0 { line += String(repeating: " ", count: pendingSpaces) }
        line += slice(start, end)
        lineWidth += pendingSpaces + columns
        lineIsBlank = false
        return
      }
      if !line.isEmpty && !lineIsBlank { breakLine() }
      if columns <= width - lineWidth {
        line += slice(start, end)
        lineWidth += columns
        lineIsBlank = false
        return
      }
      // A word longer than the line is broken by characters.
      let word = slice(start, end)
      let utf8 = word.utf8
      TTDisplayWidth.forEachCharacter(in: word) { characterStart, characterEnd, characterColumns in
        if lineWidth + characterColumns > width, !line.isEmpty { breakLine() }
        line +=
          word[
            utf8.index(
              utf8.startIndex, offsetBy: characterStart)..<utf8.index(utf8.startIndex, offsetBy: characterEnd)
          ]
        lineWidth += characterColumns
        lineIsBlank = false
        return true
      }
    }
  }

  /// Draws text in a rectangle: lines from ``lines(for:width:look:maximumLines:)``, aligned
  /// horizontally and vertically as the look says, in its colours and attributes.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - rect: Where it goes; nothing is drawn outside it, and an empty rectangle draws nothing.
  ///   - look: How it looks and is laid out.
  ///   - canvas: The canvas to draw on.
  public static func draw(_ text: String, in rect: TTRect, look: TTTextLook, on canvas: inout TTCanvas) {
    guard !rect.isEmpty else { return }
    let lines = lines(for: text, width: rect.width, look: look, maximumLines: rect.height)
    let top: Int =
      switch look.verticalAlignment {
      case .top: rect.y
      case .middle: rect.y + (rect.height - lines.count) / 2
      case .bottom: rect.maxY - lines.count
      }
    canvas.withClip(rect) { canvas in
      for (index, line) in lines.enumerated() {
        let spare = max(0, rect.width - TTDisplayWidth.of(line))
        let x: Int =
          switch look.alignment {
          case .left: rect.x
          case .center: rect.x + spare / 2
          case .right: rect.x + spare
          }
        canvas.write(line, at: TTPoint(x: x, y: top + index), style: look.cellStyle, maxWidth: rect.maxX - x)
      }
    }
  }
}
