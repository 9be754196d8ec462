import Testing
import Three20Style

/// Renders a style on a canvas with a one-cell margin around `size`, so that anything drawn
/// outside the style's rectangle would show, and compares the plain text and the 256-colour
/// output with golden files in `Snapshots/Drawing/`.
private func assertDrawing(
  _ styles: [TTStyle], size: TTSize, named name: String, text: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let cell = TTSize(width: size.width + 2, height: size.height + 2)
  var canvas = TTCanvas(width: cell.width * styles.count, height: cell.height)
  for (index, style) in styles.enumerated() {
    let rect = TTRect(x: index * cell.width + 1, y: 1, width: size.width, height: size.height)
    style.draw(in: rect, on: &canvas) { canvas, inner in
      if let text { style.drawText(text, in: inner, on: &canvas) }
    }
  }
  assertSnapshot(canvas.plainText, named: "Drawing/\(name).txt", sourceLocation: sourceLocation)
  assertSnapshot(
    TTANSIRenderer(capabilities: .ansi256).render(canvas), named: "Drawing/\(name).ansi256",
    sourceLocation: sourceLocation)
}

@Suite("TTStyle drawing golden files")
struct TTStyleDrawingGoldenTests {
  static let shapes: [(name: String, shape: TTShape)] = [
    ("rectangle", .rectangle),
    ("rounded1", .rounded(1)),
    ("rounded2", .rounded(2)),
    ("fullyRound", .rounded(TTCornerRadii.fullyRound)),
    ("leftArrow", .roundedLeftArrow(radius: 1)),
    ("rightArrow", .roundedRightArrow(radius: 1)),
    (
      "bubbleTop",
      .speechBubble(radius: 1, pointLocation: 45, pointAngle: 90, pointSize: TTSize(width: 1, height: 1))
    ),
    (
      "bubbleBottomLeft",
      .speechBubble(radius: 2, pointLocation: 240, pointAngle: 225, pointSize: TTSize(width: 1, height: 1))
    ),
    (
      "bubbleLeft",
      .speechBubble(radius: 1, pointLocation: 315, pointAngle: 180, pointSize: TTSize(width: 1, height: 2))
    ),
  ]
  static let sizes = [
    TTSize(width: 1, height: 1), TTSize(width: 2, height: 2), TTSize(width: 8, height: 3),
    TTSize(width: 20, height: 5),
  ]

  /// Each shape at each size, filled only (left) and filled and bordered (right), matches its golden files.
  @Test(arguments: shapes.indices, sizes)
  func shapeMatchesGolden(shapeIndex: Int, size: TTSize) {
    let (name, shape) = Self.shapes[shapeIndex]
    let filled = TTStyle {
      TTShapeStyle(shape)
      TTSolidFillStyle(.blue)
    }
    let bordered = filled.appending(TTSolidBorderStyle(.white))
    assertDrawing([filled, bordered], size: size, named: "shape-\(name)-\(size.width)x\(size.height)")
  }

  static let fills: [(name: String, style: TTStyle)] = [
    ("solid", TTStyle { TTSolidFillStyle(.blue) }),
    (
      "solidTranslucent",
      TTStyle {
        TTSolidFillStyle(.red); TTInsetStyle(TTEdgeInsets(all: 1));
        TTSolidFillStyle(TTColor.white.withAlpha(0.5))
      }
    ),
    (
      "linearGradient",
      TTStyle {
        TTShapeStyle(.rounded(2)); TTLinearGradientFillStyle(.white, .blue)
      }
    ),
    (
      "reflective",
      TTStyle {
        TTShapeStyle(.rounded(1)); TTReflectiveFillStyle(.blue)
      }
    ),
    (
      "reflectiveBottomHighlight",
      TTStyle {
        TTShapeStyle(.rounded(1)); TTReflectiveFillStyle(.red, bottomHighlight: true)
      }
    ),
  ]

  /// Each fill, at 12×6 and on one row, matches its golden files.
  @Test(arguments: fills.indices)
  func fillMatchesGolden(index: Int) {
    let (name, style) = Self.fills[index]
    assertDrawing([style], size: TTSize(width: 12, height: 6), named: "fill-\(name)")
    assertDrawing([style], size: TTSize(width: 12, height: 1), named: "fill-\(name)-1row")
  }

  static let shadows: [(name: String, style: TTStyle)] = [
    (
      "shadow",
      TTStyle {
        TTInsetStyle(TTEdgeInsets(top: 0, left: 0, bottom: 1, right: 2))
        TTShadowStyle(.black, blur: 0, offset: TTPoint(x: 2, y: 1))
        TTSolidFillStyle(.blue)
      }
    ),
    (
      "shadowBlur",
      TTStyle {
        TTSolidFillStyle(.white)
        TTInsetStyle(TTEdgeInsets(all: 2))
        TTShapeStyle(.rounded(2))
        TTShadowStyle(.black, blur: 2, offset: TTPoint(x: 1, y: 1))
        TTSolidFillStyle(.yellow)
      }
    ),
    (
      "innerShadowDown",
      TTStyle {
        TTSolidFillStyle(.white)
        TTInnerShadowStyle(TTColor.black.withAlpha(0.4), blur: 0, offset: TTPoint(x: 0, y: 1))
        TTSolidBorderStyle(.gray)
      }
    ),
    (
      "innerShadowBlur",
      TTStyle {
        TTSolidFillStyle(.white)
        TTInnerShadowStyle(TTColor.black.withAlpha(0.6), blur: 2, offset: TTPoint(x: 1, y: 1))
      }
    ),
  ]

  /// Each shadow matches its golden files, and never paints outside the rectangle drawn in.
  @Test(arguments: shadows.indices)
  func shadowMatchesGolden(index: Int) {
    let (name, style) = Self.shadows[index]
    assertDrawing([style], size: TTSize(width: 14, height: 7), named: "shadow-\(name)")
  }

  static let borders: [(name: String, style: TTStyle)] = [
    (
      "solid1",
      TTStyle {
        TTSolidFillStyle(.blue); TTSolidBorderStyle(.white)
      }
    ),
    (
      "solid2",
      TTStyle {
        TTShapeStyle(.rounded(1)); TTSolidFillStyle(.blue); TTSolidBorderStyle(.white, width: 2)
      }
    ),
    (
      "fourAll",
      TTStyle { TTFourBorderStyle(TTFourBorder(top: .red, right: .green, bottom: .blue, left: .yellow)) }
    ),
    ("fourTopBottom", TTStyle { TTFourBorderStyle(TTFourBorder(top: .white, bottom: .gray)) }),
    (
      "fourLeftTop",
      TTStyle {
        TTShapeStyle(.rounded(1)); TTFourBorderStyle(TTFourBorder(top: .white, left: .red))
      }
    ),
    (
      "bevelDefault",
      TTStyle {
        TTSolidFillStyle(.gray); TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .black))
      }
    ),
    (
      "bevelFromBelow",
      TTStyle {
        TTSolidFillStyle(.gray);
        TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .black, lightSource: 270))
      }
    ),
    (
      "highlight",
      TTStyle {
        TTSolidFillStyle(.blue); TTHighlightBorderStyle(.darkGray, highlight: .white)
      }
    ),
    (
      "gradient",
      TTStyle {
        TTLinearGradientBorderStyle(
          TTGradientBorder(color1: .white, location1: 0.25, color2: .blue, location2: 1))
      }
    ),
  ]

  /// Each border kind matches its golden files, at 12×5 and on one row.
  @Test(arguments: borders.indices)
  func borderMatchesGolden(index: Int) {
    let (name, style) = Self.borders[index]
    assertDrawing([style], size: TTSize(width: 12, height: 5), named: "border-\(name)", text: "Hi")
    assertDrawing([style], size: TTSize(width: 12, height: 1), named: "border-\(name)-1row", text: "Hi")
  }

  /// Blend modes combine the following layers' backgrounds with a gradient beneath.
  @Test(arguments: TTBlendMode.allCases)
  func blendMatchesGolden(mode: TTBlendMode) {
    let style = TTStyle {
      TTLinearGradientFillStyle(.black, .white)
      TTBlendStyle(mode)
      TTInsetStyle(TTEdgeInsets(vertical: 0, horizontal: 2))
      TTSolidFillStyle(.blue)
    }
    assertDrawing([style], size: TTSize(width: 10, height: 5), named: "blend-\(mode.rawValue)")
  }

  /// Images show their alternate text in brackets, or a placeholder of their size.
  @Test func imageMatchesGolden() {
    let alternate = TTStyle {
      TTSolidBorderStyle(.gray)
      TTImageStyle(TTImageLook(url: "https://example.com/cat.png", alternateText: "cat"))
    }
    let placeholder = TTStyle {
      TTSolidBorderStyle(.gray)
      TTImageStyle(TTImageLook(url: "https://example.com/cat.png", size: TTSize(width: 4, height: 2)))
    }
    let narrow = TTStyle { TTImageStyle(TTImageLook(alternateText: "a long description")) }
    assertDrawing([alternate, placeholder, narrow], size: TTSize(width: 10, height: 4), named: "image")
  }

  /// Text in a style is aligned in the content rectangle as its text look says.
  @Test func textAlignmentMatchesGolden() {
    let looks: [TTTextLook] = [
      TTTextLook(color: .white, alignment: .left, verticalAlignment: .top),
      TTTextLook(color: .white, attributes: .bold, alignment: .center, verticalAlignment: .middle),
      TTTextLook(color: .yellow, alignment: .right, verticalAlignment: .bottom),
      TTTextLook(alignment: .center, lineBreakMode: .wordWrap, numberOfLines: 0),
    ]
    let styles = looks.map { look in
      TTStyle {
        TTShapeStyle(.rounded(1))
        TTSolidFillStyle(.blue)
        TTSolidBorderStyle(.white)
        TTTextStyle(look)
      }
    }
    assertDrawing(styles, size: TTSize(width: 12, height: 5), named: "text-alignment", text: "漢字 and 😀 ok")
  }
}
