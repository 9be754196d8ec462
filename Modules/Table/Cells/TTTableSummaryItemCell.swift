public import Three20Style

/// Draws a TTTableSummaryItem: one centred grey line.
///
/// The text centred in the row, in the stylesheet's `tableSubTextColor`, truncated with `…`.
///
/// ```swift
/// TTTableSummaryItemCell().render(TTTableSummaryItem(text: "42 messages"), width: 21, state: .init())
/// // "     42 messages"
/// ```
public struct TTTableSummaryItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableSummaryItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableSummaryItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return TTTableTextItemCell.oneLine(
      item.text, context: context, style: TTCellStyle(foreground: context.subTextColor), alignment: .center)
  }
}
