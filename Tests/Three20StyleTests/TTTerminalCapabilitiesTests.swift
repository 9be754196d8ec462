import Testing
import Three20Style

@Suite("TTTerminalCapabilities")
struct TTTerminalCapabilitiesTests {
  typealias Case = (environment: [String: String], terminal: Bool, expected: String)

  /// Colour profiles follow COLORTERM, TERM, NO_COLOR, FORCE_COLOR and whether output is a terminal.
  @Test(
    arguments: [
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, "truecolor, attributes, hyperlinks"),
      (["TERM": "xterm-256color", "COLORTERM": "24bit"], true, "truecolor, attributes, hyperlinks"),
      (["TERM": "xterm-256color"], true, "256, attributes, hyperlinks"),
      (["TERM": "xterm"], true, "16, attributes, hyperlinks"),
      (["TERM": "linux"], true, "16, attributes"),
      (["TERM": "dumb"], true, "plain"),
      (["TERM": "xterm-256color"], false, "plain"),
      (["TERM": "xterm-256color", "NO_COLOR": "1"], true, "no colour, attributes, hyperlinks"),
      (["TERM": "xterm-256color", "NO_COLOR": ""], true, "256, attributes, hyperlinks"),
      (["TERM": "xterm", "FORCE_COLOR": "3"], false, "truecolor, attributes, hyperlinks"),
      (["FORCE_COLOR": "1"], false, "16, attributes, hyperlinks"),
      (["TERM": "xterm-256color", "FORCE_COLOR": "0"], true, "no colour, attributes, hyperlinks"),
      (["TERM": "xterm", "FORCE_COLOR": "2", "NO_COLOR": "1"], false, "no colour, attributes, hyperlinks"),
      (["TERM": "xterm-256color", "TT_HYPERLINKS": "0"], true, "256, attributes"),
      ([:], true, "no colour, attributes, hyperlinks"),
    ] as [([String: String], Bool, String)])
  func detection(environment: [String: String], terminal: Bool, expected: String) {
    #expect(
      TTTerminalCapabilities.detect(environment: environment, isTerminal: terminal).description == expected)
  }

  /// Plain capabilities allow neither colour nor hyperlinks, whatever is asked.
  @Test func plainMeansNoEscapes() {
    let capabilities = TTTerminalCapabilities(colorProfile: .trueColor, attributes: false, hyperlinks: true)
    #expect(capabilities == .plain)
  }
}
