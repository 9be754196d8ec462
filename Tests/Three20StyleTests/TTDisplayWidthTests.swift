import Foundation
import Testing
import Three20Style

@Suite("TTDisplayWidth")
struct TTDisplayWidthTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    let text: String
    let width: Int
    let note: String
    var testDescription: String { "\(note) (\(width))" }
  }

  /// The samples of Fixtures/display-widths.tsv, whose widths come from the wcwidth package.
  static let oracle: [Sample] = {
    guard
      let url = Bundle.module.url(
        forResource: "display-widths", withExtension: "tsv", subdirectory: "Fixtures"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let width = Int(fields[1]) else { return nil }
      let scalars = fields[0].split(separator: " ").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
      return Sample(text: String(String.UnicodeScalarView(scalars)), width: width, note: String(fields[2]))
    }
  }()

  /// The fixture loads and covers the cases the library promises.
  @Test func oracleFixtureIsPresent() {
    #expect(Self.oracle.count >= 30)
  }

  /// Widths agree with an independent implementation (wcwidth) on CJK, emoji ZWJ sequences,
  /// flags, variation selectors, combining and zero-width characters.
  @Test(arguments: oracle)
  func widthMatchesOracle(sample: Sample) {
    #expect(TTDisplayWidth.of(sample.text) == sample.width)
  }

  /// A ZWJ family is one character two columns wide, not four emoji.
  @Test func zwjSequenceIsOneWideCharacter() {
    let family = "👨‍👩‍👧‍👦"
    #expect(family.count == 1)
    #expect(TTDisplayWidth.of(family) == 2)
  }

  /// Truncation never splits a character and adds the ellipsis only when it cuts.
  @Test(arguments: [
    ("hello world", 8, "hello w…"),
    ("hello", 5, "hello"),
    ("hello", 0, ""),
    ("漢字テスト", 5, "漢字…"),
    ("漢字テスト", 6, "漢字…"),
    ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 3, "👨‍👩‍👧‍👦…"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ("abc", 1, "…"),
  ])
  func truncationKeepsGraphemesWhole(text: String, width: Int, expected: String) {
    let result = TTDisplayWidth.truncate(text, to: width)
    #expect(result == expected)
    #expect(TTDisplayWidth.of(result) <= width)
  }

  /// Truncating to a width narrower than the ellipsis cuts the ellipsis itself.
  @Test func ellipsisWiderThanWidth() {
    #expect(TTDisplayWidth.truncate("abcdef", to: 2, ellipsis: "...") == "..")
    #expect(TTDisplayWidth.truncate("abcdef", to: 3, ellipsis: "") == "abc")
  }

  /// Every prefix fits: random mixes of wide, narrow and zero-width characters.
  @Test func prefixAlwaysFits() {
    let pieces = ["a", "漢", "😀", "e\u{301}", "\u{200B}", "🇯🇵", "ｈ", " "]
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }
      .joined()
      let width = Int.random(in: 0...20, using: &generator)
      let prefix = TTDisplayWidth.prefix(text, fitting: width)
      #expect(TTDisplayWidth.of(prefix) <= width)
      #expect(text.hasPrefix(prefix))
    }
  }
}
