import Testing
import Three20Style

@Suite("TTTerminalText")
struct TTTerminalTextTests {
  /// Escape sequences from data are removed whole, so a terminal never obeys them.
  @Test(arguments: [
    ("Hi\u{1B}]0;pwned\u{07} there", "Hi there"),  // OSC window title, BEL-terminated
    ("a\u{1B}]52;c;ZXZpbA==\u{1B}\\b", "ab"),  // OSC 52 clipboard write, ST-terminated
    ("\u{1B}[2J\u{1B}[1;1Hclear", "clear"),  // CSI clear screen, cursor home
    ("red \u{1B}[31mtext\u{1B}[0m", "red text"),
    ("\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),  // OSC 8 hyperlink
    ("\u{1B}Pq#0;2;0;0;0\u{1B}\\sixel", "sixel"),  // DCS string
    ("x\u{1B}cy", "xy"),  // ESC c: full reset
    ("x\u{1B}(By", "xy"),  // charset designation
    ("x\u{9B}31my", "xy"),  // 8-bit CSI
    ("x\u{9D}0;t\u{9C}y", "xy"),  // 8-bit OSC and ST
  ])
  func escapeSequencesAreRemoved(input: String, expected: String) {
    #expect(TTTerminalText.sanitized(input) == expected)
  }

  /// Other control characters stay visible as symbols instead of acting.
  @Test func controlCharactersBecomeVisible() {
    #expect(TTTerminalText.sanitized("bell\u{07}") == "bell\u{2407}")
    #expect(TTTerminalText.sanitized("nul\u{00}") == "nul\u{2400}")
    #expect(TTTerminalText.sanitized("del\u{7F}") == "del\u{2421}")
    #expect(TTTerminalText.sanitized("c1\u{85}") == "c1\u{FFFD}")
    #expect(TTTerminalText.sanitized("lone\u{1B}") == "lone\u{241B}")
  }

  /// Tabs become spaces, carriage returns vanish, newlines are kept only when asked.
  @Test func whitespaceControls() {
    #expect(TTTerminalText.sanitized("a\tb\r\nc") == "a b c")
    #expect(TTTerminalText.sanitized("a\tb\r\nc", keepingNewlines: true) == "a b\nc")
  }

  /// An unterminated sequence swallows only itself, never crashes, and clean text is untouched.
  @Test func unterminatedSequences() {
    #expect(TTTerminalText.sanitized("a\u{1B}]0;never ends") == "a")
    #expect(TTTerminalText.sanitized("a\u{1B}[12") == "a")
    #expect(TTTerminalText.sanitized("a\u{1B}[1\u{07}b") == "a\u{2407}b")
    let clean = "plain 漢字 😀 text"
    #expect(TTTerminalText.sanitized(clean) == clean)
  }
}
