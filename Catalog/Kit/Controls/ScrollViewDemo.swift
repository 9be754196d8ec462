import Three20

/// TTCatalog's Scroll View: pages side by side, one at a time, with the page control's dots;
/// ←/→, the wheel or a click on a dot turns the page.
final class ScrollViewDemo: TTViewController {
  let scrollView = TTScrollView()

  override init() {
    super.init()
    title = "Scroll view"
  }

  /// One page: a title and a few lines in a rounded box.
  static func page(_ number: Int, _ heading: String, _ lines: [String]) -> TTView {
    let page = LinesView(lines: ["Page \(number): \(heading)", ""] + lines)
    page.style = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidBorderStyle(TTColor(red: 120, green: 160, blue: 220))
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
    }
    return page
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    scrollView.pages = [
      Self.page(1, "TTScrollView", ["Pages side by side, shown one at a time.", "← and → turn the page."]),
      Self.page(
        2, "TTPageControl", ["The dots below: the current page is filled.", "Click a dot to go there."]),
      Self.page(3, "The mouse", ["The wheel turns pages too,", "up and down or sideways."]),
      Self.page(4, "The end", ["Home and End go to the first and last page."]),
    ]
    view.addSubview(scrollView)
    scrollView.becomeFocused()
  }

  override func loadView() {
    view = FillingView(margin: 1)
  }
}

/// A view whose subviews fill its content rectangle, less a margin.
@MainActor
final class FillingView: TTView {
  let margin: Int

  init(margin: Int = 0) {
    self.margin = margin
    super.init()
  }

  override func layoutSubviews() {
    let area = contentRect
    for view in subviews {
      view.frame = TTRect(
        x: area.x + margin, y: area.y + margin, width: max(0, area.width - 2 * margin),
        height: max(0, area.height - margin))
    }
  }
}

/// Lines of text from the top left of its content, the first in bold.
@MainActor
final class LinesView: TTView {
  let lines: [String]

  init(lines: [String]) {
    self.lines = lines
    super.init()
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    for (row, line) in lines.enumerated() where row < rect.height {
      canvas.write(
        TTDisplayWidth.truncate(line, to: rect.width), at: TTPoint(x: rect.x, y: rect.y + row),
        style: TTCellStyle(attributes: row == 0 ? .bold : []))
    }
  }
}
