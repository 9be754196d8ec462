import Three20Style

/// Where the characters of a text field or editor fall on screen: columns, rows, scrolling.
///
/// Shared by ``TTTextField`` and ``TTTextEditor``. Columns are display columns
/// (`TTDisplayWidth`): a wide character takes two, a combining mark none. Offsets count
/// characters, as ``TTTextBuffer/cursor`` does.
enum TTTextInputLayout {
  /// One row of wrapped text: the characters `start..<end`, without the newline that may
  /// end it.
  struct Row: Sendable, Hashable {
    /// The offset of the row's first character.
    var start: Int
    /// The offset after its last character.
    var end: Int
  }

  /// The display columns of characters from `start` to `end`.
  static func width(of characters: [Character], from start: Int, to end: Int) -> Int {
    var columns = 0
    var index = max(0, start)
    let limit = min(end, characters.count)
    while index < limit {
      columns += TTDisplayWidth.of(characters[index])
      index += 1
    }
    return columns
  }

  /// The offset, between `start` and `end`, of the character that covers `column` (counted
  /// from `start`'s column), or `end` when the column is past the characters.
  ///
  /// A click on either half of a wide character, and a goal column inside one, give the
  /// offset before it.
  static func offset(atColumn column: Int, in characters: [Character], from start: Int, to end: Int) -> Int {
    var columns = 0
    var index = max(0, start)
    let limit = min(end, characters.count)
    while index < limit {
      let width = TTDisplayWidth.of(characters[index])
      if column < columns + width { return index }
      columns += width
      index += 1
    }
    return limit
  }

  /// The first display column of a one-line field's visible part, moved from `current` as
  /// little as needed to show the cursor's cell.
  ///
  /// The text starts at column 0 when it fits with a cell for the cursor after it; the
  /// window never leaves empty columns after the end-of-text cell, and it starts at the
  /// start of a character, never in the middle of a wide one.
  ///
  /// - Parameters:
  ///   - current: The first visible column last drawn.
  ///   - characters: The characters as drawn (bullets for secure entry).
  ///   - cursor: The cursor's offset.
  ///   - areaWidth: The columns the text has.
  /// - Returns: The first visible column.
  static func horizontalScroll(current: Int, characters: [Character], cursor: Int, areaWidth: Int) -> Int {
    guard areaWidth > 0 else { return 0 }
    let total = width(of: characters, from: 0, to: characters.count)
    guard total + 1 > areaWidth else { return 0 }
    let cursorColumn = width(of: characters, from: 0, to: cursor)
    let cursorWidth = cursor < characters.count ? max(1, TTDisplayWidth.of(characters[cursor])) : 1
    var scroll = max(0, current)
    if cursorColumn < scroll { scroll = cursorColumn }
    if cursorColumn + cursorWidth > scroll + areaWidth { scroll = cursorColumn + cursorWidth - areaWidth }
    scroll = max(0, min(scroll, total + 1 - areaWidth))
    return firstCharacterColumn(atOrAfter: scroll, in: characters)
  }

  /// The column where the first character starting at or after `column` starts (the end of
  /// the text when none does).
  static func firstCharacterColumn(atOrAfter column: Int, in characters: [Character]) -> Int {
    var columns = 0
    for character in characters {
      if columns >= column { return columns }
      columns += TTDisplayWidth.of(character)
    }
    return columns
  }

  /// The offset of the first character that starts at or after `column`.
  static func firstOffset(atOrAfterColumn column: Int, in characters: [Character]) -> Int {
    var columns = 0
    for (index, character) in characters.enumerated() {
      if columns >= column { return index }
      columns += TTDisplayWidth.of(character)
    }
    return characters.count
  }

  /// The characters from `start` that fit in `width` columns, as one string to write.
  static func visibleText(of characters: [Character], from start: Int, width: Int) -> String {
    var text = ""
    var columns = 0
    var index = start
    while index < characters.count {
      let columnsNext = columns + TTDisplayWidth.of(characters[index])
      if columnsNext > width { break }
      text.append(characters[index])
      columns = columnsNext
      index += 1
    }
    return text
  }

  /// The characters of a row, as one string to write.
  static func text(of row: Row, in characters: [Character]) -> String {
    var text = ""
    for index in row.start..<min(row.end, characters.count) { text.append(characters[index]) }
    return text
  }

  /// Lays text out in rows of at most `width` columns.
  ///
  /// Lines break at newlines and wrap after the last space that fits (or anywhere, for a
  /// word longer than the width); a wide character is never split. A space that does not
  /// fit stays at the end of its row, past the width, so the next row starts with the next
  /// word.
  ///
  /// A line that fills its last row exactly is followed by an empty row, where the cursor
  /// goes when it is at that line's end. Empty text is one empty row. Runs in time linear in
  /// the text (each character is measured at most twice), without recursion.
  ///
  /// - Parameters:
  ///   - characters: The text.
  ///   - width: The columns available; taken as 1 when smaller.
  /// - Returns: The rows, in order.
  static func rows(of characters: [Character], width: Int) -> [Row] {
    let width = max(1, width)
    var rows: [Row] = []
    var lineStart = 0
    while true {
      var lineEnd = lineStart
      while lineEnd < characters.count, characters[lineEnd] != "\n" { lineEnd += 1 }
      wrapLine(characters, from: lineStart, to: lineEnd, width: width, into: &rows)
      guard lineEnd < characters.count else { break }
      lineStart = lineEnd + 1
    }
    return rows
  }

  /// Wraps one line (no newline in `start..<end`) into rows.
  private static func wrapLine(
    _ characters: [Character], from start: Int, to end: Int, width: Int, into rows: inout [Row]
  ) {
    var rowStart = start
    var columns = 0
    var breakAfterSpace: Int?
    var index = start
    while index < end {
      let characterWidth = TTDisplayWidth.of(characters[index])
      if columns + characterWidth > width, index > rowStart, characters[index] == " " {
        // A space that does not fit hangs at the end of the row, where lines break.
        rows.append(Row(start: rowStart, end: index + 1))
        index += 1
        rowStart = index
        columns = 0
        breakAfterSpace = nil
        continue
      }
      if columns + characterWidth > width, index > rowStart {
        let breakAt = breakAfterSpace ?? index
        rows.append(Row(start: rowStart, end: breakAt))
        rowStart = breakAt
        index = breakAt
        columns = 0
        breakAfterSpace = nil
        continue
      }
      columns += characterWidth
      index += 1
      if characters[index - 1] == " ", index < end { breakAfterSpace = index }
    }
    rows.append(Row(start: rowStart, end: end))
    if columns >= width { rows.append(Row(start: end, end: end)) }
  }

  /// The index of the row that shows the cursor at `offset`: the last row starting at or
  /// before it (an offset where a wrapped row ends shows at the start of the next row).
  static func rowIndex(of offset: Int, in rows: [Row]) -> Int {
    var low = 0
    var high = rows.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if rows[middle].start <= offset { low = middle } else { high = middle - 1 }
    }
    return max(0, low)
  }

  /// The last offset the cursor can have on a row and still be drawn on it: its end, or the
  /// offset before its last character when the row wraps into the next.
  static func lastCursorOffset(inRow index: Int, of rows: [Row]) -> Int {
    let row = rows[index]
    let wraps = index + 1 < rows.count && rows[index + 1].start == row.end
    return wraps ? max(row.start, row.end - 1) : row.end
  }
}

/// The looks of a text field or editor: styles set per state, a stylesheet name, and the
/// built-in look used when neither gives a style.
struct TTTextInputLooks: Sendable, Hashable {
  /// Styles set on the view, by state.
  var explicitStyles: [TTControlState: TTStyle] = [:]
  /// The name of the view's style in the current stylesheet.
  var styleName: String?

  /// The style for a state: the one set for it, the stylesheet's, the one set for the
  /// normal state, or `nil` for the built-in look.
  func style(for state: TTControlState) -> TTStyle? {
    if let style = explicitStyles[state] { return style }
    if let styleName, let style = TTStyleSheet.current.style(named: styleName, for: state) { return style }
    return explicitStyles[.normal]
  }

  /// The state a view is drawn in: disabled, highlighted while focused, or normal.
  static func state(isEnabled: Bool, isFocused: Bool) -> TTControlState {
    !isEnabled ? .disabled : isFocused ? .highlighted : .normal
  }

  /// How the text is drawn in a state: the style's text look when it has one; without a
  /// style, the built-in look: underlined cells (a form's line), bold while focused, dim
  /// while disabled.
  static func textStyle(for style: TTStyle?, state: TTControlState) -> TTCellStyle {
    if let style {
      let hasTextLayer = style.first { if case .text(let look) = $0 { look } else { nil } } != nil
      return hasTextLayer ? style.textLook.cellStyle : .plain
    }
    switch state {
    case .highlighted: return TTCellStyle(attributes: [.underline, .bold])
    case .disabled: return TTCellStyle(attributes: [.underline, .dim])
    case .normal, .selected: return TTCellStyle(attributes: [.underline])
    }
  }
}
