import Three20

/// One picture of a gallery: a caption and a style drawn in a frame of cells.
struct StylePicture {
  var caption: String
  var style: TTStyle
  var size: TTSize
  var content: String
}

/// Draws pictures in a flow, each with its caption above it.
@MainActor
func galleryBlock(_ pictures: [StylePicture]) -> CatalogBlock {
  .canvas { width in
    let cells = pictures.map { picture in
      TTSize(
        width: max(picture.size.width, TTDisplayWidth.of(picture.caption)), height: picture.size.height + 1)
    }
    let layout = TTFlowLayout(padding: 0, spacing: 2).frames(for: cells, in: width)
    var canvas = TTCanvas(width: width, height: max(1, layout.size.height))
    for (picture, frame) in zip(pictures, layout.frames) {
      canvas.write(picture.caption, at: frame.origin, style: CatalogBlock.dimStyle, maxWidth: frame.width)
      let rect = TTRect(x: frame.x, y: frame.y + 1, width: picture.size.width, height: picture.size.height)
      canvas.withClip(rect) { canvas in
        picture.style.draw(in: rect, on: &canvas) { canvas, inner in
          picture.style.drawText(picture.content, in: inner, on: &canvas)
        }
      }
    }
    return canvas
  }
}

/// Three20's StyleTestController: every shape, fill, border and shadow, on terminal cells.
final class StyleGalleryDemo: CatalogPageController {
  init() { super.init(title: "Style gallery") }

  static let blue = TTColor(red: 36, green: 112, blue: 216)

  /// The look most pictures share: a blue fill, a dark border, white bold centred text.
  static let outlined = TTStyle {
    TTSolidFillStyle(blue)
    TTSolidBorderStyle(TTColor(red: 20, green: 50, blue: 110))
    TTTextStyle(TTTextLook(color: .white, attributes: .bold, alignment: .center))
  }

  static let paper = TTStyle {
    TTSolidFillStyle(.lightGray)
    TTTextStyle(TTTextLook(color: .black, alignment: .center))
  }

  static func shaped(_ shape: TTShape) -> TTStyle {
    TTStyle {
      TTShapeStyle(shape)
      outlined
    }
  }

  static let sections: [(String, [StylePicture])] = [
    (
      "Shapes",
      [
        StylePicture(
          caption: "rectangle", style: shaped(.rectangle), size: TTSize(width: 14, height: 3), content: "Box"),
        StylePicture(
          caption: "rounded(1)", style: shaped(.rounded(1)), size: TTSize(width: 14, height: 3),
          content: "Round"),
        StylePicture(
          caption: "fully round", style: shaped(.rounded(TTCornerRadii.fullyRound)),
          size: TTSize(width: 14, height: 3),
          content: "Pill"),
        StylePicture(
          caption: "left arrow", style: shaped(.roundedLeftArrow(radius: 1)),
          size: TTSize(width: 14, height: 3),
          content: "Back"),
        StylePicture(
          caption: "right arrow", style: shaped(.roundedRightArrow(radius: 1)),
          size: TTSize(width: 14, height: 3),
          content: "Next"),
        StylePicture(
          caption: "speech bubble",
          style: TTStyle {
            TTShapeStyle(
              .speechBubble(
                radius: 1, pointLocation: 60, pointAngle: 90, pointSize: TTSize(width: 2, height: 1)))
            outlined
            TTBoxStyle(TTBox(padding: TTEdgeInsets(top: 1)))
          }, size: TTSize(width: 16, height: 4), content: "Hi!"),
      ]
    ),
    (
      "Fills",
      [
        StylePicture(
          caption: "solid",
          style: TTStyle {
            TTSolidFillStyle(blue)
            TTTextStyle(TTTextLook(color: .white, alignment: .center))
          }, size: TTSize(width: 14, height: 3), content: "Solid"),
        StylePicture(
          caption: "linear gradient",
          style: TTStyle {
            TTLinearGradientFillStyle(
              TTColor(red: 120, green: 180, blue: 240), TTColor(red: 20, green: 70, blue: 150))
            TTTextStyle(TTTextLook(color: .white, alignment: .center))
          }, size: TTSize(width: 14, height: 4), content: "Gradient"),
        StylePicture(
          caption: "reflective",
          style: TTStyle {
            TTShapeStyle(.rounded(1))
            TTReflectiveFillStyle(blue, bottomHighlight: true)
            TTTextStyle(TTTextLook(color: .white, alignment: .center))
          }, size: TTSize(width: 14, height: 4), content: "Glossy"),
      ]
    ),
    (
      "Borders",
      [
        StylePicture(
          caption: "solid, width 1",
          style: TTStyle {
            paper
            TTSolidBorderStyle(.darkGray)
          }, size: TTSize(width: 15, height: 3), content: "Thin"),
        StylePicture(
          caption: "solid, width 2",
          style: TTStyle {
            paper
            TTSolidBorderStyle(.darkGray, width: 2)
          }, size: TTSize(width: 15, height: 3), content: "Thick"),
        StylePicture(
          caption: "four sides",
          style: TTStyle {
            paper
            TTFourBorderStyle(TTFourBorder(top: .red, bottom: .blue))
          }, size: TTSize(width: 15, height: 3), content: "Top+bottom"),
        StylePicture(
          caption: "bevel",
          style: TTStyle {
            paper
            TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .darkGray))
          }, size: TTSize(width: 15, height: 3), content: "Bevel"),
        StylePicture(
          caption: "gradient border",
          style: TTStyle {
            TTShapeStyle(.rounded(1))
            paper
            TTLinearGradientBorderStyle(TTGradientBorder(color1: .lightGray, color2: .black))
          }, size: TTSize(width: 15, height: 3), content: "Fading"),
      ]
    ),
    (
      "Shadows",
      [
        StylePicture(
          caption: "drop shadow",
          style: TTStyle {
            TTShapeStyle(.rounded(1))
            TTInsetStyle(TTEdgeInsets(top: 0, left: 0, bottom: 1, right: 2))
            TTShadowStyle(TTColor.black.withAlpha(0.6), blur: 0, offset: TTPoint(x: 2, y: 1))
            outlined
          }, size: TTSize(width: 16, height: 4), content: "Raised"),
        StylePicture(
          caption: "inner shadow",
          style: TTStyle {
            TTShapeStyle(.rounded(1))
            TTSolidFillStyle(blue)
            TTInnerShadowStyle(TTColor.black.withAlpha(0.6), blur: 1, offset: TTPoint(x: 0, y: 1))
            TTTextStyle(TTTextLook(color: .white, alignment: .center))
          }, size: TTSize(width: 16, height: 4), content: "Sunken"),
      ]
    ),
  ]

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .code(
        "let pill = TTStyle {\n  TTShapeStyle(.rounded(TTCornerRadii.fullyRound))\n  TTSolidFillStyle(blue)\n"
          + "  TTTextStyle(TTTextLook(color: .white, alignment: .center))\n}\npill.draw(in: rect, on: &canvas)"
      )
    ]
    for (name, pictures) in Self.sections {
      blocks += [.heading(name), galleryBlock(pictures)]
    }
    blocks.append(.text("Catalog --svg DIR writes these as SVG pictures.", CatalogBlock.dimStyle))
    return blocks
  }

  /// The pictures as one SVG document.
  static func svg() -> String {
    let pictures = sections.flatMap(\.1)
    return TTSVGRenderer().render(
      gallery: pictures.map { (title: $0.caption, style: $0.style, size: $0.size) }, columns: 4)
  }
}
