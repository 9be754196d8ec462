import Testing
import Three20Style

@Suite("TTStyleSheet", .serialized)
struct TTStyleSheetTests {
  /// A state without its own style falls back to the normal one; an unknown name finds nothing.
  @Test func stateFallsBackToNormal() {
    var sheet = TTStyleSheet()
    sheet.setStyle(TTSolidFillStyle(.red), named: "badge")
    sheet.setStyle(TTSolidFillStyle(.blue), named: "badge", for: .highlighted)
    #expect(sheet.style(named: "badge") == TTSolidFillStyle(.red).style)
    #expect(sheet.style(named: "badge", for: .highlighted) == TTSolidFillStyle(.blue).style)
    #expect(sheet.style(named: "badge", for: .disabled) == TTSolidFillStyle(.red).style)
    #expect(sheet.style(named: "nope") == nil)
    #expect(sheet.states(ofStyle: "badge") == [.normal, .highlighted])
  }

  /// Merging lays the other sheet over this one, entry by entry and state by state.
  @Test func mergingOverridesEntryByEntry() {
    var base = TTStyleSheet()
    base.setStyle(TTSolidFillStyle(.red), named: "a")
    base.setStyle(TTSolidFillStyle(.red), named: "a", for: .selected)
    base.setColor(.black, named: "textColor")
    var theme = TTStyleSheet()
    theme.setStyle(TTSolidFillStyle(.green), named: "a")
    theme.setColor(.white, named: "textColor")
    theme.setValue(3, named: "rowHeight")
    let merged = base.merging(theme)
    #expect(merged.style(named: "a") == TTSolidFillStyle(.green).style)
    #expect(merged.style(named: "a", for: .selected) == TTSolidFillStyle(.red).style)
    #expect(merged.color(named: "textColor") == .white)
    #expect(merged.value(named: "rowHeight") == 3)
  }

  /// The current sheet can be replaced and read back.
  @Test func currentSheetIsSettable() {
    let saved = TTStyleSheet.current
    var sheet = TTStyleSheet()
    sheet.setColor(.red, named: "x")
    TTStyleSheet.current = sheet
    #expect(TTStyleSheet.current.color(named: "x") == .red)
    TTStyleSheet.current = saved
  }
}

@Suite("TTStyle drawing")
struct TTStyleDrawingTests {
  /// A rounded, bordered, filled style draws its outline and puts content inside the border.
  @Test func roundedBorderWithContent() {
    var canvas = TTCanvas(width: 10, height: 3)
    let style = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidFillStyle(.blue)
      TTSolidBorderStyle(.white)
    }
    style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
      canvas.write("OK", at: rect.origin)
    }
    #expect(canvas.lines == ["╭────────╮", "│OK      │", "╰────────╯"])
    #expect(canvas[5, 1].style.background == .blue)
  }

  /// Insets and padding shrink the content rectangle; size(fitting:) adds them back.
  @Test func contentRectAndFittingSize() {
    let style = TTStyle {
      TTInsetStyle(TTEdgeInsets(all: 1))
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 2)))
      TTSolidBorderStyle(.black)
    }
    let rect = TTRect(x: 0, y: 0, width: 20, height: 5)
    #expect(style.contentRect(for: rect) == TTRect(x: 4, y: 2, width: 12, height: 1))
    #expect(style.size(fitting: TTSize(width: 12, height: 1)) == TTSize(width: 20, height: 5))
  }

  /// Content can be drawn mid-chain with TTContentStyle, under later layers.
  @Test func contentLayerOrder() {
    var canvas = TTCanvas(width: 4, height: 3)
    let style = TTStyle {
      TTContentStyle()
      TTSolidBorderStyle(.white)
    }
    style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
      canvas.fill(canvas.bounds, with: "x", style: .plain)
    }
    #expect(canvas.lines == ["┌──┐", "│xx│", "└──┘"])
  }
}
