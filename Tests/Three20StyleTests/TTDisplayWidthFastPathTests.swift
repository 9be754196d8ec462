import Foundation
import Testing

// The fast paths are internal (the UTF-8 scanner and its table of common blocks), so these
// tests need the module's internals to check them against the grapheme rules directly.
@testable import Three20Style

/// The fast paths of ``TTDisplayWidth`` (UTF-8 scanning, the table of common blocks) agree with
/// the rules as first written: character by character, scalar by scalar.
@Suite("TTDisplayWidth fast paths")
struct TTDisplayWidthFastPathTests {
  // MARK: - Reference

  /// The width of a character exactly as ``TTDisplayWidth/of(_:)-(Character)`` first computed
  /// it, before any fast path: the oracle for these tests.
  static func referenceWidth(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count == 1, first.value >= 0x20, first.value < 0x7F { return 1 }
    var visible: Unicode.Scalar?
    var hasEmojiSelector = false
    var hasTextSelector = false
    var regionalIndicators = 0
    var hasJoiner = false
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0F: hasEmojiSelector = true
      case 0xFE0E: hasTextSelector = true
      case 0x200D: hasJoiner = true
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      default: break
      }
      if visible == nil, !TTDisplayWidth.isZeroWidth(scalar) { visible = scalar }
    }
    guard let base = visible else { return 0 }
    if regionalIndicators >= 2 { return 2 }
    if hasTextSelector {
      return TTDisplayWidth.isWide(base) && !base.properties.isEmojiPresentation ? 2 : 1
    }
    if hasEmojiSelector, base.properties.isEmoji { return 2 }
    if base.properties.isEmojiPresentation { return 2 }
    if hasJoiner, base.properties.isEmoji, scalars.count > 1 { return 2 }
    var columns = 0
    for scalar in scalars where !TTDisplayWidth.isZeroWidth(scalar) {
      columns += TTDisplayWidth.isWide(scalar) ? 2 : 1
    }
    return columns
  }

  /// The width of a string as first computed: the sum over its characters.
  static func referenceWidth(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + referenceWidth($1) }
  }

  /// The longest prefix that fits, as first computed.
  static func referencePrefix(_ text: String, fitting width: Int) -> String {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let next = used + referenceWidth(text[index])
      if next > width { break }
      used = next
      end = text.index(after: index)
    }
    return String(text[..<end])
  }

  /// Pieces that random strings are made of: every kind of character the scanner treats
  /// differently, and the scalars that join or split characters around them.
  static let pieces: [String] = [
    "a", "Z", "7", " ", "  ", "~", ".", "the", "width",
    "\n", "\r", "\r\n", "\t", "\u{07}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
    "é", "ï", "ß", "\u{AD}", "\u{A9}", "\u{AE}", "ʰ", "Ω", "ж", "\u{483}", "–", "…", "“",
    "漢", "字", "テ", "ス", "ト", "か\u{3099}", "\u{3099}", "\u{3000}", "、", "ｈ", "！", "ｶ\u{FF9E}",
    "\u{301}", "\u{308}", "\u{20E3}", "e\u{301}", " \u{301}", "1\u{FE0F}\u{20E3}",
    "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FE0F}", "\u{FE0E}", "\u{FEFF}",
    "😀", "🙏", "🚀", "👍🏽", "❤\u{FE0F}", "☺\u{FE0E}", "漢\u{FE0E}", "👨‍👩‍👧‍👦", "🏳️‍🌈", "\u{1F3FB}",
    "🇯🇵", "🇯", "🇵", "\u{1F1E6}\u{1F1E7}\u{1F1E8}",
    "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "한",
    "क्ष", "क", "\u{94D}", "\u{93E}", "\u{903}", "\u{600}", "\u{D4E}", "\u{110BD}",
    "\u{E0001}", "\u{E0041}", "\u{10FFFD}", "\u{FFFD}",
  ]

  static func randomText(_ generator: inout SeededGenerator, maximumPieces: Int = 16) -> String {
    (0..<Int.random(in: 0...maximumPieces, using: &generator)).map { _ in
      pieces.randomElement(using: &generator)!
    }
    .joined()
  }

  // MARK: - Scalars

  /// Every scalar on its own has the width the original rules give it (planes 0 to 3, where
  /// all assigned characters but tags and private use are, and samples of the others).
  @Test func everyScalarHasItsReferenceWidth() {
    var mismatches: [String] = []
    let values = [
      0...0x3FFFF, 0x4_0000...0x4_00FF, 0xE_0000...0xE_0FFF, 0xF_0000...0xF_00FF, 0x10_FF00...0x10_FFFF,
    ]
    .joined()
    for value in values.map(UInt32.init) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = Character(scalar)
      let expected = Self.referenceWidth(character)
      if TTDisplayWidth.of(character) != expected || TTDisplayWidth.of(String(character)) != expected {
        mismatches.append(String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "U+\(mismatches.prefix(20).joined(separator: ", U+"))")
  }

  /// Every scalar in the table of common blocks is "simple": no grapheme rule joins it to a
  /// neighbour (it is not CR, Extend, ZWJ, SpacingMark, Prepend, Hangul jamo or syllable, or a
  /// regional indicator), so the scanner may treat it as a character on its own.
  @Test func everyTabledScalarBreaksFromItsNeighbours() {
    // Each probe makes two characters unless the scalar has a grapheme-break property that
    // joins: after `a` (Extend, ZWJ, SpacingMark), before `a` (Prepend), before LF (CR),
    // after a leading jamo (L, V, LV, LVT), before a trailing or a vowel jamo (L, V, T, LV,
    // LVT), after a regional indicator (RI).
    let probes: [(before: String, after: String)] = [
      ("a", ""), ("", "a"), ("", "\n"), ("\u{1100}", ""), ("", "\u{11A8}"), ("", "\u{1161}"),
      ("\u{1F1E6}", ""),
    ]
    var joined: [String] = []
    var tabled = 0
    for value in UInt32(0)...0x10FFFF {
      guard TTDisplayWidth.knownWidth(value) >= 0, let scalar = Unicode.Scalar(value) else { continue }
      tabled += 1
      for probe in probes where (probe.before + String(Character(scalar)) + probe.after).count != 2 {
        joined.append(
          "U+" + String(value, radix: 16) + " with " + probe.before.debugDescription
            + probe.after.debugDescription)
      }
    }
    #expect(tabled > 25_000)
    #expect(joined.isEmpty, "\(joined.prefix(20))")
  }

  // MARK: - Strings

  /// The scanner finds exactly the characters that iterating the string finds, with their
  /// widths, on random mixes of ASCII, CJK, emoji sequences, flags, marks and controls.
  @Test func scannerFindsTheStringsCharacters() {
    var generator = SeededGenerator(seed: 20_260_512)
    for _ in 0..<4000 {
      let text = Self.randomText(&generator)
      var expected: [(Int, Int, Int)] = []
      var offset = 0
      for character in text {
        let length = character.utf8.count
        expected.append((offset, offset + length, Self.referenceWidth(character)))
        offset += length
      }
      var found: [(Int, Int, Int)] = []
      TTDisplayWidth.forEachCharacter(in: Substring(text)) { start, end, width in
        found.append((start, end, width))
        return true
      }
      #expect(
        found.elementsEqual(expected, by: ==), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  /// The width of a string, of a substring of it, and its prefixes and truncations are the
  /// same as character by character.
  @Test func stringWidthPrefixAndTruncationMatchTheReference() {
    var generator = SeededGenerator(seed: 77)
    for _ in 0..<4000 {
      let text = Self.randomText(&generator)
      #expect(TTDisplayWidth.of(text) == Self.referenceWidth(of: text), "\(text.debugDescription)")
      let characters = Array(text.indices)
      if !characters.isEmpty {
        let lower = Int.random(in: 0..<characters.count, using: &generator)
        let upper = Int.random(in: lower..<characters.count, using: &generator)
        let slice = text[characters[lower]..<characters[upper]]
        #expect(TTDisplayWidth.of(slice) == Self.referenceWidth(of: slice))
      }
      let width = Int.random(in: 0...24, using: &generator)
      let prefix = TTDisplayWidth.prefix(text, fitting: width)
      #expect(prefix == Self.referencePrefix(text, fitting: width), "\(text.debugDescription) at \(width)")
      let truncated = TTDisplayWidth.truncate(text, to: width)
      let expected: String =
        width <= 0
        ? ""
        : Self.referenceWidth(of: text) <= width ? text : Self.referencePrefix(text, fitting: width - 1) + "…"
      #expect(truncated == expected)
    }
  }

  /// Long mostly-ASCII text (the common case the scanner is fast for) measures the same.
  @Test func longMostlyASCIITextMatchesTheReference() {
    var generator = SeededGenerator(seed: 5)
    var text = ""
    for _ in 0..<3000 {
      text +=
        Int.random(in: 0..<6, using: &generator) == 0
        ? Self.randomText(&generator, maximumPieces: 3) : "word "
    }
    #expect(TTDisplayWidth.of(text) == Self.referenceWidth(of: text))
  }
}
