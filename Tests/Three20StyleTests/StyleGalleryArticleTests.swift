// The code of the article StylesAndShapes.md, compiled and drawn.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together. The pictures in Three20Style.docc/Resources/ and
// the terminal renderings in the article are made from these styles; when the renderers
// change, run the tests with TT_RECORD_SNAPSHOTS=1, look at the new pictures, and paste the
// new renderings the failing test prints into the article.
import Foundation
import Testing
import Three20Style

/// One picture of the gallery: a style drawn in a frame, with some content text.
struct GalleryPicture: Sendable, CustomTestStringConvertible {
  /// The SVG file's name in the catalog's resources, without `.svg`.
  var name: String
  var style: TTStyle
  var size: TTSize
  var content: String

  var testDescription: String { name }

  /// The style drawn on a canvas of the frame's size, as the article shows it.
  var canvas: TTCanvas {
    let style = self.style
    let content = self.content
    var canvas = TTCanvas(width: size.width, height: size.height)
    style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
      style.drawText(content, in: rect, on: &canvas)
    }
    return canvas
  }

  /// The picture: the style drawn by the SVG renderer, on white, beside the terminal's drawing.
  var svg: String {
    let vector = TTSVGRenderer().render(
      gallery: [(title: "SVG", style: style, size: size)], columns: 1, content: content)
    return TTTerminalScreenshot.sideBySide(vector: vector, canvas: canvas)
  }

  /// The plain-text terminal rendering, as in the article's `text` blocks.
  var terminalText: String {
    TTArticleText.trimmingLineEnds(TTANSIRenderer(capabilities: .plain).render(canvas))
  }
}

enum StyleGallery {
  /// The article's styles, in its order.
  static let pictures: [GalleryPicture] = {
    let outlined = TTStyle {
      TTSolidFillStyle(TTColor(red: 36, green: 112, blue: 216))
      TTSolidBorderStyle(TTColor(red: 20, green: 50, blue: 110))
      TTTextStyle(TTTextLook(color: .white, attributes: .bold, alignment: .center))
    }

    // Shapes

    let rectangle = TTStyle {
      TTShapeStyle(.rectangle)
      outlined
    }

    let rounded = TTStyle {
      TTShapeStyle(.rounded(1))
      outlined
    }

    let corners = TTStyle {
      TTShapeStyle(.roundedRectangle(TTCornerRadii(topLeft: 2, topRight: 0, bottomRight: 2, bottomLeft: 0)))
      outlined
    }

    let pill = TTStyle {
      TTShapeStyle(.rounded(TTCornerRadii.fullyRound))
      outlined
    }

    let back = TTStyle {
      TTShapeStyle(.roundedLeftArrow(radius: 1))
      outlined
    }

    let forward = TTStyle {
      TTShapeStyle(.roundedRightArrow(radius: 1))
      outlined
    }

    let bubble = TTStyle {
      TTShapeStyle(
        .speechBubble(radius: 1, pointLocation: 60, pointAngle: 90, pointSize: TTSize(width: 2, height: 1)))
      outlined
      TTBoxStyle(TTBox(padding: TTEdgeInsets(top: 1)))
    }

    // Fills

    let solid = TTStyle {
      TTSolidFillStyle(TTColor(red: 36, green: 112, blue: 216))
      TTTextStyle(TTTextLook(color: .white, alignment: .center))
    }

    let gradient = TTStyle {
      TTLinearGradientFillStyle(
        TTColor(red: 120, green: 180, blue: 240), TTColor(red: 20, green: 70, blue: 150))
      TTTextStyle(TTTextLook(color: .white, alignment: .center))
    }

    let glossy = TTStyle {
      TTReflectiveFillStyle(TTColor(red: 36, green: 112, blue: 216), bottomHighlight: true)
      TTTextStyle(TTTextLook(color: .white, alignment: .center))
    }

    // Borders

    let paper = TTStyle {
      TTSolidFillStyle(TTColor(red: 200, green: 200, blue: 200))
      TTTextStyle(TTTextLook(color: .black, alignment: .center))
    }

    let thin = TTStyle {
      paper
      TTSolidBorderStyle(.darkGray)
    }

    let thick = TTStyle {
      paper
      TTSolidBorderStyle(.darkGray, width: 2)
    }

    let sides = TTStyle {
      paper
      TTFourBorderStyle(TTFourBorder(top: .red, bottom: .blue))
    }

    let bevel = TTStyle {
      paper
      TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .darkGray))
    }

    let highlighted = TTStyle {
      TTShapeStyle(.rounded(1))
      paper
      TTHighlightBorderStyle(.darkGray, highlight: .white)
    }

    let fading = TTStyle {
      TTShapeStyle(.rounded(1))
      paper
      TTLinearGradientBorderStyle(TTGradientBorder(color1: .lightGray, color2: .black))
    }

    // Shadows

    let raised = TTStyle {
      TTShapeStyle(.rounded(1))
      TTInsetStyle(TTEdgeInsets(top: 0, left: 0, bottom: 1, right: 2))
      TTShadowStyle(TTColor.black.withAlpha(0.6), blur: 0, offset: TTPoint(x: 2, y: 1))
      outlined
    }

    let sunken = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidFillStyle(TTColor(red: 36, green: 112, blue: 216))
      TTInnerShadowStyle(TTColor.black.withAlpha(0.6), blur: 1, offset: TTPoint(x: 0, y: 1))
      TTTextStyle(TTTextLook(color: .white, alignment: .center))
    }

    // Insets and boxes

    let inset = TTStyle {
      TTSolidFillStyle(.darkGray)
      TTInsetStyle(TTEdgeInsets(vertical: 1, horizontal: 4))
      TTShapeStyle(.rounded(1))
      outlined
    }

    let padded = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidBorderStyle(.darkGray)
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 1, horizontal: 3)))
      TTTextStyle(TTTextLook(color: .blue, alignment: .left, verticalAlignment: .top))
    }

    // Text looks

    let emphasis = TTStyle {
      TTTextStyle(TTTextLook(color: .red, attributes: [.bold, .underline], alignment: .right))
    }

    let wrapped = TTStyle {
      TTTextStyle(TTTextLook(alignment: .center, lineBreakMode: .wordWrap, numberOfLines: 0))
    }

    let middle = TTStyle {
      TTTextStyle(TTTextLook(lineBreakMode: .truncateMiddle))
    }

    let embossed = TTStyle {
      TTSolidFillStyle(.lightGray)
      TTTextStyle(TTTextLook(color: .black, shadowColor: .white, alignment: .center))
    }

    let image = TTStyle {
      TTSolidBorderStyle(.gray)
      TTImageStyle(TTImageLook(url: nil, alternateText: "logo", size: TTSize(width: 8, height: 1)))
    }

    return [
      GalleryPicture(
        name: "style-rectangle", style: rectangle, size: TTSize(width: 16, height: 3), content: "Rectangle"),
      GalleryPicture(
        name: "style-rounded", style: rounded, size: TTSize(width: 16, height: 3), content: "Rounded"),
      GalleryPicture(
        name: "style-corners", style: corners, size: TTSize(width: 16, height: 3), content: "Corners"),
      GalleryPicture(name: "style-pill", style: pill, size: TTSize(width: 12, height: 1), content: "Pill"),
      GalleryPicture(
        name: "style-left-arrow", style: back, size: TTSize(width: 16, height: 3), content: "Back"),
      GalleryPicture(
        name: "style-right-arrow", style: forward, size: TTSize(width: 16, height: 3), content: "Next"),
      GalleryPicture(
        name: "style-speech-bubble", style: bubble, size: TTSize(width: 16, height: 4), content: "Hello!"),
      GalleryPicture(
        name: "style-solid-fill", style: solid, size: TTSize(width: 16, height: 3), content: "Solid"),
      GalleryPicture(
        name: "style-gradient-fill", style: gradient, size: TTSize(width: 16, height: 3), content: "Gradient"),
      GalleryPicture(
        name: "style-reflective-fill", style: glossy, size: TTSize(width: 16, height: 4),
        content: "Reflective"),
      GalleryPicture(
        name: "style-solid-border", style: thin, size: TTSize(width: 16, height: 3), content: "Solid"),
      GalleryPicture(
        name: "style-thick-border", style: thick, size: TTSize(width: 16, height: 5), content: "Width 2"),
      GalleryPicture(
        name: "style-four-border", style: sides, size: TTSize(width: 16, height: 3), content: "Top, bottom"),
      GalleryPicture(
        name: "style-bevel-border", style: bevel, size: TTSize(width: 16, height: 3), content: "Bevel"),
      GalleryPicture(
        name: "style-highlight-border", style: highlighted, size: TTSize(width: 16, height: 3),
        content: "Highlight"),
      GalleryPicture(
        name: "style-gradient-border", style: fading, size: TTSize(width: 16, height: 3), content: "Gradient"),
      GalleryPicture(
        name: "style-shadow", style: raised, size: TTSize(width: 18, height: 4), content: "Shadow"),
      GalleryPicture(
        name: "style-inner-shadow", style: sunken, size: TTSize(width: 16, height: 4), content: "Inner shadow"
      ),
      GalleryPicture(name: "style-inset", style: inset, size: TTSize(width: 20, height: 5), content: "Inset"),
      GalleryPicture(name: "style-box", style: padded, size: TTSize(width: 20, height: 5), content: "Padded"),
      GalleryPicture(
        name: "style-text-attributes", style: emphasis, size: TTSize(width: 16, height: 1),
        content: "Bold, underlined"),
      GalleryPicture(
        name: "style-text-wrap", style: wrapped, size: TTSize(width: 16, height: 3),
        content: "Words wrap to the width"),
      GalleryPicture(
        name: "style-text-truncate", style: middle, size: TTSize(width: 16, height: 1),
        content: "/usr/local/share/three20"),
      GalleryPicture(
        name: "style-text-shadow", style: embossed, size: TTSize(width: 16, height: 3), content: "Embossed"),
      GalleryPicture(name: "style-image", style: image, size: TTSize(width: 16, height: 3), content: ""),
    ]
  }()
}

@Suite("StylesAndShapes article")
struct StyleGalleryArticleTests {
  /// Each picture in the docs is what the SVG renderer draws for its style today.
  @Test(arguments: StyleGallery.pictures)
  func pictureIsUpToDate(_ picture: GalleryPicture) {
    articles.assertResource(picture.svg, named: "\(picture.name).svg")
  }

  /// Each picture is shown in the article, followed by its terminal rendering.
  @Test(arguments: StyleGallery.pictures)
  func articleShowsPictureAndRendering(_ picture: GalleryPicture) throws {
    let article = try articles.text(of: "StylesAndShapes")
    #expect(TTDocCatalog.pictures(in: article).contains("\(picture.name).svg"))
    let rendering = picture.terminalText
    #expect(
      article.contains("```text\n\(rendering)\n```"),
      "The article lacks this rendering of \(picture.name):\n```text\n\(rendering)\n```")
  }

  /// The article's drawing code draws what the gallery draws.
  @Test @MainActor func drawingCodeMatchesTheGallery() throws {
    let rounded = try #require(StyleGallery.pictures.first { $0.name == "style-rounded" }).style
    var canvas = TTCanvas(width: 16, height: 3)
    rounded.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
      rounded.drawText("Rounded", in: rect, on: &canvas)
    }
    let colored = TTANSIRenderer(capabilities: .ansi256).render(canvas)
    let svg = TTSVGRenderer().render(rounded, size: TTSize(width: 16, height: 3), content: "Rounded")

    #expect(canvas.plainText.hasPrefix("╭──────────────╮"))
    #expect(colored.contains("\u{1B}["))
    #expect(svg.hasPrefix("<?xml"))
  }

  /// The size and content rectangle of the box example are as the article says.
  @Test func boxMeasurements() throws {
    let padded = try #require(StyleGallery.pictures.first { $0.name == "style-box" }).style
    let frame = TTRect(x: 0, y: 0, width: 20, height: 5)
    #expect(padded.contentRect(for: frame) == TTRect(x: 4, y: 2, width: 12, height: 1))
    #expect(padded.size(fitting: TTSize(width: 6, height: 1)) == TTSize(width: 14, height: 5))
  }
}
