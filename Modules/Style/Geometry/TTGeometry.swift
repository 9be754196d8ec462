/// Adds without trapping: results beyond `Int`'s range are clamped to it, so extreme values
/// from a style or from data can never crash geometry code.
@inline(__always)
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? (b > 0 ? Int.max : Int.min) : sum
}

/// Subtracts without trapping; see ``saturatingAdd(_:_:)``.
@inline(__always)
func saturatingSubtract(_ a: Int, _ b: Int) -> Int {
  let (difference, overflow) = a.subtractingReportingOverflow(b)
  return overflow ? (b < 0 ? Int.max : Int.min) : difference
}

/// A position on a terminal canvas, in columns (`x`) and rows (`y`) from the top left.
public struct TTPoint: Sendable, Hashable, CustomStringConvertible {
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int

  /// Creates a point.
  ///
  /// - Parameters:
  ///   - x: The column.
  ///   - y: The row.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The top-left corner.
  public static let zero = TTPoint(x: 0, y: 0)

  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

/// A size in columns and rows.
public struct TTSize: Sendable, Hashable, CustomStringConvertible {
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Creates a size; negative values are treated as 0.
  ///
  /// - Parameters:
  ///   - width: The number of columns.
  ///   - height: The number of rows.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// No columns and no rows.
  public static let zero = TTSize(width: 0, height: 0)

  /// `width×height`.
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells.
public struct TTRect: Sendable, Hashable, CustomStringConvertible {
  /// The top-left cell.
  public var origin: TTPoint
  /// The number of columns and rows.
  public var size: TTSize

  /// Creates a rectangle.
  ///
  /// - Parameters:
  ///   - x: The left column.
  ///   - y: The top row.
  ///   - width: The number of columns; negative is treated as 0.
  ///   - height: The number of rows; negative is treated as 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    origin = TTPoint(x: x, y: y)
    size = TTSize(width: width, height: height)
  }

  /// Creates a rectangle from an origin and a size.
  ///
  /// - Parameters:
  ///   - origin: The top-left cell.
  ///   - size: The number of columns and rows.
  public init(origin: TTPoint, size: TTSize) {
    self.origin = origin
    self.size = size
  }

  /// The empty rectangle at the origin.
  public static let zero = TTRect(x: 0, y: 0, width: 0, height: 0)

  /// The left column.
  public var x: Int { origin.x }
  /// The top row.
  public var y: Int { origin.y }
  /// The number of columns.
  public var width: Int { size.width }
  /// The number of rows.
  public var height: Int { size.height }
  /// The column just right of the rectangle.
  public var maxX: Int { saturatingAdd(origin.x, size.width) }
  /// The row just below the rectangle.
  public var maxY: Int { saturatingAdd(origin.y, size.height) }
  /// Whether the rectangle holds no cell.
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// Whether a cell lies inside the rectangle.
  ///
  /// - Parameter point: The cell.
  /// - Returns: `true` when `point` is inside.
  public func contains(_ point: TTPoint) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// Whether every cell of another rectangle lies inside this one; an empty rectangle is inside
  /// any rectangle.
  ///
  /// - Parameter other: The other rectangle.
  /// - Returns: `true` when `other` is inside.
  public func contains(_ other: TTRect) -> Bool {
    other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
  }

  /// The cells both rectangles share (empty when they do not overlap).
  ///
  /// - Parameter other: The other rectangle.
  /// - Returns: The overlap.
  public func intersection(_ other: TTRect) -> TTRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return TTRect(x: left, y: top, width: 0, height: 0) }
    return TTRect(
      x: left, y: top, width: saturatingSubtract(right, left), height: saturatingSubtract(bottom, top))
  }

  /// The rectangle shrunk by insets on each side (Three20's `TTRectInset`).
  ///
  /// - Parameter insets: How much to take off each side; negative values grow it.
  /// - Returns: The inset rectangle; never of negative size.
  public func inset(by insets: TTEdgeInsets) -> TTRect {
    TTRect(
      x: saturatingAdd(x, insets.left), y: saturatingAdd(y, insets.top),
      width: saturatingSubtract(width, saturatingAdd(insets.left, insets.right)),
      height: saturatingSubtract(height, saturatingAdd(insets.top, insets.bottom)))
  }

  /// The rectangle moved by an offset (Three20's `TTRectShift` moved the size; this moves
  /// the origin).
  ///
  /// - Parameters:
  ///   - dx: Columns to move right.
  ///   - dy: Rows to move down.
  /// - Returns: The moved rectangle.
  public func offsetBy(dx: Int, dy: Int) -> TTRect {
    TTRect(x: saturatingAdd(x, dx), y: saturatingAdd(y, dy), width: width, height: height)
  }

  /// `(x, y) width×height`.
  public var description: String { "\(origin) \(size)" }
}

/// Distances to take off each side of a rectangle, in cells.
public struct TTEdgeInsets: Sendable, Hashable {
  /// Rows off the top.
  public var top: Int
  /// Columns off the left.
  public var left: Int
  /// Rows off the bottom.
  public var bottom: Int
  /// Columns off the right.
  public var right: Int

  /// Creates insets.
  ///
  /// - Parameters:
  ///   - top: Rows off the top.
  ///   - left: Columns off the left.
  ///   - bottom: Rows off the bottom.
  ///   - right: Columns off the right.
  public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Creates the same inset on every side.
  ///
  /// - Parameter all: Cells off every side.
  public init(all: Int) {
    self.init(top: all, left: all, bottom: all, right: all)
  }

  /// Creates insets from a vertical and a horizontal amount.
  ///
  /// - Parameters:
  ///   - vertical: Rows off the top and the bottom.
  ///   - horizontal: Columns off the left and the right.
  public init(vertical: Int, horizontal: Int) {
    self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }

  /// No inset.
  public static let zero = TTEdgeInsets()

  /// Columns taken off in all: left plus right.
  public var horizontal: Int { saturatingAdd(left, right) }
  /// Rows taken off in all: top plus bottom.
  public var vertical: Int { saturatingAdd(top, bottom) }

  /// Adds two sets of insets side by side.
  ///
  /// - Parameters:
  ///   - lhs: The first insets.
  ///   - rhs: The second insets.
  /// - Returns: The sum, side by side.
  public static func + (lhs: TTEdgeInsets, rhs: TTEdgeInsets) -> TTEdgeInsets {
    TTEdgeInsets(
      top: saturatingAdd(lhs.top, rhs.top), left: saturatingAdd(lhs.left, rhs.left),
      bottom: saturatingAdd(lhs.bottom, rhs.bottom), right: saturatingAdd(lhs.right, rhs.right))
  }
}
