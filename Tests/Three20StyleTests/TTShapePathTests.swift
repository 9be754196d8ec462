import Foundation
import Testing
import Three20Style

@Suite("TTShapePath")
struct TTShapePathTests {
  typealias Rect = TTShapePath.Rect
  typealias Point = TTShapePath.Point

  static let frame = Rect(x: 0, y: 0, width: 120, height: 60)

  static func arcs(_ path: TTShapePath) -> [(radius: Double, clockwise: Bool, to: Point)] {
    path.commands.compactMap {
      if case .arc(let radius, let clockwise, let to) = $0 { (radius, clockwise, to) } else { nil }
    }
  }

  static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.01 }

  /// A rectangle is its four corners, clockwise from the top left, closed by a line home.
  @Test func rectangle() {
    let path = TTShapePath(.rectangle, in: Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(path.svgPathData == "M0 0L20 0L20 10L0 10L0 0Z")
    #expect(path.edgePathData(.top) == "M0 0L20 0")
    #expect(path.edgePathData(.left) == "M0 10L0 0")
  }

  /// A radius of one cell is one column width; each corner is two clockwise half arcs.
  @Test func roundedCornersUseColumnWidth() {
    let path = TTShapePath(.rounded(1), in: Self.frame)
    let arcs = Self.arcs(path)
    #expect(arcs.count == 8)
    #expect(arcs.allSatisfy { $0.radius == 10 && $0.clockwise })
    #expect(path.points.first == Point(x: 10, y: 0))
    #expect(path.points.contains(Point(x: 110, y: 0)))
    #expect(path.points.contains(Point(x: 120, y: 10)))
    // The half-way point of the top-right corner lies on the circle, at 45°.
    let middle = arcs[0].to
    #expect(Self.near(middle.x, 110 + 10 * sqrt(0.5)))
    #expect(Self.near(middle.y, 10 - 10 * sqrt(0.5)))
  }

  /// `fullyRound` makes the radius half the height, so the ends are semicircles.
  @Test func fullyRoundIsHalfTheHeight() {
    let path = TTShapePath(.rounded(TTCornerRadii.fullyRound), in: Self.frame)
    #expect(Self.arcs(path).allSatisfy { Self.near($0.radius, 30) })
    #expect(path.points.contains(Point(x: 30, y: 0)))
    #expect(path.points.contains(Point(x: 90, y: 60)))
  }

  /// Radii too large for the shape are scaled down to fit.
  @Test func radiiAreCappedToFit() {
    let path = TTShapePath(.rounded(100), in: Self.frame)
    #expect(Self.arcs(path).allSatisfy { $0.radius <= 30 + 1e-9 })
    let tall = TTShapePath(.rounded(TTCornerRadii.fullyRound), in: Rect(x: 0, y: 0, width: 20, height: 60))
    #expect(Self.arcs(tall).allSatisfy { Self.near($0.radius, 10) })
  }

  /// Each corner takes its own radius; square corners have no arc.
  @Test func perCornerRadii() {
    let radii = TTCornerRadii(topLeft: 2, topRight: 0, bottomRight: 1, bottomLeft: 0)
    let path = TTShapePath(.roundedRectangle(radii), in: Self.frame)
    #expect(Self.arcs(path).map(\.radius).sorted() == [10, 10, 20, 20])
    #expect(path.points.contains(Point(x: 120, y: 0)))
    #expect(path.points.contains(Point(x: 0, y: 60)))
    #expect(!path.points.contains(Point(x: 0, y: 0)))
  }

  /// A left arrow's tip is the middle of its left side; the joints are rounded.
  @Test func leftArrowPointsLeft() {
    let path = TTShapePath(.roundedLeftArrow(radius: 1), in: Self.frame)
    #expect(path.points.first == Point(x: 0, y: 30))
    #expect(path.points.allSatisfy { $0.x >= 0 })
    #expect(Set(path.points.filter { $0.x == 0 }) == [Point(x: 0, y: 30)])
    #expect(path.points.contains(Point(x: 120, y: 10)))
    #expect(Self.arcs(path).count == 8)
  }

  /// A right arrow is the mirror image: its tip is the middle of the right side.
  @Test func rightArrowPointsRight() {
    let path = TTShapePath(.roundedRightArrow(radius: 1), in: Self.frame)
    #expect(path.points.contains(Point(x: 120, y: 30)))
    #expect(Set(path.points.filter { $0.x == 120 }) == [Point(x: 120, y: 30)])
    #expect(path.points.contains(Point(x: 0, y: 10)))
  }

  /// The pointer sits on the edge its location names and its tip reaches the frame's edge.
  @Test(arguments: [
    (45.0, 90.0, TTShapePath.Side.top), (135, 180, .right), (225, 270, .bottom), (315, 0, .left),
  ])
  func speechBubblePointerSide(location: Double, angle: Double, side: TTShapePath.Side) throws {
    let shape = TTShape.speechBubble(
      radius: 1, pointLocation: location, pointAngle: angle, pointSize: TTSize(width: 2, height: 1))
    let path = TTShapePath(shape, in: Self.frame)
    let points = path.points
    let tip: Point?
    switch side {
    case .top: tip = points.first { $0.y == 0 }
    case .right: tip = points.first { $0.x == 120 }
    case .bottom: tip = points.first { $0.y == 60 }
    case .left: tip = points.first { $0.x == 0 }
    }
    let found = try #require(tip)
    // One point only touches that frame edge: the tip; it is in the middle of the edge.
    switch side {
    case .top, .bottom:
      #expect(Set(points.filter { $0.y == found.y }).count == 1)
      #expect(found.x == 60)
    case .right, .left:
      #expect(Set(points.filter { $0.x == found.x }).count == 1)
      #expect(found.y == 30)
    }
    #expect(!path.edge(side).isEmpty)
  }

  /// On the top edge the pointer is `pointSize.height` long and the body starts below it.
  @Test func speechBubbleBodyMakesRoomForThePointer() {
    let shape = TTShape.speechBubble(
      radius: 0, pointLocation: 0, pointAngle: 90, pointSize: TTSize(width: 2, height: 1))
    let path = TTShapePath(shape, in: Self.frame)
    // Location 0 puts the pointer at the start of the top edge: base 0…20, tip at x 10.
    #expect(
      path.points == [
        Point(x: 0, y: 20), Point(x: 10, y: 0), Point(x: 20, y: 20), Point(x: 120, y: 20),
        Point(x: 120, y: 60), Point(x: 0, y: 60), Point(x: 0, y: 20),
      ])
  }

  /// A pointer whose angle points into the shape is a notch; the body keeps the full frame.
  @Test func inwardPointerIsANotch() {
    let shape = TTShape.speechBubble(
      radius: 0, pointLocation: 45, pointAngle: 270, pointSize: TTSize(width: 2, height: 1))
    let path = TTShapePath(shape, in: Self.frame)
    #expect(path.points.contains(Point(x: 60, y: 20)))
    #expect(path.points.contains(Point(x: 0, y: 0)))
    #expect(path.points.contains(Point(x: 120, y: 0)))
  }

  /// Locations wrap around: 405 and -315 are the same place as 45.
  @Test func locationsWrap() {
    func path(_ location: Double) -> TTShapePath {
      TTShapePath(
        .speechBubble(
          radius: 1, pointLocation: location, pointAngle: 90, pointSize: TTSize(width: 2, height: 1)),
        in: Self.frame)
    }
    #expect(path(405).commands == path(45).commands)
    #expect(path(-315).commands == path(45).commands)
    #expect(path(.nan).commands == path(0).commands)
  }

  /// Every shape, however extreme its numbers, stays inside its frame and is finite.
  @Test(arguments: [
    TTShape.rectangle, .rounded(1), .rounded(Int.max), .rounded(Int.min), .rounded(TTCornerRadii.fullyRound),
    .roundedLeftArrow(radius: 3), .roundedRightArrow(radius: Int.max), .roundedLeftArrow(radius: -1),
    .speechBubble(radius: 1, pointLocation: 100, pointAngle: 180, pointSize: TTSize(width: 1, height: 1)),
    .speechBubble(radius: 9, pointLocation: 200, pointAngle: 270, pointSize: TTSize(width: 50, height: 50)),
    .speechBubble(
      radius: Int.max, pointLocation: .infinity, pointAngle: -.infinity,
      pointSize: TTSize(width: Int.max, height: 0)),
    .speechBubble(radius: 2, pointLocation: 359.99, pointAngle: 0, pointSize: TTSize(width: 3, height: 1)),
  ])
  func shapesStayInsideTheirFrame(shape: TTShape) {
    for frame in [
      Self.frame, Rect(x: -5, y: 7, width: 3, height: 2), Rect(x: 0, y: 0, width: 1e15, height: 20),
    ] {
      let path = TTShapePath(shape, in: frame)
      #expect(!path.commands.isEmpty)
      for point in path.points {
        #expect(point.x.isFinite && point.y.isFinite)
        #expect(point.x >= frame.x - 1e-6 && point.x <= frame.maxX + 1e-6, "\(shape) \(point)")
        #expect(point.y >= frame.y - 1e-6 && point.y <= frame.maxY + 1e-6, "\(shape) \(point)")
      }
      #expect(!path.svgPathData.contains("nan") && !path.svgPathData.contains("inf"))
    }
  }

  /// An empty or non-finite frame gives no path at all.
  @Test(arguments: [
    Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: 0, y: 0, width: 10, height: -3),
    Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 10),
  ])
  func emptyFramesGiveNoPath(frame: Rect) {
    let path = TTShapePath(.rounded(1), in: frame)
    #expect(path.commands.isEmpty)
    #expect(path.svgPathData.isEmpty)
    #expect(path.edge(.top).isEmpty)
  }

  /// The four edges together hold every piece of the outline, each piece once.
  @Test(arguments: [
    TTShape.rectangle, .rounded(2), .roundedLeftArrow(radius: 1), .roundedRightArrow(radius: 1),
    .speechBubble(radius: 1, pointLocation: 300, pointAngle: 0, pointSize: TTSize(width: 2, height: 1)),
  ])
  func edgesPartitionTheOutline(shape: TTShape) {
    let path = TTShapePath(shape, in: Self.frame)
    let drawn = path.commands.filter {
      switch $0 {
      case .move, .close: false
      default: true
      }
    }
    let edges = TTShapePath.Side.allCases.flatMap { side in
      path.edge(side).filter {
        if case .move = $0 { false } else { true }
      }
    }
    #expect(edges.count == drawn.count)
    #expect(Set(edges.map { "\($0)" }) == Set(drawn.map { "\($0)" }))
  }

  /// A rounded rectangle's top edge runs from the middle of one top corner to the other.
  @Test func topEdgeHoldsHalfOfEachCorner() {
    let edge = TTShapePath(.rounded(1), in: Self.frame).edge(.top)
    guard case .move(let start) = edge.first, case .arc(_, _, let end) = edge.last else {
      Issue.record("top edge should start with a move and end with an arc: \(edge)")
      return
    }
    #expect(Self.near(start.x, 10 - 10 * sqrt(0.5)))
    #expect(Self.near(end.x, 110 + 10 * sqrt(0.5)))
    #expect(edge.count == 4)
  }
}
