/// Reads the CSS-like stylesheet format into a ``TTStyleSheet``.
///
/// The format is described in the Stylesheets article. The parser reads the whole text or
/// throws on the first error, so a sheet is never half loaded.
struct TTStyleSheetParser {
  /// The largest number of cells, or named value, a stylesheet may give; anything larger is
  /// almost certainly a mistake, and would overflow when frames are inset.
  static let largestCellCount = 100_000
  /// How deeply `@part` blocks may nest by default: 16 parts, one inside the other.
  static let deepestPartNesting = 16

  private let source: TTStyleSheetSource
  /// How deeply `@part` blocks may nest here; nothing recurses over it, so tests raise it.
  private let partNestingLimit: Int
  private var tokens: [TTStyleSheetToken]
  private var index = 0
  /// Colours from `@colors`, in the order they were defined.
  private var colors: [String: TTColor] = [:]
  private var colorOrder: [String] = []
  private var sheet = TTStyleSheet()

  init(
    text: String, sourceName: String, partNestingLimit: Int = TTStyleSheetParser.deepestPartNesting
  ) throws(TTStyleError) {
    let source = TTStyleSheetSource(name: sourceName, text: text)
    var lexer = TTStyleSheetLexer(text: text, source: source)
    self.source = source
    self.partNestingLimit = partNestingLimit
    self.tokens = try lexer.tokens()
  }

  /// Reads the whole text.
  mutating func parse() throws(TTStyleError) -> TTStyleSheet {
    while current.kind != .end {
      if current.kind == .atKeyword {
        try parseAtRule()
      } else if current.kind == .identifier {
        try parseRule()
      } else {
        throw error("expected a style name, @colors or @values, found \(current.quoted)", at: current)
      }
    }
    return sheet
  }

  // MARK: - Tokens

  private var current: TTStyleSheetToken { tokens[min(index, tokens.count - 1)] }

  private mutating func next() -> TTStyleSheetToken {
    let token = current
    if index < tokens.count - 1 { index += 1 }
    return token
  }

  private func error(_ message: String, at token: TTStyleSheetToken) -> TTStyleError {
    source.error(message, at: token)
  }

  private mutating func expectPunctuation(_ mark: String, _ context: String) throws(TTStyleError) {
    guard current.isPunctuation(mark) else {
      throw error("expected '\(mark)' \(context), found \(current.quoted)", at: current)
    }
    _ = next()
  }

  // MARK: - @colors and @values

  private mutating func parseAtRule() throws(TTStyleError) {
    let keyword = next()
    switch keyword.text.lowercased() {
    case "colors":
      try parseDefinitions(in: keyword) { parser, name, value throws(TTStyleError) in
        let color: TTColor
        do {
          // The reader holds a copy of the parser: let it go before the parser changes, so
          // the colour table is not copied for every definition.
          var reader = TTStyleSheetValueReader(
            value, end: parser.current, property: name.text, parser: parser)
          color = try reader.color()
          try reader.expectEnd()
        }
        if parser.colors[name.text] == nil { parser.colorOrder.append(name.text) }
        parser.colors[name.text] = color
        parser.sheet.setColor(color, named: name.text)
      }
    case "values":
      try parseDefinitions(in: keyword) { parser, name, value throws(TTStyleError) in
        let number: Int
        do {
          var reader = TTStyleSheetValueReader(
            value, end: parser.current, property: name.text, parser: parser)
          number = try reader.cells()
          try reader.expectEnd()
        }
        parser.sheet.setValue(number, named: name.text)
      }
    default:
      let known = ["colors", "values"]
      let hint =
        TTStyleSheetSource.suggestion(for: keyword.text, among: known).map { "; did you mean '@\($0)'?" }
        ?? ""
      throw error(
        "unknown at-rule '@\(keyword.text)' (expected @colors or @values here, or @part inside a rule)\(hint)",
        at: keyword)
    }
  }

  /// Reads `{ name: value; … }`, handing each definition to `define`.
  private mutating func parseDefinitions(
    in keyword: TTStyleSheetToken,
    _ define: (inout TTStyleSheetParser, TTStyleSheetToken, [TTStyleSheetToken]) throws(TTStyleError) -> Void
  ) throws(TTStyleError) {
    try expectPunctuation("{", "after '@\(keyword.text)'")
    while !current.isPunctuation("}") {
      guard current.kind == .identifier else {
        throw error(
          "expected a name or '}' in '@\(keyword.text)', found \(current.quoted)", at: current)
      }
      let name = next()
      try expectPunctuation(":", "after '\(name.text)'")
      let value = try valueTokens(for: name)
      try define(&self, name, value)
      try endDeclaration(name)
    }
    _ = next()
  }

  // MARK: - Rules

  private mutating func parseRule() throws(TTStyleError) {
    var selectors: [(name: String, state: TTControlState)] = []
    while true {
      guard current.kind == .identifier else {
        throw error("expected a style name, found \(current.quoted)", at: current)
      }
      let name = next()
      var state = TTControlState.normal
      if current.isPunctuation(":") {
        _ = next()
        let stateToken = current
        let names = TTControlState.allCases.map(\.rawValue)
        guard stateToken.kind == .identifier, let parsed = TTControlState(rawValue: stateToken.text) else {
          let hint =
            stateToken.kind == .identifier ? TTStyleSheetSource.didYouMean(stateToken.text, among: names) : ""
          throw error(
            "unknown state \(stateToken.quoted) for '\(name.text)' "
              + "(expected normal, highlighted, selected or disabled)\(hint)",
            at: stateToken)
        }
        _ = next()
        state = parsed
      }
      selectors.append((name.text, state))
      if current.isPunctuation(",") {
        _ = next()
        continue
      }
      guard current.isPunctuation("{") else {
        throw error(
          "expected ',' or '{' after the selector '\(name.text)', found \(current.quoted)", at: current)
      }
      break
    }
    let open = next()
    let style = try parseBody(opening: open)
    for selector in selectors {
      sheet.setStyle(style, named: selector.name, for: selector.state)
    }
  }

  /// Reads declarations and `@part` blocks up to and including the closing `}`.
  ///
  /// Nested `@part` blocks are kept on an explicit stack, not read by recursion.
  private mutating func parseBody(opening: TTStyleSheetToken) throws(TTStyleError) -> TTStyle {
    // The blocks being read: the rule's own first (it has no part name), the innermost last.
    var blocks: [(opening: TTStyleSheetToken, part: String?, builder: TTStyleSheetLayerBuilder)] = [
      (opening, nil, TTStyleSheetLayerBuilder())
    ]
    while true {
      let token = current
      if token.isPunctuation("}") {
        _ = next()
        let block = blocks.removeLast()
        guard let name = block.part else { return block.builder.style }
        blocks[blocks.count - 1].builder.append(.part(name: name, style: block.builder.style))
        continue
      }
      if token.kind == .end {
        let opening = blocks[blocks.count - 1].opening
        throw error(
          "expected '}' to close the block opened at line \(opening.line), column \(opening.column)",
          at: token)
      }
      if token.kind == .atKeyword {
        guard token.text.lowercased() == "part" else {
          throw error(
            "unknown at-rule '@\(token.text)' inside a rule; only @part is allowed here", at: token)
        }
        _ = next()
        // `blocks` holds the rule's block and the parts around this one.
        guard blocks.count <= partNestingLimit else {
          throw error(
            "@part blocks nest more than \(partNestingLimit) deep (the limit); "
              + "move this part out of the parts around it", at: token)
        }
        guard current.kind == .identifier else {
          throw error("expected the part's name after '@part', found \(current.quoted)", at: current)
        }
        let name = next()
        guard current.isPunctuation("{") else {
          throw error("expected '{' after '@part \(name.text)', found \(current.quoted)", at: current)
        }
        blocks.append((next(), name.text, TTStyleSheetLayerBuilder()))
        continue
      }
      guard token.kind == .identifier else {
        throw error("expected a property name or '}', found \(token.quoted)", at: token)
      }
      let property = next()
      try expectPunctuation(":", "after the property '\(property.text)'")
      let value = try valueTokens(for: property)
      var reader = TTStyleSheetValueReader(value, end: current, property: property.text, parser: self)
      try reader.apply(to: &blocks[blocks.count - 1].builder, property: property)
      try endDeclaration(property)
    }
  }

  /// The tokens of a value: everything up to `;` or `}` outside parentheses, or up to a `{`.
  private mutating func valueTokens(for name: TTStyleSheetToken) throws(TTStyleError) -> [TTStyleSheetToken] {
    var value: [TTStyleSheetToken] = []
    var depth = 0
    while true {
      let token = current
      if token.kind == .end { break }
      if depth == 0, token.isPunctuation(";") || token.isPunctuation("}") || token.isPunctuation("{") {
        break
      }
      if token.isPunctuation("(") { depth += 1 }
      if token.isPunctuation(")") {
        guard depth > 0 else { throw error("unexpected ')' in the value of '\(name.text)'", at: token) }
        depth -= 1
      }
      value.append(next())
    }
    guard !value.isEmpty else {
      throw error("expected a value for '\(name.text)', found \(current.quoted)", at: current)
    }
    return value
  }

  /// Consumes the `;` after a declaration (it may be left out before `}`).
  private mutating func endDeclaration(_ name: TTStyleSheetToken) throws(TTStyleError) {
    if current.isPunctuation(";") {
      _ = next()
    } else if !current.isPunctuation("}") {
      throw error(
        "expected ';' or '}' after the value of '\(name.text)', found \(current.quoted)", at: current)
    }
  }

  // MARK: - Used by the value reader

  func makeError(_ message: String, at token: TTStyleSheetToken) -> TTStyleError {
    error(message, at: token)
  }

  func namedColor(_ name: String) -> TTColor? {
    colors[name] ?? TTStyleSheetNamedColors.color(named: name)
  }

  var colorNamesForSuggestions: [String] {
    colorOrder + TTStyleSheetNamedColors.names
  }
}
