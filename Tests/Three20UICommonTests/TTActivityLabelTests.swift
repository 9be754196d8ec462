import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTActivityLabel")
struct TTActivityLabelTests {
  /// Each tick shows the next braille frame, wrapping around after the tenth.
  @Test func unicodeFramesTurn() {
    let label = TTActivityLabel()
    label.spinner = .unicode
    var seen: [String] = []
    for _ in 0..<11 {
      seen.append(label.currentFrame)
      label.tick()
    }
    #expect(seen.joined() == "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⠋")
  }

  /// The ASCII spinner turns through |/-\ and writes … as ...
  @Test func asciiFramesTurn() {
    let label = TTActivityLabel(text: "Loading…", activityStyle: .gray)
    label.spinner = .ascii
    var seen: [String] = []
    for _ in 0..<5 {
      seen.append(label.currentFrame)
      label.tick()
    }
    #expect(seen.joined() == "|/-\\|")
    #expect(label.line == "/ Loading...")
  }

  /// Plain output or a locale that is not UTF-8 gets the ASCII spinner.
  @Test func spinnerFollowsCapabilitiesAndLocale() {
    typealias Spinner = TTActivityLabel.Spinner
    #expect(Spinner.preferred(capabilities: .ansi256, environment: ["LANG": "en_US.UTF-8"]) == .unicode)
    #expect(Spinner.preferred(capabilities: .ansi16, environment: ["LC_CTYPE": "C.utf8"]) == .unicode)
    #expect(Spinner.preferred(capabilities: .plain, environment: ["LANG": "en_US.UTF-8"]) == .ascii)
    #expect(Spinner.preferred(capabilities: .ansi256, environment: ["LANG": "C"]) == .ascii)
    #expect(Spinner.preferred(capabilities: .ansi256, environment: [:]) == .ascii)
    #expect(
      Spinner.preferred(capabilities: .ansi256, environment: ["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"])
        == .ascii)
    #expect(
      Spinner.preferred(capabilities: .ansi256, environment: ["LC_ALL": "", "LANG": "de_DE.UTF-8"])
        == .unicode)
  }

  /// A label that is not animating shows only its text and ignores ticks.
  @Test func stoppedLabelShowsTextOnly() {
    let label = TTActivityLabel(text: "Done", activityStyle: .white)
    label.spinner = .unicode
    label.isAnimating = false
    label.tick()
    #expect(label.tickCount == 0)
    #expect(label.line == "Done")
    #expect(label.currentFrame == "")
  }

  /// Ticking marks the label for redrawing, so the host redraws only when something turns.
  @Test func tickAsksForRedraw() {
    let label = TTActivityLabel(activityStyle: .gray, frame: TTRect(x: 0, y: 0, width: 20, height: 1))
    label.spinner = .unicode
    var canvas = TTCanvas(width: 20, height: 1)
    label.draw(on: &canvas)
    #expect(canvas.plainText == "     ⠋ Loading…")
    #expect(!label.needsDisplay)
    label.tick()
    #expect(label.needsDisplay)
    label.draw(on: &canvas)
    #expect(canvas.plainText == "     ⠙ Loading…")
  }

  /// Ticks reach activity labels deep in a view tree.
  @Test func ticksReachNestedLabels() {
    let root = TTView()
    let middle = TTView()
    let label = TTActivityLabel()
    root.addSubview(middle)
    middle.addSubview(label)
    root.tick()
    root.tick()
    #expect(label.tickCount == 2)
  }

  /// Boxes fit the text, the banner spans the width.
  @Test func sizesFollowTheStyle() {
    let label = TTActivityLabel(text: "Loading…", activityStyle: .whiteBox)
    label.spinner = .unicode
    #expect(label.sizeThatFits(TTSize(width: 40, height: 10)) == TTSize(width: 14, height: 3))
    label.activityStyle = .blackBezel
    #expect(label.sizeThatFits(TTSize(width: 40, height: 10)) == TTSize(width: 14, height: 3))
    label.activityStyle = .blackBanner
    #expect(label.sizeThatFits(TTSize(width: 40, height: 10)) == TTSize(width: 40, height: 1))
    label.activityStyle = .gray
    #expect(label.sizeThatFits(TTSize(width: 40, height: 10)) == TTSize(width: 10, height: 1))
  }

  /// Each look draws as its golden file shows (256 colours, third frame).
  @Test(arguments: TTActivityLabelStyle.allCases)
  func looksMatchGoldenFiles(_ look: TTActivityLabelStyle) {
    let label = TTActivityLabel(text: "Loading…", activityStyle: look)
    label.spinner = .unicode
    label.frame = TTRect(x: 0, y: 0, width: 24, height: 5)
    label.tick()
    label.tick()
    var canvas = TTCanvas(width: 24, height: 5)
    label.draw(on: &canvas)
    assertSnapshot(
      TTANSIRenderer(capabilities: .ansi256).render(canvas), named: "activity-\(look.rawValue).256.ansi")
    #expect(canvas.plainText.contains("⠹ Loading…"))
  }
}
