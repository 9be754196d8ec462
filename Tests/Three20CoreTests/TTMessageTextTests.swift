import Testing
import Three20Core

@Suite struct TTMessageTextTests {
  @Test func plainTextIsQuotedUnchanged() {
    #expect(TTMessageText.quoted("feed.xml") == "\"feed.xml\"")
    #expect(TTMessageText.escaped("héllo 世界") == "héllo 世界")
  }

  @Test func controlCharactersBecomeVisibleEscapes() {
    #expect(TTMessageText.escaped("a\u{1B}]0;x\u{07}b") == "a\\u{1B}]0;x\\u{07}b")
    #expect(TTMessageText.escaped("nul\0tab\tnl\ncr\r") == "nul\\0tab\\tnl\\ncr\\r")
    #expect(TTMessageText.escaped("del\u{7F}csi\u{9B}") == "del\\u{7F}csi\\u{9B}")
  }

  @Test func bidirectionalOverridesAreEscaped() {
    #expect(TTMessageText.escaped("abc\u{202E}fed") == "abc\\u{202E}fed")
    #expect(TTMessageText.escaped("\u{2066}x\u{2069}") == "\\u{2066}x\\u{2069}")
    #expect(TTMessageText.escaped("a\u{200E}b\u{200F}c\u{061C}") == "a\\u{200E}b\\u{200F}c\\u{61C}")
  }

  @Test func quotesAndBackslashesAreEscapedOnlyWhenQuoted() {
    #expect(TTMessageText.quoted("say \"hi\" \\ bye") == "\"say \\\"hi\\\" \\\\ bye\"")
    #expect(TTMessageText.escaped("say \"hi\"") == "say \"hi\"")
  }

  @Test func longTextIsCutAtTheLimit() {
    let long = String(repeating: "x", count: 10_000)
    #expect(TTMessageText.escaped(long, limit: 5) == "xxxxx…")
    #expect(TTMessageText.quoted(long).count == TTMessageText.defaultLimit + 3)
    #expect(TTMessageText.escaped("abc", limit: 3) == "abc")
  }

  @Test func invalidUTF8BytesAreShownInHex() {
    let bytes: [UInt8] = [0x48, 0x54, 0xFF, 0x1B, 0xC3, 0xA9, 0xC3]
    #expect(TTMessageText.escaped(bytes: bytes) == "HT\\x{FF}\\u{1B}é\\x{C3}")
  }

  @Test func bytesAreCutAtTheLimit() {
    let bytes = [UInt8](repeating: 0x41, count: 1_000_000)
    #expect(TTMessageText.escaped(bytes: bytes, limit: 4) == "AAAA…")
  }
}
