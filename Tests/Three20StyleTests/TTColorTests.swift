import Testing
import Three20Style

@Suite("TTColor")
struct TTColorTests {
  /// Hex colours read in every accepted form.
  @Test(arguments: [
    ("#ff8800", "#ff8800"), ("FF8800", "#ff8800"), ("0xff8800", "#ff8800"), ("#f80", "#ff8800"),
    ("#ff880080", "#ff880080"), ("#f808", "#ff880088"), ("  #abcdef ", "#abcdef"),
  ])
  func hexForms(input: String, expected: String) throws {
    #expect(try TTColor(hex: input).hexString == expected)
  }

  /// A malformed hex colour throws an error that quotes the input and shows the forms.
  @Test(arguments: ["", "#", "#ff888", "#gg0000", "#ff880000ff", "red"])
  func malformedHexThrows(input: String) {
    let error = #expect(throws: TTStyleError.self) { try TTColor(hex: input) }
    #expect(error?.code == .invalidColor)
    #expect(error?.message.contains("'\(input)'") == true)
    #expect(error?.message.contains("#rrggbb") == true)
  }

  /// RGB components from 0 to 255 are stored as 0…1 and clamped.
  @Test func rgbComponents() {
    let color = TTColor(red: 255, green: 128, blue: 0, alpha: 0.5)
    #expect(color.rgb8 == (255, 128, 0))
    #expect(color.alpha == 0.5)
    #expect(TTColor(red: 300, green: -5, blue: 0).rgb8 == (255, 0, 0))
  }

  /// HSV converts to RGB and back.
  @Test(arguments: [
    (0.0, 1.0, 1.0, "#ff0000"), (120.0, 1.0, 1.0, "#00ff00"), (240.0, 1.0, 1.0, "#0000ff"),
    (60.0, 1.0, 1.0, "#ffff00"), (0.0, 0.0, 0.5, "#808080"), (-120.0, 1.0, 1.0, "#0000ff"),
    (480.0, 1.0, 1.0, "#00ff00"),
  ])
  func hsvToRGB(hue: Double, saturation: Double, value: Double, hex: String) {
    #expect(TTColor(hue: hue, saturation: saturation, value: value).hexString == hex)
  }

  /// Reading HSV off a colour gives back what made it.
  @Test func hsvRoundTrip() {
    let color = TTColor(hue: 210, saturation: 0.6, value: 0.8)
    #expect(abs(color.hue - 210) < 0.5)
    #expect(abs(color.saturation - 0.6) < 0.01)
    #expect(abs(color.value - 0.8) < 0.01)
  }

  /// Three20's highlight is lighter and less saturated; its shadow is darker.
  @Test func highlightAndShadow() {
    let base = TTColor(hue: 210, saturation: 0.8, value: 0.6)
    #expect(abs(base.highlight.saturation - 0.32) < 0.01)
    #expect(abs(base.highlight.value - 0.72) < 0.01)
    #expect(abs(base.shadow.saturation - 0.48) < 0.01)
    #expect(abs(base.shadow.value - 0.36) < 0.01)
    #expect(abs(base.shadow.hue - 210) < 0.5)
  }

  /// Adjustments clamp instead of overflowing, and keep alpha.
  @Test func adjustmentsClampAndKeepAlpha() {
    let color = TTColor(hue: 0, saturation: 0.5, value: 0.9, alpha: 0.3)
    let brighter = color.adding(value: 0.5)
    #expect(brighter.value == 1)
    #expect(brighter.alpha == 0.3)
    #expect(color.multiplying(saturation: 10).saturation == 1)
    #expect(color.withAlpha(2).alpha == 1)
  }

  /// Translucent colours flatten over a background.
  @Test func compositing() {
    let half = TTColor(red: 255, green: 255, blue: 255, alpha: 0.5)
    #expect(half.composited(over: .black).rgb8 == (128, 128, 128))
    #expect(half.composited(over: .black).alpha == 1)
  }

  /// Colours land on the expected palette entries; greys on the grey ramp.
  @Test func nearestPaletteColours() {
    #expect(TTColor(red: 255, green: 0, blue: 0).nearestXterm256 == 196)
    #expect(TTColor(red: 128, green: 128, blue: 128).nearestXterm256 == 244)
    #expect(TTColor(red: 0, green: 0, blue: 0).nearestXterm256 == 16)
    #expect(TTColor(red: 255, green: 255, blue: 255).nearestXterm256 == 231)
    #expect(TTColor(red: 250, green: 10, blue: 10).nearestANSI16 == 9)
    #expect(TTColor(red: 0, green: 0, blue: 0).nearestANSI16 == 0)
    #expect(TTColor(red: 200, green: 200, blue: 200).nearestANSI16 == 7)
  }

  /// Every cube colour is its own nearest entry.
  @Test func cubeColoursAreStable() {
    for index in UInt8(16)...231 {
      #expect(TTColor.xterm256(index).nearestXterm256 == index, "index \(index)")
    }
  }
}

extension TTColorTests {
  /// Every grey-ramp entry is its own nearest entry.
  @Test func greyRampIsStable() {
    for index in UInt8(232)...255 {
      #expect(TTColor.xterm256(index).nearestXterm256 == index, "index \(index)")
    }
  }
}
