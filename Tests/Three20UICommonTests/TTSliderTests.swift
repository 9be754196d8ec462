import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTSlider")
struct TTSliderTests {
  static func render(_ control: TTSlider, width: Int) -> TTCanvas {
    control.frame = TTRect(x: 0, y: 0, width: width, height: 1)
    var canvas = TTCanvas(width: width, height: 1)
    control.draw(on: &canvas)
    return canvas
  }

  static func press(_ x: Int, _ y: Int = 0, _ action: TTMouseEvent.Action = .press) -> TTInputEvent {
    .mouse(TTMouseEvent(action, at: TTPoint(x: x, y: y)))
  }

  /// The thumb sits at the value's column; the value shows after the track when asked.
  @Test func drawsTrackThumbAndValue() {
    let control = TTSlider(value: 4, range: 0...10, step: 1)
    control.glyphs = .unicode
    #expect(Self.render(control, width: 11).lines == ["━━━━●──────"])
    control.glyphs = .ascii
    control.showsValue = true
    #expect(Self.render(control, width: 14).lines == ["====O------  4"])
    control.value = 10
    #expect(Self.render(control, width: 14).lines == ["==========O 10"])
    control.isFocused = true
    #expect(Self.render(control, width: 14)[10, 0].style.attributes == [.inverse, .bold])
    control.isEnabled = false
    #expect(Self.render(control, width: 14)[0, 0].style.attributes.contains(.dim))
    #expect(control.sizeThatFits(TTSize(width: 80, height: 2)) == TTSize(width: 14, height: 1))
  }

  /// Values are clamped, snapped to the step, and NaN or infinity is ignored.
  @Test func valuesAreClampedSnappedAndFinite() {
    let control = TTSlider(value: 0.5, range: 0...10, step: 2)
    #expect(control.value == 0)
    control.value = 4.9
    #expect(control.value == 4)
    control.value = 99
    #expect(control.value == 10)
    control.value = .nan
    #expect(control.value == 10)
    control.value = -.infinity
    #expect(control.value == 10)
    control.minimumValue = .nan
    control.maximumValue = .infinity
    #expect(control.minimumValue == 0 && control.maximumValue == 10)
    control.maximumValue = -3
    #expect(control.minimumValue == -3 && control.value == -3)
    control.step = -1
    #expect(control.step == nil)
    let odd = TTSlider.Scale(minimumValue: .nan, maximumValue: .infinity)
    #expect(odd.minimumValue == 0 && odd.maximumValue == 1)
    let wide = TTSlider.Scale(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    #expect(wide.value(atColumn: 5, columns: 11) == 0)
    #expect(wide.column(of: 0, columns: 11) == 5)
    #expect(wide.value(wide.maximumValue, movedBy: wide.smallStep) == wide.maximumValue)
  }

  /// ← and → move by the step (or a twentieth), Page keys by a quarter, Home and End to the
  /// ends; every change is reported and keys at an end change nothing.
  @Test func keysMoveTheValue() {
    var reported: [Double] = []
    let control = TTSlider(value: 50, range: 0...100, step: 5) { reported.append($0.value) }
    control.isFocused = true
    #expect(control.handleKey(.right))
    #expect(control.handleKey(.character("h")))
    #expect(control.handleKey(.pageUp))
    #expect(control.handleKey(.end))
    #expect(control.handleKey(.right))
    #expect(control.handleKey(.pageDown))
    #expect(control.handleKey(.home))
    #expect(reported == [55, 50, 75, 100, 75, 0])
    let free = TTSlider(value: 0, range: 0...1)
    free.isFocused = true
    #expect(free.handleKey(.right))
    #expect(abs(free.value - 0.05) < 1e-9)
    #expect(!free.handleKey(.up))
  }

  /// A press on the track moves the thumb to that column; a drag follows it even off the
  /// slider; the wheel moves by a step.
  @Test func mousePressDragAndWheel() {
    var reported: [Double] = []
    let screen = TTViewController()
    screen.view.frame = TTRect(x: 0, y: 0, width: 30, height: 3)
    let control = TTSlider(value: 0, range: 0...10, step: 1) { reported.append($0.value) }
    control.frame = TTRect(x: 2, y: 1, width: 11, height: 1)
    screen.view.addSubview(control)
    #expect(screen.dispatch(Self.press(5, 1)))
    #expect(control.isFocused && control.isTracking)
    #expect(control.value == 3)
    #expect(screen.dispatch(Self.press(9, 2, .drag)))
    #expect(control.value == 7)
    #expect(screen.dispatch(Self.press(25, 0, .drag)))
    #expect(control.value == 10)
    #expect(screen.dispatch(Self.press(0, 0, .drag)))
    #expect(screen.dispatch(Self.press(0, 0, .release)))
    #expect(!control.isTracking)
    #expect(control.value == 0)
    #expect(screen.dispatch(.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 4, y: 1)))))
    #expect(reported == [3, 7, 10, 0, 1])
  }

  /// The scale's text is whole for whole ranges and steps, two decimals otherwise.
  @Test func valueText() {
    #expect(TTSlider.Scale(0...100, step: 5).text(for: 40) == "40")
    #expect(TTSlider.Scale(0...1).text(for: 0.25) == "0.25")
    #expect(TTSlider.Scale(-1...1).text(for: -0.5) == "-0.50")
    let control = TTSlider(value: 0.5)
    control.showsValue = true
    control.valueFormatter = { "\(Int($0 * 100))%" }
    control.glyphs = .ascii
    #expect(Self.render(control, width: 10).lines == ["==O--  50%"])
  }
}
