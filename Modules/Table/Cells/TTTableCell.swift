public import Three20Style

/// How a cell is being shown: selected, highlighted, and the stylesheet to draw with.
public struct TTTableCellState: Sendable {
  /// Whether the row is the table's current row (under the cursor).
  public var isSelected: Bool
  /// Whether the row is being pressed (chosen but not yet opened).
  public var isHighlighted: Bool
  /// The stylesheet to take looks from; ``TTStyleSheet/current`` by default.
  public var styleSheet: TTStyleSheet

  /// Creates a cell state.
  ///
  /// - Parameters:
  ///   - isSelected: Whether the row is under the cursor; `false` by default.
  ///   - isHighlighted: Whether the row is being pressed; `false` by default.
  ///   - styleSheet: The stylesheet; the current one by default.
  public init(isSelected: Bool = false, isHighlighted: Bool = false, styleSheet: TTStyleSheet = .current) {
    self.isSelected = isSelected
    self.isHighlighted = isHighlighted
    self.styleSheet = styleSheet
  }
}

/// How a row looks: Three20's `TTTableViewCell`, as one layout function.
///
/// Three20's custom cells did their layout twice — once in `rowHeightForObject:` for the height,
/// once in `layoutSubviews` to draw — and the two drifted apart. Here a cell has one function,
/// ``render(_:width:state:)``, which draws the row into a canvas exactly as tall as the row:
/// the row's height *is* that canvas's height, so height and drawing cannot disagree.
///
/// ```swift
/// struct FriendCell: TTTableCell {
///   func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
///     let friend = item as? FriendItem
///     var canvas = TTCanvas(width: width, height: 1)
///     canvas.write(friend?.name ?? "?", at: .zero)
///     return canvas
///   }
/// }
/// ```
public protocol TTTableCell: Sendable {
  /// Draws an item as a row.
  ///
  /// - Parameters:
  ///   - item: The row's item; a cell registered for one item type receives that type.
  ///   - width: The row's width in columns.
  ///   - state: Whether the row is selected or highlighted, and the stylesheet.
  /// - Returns: The row, `width` columns wide and as many rows high as it needs (at least 1).
  func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas
}
