public import Three20Style

/// Draws a TTTableButton: `[ Title ]`, centred.
///
/// The title in brackets, bold, in the stylesheet's `linkTextColor`, centred in the row; no
/// accessory mark. In a row too narrow for the brackets, the title alone, truncated.
///
/// ```swift
/// TTTableButtonCell().render(TTTableButton(text: "Sign Out"), width: 20, state: .init())
/// // "    [ Sign Out ]"
/// ```
public struct TTTableButtonCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableButton; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableButton else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .none)
    let room = context.contentWidth
    let title =
      room >= 5 ? "[ " + TTTableCellContext.line(item.text, width: room - 4) + " ]" : item.text
    return TTTableTextItemCell.oneLine(
      title, context: context, style: TTCellStyle(foreground: context.linkColor, attributes: .bold),
      alignment: .center)
  }
}
