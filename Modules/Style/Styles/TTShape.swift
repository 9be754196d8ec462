/// The outline a style chain fills, borders and shadows (Three20's `TTShape` family).
///
/// Sizes are in cells: a radius of 1 rounds a corner by one cell. In a terminal, rounded
/// corners are drawn with `╭╮╰╯`; in SVG they are real arcs, at ``TTSVGMetrics`` pixels per
/// cell.
public enum TTShape: Sendable, Hashable {
  /// A plain rectangle (`TTRectangleShape`).
  case rectangle
  /// A rectangle with rounded corners (`TTRoundedRectangleShape`).
  case roundedRectangle(TTCornerRadii)
  /// A rounded rectangle whose left end is an arrow point, like a back button
  /// (`TTRoundedLeftArrowShape`).
  case roundedLeftArrow(radius: Int)
  /// A rounded rectangle whose right end is an arrow point (`TTRoundedRightArrowShape`).
  case roundedRightArrow(radius: Int)
  /// A rounded rectangle with a pointer, like a speech bubble (`TTSpeechBubbleShape`).
  ///
  /// - `pointLocation`: where the pointer sits along the outline, in degrees clockwise from
  ///   the top-left corner, as in Three20: 0–90 the top edge, 90–180 the right, 180–270 the
  ///   bottom, 270–360 the left.
  ///   (Three20 counted from the middle of the left edge, with the top-left corner at 45:
  ///   subtract 45 when porting its values.)
  /// - `pointAngle`: whether the pointer points out of the bubble or into it, in degrees as
  ///   Three20 read them (0 left, 90 up, 180 right, 270 down).
  /// - `pointSize`: the pointer's size in cells, `width` across and `height` down: on the top
  ///   and bottom edges `height` is the pointer's length, on the left and right edges `width` is.
  case speechBubble(radius: Int, pointLocation: Double, pointAngle: Double, pointSize: TTSize)

  /// A rounded rectangle with the same radius on every corner.
  ///
  /// - Parameter radius: The corner radius in cells; ``TTCornerRadii/fullyRound`` makes the
  ///   ends semicircles, as Three20's `TT_ROUNDED` did.
  /// - Returns: The shape.
  public static func rounded(_ radius: Int) -> TTShape {
    .roundedRectangle(TTCornerRadii(all: radius))
  }
}

/// The radius of each corner of a rounded rectangle, in cells.
public struct TTCornerRadii: Sendable, Hashable {
  /// The radius that makes the short sides fully round, whatever the size (Three20's `TT_ROUNDED`).
  public static let fullyRound = -1

  /// The top-left corner's radius.
  public var topLeft: Int
  /// The top-right corner's radius.
  public var topRight: Int
  /// The bottom-right corner's radius.
  public var bottomRight: Int
  /// The bottom-left corner's radius.
  public var bottomLeft: Int

  /// Creates radii corner by corner.
  ///
  /// - Parameters:
  ///   - topLeft: The top-left radius.
  ///   - topRight: The top-right radius.
  ///   - bottomRight: The bottom-right radius.
  ///   - bottomLeft: The bottom-left radius.
  public init(topLeft: Int, topRight: Int, bottomRight: Int, bottomLeft: Int) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// Creates the same radius on every corner.
  ///
  /// - Parameter all: The radius, or ``fullyRound``.
  public init(all: Int) {
    self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all)
  }
}
