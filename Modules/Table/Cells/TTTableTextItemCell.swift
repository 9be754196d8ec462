public import Three20Style

/// Draws a ``TTTableTextItem``: Three20's `TTTableTextItemCell`.
///
/// One row: the text in the stylesheet's `textColor`, truncated with `…` to the width, and
/// the disclosure mark `›` (URL) or detail mark `»` (accessory URL) at the right edge, in
/// columns of their own.
///
/// ```swift
/// TTTableTextItemCell().render(TTTableTextItem(text: "Inbox", url: "tt://inbox"), width: 20, state: .init())
/// // " Inbox            ›"
/// ```
public struct TTTableTextItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item as one row.
  ///
  /// - Parameters:
  ///   - item: A ``TTTableTextItem``; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: A one-row canvas `width` columns wide.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableTextItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return Self.oneLine(item.text, context: context, style: TTCellStyle(foreground: context.textColor))
  }

  /// A one-row cell: `text` in `style`, aligned in the content, then accessory and selection.
  static func oneLine(
    _ text: String, context: TTTableCellContext, style: TTCellStyle, alignment: TTTextLook.Alignment = .left
  ) -> TTCanvas {
    var canvas = context.canvas(height: 1)
    TTTableCellContext.write(
      text, on: &canvas, x: context.left, y: 0, width: context.contentWidth, style: style,
      alignment: alignment)
    context.finish(&canvas)
    return canvas
  }

  /// A wrapped cell: all of `text` word-wrapped to the content in `style`.
  static func wrapped(_ text: String, context: TTTableCellContext, style: TTCellStyle) -> TTCanvas {
    let lines = TTTableCellContext.wrapped(text, width: context.contentWidth)
    var canvas = context.canvas(height: lines.count)
    for (row, line) in lines.enumerated() {
      canvas.write(line, at: TTPoint(x: context.left, y: row), style: style, maxWidth: context.contentWidth)
    }
    context.finish(&canvas)
    return canvas
  }
}
