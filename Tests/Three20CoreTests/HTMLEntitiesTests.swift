import Testing

@testable import Three20Core

@Suite("HTML entities")
struct HTMLEntitiesTests {
  // MARK: - Named references

  /// Named references decode, including multi-code-point ones and legacy names without `;`;
  /// unknown names stay as written.
  @Test(arguments: [
    ("&amp;", "&"),
    ("&lt;&gt;&quot;&apos;", "<>\"'"),
    ("&eacute;", "é"),
    ("&NotEqualTilde;", "\u{2242}\u{338}"),
    ("&acE;", "\u{223E}\u{333}"),
    ("&fjlig;", "fj"),
    ("&CounterClockwiseContourIntegral;", "\u{2233}"),
    ("&AMP;", "&"),
    ("&frac12;", "½"),
    ("&nbsp;", "\u{A0}"),
    ("&zwnj;", "\u{200C}"),
    ("&amp", "&"),
    ("&lt3", "<3"),
    ("&copy 2024", "© 2024"),
    ("&eacute", "é"),
    ("&ampx", "&x"),
    ("&sup1x", "¹x"),
    ("&notit;", "¬it;"),
    ("&notin;", "∉"),
    ("&hellip", "&hellip"),
    ("&bogus;", "&bogus;"),
    ("&Amp;", "&Amp;"),
    ("&", "&"),
    ("& ", "& "),
    ("&;", "&;"),
    ("&&amp;", "&&"),
    ("&amp;amp;", "&amp;"),
    ("&ThisNameIsLongerThanTheLongestKnownName;", "&ThisNameIsLongerThanTheLongestKnownName;"),
    ("Fish &amp; Chips", "Fish & Chips"),
    ("😀&hearts;😀", "😀♥😀"),
  ])
  func namedReferencesDecode(input: String, expected: String) {
    #expect(input.tt.decodingHTMLEntities == expected)
  }

  /// The table holds all 2231 names of the HTML5 spec, and every one of them decodes.
  @Test func everyNamedReferenceDecodes() throws {
    let table = TTHTMLEntityDecoder.references
    #expect(table.count == 2231)
    #expect(table.keys.filter { !$0.hasSuffix(";") }.count == 106)
    for (name, bytes) in table {
      #expect(!bytes.isEmpty, "\(name)")
      let expected = String(decoding: bytes, as: UTF8.self)
      #expect("&\(name)".tt.decodingHTMLEntities == expected, "\(name)")
      #expect("x&\(name)y".tt.decodingHTMLEntities == "x\(expected)y", "\(name)")
    }
  }

  // MARK: - Numeric references

  /// Numeric references decode with the HTML5 replacements and never overflow.
  @Test(arguments: [
    ("&#233;", "é"),
    ("&#xE9;", "é"),
    ("&#XE9;", "é"),
    ("&#xe9;", "é"),
    ("&#233", "é"),
    ("&#233x", "éx"),
    ("&#0000000065;", "A"),
    ("&#x00000000000041;", "A"),
    ("&#128512;", "😀"),
    ("&#x1F600;", "😀"),
    ("&#x10FFFF;", "\u{10FFFF}"),
    ("&#0;", "\u{FFFD}"),
    ("&#x0;", "\u{FFFD}"),
    ("&#xD800;", "\u{FFFD}"),
    ("&#xDFFF;", "\u{FFFD}"),
    ("&#x110000;", "\u{FFFD}"),
    ("&#99999999999999999999;", "\u{FFFD}"),
    ("&#xFFFFFFFFFFFFFFFFFFFFFFFF;", "\u{FFFD}"),
    ("&#4294967296;", "\u{FFFD}"),
    ("&#x80;", "€"),
    ("&#128;", "€"),
    ("&#x9F;", "Ÿ"),
    ("&#x81;", "\u{81}"),
    ("&#x7F;", "\u{7F}"),
    ("&#x9;", "\t"),
    ("&#;", "&#;"),
    ("&#x;", "&#x;"),
    ("&#xg;", "&#xg;"),
    ("&#", "&#"),
    ("&#-1;", "&#-1;"),
    ("&#65&#66;", "AB"),
  ])
  func numericReferencesDecode(input: String, expected: String) {
    #expect(input.tt.decodingHTMLEntities == expected)
  }

  /// Code points 0x80–0x9F follow the Windows-1252 table of the HTML5 spec.
  @Test func controlRangeUsesWindows1252() {
    let expected: [UInt32] = [
      0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
      0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
      0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
      0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
    for (offset, scalar) in expected.enumerated() {
      let decoded = "&#\(0x80 + offset);".tt.decodingHTMLEntities
      #expect(decoded.unicodeScalars.map(\.value) == [scalar], "&#\(0x80 + offset);")
    }
  }

  /// Text without `&` comes back unchanged.
  @Test func textWithoutReferencesIsUnchanged() {
    let text = "plain 😀 text; with # and ;"
    #expect(text.tt.decodingHTMLEntities == text)
  }

  // MARK: - Encoding

  /// The five special characters are escaped; everything else is kept.
  @Test(arguments: [
    ("<a href=\"x\">Tom & Jerry's</a>", "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"),
    ("café 😀", "café 😀"),
    ("&amp;", "&amp;amp;"),
    ("", ""),
  ])
  func encodingEscapesSpecialCharacters(input: String, expected: String) {
    #expect(input.tt.encodingHTMLEntities == expected)
    #expect(input.tt.encodingHTMLEntities(asciiOnly: false) == expected)
  }

  /// With `asciiOnly`, every non-ASCII scalar becomes a decimal reference.
  @Test(arguments: [
    ("café <3", "caf&#233; &lt;3"),
    ("😀", "&#128512;"),
    ("e\u{301}", "e&#769;"),
    ("\u{7F}\u{80}", "\u{7F}&#128;"),
    ("plain", "plain"),
  ])
  func asciiOnlyEncodingEscapesNonASCII(input: String, expected: String) {
    let encoded = input.tt.encodingHTMLEntities(asciiOnly: true)
    #expect(encoded == expected)
    #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
  }

  /// Decoding undoes encoding, in both modes; code points 0x80–0x9F are left out, since HTML5
  /// itself reads `&#128;` as `€`.
  @Test(arguments: ["", "<&>\"'", "a&amp;b", "&#0; &bogus; &", "café 😀 👩‍👩‍👧", "e\u{301}\u{A0}"])
  func decodingUndoesEncoding(original: String) {
    #expect(original.tt.encodingHTMLEntities.tt.decodingHTMLEntities == original)
    #expect(original.tt.encodingHTMLEntities(asciiOnly: true).tt.decodingHTMLEntities == original)
  }

  // MARK: - Large input

  /// Megabyte-sized hostile input decodes in linear time without losing anything.
  @Test(.timeLimit(.minutes(1)))
  func megabyteInputsDecode() {
    #expect(
      String(repeating: "&amp;", count: 200_000).tt.decodingHTMLEntities
        == String(repeating: "&", count: 200_000))
    let ampersands = String(repeating: "&", count: 1_000_000)
    #expect(ampersands.tt.decodingHTMLEntities == ampersands)
    let letters = "&" + String(repeating: "a", count: 1_000_000)
    #expect(letters.tt.decodingHTMLEntities == letters)
    let digits = "&#" + String(repeating: "9", count: 1_000_000) + ";x"
    #expect(digits.tt.decodingHTMLEntities == "\u{FFFD}x")
    let hashes = String(repeating: "&#", count: 500_000)
    #expect(hashes.tt.decodingHTMLEntities == hashes)
  }
}
