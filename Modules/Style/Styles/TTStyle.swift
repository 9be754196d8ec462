/// A chain of drawing steps that gives a view its look: Three20's `TTStyle`.
///
/// Three20 linked style objects through `next`: a shape, then a fill, then a border, then the
/// text. Here the chain is a value: an ordered list of ``Layer``s, `Sendable` and `Equatable`,
/// built either the Three20 way, with `next:`, or with a result builder:
///
/// ```swift
/// // Three20: [TTShapeStyle styleWithShape:[TTRoundedRectangleShape shapeWithRadius:1]
/// //            next:[TTSolidFillStyle styleWithColor:blue next:
/// //            [TTSolidBorderStyle styleWithColor:black width:1 next:nil]]]
/// let button = TTShapeStyle(.rounded(1), next: TTSolidFillStyle(.blue, next: TTSolidBorderStyle(.black)))
///
/// let same = TTStyle {
///   TTShapeStyle(.rounded(1))
///   TTSolidFillStyle(.blue)
///   TTSolidBorderStyle(.black)
/// }
/// // button.style == same
/// ```
///
/// Each layer applies, in order, to the frame being drawn: ``Layer/shape(_:)`` sets the
/// outline for the layers after it, fills paint inside it, borders stroke it, ``Layer/inset(_:)``
/// and ``Layer/box(_:)`` move the frame or the content, ``Layer/text(_:)`` says how content
/// text looks, and ``Layer/content`` marks where the content is drawn if it should come before
/// later layers (otherwise it is drawn last).
public struct TTStyle: TTStyleConvertible, Hashable {
  /// One step of a style chain.
  public indirect enum Layer: Sendable, Hashable {
    /// Sets the outline the following layers use (`TTShapeStyle`).
    case shape(TTShape)
    /// Fills the shape with one colour (`TTSolidFillStyle`).
    case solidFill(TTColor)
    /// Fills the shape with a top-to-bottom gradient (`TTLinearGradientFillStyle`).
    case linearGradientFill(TTColor, TTColor)
    /// Fills the shape with a glossy look: the colour, lighter in the top half, optionally
    /// with a highlight at the bottom (`TTReflectiveFillStyle`).
    case reflectiveFill(TTColor, bottomHighlight: Bool)
    /// Casts a shadow of the shape (`TTShadowStyle`).
    case shadow(TTShadow)
    /// Shades the inside edge of the shape (`TTInnerShadowStyle`).
    case innerShadow(TTShadow)
    /// Strokes the outline in one colour (`TTSolidBorderStyle`).
    case solidBorder(TTColor, width: Int)
    /// Strokes each side in its own colour; `nil` leaves a side out (`TTFourBorderStyle`).
    case fourBorder(TTFourBorder)
    /// Strokes the outline lighter on the sides facing the light, darker on the others
    /// (`TTBevelBorderStyle`).
    case bevelBorder(TTBevelBorder)
    /// Strokes the outline with a highlight along its top edge (`TTHighlightBorderStyle`).
    case highlightBorder(TTColor, highlight: TTColor, width: Int)
    /// Strokes the outline with a top-to-bottom gradient (`TTLinearGradientBorderStyle`).
    case linearGradientBorder(TTGradientBorder)
    /// Shrinks (or, with negative values, grows) the frame for the following layers (`TTInsetStyle`).
    case inset(TTEdgeInsets)
    /// Margin, padding, minimum size and positioning of the box (`TTBoxStyle`).
    case box(TTBox)
    /// How content text looks (`TTTextStyle`).
    case text(TTTextLook)
    /// An image, shown in a terminal as its alternate text or a placeholder (`TTImageStyle`).
    case image(TTImageLook)
    /// Clips the following layers to an image's shape; in a terminal it has no effect
    /// (`TTMaskStyle`).
    case mask(imageURL: String)
    /// How the following layers combine with what is beneath (`TTBlendStyle`).
    case blend(TTBlendMode)
    /// A named sub-style, skipped when drawing and fetched with ``part(named:)``
    /// (`TTPartStyle`).
    case part(name: String, style: TTStyle)
    /// Draws the content at this point of the chain (`TTContentStyle`).
    case content
  }

  /// The layers, first to last.
  public var layers: [Layer]

  /// Creates a style from layers.
  ///
  /// - Parameter layers: The steps, first to last.
  public init(_ layers: [Layer] = []) {
    self.layers = layers
  }

  /// Creates a style from anything that converts to one, such as ``TTSolidFillStyle``.
  ///
  /// - Parameter convertible: The style.
  public init(_ convertible: some TTStyleConvertible) {
    self = convertible.style
  }

  /// The style itself.
  public var style: TTStyle { self }

  /// Creates a style with a result builder, one layer or style per line.
  ///
  /// - Parameter content: The layers, first to last.
  public init(@TTStyleBuilder _ content: () -> TTStyle) {
    self = content()
  }

  /// A style that draws nothing.
  public static let empty = TTStyle()

  /// The style after the first layer, as Three20's `next` (`nil` when there is none).
  public var next: TTStyle? {
    layers.count > 1 ? TTStyle(Array(layers.dropFirst())) : nil
  }

  /// This style followed by another (Three20's `addStyle:`).
  ///
  /// - Parameter other: The style to append.
  /// - Returns: The combined chain.
  public func appending(_ other: some TTStyleConvertible) -> TTStyle {
    TTStyle(layers + other.style.layers)
  }

  /// The named part, searched through the chain (Three20's `styleForPart:`).
  ///
  /// - Parameter name: The part's name.
  /// - Returns: The part's style, or `nil` when the chain has no part of that name.
  public func part(named name: String) -> TTStyle? {
    for case .part(let partName, let style) in layers where partName == name {
      return style
    }
    return nil
  }

  /// The first layer for which `match` returns a value (Three20's `firstStyleOfClass:`).
  ///
  /// ```swift
  /// let look = style.first { if case .text(let look) = $0 { look } else { nil } }
  /// ```
  ///
  /// - Parameter match: Returns a value for the layer wanted, `nil` for the others.
  /// - Returns: The first value found, or `nil`.
  public func first<Value>(where match: (Layer) -> Value?) -> Value? {
    for layer in layers {
      if let value = match(layer) { return value }
    }
    return nil
  }

  /// The text look of the chain: its first ``Layer/text(_:)`` layer, or the default look.
  public var textLook: TTTextLook {
    first { if case .text(let look) = $0 { look } else { nil } } ?? TTTextLook()
  }

  /// The outline of the chain: its first ``Layer/shape(_:)`` layer, or a rectangle.
  public var outline: TTShape {
    first { if case .shape(let shape) = $0 { shape } else { nil } } ?? .rectangle
  }
}

/// Something that is, or makes, a ``TTStyle``: a style chain or one of Three20's style classes.
public protocol TTStyleConvertible: Sendable {
  /// The style chain.
  var style: TTStyle { get }
}

/// Builds a ``TTStyle`` from a list of styles, one per line.
@resultBuilder
public enum TTStyleBuilder {
  /// Joins the lines into one chain, in order.
  ///
  /// - Parameter styles: The lines.
  /// - Returns: The chain.
  public static func buildBlock(_ styles: TTStyle...) -> TTStyle {
    TTStyle(styles.flatMap(\.layers))
  }

  /// Lets a line be a style or one of Three20's style classes.
  ///
  /// - Parameter style: The style.
  /// - Returns: The style.
  public static func buildExpression(_ style: some TTStyleConvertible) -> TTStyle {
    style.style
  }

  /// Supports `if` without `else`.
  ///
  /// - Parameter style: The style when the condition holds.
  /// - Returns: The style, or an empty one.
  public static func buildOptional(_ style: TTStyle?) -> TTStyle {
    style ?? .empty
  }

  /// Supports the first branch of `if`/`else`.
  ///
  /// - Parameter style: The branch's style.
  /// - Returns: The style.
  public static func buildEither(first style: TTStyle) -> TTStyle {
    style
  }

  /// Supports the second branch of `if`/`else`.
  ///
  /// - Parameter style: The branch's style.
  /// - Returns: The style.
  public static func buildEither(second style: TTStyle) -> TTStyle {
    style
  }

  /// Supports `for` loops.
  ///
  /// - Parameter styles: One style per iteration.
  /// - Returns: The joined chain.
  public static func buildArray(_ styles: [TTStyle]) -> TTStyle {
    TTStyle(styles.flatMap(\.layers))
  }
}
