import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTStyledTextLabel")
struct TTStyledTextLabelTests {
  /// The label wraps its styled text to its width and draws bold text bold.
  @Test func wrapsAndStyles() throws {
    let label = TTStyledTextLabel(
      text: try TTStyledText(xhtml: "Read <b>the guide</b> at https://example.com"),
      frame: TTRect(x: 0, y: 0, width: 20, height: 3))
    var canvas = TTCanvas(width: 20, height: 3)
    label.draw(on: &canvas)
    #expect(canvas.lines == ["Read the guide at", "https://example.com", ""])
    #expect(canvas[5, 0].style.attributes.contains(.bold))
    #expect(canvas[0, 1].style.link == "https://example.com")
  }

  /// Its fitting size follows the laid-out text.
  @Test func sizeFollowsLayout() {
    let label = TTStyledTextLabel(xhtml: "one two three four")
    #expect(label.sizeThatFits(TTSize(width: 9, height: 10)) == TTSize(width: 7, height: 3))
    #expect(label.sizeThatFits(TTSize(width: 20, height: 10)) == TTSize(width: 18, height: 1))
  }

  /// Hostile markup from a feed still shows, and its escape sequences never reach the canvas.
  @Test func hostileMarkupIsShownSafely() {
    let label = TTStyledTextLabel(
      xhtml: "<b>unclosed <i>tags</x> \u{1B}]0;evil\u{07}title",
      frame: TTRect(x: 0, y: 0, width: 30, height: 1))
    var canvas = TTCanvas(width: 30, height: 1)
    label.draw(on: &canvas)
    #expect(canvas.plainText == "unclosed tags title")
  }

  /// A link is found under its cells, in the label's coordinates.
  @Test func linkUnderACell() throws {
    let label = TTStyledTextLabel(
      text: try TTStyledText(xhtml: "go <a href=\"tt://feed/42\">there</a>"),
      frame: TTRect(x: 5, y: 2, width: 20, height: 1))
    #expect(label.link(at: TTPoint(x: 4, y: 0)) == "tt://feed/42")
    #expect(label.link(at: TTPoint(x: 0, y: 0)) == nil)
  }
}
