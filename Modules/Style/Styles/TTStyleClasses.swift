// Three20's style classes, as small values named after them. Each is one layer followed by
// `next`, each converts to a TTStyle, and each can be a line of a `TTStyle { … }` builder:
//
//   Three20: [TTSolidFillStyle styleWithColor:blue next:[TTSolidBorderStyle styleWithColor:black width:1 next:nil]]
//   Swift:   TTSolidFillStyle(.blue, next: TTSolidBorderStyle(.black, width: 1))

/// Sets the outline for the layers that follow (Three20's `TTShapeStyle`).
public struct TTShapeStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - shape: The outline.
  ///   - next: The rest of the chain; none by default.
  public init(_ shape: TTShape, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.shape(shape)] + (next?.style.layers ?? []))
  }
}

/// Fills the shape with one colour (Three20's `TTSolidFillStyle`).
public struct TTSolidFillStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color: The fill colour.
  ///   - next: The rest of the chain; none by default.
  public init(_ color: TTColor, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.solidFill(color)] + (next?.style.layers ?? []))
  }
}

/// Fills the shape with a top-to-bottom gradient (Three20's `TTLinearGradientFillStyle`).
public struct TTLinearGradientFillStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color1: The top colour.
  ///   - color2: The bottom colour.
  ///   - next: The rest of the chain; none by default.
  public init(_ color1: TTColor, _ color2: TTColor, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.linearGradientFill(color1, color2)] + (next?.style.layers ?? []))
  }
}

/// Fills the shape with a glossy look (Three20's `TTReflectiveFillStyle`).
public struct TTReflectiveFillStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color: The base colour.
  ///   - bottomHighlight: Whether the bottom edge gets a highlight; `false` by default.
  ///   - next: The rest of the chain; none by default.
  public init(_ color: TTColor, bottomHighlight: Bool = false, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle(
      [.reflectiveFill(color, bottomHighlight: bottomHighlight)] + (next?.style.layers ?? []))
  }
}

/// Casts a shadow of the shape (Three20's `TTShadowStyle`).
public struct TTShadowStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color: The shadow colour.
  ///   - blur: The spread in cells; 0 by default.
  ///   - offset: Columns right and rows down; one of each by default.
  ///   - next: The rest of the chain; none by default.
  public init(
    _ color: TTColor, blur: Int = 0, offset: TTPoint = TTPoint(x: 1, y: 1),
    next: (any TTStyleConvertible)? = nil
  ) {
    self.style = TTStyle(
      [.shadow(TTShadow(color: color, blur: blur, offset: offset))] + (next?.style.layers ?? []))
  }
}

/// Shades the inside edge of the shape (Three20's `TTInnerShadowStyle`).
public struct TTInnerShadowStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color: The shadow colour.
  ///   - blur: The spread in cells; 0 by default.
  ///   - offset: Columns right and rows down; one of each by default.
  ///   - next: The rest of the chain; none by default.
  public init(
    _ color: TTColor, blur: Int = 0, offset: TTPoint = TTPoint(x: 1, y: 1),
    next: (any TTStyleConvertible)? = nil
  ) {
    self.style = TTStyle(
      [.innerShadow(TTShadow(color: color, blur: blur, offset: offset))] + (next?.style.layers ?? []))
  }
}

/// Strokes the outline in one colour (Three20's `TTSolidBorderStyle`).
public struct TTSolidBorderStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color: The border colour.
  ///   - width: The width in cells; 1 by default.
  ///   - next: The rest of the chain; none by default.
  public init(_ color: TTColor, width: Int = 1, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.solidBorder(color, width: width)] + (next?.style.layers ?? []))
  }
}

/// Strokes each side in its own colour (Three20's `TTFourBorderStyle`).
public struct TTFourBorderStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - border: The sides' colours and the width.
  ///   - next: The rest of the chain; none by default.
  public init(_ border: TTFourBorder, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.fourBorder(border)] + (next?.style.layers ?? []))
  }
}

/// Strokes the outline lit from one side (Three20's `TTBevelBorderStyle`).
public struct TTBevelBorderStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - border: The colours, width and light source.
  ///   - next: The rest of the chain; none by default.
  public init(_ border: TTBevelBorder, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.bevelBorder(border)] + (next?.style.layers ?? []))
  }
}

/// Strokes the outline with a highlighted top edge (Three20's `TTHighlightBorderStyle`).
public struct TTHighlightBorderStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - color: The border colour.
  ///   - highlight: The colour along the top.
  ///   - width: The width in cells; 1 by default.
  ///   - next: The rest of the chain; none by default.
  public init(_ color: TTColor, highlight: TTColor, width: Int = 1, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle(
      [.highlightBorder(color, highlight: highlight, width: width)] + (next?.style.layers ?? []))
  }
}

/// Strokes the outline with a top-to-bottom gradient (Three20's `TTLinearGradientBorderStyle`).
public struct TTLinearGradientBorderStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - border: The colours, stops and width.
  ///   - next: The rest of the chain; none by default.
  public init(_ border: TTGradientBorder, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.linearGradientBorder(border)] + (next?.style.layers ?? []))
  }
}

/// Shrinks the frame for the layers that follow (Three20's `TTInsetStyle`).
public struct TTInsetStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - inset: How much to take off each side; negative values grow the frame.
  ///   - next: The rest of the chain; none by default.
  public init(_ inset: TTEdgeInsets, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.inset(inset)] + (next?.style.layers ?? []))
  }
}

/// Sets the box's margin, padding, minimum size and position (Three20's `TTBoxStyle`).
public struct TTBoxStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - box: Margin, padding, minimum size and position.
  ///   - next: The rest of the chain; none by default.
  public init(_ box: TTBox, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.box(box)] + (next?.style.layers ?? []))
  }
}

/// Says how content text looks (Three20's `TTTextStyle`).
public struct TTTextStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - look: How the text looks.
  ///   - next: The rest of the chain; none by default.
  public init(_ look: TTTextLook, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.text(look)] + (next?.style.layers ?? []))
  }
}

/// Draws an image, or its alternate text in a terminal (Three20's `TTImageStyle`).
public struct TTImageStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - look: The image, its alternate text and size.
  ///   - next: The rest of the chain; none by default.
  public init(_ look: TTImageLook, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.image(look)] + (next?.style.layers ?? []))
  }
}

/// Clips the layers that follow to an image's shape (Three20's `TTMaskStyle`).
public struct TTMaskStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - imageURL: The mask image.
  ///   - next: The rest of the chain; none by default.
  public init(imageURL: String, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.mask(imageURL: imageURL)] + (next?.style.layers ?? []))
  }
}

/// Sets how the layers that follow combine with what is beneath (Three20's `TTBlendStyle`).
public struct TTBlendStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - mode: The blend mode.
  ///   - next: The rest of the chain; none by default.
  public init(_ mode: TTBlendMode, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.blend(mode)] + (next?.style.layers ?? []))
  }
}

/// A named sub-style, fetched with `TTStyle.part(named:)` (Three20's `TTPartStyle`).
public struct TTPartStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - name: The part's name.
  ///   - style: The part's style.
  ///   - next: The rest of the chain; none by default.
  public init(_ name: String, style: any TTStyleConvertible, next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.part(name: name, style: style.style)] + (next?.style.layers ?? []))
  }
}

/// Draws the content at this point of the chain (Three20's `TTContentStyle`).
public struct TTContentStyle: TTStyleConvertible {
  /// The chain: this layer, then `next`.
  public let style: TTStyle

  /// Creates the layer, followed by `next`.
  ///
  /// - Parameters:
  ///   - next: The rest of the chain; none by default.
  public init(next: (any TTStyleConvertible)? = nil) {
    self.style = TTStyle([.content] + (next?.style.layers ?? []))
  }
}
