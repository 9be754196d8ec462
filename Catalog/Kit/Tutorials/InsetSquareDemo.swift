import Three20
import Three20UICommon

/// The classic "Inset Square with Three20 & TTStyle" tutorial, as Style's Inset Square article
/// ports it: a style, a stylesheet entry, a view in a controller.
final class InsetSquareDemo: CatalogPageController {
  /// Step 1: the style, one layer per line.
  static let insetSquare = TTStyle {
    TTShapeStyle(.rounded(1))
    TTLinearGradientFillStyle(TTColor(red: 218, green: 0, blue: 0), TTColor(red: 140, green: 0, blue: 0))
    TTInnerShadowStyle(TTColor(red: 104, green: 2, blue: 2), blur: 1, offset: TTPoint(x: 0, y: 1))
  }

  init() {
    super.init(title: "Inset square")
    // Step 2: put it in the stylesheet, once, before the views are made.
    var sheet = TTStyleSheet.current
    sheet.setStyle(Self.insetSquare, named: "insetSquare")
    TTStyleSheet.current = sheet
  }

  /// Step 3: a view whose style comes from the stylesheet, as the tutorial's `viewDidLoad` made it.
  func makeSquareView() -> TTView {
    let container = TTView(frame: TTRect(x: 0, y: 0, width: 32, height: 14))
    // A TTView of 24 × 12 cells, which the SVG renderer draws 240 × 240 pixels.
    let insetSquareView = TTView(frame: TTRect(x: 4, y: 1, width: 24, height: 12))
    // Set its style to our insetSquare style, from the current stylesheet.
    insetSquareView.style = TTStyleSheet.current.style(named: "insetSquare")
    container.addSubview(insetSquareView)
    return container
  }

  override func makeBlocks() -> [CatalogBlock] {
    [
      .text(
        "A red, pressed-in rounded square drawn by a TTStyle alone: no images. Colour terminals show it."),
      .view(makeSquareView(), height: 14),
      .heading("The style"),
      .code(
        """
        let insetSquare = TTStyle {
          TTShapeStyle(.rounded(1))
          TTLinearGradientFillStyle(TTColor(red: 218, green: 0, blue: 0), TTColor(red: 140, green: 0, blue: 0))
          TTInnerShadowStyle(TTColor(red: 104, green: 2, blue: 2), blur: 1, offset: TTPoint(x: 0, y: 1))
        }
        """),
      .heading("In the stylesheet, and in a view"),
      .code(
        """
        var sheet = TTStyleSheet.current
        sheet.setStyle(insetSquare, named: "insetSquare")
        TTStyleSheet.current = sheet

        let insetSquareView = TTView(frame: TTRect(x: 4, y: 1, width: 24, height: 12))
        insetSquareView.style = TTStyleSheet.current.style(named: "insetSquare")
        view.addSubview(insetSquareView)
        """),
      .text(
        "Sizes are in cells: radius 8 points → 1, blur 3 → 1, 240 × 240 points → 24 × 12 cells.",
        CatalogBlock.dimStyle),
    ]
  }
}
