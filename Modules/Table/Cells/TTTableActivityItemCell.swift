public import Three20Style
import Three20UICommon

/// Draws a TTTableActivityItem: a spinner and its text, centred.
///
/// One row: the state's spinner frame (`TTTableCellState.spinnerFrame`), a space and the
/// text, centred, in `tableActivityTextColor`, as Three20's activity cell showed a grey
/// activity label. With the ASCII spinner, `…` is written `...`, as `TTActivityLabel` does.
///
/// ```swift
/// TTTableActivityItemCell().render(TTTableActivityItem(text: "Searching…"), width: 20, state: .init())
/// // "    ⠋ Searching…"
/// ```
public struct TTTableActivityItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableActivityItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableActivityItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .none)
    let text = TTTableCellContext.besideSpinner(item.text, state: state)
    return TTTableTextItemCell.oneLine(
      state.spinnerFrame + " " + text, context: context,
      style: TTCellStyle(foreground: context.activityColor),
      alignment: .center)
  }
}
