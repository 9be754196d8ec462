public import Three20Style

/// Draws a TTTableRightCaptionItem: the text on the left, the caption at the right edge.
///
/// One row: the text in `textColor` on the left and the caption right-aligned in
/// `linkTextColor`. The caption keeps up to half the row; the text is truncated first.
///
/// ```swift
/// TTTableRightCaptionItemCell().render(TTTableRightCaptionItem(text: "Storage", caption: "12 GB"), width: 24, state: .init())
/// // " Storage          12 GB"
/// ```
public struct TTTableRightCaptionItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableRightCaptionItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableRightCaptionItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return Self.twoEnds(
      left: item.text, leftStyle: TTCellStyle(foreground: context.textColor),
      right: item.caption, rightStyle: TTCellStyle(foreground: context.linkColor), context: context)
  }

  /// One row with `left` at the start and `right` right-aligned at the end; `right` keeps up
  /// to half the row, `left` takes what is left after a spacing.
  static func twoEnds(
    left: String, leftStyle: TTCellStyle, right: String, rightStyle: TTCellStyle, context: TTTableCellContext
  ) -> TTCanvas {
    var canvas = context.canvas(height: 1)
    let room = context.contentWidth
    let rightWidth = min(TTTableCellContext.columns(of: right), room / 2)
    let leftWidth = max(0, room - rightWidth - (rightWidth > 0 ? context.spacing : 0))
    TTTableCellContext.write(left, on: &canvas, x: context.left, y: 0, width: leftWidth, style: leftStyle)
    TTTableCellContext.write(
      right, on: &canvas, x: context.right - rightWidth, y: 0, width: rightWidth, style: rightStyle,
      alignment: .right)
    context.finish(&canvas)
    return canvas
  }
}
