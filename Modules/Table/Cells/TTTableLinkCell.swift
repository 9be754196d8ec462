public import Three20Style

/// Draws a TTTableLink: one underlined line in the link colour.
///
/// The text underlined, in the stylesheet's `linkTextColor`, truncated with `…`, with the
/// disclosure mark `›` when it has a URL.
///
/// ```swift
/// TTTableLinkCell().render(TTTableLink(text: "three20.info", url: "https://three20.info"), width: 20, state: .init())
/// // " three20.info     ›"   (underlined, link colour)
/// ```
public struct TTTableLinkCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableLink; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableLink else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return TTTableTextItemCell.oneLine(
      item.text, context: context, style: TTCellStyle(foreground: context.linkColor, attributes: .underline))
  }
}
