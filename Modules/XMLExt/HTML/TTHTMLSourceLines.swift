/// Finds the lines of a page's decoded text, to show the offending line under an error
/// (internal).
///
/// Line starts are found once, when the first error asks; a page without errors costs nothing.
struct TTHTMLSourceLines {
  private let text: [UInt8]
  private var starts: [Int]?

  init(_ text: [UInt8]) {
    self.text = text
  }

  /// Sets the error's place and its source line, at most 80 characters on each side of the
  /// column, made safe to print.
  mutating func place(_ error: inout TTXMLError, line: Int, column: Int?) {
    guard line > 0 else { return }
    error.line = line
    error.column = column
    if starts == nil {
      var found = [0]
      for (offset, byte) in text.enumerated() where byte == 0x0A { found.append(offset + 1) }
      starts = found
    }
    guard let starts, line <= starts.count else { return }
    let lineEnd = line < starts.count ? starts[line] - 1 : text.count
    var scalars = String(decoding: text[starts[line - 1]..<lineEnd], as: UTF8.self).unicodeScalars[...]
    if scalars.last == "\r" { scalars = scalars.dropLast() }
    let caret = max(0, (column ?? 1) - 1)
    let before = max(0, caret - 80)
    let shown = String(String.UnicodeScalarView(scalars.dropFirst(before).prefix(caret - before + 80)))
    error.showSource(shown, caret: caret - before)
  }
}
