public import Three20Style

/// Draws a TTTableSettingsItem: the setting's name on the left, its value at the right edge.
///
/// One row, as in a settings screen: the caption (the name) in `textColor`, and the text
/// (the value) right-aligned in `tableSubTextColor`. The value keeps up to half the row.
///
/// ```swift
/// TTTableSettingsItemCell().render(TTTableSettingsItem(text: "Home", caption: "Wi-Fi"), width: 20, state: .init())
/// // " Wi-Fi         Home"
/// ```
public struct TTTableSettingsItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableSettingsItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableSettingsItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return TTTableRightCaptionItemCell.twoEnds(
      left: item.caption, leftStyle: TTCellStyle(foreground: context.textColor),
      right: item.text, rightStyle: TTCellStyle(foreground: context.subTextColor), context: context)
  }
}
