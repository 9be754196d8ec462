import Testing
import Three20Navigator
import Three20Style

@Suite("TTURLMapError")
struct TTURLMapErrorTests {
  /// The message for a malformed pattern.
  func message(_ pattern: String) -> String? {
    var map = TTURLMap()
    do {
      try map.mapHandler(pattern) { _, _ in true }
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Malformed patterns fail at registration, with the column, the pattern and a caret.
  @Test(arguments: [
    (
      "tt://food/(id:integer)",
      """
      tt://food/(id:integer):1:15: error: unknown parameter type 'integer'; use string, int, double, bool, uuid, path or a converter registered with registerConverter(named:_:)
      tt://food/(id:integer)
                    ^
      """
    ),
    (
      "tt://food/(name",
      """
      tt://food/(name:1:16: error: missing ')' to close the parameter opened at column 11
      tt://food/(name
                     ^
      """
    ),
    (
      "tt://food/x(name)",
      """
      tt://food/x(name):1:12: error: a parameter must be a whole component: put '(…)' alone between slashes, as in tt://food/(name)
      tt://food/x(name)
                 ^
      """
    ),
    (
      "tt://food/(name)x",
      """
      tt://food/(name)x:1:17: error: unexpected text after ')'; a parameter must be a whole component
      tt://food/(name)x
                      ^
      """
    ),
    (
      "tt://food/name)",
      """
      tt://food/name):1:15: error: unmatched ')'; a parameter is written (name) or (name:type)
      tt://food/name)
                    ^
      """
    ),
    (
      "food/(name)",
      """
      food/(name):1:1: error: a pattern starts with a scheme and '://', as in tt://food/(name)
      food/(name)
      ^
      """
    ),
    (
      "tt:food",
      """
      tt:food:1:4: error: expected '//' after 'tt:', as in tt://food/(name)
      tt:food
         ^
      """
    ),
    (
      "t_t://food",
      """
      t_t://food:1:2: error: '_' cannot appear in a scheme; a scheme is ASCII letters, digits, '+', '-' and '.', starting with a letter
      t_t://food
       ^
      """
    ),
    (
      "tt://a/(rest:path)/b",
      """
      tt://a/(rest:path)/b:1:8: error: a path parameter takes the rest of the path, so it must be the last path component
      tt://a/(rest:path)/b
             ^
      """
    ),
    (
      "tt://a/(x)/(x:int)",
      """
      tt://a/(x)/(x:int):1:13: error: the parameter name 'x' is used twice; give each parameter its own name
      tt://a/(x)/(x:int)
                  ^
      """
    ),
    (
      "tt://a/*",
      """
      tt://a/*:1:8: error: '*' is only allowed as the whole pattern (*) or right after the scheme (tt://*)
      tt://a/*
             ^
      """
    ),
    (
      "tt://search?q",
      """
      tt://search?q:1:14: error: a query item needs a name and a value, as in q=(query) or sort=new
      tt://search?q
                   ^
      """
    ),
    (
      "tt://search?q=(a)&q=(b)",
      """
      tt://search?q=(a)&q=(b):1:19: error: the query name 'q' appears twice; name each query item once
      tt://search?q=(a)&q=(b)
                        ^
      """
    ),
    (
      "tt://page#",
      """
      tt://page#:1:10: error: nothing follows '#'; remove it, or write #(name) or #text
      tt://page#
               ^
      """
    ),
    (
      "tt://café/(na me)",
      """
      tt://café/(na me):1:14: error: ' ' cannot appear in a parameter name; use ASCII letters, digits, '_', '-' and '.'
      tt://café/(na me)
                   ^
      """
    ),
  ])
  func malformedPatternMessages(pattern: String, expected: String) {
    #expect(message(pattern) == expected)
  }

  /// More malformed patterns, each reported with the invalidPattern code and its column.
  @Test(arguments: [
    ("", 1), ("://a", 1), ("tt://(:int)", 7), ("tt://a?q=(r:path)", 10),
    ("tt://a?", 7), ("tt://a?&q=1", 8), ("tt://a?=1", 8), ("tt://a?q=", 10), ("tt://a/((x))", 9),
    ("tt://a?(q)=1", 8), ("tt://a#(r:path)", 8), ("1tt://a", 1),
  ])
  func malformedPatternsReportTheColumn(pattern: String, column: Int) {
    var map = TTURLMap()
    let error = #expect(throws: TTURLMapError.self) { try map.mapHandler(pattern) { _, _ in true } }
    #expect(error?.code == .invalidPattern)
    #expect(error?.pattern == pattern)
    #expect(error?.column == column, "\(error?.message ?? "")")
  }

  /// Random pattern text never traps: it registers, or fails with a column inside the pattern.
  @Test func randomPatternsNeverTrap() throws {
    var generator = SeededGenerator(seed: 7)
    let alphabet = Array("tt:/()*?#=&:a1_.-%é😀 \u{0}int")
    var registered = 0
    for _ in 0..<5_000 {
      var pattern = ["tt://", "tt:", "", "*", "x+y://"].randomElement(using: &generator) ?? ""
      for _ in 0..<Int.random(in: 0...20, using: &generator) {
        pattern.append(alphabet.randomElement(using: &generator) ?? "a")
      }
      var map = TTURLMap()
      do {
        try map.mapHandler(pattern) { _, _ in true }
        registered += 1
        _ = try map.freeze().resolve(pattern)
      } catch let error as TTURLMapError {
        let column = try #require(error.column)
        #expect(column >= 1 && column <= pattern.count + 1, "\(error.message)")
        #expect(error.message.hasPrefix(TTTerminalText.sanitized(pattern)))
      }
    }
    #expect(registered > 100)
  }
}
