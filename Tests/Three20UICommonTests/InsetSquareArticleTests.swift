// The code of the tutorial InsetSquareTutorial.md, compiled and run.
//
// Every `swift` and `css` block of the tutorial is in this file, unchanged (the suite
// "Documentation articles" checks it): edit both together. The picture
// Three20UICommon.docc/Resources/inset-square.svg and the golden terminal output
// Snapshots/inset-square.256.ansi are made here; when the renderers change, run the tests with
// TT_RECORD_SNAPSHOTS=1 and look at both before committing them.
import Foundation
import Testing
import Three20Style
import Three20UICommon

// Step 3: the view controller.

final class InsetSquareController: TTViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    // Create a TTView: 24 × 12 cells, which the SVG renderer draws 240 × 240 pixels.
    let insetSquareView = TTView(frame: TTRect(x: 4, y: 1, width: 24, height: 12))

    // Set its style to our insetSquare style, from the current stylesheet.
    insetSquareView.style = TTStyleSheet.current.style(named: "insetSquare")

    // No background colour to clear: a view draws only what its style paints.
    view.addSubview(insetSquareView)
  }
}

/// Step 4: shows the square full-screen.
///
/// Compiled, not run: the tests have no terminal.
@MainActor func showInsetSquare() async throws {
  let host = TTTerminalHost()
  try await host.run(InsetSquareController())
}

@Suite("InsetSquareTutorial article", .serialized)
@MainActor
struct InsetSquareArticleTests {
  /// Step 1: the style, written with a builder or with `next:`, is the same chain.
  static func makeStyle() -> TTStyle {
    let insetSquare = TTStyle {
      TTShapeStyle(.rounded(1))
      TTLinearGradientFillStyle(TTColor(red: 218, green: 0, blue: 0), TTColor(red: 140, green: 0, blue: 0))
      TTInnerShadowStyle(TTColor(red: 104, green: 2, blue: 2), blur: 1, offset: TTPoint(x: 0, y: 1))
    }
    return insetSquare
  }

  /// The two spellings of step 1 make equal styles.
  @Test func builderAndNextMakeTheSameStyle() {
    let insetSquare = Self.makeStyle()

    let chained = TTShapeStyle(
      .rounded(1),
      next: TTLinearGradientFillStyle(
        TTColor(red: 218, green: 0, blue: 0), TTColor(red: 140, green: 0, blue: 0),
        next: TTInnerShadowStyle(TTColor(red: 104, green: 2, blue: 2), blur: 1, offset: TTPoint(x: 0, y: 1))))

    #expect(chained.style == insetSquare)
    #expect(insetSquare.layers.count == 3)
  }

  /// Step 2 in Swift: the style registered in the current stylesheet is found by name.
  @Test func registeringInSwift() {
    let insetSquare = Self.makeStyle()
    defer { Self.removeInsetSquare() }

    var sheet = TTStyleSheet.current
    sheet.setStyle(insetSquare, named: "insetSquare")
    TTStyleSheet.current = sheet

    #expect(TTStyleSheet.current.style(named: "insetSquare") == insetSquare)
  }

  /// Step 2 from a file: the CSS version reads to the same style.
  @Test func registeringFromCSS() throws {
    let css = """
      /* theme.css */
      insetSquare {
        shape: rounded(1);
        background: linear-gradient(rgb(218, 0, 0), rgb(140, 0, 0));
        box-shadow: inset 0 1 1 rgb(104, 2, 2);
      }
      """
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "inset-square-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let themeFile = folder.appendingPathComponent("theme.css")
    try css.write(to: themeFile, atomically: true, encoding: .utf8)
    defer { Self.removeInsetSquare() }

    let theme = try TTStyleSheet(contentsOf: themeFile)
    TTStyleSheet.current = TTStyleSheet.current.merging(theme)

    #expect(TTStyleSheet.current.style(named: "insetSquare") == Self.makeStyle())
  }

  /// Step 3 and 5: the controller draws the square; the terminal output is the golden file
  /// and the picture the committed one.
  @Test func controllerDrawsTheSquare() throws {
    var sheet = TTStyleSheet.current
    sheet.setStyle(Self.makeStyle(), named: "insetSquare")
    TTStyleSheet.current = sheet
    defer { Self.removeInsetSquare() }

    let text = TTTerminalHost.renderOnce(
      InsetSquareController(), size: TTSize(width: 32, height: 14), capabilities: .ansi256)

    assertSnapshot(text, named: "inset-square.256.ansi")
    #expect(text.contains("\u{1B}[48;5;"))

    let insetSquare = Self.makeStyle()
    let svg = TTSVGRenderer().render(insetSquare, size: TTSize(width: 24, height: 12))
    let width = TTSVGMetrics().pixels(columns: 24)
    let height = TTSVGMetrics().pixels(rows: 12)
    #expect(width == 240 && height == 240)
    #expect(svg.contains("<linearGradient"))

    let controller = InsetSquareController()
    controller.view.frame = TTRect(x: 0, y: 0, width: 32, height: 14)
    var canvas = TTCanvas(width: 32, height: 14)
    controller.view.draw(on: &canvas)
    articles.assertResource(
      TTTerminalScreenshot.sideBySide(
        vector: TTSVGRenderer().render(
          gallery: [
            (title: "SVG, 24 × 12 cells", style: Self.makeStyle(), size: TTSize(width: 24, height: 12))
          ],
          columns: 1),
        canvas: canvas),
      named: "inset-square.svg")
  }

  /// Without the style in the stylesheet the view draws nothing, rather than failing.
  @Test func missingStyleDrawsNothing() {
    Self.removeInsetSquare()
    let text = TTTerminalHost.renderOnce(
      InsetSquareController(), size: TTSize(width: 32, height: 14), capabilities: .ansi256)
    #expect(!text.contains("\u{1B}[48;5;"))
  }

  /// Takes the tutorial's style out of the current stylesheet again, so other tests see the
  /// sheet as they left it.
  static func removeInsetSquare() {
    var sheet = TTStyleSheet.current
    sheet.removeStyle(named: "insetSquare")
    TTStyleSheet.current = sheet
  }
}
