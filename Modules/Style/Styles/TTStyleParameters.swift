/// A shadow: its colour, blur and offset, in cells.
public struct TTShadow: Sendable, Hashable {
  /// The shadow's colour; usually translucent black.
  public var color: TTColor
  /// How far the shadow spreads, in cells; 0 for a hard shadow.
  public var blur: Int
  /// How far the shadow falls from the shape: columns right and rows down.
  public var offset: TTPoint

  /// Creates a shadow.
  ///
  /// - Parameters:
  ///   - color: The colour; defaults to black at 50 %.
  ///   - blur: The spread in cells; defaults to 0.
  ///   - offset: Columns right and rows down; defaults to one of each.
  public init(
    color: TTColor = TTColor.black.withAlpha(0.5), blur: Int = 0, offset: TTPoint = TTPoint(x: 1, y: 1)
  ) {
    self.color = color
    self.blur = blur
    self.offset = offset
  }
}

/// The colours of a border drawn side by side; a `nil` side is not drawn.
public struct TTFourBorder: Sendable, Hashable {
  /// The top side's colour.
  public var top: TTColor?
  /// The right side's colour.
  public var right: TTColor?
  /// The bottom side's colour.
  public var bottom: TTColor?
  /// The left side's colour.
  public var left: TTColor?
  /// The border's width in cells.
  public var width: Int

  /// Creates a four-sided border.
  ///
  /// - Parameters:
  ///   - top: The top side's colour, or `nil` for none.
  ///   - right: The right side's colour, or `nil` for none.
  ///   - bottom: The bottom side's colour, or `nil` for none.
  ///   - left: The left side's colour, or `nil` for none.
  ///   - width: The width in cells; defaults to 1.
  public init(
    top: TTColor? = nil, right: TTColor? = nil, bottom: TTColor? = nil, left: TTColor? = nil, width: Int = 1
  ) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
    self.width = width
  }
}

/// A border lit from one side: lighter where it faces the light, darker elsewhere.
public struct TTBevelBorder: Sendable, Hashable {
  /// The colour of the sides facing the light.
  public var highlight: TTColor
  /// The colour of the sides away from the light.
  public var shadow: TTColor
  /// The border's width in cells.
  public var width: Int
  /// Where the light comes from, in degrees: 90 from above, 270 from below (Three20's
  /// `lightSource`).
  public var lightSource: Int

  /// Creates a bevel border.
  ///
  /// - Parameters:
  ///   - highlight: The lit sides' colour.
  ///   - shadow: The shaded sides' colour.
  ///   - width: The width in cells; defaults to 1.
  ///   - lightSource: The light's direction in degrees; defaults to 125, Three20's default (top left).
  public init(highlight: TTColor, shadow: TTColor, width: Int = 1, lightSource: Int = 125) {
    self.highlight = highlight
    self.shadow = shadow
    self.width = width
    self.lightSource = lightSource
  }
}

/// A border whose colour runs from `color1` at `location1` to `color2` at `location2`, top
/// to bottom (locations from 0 to 1).
public struct TTGradientBorder: Sendable, Hashable {
  /// The colour at the top.
  public var color1: TTColor
  /// Where `color1` stops being pure, from 0 (top) to 1 (bottom).
  public var location1: Double
  /// The colour at the bottom.
  public var color2: TTColor
  /// Where `color2` starts being pure, from 0 (top) to 1 (bottom).
  public var location2: Double
  /// The border's width in cells.
  public var width: Int

  /// Creates a gradient border.
  ///
  /// - Parameters:
  ///   - color1: The top colour.
  ///   - location1: Where it stops being pure; defaults to 0.
  ///   - color2: The bottom colour.
  ///   - location2: Where it starts being pure; defaults to 1.
  ///   - width: The width in cells; defaults to 1.
  public init(color1: TTColor, location1: Double = 0, color2: TTColor, location2: Double = 1, width: Int = 1)
  {
    self.color1 = color1
    self.location1 = location1
    self.color2 = color2
    self.location2 = location2
    self.width = width
  }
}

/// How a box is sized and placed (Three20's `TTBoxStyle`).
public struct TTBox: Sendable, Hashable {
  /// How a box is placed in a flow of boxes.
  public enum Position: Sendable, Hashable {
    /// In the flow, after the previous box (`TTPositionStatic`).
    case `static`
    /// At its frame, out of the flow (`TTPositionAbsolute`).
    case absolute
    /// Against the left edge, with the flow around it (`TTPositionFloatLeft`).
    case floatLeft
    /// Against the right edge, with the flow around it (`TTPositionFloatRight`).
    case floatRight
  }

  /// Space outside the box.
  public var margin: TTEdgeInsets
  /// Space between the box's edge and its content.
  public var padding: TTEdgeInsets
  /// The smallest size the box takes, whatever its content.
  public var minimumSize: TTSize
  /// How the box is placed.
  public var position: Position

  /// Creates a box.
  ///
  /// - Parameters:
  ///   - margin: Space outside; none by default.
  ///   - padding: Space inside; none by default.
  ///   - minimumSize: The smallest size; none by default.
  ///   - position: How it is placed; in the flow by default.
  public init(
    margin: TTEdgeInsets = .zero, padding: TTEdgeInsets = .zero, minimumSize: TTSize = .zero,
    position: Position = .static
  ) {
    self.margin = margin
    self.padding = padding
    self.minimumSize = minimumSize
    self.position = position
  }
}

/// How text looks and is laid out (Three20's `TTTextStyle`).
///
/// A terminal has one font size, so Three20's font becomes a weight and a slant, shown as
/// bold and italic; `minimumFontSize` has no equivalent and is left out.
public struct TTTextLook: Sendable, Hashable {
  /// Horizontal alignment.
  public enum Alignment: Sendable, Hashable {
    /// Left-aligned.
    case left
    /// Centred.
    case center
    /// Right-aligned.
    case right
  }

  /// Vertical alignment inside the frame.
  public enum VerticalAlignment: Sendable, Hashable {
    /// At the top.
    case top
    /// In the middle.
    case middle
    /// At the bottom.
    case bottom
  }

  /// What happens to text that does not fit.
  public enum LineBreakMode: Sendable, Hashable {
    /// Wrap at word boundaries (long words are broken).
    case wordWrap
    /// Wrap anywhere.
    case characterWrap
    /// Cut off at the edge.
    case clip
    /// End with `…`.
    case truncateTail
    /// Start with `…`.
    case truncateHead
    /// `…` in the middle.
    case truncateMiddle
  }

  /// The text colour; `nil` keeps the terminal's.
  public var color: TTColor?
  /// The background colour behind the text; `nil` keeps what is beneath.
  public var backgroundColor: TTColor?
  /// Bold, italic, underline and so on.
  public var attributes: TTTextAttributes
  /// A shadow colour; terminals cannot draw text shadows, SVG does.
  public var shadowColor: TTColor?
  /// The shadow's offset in cells.
  public var shadowOffset: TTPoint
  /// Horizontal alignment.
  public var alignment: Alignment
  /// Vertical alignment.
  public var verticalAlignment: VerticalAlignment
  /// What happens to text that does not fit.
  public var lineBreakMode: LineBreakMode
  /// The most lines shown, or 0 for no limit.
  ///
  /// Defaults to 1, as in Three20.
  public var numberOfLines: Int

  /// Creates a text look.
  ///
  /// - Parameters:
  ///   - color: The text colour; `nil` keeps the terminal's.
  ///   - backgroundColor: The background behind the text; `nil` keeps what is beneath.
  ///   - attributes: Bold, italic and the like; none by default.
  ///   - shadowColor: A text shadow colour (SVG only); none by default.
  ///   - shadowOffset: The shadow's offset; one row down by default.
  ///   - alignment: Horizontal alignment; left by default.
  ///   - verticalAlignment: Vertical alignment; middle by default, as in Three20.
  ///   - lineBreakMode: What happens to text that does not fit; truncate the tail by default.
  ///   - numberOfLines: The most lines; 1 by default, 0 for no limit.
  public init(
    color: TTColor? = nil, backgroundColor: TTColor? = nil, attributes: TTTextAttributes = [],
    shadowColor: TTColor? = nil, shadowOffset: TTPoint = TTPoint(x: 0, y: 1), alignment: Alignment = .left,
    verticalAlignment: VerticalAlignment = .middle, lineBreakMode: LineBreakMode = .truncateTail,
    numberOfLines: Int = 1
  ) {
    self.color = color
    self.backgroundColor = backgroundColor
    self.attributes = attributes
    self.shadowColor = shadowColor
    self.shadowOffset = shadowOffset
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.lineBreakMode = lineBreakMode
    self.numberOfLines = numberOfLines
  }

  /// The cell style for text in this look.
  public var cellStyle: TTCellStyle {
    TTCellStyle(foreground: color, background: backgroundColor, attributes: attributes)
  }
}

/// An image in a style (Three20's `TTImageStyle`).
///
/// Terminals show no pictures: the image is drawn as its alternate text in brackets, or as a
/// placeholder block of its size. SVG output links the image by URL.
public struct TTImageLook: Sendable, Hashable {
  /// How an image fits its frame.
  public enum ContentMode: Sendable, Hashable {
    /// Stretched to fill the frame.
    case scaleToFill
    /// Scaled to fit inside the frame, keeping its proportions.
    case scaleAspectFit
    /// Scaled to cover the frame, keeping its proportions.
    case scaleAspectFill
    /// Centred at its own size.
    case center
  }

  /// The image's URL, if it has one.
  public var url: String?
  /// What the image shows, in words, for terminals and screen readers.
  public var alternateText: String?
  /// The size the image takes, in cells; `nil` for its frame.
  public var size: TTSize?
  /// How the image fits its frame.
  public var contentMode: ContentMode

  /// Creates an image look.
  ///
  /// - Parameters:
  ///   - url: The image's URL, if any.
  ///   - alternateText: What it shows, in words.
  ///   - size: The size in cells; `nil` for its frame.
  ///   - contentMode: How it fits; scale to fill by default.
  public init(
    url: String? = nil, alternateText: String? = nil, size: TTSize? = nil,
    contentMode: ContentMode = .scaleToFill
  ) {
    self.url = url
    self.alternateText = alternateText
    self.size = size
    self.contentMode = contentMode
  }
}

/// How layers combine with what is beneath them (Three20's `TTBlendStyle`).
public enum TTBlendMode: String, Sendable, Hashable, CaseIterable {
  /// Paint over (the default).
  case normal
  /// Multiply colours: darkens.
  case multiply
  /// Screen colours: lightens.
  case screen
  /// Multiply or screen, by the colour beneath.
  case overlay
  /// The darker of the two.
  case darken
  /// The lighter of the two.
  case lighten
}
