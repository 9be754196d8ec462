/// Places boxes left to right in rows, starting a new row when one is full: Three20's
/// `TTFlowLayout`, in cells.
///
/// Each row is as tall as its **tallest** box. (Three20 moved down by the height of the box
/// that started the next row, so a short box after a tall one overlapped it: issue #428.)
/// A box wider than the room available starts a row of its own and sticks out on the right.
///
/// Boxes can float or be placed absolutely, as ``TTBox/Position`` says:
///
/// - ``TTBox/Position/static``: in the flow, after the previous box.
/// - ``TTBox/Position/floatLeft``: against the left edge (right of earlier left floats), at
///   the top of the current row if it is still empty, otherwise of the next row; the boxes
///   after it flow on its right until they are below it.
/// - ``TTBox/Position/floatRight``: against the right edge, at the top of the current row if
///   it fits right of the boxes already there, otherwise of the next row.
/// - ``TTBox/Position/absolute``: at ``Item/origin``, measured from the container's top
///   left, out of the flow; it neither moves other boxes nor counts in the size.
///
/// ```swift
/// let flow = TTFlowLayout(padding: 1, spacing: 1)
/// let sizes = [TTSize(width: 4, height: 3), TTSize(width: 4, height: 1), TTSize(width: 4, height: 1)]
/// let (frames, size) = flow.frames(for: sizes, in: 12)
/// // frames: (1, 1) 4×3, (6, 1) 4×1, (1, 5) 4×1 — the third row starts below the tall box
/// // size: 11×7
/// ```
public struct TTFlowLayout: Sendable, Hashable {
  /// A box to place: its size and how it is positioned.
  public struct Item: Sendable, Hashable {
    /// The box's size.
    public var size: TTSize
    /// How the box is placed; in the flow by default.
    public var position: TTBox.Position
    /// Where an ``TTBox/Position/absolute`` box goes, from the container's top left; other
    /// positions ignore it.
    public var origin: TTPoint

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - size: The box's size.
    ///   - position: How it is placed; ``TTBox/Position/static`` by default.
    ///   - origin: Where an absolute box goes; the top left by default.
    public init(size: TTSize, position: TTBox.Position = .static, origin: TTPoint = .zero) {
      self.size = size
      self.position = position
      self.origin = origin
    }
  }

  /// The largest width, and box size, taken into account; larger ones are clamped so that
  /// sums cannot overflow.
  static let maximumLength = 1 << 32

  /// Space around the boxes, on every side, in cells; negative values count as 0.
  public var padding: Int
  /// Space between boxes, across and down, in cells; negative values count as 0.
  public var spacing: Int

  /// Creates a flow layout.
  ///
  /// - Parameters:
  ///   - padding: Space around the boxes; none by default.
  ///   - spacing: Space between boxes; none by default.
  public init(padding: Int = 0, spacing: Int = 0) {
    self.padding = padding
    self.spacing = spacing
  }

  /// Places boxes of these sizes in the flow.
  ///
  /// - Parameters:
  ///   - sizes: The boxes' sizes, in order.
  ///   - width: The container's width.
  /// - Returns: Each box's frame, in order, and the size the boxes take with the padding:
  ///   the rightmost edge and the bottom edge plus the padding.
  public func frames(for sizes: [TTSize], in width: Int) -> (frames: [TTRect], size: TTSize) {
    frames(for: sizes.map { Item(size: $0) }, in: width)
  }

  /// Places boxes, floating or absolute ones included.
  ///
  /// - Parameters:
  ///   - items: The boxes, in order.
  ///   - width: The container's width.
  /// - Returns: Each box's frame, in order, and the size the boxes in the flow and the
  ///   floats take with the padding.
  public func frames(for items: [Item], in width: Int) -> (frames: [TTRect], size: TTSize) {
    let padding = min(max(0, self.padding), TTStyleDrawing.maximumExtent)
    let spacing = min(max(0, self.spacing), TTStyleDrawing.maximumExtent)
    let width = min(max(0, width), TTFlowLayout.maximumLength)
    let right = max(padding, width - padding)
    var floats: [(rect: TTRect, isLeft: Bool)] = []
    var rowTop = padding
    var rowHeight = 0
    var cursor: Int? = nil  // the left edge for the next box in the row; nil when the row is empty
    var maxX = 0
    var maxY = 0

    func edges(at y: Int) -> (left: Int, right: Int) {
      var left = padding
      var rightEdge = right
      for float in floats where float.rect.y <= y && y < float.rect.maxY + spacing {
        if float.isLeft {
          left = max(left, float.rect.maxX + spacing)
        } else {
          rightEdge = min(rightEdge, float.rect.x - spacing)
        }
      }
      return (left, rightEdge)
    }
    func newRow() {
      if cursor != nil || rowHeight > 0 { rowTop += rowHeight + spacing }
      rowHeight = 0
      cursor = nil
    }
    /// Moves the row down until `width` columns are free on it, or no float is in the way.
    func findRoom(for width: Int) -> Int {
      while true {
        let (left, rightEdge) = edges(at: rowTop)
        let free = rightEdge - left
        let blocking = floats.filter { $0.rect.y <= rowTop && rowTop < $0.rect.maxY + spacing }
        if free >= width || blocking.isEmpty { return left }
        rowTop = blocking.map { $0.rect.maxY + spacing }.min() ?? rowTop + 1
      }
    }

    var frames: [TTRect] = []
    frames.reserveCapacity(items.count)
    for item in items {
      let size = TTSize(
        width: min(item.size.width, TTFlowLayout.maximumLength),
        height: min(item.size.height, TTFlowLayout.maximumLength))
      let frame: TTRect
      switch item.position {
      case .absolute:
        frames.append(TTRect(origin: item.origin, size: size))
        continue
      case .static:
        if let x = cursor, x + size.width > edges(at: rowTop).right { newRow() }
        let x = cursor ?? findRoom(for: size.width)
        frame = TTRect(x: x, y: rowTop, width: size.width, height: size.height)
        cursor = x + size.width + spacing
        rowHeight = max(rowHeight, size.height)
      case .floatLeft:
        if cursor != nil { newRow() }
        let x = findRoom(for: size.width)
        frame = TTRect(x: x, y: rowTop, width: size.width, height: size.height)
        floats.append((frame, true))
      case .floatRight:
        let rightEdge = edges(at: rowTop).right
        if let x = cursor, x + size.width > rightEdge { newRow() }
        _ = findRoom(for: size.width)
        frame = TTRect(
          x: max(edges(at: rowTop).right - size.width, padding), y: rowTop, width: size.width,
          height: size.height)
        floats.append((frame, false))
      }
      frames.append(frame)
      maxX = max(maxX, frame.maxX)
      maxY = max(maxY, frame.maxY)
    }
    let hasBoxes = maxX > 0 || maxY > 0
    return (
      frames,
      TTSize(
        width: hasBoxes ? maxX + padding : 2 * padding, height: hasBoxes ? maxY + padding : 2 * padding)
    )
  }
}
