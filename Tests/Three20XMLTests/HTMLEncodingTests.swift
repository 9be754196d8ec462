import Foundation
import Testing
import Three20XML

/// Loads the pages in Tests/Three20XMLTests/Fixtures/HTML.
enum HTMLFixture {
  /// The bytes of one page.
  static func bytes(_ name: String) throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/HTML"),
      "missing fixture HTML/\(name)")
    return Array(try Data(contentsOf: url))
  }
}

@Suite struct HTMLEncodingTests {
  /// The text of the page's first <p>.
  private func paragraph(_ page: TTHTMLDocument) -> String? {
    page.body?.descendants("p").first?.textContent
  }

  // MARK: - Legacy charsets, from fixtures

  @Test func iso88591MetaIsReadAsWindows1252() throws {
    let page = try TTHTMLParser.parse(try HTMLFixture.bytes("iso-8859-1.html"))
    #expect(page.encoding == "windows-1252")
    #expect(page.encodingSource == .meta)
    #expect(page.title == "Café")
    #expect(paragraph(page) == "Café naïve © ½ ÿ")
  }

  @Test func unlabelledWindows1252DecodesItsPunctuation() throws {
    let page = try TTHTMLParser.parse(try HTMLFixture.bytes("windows-1252.html"))
    #expect(page.encoding == "windows-1252")
    #expect(page.encodingSource == .default)
    #expect(paragraph(page) == "\u{201C}Quoted\u{201D} \u{2018}single\u{2019} – — … €5 ™ Œuvre š")
  }

  @Test func shiftJISFromMetaHTTPEquivKeepsTrailBackslashBytes() throws {
    let page = try TTHTMLParser.parse(try HTMLFixture.bytes("shift_jis.html"))
    #expect(page.encoding == "Shift_JIS")
    #expect(page.encodingSource == .meta)
    #expect(page.title == "日本語のページ")
    #expect(paragraph(page) == "こんにちは、世界！ 表示 ソフト")
  }

  @Test func gb2312LabelDecodesAsGB18030() throws {
    let page = try TTHTMLParser.parse(try HTMLFixture.bytes("gb18030.html"))
    #expect(page.encoding == "gb18030")
    #expect(page.encodingSource == .meta)
    #expect(page.title == "中文网页")
    #expect(paragraph(page) == "你好，世界。汉字 龘 \u{20000}")
  }

  @Test func eucKRFromTheContentTypeHeader() throws {
    let page = try TTHTMLParser.parse(
      try HTMLFixture.bytes("euc-kr.html"), contentType: "text/html; charset=EUC-KR")
    #expect(page.encoding == "EUC-KR")
    #expect(page.encodingSource == .transport)
    #expect(page.title == "한국어")
    #expect(paragraph(page) == "안녕하세요, 세계! 똑똑")
  }

  @Test func iso88592FromAnUnquotedMetaContent() throws {
    let page = try TTHTMLParser.parse(try HTMLFixture.bytes("iso-8859-2.html"))
    #expect(page.encoding == "ISO-8859-2")
    #expect(page.encodingSource == .meta)
    #expect(paragraph(page) == "Zażółć gęślą jaźń. Příliš žluťoučký kůň.")
  }

  // MARK: - The order of the sources

  @Test func byteOrderMarkWinsOverTheHeaderAndTheOverride() throws {
    var options = TTHTMLParser.Options()
    options.encoding = "koi8-r"
    let page = try TTHTMLParser.parse(
      [0xEF, 0xBB, 0xBF] + Array("<p>é".utf8), contentType: "text/html; charset=windows-1252",
      options: options)
    #expect(page.encoding == "UTF-8")
    #expect(page.encodingSource == .byteOrderMark)
    #expect(paragraph(page) == "é")
  }

  @Test func utf16ByteOrderMarksDecodeBothByteOrders() throws {
    let text = "<title>Ünïcødé 😀</title><p>x"
    let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let lePage = try TTHTMLParser.parse(little)
    let bePage = try TTHTMLParser.parse(big)
    #expect(lePage.encoding == "UTF-16LE")
    #expect(bePage.encoding == "UTF-16BE")
    #expect(lePage.encodingSource == .byteOrderMark)
    #expect(lePage.title == "Ünïcødé 😀")
    #expect(bePage.title == "Ünïcødé 😀")
  }

  @Test func overrideWinsOverHeaderAndMeta() throws {
    var options = TTHTMLParser.Options()
    options.encoding = "Windows-1251"
    let page = try TTHTMLParser.parse(
      "<meta charset=utf-8><p>".utf8 + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2],
      contentType: "text/html; charset=iso-8859-2", options: options)
    #expect(page.encoding == "windows-1251")
    #expect(page.encodingSource == .override)
    #expect(paragraph(page) == "Привет")
  }

  @Test func headerWinsOverMeta() throws {
    let bytes = Array("<meta charset=windows-1251><p>".utf8) + [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
    let page = try TTHTMLParser.parse(bytes, contentType: "text/html; charset=\"koi8-r\"")
    #expect(page.encoding == "KOI8-R")
    #expect(page.encodingSource == .transport)
    #expect(paragraph(page) == "Привет")
  }

  @Test func unknownHeaderLabelFallsThroughToMetaWithANote() throws {
    let page = try TTHTMLParser.parse(
      Array("<meta charset=latin2><p>".utf8) + [0xB1], contentType: "text/html; charset=klingon")
    #expect(page.encoding == "ISO-8859-2")
    #expect(page.encodingSource == .meta)
    #expect(paragraph(page) == "ą")
    #expect(page.diagnostics.first?.code == .unsupportedEncoding)
    #expect(page.diagnostics.first?.message.contains("\"klingon\"") == true)
  }

  @Test func unknownMetaLabelIsSkippedForTheNextMeta() throws {
    let page = try TTHTMLParser.parse(
      Array("<meta charset=x-unknown><meta charset=iso-8859-7><p>".utf8) + [0xE1])
    #expect(page.encoding == "ISO-8859-7")
    #expect(paragraph(page) == "α")
  }

  @Test func metaNamingUTF16MeansUTF8() throws {
    let page = try TTHTMLParser.parse(Array("<meta charset=utf-16><p>é".utf8))
    #expect(page.encoding == "UTF-8")
    #expect(page.encodingSource == .meta)
    #expect(paragraph(page) == "é")
  }

  @Test func metaInsideACommentOrAnAttributeDoesNotCount() throws {
    let found = try TTHTMLParser.encoding(
      for: Array(
        "<!-- <meta charset=koi8-r> --><div title='<meta charset=koi8-u>'><meta charset=\"Big5\">".utf8))
    #expect(found.name == "Big5")
    #expect(found.source == .meta)
  }

  @Test func metaContentNeedsTheHTTPEquivPragma() throws {
    let without = try TTHTMLParser.encoding(
      for: Array("<meta content='text/html; charset=koi8-r'><p>é".utf8))
    #expect(without.name == "UTF-8")
    #expect(without.source == .default)
    let with = try TTHTMLParser.encoding(
      for: Array("<META CONTENT='text/html; charset=koi8-r' HTTP-EQUIV=Content-Type>".utf8))
    #expect(with.name == "KOI8-R")
  }

  @Test func metaAfterTheFirst1024BytesIsNotSeen() throws {
    let bytes = Array((String(repeating: " ", count: 1024) + "<meta charset=koi8-r>").utf8) + [0xE9, 0x21]
    let found = try TTHTMLParser.encoding(for: bytes)
    #expect(found.name == "windows-1252")
    #expect(found.source == .default)
  }

  @Test func validUTF8WithoutLabelsIsUTF8() throws {
    let page = try TTHTMLParser.parse(Array("<p>naïve — 日本".utf8))
    #expect(page.encoding == "UTF-8")
    #expect(page.encodingSource == .default)
    #expect(paragraph(page) == "naïve — 日本")
  }

  @Test func labelsAreMappedAsBrowsersMapThem() {
    #expect(TTHTMLParser.encodingName(forLabel: "latin1") == "windows-1252")
    #expect(TTHTMLParser.encodingName(forLabel: " US-ASCII ") == "windows-1252")
    #expect(TTHTMLParser.encodingName(forLabel: "iso-8859-1") == "windows-1252")
    #expect(TTHTMLParser.encodingName(forLabel: "GBK") == "gb18030")
    #expect(TTHTMLParser.encodingName(forLabel: "x-sjis") == "Shift_JIS")
    #expect(TTHTMLParser.encodingName(forLabel: "ks_c_5601-1987") == "EUC-KR")
    #expect(TTHTMLParser.encodingName(forLabel: "big5-hkscs") == "Big5")
    #expect(TTHTMLParser.encodingName(forLabel: "ibm866") == "IBM866")
    #expect(TTHTMLParser.encodingName(forLabel: "x-mac-cyrillic") == "x-mac-cyrillic")
    #expect(TTHTMLParser.encodingName(forLabel: "mac") == "macintosh")
    #expect(TTHTMLParser.encodingName(forLabel: "iso-2022-jp") == "ISO-2022-JP")
    #expect(TTHTMLParser.encodingName(forLabel: "euc-jp") == "EUC-JP")
    #expect(TTHTMLParser.encodingName(forLabel: "koi8-u") == "KOI8-U")
    #expect(TTHTMLParser.encodingName(forLabel: "utf8") == "UTF-8")
    #expect(TTHTMLParser.encodingName(forLabel: "klingon") == nil)
  }

  @Test func everyListedEncodingConverts() throws {
    for label in [
      "ibm866", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-8", "iso-8859-8-i",
      "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-u", "macintosh",
      "windows-874", "windows-1250", "windows-1253", "windows-1254", "windows-1255", "windows-1256",
      "windows-1257", "windows-1258", "x-mac-cyrillic", "big5", "euc-jp", "iso-2022-jp",
    ] {
      var options = TTHTMLParser.Options()
      options.encoding = label
      let page = try TTHTMLParser.parse(Array("<p>plain ASCII".utf8), options: options)
      #expect(page.body?.textContent == "plain ASCII", "\(label)")
    }
  }

  @Test func iso2022JPDecodesItsEscapeSequences() throws {
    // "日本" in ISO-2022-JP: ESC $ B, 0x46 0x7C 0x4B 0x5C, ESC ( B.
    let bytes =
      Array("<p>".utf8) + [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42] + Array("!".utf8)
    let page = try TTHTMLParser.parse(bytes, contentType: "text/html; charset=ISO-2022-JP")
    #expect(paragraph(page) == "日本!")
  }

  // MARK: - Bad bytes

  @Test func invalidUTF8BytesBecomeReplacementCharacters() throws {
    let bytes = Array("<p>a".utf8) + [0xFF] + Array("b".utf8) + [0xE6, 0x97] + Array("c".utf8) + [0xC3]
    let page = try TTHTMLParser.parse(bytes, contentType: "text/html; charset=utf-8")
    #expect(page.encoding == "UTF-8")
    #expect(paragraph(page) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
  }

  @Test func invalidShiftJISBytesBecomeReplacementCharacters() throws {
    let bytes = Array("<p>a".utf8) + [0x82, 0xA0, 0x85, 0x40] + Array("b".utf8) + [0x82]
    let page = try TTHTMLParser.parse(bytes, contentType: "text/html; charset=shift_jis")
    let text = try #require(paragraph(page))
    #expect(text.hasPrefix("aあ"))
    #expect(text.contains("\u{FFFD}"))
    #expect(text.contains("b"))
  }

  @Test func loneUTF16SurrogatesBecomeReplacementCharacters() throws {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x70, 0x00, 0x3E, 0x00, 0x00, 0xD8, 0x61, 0x00, 0x00, 0xDC]
    let page = try TTHTMLParser.parse(bytes)
    #expect(paragraph(page) == "\u{FFFD}a\u{FFFD}")
  }

  @Test func unknownOverrideIsAnErrorThatSaysWhatToDo() {
    var options = TTHTMLParser.Options()
    options.encoding = "utf-42"
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse(Array("<p>x".utf8), options: options)
    }
    #expect(error?.code == .unsupportedEncoding)
    #expect(error?.message.contains("\"utf-42\"") == true)
    #expect(error?.message.contains("options.encoding") == true)
    #expect(throws: TTXMLError.self) {
      try TTHTMLParser.encoding(for: [UInt8](), override: "utf-42")
    }
  }
}
