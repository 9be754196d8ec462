/// One token of a stylesheet, with where it starts.
struct TTStyleSheetToken: Sendable, Hashable {
  /// What kind of token this is.
  enum Kind: Sendable, Hashable {
    /// A name: `badge`, `border-top`, `float-left`.
    case identifier
    /// `@` and a name: `@colors`; the text is the name without `@`.
    case atKeyword
    /// A number as written: `3`, `-1`, `0.5`, `1e-05`.
    case number
    /// `#` and what follows it; the text is without `#`.
    case hash
    /// A quoted string, or the inside of an unquoted `url(…)`; the text is unescaped.
    case string
    /// One of `{ } ( ) : ; , /`.
    case punctuation
    /// The end of the text.
    case end
  }

  var kind: Kind
  var text: String
  /// The line, from 1.
  var line: Int
  /// The column, from 1, counted in characters.
  var column: Int

  /// Whether this is the punctuation `mark`.
  func isPunctuation(_ mark: String) -> Bool {
    kind == .punctuation && text == mark
  }

  /// The token as quoted in an error: `'badge'`, `'#ff8800'`, `end of file`.
  var quoted: String {
    switch kind {
    case .end: "end of file"
    case .atKeyword: "'@\(text)'"
    case .hash: "'#\(text)'"
    case .string: "a string"
    default: "'\(text)'"
    }
  }
}
