import Testing
import Three20Style

@Suite("TTStyleSheet.css")
struct TTStyleSheetWriterTests {
  /// The text lists colours, then values, then one rule per style and state, in the
  /// format's own syntax, writing only the text properties that differ from the defaults.
  @Test func writesColorsValuesAndRules() {
    var sheet = TTStyleSheet()
    sheet.setColor(TTColor(red: 36, green: 112, blue: 216), named: "linkTextColor")
    sheet.setColor(TTColor.black.withAlpha(0.5), named: "screenBackgroundColor")
    sheet.setValue(2, named: "tableRowHeight")
    sheet.setStyle(
      TTStyle {
        TTShapeStyle(.rounded(TTCornerRadii.fullyRound))
        TTSolidFillStyle(.red)
        TTTextStyle(TTTextLook(color: .white, attributes: .bold))
      }, named: "badge")
    sheet.setStyle(
      TTSolidFillStyle(TTColor(unitRed: 0.5, green: 0.25, blue: 0.125)), named: "badge", for: .selected)
    #expect(
      sheet.css == """
        @colors {
          linkTextColor: #2470d8;
          screenBackgroundColor: rgba(0, 0, 0, 0.5);
        }

        @values {
          tableRowHeight: 2;
        }

        badge {
          shape: round;
          background: #dc322f;
          color: #ffffff;
          font-weight: bold;
        }

        badge:selected {
          background: color(srgb 0.5 0.25 0.125);
        }

        """)
  }

  /// The example in the documentation of `css` writes what it says.
  @Test func documentationExample() throws {
    var sheet = TTStyleSheet()
    let round = TTShape.rounded(TTCornerRadii.fullyRound)
    sheet.setStyle(TTShapeStyle(round, next: TTSolidFillStyle(.red)), named: "badge")
    #expect(sheet.css == "badge {\n  shape: round;\n  background: #dc322f;\n}\n")
    #expect(try TTStyleSheet(css: sheet.css) == sheet)
  }

  /// An empty sheet writes nothing, and an empty style writes an empty rule.
  @Test func emptySheetAndEmptyStyle() throws {
    #expect(TTStyleSheet().css == "")
    var sheet = TTStyleSheet()
    sheet.setStyle(TTStyle.empty, named: "nothing")
    #expect(sheet.css == "nothing {\n}\n")
    #expect(try TTStyleSheet(css: sheet.css) == sheet)
  }

  /// Layers of the same kind in a row are written so that they read back as separate layers.
  @Test func adjacentLayersOfOneKindStaySeparate() throws {
    let style = TTStyle([
      .fourBorder(TTFourBorder(top: .red)),
      .fourBorder(TTFourBorder(bottom: .blue)),
      .fourBorder(TTFourBorder(width: 2)),
      .text(TTTextLook()),
      .text(TTTextLook()),
      .text(TTTextLook(color: .red)),
      .box(TTBox()),
      .box(TTBox(padding: TTEdgeInsets(all: 1))),
      .image(TTImageLook()),
      .image(TTImageLook(alternateText: "x")),
    ])
    var sheet = TTStyleSheet()
    sheet.setStyle(style, named: "s")
    #expect(try TTStyleSheet(css: sheet.css).style(named: "s") == style)
  }

  /// Strings with quotes, backslashes, control characters and combining marks read back
  /// exactly.
  @Test(arguments: [
    "plain", "", "say \"hi\"", "back\\slash", "line\nbreak\r\n", "tab\tand \u{1B}[31m escape",
    "\u{301}leading mark", "e\u{301}", "\\\u{301}", "\"\u{301}", "\u{2028}", "\u{0600}", "漢字 😀 👨‍👩‍👧",
  ])
  func stringsReadBackExactly(_ text: String) throws {
    var sheet = TTStyleSheet()
    sheet.setStyle(TTImageStyle(TTImageLook(url: text, alternateText: text)), named: "s")
    sheet.setStyle(TTMaskStyle(imageURL: text), named: "m")
    #expect(try TTStyleSheet(css: sheet.css) == sheet)
  }

  /// Colours read back exactly whatever their components: whole bytes, fractions, alpha.
  @Test func colorsReadBackExactly() throws {
    var sheet = TTStyleSheet()
    let colors = [
      TTColor.red, TTColor.clear, TTColor.white.withAlpha(1.0 / 3),
      TTColor(unitRed: 0.1, green: 0.2, blue: 0.3),
      TTColor(hue: 123.4, saturation: 0.56, value: 0.78, alpha: 0.9), TTColor.blue.highlight,
      TTColor.blue.shadow,
      TTColor(unitRed: 1e-10, green: 0.999999, blue: 0),
    ]
    for (index, color) in colors.enumerated() {
      sheet.setColor(color, named: "c\(index)")
      sheet.setStyle(TTSolidFillStyle(color), named: "s\(index)")
    }
    #expect(try TTStyleSheet(css: sheet.css) == sheet)
  }

  /// Random styles of every layer kind, written and read back, are unchanged.
  @Test func randomStylesRoundTrip() throws {
    var generator = SeededGenerator(seed: 7)
    for round in 0..<200 {
      var sheet = TTStyleSheet()
      let count = Int.random(in: 0...8, using: &generator)
      let layers = (0..<count).map { _ in RandomLayers.layer(using: &generator, depth: 0) }
      let state = TTControlState.allCases[round % 4]
      sheet.setStyle(TTStyle(layers), named: "style\(round)", for: state)
      let css = sheet.css
      let back = try TTStyleSheet(css: css)
      #expect(back == sheet, "\(css)")
      if back != sheet { break }
    }
  }
}

/// Random layers of every kind, for round trips.
enum RandomLayers {
  static func int(_ range: ClosedRange<Int>, _ generator: inout SeededGenerator) -> Int {
    Int.random(in: range, using: &generator)
  }

  static func color(_ generator: inout SeededGenerator) -> TTColor {
    switch int(0...2, &generator) {
    case 0:
      TTColor(red: int(0...255, &generator), green: int(0...255, &generator), blue: int(0...255, &generator))
    case 1:
      TTColor(
        red: int(0...255, &generator), green: 0, blue: int(0...255, &generator),
        alpha: Double(int(0...100, &generator)) / 100)
    default:
      TTColor(
        unitRed: Double.random(in: 0...1, using: &generator),
        green: Double.random(in: 0...1, using: &generator),
        blue: Double.random(in: 0...1, using: &generator), alpha: Double.random(in: 0...1, using: &generator))
    }
  }

  static func optionalColor(_ generator: inout SeededGenerator) -> TTColor? {
    Bool.random(using: &generator) ? color(&generator) : nil
  }

  static func insets(_ generator: inout SeededGenerator) -> TTEdgeInsets {
    TTEdgeInsets(
      top: int(-2...3, &generator), left: int(-2...3, &generator), bottom: int(-2...3, &generator),
      right: int(-2...3, &generator))
  }

  static func text(_ generator: inout SeededGenerator) -> String {
    let pieces = ["a", "\"", "\\", "\n", "é", "\u{301}", " ", "漢", "😀", "url(", ")", ";", "}", "/*"]
    return (0..<int(0...5, &generator)).map { _ in pieces[int(0...(pieces.count - 1), &generator)] }.joined()
  }

  static func layer(using generator: inout SeededGenerator, depth: Int) -> TTStyle.Layer {
    switch int(0...19, &generator) {
    case 0:
      let shapes: [TTShape] = [
        .rectangle, .rounded(int(0...3, &generator)), .rounded(TTCornerRadii.fullyRound),
        .roundedRectangle(TTCornerRadii(topLeft: 1, topRight: -1, bottomRight: 0, bottomLeft: 2)),
        .roundedLeftArrow(radius: int(0...2, &generator)), .roundedRightArrow(radius: int(0...2, &generator)),
        .speechBubble(
          radius: 1, pointLocation: Double.random(in: 0...360, using: &generator), pointAngle: 270,
          pointSize: TTSize(width: 2, height: 1)),
      ]
      return .shape(shapes[int(0...(shapes.count - 1), &generator)])
    case 1: return .solidFill(color(&generator))
    case 2: return .linearGradientFill(color(&generator), color(&generator))
    case 3: return .reflectiveFill(color(&generator), bottomHighlight: Bool.random(using: &generator))
    case 4:
      return .shadow(
        TTShadow(
          color: color(&generator), blur: int(0...3, &generator),
          offset: TTPoint(x: int(-2...2, &generator), y: int(-2...2, &generator))))
    case 5: return .innerShadow(TTShadow(color: color(&generator), blur: int(0...3, &generator)))
    case 6: return .solidBorder(color(&generator), width: int(0...2, &generator))
    case 7:
      return .fourBorder(
        TTFourBorder(
          top: optionalColor(&generator), right: optionalColor(&generator), bottom: optionalColor(&generator),
          left: optionalColor(&generator), width: int(0...2, &generator)))
    case 8:
      return .bevelBorder(
        TTBevelBorder(
          highlight: color(&generator), shadow: color(&generator), width: int(0...2, &generator),
          lightSource: int(-360...360, &generator)))
    case 9:
      return .highlightBorder(color(&generator), highlight: color(&generator), width: int(0...2, &generator))
    case 10:
      return .linearGradientBorder(
        TTGradientBorder(
          color1: color(&generator), location1: Double.random(in: 0...1, using: &generator),
          color2: color(&generator),
          location2: Double.random(in: 0...1, using: &generator), width: int(0...2, &generator)))
    case 11: return .inset(insets(&generator))
    case 12:
      let positions: [TTBox.Position] = [.static, .absolute, .floatLeft, .floatRight]
      return .box(
        TTBox(
          margin: insets(&generator), padding: Bool.random(using: &generator) ? .zero : insets(&generator),
          minimumSize: TTSize(width: int(0...3, &generator), height: int(0...3, &generator)),
          position: positions[int(0...3, &generator)]))
    case 13:
      let alignments: [TTTextLook.Alignment] = [.left, .center, .right]
      let verticals: [TTTextLook.VerticalAlignment] = [.top, .middle, .bottom]
      let modes: [TTTextLook.LineBreakMode] = [
        .wordWrap, .characterWrap, .clip, .truncateHead, .truncateTail, .truncateMiddle,
      ]
      return .text(
        TTTextLook(
          color: optionalColor(&generator), backgroundColor: optionalColor(&generator),
          attributes: TTTextAttributes(rawValue: UInt8(int(0...63, &generator))),
          shadowColor: optionalColor(&generator),
          shadowOffset: TTPoint(x: int(-1...1, &generator), y: int(-1...1, &generator)),
          alignment: alignments[int(0...2, &generator)], verticalAlignment: verticals[int(0...2, &generator)],
          lineBreakMode: modes[int(0...5, &generator)], numberOfLines: int(0...3, &generator)))
    case 14:
      let modes: [TTImageLook.ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center]
      return .image(
        TTImageLook(
          url: Bool.random(using: &generator) ? text(&generator) : nil,
          alternateText: Bool.random(using: &generator) ? text(&generator) : nil,
          size: Bool.random(using: &generator) ? TTSize(width: int(0...4, &generator), height: 1) : nil,
          contentMode: modes[int(0...3, &generator)]))
    case 15: return .mask(imageURL: text(&generator))
    case 16: return .blend(TTBlendMode.allCases[int(0...(TTBlendMode.allCases.count - 1), &generator)])
    case 17 where depth < 3:
      let layers = (0..<int(0...4, &generator)).map { _ in layer(using: &generator, depth: depth + 1) }
      return .part(name: "part\(int(0...3, &generator))", style: TTStyle(layers))
    case 18: return .content
    default: return .text(TTTextLook(attributes: .bold))
    }
  }
}
