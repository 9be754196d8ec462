import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTErrorView")
struct TTErrorViewTests {
  static func makeErrorView() -> TTErrorView {
    let view = TTErrorView(
      title: "Connection failed",
      subtitle: "Sorry, there was an error. Check your network and try again.")
    view.setAction(title: "Retry") { _ in }
    return view
  }

  static func render(_ view: TTView, width: Int, height: Int, capabilities: TTTerminalCapabilities) -> String
  {
    view.frame = TTRect(x: 0, y: 0, width: width, height: height)
    var canvas = TTCanvas(width: width, height: height)
    view.draw(on: &canvas)
    return TTANSIRenderer(capabilities: capabilities).render(canvas)
  }

  /// Title, subtitle and button are centred and wrap to the width (golden files at 20, 40, 80).
  @Test(arguments: [20, 40, 80])
  func layoutAtWidth(_ width: Int) {
    let text = Self.render(Self.makeErrorView(), width: width, height: 9, capabilities: .plain)
    assertSnapshot(text, named: "error-view.\(width).plain.txt")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 9)
    #expect(lines.allSatisfy { TTDisplayWidth.of($0) <= width })
    #expect(text.contains("[>Retry<]"))
  }

  /// With colour, the title is bold and the subtitle gray (golden file at 40 columns).
  @Test func layoutWithColour() {
    let text = Self.render(Self.makeErrorView(), width: 40, height: 7, capabilities: .ansi256)
    assertSnapshot(text, named: "error-view.40.256.ansi")
  }

  /// Without a button there is no blank row for it; without a subtitle only the title shows.
  @Test func partsThatAreMissingTakeNoRoom() {
    let view = TTErrorView(title: "No items")
    #expect(Self.render(view, width: 12, height: 3, capabilities: .plain) == "\n  No items\n")
    view.subtitle = "Nothing here"
    #expect(Self.render(view, width: 14, height: 2, capabilities: .plain) == "   No items\n Nothing here")
    #expect(view.sizeThatFits(TTSize(width: 14, height: 10)) == TTSize(width: 12, height: 2))
    view.title = nil
    #expect(view.title == nil)
    #expect(Self.render(view, width: 14, height: 1, capabilities: .plain) == " Nothing here")
  }

  /// Enter presses the focused retry button; removing the action removes the button.
  @Test func enterPressesRetry() {
    var retried = 0
    let view = TTErrorView(title: "Failed")
    let button = view.setAction(title: "Reload") { _ in retried += 1 }
    #expect(button.isFocused)
    #expect(view.handleKeyFromFocus(.enter))
    #expect(retried == 1)
    view.removeAction()
    #expect(view.button == nil)
    #expect(!view.handleKey(.enter))
    #expect(!Self.render(view, width: 20, height: 3, capabilities: .plain).contains("Reload"))
  }

  /// A view too short for everything keeps the top and cuts the bottom, never overflowing.
  @Test func tooShortCutsTheBottom() {
    let text = Self.render(Self.makeErrorView(), width: 20, height: 2, capabilities: .plain)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 2)
    #expect(text.hasPrefix(" Connection failed"))
  }
}
