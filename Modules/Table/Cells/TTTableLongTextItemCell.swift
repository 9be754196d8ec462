public import Three20Style

/// Draws a TTTableLongTextItem: all of its text, word-wrapped.
///
/// The text in the stylesheet's `textColor`, wrapped at spaces (a word longer than the row is
/// broken) over as many rows as it needs; nothing is cut. The accessory mark, if any, sits at
/// the right edge of the middle row, and no text runs under it.
///
/// ```swift
/// let item = TTTableLongTextItem(text: "Three20 was the library behind the Facebook app.")
/// TTTableLongTextItemCell().render(item, width: 24, state: .init()).plainText
/// // " Three20 was the\n library behind the\n Facebook app."
/// ```
public struct TTTableLongTextItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableLongTextItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableLongTextItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return TTTableTextItemCell.wrapped(
      item.text, context: context, style: TTCellStyle(foreground: context.textColor))
  }
}
