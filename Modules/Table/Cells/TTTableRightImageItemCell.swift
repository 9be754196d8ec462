public import Three20Style

/// Draws a TTTableRightImageItem: the text, with the image's placeholder at the right edge.
///
/// The text in `textColor` on the left, truncated with `…`; the image's placeholder `[alt]`
/// (`[image]` without alternate text) right-aligned in `placeholderTextColor`, at most a third
/// of the row.
///
/// ```swift
/// let item = TTTableRightImageItem(text: "Profile", imageURL: "https://example.com/me.png", alternateText: "me")
/// TTTableRightImageItemCell().render(item, width: 20, state: .init())
/// // " Profile       [me]"
/// ```
public struct TTTableRightImageItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableRightImageItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableRightImageItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    var canvas = context.canvas(height: 1)
    let placeholder = TTTableImageItemCell.placeholder(item.alternateText, width: context.contentWidth / 3)
    let placeholderWidth = TTDisplayWidth.of(placeholder)
    canvas.write(
      placeholder, at: TTPoint(x: context.right - placeholderWidth, y: 0),
      style: TTCellStyle(foreground: context.placeholderColor))
    let textWidth = max(
      0, context.contentWidth - placeholderWidth - (placeholderWidth > 0 ? context.spacing : 0))
    TTTableCellContext.write(
      item.text, on: &canvas, x: context.left, y: 0, width: textWidth,
      style: TTCellStyle(foreground: context.textColor))
    context.finish(&canvas)
    return canvas
  }
}
