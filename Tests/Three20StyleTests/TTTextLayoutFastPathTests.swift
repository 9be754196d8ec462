import Testing
import Three20Style

/// ``TTTextLayout`` lays text out exactly as its first, character-by-character implementation
/// did (kept below as the reference), on random text of every kind of character.
@Suite("TTTextLayout fast paths")
struct TTTextLayoutFastPathTests {
  /// The first implementation of ``TTTextLayout/lines(for:width:look:maximumLines:)``, which
  /// built its tokens and lines character by character.
  enum Reference {
    static func lines(
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
  }

  /// Pieces of text: words, runs of spaces, newlines, wide and zero-width characters, emoji
  /// sequences, flags, combining marks and control characters.
  static let pieces: [String] = [
    "a", "word", "the", "supercalifragilistic", " ", " ", " ", "  ", "    ", "\n", "\n\n", "\t", "\r\n",
    "\u{1B}[31m", "\u{07}", "漢", "字", "テスト", "漢字", "😀", "emoji😀", "👨‍👩‍👧‍👦", "🇯🇵", "🇯", "e\u{301}",
    " \u{301}", "\u{301}", "\u{200B}", "\u{200D}", "\u{A0}", "café", "naïve", "ｈｉ", "한", "\u{1100}\u{1161}",
    "क्ष", "1\u{FE0F}\u{20E3}", "❤\u{FE0F}", "…", "-", "&",
  ]

  static func randomText(_ generator: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...30, using: &generator)).map { _ in
      pieces.randomElement(using: &generator)!
    }
    .joined()
  }

  /// Every mode, width and line limit lays random text out as the reference does.
  @Test func linesMatchTheReference() {
    var generator = SeededGenerator(seed: 2024)
    let modes: [TTTextLook.LineBreakMode] = [
      .wordWrap, .characterWrap, .clip, .truncateHead, .truncateMiddle, .truncateTail,
    ]
    for _ in 0..<4000 {
      let text = Self.randomText(&generator)
      let width = Int.random(in: -1...24, using: &generator)
      let look = TTTextLook(
        lineBreakMode: modes.randomElement(using: &generator)!,
        numberOfLines: Int.random(in: 0...3, using: &generator))
      let maximumLines = Bool.random(using: &generator) ? nil : Int.random(in: 0...4, using: &generator)
      let ours = TTTextLayout.lines(for: text, width: width, look: look, maximumLines: maximumLines)
      let reference = Reference.lines(for: text, width: width, look: look, maximumLines: maximumLines)
      #expect(
        ours == reference,
        "\(text.debugDescription) width \(width) \(look.lineBreakMode) \(look.numberOfLines) \(String(describing: maximumLines))"
      )
    }
  }

  /// Long paragraphs of mostly ASCII words wrap as the reference wraps them.
  @Test func longParagraphsMatchTheReference() {
    var generator = SeededGenerator(seed: 9)
    let look = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
    for _ in 0..<20 {
      let text = (0..<400).map { _ in
        Int.random(in: 0..<5, using: &generator) == 0
          ? Self.pieces.randomElement(using: &generator)! : "word "
      }
      .joined()
      for width in [1, 2, 7, 40, 80] {
        #expect(
          TTTextLayout.lines(for: text, width: width, look: look)
            == Reference.lines(for: text, width: width, look: look))
      }
    }
  }
}
