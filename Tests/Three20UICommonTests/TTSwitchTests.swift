import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTSwitch")
struct TTSwitchTests {
  static func render(_ control: TTView, width: Int = 7) -> TTCanvas {
    control.frame = TTRect(x: 0, y: 0, width: width, height: 1)
    var canvas = TTCanvas(width: width, height: 1)
    control.draw(on: &canvas)
    return canvas
  }

  static func mouse(_ action: TTMouseEvent.Action, _ x: Int, _ y: Int = 0) -> TTInputEvent {
    .mouse(
      TTMouseEvent(
        action, button: action == .drag || action == .press || action == .release ? .left : .none,
        at: TTPoint(x: x, y: y)))
  }

  /// On and off each have their own word; focus is inverse and bold, disabled is dim.
  @Test func drawsItsStateAndFocus() {
    let control = TTSwitch(isOn: true)
    #expect(Self.render(control).lines == ["[ ON]"])
    #expect(Self.render(control)[0, 0].style.attributes == [])
    control.isOn = false
    #expect(Self.render(control).lines == ["[OFF]"])
    control.isFocused = true
    #expect(Self.render(control)[0, 0].style.attributes == [.inverse, .bold])
    control.isEnabled = false
    #expect(Self.render(control)[0, 0].style.attributes == [.dim])
    #expect(control.sizeThatFits(TTSize(width: 40, height: 5)) == TTSize(width: 5, height: 1))
  }

  /// Space and Enter toggle, ← sets off and → sets on; each change is reported once.
  @Test func keysChangeItAndReportEachChange() {
    var reported: [Bool] = []
    let control = TTSwitch { reported.append($0.isOn) }
    control.isFocused = true
    #expect(control.handleKey(.character(" ")))
    #expect(control.handleKey(.enter))
    #expect(control.handleKey(.right))
    #expect(control.handleKey(.right))
    #expect(control.handleKey(.left))
    #expect(!control.handleKey(.character("x")))
    #expect(reported == [true, false, true, false])
    control.isOn = true
    #expect(reported.count == 4)
  }

  /// An unfocused or disabled switch uses no keys, and a disabled one cannot be focused.
  @Test func unfocusedOrDisabledIgnoresKeys() {
    let control = TTSwitch()
    #expect(!control.handleKey(.enter))
    control.isFocused = true
    control.isEnabled = false
    #expect(!control.handleKey(.enter))
    #expect(!control.toggle())
    #expect(!control.isOn)
    #expect(!control.canBecomeFocused)
  }

  /// A click (press and release on it) toggles and focuses it; a release elsewhere does not.
  @Test func clickTogglesThroughTheController() {
    var changes = 0
    let screen = TTViewController()
    let control = TTSwitch { _ in changes += 1 }
    control.frame = TTRect(x: 2, y: 1, width: 5, height: 1)
    screen.view.frame = TTRect(x: 0, y: 0, width: 20, height: 4)
    screen.view.addSubview(control)
    #expect(screen.dispatch(Self.mouse(.press, 3, 1)))
    #expect(control.isFocused)
    #expect(control.isPressed)
    #expect(screen.dispatch(Self.mouse(.release, 3, 1)))
    #expect(control.isOn)
    #expect(changes == 1)
    #expect(screen.dispatch(Self.mouse(.press, 3, 1)))
    #expect(screen.dispatch(Self.mouse(.drag, 15, 3)))
    #expect(!control.isPressed)
    #expect(screen.dispatch(Self.mouse(.release, 15, 3)))
    #expect(control.isOn)
    #expect(changes == 1)
    #expect(screen.dispatch(.key(.left)))
    #expect(!control.isOn)
    #expect(changes == 2)
  }

  /// The shared drawing is what a view without a switch can use.
  @Test func staticDrawingMatchesTheView() {
    var canvas = TTCanvas(width: 7, height: 1)
    TTSwitch.draw(isOn: false, at: TTPoint(x: 1, y: 0), on: &canvas)
    #expect(canvas.lines == [" [OFF]"])
  }
}
