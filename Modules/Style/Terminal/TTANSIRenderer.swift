/// Writes a ``TTCanvas`` out as text with ANSI escape sequences.
///
/// Colours are reduced to what the terminal can show (``TTTerminalCapabilities``): 24-bit,
/// the nearest of 256 or of 16, or none. Only the changes between neighbouring cells are
/// written, and every line ends with its styles reset, so the output can be printed, piped
/// or saved as a golden file.
///
/// ```swift
/// let renderer = TTANSIRenderer(capabilities: .ansi256)
/// print(renderer.render(canvas))
/// ```
public struct TTANSIRenderer: Sendable {
  /// What the output may use.
  public var capabilities: TTTerminalCapabilities

  /// Creates a renderer.
  ///
  /// - Parameter capabilities: What the output may use.
  public init(capabilities: TTTerminalCapabilities) {
    self.capabilities = capabilities
  }

  /// The whole canvas: one line per row, separated by `\n`, without a final newline.
  ///
  /// With ``TTTerminalCapabilities/plain`` this is ``TTCanvas/plainText``. Otherwise
  /// trailing cells that are blank and unstyled are left out of each line.
  ///
  /// Pictures on the canvas are drawn as symbols in the output's colours, also when
  /// ``TTTerminalCapabilities/graphics`` names a pixel protocol (text output has no place for
  /// one); without colour they are the alternate text drawn beneath them. The terminal host
  /// writes pixel protocols.
  ///
  /// - Parameter canvas: The canvas.
  /// - Returns: The text to write.
  public func render(_ canvas: TTCanvas) -> String {
    guard capabilities.attributes else { return canvas.plainText }
    if !canvas.pictures.isEmpty { return render(canvas.resolvingPictures(for: capabilities)) }
    var output = ""
    output.reserveCapacity(canvas.width * canvas.height * 2)
    for y in 0..<canvas.height {
      if y > 0 { output += "\n" }
      renderRow(canvas.row(y), into: &output)
    }
    return output
  }

  /// Appends one row of cells, styled, ending with every style reset.
  ///
  /// - Parameters:
  ///   - cells: The row.
  ///   - output: The text to append to.
  public func renderRow(_ cells: ArraySlice<TTCell>, into output: inout String) {
    // Leave out the blank, unstyled tail of the row.
    var end = cells.endIndex
    while end > cells.startIndex {
      let cell = cells[end - 1]
      guard cell.character == " ", !cell.isContinuation, isBlank(cell.style) else { break }
      end -= 1
    }
    var current = TTCellStyle.plain
    var currentLink: String? = nil
    for cell in cells[cells.startIndex..<end] where !cell.isContinuation {
      let style = effective(cell.style)
      if style.link != currentLink, capabilities.hyperlinks {
        output += "\u{1B}]8;;\(style.link.map(TTANSIRenderer.safeLink) ?? "")\u{1B}\\"
        currentLink = style.link
      }
      if style.foreground != current.foreground || style.background != current.background
        || style.attributes != current.attributes
      {
        output += sgr(from: current, to: style)
        current = style
      }
      output.append(cell.character)
    }
    if currentLink != nil { output += "\u{1B}]8;;\u{1B}\\" }
    if current != .plain
      && (current.foreground != nil || current.background != nil || !current.attributes.isEmpty)
    {
      output += "\u{1B}[0m"
    }
  }

  /// The SGR sequence that turns style `old` into style `new`.
  ///
  /// - Parameters:
  ///   - old: The style in effect.
  ///   - new: The style wanted.
  /// - Returns: One `ESC [ … m` sequence, starting with a reset when something must be turned off.
  public func sgr(from old: TTCellStyle, to new: TTCellStyle) -> String {
    var codes: [String] = []
    let removesSomething =
      !old.attributes.isSubset(of: new.attributes)
      || (old.foreground != nil && new.foreground == nil) || (old.background != nil && new.background == nil)
    let base = removesSomething ? TTCellStyle.plain : old
    if removesSomething { codes.append("0") }
    let added = new.attributes.subtracting(base.attributes)
    if added.contains(.bold) { codes.append("1") }
    if added.contains(.dim) { codes.append("2") }
    if added.contains(.italic) { codes.append("3") }
    if added.contains(.underline) { codes.append("4") }
    if added.contains(.inverse) { codes.append("7") }
    if added.contains(.strikethrough) { codes.append("9") }
    if let color = new.foreground, color != base.foreground {
      codes.append(colorCode(color, background: false))
    }
    if let color = new.background, color != base.background {
      codes.append(colorCode(color, background: true))
    }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private func effective(_ style: TTCellStyle) -> TTCellStyle {
    var result = style
    if capabilities.colorProfile == .none {
      result.foreground = nil
      result.background = nil
    } else {
      // Terminals cannot blend: translucent text is flattened over its background.
      if let foreground = result.foreground, foreground.alpha < 1 {
        result.foreground =
          foreground.alpha == 0 ? nil : foreground.composited(over: result.background ?? .black)
      }
      if let background = result.background, background.alpha == 0 { result.background = nil }
    }
    if !capabilities.hyperlinks { result.link = nil }
    return result
  }

  private func isBlank(_ style: TTCellStyle) -> Bool {
    let style = effective(style)
    return style.background == nil && style.link == nil
      && style.attributes.intersection([.underline, .inverse, .strikethrough]).isEmpty
  }

  private func colorCode(_ color: TTColor, background: Bool) -> String {
    switch capabilities.colorProfile {
    case .trueColor:
      let (r, g, b) = color.rgb8
      return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
    case .ansi256:
      return "\(background ? 48 : 38);5;\(color.nearestXterm256)"
    case .ansi16, .none:
      let index = Int(color.nearestANSI16)
      let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      return "\(base + index % 8)"
    }
  }

  /// A link with anything that could end or escape the OSC 8 sequence removed.
  private static func safeLink(_ link: String) -> String {
    String(
      String.UnicodeScalarView(
        link.unicodeScalars.filter { (0x20..<0x7F).contains($0.value) || $0.value > 0x9F }))
  }
}
