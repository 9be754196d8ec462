public import Three20
public import Three20UICommon

/// One piece of a demo page: a heading, some text, a table of values, a drawing or a live view.
///
/// Pages stack their blocks top to bottom at the page's width; each block decides its
/// height from that width.
@MainActor
public enum CatalogBlock {
  /// A section heading, bold and underlined.
  case heading(String)
  /// Text wrapped to the width, in a look.
  case text(String, TTCellStyle = .plain)
  /// A code sample, indented, its long lines wrapped.
  case code(String)
  /// Lines of code, each followed by its result (`→ result`), both wrapped to the width.
  case examples([(String, String)])
  /// Rows of name and value, names in a column.
  case pairs([(String, String)])
  /// A drawing made at the width.
  case canvas(@MainActor (Int) -> TTCanvas)
  /// A live view, sized to the width and `height`; ticked and offered keys by the page.
  case view(TTView, height: Int)
  /// An empty row.
  case gap

  /// The bold, underlined look of headings.
  public static let headingStyle = TTCellStyle(attributes: [.bold, .underline])
  /// The look of code: blue.
  public static let codeStyle = TTCellStyle(foreground: .blue)
  /// The dim look of notes.
  public static let dimStyle = TTCellStyle(attributes: .dim)

  /// The block drawn at a width.
  func canvas(width: Int) -> TTCanvas {
    let width = max(1, width)
    switch self {
    case .heading(let title):
      var canvas = TTCanvas(width: width, height: 1)
      canvas.write(title, at: .zero, style: Self.headingStyle)
      return canvas
    case .text(let text, let style):
      let look = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
        line.isEmpty ? [""] : TTLabel.lines(of: String(line), width: width, look: look)
      }
      var canvas = TTCanvas(width: width, height: max(1, lines.count))
      for (row, line) in lines.enumerated() {
        canvas.write(line, at: TTPoint(x: 0, y: row), style: style)
      }
      return canvas
    case .code(let code):
      let wrap = TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
      let lines = code.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
        line.isEmpty ? [""] : TTLabel.lines(of: String(line), width: max(1, width - 2), look: wrap)
      }
      var canvas = TTCanvas(width: width, height: max(1, lines.count))
      for (row, line) in lines.enumerated() {
        canvas.write(line, at: TTPoint(x: 2, y: row), style: Self.codeStyle)
      }
      return canvas
    case .examples(let examples):
      let wrap = TTTextLook(lineBreakMode: .characterWrap, numberOfLines: 0)
      var rows: [(String, TTCellStyle)] = []
      for (code, result) in examples {
        for line in TTLabel.lines(of: code, width: width, look: wrap) { rows.append((line, Self.codeStyle)) }
        for line in TTLabel.lines(of: "→ " + result, width: width, look: wrap) { rows.append((line, .plain)) }
      }
      var canvas = TTCanvas(width: width, height: max(1, rows.count))
      for (row, entry) in rows.enumerated() {
        canvas.write(entry.0, at: TTPoint(x: 0, y: row), style: entry.1)
      }
      return canvas
    case .pairs(let pairs):
      let nameWidth = min(pairs.map { TTDisplayWidth.of($0.0) }.max() ?? 0, max(4, width / 2))
      var rows: [(String, String)] = []
      for (name, value) in pairs {
        let valueWidth = max(1, width - nameWidth - 3)
        let lines = TTLabel.lines(
          of: value.isEmpty ? " " : value, width: valueWidth,
          look: TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0))
        for (index, line) in lines.enumerated() { rows.append((index == 0 ? name : "", line)) }
      }
      var canvas = TTCanvas(width: width, height: max(1, rows.count))
      for (row, entry) in rows.enumerated() {
        canvas.write(entry.0, at: TTPoint(x: 0, y: row), style: Self.dimStyle, maxWidth: nameWidth)
        canvas.write(entry.1, at: TTPoint(x: nameWidth + 3, y: row))
      }
      return canvas
    case .canvas(let make):
      return make(width)
    case .view(let view, let height):
      view.frame = TTRect(x: 0, y: 0, width: width, height: max(1, height))
      var canvas = TTCanvas(width: width, height: max(1, height))
      view.draw(on: &canvas)
      return canvas
    case .gap:
      return TTCanvas(width: width, height: 1)
    }
  }
}
