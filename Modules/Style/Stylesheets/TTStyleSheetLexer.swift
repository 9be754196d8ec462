/// Splits a stylesheet's text into tokens, skipping white space and `/* … */` comments.
struct TTStyleSheetLexer {
  private let source: TTStyleSheetSource
  private let characters: [Character]
  private var position = 0
  private var line = 1
  private var column = 1

  init(text: String, source: TTStyleSheetSource) {
    self.source = source
    var characters = Array(text)
    if characters.first == "\u{FEFF}" { characters.removeFirst() }
    self.characters = characters
  }

  /// Every token of the text, ending with one ``TTStyleSheetToken/Kind/end`` token.
  ///
  /// - Throws: ``TTStyleError`` for an unterminated comment or string, or a character that
  ///   starts no token.
  ///
  /// The end token stands right after the last token, so that "found end of file" points
  /// where something is missing rather than at a blank line.
  mutating func tokens() throws(TTStyleError) -> [TTStyleSheetToken] {
    var tokens: [TTStyleSheetToken] = []
    var lastEnd = (line: 1, column: 1)
    while true {
      if !tokens.isEmpty { lastEnd = (line, column) }
      try skipSpaceAndComments()
      guard let character = peek() else {
        tokens.append(TTStyleSheetToken(kind: .end, text: "", line: lastEnd.line, column: lastEnd.column))
        return tokens
      }
      let startLine = line
      let startColumn = column
      func make(_ kind: TTStyleSheetToken.Kind, _ text: String) -> TTStyleSheetToken {
        TTStyleSheetToken(kind: kind, text: text, line: startLine, column: startColumn)
      }
      if Self.isNameStart(character) {
        let name = readName()
        tokens.append(make(.identifier, name))
        if name.lowercased() == "url", peek() == "(" {
          try readURLArgument(into: &tokens)
        }
      } else if character == "@" {
        advance()
        guard let next = peek(), Self.isNameStart(next) else {
          throw source.error(
            "expected a name after '@', such as @colors or @values", line: startLine, column: startColumn)
        }
        tokens.append(make(.atKeyword, readName()))
      } else if character == "#" {
        advance()
        var text = ""
        while let next = peek(), next.isASCII, next.isLetter || next.isNumber {
          text.append(next)
          advance()
        }
        tokens.append(make(.hash, text))
      } else if Self.startsNumber(character, next: peek(at: 1), afterNext: peek(at: 2)) {
        tokens.append(make(.number, readNumber()))
      } else if character == "\"" || character == "'" {
        tokens.append(make(.string, try readString()))
      } else if "{}():;,/".contains(character) {
        advance()
        tokens.append(make(.punctuation, String(character)))
      } else {
        throw source.error(
          "unexpected character '\(character)'; expected a name, a number, a colour or punctuation",
          line: startLine, column: startColumn)
      }
    }
  }

  private static func isNameStart(_ character: Character) -> Bool {
    character == "_" || (character.isASCII && character.isLetter)
  }

  private static func isNameCharacter(_ character: Character) -> Bool {
    character == "_" || character == "-" || (character.isASCII && (character.isLetter || character.isNumber))
  }

  private static func isDigit(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isASCII && character.isNumber
  }

  private static func startsNumber(_ character: Character, next: Character?, afterNext: Character?) -> Bool {
    if isDigit(character) { return true }
    if character == "." { return isDigit(next) }
    if character == "-" || character == "+" {
      return isDigit(next) || (next == "." && isDigit(afterNext))
    }
    return false
  }

  private func peek(at offset: Int = 0) -> Character? {
    position + offset < characters.count ? characters[position + offset] : nil
  }

  private mutating func advance() {
    guard position < characters.count else { return }
    if characters[position].isNewline {
      line += 1
      column = 1
    } else {
      column += 1
    }
    position += 1
  }

  private mutating func skipSpaceAndComments() throws(TTStyleError) {
    while let character = peek() {
      if character.isWhitespace {
        advance()
      } else if character == "/", peek(at: 1) == "*" {
        let startLine = line
        let startColumn = column
        advance()
        advance()
        while true {
          guard let next = peek() else {
            throw source.error(
              "unterminated comment; expected '*/' to close the comment that starts here",
              line: startLine, column: startColumn)
          }
          if next == "*", peek(at: 1) == "/" {
            advance()
            advance()
            break
          }
          advance()
        }
      } else {
        return
      }
    }
  }

  private mutating func readName() -> String {
    var name = ""
    while let character = peek(), Self.isNameCharacter(character) {
      name.append(character)
      advance()
    }
    return name
  }

  private mutating func readNumber() -> String {
    var text = ""
    func take(_ lexer: inout TTStyleSheetLexer) {
      if let character = lexer.peek() { text.append(character) }
      lexer.advance()
    }
    if peek() == "-" || peek() == "+" { take(&self) }
    while Self.isDigit(peek()) { take(&self) }
    if peek() == ".", Self.isDigit(peek(at: 1)) {
      take(&self)
      while Self.isDigit(peek()) { take(&self) }
    }
    if peek() == "e" || peek() == "E" {
      let signed = peek(at: 1) == "-" || peek(at: 1) == "+"
      if Self.isDigit(peek(at: signed ? 2 : 1)) {
        take(&self)
        if signed { take(&self) }
        while Self.isDigit(peek()) { take(&self) }
      }
    }
    return text
  }

  /// Reads a quoted string; the escapes `\"`, `\'`, `\\`, `\n`, `\t`, `\r` and `\u{…}` are
  /// understood, and any other escaped character stands for itself.
  private mutating func readString() throws(TTStyleError) -> String {
    let startLine = line
    let startColumn = column
    guard let quote = peek() else { return "" }
    advance()
    var text = ""
    while true {
      guard let character = peek(), !character.isNewline else {
        throw source.error(
          "unterminated string; expected \(quote) before the end of the line", line: startLine,
          column: startColumn)
      }
      advance()
      if character == quote { return text }
      guard character == "\\" else {
        text.append(character)
        continue
      }
      guard let escaped = peek(), !escaped.isNewline else { continue }
      let escapeLine = line
      let escapeColumn = column - 1
      advance()
      switch escaped {
      case "n": text.append("\n")
      case "t": text.append("\t")
      case "r": text.append("\r")
      case "u":
        guard peek() == "{" else {
          throw source.error(
            "expected '{' after '\\u', as in \\u{1F600}", line: escapeLine, column: escapeColumn)
        }
        advance()
        var digits = ""
        while let digit = peek(), digit.isHexDigit, digits.count < 8 {
          digits.append(digit)
          advance()
        }
        guard peek() == "}", let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
          throw source.error(
            "expected 1 to 6 hex digits and '}' after '\\u{', naming a Unicode scalar, as in \\u{1F600}",
            line: escapeLine, column: escapeColumn)
        }
        advance()
        text.unicodeScalars.append(scalar)
      default: text.append(escaped)
      }
    }
  }

  /// After `url`, reads `(` and an unquoted address up to `)` as a string token; a quoted
  /// address is left to the ordinary tokens.
  private mutating func readURLArgument(into tokens: inout [TTStyleSheetToken]) throws(TTStyleError) {
    tokens.append(TTStyleSheetToken(kind: .punctuation, text: "(", line: line, column: column))
    advance()
    while let character = peek(), character.isWhitespace, !character.isNewline { advance() }
    guard let first = peek(), first != "\"", first != "'" else { return }
    let startLine = line
    let startColumn = column
    var text = ""
    while let character = peek(), character != ")", !character.isWhitespace {
      text.append(character)
      advance()
    }
    guard !text.isEmpty else { return }
    tokens.append(TTStyleSheetToken(kind: .string, text: text, line: startLine, column: startColumn))
  }
}
