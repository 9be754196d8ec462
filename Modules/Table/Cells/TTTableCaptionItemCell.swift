public import Three20Style

/// Draws a TTTableCaptionItem: the caption in a column on the left, the text beside it.
///
/// As in a contact card: the caption right-aligned in a column of the stylesheet's
/// `tableCaptionWidth` (12 columns, Three20's 75-point key column; at most a third of the
/// row) in `linkTextColor`, then the text in `textColor`, word-wrapped over as many rows as it
/// needs, as Three20's caption cell wrapped its text.
///
/// ```swift
/// let item = TTTableCaptionItem(text: "ada@example.com", caption: "email")
/// TTTableCaptionItemCell().render(item, width: 40, state: .init())
/// // "        email ada@example.com"
/// ```
public struct TTTableCaptionItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableCaptionItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableCaptionItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return Self.captionColumn(
      caption: item.caption, text: item.text, context: context,
      captionStyle: TTCellStyle(foreground: context.linkColor))
  }

  /// A caption right-aligned in the caption column with `text` wrapped beside it; with no
  /// room for a column, the text alone.
  static func captionColumn(
    caption: String, text: String, context: TTTableCellContext, captionStyle: TTCellStyle,
    wrapsText: Bool = true
  ) -> TTCanvas {
    let column = context.captionWidth
    let textX = column > 0 ? context.left + column + context.spacing : context.left
    let textWidth = max(0, context.right - textX)
    let lines =
      wrapsText
      ? TTTableCellContext.wrapped(text, width: textWidth) : [TTTableCellContext.line(text, width: textWidth)]
    var canvas = context.canvas(height: lines.count)
    TTTableCellContext.write(
      caption, on: &canvas, x: context.left, y: 0, width: column, style: captionStyle, alignment: .right)
    for (row, line) in lines.enumerated() {
      canvas.write(
        line, at: TTPoint(x: textX, y: row), style: TTCellStyle(foreground: context.textColor),
        maxWidth: textWidth)
    }
    context.finish(&canvas)
    return canvas
  }
}
