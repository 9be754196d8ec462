/// A view that shows plain text: Three20's `TTLabel` (and UIKit's `UILabel`) on a terminal.
///
/// The text is laid out by display width, so wide characters such as `漢` take two columns
/// and are never cut in half. How it wraps, truncates and aligns comes from ``look``:
/// `numberOfLines` 1 (the default) shows one line, 0 shows as many as the frame holds;
/// `lineBreakMode` picks word wrapping, character wrapping, clipping or an ellipsis at the
/// head, middle or tail. Text from data is made terminal-safe before it is drawn.
///
/// ```swift
/// let label = TTLabel(text: "The quick brown fox jumps", look: TTTextLook(numberOfLines: 0))
/// label.frame = TTRect(x: 0, y: 0, width: 10, height: 3)
/// var canvas = TTCanvas(width: 10, height: 3)
/// label.draw(on: &canvas)
/// // The quick
/// // brown fox
/// // jumps
///
/// TTLabel.lines(of: "The quick brown fox", width: 10, look: TTTextLook())
/// // ["The quick…"]
/// ```
@MainActor
open class TTLabel: TTView {
  /// The text shown.
  ///
  /// Newlines start new lines when the look allows more than one line.
  ///
  /// Defaults to the empty string.
  open var text: String {
    didSet { if text != oldValue { setNeedsDisplay() } }
  }

  /// How the text looks and is laid out: colour, attributes, alignment, line breaking,
  /// number of lines.
  ///
  /// Defaults to `TTTextLook()`: one line, left-aligned, vertically centred, truncated
  /// with `…` at the tail.
  open var look: TTTextLook {
    didSet { if look != oldValue { setNeedsDisplay() } }
  }

  /// Creates a label.
  ///
  /// - Parameters:
  ///   - text: The text; empty by default.
  ///   - look: How it looks; one truncated line by default.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  public init(text: String = "", look: TTTextLook = TTTextLook(), frame: TTRect = .zero) {
    self.text = text
    self.look = look
    super.init(frame: frame)
  }

  /// The size of the laid-out text: its widest line by its number of lines.
  ///
  /// - Parameter size: The room available; the text wraps at its width.
  /// - Returns: The text's size, never wider than `size` (except for text that cannot be
  ///   shown at all in a zero width, which gives zero).
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let lines = Self.lines(of: text, width: size.width, look: look, maxLines: size.height)
    return TTSize(width: lines.map { TTDisplayWidth.of($0) }.max() ?? 0, height: lines.count)
  }

  /// Draws the laid-out text, aligned as ``look`` says.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the text goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    Self.draw(text, look: look, in: rect, on: &canvas)
  }

  /// Draws text laid out by ``lines(of:width:look:maxLines:)`` and aligned in a rectangle.
  ///
  /// Buttons, error views and table cells use this for their text without making a label.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - look: How it looks and is laid out.
  ///   - rect: Where it goes, in the canvas's coordinates.
  ///   - canvas: The canvas.
  public static func draw(_ text: String, look: TTTextLook, in rect: TTRect, on canvas: inout TTCanvas) {
    guard !rect.isEmpty else { return }
    let lines = lines(of: text, width: rect.width, look: look, maxLines: rect.height)
    let top: Int =
      switch look.verticalAlignment {
      case .top: rect.y
      case .middle: rect.y + (rect.height - lines.count) / 2
      case .bottom: rect.maxY - lines.count
      }
    let style = look.cellStyle
    canvas.withClip(rect) { canvas in
      for (row, line) in lines.enumerated() {
        let width = TTDisplayWidth.of(line)
        let left: Int =
          switch look.alignment {
          case .left: rect.x
          case .center: rect.x + (rect.width - width) / 2
          case .right: rect.maxX - width
          }
        canvas.write(line, at: TTPoint(x: left, y: top + row), style: style, maxWidth: rect.width)
      }
    }
  }

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
  /// TTLabel.lines(of: "abcdefghij", width: 7, look: look)   // ["abc…hij"]
  /// TTLabel.lines(of: "漢字かな", width: 5, look: TTTextLook())   // ["漢字…"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns available; 0 or less gives no lines.
  ///   - look: The line breaking mode and number of lines.
  ///   - maxLines: The most lines there is room for; unlimited by default.
  /// - Returns: The lines, each at most `width` columns wide.
  public static func lines(of text: String, width: Int, look: TTTextLook, maxLines: Int = .max) -> [String] {
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
}
