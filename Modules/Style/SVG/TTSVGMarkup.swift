import Foundation

/// Small pieces of SVG text: escaped strings, numbers and colour attributes.
enum TTSVGMarkup {
  /// Text made safe for XML character data and attribute values.
  ///
  /// Escapes `& < > " '` and replaces characters XML 1.0 does not allow (most C0 controls,
  /// U+FFFE, U+FFFF) with U+FFFD, so any input gives well-formed XML.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A number with at most two decimals, without trailing zeros or a negative zero; `0` for
  /// values that are not finite.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 100).rounded() / 100
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return String(Int64(rounded))
    }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `#rrggbb` for a colour, ignoring its alpha.
  static func hex(_ color: TTColor) -> String {
    let (r, g, b) = color.rgb8
    return "#"
      + [r, g, b].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// An opacity from 0 to 1; `nil` for opaque colours.
  static func opacity(_ color: TTColor) -> String? {
    let alpha = color.alpha.isNaN ? 0 : min(1, max(0, color.alpha))
    return alpha < 1 ? number(alpha) : nil
  }

  /// `fill="…"` with `fill-opacity` when the colour is translucent.
  static func fill(_ color: TTColor) -> String {
    var text = "fill=\"\(hex(color))\""
    if let opacity = opacity(color) { text += " fill-opacity=\"\(opacity)\"" }
    return text
  }

  /// `stroke="…" stroke-width="…"` with `stroke-opacity` when the colour is translucent.
  static func stroke(_ color: TTColor, width: Double) -> String {
    var text = "stroke=\"\(hex(color))\" stroke-width=\"\(number(width))\""
    if let opacity = opacity(color) { text += " stroke-opacity=\"\(opacity)\"" }
    return text
  }

  /// `<stop>` for a gradient.
  static func stop(offset: Double, color: TTColor) -> String {
    let clamped = offset.isNaN ? 0 : min(1, max(0, offset))
    var text = "<stop offset=\"\(number(clamped))\" stop-color=\"\(hex(color))\""
    if let opacity = opacity(color) { text += " stop-opacity=\"\(opacity)\"" }
    return text + "/>"
  }
}
