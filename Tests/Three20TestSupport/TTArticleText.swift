/// Reading DocC articles in tests: the fenced code blocks they show and the way they show a
/// terminal screen.
///
/// Every module's article tests check that each code block of an article appears in the test
/// file that compiles it, and that each screen an article shows is what its test draws.
public enum TTArticleText {
  /// The fenced code blocks of a Markdown text in one language, without their fences.
  ///
  /// ```swift
  /// TTArticleText.codeBlocks(in: "```swift\nlet a = 1\n```", language: "swift")  // ["let a = 1"]
  /// ```
  ///
  /// - Parameters:
  ///   - markdown: The article's text.
  ///   - language: The language after the opening fence, for example `swift` or `text`.
  /// - Returns: Each block's text, lines joined with newlines, in the article's order.
  public static func codeBlocks(in markdown: String, language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    let opening = "```\(language)"
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if let lines = current {
        if line == "```" {
          blocks.append(lines.joined(separator: "\n"))
          current = nil
        } else {
          current = lines + [line]
        }
      } else if line == opening {
        current = []
      }
    }
    return blocks
  }

  /// Text with the spaces at the ends of its lines removed, as an article shows a terminal's
  /// screen.
  ///
  /// - Parameter text: A rendering, one line per terminal row.
  /// - Returns: The same lines without trailing spaces; blank lines are kept.
  public static func trimmingLineEnds(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }
}
