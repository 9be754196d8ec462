import Foundation
public import Three20Style

/// Pictures of what a terminal shows, for the articles: each cell drawn as a terminal with
/// 24-bit colour draws it, on a dark background.
public enum TTTerminalScreenshot {
  /// The terminal's own background, for cells without one.
  public static let background = TTColor(red: 28, green: 28, blue: 28)
  /// The terminal's own text colour, for cells without one.
  public static let foreground = TTColor(red: 220, green: 220, blue: 220)
  /// A cell's width in the picture, in pixels.
  public static let cellWidth = 10.0
  /// A cell's height in the picture, in pixels.
  public static let cellHeight = 20.0
  /// The space around the terminal's cells, in pixels.
  public static let margin = 24.0

  /// A colour as a terminal shows it: translucent colours are flattened over black.
  public static func shown(_ color: TTColor) -> String {
    (color.alpha < 1 ? color.composited(over: .black) : color).hexString
  }

  /// Text made safe inside XML.
  public static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// The SVG elements that draw a canvas with its top-left corner at `(x, y)`.
  public static func elements(of canvas: TTCanvas, x left: Double, y top: Double) -> [String] {
    let width = Double(canvas.width) * cellWidth
    let height = Double(canvas.height) * cellHeight
    var elements = [
      "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(shown(background))\"/>"
    ]
    for row in 0..<canvas.height {
      for column in 0..<canvas.width {
        let cell = canvas[column, row]
        guard !cell.isContinuation else { continue }
        var back = cell.style.background
        var fore = cell.style.foreground
        if cell.style.attributes.contains(.inverse) {
          (back, fore) = (fore ?? foreground, back ?? background)
        }
        let x = left + Double(column) * cellWidth
        let y = top + Double(row) * cellHeight
        let span = Double(TTDisplayWidth.of(String(cell.character))) * cellWidth
        if let back, back.alpha > 0 {
          elements.append(
            "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(max(span, cellWidth))\" height=\"\(cellHeight)\" "
              + "fill=\"\(shown(back))\"/>")
        }
        guard cell.character != " " else { continue }
        let attributes = cell.style.attributes
        var extra = ""
        if attributes.contains(.bold) { extra += " font-weight=\"bold\"" }
        if attributes.contains(.italic) { extra += " font-style=\"italic\"" }
        for (attribute, lineY) in [(TTTextAttributes.underline, 17.0), (.strikethrough, 10.0)]
        where attributes.contains(attribute) {
          elements.append(
            "<rect x=\"\(x)\" y=\"\(y + lineY)\" width=\"\(span)\" height=\"1\" "
              + "fill=\"\(shown(fore ?? foreground))\"/>")
        }
        if attributes.contains(.dim) { extra += " fill-opacity=\"0.6\"" }
        elements.append(
          "<text x=\"\(x)\" y=\"\(y + 15)\" font-family=\"monospace\" font-size=\"14\" "
            + "textLength=\"\(span)\" lengthAdjust=\"spacingAndGlyphs\" fill=\"\(shown(fore ?? foreground))\"\(extra)>\(escaped(String(cell.character)))</text>"
        )
      }
    }
    return elements
  }

  /// One picture: the SVG renderer's drawing on the left, the terminal's on the right, each
  /// with a caption below.
  ///
  /// - Parameters:
  ///   - vector: A document from `TTSVGRenderer.render(gallery:)`.
  ///   - canvas: The same style drawn on a canvas.
  public static func sideBySide(vector: String, canvas: TTCanvas) -> String {
    func number(_ name: String) -> Double {
      guard let range = vector.range(of: " \(name)=\"") else { return 0 }
      return Double(vector[range.upperBound...].prefix { $0 != "\"" }) ?? 0
    }
    let vectorWidth = number("width")
    let vectorHeight = number("height")
    let terminalWidth = Double(canvas.width) * cellWidth + 2 * margin
    let terminalHeight = Double(canvas.height) * cellHeight + 2 * margin + 20
    let width = vectorWidth + terminalWidth
    let height = max(vectorHeight, terminalHeight)
    let body = vector.split(separator: "\n").dropFirst().joined(separator: "\n")
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\">",
      "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
      body,
      "<svg x=\"\(vectorWidth)\" y=\"0\" width=\"\(terminalWidth)\" height=\"\(terminalHeight)\">",
    ]
    lines += elements(of: canvas, x: margin, y: margin)
    lines.append(
      "<text x=\"\(margin)\" y=\"\(terminalHeight - margin + 4)\" font-family=\"monospace\" "
        + "font-size=\"12\" fill=\"#333333\">terminal, 24-bit colour</text>")
    lines.append("</svg>")
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }
}
