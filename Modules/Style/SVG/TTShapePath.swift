import Foundation

/// The outline of a ``TTShape`` in pixels, as path commands: what Three20's `addToPath:` drew.
///
/// The path is traced clockwise, starting at the top-left, and every part of it belongs to a
/// side (``Side``): corners are split in half between the two sides they join, as Three20's
/// `addTopEdgeToPath:lightSource:` and friends split them. ``edge(_:)`` gives one side on its
/// own, which bevel borders stroke in their own colour.
///
/// ```swift
/// let path = TTShapePath(.rounded(1), in: TTShapePath.Rect(x: 0, y: 0, width: 60, height: 40))
/// path.svgPathData
/// // "M10 0L50 0A10 10 0 0 1 57.07 2.93A10 10 0 0 1 60 10L60 30…Z"
/// path.edge(.top)   // the top line with half of each top corner
/// ```
///
/// Geometry, with radii from ``TTSVGMetrics/radius(_:)`` (cells × column width):
/// - ``TTShape/rectangle``: the rectangle.
/// - ``TTShape/roundedRectangle(_:)``: each corner its own radius; ``TTCornerRadii/fullyRound``
///   is half the height. Radii too large for a side are scaled down so they fit.
/// - ``TTShape/roundedLeftArrow(radius:)`` / ``TTShape/roundedRightArrow(radius:)``: a rounded
///   rectangle with one end a point reaching `height / 2.8` into it, the joints rounded with
///   twice the radius and the tip sharp, as in Three20.
/// - ``TTShape/speechBubble(radius:pointLocation:pointAngle:pointSize:)``: a rounded rectangle
///   with a triangular pointer. `pointLocation` runs clockwise around the outline from the
///   top-left corner: 0–90 along the top edge, 90–180 down the right, 180–270 right to left
///   along the bottom, 270–360 up the left. The pointer is kept clear of the corners, as in
///   Three20. `pointSize` is the pointer's size in frame axes, as in Three20: on the top or
///   bottom edge its width is the base and its height the length; on the left or right edge
///   its width is the length and its height the base. When the pointer points out of the
///   shape, the body is shortened by its length so the tip stays inside the frame. A pointer
///   is never longer than half the frame, nor wider than the edge it sits on. Whether
///   it points out follows Three20's `pointAngle` (0 left, 90 up, 180 right, 270 down, ranges
///   inclusive): top edge out for 0–180, right for 90–270, bottom for more than 180,
///   left for 270–90. Otherwise it is a notch pointing into the shape.
public struct TTShapePath: Sendable, Hashable {
  /// A point in pixels, y growing downwards.
  public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Pixels from the left.
    public var x: Double
    /// Pixels from the top.
    public var y: Double

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: Pixels from the left.
    ///   - y: Pixels from the top.
    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
  }

  /// A rectangle in pixels.
  public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; the rectangle is empty when it is 0 or less.
    public var width: Double
    /// The height; the rectangle is empty when it is 0 or less.
    public var height: Double

    /// Creates a rectangle.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The width.
    ///   - height: The height.
    public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal middle.
    public var midX: Double { x + width / 2 }
    /// The vertical middle.
    public var midY: Double { y + height / 2 }
    /// Whether the rectangle has no area (or is not finite).
    public var isEmpty: Bool {
      !(width > 0 && height > 0 && x.isFinite && y.isFinite && width.isFinite && height.isFinite)
    }

    /// The rectangle shrunk on each side (negative values grow it).
    ///
    /// - Parameters:
    ///   - top: Pixels off the top.
    ///   - left: Pixels off the left.
    ///   - bottom: Pixels off the bottom.
    ///   - right: Pixels off the right.
    /// - Returns: The inset rectangle; its size may be 0 or less, which ``isEmpty`` reports.
    public func inset(top: Double, left: Double, bottom: Double, right: Double) -> Rect {
      Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// The rectangle shrunk by the same amount on every side.
    ///
    /// - Parameter amount: Pixels off each side.
    /// - Returns: The inset rectangle.
    public func inset(by amount: Double) -> Rect {
      inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// The smallest rectangle holding both.
    ///
    /// - Parameter other: The other rectangle.
    /// - Returns: The union.
    public func union(_ other: Rect) -> Rect {
      let left = min(x, other.x)
      let top = min(y, other.y)
      return Rect(
        x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// `(x, y) width×height`.
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
  }

  /// A side of a shape.
  public enum Side: Sendable, Hashable, CaseIterable {
    /// The top edge.
    case top
    /// The right edge.
    case right
    /// The bottom edge.
    case bottom
    /// The left edge.
    case left
  }

  /// One step of a path.
  public enum Command: Sendable, Hashable {
    /// Starts a new subpath at a point (`M`).
    case move(Point)
    /// A straight line to a point (`L`).
    case line(Point)
    /// A circular arc of less than half a turn to a point (`A radius radius 0 0 sweep`);
    /// `clockwise` is the SVG sweep flag.
    case arc(radius: Double, clockwise: Bool, to: Point)
    /// Closes the subpath (`Z`).
    case close
  }

  /// One drawn piece of the outline and the side it belongs to.
  struct Piece: Sendable, Hashable {
    var side: Side
    var start: Point
    var command: Command
  }

  /// The shape that was traced.
  public let shape: TTShape
  /// The rectangle it was traced in.
  public let frame: Rect
  /// The outline, one closed subpath; empty when the frame is empty.
  public let commands: [Command]
  let pieces: [Piece]

  /// Traces a shape in a rectangle.
  ///
  /// ```swift
  /// let path = TTShapePath(.rectangle, in: TTShapePath.Rect(x: 0, y: 0, width: 20, height: 10))
  /// path.svgPathData   // "M0 0L20 0L20 10L0 10L0 0Z"
  /// ```
  ///
  /// - Parameters:
  ///   - shape: The shape.
  ///   - frame: The rectangle in pixels; an empty or non-finite one gives an empty path.
  ///   - metrics: Converts radii and pointer sizes from cells; defaults to 10 × 20 pixel cells.
  public init(_ shape: TTShape, in frame: Rect, metrics: TTSVGMetrics = TTSVGMetrics()) {
    self.shape = shape
    self.frame = frame
    guard !frame.isEmpty else {
      self.pieces = []
      self.commands = []
      return
    }
    let outline = Self.outline(shape, in: frame, metrics: metrics)
    let pieces = Self.trace(outline)
    self.pieces = pieces
    var commands: [Command] = []
    if let first = pieces.first {
      commands.append(.move(first.start))
      commands += pieces.map(\.command)
      commands.append(.close)
    }
    self.commands = commands
  }

  /// The outline as SVG path data (the `d` attribute), numbers rounded to 2 decimals.
  public var svgPathData: String {
    Self.pathData(commands)
  }

  /// One side of the outline as open subpaths, with half of each corner it touches.
  ///
  /// - Parameter side: The side.
  /// - Returns: The commands, starting with a move; empty when the shape has no such side.
  public func edge(_ side: Side) -> [Command] {
    var result: [Command] = []
    var previous: Side? = nil
    for piece in Self.rotatedToSideBoundary(pieces) {
      if piece.side == side {
        if previous != side { result.append(.move(piece.start)) }
        result.append(piece.command)
      }
      previous = piece.side
    }
    return result
  }

  /// One side of the outline as SVG path data.
  ///
  /// - Parameter side: The side.
  /// - Returns: The `d` attribute; empty when the shape has no such side.
  public func edgePathData(_ side: Side) -> String {
    Self.pathData(edge(side))
  }

  /// The end points of every command, for checking geometry.
  public var points: [Point] {
    commands.compactMap { command in
      switch command {
      case .move(let point), .line(let point), .arc(_, _, let point): point
      case .close: nil
      }
    }
  }

  /// Formats commands as SVG path data.
  ///
  /// - Parameter commands: The commands.
  /// - Returns: The `d` attribute.
  static func pathData(_ commands: [Command]) -> String {
    var text = ""
    for command in commands {
      switch command {
      case .move(let point):
        text += "M\(TTSVGMarkup.number(point.x)) \(TTSVGMarkup.number(point.y))"
      case .line(let point):
        text += "L\(TTSVGMarkup.number(point.x)) \(TTSVGMarkup.number(point.y))"
      case .arc(let radius, let clockwise, let point):
        let r = TTSVGMarkup.number(radius)
        text +=
          "A\(r) \(r) 0 0 \(clockwise ? 1 : 0) \(TTSVGMarkup.number(point.x)) \(TTSVGMarkup.number(point.y))"
      case .close:
        text += "Z"
      }
    }
    return text
  }

  // MARK: - Outlines as corners

  /// A corner of an outline: where two edges meet, how round it is, and the side of the
  /// edge that leaves it.
  struct Vertex {
    var point: Point
    var radius: Double
    var outgoing: Side
  }

  static func outline(_ shape: TTShape, in frame: Rect, metrics: TTSVGMetrics) -> [Vertex] {
    switch shape {
    case .rectangle:
      return roundedRectangle(frame, radii: (0, 0, 0, 0))
    case .roundedRectangle(let radii):
      func resolve(_ radius: Int) -> Double {
        radius == TTCornerRadii.fullyRound ? frame.height / 2 : metrics.radius(radius)
      }
      return roundedRectangle(
        frame,
        radii: (
          resolve(radii.topLeft), resolve(radii.topRight), resolve(radii.bottomRight),
          resolve(radii.bottomLeft)
        ))
    case .roundedLeftArrow(let radius), .roundedRightArrow(let radius):
      let r = radius == TTCornerRadii.fullyRound ? frame.height / 2 : metrics.radius(radius)
      let depth = min(frame.height / 2.8, frame.width)
      let joint = r * 2
      if case .roundedLeftArrow = shape {
        return [
          Vertex(point: Point(x: frame.x, y: frame.midY), radius: 0, outgoing: .left),
          Vertex(point: Point(x: frame.x + depth, y: frame.y), radius: joint, outgoing: .top),
          Vertex(point: Point(x: frame.maxX, y: frame.y), radius: r, outgoing: .right),
          Vertex(point: Point(x: frame.maxX, y: frame.maxY), radius: r, outgoing: .bottom),
          Vertex(point: Point(x: frame.x + depth, y: frame.maxY), radius: joint, outgoing: .left),
        ]
      }
      return [
        Vertex(point: Point(x: frame.x, y: frame.y), radius: r, outgoing: .top),
        Vertex(point: Point(x: frame.maxX - depth, y: frame.y), radius: joint, outgoing: .right),
        Vertex(point: Point(x: frame.maxX, y: frame.midY), radius: 0, outgoing: .right),
        Vertex(point: Point(x: frame.maxX - depth, y: frame.maxY), radius: joint, outgoing: .bottom),
        Vertex(point: Point(x: frame.x, y: frame.maxY), radius: r, outgoing: .left),
      ]
    case .speechBubble(let radius, let location, let angle, let size):
      return speechBubble(
        frame, radius: radius, location: location, angle: angle,
        pointWidth: metrics.pixels(columns: size.width), pointHeight: metrics.pixels(rows: size.height),
        metrics: metrics)
    }
  }

  static func roundedRectangle(_ frame: Rect, radii: (Double, Double, Double, Double)) -> [Vertex] {
    [
      Vertex(point: Point(x: frame.x, y: frame.y), radius: radii.0, outgoing: .top),
      Vertex(point: Point(x: frame.maxX, y: frame.y), radius: radii.1, outgoing: .right),
      Vertex(point: Point(x: frame.maxX, y: frame.maxY), radius: radii.2, outgoing: .bottom),
      Vertex(point: Point(x: frame.x, y: frame.maxY), radius: radii.3, outgoing: .left),
    ]
  }

  /// Whether a pointer on an edge points out of the shape, by Three20's `pointAngle` ranges.
  static func pointsOut(edge: Side, angle: Double) -> Bool {
    switch edge {
    case .top: angle >= 0 && angle <= 180
    case .right: angle >= 90 && angle <= 270
    case .bottom: angle > 180
    case .left: angle >= 270 || angle <= 90
    }
  }

  static func normalizedDegrees(_ degrees: Double) -> Double {
    guard degrees.isFinite else { return 0 }
    let value = degrees.truncatingRemainder(dividingBy: 360)
    return value < 0 ? value + 360 : value
  }

  static func speechBubble(
    _ frame: Rect, radius: Int, location: Double, angle: Double, pointWidth: Double, pointHeight: Double,
    metrics: TTSVGMetrics
  ) -> [Vertex] {
    let location = normalizedDegrees(location)
    let angle = normalizedDegrees(angle)
    let edgeIndex = min(3, Int(location / 90))
    let edge: Side = [.top, .right, .bottom, .left][edgeIndex]
    let fraction = (location - Double(edgeIndex) * 90) / 90
    let out = pointsOut(edge: edge, angle: angle)
    // The pointer's length across the edge and its base along it, in frame axes.
    let vertical = edge == .top || edge == .bottom
    let length = max(0, min(vertical ? pointHeight : pointWidth, (vertical ? frame.height : frame.width) / 2))
    let base = max(0, min(vertical ? pointWidth : pointHeight, vertical ? frame.width : frame.height))
    var body = frame
    if out {
      switch edge {
      case .top: body = frame.inset(top: length, left: 0, bottom: 0, right: 0)
      case .right: body = frame.inset(top: 0, left: 0, bottom: 0, right: length)
      case .bottom: body = frame.inset(top: 0, left: 0, bottom: length, right: 0)
      case .left: body = frame.inset(top: 0, left: length, bottom: 0, right: 0)
      }
    }
    let r = radius == TTCornerRadii.fullyRound ? body.height / 2 : metrics.radius(radius)
    var vertices = roundedRectangle(body, radii: (r, r, r, r))
    let reach = out ? length : -length
    // Where the pointer's middle sits: along the edge, clear of the corners.
    func along(_ extent: Double) -> Double {
      fraction * max(0, extent - 2 * r - base) + min(r, max(0, extent - base) / 2) + base / 2
    }
    let pointer: [Point]
    switch edge {
    case .top:
      let x = body.x + along(body.width)
      pointer = [
        Point(x: x - base / 2, y: body.y), Point(x: x, y: body.y - reach), Point(x: x + base / 2, y: body.y),
      ]
    case .right:
      let y = body.y + along(body.height)
      pointer = [
        Point(x: body.maxX, y: y - base / 2), Point(x: body.maxX + reach, y: y),
        Point(x: body.maxX, y: y + base / 2),
      ]
    case .bottom:
      let x = body.maxX - along(body.width)
      pointer = [
        Point(x: x + base / 2, y: body.maxY), Point(x: x, y: body.maxY + reach),
        Point(x: x - base / 2, y: body.maxY),
      ]
    case .left:
      let y = body.maxY - along(body.height)
      pointer = [
        Point(x: body.x, y: y + base / 2), Point(x: body.x - reach, y: y), Point(x: body.x, y: y - base / 2),
      ]
    }
    vertices.insert(
      contentsOf: pointer.map { Vertex(point: $0, radius: 0, outgoing: edge) }, at: edgeIndex + 1)
    return vertices
  }

  // MARK: - Tracing

  /// Traces an outline: straight edges between corners, each corner rounded by its radius
  /// (scaled down so neighbouring corners never overlap), each arc split at its middle.
  static func trace(_ input: [Vertex]) -> [Piece] {
    // Drop repeated points: they have no direction to round.
    var vertices: [Vertex] = []
    for vertex in input {
      if let last = vertices.last, distance(last.point, vertex.point) < 1e-9 {
        vertices[vertices.count - 1].outgoing = vertex.outgoing
        vertices[vertices.count - 1].radius = max(last.radius, vertex.radius)
      } else {
        vertices.append(vertex)
      }
    }
    while vertices.count > 1, let first = vertices.first, let last = vertices.last,
      distance(first.point, last.point) < 1e-9
    {
      vertices.removeLast()
    }
    let count = vertices.count
    guard count >= 2 else { return [] }
    func vertex(_ index: Int) -> Vertex { vertices[(index % count + count) % count] }

    // How far along each edge a corner's arc starts, and the half-angle factor per corner.
    var tangent = [Double](repeating: 0, count: count)
    var tanHalf = [Double](repeating: 0, count: count)
    for index in 0..<count {
      let here = vertex(index).point
      let toPrevious = unit(from: here, to: vertex(index - 1).point)
      let toNext = unit(from: here, to: vertex(index + 1).point)
      let cosine = max(-1, min(1, toPrevious.x * toNext.x + toPrevious.y * toNext.y))
      let half = acos(cosine) / 2
      let factor = tan(half)
      guard vertex(index).radius > 0, factor.isFinite, factor > 1e-9, half < .pi / 2 - 1e-6 else { continue }
      tanHalf[index] = factor
      tangent[index] = vertex(index).radius / factor
    }
    // Scale corners down where two would not fit on the edge between them.
    var scale = [Double](repeating: 1, count: count)
    for index in 0..<count {
      let next = (index + 1) % count
      let length = distance(vertex(index).point, vertex(next).point)
      let needed = tangent[index] + tangent[next]
      if needed > length, needed > 0 {
        let factor = length / needed
        scale[index] = min(scale[index], factor)
        scale[next] = min(scale[next], factor)
      }
    }
    for index in 0..<count { tangent[index] *= scale[index] }

    func entry(_ index: Int) -> Point {
      let here = vertex(index).point
      return offset(
        here, unit(from: here, to: vertex(index - 1).point), tangent[(index % count + count) % count])
    }
    func exit(_ index: Int) -> Point {
      let here = vertex(index).point
      return offset(
        here, unit(from: here, to: vertex(index + 1).point), tangent[(index % count + count) % count])
    }

    var pieces: [Piece] = []
    var current = exit(0)
    for step in 1...count {
      let index = step % count
      let incoming = vertex(index - 1).outgoing
      let start = entry(index)
      pieces.append(Piece(side: incoming, start: current, command: .line(start)))
      current = start
      guard tangent[index] > 0 else { continue }
      let here = vertex(index).point
      let radius = tangent[index] * tanHalf[index]
      let toPrevious = unit(from: here, to: vertex(index - 1).point)
      let toNext = unit(from: here, to: vertex(index + 1).point)
      let turn =
        (here.x - vertex(index - 1).point.x) * (vertex(index + 1).point.y - here.y)
        - (here.y - vertex(index - 1).point.y) * (vertex(index + 1).point.x - here.x)
      let clockwise = turn > 0
      // The arc's middle lies on the bisector, one radius short of the centre.
      let bisector = unit(
        from: Point(x: 0, y: 0), to: Point(x: toPrevious.x + toNext.x, y: toPrevious.y + toNext.y))
      let centreDistance = sqrt(tangent[index] * tangent[index] + radius * radius)
      let middle = offset(here, bisector, centreDistance - radius)
      let end = exit(index)
      pieces.append(
        Piece(side: incoming, start: current, command: .arc(radius: radius, clockwise: clockwise, to: middle))
      )
      pieces.append(
        Piece(
          side: vertex(index).outgoing, start: middle,
          command: .arc(radius: radius, clockwise: clockwise, to: end)))
      current = end
    }
    return pieces
  }

  /// The pieces rotated so that a side's run is not split between the end and the start.
  static func rotatedToSideBoundary(_ pieces: [Piece]) -> [Piece] {
    guard let first = pieces.first, pieces.contains(where: { $0.side != first.side }) else { return pieces }
    var cut = pieces.count
    while cut > 0, pieces[cut - 1].side == first.side { cut -= 1 }
    return Array(pieces[cut...] + pieces[..<cut])
  }

  static func distance(_ a: Point, _ b: Point) -> Double {
    let value = hypot(b.x - a.x, b.y - a.y)
    return value.isFinite ? value : 0
  }

  static func unit(from a: Point, to b: Point) -> Point {
    let length = distance(a, b)
    guard length > 1e-12 else { return Point(x: 0, y: 0) }
    return Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
  }

  /// A point moved along a direction, snapped to a billionth of a pixel so that right
  /// angles give exact coordinates.
  static func offset(_ point: Point, _ direction: Point, _ amount: Double) -> Point {
    func snap(_ value: Double) -> Double {
      let scaled = (value * 1e9).rounded() / 1e9
      return scaled.isFinite ? scaled : value
    }
    return Point(x: snap(point.x + direction.x * amount), y: snap(point.y + direction.y * amount))
  }
}
