/// Lays text out in lines of terminal columns, as a label with a ``TTTextLook`` shows it.
///
/// Widths are display widths (``TTDisplayWidth``): a CJK character or an emoji takes two
/// columns, and no character (grapheme cluster) is ever split. The rules, after UIKit's
/// labels that Three20's `TTTextStyle` drew with:
///
/// - A newline starts a new line; control characters are shown as symbols
///   (``TTTerminalText/sanitized(_:keepingNewlines:)``).
/// - ``TTTextLook/LineBreakMode/wordWrap`` breaks lines between words (a word wider than the
///   line is broken between characters); ``TTTextLook/LineBreakMode/characterWrap`` breaks
///   between any characters. Spaces where a line breaks are dropped.
/// - The truncating modes and ``TTTextLook/LineBreakMode/clip`` wrap words too when more than
///   one line is allowed; the last line allowed then holds the rest of the text, cut with `…`
///   at its end, start or middle, or simply cut off. A line ending a paragraph joins the next
///   one with a space there.
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
  private struct Line {
    var text: String
    /// What joins this line to the next when lines are put back together: a space where a
    /// line broke between words or paragraphs, nothing where a word was broken.
    var joiner: String
  }

  /// The lines text takes in `width` columns with a look.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns available; 0 or less gives no lines.
  ///   - look: Its ``TTTextLook/lineBreakMode`` and ``TTTextLook/numberOfLines`` apply.
  ///   - maximumLines: A further limit on the lines, such as the rows available; none by default.
  /// - Returns: The lines, each at most `width` columns wide (a lone character wider than the
  ///   line excepted).
  public static func lines(
    for text: String, width: Int, look: TTTextLook, maximumLines: Int? = nil
  )
    -> [String]
  {
    guard width > 0 else { return [] }
    var limit = look.numberOfLines > 0 ? look.numberOfLines : Int.max
    if let maximumLines { limit = min(limit, maximumLines) }
    guard limit > 0 else { return [] }
    let safe = TTTerminalText.sanitized(text, keepingNewlines: true)
    let byWords = look.lineBreakMode != .characterWrap
    var wrapped: [Line] = []
    for paragraph in safe.split(separator: "\n", omittingEmptySubsequences: false) {
      var lines = wrap(String(paragraph), width: width, byWords: byWords)
      lines[lines.count - 1].joiner = " "
      wrapped += lines
    }
    if wrapped.count <= limit { return wrapped.map(\.text) }

    var shown = wrapped.prefix(limit - 1).map(\.text)
    let remaining = wrapped[(limit - 1)...]
    var rest = ""
    for (index, line) in zip(remaining.indices, remaining) {
      rest += line.text
      if index < remaining.endIndex - 1 { rest += line.joiner }
    }
    switch look.lineBreakMode {
    case .wordWrap, .characterWrap: shown.append(wrapped[limit - 1].text)
    case .clip: shown.append(TTDisplayWidth.prefix(rest, fitting: width))
    case .truncateTail: shown.append(TTDisplayWidth.truncate(rest, to: width))
    case .truncateHead: shown.append(truncatingHead(rest, to: width))
    case .truncateMiddle: shown.append(truncatingMiddle(rest, to: width))
    }
    return shown
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
  private static func wrap(_ paragraph: String, width: Int, byWords: Bool) -> [Line] {
    var lines: [Line] = []
    var current = ""
    var used = 0
    func breakLine(joiner: String) {
      lines.append(Line(text: current, joiner: joiner))
      current = ""
      used = 0
    }
    /// Appends characters, breaking between them when the line is full.
    func appendBreaking(_ text: Substring) {
      for character in text {
        let columns = TTDisplayWidth.of(character)
        if used + columns > width, used > 0 { breakLine(joiner: "") }
        current.append(character)
        used += columns
      }
    }
    if !byWords {
      appendBreaking(Substring(paragraph))
      lines.append(Line(text: current, joiner: ""))
      return lines
    }
    var hasContent = false
    for (index, word) in paragraph.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
      let columns = TTDisplayWidth.of(word)
      if index == 0 {
        appendBreaking(word)
        hasContent = true
        continue
      }
      if hasContent, used + 1 + columns <= width {
        current += " " + word
        used += 1 + columns
        continue
      }
      if hasContent {
        breakLine(joiner: " ")
        hasContent = false
      }
      // A new line: spaces where it broke are dropped.
      guard !word.isEmpty else { continue }
      appendBreaking(word)
      hasContent = true
    }
    lines.append(Line(text: current, joiner: ""))
    return lines
  }

  /// The text cut at its start with `…` to fit `width` columns.
  private static func truncatingHead(_ text: String, to width: Int) -> String {
    guard TTDisplayWidth.of(text) > width else { return text }
    guard width > 1 else { return TTDisplayWidth.prefix("…", fitting: width) }
    return "…" + suffix(text, fitting: width - 1)
  }

  /// The text cut in its middle with `…` to fit `width` columns.
  private static func truncatingMiddle(_ text: String, to width: Int) -> String {
    guard TTDisplayWidth.of(text) > width else { return text }
    guard width > 1 else { return TTDisplayWidth.prefix("…", fitting: width) }
    let available = width - 1
    let head = (available + 1) / 2
    return TTDisplayWidth.prefix(text, fitting: head) + "…" + suffix(text, fitting: available - head)
  }

  /// The longest suffix of `text` that fits in `width` columns, never splitting a character.
  private static func suffix(_ text: String, fitting width: Int) -> String {
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
}
