import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTStepper")
struct TTStepperTests {
  static func render(_ control: TTStepper, width: Int = 12) -> TTCanvas {
    control.frame = TTRect(x: 0, y: 0, width: width, height: 1)
    var canvas = TTCanvas(width: width, height: 1)
    control.draw(on: &canvas)
    return canvas
  }

  /// The value sits between the parts, as wide as the range's widest value; a part that can
  /// do nothing is dim.
  @Test func drawsPartsAndValue() {
    let control = TTStepper(value: 5, range: 0...10)
    control.glyphs = .unicode
    #expect(Self.render(control).lines == ["[−]  5 [+]"])
    #expect(control.sizeThatFits(TTSize(width: 80, height: 3)) == TTSize(width: 10, height: 1))
    control.value = 0
    #expect(Self.render(control).lines == ["[−]  0 [+]"])
    #expect(Self.render(control)[0, 0].style.attributes == [.dim])
    #expect(Self.render(control)[7, 0].style.attributes == [.bold])
    control.glyphs = .ascii
    control.isFocused = true
    #expect(Self.render(control).lines == ["[-]  0 [+]"])
    #expect(Self.render(control)[5, 0].style.attributes == [.inverse, .bold])
  }

  /// Keys step by the step value and stop at the ends; Home and End go to the ends.
  @Test func keysStepAndStopAtTheEnds() {
    var reported: [Int] = []
    let control = TTStepper(value: 4, range: 0...10, stepValue: 3) { reported.append($0.value) }
    control.isFocused = true
    #expect(control.handleKey(.right))
    #expect(control.handleKey(.character("+")))
    #expect(control.handleKey(.character("=")))
    #expect(control.value == 10)
    #expect(control.handleKey(.left))
    #expect(control.handleKey(.character("-")))
    #expect(control.handleKey(.character("−")))
    #expect(control.handleKey(.home))
    #expect(control.handleKey(.home))
    #expect(control.handleKey(.end))
    #expect(reported == [7, 10, 7, 4, 1, 0, 10])
    #expect(!control.handleKey(.up))
  }

  /// With wrapping, passing an end goes to the other.
  @Test func wrapsPastTheEnds() {
    #expect(TTStepper.value(9, steppedBy: 1, step: 2, in: 0...10, wraps: true) == 0)
    #expect(TTStepper.value(9, steppedBy: 1, step: 2, in: 0...10, wraps: false) == 10)
    #expect(TTStepper.value(1, steppedBy: -1, step: 2, in: 0...10, wraps: true) == 10)
    #expect(TTStepper.value(Int.max - 1, steppedBy: 1, step: 5, in: 0...Int.max, wraps: false) == Int.max)
    #expect(
      TTStepper.value(0, steppedBy: Int.max, step: Int.max, in: Int.min...Int.max, wraps: false) == Int.max)
    let control = TTStepper(value: 10, range: 0...10, wraps: true)
    control.isFocused = true
    #expect(control.handleKey(.right))
    #expect(control.value == 0)
  }

  /// The range stays ordered, the value inside it and the step at least 1.
  @Test func rangeStaysValid() {
    let control = TTStepper(value: 50, range: 0...100, stepValue: -3)
    #expect(control.stepValue == 1)
    control.maximumValue = -5
    #expect(control.minimumValue == -5)
    #expect(control.value == -5)
    control.minimumValue = 20
    #expect(control.maximumValue == 20)
    #expect(control.value == 20)
    control.value = 1_000
    #expect(control.value == 20)
    control.stepValue = 0
    #expect(control.stepValue == 1)
  }

  /// A press on `[−]` or `[+]` steps; the wheel steps; a press on the value does not.
  @Test func mouseStepsOnTheParts() {
    var changes = 0
    let screen = TTViewController()
    screen.view.frame = TTRect(x: 0, y: 0, width: 20, height: 2)
    let control = TTStepper(value: 5, range: 0...10) { _ in changes += 1 }
    control.frame = TTRect(x: 3, y: 1, width: 10, height: 1)
    screen.view.addSubview(control)
    #expect(screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 11, y: 1)))))
    #expect(control.isFocused)
    #expect(screen.dispatch(.mouse(TTMouseEvent(.release, at: TTPoint(x: 11, y: 1)))))
    #expect(control.value == 6)
    #expect(screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 3, y: 1)))))
    #expect(screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 5, y: 1)))))
    #expect(control.value == 4)
    #expect(screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 8, y: 1)))))
    #expect(control.value == 4)
    #expect(screen.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 8, y: 1)))))
    #expect(control.value == 5)
    #expect(changes == 4)
    control.isEnabled = false
    #expect(!screen.dispatch(.mouse(TTMouseEvent(.press, at: TTPoint(x: 11, y: 1)))))
    #expect(control.value == 5)
  }
}
