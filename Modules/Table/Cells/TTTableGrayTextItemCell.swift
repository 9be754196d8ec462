public import Three20Style

/// Draws a TTTableGrayTextItem: its text in grey, word-wrapped.
///
/// The text in the stylesheet's `tableSubTextColor`, wrapped over as many rows as it needs,
/// as Three20's grey text wrapped.
///
/// ```swift
/// TTTableGrayTextItemCell().render(TTTableGrayTextItem(text: "Changes apply later."), width: 30, state: .init())
/// // " Changes apply later."   (grey)
/// ```
public struct TTTableGrayTextItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableGrayTextItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableGrayTextItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return TTTableTextItemCell.wrapped(
      item.text, context: context, style: TTCellStyle(foreground: context.subTextColor))
  }
}
