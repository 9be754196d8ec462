// The code of the article HandlingInput.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together.
import Testing
import Three20Style
import Three20UICommon

final class ConfirmController: TTViewController {
  private(set) var answer: String?
  let yes = TTButton(title: "Yes")
  let no = TTButton(title: "No")

  override func viewDidLoad() {
    super.viewDidLoad()
    yes.frame = TTRect(x: 2, y: 1, width: 7, height: 1)
    no.frame = TTRect(x: 11, y: 1, width: 6, height: 1)
    yes.action = { [weak self] _ in self?.answer = "yes" }
    no.action = { [weak self] _ in self?.answer = "no" }
    view.addSubview(yes)
    view.addSubview(no)
    yes.becomeFocused()
  }
}

/// A row of cells that lights the cell clicked and moves the light with the wheel.
final class LightsView: TTView {
  private(set) var lit = 0

  override var canBecomeFocused: Bool { true }

  override func handleMouse(_ event: TTMouseEvent) -> Bool {
    switch event.action {
    case .press where event.button == .left:
      lit = event.position.x
    case .scrollUp:
      lit = max(0, lit - 1)
    case .scrollDown:
      lit = min(frame.width - 1, lit + 1)
    default:
      return false
    }
    setNeedsDisplay()
    return true
  }

  override func handleKey(_ key: TTKey) -> Bool {
    switch key {
    case .left: lit = max(0, lit - 1)
    case .right: lit = min(frame.width - 1, lit + 1)
    default: return false
    }
    setNeedsDisplay()
    return true
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    for x in 0..<rect.width {
      canvas.write(x == lit ? "●" : "·", at: TTPoint(x: rect.x + x, y: rect.y))
    }
  }
}

/// Keeps the last line pasted into it, with its control characters made visible.
final class PasteBin: TTView {
  private(set) var lastLine = ""

  override var canBecomeFocused: Bool { true }

  override func handlePaste(_ text: String) -> Bool {
    let line = text.split(separator: "\n").last.map(String.init) ?? ""
    lastLine = TTTextBuffer(line).text
    setNeedsDisplay()
    return true
  }
}

@MainActor func runWithoutTheMouse() async throws {
  let host = TTTerminalHost()
  host.inputModes = [.paste, .focus]
  try await host.run(ConfirmController())
}

@MainActor
@Suite("Handling Input article")
struct HandlingInputArticleTests {
  /// Tab moves the focus from "Yes" to "No", and Enter presses it.
  @Test func focusMovesAndEnterPresses() {
    let confirm = ConfirmController()
    confirm.view.frame = TTRect(x: 0, y: 0, width: 20, height: 3)
    confirm.dispatch(.key(.tab))  // "No" takes the focus
    confirm.dispatch(.key(.enter))  // presses it
    let answer = confirm.answer  // "no"
    #expect(answer == "no")
    #expect(confirm.no.isFocused && !confirm.yes.isFocused)
  }

  /// A click and the wheel reach the view in its own coordinates; the click focuses it.
  @Test func mouseReachesTheViewUnderThePointer() {
    let lights = LightsView(frame: TTRect(x: 4, y: 2, width: 8, height: 1))
    let screen = TTViewController()
    screen.view.frame = TTRect(x: 0, y: 0, width: 20, height: 4)
    screen.view.addSubview(lights)
    // A click on the screen's column 9 is the view's column 5; it also focuses the view.
    screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 9, y: 2))))
    screen.dispatch(.mouse(TTMouseEvent(.scrollDown, button: .none, at: TTPoint(x: 9, y: 2))))
    screen.dispatch(.key(.right))
    let lightOn = lights.lit  // 7
    #expect(lightOn == 7)
    #expect(lights.isFocused)
    var canvas = TTCanvas(width: 20, height: 4)
    screen.view.draw(on: &canvas)
    #expect(canvas.lines[2] == "    ·······●")
  }

  /// A paste reaches the focused view as text; its escape sequence is shown, not obeyed.
  @Test func pasteReachesTheFocusedView() {
    let bin = PasteBin(frame: TTRect(x: 0, y: 0, width: 30, height: 1))
    let pasteScreen = TTViewController()
    pasteScreen.view.addSubview(bin)
    bin.becomeFocused()
    pasteScreen.dispatch(.paste("ls\n\u{1B}[2Jrm -rf ~"))
    let shown = bin.lastLine  // "␛[2Jrm -rf ~": shown, never obeyed
    #expect(shown == "␛[2Jrm -rf ~")
  }

  /// The decoder reads a mouse report and an Alt key from bytes.
  @Test func decoderReadsTheBytes() {
    let events = TTKeyDecoder.decodeEvents(Array("\u{1B}[<0;5;3M\u{1B}b".utf8))
    // [.mouse(press left 4,2), .key(.alt(.character("b")))]
    #expect(
      events == [.mouse(TTMouseEvent(.press, at: TTPoint(x: 4, y: 2))), .key(.alt(.character("b")))])
  }
}
