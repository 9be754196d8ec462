import Three20

/// The same colours in each profile a terminal may have.
///
/// True colour, 256 colours, 16 colours, none: `TTANSIRenderer` picks the nearest colour the profile has.
final class ColorProfilesDemo: CatalogPageController {
  init() { super.init(title: "Colour profiles") }

  /// A strip of hues and a grey ramp, as cell backgrounds.
  static func strip(width: Int) -> TTCanvas {
    var canvas = TTCanvas(width: width, height: 2)
    for x in 0..<width {
      let fraction = Double(x) / Double(max(1, width - 1))
      canvas.fill(
        TTRect(x: x, y: 0, width: 1, height: 1),
        style: TTCellStyle(background: TTColor(hue: fraction * 360, saturation: 0.8, value: 0.9)))
      let level = Int(fraction * 255)
      canvas.fill(
        TTRect(x: x, y: 1, width: 1, height: 1),
        style: TTCellStyle(background: TTColor(red: level, green: level, blue: level)))
    }
    return canvas
  }

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .text(
        "Each strip is drawn once and written out for a profile. Without colour (NO_COLOR, "
          + "TERM=dumb or a pipe) the text still reads: styles fall back to their characters."),
      .code("TTANSIRenderer(capabilities: .ansi16).render(canvas)"),
    ]
    for profile in TTColorProfile.allCases.reversed() {
      let capabilities = TTTerminalCapabilities(colorProfile: profile)
      blocks += [
        .heading("Profile: \(profile)"),
        .canvas { width in
          // Colours snapped to what the profile can show, so this page shows the difference
          // even on a true-colour terminal.
          var canvas = Self.strip(width: width)
          canvas.restyle(canvas.bounds) { style in
            var style = style
            style.background = style.background.flatMap { snap($0, to: capabilities.colorProfile) }
            return style
          }
          if capabilities.colorProfile == .none {
            // No colour: the grey ramp falls back to shade characters.
            let shades: [Character] = [" ", "░", "▒", "▓", "█"]
            for x in 0..<width {
              let index = x * shades.count / max(1, width)
              canvas.fill(
                TTRect(x: x, y: 1, width: 1, height: 1), with: shades[min(index, shades.count - 1)],
                style: .plain)
            }
          }
          return canvas
        },
      ]
    }
    return blocks
  }
}

/// A colour as a profile shows it: the nearest of its palette, or none.
func snap(_ color: TTColor, to profile: TTColorProfile) -> TTColor? {
  switch profile {
  case .trueColor: return color
  case .none: return nil
  case .ansi256:
    let level = { (value: Double) -> Int in
      let steps = [0, 95, 135, 175, 215, 255]
      let target = Int(value * 255)
      return steps.min { abs($0 - target) < abs($1 - target) } ?? 0
    }
    return TTColor(red: level(color.red), green: level(color.green), blue: level(color.blue))
  case .ansi16:
    let palette: [TTColor] = [
      .black, TTColor(red: 205, green: 0, blue: 0), TTColor(red: 0, green: 205, blue: 0),
      TTColor(red: 205, green: 205, blue: 0), TTColor(red: 0, green: 0, blue: 238),
      TTColor(red: 205, green: 0, blue: 205),
      TTColor(red: 0, green: 205, blue: 205), TTColor(red: 229, green: 229, blue: 229),
      TTColor(red: 127, green: 127, blue: 127),
      TTColor(red: 255, green: 0, blue: 0), TTColor(red: 0, green: 255, blue: 0),
      TTColor(red: 255, green: 255, blue: 0),
      TTColor(red: 92, green: 92, blue: 255), TTColor(red: 255, green: 0, blue: 255),
      TTColor(red: 0, green: 255, blue: 255),
      .white,
    ]
    func distance(_ a: TTColor) -> Double {
      let r = a.red - color.red
      let g = a.green - color.green
      let b = a.blue - color.blue
      return r * r + g * g + b * b
    }
    return palette.min { distance($0) < distance($1) }
  }
}
