/// Writes a ``TTStyleSheet`` in the CSS-like stylesheet format, so that reading the text back
/// gives an equal sheet.
enum TTStyleSheetWriter {
  /// The sheet as stylesheet text: `@colors`, `@values`, then one rule per style and state.
  static func write(_ sheet: TTStyleSheet) -> String {
    var blocks: [String] = []
    if !sheet.colorNames.isEmpty {
      let lines = sheet.colorNames.compactMap { name in
        sheet.color(named: name).map { "  \(name): \(color($0));" }
      }
      blocks.append((["@colors {"] + lines + ["}"]).joined(separator: "\n"))
    }
    if !sheet.valueNames.isEmpty {
      let lines = sheet.valueNames.compactMap { name in
        sheet.value(named: name).map { "  \(name): \($0);" }
      }
      blocks.append((["@values {"] + lines + ["}"]).joined(separator: "\n"))
    }
    for name in sheet.styleNames {
      for state in sheet.states(ofStyle: name) {
        guard let style = sheet.style(named: name, for: state) else { continue }
        let selector = state == .normal ? name : "\(name):\(state.rawValue)"
        blocks.append(([selector + " {"] + body(style, indent: "  ") + ["}"]).joined(separator: "\n"))
      }
    }
    return blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
  }

  /// How many levels of `@part` blocks are indented; deeper ones (only styles built in code
  /// nest that deep) keep the last indentation, so the text grows linearly with the nesting.
  static let deepestIndentedPart = TTStyleSheetParser.deepestPartNesting

  /// The declarations of a style, one per line.
  ///
  /// Parts are written with an explicit stack of the styles being written, not by recursion.
  static func body(_ style: TTStyle, indent: String) -> [String] {
    var lines: [String] = []
    // The styles being written, the innermost last: their layers, the next layer to write and
    // the indentation of their lines.
    var stack: [(layers: [TTStyle.Layer], next: Int, indent: String)] = [(style.layers, 0, indent)]
    while let top = stack.last {
      let index = top.next
      guard index < top.layers.count else {
        stack.removeLast()
        if let parent = stack.last { lines.append("\(parent.indent)}") }
        continue
      }
      stack[stack.count - 1].next += 1
      let layer = top.layers[index]
      if case .part(let name, let part) = layer {
        lines.append("\(top.indent)@part \(name) {")
        let deeper = stack.count <= deepestIndentedPart ? top.indent + "  " : top.indent
        stack.append((part.layers, 0, deeper))
        continue
      }
      let following = index + 1 < top.layers.count ? top.layers[index + 1] : nil
      for (property, value) in declarations(of: layer, before: following) {
        lines.append("\(top.indent)\(property.rawValue): \(value);")
      }
    }
    return lines
  }

  /// The declarations that make one layer.
  ///
  /// Grouped layers write only what differs from the defaults, unless the next layer is of the same kind (or nothing differs): then they write
  /// every property, so that the next layer's first property starts a new layer when read.
  private static func declarations(
    of layer: TTStyle.Layer, before following: TTStyle.Layer?
  ) -> [(TTStyleSheetProperty, String)] {
    switch layer {
    case .shape(let shape): return [(.shape, self.shape(shape))]
    case .solidFill(let fill): return [(.background, color(fill))]
    case .linearGradientFill(let top, let bottom):
      return [(.background, "linear-gradient(\(color(top)), \(color(bottom)))")]
    case .reflectiveFill(let base, let highlight):
      return [(.background, "reflective(\(color(base))\(highlight ? ", highlight" : ""))")]
    case .shadow(let shadow): return [(.boxShadow, self.shadow(shadow))]
    case .innerShadow(let shadow): return [(.boxShadow, "inset " + self.shadow(shadow))]
    case .solidBorder(let stroke, let width): return [(.border, "\(width) \(color(stroke))")]
    case .fourBorder(let border):
      let sides: [(TTStyleSheetProperty, TTColor?)] = [
        (.borderTop, border.top), (.borderRight, border.right), (.borderBottom, border.bottom),
        (.borderLeft, border.left),
      ]
      var full = false
      if case .fourBorder = following { full = true }
      let written = full || sides.allSatisfy { $0.1 == nil } ? sides : sides.filter { $0.1 != nil }
      let width = border.width == 1 ? "" : "\(border.width) "
      return written.map { ($0.0, width + ($0.1.map(color) ?? "none")) }
    case .bevelBorder(let bevel):
      return [
        (
          .border,
          "bevel(\(color(bevel.highlight)), \(color(bevel.shadow)), \(bevel.width), \(bevel.lightSource))"
        )
      ]
    case .highlightBorder(let base, let highlight, let width):
      return [(.border, "highlight(\(color(base)), \(color(highlight)), \(width))")]
    case .linearGradientBorder(let gradient):
      let top = "\(color(gradient.color1)) \(number(gradient.location1))"
      let bottom = "\(color(gradient.color2)) \(number(gradient.location2))"
      return [(.border, "gradient(\(top), \(bottom), \(gradient.width))")]
    case .inset(let inset): return [(.inset, insets(inset))]
    case .box(let box):
      var full = false
      if case .box = following { full = true }
      return grouped(boxDeclarations(box), full: full)
    case .text(let look):
      var full = false
      if case .text = following { full = true }
      return grouped(textDeclarations(look), full: full)
    case .image(let look):
      var full = false
      if case .image = following { full = true }
      return grouped(imageDeclarations(look), full: full)
    case .mask(let address): return [(.mask, url(address))]
    case .blend(let mode): return [(.blend, mode.rawValue)]
    case .content: return [(.content, "here")]
    case .part: return []
    }
  }

  /// Each declaration with whether it differs from the default.
  private typealias Declaration = (property: TTStyleSheetProperty, value: String, differs: Bool)

  private static func grouped(_ all: [Declaration], full: Bool) -> [(TTStyleSheetProperty, String)] {
    let differing = all.filter(\.differs)
    return (full || differing.isEmpty ? all : differing).map { ($0.property, $0.value) }
  }

  private static func boxDeclarations(_ box: TTBox) -> [Declaration] {
    [
      (.margin, insets(box.margin), box.margin != .zero),
      (.padding, insets(box.padding), box.padding != .zero),
      (.minWidth, "\(box.minimumSize.width)", box.minimumSize.width != 0),
      (.minHeight, "\(box.minimumSize.height)", box.minimumSize.height != 0),
      (
        .position, TTStyleSheetKeywords.name(of: box.position, in: TTStyleSheetKeywords.positionPairs),
        box.position != .static
      ),
    ]
  }

  private static func textDeclarations(_ look: TTTextLook) -> [Declaration] {
    let defaults = TTTextLook()
    let attributes = look.attributes
    var weight: [String] = []
    if attributes.contains(.bold) { weight.append("bold") }
    if attributes.contains(.dim) { weight.append("faint") }
    var decoration: [String] = []
    if attributes.contains(.underline) { decoration.append("underline") }
    if attributes.contains(.strikethrough) { decoration.append("line-through") }
    let shadowColor = look.shadowColor.map(color) ?? "none"
    return [
      (.color, look.color.map(color) ?? "none", look.color != nil),
      (.backgroundColor, look.backgroundColor.map(color) ?? "none", look.backgroundColor != nil),
      (.fontWeight, weight.isEmpty ? "normal" : weight.joined(separator: " "), !weight.isEmpty),
      (.fontStyle, attributes.contains(.italic) ? "italic" : "normal", attributes.contains(.italic)),
      (
        .textDecoration, decoration.isEmpty ? "none" : decoration.joined(separator: " "),
        !decoration.isEmpty
      ),
      (.inverse, attributes.contains(.inverse) ? "true" : "false", attributes.contains(.inverse)),
      (
        .textShadow, "\(look.shadowOffset.x) \(look.shadowOffset.y) \(shadowColor)",
        look.shadowColor != nil || look.shadowOffset != defaults.shadowOffset
      ),
      (
        .textAlign, TTStyleSheetKeywords.name(of: look.alignment, in: TTStyleSheetKeywords.alignmentPairs),
        look.alignment != defaults.alignment
      ),
      (
        .verticalAlign,
        TTStyleSheetKeywords.name(
          of: look.verticalAlignment, in: TTStyleSheetKeywords.verticalAlignmentPairs),
        look.verticalAlignment != defaults.verticalAlignment
      ),
      (
        .lineBreak,
        TTStyleSheetKeywords.name(of: look.lineBreakMode, in: TTStyleSheetKeywords.lineBreakModePairs),
        look.lineBreakMode != defaults.lineBreakMode
      ),
      (.lines, "\(look.numberOfLines)", look.numberOfLines != defaults.numberOfLines),
    ]
  }

  private static func imageDeclarations(_ look: TTImageLook) -> [Declaration] {
    var source = look.url.map(url) ?? ""
    if let alternate = look.alternateText {
      source += (source.isEmpty ? "" : " ") + string(alternate)
    }
    return [
      (.image, source.isEmpty ? "none" : source, !source.isEmpty),
      (.imageSize, look.size.map { "\($0.width) \($0.height)" } ?? "auto", look.size != nil),
      (
        .imageFit, TTStyleSheetKeywords.name(of: look.contentMode, in: TTStyleSheetKeywords.contentModePairs),
        look.contentMode != .scaleToFill
      ),
    ]
  }

  // MARK: - Values

  /// A colour in the shortest form that reads back exactly: `#rrggbb` for opaque colours
  /// whose components are whole bytes, `rgba(…)` when only the alpha is fractional, and
  /// `color(srgb …)` otherwise.
  static func color(_ color: TTColor) -> String {
    let components = [color.red, color.green, color.blue]
    let bytes = components.map { ($0 * 255).rounded() }
    let wholeBytes = zip(components, bytes).allSatisfy { $0 == $1 / 255 }
    if wholeBytes {
      if color.alpha == 1 { return color.hexString }
      let parts = bytes.map { String(Int($0)) } + [number(color.alpha)]
      return "rgba(\(parts.joined(separator: ", ")))"
    }
    let parts = components.map(number).joined(separator: " ")
    return color.alpha == 1 ? "color(srgb \(parts))" : "color(srgb \(parts) / \(number(color.alpha)))"
  }

  static func shape(_ shape: TTShape) -> String {
    func radius(_ value: Int) -> String {
      value == TTCornerRadii.fullyRound ? "round" : "\(value)"
    }
    switch shape {
    case .rectangle: return "rectangle"
    case .roundedRectangle(let radii):
      if radii == TTCornerRadii(all: TTCornerRadii.fullyRound) { return "round" }
      if radii == TTCornerRadii(all: radii.topLeft) { return "rounded(\(radius(radii.topLeft)))" }
      let all = [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft].map(radius)
      return "rounded(\(all.joined(separator: " ")))"
    case .roundedLeftArrow(let value): return "left-arrow(\(value))"
    case .roundedRightArrow(let value): return "right-arrow(\(value))"
    case .speechBubble(let value, let location, let angle, let size):
      return
        "speech-bubble(\(value), \(number(location)), \(number(angle)), \(size.width) \(size.height))"
    }
  }

  static func shadow(_ shadow: TTShadow) -> String {
    "\(shadow.offset.x) \(shadow.offset.y) \(shadow.blur) \(color(shadow.color))"
  }

  static func insets(_ insets: TTEdgeInsets) -> String {
    if insets == TTEdgeInsets(all: insets.top) { return "\(insets.top)" }
    if insets.top == insets.bottom, insets.left == insets.right { return "\(insets.top) \(insets.left)" }
    return "\(insets.top) \(insets.right) \(insets.bottom) \(insets.left)"
  }

  static func number(_ value: Double) -> String {
    TTStyleSheetValueReader.format(value)
  }

  static func url(_ address: String) -> String {
    "url(\(string(address)))"
  }

  /// A string in double quotes, with `"`, `\`, control and line-breaking characters escaped,
  /// and any character that would join the quotes or an escape into one character (a
  /// combining mark right after the opening quote, for example) written as `\u{…}`.
  static func string(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var quoted = "\""
    // The last character written when it was syntax (the quote or the end of an escape).
    var syntax: String? = "\""
    for (index, scalar) in scalars.enumerated() {
      let joinsSyntax =
        (syntax.map { ($0 + String(scalar)).count == 1 } ?? false)
        || (index == scalars.count - 1 && (String(scalar) + "\"").count != 2)
      let escape: String? =
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default:
          scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
            || (scalar.properties.isWhitespace && scalar != " ") || joinsSyntax
            ? "\\u{\(String(scalar.value, radix: 16))}" : nil
        }
      if let escape {
        quoted += escape
        syntax = escape.last.map(String.init)
      } else {
        quoted.unicodeScalars.append(scalar)
        syntax = nil
      }
    }
    return quoted + "\""
  }
}
