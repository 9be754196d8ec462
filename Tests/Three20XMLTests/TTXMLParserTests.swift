import Foundation
import Testing
import Three20XML

@Suite("TTXMLParser: parsing, errors, encodings and incremental input")
struct TTXMLParserTests {
  /// A document fed one byte at a time, cutting through tags and multi-byte characters, gives
  /// the same tree as one fed at once.
  @Test(arguments: [1, 3, 7, 64, 4096])
  func incrementalFeedingMatchesWholeParse(chunkSize: Int) throws {
    let data = try Fixture.data("rss2-namespaces.xml")
    let parser = TTXMLParser()
    var offset = 0
    while offset < data.count {
      let end = min(data.count, offset + chunkSize)
      try parser.feed(data[offset..<end])
      offset = end
    }
    let document = try parser.finish()
    let whole = try TTXMLParser.parse(data)
    #expect(document.nodeCount == whole.nodeCount)
    #expect(document.dictionaryValue() == whole.dictionaryValue())
    #expect(parser.bytesFed == data.count)
  }

  /// A mismatched end tag fails with a compiler-style message: position, the line, a caret.
  @Test func mismatchedTagErrorIsCompilerStyle() throws {
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Fixture.data("malformed-mismatch.xml"))
    }
    #expect(error.code == .malformed)
    #expect(error.line == 7)
    let column = try #require(error.column)
    #expect(error.sourceLine == "    <title>Middlemarch</titel>")
    let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("7:\(column): error: "))
    #expect(lines[0].contains("title"))
    #expect(lines[1] == "    <title>Middlemarch</titel>")
    #expect(lines[2] == String(repeating: " ", count: column - 1) + "^")
    #expect(error.description == error.message)
  }

  /// A document that stops in the middle fails at finish with `truncated`.
  @Test func truncatedDocumentFails() throws {
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Fixture.data("truncated.xml"))
    }
    #expect(error.code == .truncated)
    #expect(error.message.contains("ended too early"))
  }

  /// No bytes, or only whitespace, is an empty document.
  @Test(arguments: ["", "   \n  "])
  func emptyDocumentFails(text: String) throws {
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(Data(text.utf8)) }
    #expect(error.code == .emptyDocument)
  }

  /// After an error, every call throws the same error; after finish, feeding is refused.
  @Test func errorsAndFinishAreSticky() throws {
    let parser = TTXMLParser()
    #expect(throws: TTXMLError.self) { try parser.feed(Data("<a></b>".utf8)) }
    let again = try #require(throws: TTXMLError.self) { try parser.feed(Data("<c/>".utf8)) }
    #expect(again.code == .malformed)
    let done = TTXMLParser()
    try done.feed(Data("<a/>".utf8))
    try done.finish()
    let late = try #require(throws: TTXMLError.self) { try done.feed(Data("x".utf8)) }
    #expect(late.code == .parserFinished)
    let twice = try #require(throws: TTXMLError.self) { try done.finish() }
    #expect(twice.code == .parserFinished)
  }

  /// Declared ISO-8859-1, Windows-1252 and UTF-16 (either byte order, with a BOM) decode to the
  /// right characters.
  @Test func declaredEncodingsDecode() throws {
    let latin = try TTXMLParser.parse(Fixture.data("iso-8859-1.xml"))
    #expect(latin.root.child(path: "channel/title")?.trimmedText == "Café Müller - Neuigkeiten")
    #expect(latin.root.child(path: "channel/item/title")?.trimmedText == "Grüße aus Köln")
    #expect(latin.root.child(path: "channel/item/description")?.trimmedText == "Preis: 5 £ oder 6,50 EUR ½")
    let windows = try TTXMLParser.parse(Fixture.data("windows-1252.xml"))
    #expect(windows.root.childText("title") == "“Smart quotes” – and € 12")
    for name in ["utf16le-bom.xml", "utf16be-bom.xml"] {
      let document = try TTXMLParser.parse(Fixture.data(name))
      #expect(document.root.trimmedText == "こんにちは ☃ 😀", "\(name)")
      #expect(document.root.attribute("lang") == "ja")
    }
  }

  /// Encoded documents fed in tiny pieces decode the same as whole ones.
  @Test(arguments: ["iso-8859-1.xml", "windows-1252.xml", "utf16le-bom.xml", "utf16be-bom.xml"])
  func encodedDocumentsIncrementally(name: String) throws {
    let data = try Fixture.data(name)
    let parser = TTXMLParser()
    for offset in stride(from: 0, to: data.count, by: 3) {
      try parser.feed(data[offset..<min(data.count, offset + 3)])
    }
    #expect(try parser.finish().root.textContent == TTXMLParser.parse(data).root.textContent)
  }

  /// Bytes that are not valid UTF-8 fail with `invalidEncoding`, the line and column, and advice.
  @Test func invalidBytesFailWithPosition() throws {
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Fixture.data("invalid-utf8.xml"))
    }
    #expect(error.code == .invalidEncoding)
    #expect(error.line == 3)
    #expect(error.column != nil)
    #expect(error.message.hasPrefix("3:"))
    #expect(error.message.contains("encoding"))
  }

  /// Lenient mode repairs invalid bytes and unclosed elements, and lists what it repaired.
  @Test func lenientModeRecovers() throws {
    var options = TTXMLParser.Options()
    options.recovers = true
    let document = try TTXMLParser.parse(Fixture.data("invalid-utf8.xml"), options: options)
    #expect(document.root.childText("name")?.hasSuffix("au lait") == true)
    #expect(!document.diagnostics.isEmpty)
    let truncated = try TTXMLParser.parse(Fixture.data("truncated.xml"), options: options)
    #expect(truncated.root.child(path: "channel/item")?.childText("title") == "First")
  }

  /// `options.encoding` overrides a wrong declaration.
  @Test func encodingOverride() throws {
    let bytes: [UInt8] =
      Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><t>".utf8) + [0x93, 0x41, 0x94] + Array("</t>".utf8)
    #expect(throws: TTXMLError.self) { try TTXMLParser.parse(bytes) }
    var options = TTXMLParser.Options()
    options.encoding = "windows-1252"
    #expect(try TTXMLParser.parse(bytes, options: options).root.text == "“A”")
    options.encoding = "no-such-encoding"
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(bytes, options: options) }
    #expect(error.code == .unsupportedEncoding)
  }

  /// `options.encoding` also wins over a declared encoding that is neither UTF-8 nor UTF-16
  /// (libxml2 would switch to the declared one).
  @Test func encodingOverrideBeatsAnyDeclaration() throws {
    let bytes: [UInt8] =
      Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>".utf8) + [0x93, 0x41, 0x94]
      + Array("</t>".utf8)
    #expect(try TTXMLParser.parse(bytes).root.text == "\u{93}A\u{94}")
    var options = TTXMLParser.Options()
    options.encoding = "windows-1252"
    #expect(try TTXMLParser.parse(bytes, options: options).root.text == "“A”")
  }

  /// The dictionary view of a finished parser follows `treatDuplicateKeysAsArrayItems`.
  @Test func rootObjectFollowsTheSwitch() throws {
    let parser = TTXMLParser()
    #expect(parser.rootObject == nil)
    parser.treatDuplicateKeysAsArrayItems = true
    try parser.feed(Data("<l><i>1</i><i>2</i></l>".utf8))
    try parser.finish()
    #expect(parser.rootObject?.array(forKey: "i").count == 2)
  }
}
