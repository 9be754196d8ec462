/// A colour with an alpha channel, in sRGB.
///
/// The Swift form of Three20's `UIColor` additions and its `RGBCOLOR`/`HSVCOLOR` macros.
/// Components are stored as `Double` from 0 to 1; the initialisers take the forms people
/// write colours in:
///
/// ```swift
/// let blue = TTColor(red: 36, green: 112, blue: 216)        // RGBCOLOR(36, 112, 216)
/// let faded = TTColor(red: 36, green: 112, blue: 216, alpha: 0.5)
/// let orange = try TTColor(hex: "#ff8800")
/// let green = TTColor(hue: 120, saturation: 1, value: 0.8)  // HSVCOLOR
/// blue.highlight   // lighter and less saturated, for pressed states
/// blue.shadow      // darker, for edges
/// ```
///
/// A terminal shows colours through a ``TTColorProfile``: in full (truecolor), or as the
/// nearest of the xterm 256 or 16 colours (``nearestXterm256`` and ``nearestANSI16``).
public struct TTColor: Sendable, Hashable, CustomStringConvertible {
  /// The red component, from 0 to 1.
  public var red: Double
  /// The green component, from 0 to 1.
  public var green: Double
  /// The blue component, from 0 to 1.
  public var blue: Double
  /// The opacity, from 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// Creates a colour from components between 0 and 1; values outside are clamped.
  ///
  /// - Parameters:
  ///   - red: The red component, from 0 to 1.
  ///   - green: The green component, from 0 to 1.
  ///   - blue: The blue component, from 0 to 1.
  ///   - alpha: The opacity, from 0 to 1; defaults to 1.
  public init(unitRed red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = TTColor.clamp(red)
    self.green = TTColor.clamp(green)
    self.blue = TTColor.clamp(blue)
    self.alpha = TTColor.clamp(alpha)
  }

  /// Creates a colour from 0–255 components, as Three20's `RGBCOLOR` and `RGBACOLOR` did.
  ///
  /// - Parameters:
  ///   - red: The red component, from 0 to 255.
  ///   - green: The green component, from 0 to 255.
  ///   - blue: The blue component, from 0 to 255.
  ///   - alpha: The opacity, from 0 to 1; defaults to 1.
  public init(red: Int, green: Int, blue: Int, alpha: Double = 1) {
    self.init(
      unitRed: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
  }

  /// Creates a colour from hue, saturation and value, as Three20's `HSVCOLOR` did.
  ///
  /// - Parameters:
  ///   - hue: The hue in degrees; any value, taken modulo 360.
  ///   - saturation: The saturation, from 0 to 1.
  ///   - value: The value (brightness), from 0 to 1.
  ///   - alpha: The opacity, from 0 to 1; defaults to 1.
  public init(hue: Double, saturation: Double, value: Double, alpha: Double = 1) {
    let h =
      hue.isFinite ? (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) : 0
    let s = TTColor.clamp(saturation)
    let v = TTColor.clamp(value)
    let sector = h / 60
    let chroma = v * s
    let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double) =
      switch Int(sector) {
      case 0: (chroma, x, 0)
      case 1: (x, chroma, 0)
      case 2: (0, chroma, x)
      case 3: (0, x, chroma)
      case 4: (x, 0, chroma)
      default: (chroma, 0, x)
      }
    let m = v - chroma
    self.init(unitRed: r + m, green: g + m, blue: b + m, alpha: alpha)
  }

  /// Reads a colour written in hex: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
  ///
  /// The `#` may be left out or written `0x`; letters may be upper or lower case.
  ///
  /// - Parameter hex: The colour, for example `#ff8800` or `0xFF880080`.
  /// - Throws: ``TTStyleError`` with code ``TTStyleError/Code/invalidColor`` when the text is
  ///   not one of those forms; the message quotes it.
  public init(hex: String) throws(TTStyleError) {
    var digits = Substring(hex.trimmingWhitespace())
    if digits.hasPrefix("#") {
      digits = digits.dropFirst()
    } else if digits.lowercased().hasPrefix("0x") {
      digits = digits.dropFirst(2)
    }
    let values = digits.compactMap { $0.hexDigitValue }
    guard values.count == digits.count, [3, 4, 6, 8].contains(values.count) else {
      throw TTStyleError(
        .invalidColor,
        "'\(hex)' is not a hex colour. Write it as #rgb, #rgba, #rrggbb or #rrggbbaa, "
          + "for example #ff8800.")
    }
    let bytes: [Int] =
      values.count <= 4
      ? values.map { $0 * 17 }
      : stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
    self.init(
      red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
  }

  /// The colour's hue in degrees (0 up to 360), saturation and value (0 to 1).
  public var hsv: (hue: Double, saturation: Double, value: Double) {
    let maximum = max(red, green, blue)
    let minimum = min(red, green, blue)
    let delta = maximum - minimum
    var hue = 0.0
    if delta > 0 {
      if maximum == red {
        hue = 60 * ((green - blue) / delta).truncatingRemainder(dividingBy: 6)
      } else if maximum == green {
        hue = 60 * ((blue - red) / delta + 2)
      } else {
        hue = 60 * ((red - green) / delta + 4)
      }
    }
    if hue < 0 { hue += 360 }
    return (hue, maximum == 0 ? 0 : delta / maximum, maximum)
  }

  /// The hue in degrees, from 0 up to 360.
  public var hue: Double { hsv.hue }
  /// The saturation, from 0 to 1.
  public var saturation: Double { hsv.saturation }
  /// The value (brightness), from 0 to 1.
  public var value: Double { hsv.value }

  /// The colour with its hue, saturation and value multiplied (Three20's `multiplyHue:…`).
  ///
  /// - Parameters:
  ///   - hue: The factor for the hue.
  ///   - saturation: The factor for the saturation; the result is clamped to 0…1.
  ///   - value: The factor for the value; the result is clamped to 0…1.
  /// - Returns: The adjusted colour, with the same alpha.
  public func multiplying(hue: Double = 1, saturation: Double = 1, value: Double = 1) -> TTColor {
    let current = hsv
    return TTColor(
      hue: current.hue * hue, saturation: current.saturation * saturation, value: current.value * value,
      alpha: alpha)
  }

  /// The colour with amounts added to its hue, saturation and value (Three20's `addHue:…`).
  ///
  /// - Parameters:
  ///   - hue: Degrees to add to the hue.
  ///   - saturation: The amount to add to the saturation; the result is clamped to 0…1.
  ///   - value: The amount to add to the value; the result is clamped to 0…1.
  /// - Returns: The adjusted colour, with the same alpha.
  public func adding(hue: Double = 0, saturation: Double = 0, value: Double = 0) -> TTColor {
    let current = hsv
    return TTColor(
      hue: current.hue + hue, saturation: current.saturation + saturation, value: current.value + value,
      alpha: alpha)
  }

  /// The colour with another alpha (Three20's `copyWithAlpha:`).
  ///
  /// - Parameter alpha: The new opacity, from 0 to 1.
  /// - Returns: The same colour with that opacity.
  public func withAlpha(_ alpha: Double) -> TTColor {
    TTColor(unitRed: red, green: green, blue: blue, alpha: alpha)
  }

  /// A lighter, less saturated version, for highlighted states (saturation × 0.4, value × 1.2).
  public var highlight: TTColor { multiplying(saturation: 0.4, value: 1.2) }

  /// A darker version, for edges and shadows (saturation × 0.6, value × 0.6).
  public var shadow: TTColor { multiplying(saturation: 0.6, value: 0.6) }

  /// The colour drawn over `background` at its alpha, as an opaque colour.
  ///
  /// Terminals cannot blend, so translucent colours are flattened before they are shown.
  ///
  /// - Parameter background: The colour underneath.
  /// - Returns: The opaque result of drawing this colour over `background`.
  public func composited(over background: TTColor) -> TTColor {
    let a = alpha
    return TTColor(
      unitRed: red * a + background.red * (1 - a),
      green: green * a + background.green * (1 - a),
      blue: blue * a + background.blue * (1 - a))
  }

  /// The 0–255 red, green and blue components, rounded.
  public var rgb8: (red: UInt8, green: UInt8, blue: UInt8) {
    (TTColor.byte(red), TTColor.byte(green), TTColor.byte(blue))
  }

  /// The colour as `#rrggbb`, or `#rrggbbaa` when it is not opaque.
  public var hexString: String {
    let (r, g, b) = rgb8
    var text = "#" + [r, g, b].map(TTColor.hexByte).joined()
    if alpha < 1 { text += TTColor.hexByte(TTColor.byte(alpha)) }
    return text
  }

  /// The colour as `#rrggbb` or `#rrggbbaa`.
  public var description: String { hexString }

  static func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : min(1, max(0, value))
  }

  static func byte(_ unit: Double) -> UInt8 {
    UInt8((clamp(unit) * 255).rounded())
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}

extension TTColor {
  /// Black.
  public static let black = TTColor(red: 0, green: 0, blue: 0)
  /// White.
  public static let white = TTColor(red: 255, green: 255, blue: 255)
  /// A mid grey.
  public static let gray = TTColor(red: 128, green: 128, blue: 128)
  /// A light grey, for secondary text on dark backgrounds and rules.
  public static let lightGray = TTColor(red: 170, green: 170, blue: 170)
  /// A dark grey.
  public static let darkGray = TTColor(red: 85, green: 85, blue: 85)
  /// Red.
  public static let red = TTColor(red: 220, green: 50, blue: 47)
  /// Green.
  public static let green = TTColor(red: 64, green: 160, blue: 43)
  /// Blue.
  public static let blue = TTColor(red: 38, green: 139, blue: 210)
  /// Yellow.
  public static let yellow = TTColor(red: 230, green: 190, blue: 0)
  /// Fully transparent.
  public static let clear = TTColor(unitRed: 0, green: 0, blue: 0, alpha: 0)
}

extension String {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
    return self[start..<max(start, end)]
  }
}
