import Testing
import Three20Style

@Suite("TTStyle drawing rules")
struct TTStyleDrawingRulesTests {
  // MARK: Random styles

  private static let colors: [TTColor] = [.red, .blue, .white, .black, TTColor.green.withAlpha(0.5), .clear]

  private static func randomColor(_ generator: inout SeededGenerator) -> TTColor {
    colors[Int.random(in: 0..<colors.count, using: &generator)]
  }

  private static func randomShape(_ g: inout SeededGenerator) -> TTShape {
    switch Int.random(in: 0..<6, using: &g) {
    case 0: return .rectangle
    case 1: return .rounded(Int.random(in: -3...4, using: &g))
    case 2:
      return .roundedRectangle(
        TTCornerRadii(
          topLeft: Int.random(in: -1...3, using: &g), topRight: Int.random(in: -1...3, using: &g),
          bottomRight: Int.random(in: -1...3, using: &g), bottomLeft: Int.random(in: -1...3, using: &g)))
    case 3: return .roundedLeftArrow(radius: Int.random(in: -2...3, using: &g))
    case 4: return .roundedRightArrow(radius: Int.random(in: -2...3, using: &g))
    default:
      return .speechBubble(
        radius: Int.random(in: -1...3, using: &g), pointLocation: Double.random(in: -400...800, using: &g),
        pointAngle: Double.random(in: -400...800, using: &g),
        pointSize: TTSize(width: Int.random(in: -2...4, using: &g), height: Int.random(in: -2...4, using: &g))
      )
    }
  }

  private static func randomInsets(_ g: inout SeededGenerator) -> TTEdgeInsets {
    TTEdgeInsets(
      top: Int.random(in: -3...3, using: &g), left: Int.random(in: -3...3, using: &g),
      bottom: Int.random(in: -3...3, using: &g), right: Int.random(in: -3...3, using: &g))
  }

  private static func randomLayer(_ g: inout SeededGenerator) -> TTStyle.Layer {
    let width = Int.random(in: -1...3, using: &g)
    let shadow = TTShadow(
      color: randomColor(&g), blur: Int.random(in: -1...3, using: &g),
      offset: TTPoint(x: Int.random(in: -3...3, using: &g), y: Int.random(in: -3...3, using: &g)))
    switch Int.random(in: 0..<20, using: &g) {
    case 0: return .shape(randomShape(&g))
    case 1: return .solidFill(randomColor(&g))
    case 2: return .linearGradientFill(randomColor(&g), randomColor(&g))
    case 3: return .reflectiveFill(randomColor(&g), bottomHighlight: Bool.random(using: &g))
    case 4: return .shadow(shadow)
    case 5: return .innerShadow(shadow)
    case 6: return .solidBorder(randomColor(&g), width: width)
    case 7:
      return .fourBorder(
        TTFourBorder(
          top: Bool.random(using: &g) ? randomColor(&g) : nil,
          right: Bool.random(using: &g) ? randomColor(&g) : nil,
          bottom: Bool.random(using: &g) ? randomColor(&g) : nil,
          left: Bool.random(using: &g) ? randomColor(&g) : nil,
          width: width))
    case 8:
      return .bevelBorder(
        TTBevelBorder(
          highlight: randomColor(&g), shadow: randomColor(&g), width: width,
          lightSource: Int.random(in: -720...720, using: &g)))
    case 9: return .highlightBorder(randomColor(&g), highlight: randomColor(&g), width: width)
    case 10:
      return .linearGradientBorder(
        TTGradientBorder(
          color1: randomColor(&g), location1: Double.random(in: -1...2, using: &g), color2: randomColor(&g),
          location2: Double.random(in: -1...2, using: &g), width: width))
    case 11: return .inset(randomInsets(&g))
    case 12:
      return .box(
        TTBox(
          margin: randomInsets(&g), padding: randomInsets(&g),
          minimumSize: TTSize(
            width: Int.random(in: 0...9, using: &g), height: Int.random(in: 0...9, using: &g))))
    case 13:
      return .text(
        TTTextLook(
          color: randomColor(&g), alignment: [.left, .center, .right][Int.random(in: 0...2, using: &g)],
          verticalAlignment: [.top, .middle, .bottom][Int.random(in: 0...2, using: &g)],
          lineBreakMode: [.wordWrap, .characterWrap, .clip, .truncateHead, .truncateMiddle, .truncateTail][
            Int.random(in: 0...5, using: &g)],
          numberOfLines: Int.random(in: -1...3, using: &g)))
    case 14:
      return .image(
        TTImageLook(
          alternateText: Bool.random(using: &g) ? "漢字 pic" : nil,
          size: Bool.random(using: &g)
            ? TTSize(width: Int.random(in: 0...12, using: &g), height: Int.random(in: 0...6, using: &g)) : nil
        ))
    case 15: return .mask(imageURL: "https://example.com/mask.png")
    case 16: return .blend(TTBlendMode.allCases[Int.random(in: 0..<TTBlendMode.allCases.count, using: &g)])
    case 17: return .part(name: "p", style: TTStyle([.solidFill(.red)]))
    case 18: return .content
    default: return .shape(randomShape(&g))
    }
  }

  /// Random styles drawn in random rectangles (partly off the canvas, empty, tiny) never change
  /// a cell outside the rectangle, and never trap.
  @Test func drawingNeverLeavesTheRectangle() {
    var generator = SeededGenerator(seed: 2009)
    let texts = ["", "ok", "漢字テスト and more", "😀👨‍👩‍👧 wide", "a\nb\nc", "x\u{1B}[2Jy"]
    var background = TTCanvas(width: 30, height: 15)
    background.fill(
      background.bounds, with: "·", style: TTCellStyle(foreground: .gray, background: .darkGray))
    background.write("境界", at: TTPoint(x: 5, y: 5))
    for _ in 0..<600 {
      let layers = (0..<Int.random(in: 0...9, using: &generator)).map { _ in Self.randomLayer(&generator) }
      let style = TTStyle(layers)
      let rect = TTRect(
        x: Int.random(in: -6...34, using: &generator), y: Int.random(in: -4...18, using: &generator),
        width: Int.random(in: -3...32, using: &generator), height: Int.random(in: -3...16, using: &generator))
      let text = texts[Int.random(in: 0..<texts.count, using: &generator)]
      var canvas = background
      style.draw(in: rect, on: &canvas) { canvas, inner in
        style.drawText(text, in: inner, on: &canvas)
      }
      for y in 0..<canvas.height {
        for x in 0..<canvas.width where !rect.contains(TTPoint(x: x, y: y)) {
          // The wide character straddling the rectangle's edge may lose its other half.
          let straddles = y == 5 && (x == 5 || x == 6 || x == 7 || x == 8)
          if !straddles, canvas[x, y] != background[x, y] {
            Issue.record("\(layers) in \(rect) changed the cell at (\(x), \(y))")
            return
          }
        }
      }
      // contentRect and size(fitting:) are total too.
      _ = style.contentRect(for: rect)
      _ = style.size(fitting: rect.size)
    }
  }

  // MARK: Degenerate and hostile sizes

  static let everyLayer: [TTStyle.Layer] = [
    .shape(.rounded(TTCornerRadii.fullyRound)), .solidFill(.red), .linearGradientFill(.red, .blue),
    .reflectiveFill(.blue, bottomHighlight: true), .shadow(TTShadow(blur: 2)),
    .innerShadow(TTShadow(blur: 2)),
    .solidBorder(.white, width: 2), .fourBorder(TTFourBorder(top: .red, left: .blue)),
    .bevelBorder(TTBevelBorder(highlight: .white, shadow: .black)),
    .highlightBorder(.gray, highlight: .white, width: 1),
    .linearGradientBorder(TTGradientBorder(color1: .white, color2: .black)), .inset(TTEdgeInsets(all: 1)),
    .box(TTBox(margin: TTEdgeInsets(all: 1), padding: TTEdgeInsets(all: 1))), .text(TTTextLook()),
    .image(TTImageLook(alternateText: "x")), .mask(imageURL: ""), .blend(.multiply),
    .part(name: "p", style: .empty), .content,
  ]
  static let shapes: [TTShape] = [
    .rectangle, .rounded(3), .roundedLeftArrow(radius: 1), .roundedRightArrow(radius: 1),
    .speechBubble(radius: 1, pointLocation: 45, pointAngle: 90, pointSize: TTSize(width: 2, height: 2)),
  ]

  /// Zero and negative sizes draw nothing and never trap, whatever the shape and layers.
  @Test(arguments: shapes, [(0, 0), (0, 4), (4, 0), (-3, -3), (-1, 5)])
  func emptyRectanglesDrawNothing(shape: TTShape, size: (Int, Int)) {
    let style = TTStyle([.shape(shape)] + Self.everyLayer)
    var canvas = TTCanvas(width: 8, height: 8)
    let before = canvas
    let rect = TTRect(x: 2, y: 2, width: size.0, height: size.1)
    var contentCalled = false
    style.draw(in: rect, on: &canvas) { _, _ in contentCalled = true }
    #expect(canvas == before)
    #expect(!contentCalled)
    #expect(style.contentRect(for: rect).isEmpty)
  }

  /// Hostile numbers in a style (huge widths, offsets, insets; NaN angles) never trap.
  @Test func hostileNumbersDoNotTrap() {
    let style = TTStyle([
      .shape(
        .speechBubble(
          radius: Int.min, pointLocation: .nan, pointAngle: .infinity,
          pointSize: TTSize(width: Int.max, height: Int.max))),
      .shadow(TTShadow(blur: Int.max, offset: TTPoint(x: Int.max, y: Int.min))),
      .innerShadow(TTShadow(blur: Int.max, offset: TTPoint(x: Int.min, y: Int.max))),
      .solidBorder(.white, width: Int.max),
      .fourBorder(TTFourBorder(top: .red, width: Int.min)),
      .bevelBorder(TTBevelBorder(highlight: .white, shadow: .black, width: Int.max, lightSource: Int.min)),
      .linearGradientBorder(
        TTGradientBorder(color1: .white, location1: .nan, color2: .black, location2: -.infinity, width: 1)),
      .inset(TTEdgeInsets(top: Int.max, left: Int.min, bottom: Int.max, right: Int.min)),
      .box(
        TTBox(
          margin: TTEdgeInsets(all: Int.min), padding: TTEdgeInsets(all: Int.max),
          minimumSize: TTSize(width: Int.max, height: Int.max))),
      .image(TTImageLook(alternateText: "x", size: TTSize(width: Int.max, height: Int.max))),
    ])
    var canvas = TTCanvas(width: 10, height: 5)
    style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in style.drawText("hi", in: rect, on: &canvas) }
    _ = style.contentRect(for: canvas.bounds)
    #expect(style.size(fitting: TTSize(width: Int.max, height: Int.max)).width == Int.max)
  }

  // MARK: Geometry

  /// Every border kind takes its width off the content; a four-border only on its drawn sides.
  @Test func bordersReduceTheContentRect() {
    let rect = TTRect(x: 0, y: 0, width: 10, height: 6)
    #expect(
      TTSolidBorderStyle(.white, width: 2).style.contentRect(for: rect)
        == TTRect(x: 2, y: 2, width: 6, height: 2))
    #expect(
      TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .black)).style.contentRect(for: rect)
        == TTRect(x: 1, y: 1, width: 8, height: 4))
    #expect(
      TTHighlightBorderStyle(.gray, highlight: .white).style.contentRect(for: rect)
        == TTRect(x: 1, y: 1, width: 8, height: 4))
    #expect(
      TTLinearGradientBorderStyle(TTGradientBorder(color1: .white, color2: .black, width: 3)).style
        .contentRect(for: rect)
        == TTRect(x: 3, y: 3, width: 4, height: 0))
    #expect(
      TTFourBorderStyle(TTFourBorder(bottom: .gray, left: .gray)).style.contentRect(for: rect)
        == TTRect(x: 1, y: 0, width: 9, height: 5))
    #expect(
      TTFourBorderStyle(TTFourBorder(top: .gray), next: TTSolidBorderStyle(.white)).style.size(
        fitting: TTSize(width: 4, height: 1)) == TTSize(width: 6, height: 4))
  }

  /// A frame one row high keeps its row: the border is drawn as end caps and takes columns only.
  @Test func oneRowBordersAreEndCaps() {
    let style = TTStyle {
      TTShapeStyle(.rounded(TTCornerRadii.fullyRound))
      TTSolidFillStyle(.red)
      TTSolidBorderStyle(.white)
    }
    var canvas = TTCanvas(width: 6, height: 1)
    style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
      #expect(rect == TTRect(x: 1, y: 0, width: 4, height: 1))
      canvas.write("OK", at: rect.origin)
    }
    #expect(canvas.lines == ["(OK  )"])
    #expect(canvas[0, 0].style.background == nil)
    #expect(canvas[1, 0].style.background == .red)
  }

  /// A fully round shape one row high without a border is a pill: half blocks in the fill colour.
  @Test func filledPillHasHalfBlockEnds() {
    var canvas = TTCanvas(width: 5, height: 1)
    TTStyle {
      TTShapeStyle(.rounded(TTCornerRadii.fullyRound)); TTSolidFillStyle(.blue)
    }
    .draw(in: canvas.bounds, on: &canvas)
    #expect(canvas.lines == ["▐   ▌"])
    #expect(canvas[0, 0].style.foreground == .blue)
    #expect(canvas[0, 0].style.background == nil)
    #expect(canvas[2, 0].style.background == .blue)
  }

  /// Corner cells of radius 2 or more stay unfilled; radius 1 fills them.
  @Test func roundCornersLeaveCornerCellsUnfilled() {
    for (radius, filled) in [(1, true), (2, false), (TTCornerRadii.fullyRound, false)] {
      var canvas = TTCanvas(width: 5, height: 3)
      TTStyle {
        TTShapeStyle(.rounded(radius)); TTSolidFillStyle(.blue)
      }.draw(in: canvas.bounds, on: &canvas)
      #expect((canvas[0, 0].style.background != nil) == filled)
      #expect((canvas[4, 2].style.background != nil) == filled)
      #expect(canvas[1, 0].style.background == .blue)
    }
  }

  /// A gradient fill takes its first colour on the top row, its second on the bottom row,
  /// and the average on a single row.
  @Test func gradientRowsInterpolate() {
    var canvas = TTCanvas(width: 2, height: 3)
    TTLinearGradientFillStyle(.black, .white).style.draw(in: canvas.bounds, on: &canvas)
    #expect(canvas[0, 0].style.background == .black)
    #expect(canvas[0, 2].style.background == .white)
    #expect(canvas[0, 1].style.background == TTColor(unitRed: 0.5, green: 0.5, blue: 0.5))
    var row = TTCanvas(width: 2, height: 1)
    TTLinearGradientFillStyle(.black, .white).style.draw(in: row.bounds, on: &row)
    #expect(row[0, 0].style.background == TTColor(unitRed: 0.5, green: 0.5, blue: 0.5))
  }

  /// A shadow is painted before the fill, moved by its offset, and clipped to the rectangle.
  @Test func shadowIsOffsetAndClipped() {
    var canvas = TTCanvas(width: 6, height: 4)
    let style = TTStyle {
      TTShadowStyle(.black, offset: TTPoint(x: 1, y: 1))
      TTSolidFillStyle(.white)
    }
    style.draw(in: TTRect(x: 0, y: 0, width: 4, height: 3), on: &canvas)
    #expect(canvas[1, 1].style.background == .white)
    #expect(canvas[0, 0].style.background == .white)
    #expect(canvas[4, 1].style.background == nil)  // outside the rectangle: clipped
    // With room left by an inset, the shadow shows on the right and the bottom.
    var roomy = TTCanvas(width: 6, height: 4)
    TTStyle {
      TTInsetStyle(TTEdgeInsets(top: 0, left: 0, bottom: 1, right: 1))
      TTShadowStyle(.black, offset: TTPoint(x: 1, y: 1))
      TTSolidFillStyle(.white)
    }.draw(in: TTRect(x: 0, y: 0, width: 4, height: 3), on: &roomy)
    #expect(roomy[3, 1].style.background == .black)
    #expect(roomy[1, 2].style.background == .black)
    #expect(roomy[0, 2].style.background == nil)
  }

  /// A bevel lights the sides facing the light, by Three20's ranges.
  @Test(arguments: [
    (125, "top left"), (90, "top left right"), (270, "bottom left right"), (0, "top bottom right"),
    (-45, "bottom right"),
  ])
  func bevelLightsTheSidesFacingTheLight(lightSource: Int, lit: String) {
    var canvas = TTCanvas(width: 4, height: 3)
    TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .black, lightSource: lightSource)).style
      .draw(in: canvas.bounds, on: &canvas)
    let sides = ["top": canvas[1, 0], "bottom": canvas[1, 2], "left": canvas[0, 1], "right": canvas[3, 1]]
    for (side, cell) in sides {
      #expect((cell.style.foreground == .white) == lit.contains(side), "\(side) at \(lightSource)°")
    }
  }

  /// Blend modes apply per channel to the backgrounds of the following layers.
  @Test func blendModesMixChannels() {
    let base = TTColor(unitRed: 0.2, green: 0.5, blue: 0.8)
    let paint = TTColor(unitRed: 0.5, green: 0.5, blue: 0.5)
    #expect(TTBlendMode.normal.blend(paint, over: base) == paint)
    #expect(TTBlendMode.multiply.blend(paint, over: base) == TTColor(unitRed: 0.1, green: 0.25, blue: 0.4))
    #expect(TTBlendMode.screen.blend(paint, over: base) == TTColor(unitRed: 0.6, green: 0.75, blue: 0.9))
    #expect(TTBlendMode.darken.blend(paint, over: base) == TTColor(unitRed: 0.2, green: 0.5, blue: 0.5))
    #expect(TTBlendMode.lighten.blend(paint, over: base) == TTColor(unitRed: 0.5, green: 0.5, blue: 0.8))
    #expect(TTBlendMode.overlay.blend(paint, over: base) == TTColor(unitRed: 0.2, green: 0.5, blue: 0.8))
    #expect(TTBlendMode.multiply.blend(paint.withAlpha(0), over: base) == base)

    var canvas = TTCanvas(width: 1, height: 1)
    TTStyle {
      TTSolidFillStyle(base); TTBlendStyle(.multiply); TTSolidFillStyle(paint)
    }.draw(in: canvas.bounds, on: &canvas)
    #expect(canvas[0, 0].style.background == TTColor(unitRed: 0.1, green: 0.25, blue: 0.4))
  }

  /// A mask and a part draw nothing; content is drawn where the content layer stands.
  @Test func maskAndPartDrawNothing() {
    var canvas = TTCanvas(width: 3, height: 1)
    TTStyle([.mask(imageURL: "m.png"), .part(name: "p", style: TTStyle([.solidFill(.red)]))])
      .draw(in: canvas.bounds, on: &canvas)
    #expect(canvas == TTCanvas(width: 3, height: 1))
  }
}
