/// How terminal cells map to SVG pixels.
///
/// Styles measure everything in cells: a radius of 1, a border 1 wide, a shadow one row down.
/// An SVG picture needs pixels, so the renderer multiplies by these numbers. A cell is taller
/// than it is wide, as in a terminal: 10 × 20 pixels by default.
///
/// Borders and shadows get their own scale, because a border "1 cell" wide drawn 10 pixels
/// thick looks nothing like the hairline Three20 drew: by default a border is 2 pixels per cell
/// of width, a shadow moves and blurs 4 pixels per cell, and a text shadow moves 1 pixel per
/// cell.
///
/// ```swift
/// let metrics = TTSVGMetrics()
/// metrics.pixels(columns: 3)       // 30.0
/// metrics.pixels(rows: 2)          // 40.0
/// metrics.strokeWidth(1)           // 2.0
/// metrics.radius(1)                // 10.0
/// let big = TTSVGMetrics(columnWidth: 8, rowHeight: 16, borderPixelsPerCell: 1)
/// big.pixels(columns: 3)           // 24.0
/// ```
///
/// Values that are not finite or not positive are replaced by the defaults, so no metrics can
/// make the renderer divide by zero.
public struct TTSVGMetrics: Sendable, Hashable {
  /// The width of one column in pixels; defaults to 10.
  public var columnWidth: Double {
    didSet { columnWidth = Self.sane(columnWidth, default: 10) }
  }
  /// The height of one row in pixels; defaults to 20.
  public var rowHeight: Double {
    didSet { rowHeight = Self.sane(rowHeight, default: 20) }
  }
  /// The stroke width in pixels of a border one cell wide; defaults to 2.
  public var borderPixelsPerCell: Double {
    didSet { borderPixelsPerCell = Self.sane(borderPixelsPerCell, default: 2) }
  }
  /// The pixels a shadow moves and blurs per cell of offset or blur; defaults to 4.
  public var shadowPixelsPerCell: Double {
    didSet { shadowPixelsPerCell = Self.sane(shadowPixelsPerCell, default: 4) }
  }

  /// The pixels a text shadow moves per cell of offset; defaults to 1, like the one-point
  /// text shadows of Three20's buttons.
  public var textShadowPixelsPerCell: Double {
    didSet { textShadowPixelsPerCell = Self.sane(textShadowPixelsPerCell, default: 1) }
  }

  /// Creates metrics.
  ///
  /// ```swift
  /// let metrics = TTSVGMetrics(columnWidth: 8, rowHeight: 16)
  /// metrics.pixels(rows: 1)   // 16.0
  /// ```
  ///
  /// - Parameters:
  ///   - columnWidth: Pixels per column; defaults to 10.
  ///   - rowHeight: Pixels per row; defaults to 20.
  ///   - borderPixelsPerCell: Stroke pixels per cell of border width; defaults to 2.
  ///   - shadowPixelsPerCell: Pixels per cell of shadow offset or blur; defaults to 4.
  ///   - textShadowPixelsPerCell: Pixels per cell of text shadow offset; defaults to 1.
  public init(
    columnWidth: Double = 10, rowHeight: Double = 20, borderPixelsPerCell: Double = 2,
    shadowPixelsPerCell: Double = 4, textShadowPixelsPerCell: Double = 1
  ) {
    self.columnWidth = Self.sane(columnWidth, default: 10)
    self.rowHeight = Self.sane(rowHeight, default: 20)
    self.borderPixelsPerCell = Self.sane(borderPixelsPerCell, default: 2)
    self.shadowPixelsPerCell = Self.sane(shadowPixelsPerCell, default: 4)
    self.textShadowPixelsPerCell = Self.sane(textShadowPixelsPerCell, default: 1)
  }

  /// The pixel width of a number of columns.
  ///
  /// - Parameter columns: The columns; may be negative.
  /// - Returns: `columns × columnWidth`.
  public func pixels(columns: Int) -> Double {
    Double(columns) * columnWidth
  }

  /// The pixel height of a number of rows.
  ///
  /// - Parameter rows: The rows; may be negative.
  /// - Returns: `rows × rowHeight`.
  public func pixels(rows: Int) -> Double {
    Double(rows) * rowHeight
  }

  /// A rectangle of cells in pixels.
  ///
  /// ```swift
  /// TTSVGMetrics().pixels(TTRect(x: 1, y: 1, width: 4, height: 2))
  /// // x 10, y 20, width 40, height 40
  /// ```
  ///
  /// - Parameter rect: The cells.
  /// - Returns: The same area in pixels.
  public func pixels(_ rect: TTRect) -> TTShapePath.Rect {
    TTShapePath.Rect(
      x: pixels(columns: rect.x), y: pixels(rows: rect.y), width: pixels(columns: rect.width),
      height: pixels(rows: rect.height))
  }

  /// A corner radius in pixels: `radius × columnWidth`.
  ///
  /// The shape path caps radii so they fit the shape; ``TTCornerRadii/fullyRound`` is
  /// resolved there too, because it depends on the height. Here a negative radius gives 0.
  ///
  /// - Parameter radius: The radius in cells.
  /// - Returns: The radius in pixels, never negative.
  public func radius(_ radius: Int) -> Double {
    max(0, Double(radius) * columnWidth)
  }

  /// The stroke width of a border: `width × borderPixelsPerCell`.
  ///
  /// - Parameter width: The border width in cells.
  /// - Returns: The stroke width in pixels, never negative.
  public func strokeWidth(_ width: Int) -> Double {
    max(0, Double(width) * borderPixelsPerCell)
  }

  /// A shadow offset in pixels: columns and rows times `shadowPixelsPerCell`.
  ///
  /// - Parameter offset: Columns right and rows down.
  /// - Returns: Pixels right and down.
  public func shadowOffset(_ offset: TTPoint) -> TTShapePath.Point {
    TTShapePath.Point(x: Double(offset.x) * shadowPixelsPerCell, y: Double(offset.y) * shadowPixelsPerCell)
  }

  /// The Gaussian standard deviation for a shadow blur: half of `blur × shadowPixelsPerCell`.
  ///
  /// - Parameter blur: The blur in cells.
  /// - Returns: The standard deviation in pixels, never negative.
  public func shadowDeviation(_ blur: Int) -> Double {
    max(0, Double(blur) * shadowPixelsPerCell / 2)
  }

  /// The font size for text in one row: 70 % of the row height, but small enough that a
  /// monospace character (about 0.6 em wide) fits in a column.
  public var fontSize: Double {
    min(rowHeight * 0.7, columnWidth / 0.6)
  }

  private static func sane(_ value: Double, default fallback: Double) -> Double {
    value.isFinite && value > 0 ? value : fallback
  }
}
