import Three20
import Three20UICommon

/// Three20's ButtonTestController, with a stylesheet: buttons in every state, first with the
/// default sheet's `toolbarButton`, then with a theme read from CSS laid over it.
final class StyleSheetDemo: CatalogPageController {
  init() { super.init(title: "Buttons and stylesheets") }

  static let theme = """
    @colors { accent: hsv(150, 0.7, 0.6); }
    toolbarButton {
      shape: rounded(1); background: reflective(accent);
      color: white; font-weight: bold; text-align: center;
    }
    toolbarButton:highlighted { shape: rounded(1); background: #1b4d36; color: white; text-align: center; }
    toolbarButton:disabled { shape: rounded(1); background: #cccccc; color: #777777; text-align: center; }
    badge { shape: round; background: red; color: white; font-weight: bold; text-align: center; }
    """

  private var presses = 0
  private let pressMe = TTButton(title: "Press me (enter)", styleName: "toolbarButton")

  /// A row of buttons, one per state, drawn with a stylesheet.
  @MainActor
  static func buttonRow(sheet: TTStyleSheet) -> CatalogBlock {
    .canvas { width in
      let states: [TTControlState] = [.normal, .highlighted, .selected, .disabled]
      let sizes = states.map { _ in TTSize(width: 14, height: 1) }
      let layout = TTFlowLayout(spacing: 1).frames(for: sizes, in: width)
      var canvas = TTCanvas(width: width, height: max(1, layout.size.height))
      for (state, frame) in zip(states, layout.frames) {
        let style = sheet.style(named: "toolbarButton", for: state) ?? TTStyle(TTSolidBorderStyle(.gray))
        style.draw(in: frame, on: &canvas) { canvas, inner in
          style.drawText("\(state)", in: inner, on: &canvas)
        }
      }
      return canvas
    }
  }

  override func viewDidLoad() {
    pressMe.isFocused = true
    pressMe.action = { [weak self] button in
      guard let self else { return }
      self.presses += 1
      button.title = "Pressed \(self.presses)×"
    }
    super.viewDidLoad()
  }

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .heading("The default stylesheet"),
      .code("TTStyleSheet.default.style(named: \"toolbarButton\", for: .highlighted)"),
      Self.buttonRow(sheet: .default),
      .heading("A theme in CSS, laid over it"),
      .code(Self.theme),
      .code("let sheet = TTStyleSheet.default.merging(try TTStyleSheet(css: theme))"),
    ]
    do {
      let sheet = TTStyleSheet.default.merging(try TTStyleSheet(css: Self.theme))
      blocks.append(Self.buttonRow(sheet: sheet))
      if let badge = sheet.style(named: "badge") {
        blocks.append(
          .canvas { width in
            var canvas = TTCanvas(width: width, height: 1)
            canvas.write("badge:", at: .zero, style: CatalogBlock.dimStyle)
            let rect = TTRect(x: 8, y: 0, width: 4, height: 1)
            badge.draw(in: rect, on: &canvas) { canvas, inner in badge.drawText("12", in: inner, on: &canvas)
            }
            return canvas
          })
      }
      blocks.append(.pairs([("accent", sheet.color(named: "accent")?.hexString ?? "?")]))
    } catch {
      blocks.append(.text("The theme did not parse: \(error)", TTCellStyle(foreground: .red)))
    }
    blocks += [
      .heading("A live TTButton"),
      .view(pressMe, height: 1),
    ]
    return blocks
  }
}
