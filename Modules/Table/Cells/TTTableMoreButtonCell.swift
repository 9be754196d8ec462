public import Three20Style

/// Draws a TTTableMoreButton: `Load more…`, with a spinner while loading.
///
/// The text in `moreLinkTextColor` after a two-column spinner place: while the button is
/// loading, the state's spinner frame turns there (`TTTableCellState.spinnerFrame`), so the
/// text does not move when loading starts. The subtitle, if any, goes on a second row in
/// `tableSubTextColor`.
///
/// ```swift
/// var more = TTTableMoreButton(subtitle: "Showing 20 of 112")
/// more.isLoading = true
/// TTTableMoreButtonCell().render(more, width: 24, state: .init()).plainText
/// // " ⠋ Load more…\n Showing 20 of 112"
/// ```
public struct TTTableMoreButtonCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableMoreButton; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableMoreButton else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .none)
    let spinnerPlace = context.contentWidth >= 4 ? 2 : 0
    let text = TTTableCellContext.besideSpinner(item.text, state: state)
    var canvas = TTTableSubtitleItemCell.titleAndSubtitle(
      title: text, titleStyle: TTCellStyle(foreground: context.moreColor), subtitle: item.subtitle,
      context: TTTableCellContext(
        width: width, state: TTTableCellState(styleSheet: state.styleSheet), accessory: .none),
      titleX: context.left + spinnerPlace)
    if item.isLoading, spinnerPlace > 0 {
      canvas.write(
        state.spinnerFrame, at: TTPoint(x: context.left, y: 0),
        style: TTCellStyle(foreground: context.activityColor),
        maxWidth: 1)
    }
    state.applyHighlight(to: &canvas)
    return canvas
  }
}
