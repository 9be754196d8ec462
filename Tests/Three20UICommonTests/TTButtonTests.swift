import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTButton")
struct TTButtonTests {
  static func render(_ button: TTButton, width: Int = 12) -> TTCanvas {
    button.frame = TTRect(x: 0, y: 0, width: width, height: 1)
    var canvas = TTCanvas(width: width, height: 1)
    button.draw(on: &canvas)
    return canvas
  }

  /// Without a style, each state has its own built-in look that needs no colour.
  @Test func builtInLookPerState() {
    let button = TTButton(title: "OK")
    #expect(Self.render(button).plainText == "   [ OK ]")
    #expect(Self.render(button)[3, 0].style.attributes == [])
    button.state = .highlighted
    #expect(Self.render(button).plainText == "   [>OK<]")
    #expect(Self.render(button)[3, 0].style.attributes == [.inverse, .bold])
    button.state = .selected
    #expect(Self.render(button)[3, 0].style.attributes == [.bold, .underline])
    button.state = .disabled
    #expect(Self.render(button)[3, 0].style.attributes == [.dim])
  }

  /// A focused button in the normal state is drawn highlighted; other states win over focus.
  @Test func focusShowsAsHighlighted() {
    let button = TTButton(title: "OK")
    button.isFocused = true
    #expect(button.displayState == .highlighted)
    #expect(Self.render(button).plainText == "   [>OK<]")
    button.state = .selected
    #expect(button.displayState == .selected)
    button.isEnabled = false
    #expect(button.displayState == .disabled)
  }

  /// A style set for a state wins; states without one use the normal style.
  @Test func explicitStylesPerState() {
    let normal = TTStyle { TTSolidFillStyle(.blue) }
    let pressed = TTStyle { TTSolidFillStyle(.red) }
    let button = TTButton(title: "Go")
    button.setStyle(normal)
    button.setStyle(pressed, for: .highlighted)
    #expect(button.style(for: .normal) == normal)
    #expect(button.style(for: .highlighted) == pressed)
    #expect(button.style(for: .disabled) == normal)
    button.state = .highlighted
    #expect(button.style == pressed)
    let canvas = Self.render(button, width: 6)
    #expect(canvas.plainText == "  Go")
    #expect(canvas[0, 0].style.background == .red)
    button.setStyle(nil, for: .highlighted)
    #expect(button.style(for: .highlighted) == normal)
  }

  /// A style name is looked up in the current stylesheet per state; explicit styles win.
  @Test func stylesheetStylesByName() {
    let name = "viewsTestButton"
    let sheetNormal = TTStyle { TTSolidFillStyle(.green) }
    let sheetSelected = TTStyle { TTSolidFillStyle(.yellow) }
    var sheet = TTStyleSheet.current
    sheet.setStyle(sheetNormal, named: name)
    sheet.setStyle(sheetSelected, named: name, for: .selected)
    TTStyleSheet.current = sheet
    defer {
      var cleaned = TTStyleSheet.current
      cleaned.removeStyle(named: name)
      TTStyleSheet.current = cleaned
    }
    let button = TTButton(title: "Tab", styleName: name)
    #expect(button.style(for: .selected) == sheetSelected)
    #expect(button.style(for: .disabled) == sheetNormal)
    let mine = TTStyle { TTSolidFillStyle(.red) }
    button.setStyle(mine, for: .selected)
    #expect(button.style(for: .selected) == mine)
    #expect(TTButton(title: "x", styleName: "no-such-style-anywhere").style == nil)
  }

  /// A style's text look places the title; without one the title is centred.
  @Test func titleUsesTheStyleTextLook() {
    let button = TTButton(title: "Go")
    button.setStyle(TTStyle { TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1))) })
    #expect(Self.render(button, width: 8).plainText == "   Go")
    button.setStyle(TTStyle { TTTextStyle(TTTextLook(attributes: [.bold], alignment: .right)) })
    let canvas = Self.render(button, width: 8)
    #expect(canvas.plainText == "      Go")
    #expect(canvas[6, 0].style.attributes == [.bold])
  }

  /// Enter or Space presses a focused, enabled button; nothing else does.
  @Test func keysPressOnlyWhenFocusedAndEnabled() {
    var presses = 0
    let button = TTButton(title: "OK") { _ in presses += 1 }
    #expect(!button.handleKey(.enter))
    button.isFocused = true
    #expect(button.handleKey(.enter))
    #expect(button.handleKey(.character(" ")))
    #expect(!button.handleKey(.character("x")))
    button.isEnabled = false
    #expect(!button.handleKey(.enter))
    #expect(!button.activate())
    button.isEnabled = true
    #expect(button.state == .normal)
    #expect(button.activate())
    #expect(presses == 3)
  }

  /// The built-in look's size is the title plus its brackets; a long title is cut to fit.
  @Test func sizeAndTruncation() {
    let button = TTButton(title: "Reload 漢字")
    #expect(button.sizeThatFits(TTSize(width: 80, height: 1)) == TTSize(width: 15, height: 1))
    #expect(Self.render(button, width: 9).plainText == "[ Relo… ]")
  }

  /// State changes ask for a redraw.
  @Test func stateChangesAskForRedraw() {
    let button = TTButton(title: "OK")
    _ = Self.render(button)
    #expect(!button.needsDisplay)
    button.state = .selected
    #expect(button.needsDisplay)
  }
}
