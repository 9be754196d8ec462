/// Which cells of a frame a ``TTShape`` covers, and the box-drawing characters of its outline.
///
/// Everything is computed cell by cell on demand, so a huge frame costs nothing beyond the
/// cells actually drawn (the visible part of the canvas).
///
/// The terminal forms of the shapes:
///
/// - **Rectangle**: `┌─┐ │ └─┘`. One row high it is `[…]`; one column wide, `│`; one cell, `□`.
/// - **Rounded rectangle** (any radius ≥ 1, or ``TTCornerRadii/fullyRound``): `╭─╮ │ ╰─╯`.
///   One row high it is `(…)`; one cell, `○`. A corner whose radius is ≥ 2 or fully round
///   leaves its corner cell out of fills (in shapes three columns wide or more), so a filled
///   shape without a border still reads as round; one row high, such an end is filled with a
///   half block (`▐…▌`), a pill.
/// - **Rounded left arrow**: the left end is a point made of diagonals, the right end is
///   rounded by `radius`. The point takes `(height + 1) / 2` columns:
///
///   ```
///   height 1:  <    )       height 3:   ╱────╮     height 4:   ╱───╮
///                                      <     │                ╱    │
///                                       ╲────╯                ╲    │
///                                                              ╲───╯
///   ```
///
///   The cells on the diagonals are half inside: fills show them as `◢`, `◀` and `◥` in the
///   fill colour, so a filled arrow without a border still has a point. The right arrow is
///   the mirror image (`╲`, `>`, `╱`; `◣`, `▶`, `◤`).
/// - **Speech bubble**: a rounded rectangle (the body) plus a pointer of `pointSize.height`
///   cells in a strip the body leaves free on the edge picked by `pointLocation`. The pointer
///   is drawn with `▲`/`▼`/`◀`/`▶` (with `│`/`─` stems when it is longer than one cell) when
///   `pointAngle` is closest to straight up, down, left or right, and with `╱`/`╲` steps on
///   the diagonals; where a straight pointer leaves its edge, the edge shows `┴`, `┬`, `┤` or
///   `├`.
struct TTShapeRaster {
  /// The sides of a shape, to colour borders side by side.
  struct Sides: OptionSet, Hashable {
    let rawValue: UInt8
    static let top = Sides(rawValue: 1)
    static let right = Sides(rawValue: 2)
    static let bottom = Sides(rawValue: 4)
    static let left = Sides(rawValue: 8)
    static let all: Sides = [.top, .right, .bottom, .left]
  }

  /// How much of a cell lies inside the shape.
  enum Coverage: Equatable {
    /// Not at all: fills leave the cell alone.
    case outside
    /// Wholly: fills paint its background.
    case inside
    /// Partly: fills draw this character in the fill colour (a half block, a triangle).
    case partial(Character)
  }

  /// One cell of the outline: the light box-drawing character and the sides it belongs to.
  struct Stroke: Equatable {
    var glyph: Character
    var sides: Sides
  }

  private enum Kind {
    case box(TTCornerRadii)
    case leftArrow(Int)
    case rightArrow(Int)
  }

  private struct Pointer {
    var cells: [(point: TTPoint, glyph: Character)]
    var junction: (point: TTPoint, glyph: Character)?
    var side: Sides
  }

  /// The longest speech-bubble pointer drawn, in cells.
  static let maximumPointerLength = 64

  /// The frame the shape fills.
  let frame: TTRect
  /// The part of the frame the shape's body takes: the frame, less a speech bubble's pointer strip.
  let body: TTRect
  private let kind: Kind
  private let pointer: Pointer?

  /// Rasterises `shape` in `frame`.
  init(shape: TTShape, frame: TTRect) {
    self.frame = frame
    switch shape {
    case .rectangle:
      kind = .box(TTCornerRadii(all: 0))
      body = frame
      pointer = nil
    case .roundedRectangle(let radii):
      kind = .box(radii)
      body = frame
      pointer = nil
    case .roundedLeftArrow(let radius):
      kind = .leftArrow(radius)
      body = frame
      pointer = nil
    case .roundedRightArrow(let radius):
      kind = .rightArrow(radius)
      body = frame
      pointer = nil
    case .speechBubble(let radius, let location, let angle, let pointSize):
      kind = .box(TTCornerRadii(all: radius))
      (body, pointer) = TTShapeRaster.bubble(
        frame: frame, location: location, angle: angle, length: pointSize.height)
    }
  }

  // MARK: Coverage

  /// How much of the cell at `x`, `y` lies inside the shape.
  func coverage(x: Int, y: Int) -> Coverage {
    if let pointer {
      if let cell = pointer.cells.last(where: { $0.point.x == x && $0.point.y == y }) {
        return .partial(cell.glyph)
      }
    }
    guard body.contains(TTPoint(x: x, y: y)) else { return .outside }
    let column = x - body.x
    let row = y - body.y
    switch kind {
    case .box(let radii):
      return Self.boxCoverage(column, row, width: body.width, height: body.height, radii: radii)
    case .leftArrow(let radius):
      return Self.arrowCoverage(column, row, width: body.width, height: body.height, radius: radius)
    case .rightArrow(let radius):
      let mirrored = Self.arrowCoverage(
        body.width - 1 - column, row, width: body.width, height: body.height, radius: radius)
      if case .partial(let glyph) = mirrored { return .partial(Self.mirror(glyph)) }
      return mirrored
    }
  }

  /// Whether the cell at `x`, `y` is wholly inside the shape (what shadows shade).
  func isInside(x: Int, y: Int) -> Bool {
    coverage(x: x, y: y) == .inside
  }

  // MARK: Outline

  /// The outline's character at `x`, `y`, or `nil` when the outline does not pass there.
  func stroke(x: Int, y: Int) -> Stroke? {
    if let pointer {
      if let cell = pointer.cells.last(where: { $0.point.x == x && $0.point.y == y }) {
        return Stroke(glyph: cell.glyph, sides: pointer.side)
      }
      if let junction = pointer.junction, junction.point.x == x, junction.point.y == y {
        return Stroke(glyph: junction.glyph, sides: pointer.side)
      }
    }
    guard body.contains(TTPoint(x: x, y: y)) else { return nil }
    let column = x - body.x
    let row = y - body.y
    switch kind {
    case .box(let radii):
      return Self.boxStroke(column, row, width: body.width, height: body.height, radii: radii)
    case .leftArrow(let radius):
      return Self.arrowStroke(column, row, width: body.width, height: body.height, radius: radius)
    case .rightArrow(let radius):
      guard
        let stroke = Self.arrowStroke(
          body.width - 1 - column, row, width: body.width, height: body.height, radius: radius)
      else { return nil }
      var sides = stroke.sides.subtracting([.left, .right])
      if stroke.sides.contains(.left) { sides.insert(.right) }
      if stroke.sides.contains(.right) { sides.insert(.left) }
      return Stroke(glyph: Self.mirror(stroke.glyph), sides: sides)
    }
  }

  // MARK: Rectangles

  /// Whether a corner of this radius is drawn round.
  static func isRound(_ radius: Int) -> Bool {
    radius >= 1 || radius == TTCornerRadii.fullyRound
  }

  /// Whether a corner of this radius leaves its corner cell out of fills.
  static func isCut(_ radius: Int) -> Bool {
    radius >= 2 || radius == TTCornerRadii.fullyRound
  }

  private static func boxCoverage(
    _ column: Int, _ row: Int, width: Int, height: Int, radii: TTCornerRadii
  )
    -> Coverage
  {
    if width == 1 { return .inside }
    if height == 1 {
      if column == 0, isCut(radii.topLeft) || isCut(radii.bottomLeft) { return .partial("▐") }
      if column == width - 1, isCut(radii.topRight) || isCut(radii.bottomRight) { return .partial("▌") }
      return .inside
    }
    // Two columns would lose whole rows: only shapes three columns wide or more are cut.
    guard width >= 3 else { return .inside }
    let left = column == 0
    let right = column == width - 1
    let top = row == 0
    let bottom = row == height - 1
    if (top && left && isCut(radii.topLeft)) || (top && right && isCut(radii.topRight))
      || (bottom && right && isCut(radii.bottomRight)) || (bottom && left && isCut(radii.bottomLeft))
    {
      return .outside
    }
    return .inside
  }

  private static func boxStroke(
    _ column: Int, _ row: Int, width: Int, height: Int, radii: TTCornerRadii
  )
    -> Stroke?
  {
    let anyRound =
      isRound(radii.topLeft) || isRound(radii.topRight) || isRound(radii.bottomRight)
      || isRound(radii.bottomLeft)
    if width == 1 && height == 1 { return Stroke(glyph: anyRound ? "○" : "□", sides: .all) }
    if height == 1 {
      if column == 0 {
        return Stroke(glyph: isRound(radii.topLeft) || isRound(radii.bottomLeft) ? "(" : "[", sides: .left)
      }
      if column == width - 1 {
        return Stroke(
          glyph: isRound(radii.topRight) || isRound(radii.bottomRight) ? ")" : "]", sides: .right)
      }
      return nil
    }
    if width == 1 { return Stroke(glyph: "│", sides: [.left, .right]) }
    let left = column == 0
    let right = column == width - 1
    let top = row == 0
    let bottom = row == height - 1
    switch (top, bottom, left, right) {
    case (true, _, true, _): return Stroke(glyph: isRound(radii.topLeft) ? "╭" : "┌", sides: [.top, .left])
    case (true, _, _, true): return Stroke(glyph: isRound(radii.topRight) ? "╮" : "┐", sides: [.top, .right])
    case (_, true, true, _):
      return Stroke(glyph: isRound(radii.bottomLeft) ? "╰" : "└", sides: [.bottom, .left])
    case (_, true, _, true):
      return Stroke(glyph: isRound(radii.bottomRight) ? "╯" : "┘", sides: [.bottom, .right])
    case (true, _, _, _): return Stroke(glyph: "─", sides: .top)
    case (_, true, _, _): return Stroke(glyph: "─", sides: .bottom)
    case (_, _, true, _): return Stroke(glyph: "│", sides: .left)
    case (_, _, _, true): return Stroke(glyph: "│", sides: .right)
    default: return nil
    }
  }

  // MARK: Arrows (drawn pointing left; the right arrow is mirrored)

  /// The column of the pointed edge on a row, and its character (`╱`, `<` or `╲`).
  private static func arrowEdge(row: Int, width: Int, height: Int) -> (column: Int, glyph: Character) {
    let half = height / 2
    var edge: (column: Int, glyph: Character)
    if height % 2 == 1 {
      if row < half {
        edge = (half - row, "╱")
      } else if row == half {
        edge = (0, "<")
      } else {
        edge = (row - half, "╲")
      }
    } else {
      edge = row < half ? (half - 1 - row, "╱") : (row - half, "╲")
    }
    edge.column = min(edge.column, max(0, width - 2))
    return edge
  }

  private static func arrowCoverage(
    _ column: Int, _ row: Int, width: Int, height: Int, radius: Int
  )
    -> Coverage
  {
    if height == 1 {
      if column == 0 { return .partial("◀") }
      if column == width - 1, isCut(radius) { return .partial("▌") }
      return .inside
    }
    let edge = arrowEdge(row: row, width: width, height: height)
    if column < edge.column { return .outside }
    if column == edge.column {
      switch edge.glyph {
      case "╱": return .partial("◢")
      case "╲": return .partial("◥")
      default: return .partial("◀")
      }
    }
    if column == width - 1, row == 0 || row == height - 1, isCut(radius) { return .outside }
    return .inside
  }

  private static func arrowStroke(_ column: Int, _ row: Int, width: Int, height: Int, radius: Int) -> Stroke?
  {
    if height == 1 {
      if column == 0 { return Stroke(glyph: "<", sides: .left) }
      if column == width - 1 { return Stroke(glyph: isRound(radius) ? ")" : "]", sides: .right) }
      return nil
    }
    let edge = arrowEdge(row: row, width: width, height: height)
    if column == edge.column { return Stroke(glyph: edge.glyph, sides: .left) }
    if column < edge.column || width == 1 { return nil }
    if column == width - 1 {
      if row == 0 { return Stroke(glyph: isRound(radius) ? "╮" : "┐", sides: [.top, .right]) }
      if row == height - 1 { return Stroke(glyph: isRound(radius) ? "╯" : "┘", sides: [.bottom, .right]) }
      return Stroke(glyph: "│", sides: .right)
    }
    if row == 0 { return Stroke(glyph: "─", sides: .top) }
    if row == height - 1 { return Stroke(glyph: "─", sides: .bottom) }
    return nil
  }

  /// The character seen in a mirror held at the side: left and right swap.
  static func mirror(_ glyph: Character) -> Character {
    switch glyph {
    case "╱": "╲"
    case "╲": "╱"
    case "<": ">"
    case ">": "<"
    case "(": ")"
    case ")": "("
    case "[": "]"
    case "]": "["
    case "╭": "╮"
    case "╮": "╭"
    case "╰": "╯"
    case "╯": "╰"
    case "┌": "┐"
    case "┐": "┌"
    case "└": "┘"
    case "┘": "└"
    case "◢": "◣"
    case "◥": "◤"
    case "◀": "▶"
    case "▶": "◀"
    case "▐": "▌"
    case "▌": "▐"
    default: glyph
    }
  }

  // MARK: Speech bubbles

  private static func bubble(
    frame: TTRect, location: Double, angle: Double, length: Int
  )
    -> (body: TTRect, pointer: Pointer?)
  {
    let degrees = normalized(location)
    let edge = min(3, Int(degrees / 90))
    let fraction = (degrees - Double(edge) * 90) / 90
    let across = edge % 2 == 0 ? frame.height : frame.width
    let size = min(max(0, length), across - 1, maximumPointerLength)
    guard size > 0 else { return (frame, nil) }
    let body: TTRect
    let side: Sides
    switch edge {
    case 0:
      body = frame.inset(by: TTEdgeInsets(top: size))
      side = .top
    case 1:
      body = frame.inset(by: TTEdgeInsets(right: size))
      side = .right
    case 2:
      body = frame.inset(by: TTEdgeInsets(bottom: size))
      side = .bottom
    default:
      body = frame.inset(by: TTEdgeInsets(left: size))
      side = .left
    }
    // Where the pointer leaves the body, clockwise along its edge, kept off the corners.
    let span = edge % 2 == 0 ? body.width : body.height
    let start = edge % 2 == 0 ? body.x : body.y
    var offset = Int((fraction * Double(max(0, span - 1))).rounded())
    if edge >= 2 { offset = span - 1 - offset }
    if span >= 3 { offset = min(max(offset, 1), span - 2) }
    let along = start + offset

    // The direction, to the nearest of eight: 0 right, 2 up, 4 left, 6 down.
    let direction = Int((normalized(angle) / 45).rounded()) % 8
    let straight = direction % 2 == 0
    let tip: Character = ["▶", "", "▲", "", "◀", "", "▼", ""][direction].first ?? "▲"
    let stem: Character = direction == 2 || direction == 6 ? "│" : "─"
    let diagonal: Character = direction == 1 || direction == 5 ? "╱" : "╲"
    // How the pointer drifts along the edge with each step, for diagonal directions.
    let drift: Int =
      switch (edge % 2, direction) {
      case (0, 1), (0, 7): 1
      case (0, 3), (0, 5): -1
      case (1, 1), (1, 3): -1
      case (1, 5), (1, 7): 1
      default: 0
      }
    var cells: [(point: TTPoint, glyph: Character)] = []
    for step in 1...size {
      let glyph = straight ? (step == size ? tip : stem) : diagonal
      let shifted = along + drift * (step - 1)
      let point: TTPoint
      switch edge {
      case 0: point = TTPoint(x: clamp(shifted, frame.x, frame.maxX - 1), y: body.y - step)
      case 1: point = TTPoint(x: body.maxX - 1 + step, y: clamp(shifted, frame.y, frame.maxY - 1))
      case 2: point = TTPoint(x: clamp(shifted, frame.x, frame.maxX - 1), y: body.maxY - 1 + step)
      default: point = TTPoint(x: body.x - step, y: clamp(shifted, frame.y, frame.maxY - 1))
      }
      cells.append((point, glyph))
    }
    var junction: (point: TTPoint, glyph: Character)? = nil
    if body.width >= 2, body.height >= 2 {
      switch (edge, direction) {
      case (0, 2): junction = (TTPoint(x: along, y: body.y), "┴")
      case (1, 0): junction = (TTPoint(x: body.maxX - 1, y: along), "├")
      case (2, 6): junction = (TTPoint(x: along, y: body.maxY - 1), "┬")
      case (3, 4): junction = (TTPoint(x: body.x, y: along), "┤")
      default: break
      }
    }
    return (body, Pointer(cells: cells, junction: junction, side: side))
  }

  /// An angle in degrees brought into 0 ..< 360; not-a-number and infinities become 0.
  static func normalized(_ degrees: Double) -> Double {
    guard degrees.isFinite else { return 0 }
    let value = degrees.truncatingRemainder(dividingBy: 360)
    let positive = value < 0 ? value + 360 : value
    return positive >= 360 ? 0 : positive
  }

  private static func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int {
    min(max(value, low), max(low, high))
  }
}
