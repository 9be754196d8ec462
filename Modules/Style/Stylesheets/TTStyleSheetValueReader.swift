/// Reads the value of one declaration: numbers, colours, keywords and functions, with errors
/// that point at the token that was not what was expected.
struct TTStyleSheetValueReader {
  private let tokens: [TTStyleSheetToken]
  private var position = 0
  /// The token after the value (`;` or `}`), named in errors when the value ends too soon.
  private let end: TTStyleSheetToken
  private let property: String
  private let parser: TTStyleSheetParser

  init(_ tokens: [TTStyleSheetToken], end: TTStyleSheetToken, property: String, parser: TTStyleSheetParser) {
    self.tokens = tokens
    self.end = end
    self.property = property
    self.parser = parser
  }

  // MARK: - Tokens

  private var current: TTStyleSheetToken { position < tokens.count ? tokens[position] : end }
  private var isAtEnd: Bool { position >= tokens.count }

  private func peek(_ offset: Int) -> TTStyleSheetToken? {
    position + offset < tokens.count ? tokens[position + offset] : nil
  }

  private mutating func next() -> TTStyleSheetToken {
    let token = current
    position += 1
    return token
  }

  private func error(_ message: String, at token: TTStyleSheetToken? = nil) -> TTStyleError {
    parser.makeError(message, at: token ?? current)
  }

  /// Throws unless the whole value has been read.
  mutating func expectEnd() throws(TTStyleError) {
    guard isAtEnd else {
      throw error("expected ';' after the value of '\(property)', found \(current.quoted)")
    }
  }

  private mutating func expectPunctuation(_ mark: String, _ context: String) throws(TTStyleError) {
    guard current.isPunctuation(mark) else {
      throw error("expected '\(mark)' \(context), found \(current.quoted)")
    }
    position += 1
  }

  /// Whether the next tokens are the function `name(`.
  private func isFunction(_ name: String) -> Bool {
    current.kind == .identifier && current.text.lowercased() == name && peek(1)?.isPunctuation("(") == true
  }

  // MARK: - Values

  /// One of `allowed`, as written in lower case.
  mutating func keyword(_ allowed: [String]) throws(TTStyleError) -> String {
    let token = current
    let list = Self.list(allowed)
    guard token.kind == .identifier else {
      throw error("expected \(list) for '\(property)', found \(token.quoted)")
    }
    let word = token.text.lowercased()
    guard allowed.contains(word) else {
      let hint = TTStyleSheetSource.didYouMean(token.text, among: allowed)
      throw error("unknown value '\(token.text)' for '\(property)' (expected \(list))\(hint)")
    }
    position += 1
    return word
  }

  /// Whether the next token is the keyword `word`; it is consumed if so.
  private mutating func take(_ word: String) -> Bool {
    guard current.kind == .identifier, current.text.lowercased() == word else { return false }
    position += 1
    return true
  }

  /// A whole number of cells, between -100 000 and 100 000.
  mutating func cells(
    _ what: String = "a whole number of cells", minimum: Int? = nil
  ) throws(TTStyleError) -> Int {
    let token = current
    let limit = TTStyleSheetParser.largestCellCount
    guard token.kind == .number else {
      throw error("expected \(what) for '\(property)', found \(token.quoted)")
    }
    guard !token.text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
      throw error("expected \(what) for '\(property)', found '\(token.text)'; sizes are whole cells")
    }
    guard let value = Int(token.text), (-limit...limit).contains(value) else {
      throw error(
        "'\(token.text)' is out of range for '\(property)'; use a number from -\(limit) to \(limit)")
    }
    if let minimum, value < minimum {
      throw error(
        "expected \(what) for '\(property)', found '\(token.text)'; it can't be less than \(minimum)")
    }
    position += 1
    return value
  }

  /// A finite decimal number, optionally within a range.
  mutating func number(_ what: String, in range: ClosedRange<Double>? = nil) throws(TTStyleError) -> Double {
    let token = current
    guard token.kind == .number, let value = Double(token.text), value.isFinite else {
      throw error("expected \(what) for '\(property)', found \(token.quoted)")
    }
    if let range, !range.contains(value) {
      throw error(
        "\(what) goes from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), "
          + "found '\(token.text)'")
    }
    position += 1
    return value
  }

  /// A quoted string.
  mutating func string(_ what: String) throws(TTStyleError) -> String {
    guard current.kind == .string else {
      throw error("expected \(what) in quotes for '\(property)', found \(current.quoted)")
    }
    return next().text
  }

  /// `url("…")` or `url(…)`.
  mutating func url() throws(TTStyleError) -> String {
    guard isFunction("url") else {
      throw error("expected url(\"…\") for '\(property)', found \(current.quoted)")
    }
    position += 2
    let address = try string("an address")
    try expectPunctuation(")", "after the address in url()")
    return address
  }

  /// One, two, three or four numbers of cells, as in CSS: all sides; vertical and
  /// horizontal; top, horizontal and bottom; or top, right, bottom and left.
  mutating func insets() throws(TTStyleError) -> TTEdgeInsets {
    var values: [Int] = []
    repeat {
      values.append(try cells())
    } while !isAtEnd && values.count < 4
    switch values.count {
    case 1: return TTEdgeInsets(all: values[0])
    case 2: return TTEdgeInsets(vertical: values[0], horizontal: values[1])
    case 3: return TTEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[1])
    default: return TTEdgeInsets(top: values[0], left: values[3], bottom: values[2], right: values[1])
    }
  }

  /// A colour, or `nil` for the keyword `none`.
  mutating func optionalColor() throws(TTStyleError) -> TTColor? {
    if take("none") { return nil }
    return try color()
  }

  /// A colour in any of the format's forms.
  mutating func color() throws(TTStyleError) -> TTColor {
    let token = current
    switch token.kind {
    case .hash:
      position += 1
      let digits = token.text
      guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit),
        let color = try? TTColor(hex: digits)
      else {
        throw error(
          "'#\(digits)' is not a hex colour; write #rgb, #rgba, #rrggbb or #rrggbbaa, such as #ff8800",
          at: token)
      }
      return color
    case .identifier where isFunction("rgb") || isFunction("rgba"):
      let name = next().text.lowercased()
      position += 1
      let what = "a red, green or blue component"
      let red = try number(what, in: 0...255)
      try expectPunctuation(",", "between the components of \(name)()")
      let green = try number(what, in: 0...255)
      try expectPunctuation(",", "between the components of \(name)()")
      let blue = try number(what, in: 0...255)
      var alpha = 1.0
      if current.isPunctuation(",") {
        position += 1
        alpha = try number("an alpha", in: 0...1)
      }
      try expectPunctuation(")", "to close \(name)()")
      return TTColor(unitRed: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    case .identifier where isFunction("hsv") || isFunction("hsva"):
      let name = next().text.lowercased()
      position += 1
      let hue = try number("a hue in degrees")
      try expectPunctuation(",", "between the components of \(name)()")
      let saturation = try number("a saturation", in: 0...1)
      try expectPunctuation(",", "between the components of \(name)()")
      let value = try number("a value (brightness)", in: 0...1)
      var alpha = 1.0
      if current.isPunctuation(",") {
        position += 1
        alpha = try number("an alpha", in: 0...1)
      }
      try expectPunctuation(")", "to close \(name)()")
      return TTColor(hue: hue, saturation: saturation, value: value, alpha: alpha)
    case .identifier where isFunction("color"):
      position += 2
      guard take("srgb") else {
        throw error("expected 'srgb' as the first word of color(), found \(current.quoted)")
      }
      let what = "an sRGB component"
      let red = try number(what, in: 0...1)
      let green = try number(what, in: 0...1)
      let blue = try number(what, in: 0...1)
      var alpha = 1.0
      if current.isPunctuation("/") {
        position += 1
        alpha = try number("an alpha", in: 0...1)
      }
      try expectPunctuation(")", "to close color()")
      return TTColor(unitRed: red, green: green, blue: blue, alpha: alpha)
    case .identifier:
      if let color = parser.namedColor(token.text) {
        position += 1
        return color
      }
      if peek(1)?.isPunctuation("(") == true {
        throw error(
          "unknown colour function '\(token.text)()'; expected rgb(), rgba(), hsv(), hsva() or color(srgb …)")
      }
      let hint = TTStyleSheetSource.didYouMean(token.text, among: parser.colorNamesForSuggestions)
      throw error(
        "unknown colour '\(token.text)' (define it in @colors above this line, or use a built-in "
          + "colour such as black, white or gray)\(hint)")
    default:
      throw error(
        "expected a colour for '\(property)' (#rrggbb, rgb(r, g, b), hsv(h, s, v) or a name), "
          + "found \(token.quoted)")
    }
  }

  // MARK: - Properties

  /// Reads the value of `property` and adds what it makes to `builder`.
  mutating func apply(
    to builder: inout TTStyleSheetLayerBuilder, property token: TTStyleSheetToken
  ) throws(TTStyleError) {
    guard let property = TTStyleSheetProperty(rawValue: token.text.lowercased()) else {
      let hint = TTStyleSheetSource.didYouMean(
        token.text, among: TTStyleSheetProperty.allCases.map(\.rawValue))
      throw error("unknown property '\(token.text)'\(hint)", at: token)
    }
    switch property {
    case .shape: builder.append(.shape(try shape()))
    case .background: builder.append(try background())
    case .border: builder.append(try border())
    case .borderTop, .borderRight, .borderBottom, .borderLeft:
      let width = try current.kind == .number ? cells("a border width", minimum: 0) : 1
      let color = try optionalColor()
      builder.setBorderSide(property, width: width) { border in
        switch property {
        case .borderTop: border.top = color
        case .borderRight: border.right = color
        case .borderBottom: border.bottom = color
        default: border.left = color
        }
      }
    case .boxShadow:
      let inner = take("inset")
      let dx = try cells("a horizontal offset in cells")
      let dy = try cells("a vertical offset in cells")
      let blur = try current.kind == .number ? cells("a blur in cells", minimum: 0) : 0
      let shadow = TTShadow(color: try color(), blur: blur, offset: TTPoint(x: dx, y: dy))
      builder.append(inner ? .innerShadow(shadow) : .shadow(shadow))
    case .inset: builder.append(.inset(try insets()))
    case .margin:
      let margin = try insets()
      builder.setBox(property) { $0.margin = margin }
    case .padding:
      let padding = try insets()
      builder.setBox(property) { $0.padding = padding }
    case .minWidth:
      let width = try cells("a width in cells", minimum: 0)
      builder.setBox(property) { $0.minimumSize.width = width }
    case .minHeight:
      let height = try cells("a height in cells", minimum: 0)
      builder.setBox(property) { $0.minimumSize.height = height }
    case .position:
      let position = TTStyleSheetKeywords.positions[try keyword(TTStyleSheetKeywords.positionNames)]
      builder.setBox(property) { $0.position = position ?? .static }
    case .color:
      let color = try optionalColor()
      builder.setText(property) { $0.color = color }
    case .backgroundColor:
      let color = try optionalColor()
      builder.setText(property) { $0.backgroundColor = color }
    case .fontWeight:
      let weight = try attributes(["bold": .bold, "faint": .dim], none: "normal")
      builder.setText(property) { $0.attributes = $0.attributes.subtracting([.bold, .dim]).union(weight) }
    case .fontStyle:
      let italic = try keyword(["normal", "italic"]) == "italic"
      builder.setText(property) {
        if italic { $0.attributes.insert(.italic) } else { $0.attributes.remove(.italic) }
      }
    case .textDecoration:
      let decoration = try attributes(
        ["underline": .underline, "line-through": .strikethrough], none: "none")
      builder.setText(property) {
        $0.attributes = $0.attributes.subtracting([.underline, .strikethrough]).union(decoration)
      }
    case .inverse:
      let inverse = try keyword(["true", "false"]) == "true"
      builder.setText(property) {
        if inverse { $0.attributes.insert(.inverse) } else { $0.attributes.remove(.inverse) }
      }
    case .textShadow:
      var offset = TTPoint(x: 0, y: 1)
      var color: TTColor?
      if !take("none") {
        offset = TTPoint(
          x: try cells("a horizontal offset in cells"), y: try cells("a vertical offset in cells"))
        color = try optionalColor()
      }
      builder.setText(property) {
        $0.shadowColor = color
        $0.shadowOffset = offset
      }
    case .textAlign:
      let alignment = TTStyleSheetKeywords.alignments[try keyword(TTStyleSheetKeywords.alignmentNames)]
      builder.setText(property) { $0.alignment = alignment ?? .left }
    case .verticalAlign:
      let alignment = TTStyleSheetKeywords.verticalAlignments[
        try keyword(TTStyleSheetKeywords.verticalAlignmentNames)]
      builder.setText(property) { $0.verticalAlignment = alignment ?? .middle }
    case .lineBreak:
      let mode = TTStyleSheetKeywords.lineBreakModes[try keyword(TTStyleSheetKeywords.lineBreakModeNames)]
      builder.setText(property) { $0.lineBreakMode = mode ?? .truncateTail }
    case .lines:
      let lines = try cells("a number of lines (0 for no limit)", minimum: 0)
      builder.setText(property) { $0.numberOfLines = lines }
    case .image:
      var address: String?
      if !take("none"), isFunction("url") { address = try url() }
      let alternate: String? = current.kind == .string ? next().text : nil
      if address == nil, alternate == nil, position == 0 {
        throw error(
          "expected url(\"…\"), none or alternate text in quotes for 'image', found \(current.quoted)")
      }
      builder.setImage(property) {
        $0.url = address
        $0.alternateText = alternate
      }
    case .imageSize:
      var size: TTSize?
      if !take("auto") {
        size = TTSize(
          width: try cells("a width in cells", minimum: 0), height: try cells("a height in cells", minimum: 0)
        )
      }
      builder.setImage(property) { $0.size = size }
    case .imageFit:
      let mode = TTStyleSheetKeywords.contentModes[try keyword(TTStyleSheetKeywords.contentModeNames)]
      builder.setImage(property) { $0.contentMode = mode ?? .scaleToFill }
    case .mask: builder.append(.mask(imageURL: try url()))
    case .blend:
      let mode = TTBlendMode(rawValue: try keyword(TTBlendMode.allCases.map(\.rawValue))) ?? .normal
      builder.append(.blend(mode))
    case .content:
      _ = try keyword(["here"])
      builder.append(.content)
    }
    try expectEnd()
  }

  /// One or two attribute keywords, or the keyword that means none.
  private mutating func attributes(
    _ names: KeyValuePairs<String, TTTextAttributes>, none: String
  ) throws(TTStyleError) -> TTTextAttributes {
    let allowed = [none] + names.map(\.key)
    let first = try keyword(allowed)
    if first == none { return [] }
    var attributes = names.first { $0.key == first }?.value ?? []
    if !isAtEnd {
      let second = try keyword(names.map(\.key).filter { $0 != first })
      attributes.formUnion(names.first { $0.key == second }?.value ?? [])
    }
    return attributes
  }

  private mutating func shape() throws(TTStyleError) -> TTShape {
    let token = current
    let shapes = ["rectangle", "round", "rounded", "left-arrow", "right-arrow", "speech-bubble"]
    let name = try keyword(shapes)
    switch name {
    case "rectangle": return .rectangle
    case "round": return .roundedRectangle(TTCornerRadii(all: TTCornerRadii.fullyRound))
    default: break
    }
    guard current.isPunctuation("(") else {
      throw error(
        "expected '(' after '\(name)', as in \(name)(1)", at: current.kind == .end ? token : current)
    }
    position += 1
    let shape: TTShape
    switch name {
    case "rounded":
      var radii: [Int] = []
      repeat {
        if take("round") {
          radii.append(TTCornerRadii.fullyRound)
        } else {
          radii.append(try cells("a radius in cells or 'round'", minimum: 0))
        }
      } while !current.isPunctuation(")") && radii.count < 4
      guard radii.count == 1 || radii.count == 4 else {
        throw error(
          "expected one radius or four (top-left, top-right, bottom-right, bottom-left) in rounded()")
      }
      shape =
        radii.count == 1
        ? .roundedRectangle(TTCornerRadii(all: radii[0]))
        : .roundedRectangle(
          TTCornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3]))
    case "left-arrow": shape = .roundedLeftArrow(radius: try cells("a radius in cells", minimum: 0))
    case "right-arrow": shape = .roundedRightArrow(radius: try cells("a radius in cells", minimum: 0))
    default:
      let radius = try cells("a radius in cells", minimum: 0)
      try expectPunctuation(",", "after the radius of speech-bubble()")
      let location = try number("a pointer location in degrees")
      try expectPunctuation(",", "after the pointer location of speech-bubble()")
      let angle = try number("a pointer angle in degrees")
      try expectPunctuation(",", "after the pointer angle of speech-bubble()")
      let width = try cells("a pointer width in cells", minimum: 0)
      let height = try cells("a pointer length in cells", minimum: 0)
      shape = .speechBubble(
        radius: radius, pointLocation: location, pointAngle: angle,
        pointSize: TTSize(width: width, height: height))
    }
    try expectPunctuation(")", "to close \(name)()")
    return shape
  }

  private mutating func background() throws(TTStyleError) -> TTStyle.Layer {
    if isFunction("linear-gradient") {
      position += 2
      let top = try color()
      try expectPunctuation(",", "between the colours of linear-gradient()")
      let bottom = try color()
      try expectPunctuation(")", "to close linear-gradient()")
      return .linearGradientFill(top, bottom)
    }
    if isFunction("reflective") {
      position += 2
      let base = try color()
      var highlight = false
      if current.isPunctuation(",") {
        position += 1
        _ = try keyword(["highlight"])
        highlight = true
      }
      try expectPunctuation(")", "to close reflective()")
      return .reflectiveFill(base, bottomHighlight: highlight)
    }
    return .solidFill(try color())
  }

  private mutating func border() throws(TTStyleError) -> TTStyle.Layer {
    if isFunction("bevel") {
      position += 2
      let highlight = try color()
      try expectPunctuation(",", "after the highlight colour of bevel()")
      let shadow = try color()
      var width = 1
      var light = 125
      if current.isPunctuation(",") {
        position += 1
        width = try cells("a border width", minimum: 0)
        if current.isPunctuation(",") {
          position += 1
          light = try cells("a light direction in degrees")
        }
      }
      try expectPunctuation(")", "to close bevel()")
      return .bevelBorder(
        TTBevelBorder(highlight: highlight, shadow: shadow, width: width, lightSource: light))
    }
    if isFunction("highlight") {
      position += 2
      let base = try color()
      try expectPunctuation(",", "after the colour of highlight()")
      let highlight = try color()
      var width = 1
      if current.isPunctuation(",") {
        position += 1
        width = try cells("a border width", minimum: 0)
      }
      try expectPunctuation(")", "to close highlight()")
      return .highlightBorder(base, highlight: highlight, width: width)
    }
    if isFunction("gradient") {
      position += 2
      let top = try color()
      let topLocation = try current.kind == .number ? number("a location", in: 0...1) : 0
      try expectPunctuation(",", "between the colours of gradient()")
      let bottom = try color()
      let bottomLocation = try current.kind == .number ? number("a location", in: 0...1) : 1
      var width = 1
      if current.isPunctuation(",") {
        position += 1
        width = try cells("a border width", minimum: 0)
      }
      try expectPunctuation(")", "to close gradient()")
      return .linearGradientBorder(
        TTGradientBorder(
          color1: top, location1: topLocation, color2: bottom, location2: bottomLocation, width: width))
    }
    let width = try current.kind == .number ? cells("a border width", minimum: 0) : 1
    return .solidBorder(try color(), width: width)
  }

  // MARK: - Formatting

  /// `a`, `a or b`, `a, b or c`, each quoted.
  static func list(_ words: [String]) -> String {
    let quoted = words.map { "'\($0)'" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + last
  }

  /// A number as the writer writes it: whole numbers without a fraction.
  static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
  }
}
