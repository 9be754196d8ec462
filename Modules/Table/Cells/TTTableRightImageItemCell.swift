public import Three20Style

/// Draws a TTTableRightImageItem: the text, with the image's placeholder at the right edge.
///
/// The text in `textColor` on the left, truncated with `…`; the image's placeholder `[alt]`
/// (`[image]` without alternate text) right-aligned in `placeholderTextColor`, at most a third
/// of the row. With the Image module's provider installed, the image is a picture at the
/// right, as ``TTTableImageItemCell`` draws it at the left.
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
    return TTTableImageItemCell.imageRow(
      item.text, imageURL: item.imageURL, alternateText: item.alternateText, imageAtRight: true,
      context: context)
  }
}
