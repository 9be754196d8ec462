/// The text of a stylesheet being read, and the compiler-style errors that point into it.
///
/// An error reads like a compiler's: where, what went wrong and what was expected, then the
/// offending line with a caret under the place:
///
/// ```
/// theme.css:3:3: error: unknown property 'colr'; did you mean 'color'?
///   colr: red;
///   ^
/// ```
struct TTStyleSheetSource: Sendable {
  /// The name shown before the line and column: a file path, or `<css>` for a string.
  let name: String
  /// The lines of the text, split the way the lexer counts them.
  let lines: [Substring]

  /// The longest line shown whole in an error; longer lines are shown as a window around the
  /// caret.
  static let longestLineShown = 120

  init(name: String, text: String) {
    self.name = name
    self.lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }

  /// An ``TTStyleError/Code/invalidStylesheet`` error at a line and column (both from 1).
  func error(_ message: String, line: Int, column: Int) -> TTStyleError {
    var text = Self.visible("\(name):\(line):\(column): error: \(message)")
    if line >= 1, line <= lines.count {
      let (shown, caretOffset) = Self.excerpt(of: lines[line - 1], column: column)
      text += "\n" + shown + "\n" + String(repeating: " ", count: caretOffset) + "^"
    }
    return TTStyleError(.invalidStylesheet, text)
  }

  /// An error at a token.
  func error(_ message: String, at token: TTStyleSheetToken) -> TTStyleError {
    error(message, line: token.line, column: token.column)
  }

  /// The line as shown under an error (tabs as spaces, control characters as visible symbols,
  /// long lines cut to a window around the column), and the display width before the caret.
  private static func excerpt(of line: Substring, column: Int) -> (String, Int) {
    let characters = Array(line)
    let index = min(max(column - 1, 0), characters.count)
    var start = 0
    var end = characters.count
    if characters.count > longestLineShown {
      start = max(0, index - longestLineShown / 2)
      end = min(characters.count, start + longestLineShown)
    }
    var shown = start > 0 ? "…" : ""
    var caretOffset = start > 0 ? 1 : 0
    for position in start..<end {
      let character = visible(characters[position])
      shown += character
      if position < index { caretOffset += TTDisplayWidth.of(character) }
    }
    if end < characters.count { shown += "…" }
    return (shown, caretOffset)
  }

  /// Text safe to show in a terminal, character by character: a tab as a space, control
  /// characters as their visible symbols (`␛`), so an error can quote anything in the file.
  static func visible(_ text: String) -> String {
    text.map(visible).joined()
  }

  private static func visible(_ character: Character) -> String {
    character == "\t" ? " " : TTTerminalText.sanitized(String(character), keepingNewlines: false)
  }

  /// The closest of `candidates` to `word`, if one is close enough to be a likely typo.
  ///
  /// Close enough means an edit distance of at most a third of the word's length, and at
  /// least 2; ties go to the earlier candidate. Words and candidates longer than 64 characters
  /// are never matched.
  static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
    // Names longer than this are not typos of anything; skipping them keeps hostile input cheap.
    let longest = 64
    guard word.count <= longest else { return nil }
    let limit = max(2, word.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate.count <= longest {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// `"; did you mean 'x'?"` when a candidate is close to `word`, otherwise an empty string.
  static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
    suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The Levenshtein distance between two strings, by characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
