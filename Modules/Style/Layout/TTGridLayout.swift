/// Places boxes in a grid of equal columns: Three20's `TTGridLayout`, in cells.
///
/// The width inside the padding, less the spacing between columns, is shared between the
/// columns; when it does not divide evenly, the first columns are one cell wider. Each box
/// takes its column's width and its own height; each row is as tall as its **tallest** box
/// (Three20 used the last box's height, issue #428), and rows are `spacing` apart.
///
/// ```swift
/// let grid = TTGridLayout(columnCount: 3, padding: 1, spacing: 1)
/// let sizes = Array(repeating: TTSize(width: 0, height: 2), count: 4)
/// let (frames, size) = grid.frames(for: sizes, in: 14)
/// // frames: (1, 1) 4×2, (6, 1) 3×2, (10, 1) 3×2, (1, 4) 4×2
/// // size: 14×7
/// ```
public struct TTGridLayout: Sendable, Hashable {
  /// The number of columns; less than 1 counts as 1.
  public var columnCount: Int
  /// Space around the grid, on every side, in cells; negative values count as 0.
  public var padding: Int
  /// Space between columns and between rows, in cells; negative values count as 0.
  public var spacing: Int

  /// Creates a grid layout.
  ///
  /// - Parameters:
  ///   - columnCount: The number of columns; 1 by default, as in Three20.
  ///   - padding: Space around the grid; none by default.
  ///   - spacing: Space between cells; none by default.
  public init(columnCount: Int = 1, padding: Int = 0, spacing: Int = 0) {
    self.columnCount = columnCount
    self.padding = padding
    self.spacing = spacing
  }

  /// The width of each column in a container `width` cells wide, left to right.
  ///
  /// Use it to size boxes before laying them out (a box's height often depends on its width).
  ///
  /// - Parameter width: The container's width.
  /// - Returns: One width per column, never negative.
  public func columnWidths(in width: Int) -> [Int] {
    let (columns, padding, spacing) = metrics
    let width = min(max(0, width), TTFlowLayout.maximumLength)
    let inner = max(0, width - 2 * padding - spacing * (columns - 1))
    return (0..<columns).map { inner / columns + ($0 < inner % columns ? 1 : 0) }
  }

  /// Places boxes in the grid, left to right, then top to bottom.
  ///
  /// - Parameters:
  ///   - sizes: The boxes' sizes, in order; only their heights are used.
  ///   - width: The container's width.
  /// - Returns: Each box's frame and the size the grid takes with its padding (the
  ///   container's width, or twice the padding when that is more).
  public func frames(for sizes: [TTSize], in width: Int) -> (frames: [TTRect], size: TTSize) {
    let (columns, padding, spacing) = metrics
    let widths = columnWidths(in: width)
    var lefts: [Int] = []
    var x = padding
    for columnWidth in widths {
      lefts.append(x)
      x += columnWidth + spacing
    }
    var frames: [TTRect] = []
    frames.reserveCapacity(sizes.count)
    var rowTop = padding
    var rowHeight = 0
    for (index, size) in sizes.enumerated() {
      let column = index % columns
      if column == 0, index > 0 {
        rowTop += rowHeight + spacing
        rowHeight = 0
      }
      let height = min(size.height, TTFlowLayout.maximumLength)
      frames.append(TTRect(x: lefts[column], y: rowTop, width: widths[column], height: height))
      rowHeight = max(rowHeight, height)
    }
    let height = sizes.isEmpty ? 2 * padding : rowTop + rowHeight + padding
    return (frames, TTSize(width: max(min(width, TTFlowLayout.maximumLength), 2 * padding), height: height))
  }

  private var metrics: (columns: Int, padding: Int, spacing: Int) {
    let limit = TTStyleDrawing.maximumExtent
    return (
      min(max(1, columnCount), limit), min(max(0, padding), limit), min(max(0, spacing), limit)
    )
  }
}
