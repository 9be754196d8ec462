public import Three20Style

/// Draws a TTTableSubtextItem: the text, with the caption under it in grey.
///
/// The text on the first row in `textColor`, truncated; then the caption in
/// `tableSubTextColor`, word-wrapped over as many rows as it needs. An empty caption takes no
/// row.
///
/// ```swift
/// let item = TTTableSubtextItem(text: "Video", caption: "Shoot, edit and share.")
/// TTTableSubtextItemCell().render(item, width: 30, state: .init()).plainText
/// // " Video\n Shoot, edit and share."
/// ```
public struct TTTableSubtextItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableSubtextItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableSubtextItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    let below =
      item.caption.isEmpty ? [] : TTTableCellContext.wrapped(item.caption, width: context.contentWidth)
    var canvas = context.canvas(height: 1 + below.count)
    TTTableCellContext.write(
      item.text, on: &canvas, x: context.left, y: 0, width: context.contentWidth,
      style: TTCellStyle(foreground: context.textColor))
    for (row, line) in below.enumerated() {
      canvas.write(
        line, at: TTPoint(x: context.left, y: row + 1), style: TTCellStyle(foreground: context.subTextColor),
        maxWidth: context.contentWidth)
    }
    context.finish(&canvas)
    return canvas
  }
}
