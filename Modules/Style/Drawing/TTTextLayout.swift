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
    let paragraphs = safe.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let mode = look.lineBreakMode
    let wraps = mode == .wordWrap || mode == .characterWrap || look.numberOfLines != 1
    var lines: [String] = []
    for paragraph in paragraphs {
      if wraps {
        lines += wrap(paragraph, width: width, byWord: mode != .characterWrap)
      } else {
        lines.append(paragraph)
      }
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
      return "…" + suffix(line, fitting: width - 1)
    case .truncateMiddle:
      guard columns > width else { return forceEllipsis ? marked(line, width: width) : line }
      let room = width - 1
      let head = TTDisplayWidth.prefix(line, fitting: (room + 1) / 2)
      let tail = suffix(line, fitting: room - TTDisplayWidth.of(head))
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

  /// The longest suffix of `text` that fits `width` columns.
  private static func suffix(_ text: String, fitting width: Int) -> String {
    guard width > 0 else { return "" }
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      let next = used + TTDisplayWidth.of(text[previous])
      if next > width { break }
      used = next
      start = previous
    }
    return String(text[start...])
  }

  /// Wraps one paragraph (no newlines) into lines of at most `width` columns.
  private static func wrap(_ paragraph: String, width: Int, byWord: Bool) -> [String] {
    if paragraph.isEmpty { return [""] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    if !byWord {
      for character in paragraph {
        let columns = TTDisplayWidth.of(character)
        if lineWidth + columns > width, !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += columns
      }
      lines.append(line)
      return lines
    }
    var pendingSpaces = ""
    for token in tokens(of: paragraph) {
      if token.first == " " {
        // Spaces at the start of the paragraph are kept (indentation); elsewhere they wait
        // for the next word and vanish at a line break.
        if lines.isEmpty && line.isEmpty {
          line = String(TTDisplayWidth.prefix(token, fitting: width))
          lineWidth = TTDisplayWidth.of(line)
        } else {
          pendingSpaces += token
        }
        continue
      }
      let tokenWidth = TTDisplayWidth.of(token)
      let spacesWidth = pendingSpaces.count
      if lineWidth + spacesWidth + tokenWidth <= width {
        line += pendingSpaces + token
        lineWidth += spacesWidth + tokenWidth
      } else {
        if !line.isEmpty && !line.allSatisfy({ $0 == " " }) {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        if tokenWidth <= width - lineWidth {
          line += token
          lineWidth += tokenWidth
        } else {
          // A word longer than the line is broken by characters.
          for character in token {
            let columns = TTDisplayWidth.of(character)
            if lineWidth + columns > width, !line.isEmpty {
              lines.append(line)
              line = ""
              lineWidth = 0
            }
            line.append(character)
            lineWidth += columns
          }
        }
      }
      pendingSpaces = ""
    }
    lines.append(line)
    return lines
  }

  /// Splits a paragraph into runs of spaces, words, and single wide characters (a line may
  /// break before or after any wide character, as CJK text has no spaces).
  private static func tokens(of paragraph: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var currentIsSpace = false
    for character in paragraph {
      let isSpace = character == " "
      if TTDisplayWidth.of(character) == 2 {
        if !current.isEmpty { tokens.append(current) }
        tokens.append(String(character))
        current = ""
        continue
      }
      if !current.isEmpty && isSpace != currentIsSpace {
        tokens.append(current)
        current = ""
      }
      current.append(character)
      currentIsSpace = isSpace
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
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

  /// Wraps one paragraph (no newlines) into lines of at most `width` columns.
}
