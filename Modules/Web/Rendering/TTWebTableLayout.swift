import Three20Style

/// Lays out a table: column widths from the content (each column between its longest word
/// and its whole text, the room left shared out), cells wrapped inside their columns, rows
/// side by side; when even the narrowest columns do not fit, each row is stacked, one cell
/// after another ("header: value" when the table has a header row).
enum TTWebTableLayout {
  /// A cell: its items, where it sits, what it spans.
  struct Cell {
    var range: Range<Int>
    var column: Int
    var span: Int
    var isHeader: Bool
    var hasContent: Bool
  }

  /// A row: its cells and the anchors on its `<tr>`.
  struct Row {
    var cells: [Cell] = []
    var anchors: [Int32] = []
    var hasContent: Bool { cells.contains { $0.hasContent } }
    var isHeader: Bool { !cells.isEmpty && cells.allSatisfy(\.isHeader) && hasContent }
  }

  /// The most columns a table is laid out with side by side; wider tables are stacked.
  static let maximumColumns = 1_000

  /// The lines of a table laid out in `width` columns, their columns counted from 0.
  static func layout(
    context: TTWebLayoutContext, table: TTWebTableRecord, range: Range<Int>, width: Int
  ) -> [TTWebLineBuild] {
    let (rows, captions) = parse(context.items.items, range)
    let bordered =
      table.hasBorderAttribute || !captions.isEmpty || rows.contains { $0.cells.contains(where: \.isHeader) }
    var lines: [TTWebLineBuild] = []
    let body =
      sideBySide(context: context, rows: rows, bordered: bordered, width: width)
      ?? stacked(context: context, rows: rows, width: width)
    for caption in captions {
      var flow = TTWebFlowLayout(context: context, width: width)
      flow.run(caption)
      flow.finish()
      let tableWidth = body.reduce(0) { max($0, $1.width) }
      for var line in flow.lines {
        // A one-line caption is centred over the table.
        if flow.lines.count == 1, tableWidth > line.width {
          let shift = (tableWidth - line.width) / 2
          for index in line.spans.indices { line.spans[index].column += shift }
          line.width += shift
        }
        line.anchors += flow.orphanAnchors
        lines.append(line)
      }
    }
    lines += body
    return lines
  }

  /// Reads rows, cells and captions from the table's items.
  static func parse(_ items: [TTWebItem], _ range: Range<Int>) -> (rows: [Row], captions: [Range<Int>]) {
    var rows: [Row] = []
    var captions: [Range<Int>] = []
    var current: Row?
    var waitingAnchors: [Int32] = []
    var column = 0
    var index = range.lowerBound
    while index < range.upperBound {
      switch items[index] {
      case .rowStart:
        if let row = current { rows.append(row) }
        current = Row(cells: [], anchors: waitingAnchors)
        waitingAnchors = []
        column = 0
      case .rowEnd:
        if let row = current { rows.append(row) }
        current = nil
      case .cellStart(let span, let header):
        var end = index + 1
        var hasContent = false
        while end < range.upperBound {
          if case .cellEnd = items[end] { break }
          if !hasContent { hasContent = shows(items[end]) }
          end += 1
        }
        if current == nil {
          current = Row(cells: [], anchors: waitingAnchors)
          waitingAnchors = []
          column = 0
        }
        let spanned = min(max(Int(span), 1), maximumColumns)
        current?.cells.append(
          Cell(
            range: (index + 1)..<end, column: column, span: spanned, isHeader: header, hasContent: hasContent)
        )
        column += spanned
        index = end
      case .captionStart:
        var end = index + 1
        while end < range.upperBound {
          if case .captionEnd = items[end] { break }
          end += 1
        }
        captions.append((index + 1)..<end)
        index = end
      case .anchor(let anchor):
        if current != nil { current?.anchors.append(anchor) } else { waitingAnchors.append(anchor) }
      default:
        break
      }
      index += 1
    }
    if let row = current { rows.append(row) }
    if !waitingAnchors.isEmpty {
      if rows.isEmpty {
        rows.append(Row(cells: [], anchors: waitingAnchors))
      } else {
        rows[rows.count - 1].anchors += waitingAnchors
      }
    }
    return (rows, captions)
  }

  /// Whether an item shows something.
  static func shows(_ item: TTWebItem) -> Bool {
    switch item {
    case .text(let text, _, _), .preText(let text, _, _): !TTWebText.isBlank(text)
    case .atom, .rule, .image, .textBox: true
    default: false
    }
  }

  // MARK: - Side by side

  /// The rows laid out in columns, or `nil` when the columns do not fit.
  static func sideBySide(
    context: TTWebLayoutContext, rows: [Row], bordered: Bool, width: Int
  ) -> [TTWebLineBuild]? {
    let separator = bordered ? 3 : 2
    var columnCount = 0
    for row in rows {
      if let last = row.cells.last { columnCount = max(columnCount, last.column + last.span) }
    }
    guard columnCount > 0 else { return rows.isEmpty ? [] : anchorsOnly(rows) }
    // Every column needs a column and a separator: more than that cannot fit.
    guard columnCount <= maximumColumns, columnCount + (columnCount - 1) * separator <= width * 4 else {
      return nil
    }
    // The narrowest and widest each cell can be.
    var measures: [[(minimum: Int, maximum: Int)]] = []
    measures.reserveCapacity(rows.count)
    var minimum = [Int](repeating: 0, count: columnCount)
    var maximum = [Int](repeating: 0, count: columnCount)
    for row in rows {
      var rowMeasures: [(minimum: Int, maximum: Int)] = []
      for cell in row.cells {
        guard cell.hasContent else {
          rowMeasures.append((0, 0))
          continue
        }
        var flow = TTWebFlowLayout(context: context, width: 0, measuring: true)
        flow.run(cell.range)
        flow.finish()
        let measure = (flow.minimumWidth, max(flow.maximumWidth, flow.minimumWidth))
        rowMeasures.append(measure)
        if cell.span == 1 {
          minimum[cell.column] = max(minimum[cell.column], measure.0)
          maximum[cell.column] = max(maximum[cell.column], measure.1)
        }
      }
      measures.append(rowMeasures)
    }
    // Cells spanning columns widen them when they need more than the columns give.
    for (rowIndex, row) in rows.enumerated() {
      for (cellIndex, cell) in row.cells.enumerated() where cell.span > 1 && cell.hasContent {
        let columns = cell.column..<min(columnCount, cell.column + cell.span)
        let measure = measures[rowIndex][cellIndex]
        widen(&minimum, columns, to: measure.minimum - (columns.count - 1) * separator)
        widen(&maximum, columns, to: measure.maximum - (columns.count - 1) * separator)
      }
    }
    for column in 0..<columnCount { maximum[column] = max(maximum[column], minimum[column]) }
    let visible = (0..<columnCount).filter { maximum[$0] > 0 }
    guard !visible.isEmpty else { return anchorsOnly(rows) }
    let available = width - (visible.count - 1) * separator
    let narrowest = visible.reduce(0) { $0 + minimum[$1] }
    guard narrowest <= available else { return nil }
    var widths = [Int](repeating: 0, count: columnCount)
    let widest = visible.reduce(0) { $0 + maximum[$1] }
    if widest <= available {
      for column in visible { widths[column] = maximum[column] }
    } else {
      shareOut(available - narrowest, among: visible, minimum: minimum, maximum: maximum, into: &widths)
    }
    // Where each column starts.
    var starts = [Int](repeating: 0, count: columnCount)
    var x = 0
    for column in 0..<columnCount {
      starts[column] = x
      if widths[column] > 0 { x += widths[column] + separator }
    }
    let tableWidth = max(0, x - separator)
    let border = context.items.borderStyle

    var carried: [Int32] = []
    var anyTall = false
    var rowLines: [[TTWebLineBuild]] = []
    for row in rows {
      var cellsLines: [(start: Int, lines: [TTWebLineBuild])] = []
      var height = 0
      var bars: [Int] = []
      for cell in row.cells {
        let columns = cell.column..<min(columnCount, cell.column + cell.span)
        guard let first = columns.first(where: { widths[$0] > 0 }),
          let last = columns.last(where: { widths[$0] > 0 })
        else { continue }
        let start = starts[first]
        let cellWidth = starts[last] + widths[last] - start
        if start > 0 { bars.append(start - separator + 1) }
        guard cell.hasContent else { continue }
        var flow = TTWebFlowLayout(context: context, width: cellWidth)
        flow.run(cell.range)
        flow.finish()
        var cellLines = flow.lines.map { clip($0, to: cellWidth) }
        if cellLines.isEmpty, !flow.orphanAnchors.isEmpty { cellLines.append(TTWebLineBuild()) }
        if !cellLines.isEmpty { cellLines[0].anchors += flow.orphanAnchors }
        if cell.isHeader, row.isHeader {
          for index in cellLines.indices where cellLines[index].width < cellWidth {
            shift(&cellLines[index], by: (cellWidth - cellLines[index].width) / 2)
          }
        }
        // Blank lines at the end of a cell take room for nothing.
        while let tail = cellLines.last, !tail.hasContent, tail.anchors.isEmpty { cellLines.removeLast() }
        height = max(height, cellLines.count)
        cellsLines.append((start, cellLines))
      }
      guard height > 0 else {
        // An empty row's anchors go to the next row shown.
        carried += row.anchors
        rowLines.append([])
        continue
      }
      if height > 1 { anyTall = true }
      var built: [TTWebLineBuild] = []
      for lineIndex in 0..<height {
        var line = TTWebLineBuild()
        line.hasContent = true
        if lineIndex == 0 {
          line.anchors = carried + row.anchors
          carried = []
        }
        var spans: [TTWebSpanBuild] = []
        if bordered {
          for bar in bars {
            spans.append(TTWebSpanBuild(column: bar, text: "│", width: 1, style: border, link: -1))
          }
        }
        for (start, cellLines) in cellsLines where lineIndex < cellLines.count {
          let cellLine = cellLines[lineIndex]
          for var span in cellLine.spans {
            span.column += start
            spans.append(span)
          }
          line.anchors += cellLine.anchors
        }
        spans.sort { $0.column < $1.column }
        line.spans = spans
        line.width = spans.last.map { $0.column + $0.width } ?? 0
        built.append(line)
      }
      rowLines.append(built)
    }
    // Rows one after another, with rules under header rows and, when rows wrap, between rows.
    var lines: [TTWebLineBuild] = []
    let columnBars = (0..<columnCount).filter { widths[$0] > 0 && starts[$0] > 0 }.map {
      starts[$0] - separator + 1
    }
    var previousWasHeader = false
    var first = true
    for (index, built) in rowLines.enumerated() where !built.isEmpty {
      if !first {
        if bordered, previousWasHeader || anyTall {
          lines.append(ruleLine(width: tableWidth, bars: columnBars, style: border))
        } else if anyTall {
          lines.append(TTWebLineBuild())
        }
      }
      first = false
      previousWasHeader = rows[index].isHeader
      lines += built
    }
    if !carried.isEmpty {
      if lines.isEmpty { lines.append(TTWebLineBuild()) }
      lines[lines.count - 1].anchors += carried
    }
    return lines
  }

  /// Gives `extra` columns to the columns that want more than their minimum: columns that
  /// need less than an equal share get all they want, the others share what is left in
  /// proportion to what they still want.
  private static func shareOut(
    _ extra: Int, among visible: [Int], minimum: [Int], maximum: [Int], into widths: inout [Int]
  ) {
    for column in visible { widths[column] = minimum[column] }
    var remaining = extra
    var wanting = visible.filter { widths[$0] < maximum[$0] }
    while remaining > 0, !wanting.isEmpty {
      let share = remaining / wanting.count
      var satisfied = false
      if share > 0 {
        for column in wanting where maximum[column] - widths[column] <= share {
          remaining -= maximum[column] - widths[column]
          widths[column] = maximum[column]
          satisfied = true
        }
      }
      wanting.removeAll { widths[$0] >= maximum[$0] }
      if satisfied { continue }
      // Everyone wants more than an equal share: in proportion to what each still wants.
      let wanted = wanting.reduce(0) { $0 + (maximum[$1] - widths[$1]) }
      var given = 0
      for column in wanting {
        let add = wanted > 0 ? remaining * (maximum[column] - widths[column]) / wanted : 0
        widths[column] += add
        given += add
      }
      remaining -= given
      for column in wanting where remaining > 0 && widths[column] < maximum[column] {
        widths[column] += 1
        remaining -= 1
      }
      break
    }
  }

  /// Raises the widths of `columns` so that together they are at least `total`.
  private static func widen(_ widths: inout [Int], _ columns: Range<Int>, to total: Int) {
    guard !columns.isEmpty else { return }
    let have = columns.reduce(0) { $0 + widths[$1] }
    guard total > have else { return }
    let extra = total - have
    let each = extra / columns.count
    var remainder = extra % columns.count
    for column in columns {
      widths[column] += each + (remainder > 0 ? 1 : 0)
      if remainder > 0 { remainder -= 1 }
    }
  }

  /// A line of `─` across the table with `┼` where the column bars cross it.
  private static func ruleLine(width: Int, bars: [Int], style: Int32) -> TTWebLineBuild {
    var characters = [Character](repeating: "─", count: max(0, width))
    for bar in bars where bar >= 0 && bar < characters.count { characters[bar] = "┼" }
    var line = TTWebLineBuild()
    line.spans = [
      TTWebSpanBuild(column: 0, text: String(characters), width: characters.count, style: style, link: -1)
    ]
    line.width = characters.count
    line.hasContent = true
    return line
  }

  /// Lines holding nothing but the rows' anchors.
  private static func anchorsOnly(_ rows: [Row]) -> [TTWebLineBuild] {
    let anchors = rows.flatMap(\.anchors)
    guard !anchors.isEmpty else { return [] }
    var line = TTWebLineBuild()
    line.anchors = anchors
    return [line]
  }

  /// The line cut at `width` columns (preformatted lines in a cell are not wrapped).
  static func clip(_ line: TTWebLineBuild, to width: Int) -> TTWebLineBuild {
    guard line.width > width else {
      var kept = line
      kept.isPreformatted = false
      return kept
    }
    var clipped = line
    clipped.isPreformatted = false
    clipped.spans = []
    for var span in line.spans {
      guard span.column < width else { break }
      if span.column + span.width > width {
        span.text = TTDisplayWidth.prefix(span.text, fitting: width - span.column)
        span.width = TTDisplayWidth.of(span.text)
      }
      clipped.spans.append(span)
    }
    clipped.width = clipped.spans.last.map { $0.column + $0.width } ?? 0
    return clipped
  }

  private static func shift(_ line: inout TTWebLineBuild, by columns: Int) {
    guard columns > 0 else { return }
    for index in line.spans.indices { line.spans[index].column += columns }
    line.width += columns
  }

  // MARK: - Stacked

  /// Each row's cells one after another, each "header: value" when the table has a header
  /// row, rows apart by a blank line.
  static func stacked(context: TTWebLayoutContext, rows: [Row], width: Int) -> [TTWebLineBuild] {
    let items = context.items
    let headerIndex = rows.firstIndex { $0.hasContent }.flatMap { rows[$0].isHeader ? $0 : nil }
    let headers: [(columns: Range<Int>, text: String)] =
      headerIndex.map { index in
        rows[index].cells.map { cell in
          (cell.column..<(cell.column + cell.span), plainText(items.items, cell.range, limit: 60))
        }
      } ?? []
    let usesLabels = headerIndex != nil && rows.count > 1
    var lines: [TTWebLineBuild] = []
    var waitingAnchors: [Int32] = []
    let multiple = rows.contains { $0.cells.filter(\.hasContent).count > 1 }
    for (index, row) in rows.enumerated() {
      waitingAnchors += row.anchors
      if usesLabels, index == headerIndex { continue }
      guard row.hasContent else { continue }
      if !lines.isEmpty, multiple { lines.append(TTWebLineBuild()) }
      for cell in row.cells where cell.hasContent {
        var flow = TTWebFlowLayout(context: context, width: width)
        if usesLabels, let header = header(for: cell.column, in: headers), !header.isEmpty,
          header != plainText(items.items, cell.range, limit: 60)
        {
          flow.addLabel(header + ":", style: items.strongStyle)
        }
        flow.run(cell.range)
        flow.finish()
        var cellLines = flow.lines
        while let tail = cellLines.last, !tail.hasContent, tail.anchors.isEmpty { cellLines.removeLast() }
        guard !cellLines.isEmpty else { continue }
        cellLines[0].anchors += waitingAnchors + flow.orphanAnchors
        waitingAnchors = []
        lines += cellLines
      }
    }
    if !waitingAnchors.isEmpty {
      if lines.isEmpty { lines.append(TTWebLineBuild()) }
      lines[lines.count - 1].anchors += waitingAnchors
    }
    return lines
  }

  /// The text of the header cell over a column; `headers` are in column order.
  private static func header(for column: Int, in headers: [(columns: Range<Int>, text: String)]) -> String? {
    var low = 0
    var high = headers.count
    while low < high {
      let middle = (low + high) / 2
      if headers[middle].columns.upperBound <= column { low = middle + 1 } else { high = middle }
    }
    guard low < headers.count, headers[low].columns.contains(column) else { return nil }
    return headers[low].text
  }

  /// The text of a cell, whitespace collapsed, at most `limit` bytes.
  static func plainText(_ items: [TTWebItem], _ range: Range<Int>, limit: Int) -> String {
    var text = ""
    for index in range {
      switch items[index] {
      case .text(let piece, _, _), .preText(let piece, _, _), .atom(let piece, _, _):
        text += piece
      case .open, .close, .lineBreak:
        text += " "
      default:
        break
      }
      if text.utf8.count > limit * 4 { break }
    }
    return TTWebText.collapsed(text, limit: limit)
  }
}
