/// Breaks content text into the lines a text look shows in a number of columns.
enum TTSVGTextLayout {
  /// The lines to draw.
  ///
  /// - Text is made printable first (escape sequences removed, controls made visible).
  /// - With `numberOfLines` 1, newlines become spaces and the one line is fitted by the
  ///   line-break mode.
  /// - Otherwise each paragraph is wrapped (word or character wrap) or fitted (clip and the
  ///   truncation modes), and at most `numberOfLines` lines are kept (0 keeps as many as
  ///   there are `rows`, at least one).
  static func lines(_ text: String, look: TTTextLook, columns: Int, rows: Int) -> [String] {
    guard columns > 0 else { return [] }
    let limit = look.numberOfLines > 0 ? look.numberOfLines : max(1, rows)
    let single = look.numberOfLines == 1
    let clean = TTTerminalText.sanitized(text, keepingNewlines: !single)
    let paragraphs = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var lines: [String] = []
    for paragraph in paragraphs where lines.count < limit {
      switch look.lineBreakMode {
      case .wordWrap where !single: lines += wrapWords(paragraph, columns: columns, limit: limit)
      case .characterWrap where !single: lines += wrapCharacters(paragraph, columns: columns, limit: limit)
      default: lines.append(fit(paragraph, mode: look.lineBreakMode, columns: columns))
      }
    }
    if lines.count > limit { lines = Array(lines.prefix(limit)) }
    return lines
  }

  /// One line fitted to the columns by the line-break mode.
  static func fit(_ line: String, mode: TTTextLook.LineBreakMode, columns: Int) -> String {
    guard TTDisplayWidth.of(line) > columns else { return line }
    switch mode {
    case .clip, .wordWrap, .characterWrap:
      return TTDisplayWidth.prefix(line, fitting: columns)
    case .truncateTail:
      return TTDisplayWidth.truncate(line, to: columns)
    case .truncateHead:
      return "…" + TTDisplayWidth.suffix(line, fitting: columns - 1)
    case .truncateMiddle:
      let room = columns - 1
      let head = TTDisplayWidth.prefix(line, fitting: (room + 1) / 2)
      return head + "…" + TTDisplayWidth.suffix(line, fitting: room - TTDisplayWidth.of(head))
    }
  }

  /// Wraps at spaces; words longer than a line are broken.
  static func wrapWords(_ paragraph: String, columns: Int, limit: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) where lines.count < limit {
      let word = String(word)
      let candidate = current.isEmpty ? word : current + " " + word
      if TTDisplayWidth.of(candidate) <= columns {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = word
      breakLines(&current, columns: columns, limit: limit, into: &lines)
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// Wraps anywhere.
  static func wrapCharacters(_ paragraph: String, columns: Int, limit: Int) -> [String] {
    var lines: [String] = []
    var rest = paragraph
    breakLines(&rest, columns: columns, limit: limit, into: &lines)
    lines.append(rest)
    return lines
  }

  /// Breaks full lines off the front of `rest` into `lines`, between any two characters.
  ///
  /// It stops when `rest` fits `columns` or `lines` holds `limit` lines; `rest` keeps what is
  /// left. Both wrapping modes break text (a word too long for a line, or the whole paragraph)
  /// this way.
  private static func breakLines(_ rest: inout String, columns: Int, limit: Int, into lines: inout [String]) {
    while TTDisplayWidth.of(rest) > columns, lines.count < limit {
      var piece = TTDisplayWidth.prefix(rest, fitting: columns)
      // A character wider than the line still has to go somewhere.
      if piece.isEmpty, let first = rest.first { piece = String(first) }
      lines.append(piece)
      rest.removeFirst(piece.count)
    }
  }
}
