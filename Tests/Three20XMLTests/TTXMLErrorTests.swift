import Foundation
import Testing
import Three20XML

@Suite("TTXMLError: compiler-style messages")
struct TTXMLErrorTests {
  /// With a position and a source line the message has three lines: where and what, the line,
  /// a caret under the column.
  @Test func threeLineMessage() {
    let error = TTXMLError(.malformed, "expected '>'", line: 3, column: 5, sourceLine: "<a b")
    #expect(error.message == "3:5: error: expected '>'\n<a b\n    ^")
    #expect(error.description == error.message)
  }

  /// Without a position the message is just the reason after "error:".
  @Test func messageWithoutPosition() {
    #expect(TTXMLError(.emptyDocument, "nothing").message == "error: nothing")
    #expect(TTXMLError(.malformed, "bad", line: 4).message == "4: error: bad")
  }

  /// Tabs before the column are kept in the caret line so it lines up in a terminal.
  @Test func caretKeepsTabs() {
    let error = TTXMLError(.malformed, "x", line: 1, column: 3, sourceLine: "\t\t<")
    #expect(error.message.hasSuffix("\t\t^"))
  }

  /// A very long offending line is cut to a window around the column, caret still under it.
  @Test func longLinesAreCut() throws {
    let long = "<a>" + String(repeating: "x", count: 5000) + "</b>"
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(Data(long.utf8)) }
    let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[1].count <= 160)
    let caret = try #require(lines[2].firstIndex(of: "^"))
    let offset = lines[2].distance(from: lines[2].startIndex, to: caret)
    #expect(offset < lines[1].count + 1)
  }

  /// Errors in UTF-16 documents still point at the right line.
  @Test func utf16ErrorsHaveLines() throws {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a>\n<b></c>\n</a>\n"
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(bytes) }
    #expect(error.line == 3)
    #expect(error.sourceLine?.contains("<b></c>") == true)
  }

  /// On one long line (more than the parser keeps for quoting, 8 KB), an error late in the
  /// line quotes the text around its column, not text from elsewhere, however the input was cut.
  @Test(arguments: [0, 1_000, 7])
  func longSingleLineQuotesTheRightPlace(pieceSize: Int) throws {
    let before = String(repeating: "<b>text</b>", count: 2_000)
    let after = String(repeating: "<e/>", count: 3_000)
    let document = Array("<a>\(before)<c></d>\(after)</a>".utf8)
    let error = try #require(throws: TTXMLError.self) {
      if pieceSize == 0 { return try TTXMLParser.parse(document) }
      let parser = TTXMLParser()
      var offset = 0
      while offset < document.count {
        try parser.feed(document[offset..<min(document.count, offset + pieceSize)])
        offset += pieceSize
      }
      return try parser.finish()
    }
    #expect(error.line == 1)
    let column = try #require(error.column)
    #expect(column > 20_000)
    let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    let quoted = String(lines[1])
    #expect(quoted.count <= 161)
    #expect(quoted.contains("<c></d>"))
    // The caret is under the character at the column: the one after "</d>".
    let caret = try #require(lines[2].firstIndex(of: "^"))
    let offset = lines[2].distance(from: lines[2].startIndex, to: caret)
    let characters = Array(quoted)
    let documentCharacters = Array(String(decoding: document, as: UTF8.self))
    #expect(characters[offset] == documentCharacters[column - 1])
    #expect(String(characters[(offset - 4)..<offset]) == "</d>")
  }

  /// Text from the document in a message is escaped: ESC, BEL and NUL never reach the
  /// terminal, and a name with a byte order mark inside shows it.
  @Test func documentTextInMessagesIsEscaped() throws {
    let escape = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data("<a>\u{1B}]0;pwned\u{07}</a>".utf8))
    }
    #expect(!escape.message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(escape.message.contains(#"\u{1B}]0;pwned\u{07}"#))
    #expect(escape.sourceLine?.contains("\u{1B}") == false)
    let name = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data("<a\u{FEFF}\u{202E}b></c>".utf8))
    }
    #expect(!name.message.unicodeScalars.contains { $0.value == 0xFEFF || $0.value == 0x202E })
    let handler = try #require(throws: TTXMLError.self) {
      struct Refusal: Error, CustomStringConvertible { var description: String { "no\u{1B}[2J" } }
      let parser = TTXMLParser(streaming: .depth(1)) { _ in throw Refusal() }
      try parser.feed(Data("<r><item\u{FEFF}/></r>".utf8))
    }
    #expect(handler.code == .handlerFailed)
    #expect(!handler.message.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0xFEFF })
    // Errors made by hand are escaped when printed, with the caret still in place.
    let made = TTXMLError(.malformed, "bad\u{7}", line: 1, column: 3, sourceLine: "\u{1B}b<")
    #expect(made.message == "1:3: error: bad\\u{07}\n\\u{1B}b<\n       ^")
  }

  /// UTF-16 without a byte order mark is named for what it is, with what to do, instead of
  /// "Document is empty"; the override option reads it.
  @Test(arguments: [false, true])
  func utf16WithoutByteOrderMark(bigEndian: Bool) throws {
    let text = "<r><x>1</x></r>"
    let bytes = text.utf16.flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(bytes) }
    let variant = bigEndian ? "UTF-16BE" : "UTF-16LE"
    #expect(error.code == .invalidEncoding)
    #expect(error.message.contains("\(variant) without a byte order mark"))
    #expect(error.message.contains("options.encoding"))
    #expect(!error.message.contains("empty document") && !error.message.contains("Document is empty"))
    var options = TTXMLParser.Options()
    options.encoding = variant
    #expect(try TTXMLParser.parse(bytes, options: options).root.childText("x") == "1")
    // With a declaration libxml2 recognizes the encoding itself.
    let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + text
    let declaredBytes = declared.utf16.flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
    #expect(try TTXMLParser.parse(declaredBytes).root.childText("x") == "1")
  }

  /// A piece over libxml2's 10 MB limit names the limit and the option that lifts it; text
  /// between tags has no such limit.
  @Test(arguments: ["<a><![CDATA[", "<a><!--", "<a b='"])
  func hugePieceNamesTheLimit(opening: String) throws {
    let closing = opening.hasSuffix("[") ? "]]></a>" : opening.hasSuffix("-") ? "--></a>" : "'/>"
    let document = Data((opening + String(repeating: "x", count: 10_500_000) + closing).utf8)
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(document) }
    #expect(error.code == .nodeSizeLimit)
    #expect(error.message.contains("10,000,000 bytes"))
    #expect(error.message.contains("options.allowsHugeDocuments"))
    var huge = TTXMLParser.Options()
    huge.allowsHugeDocuments = true
    #expect(throws: Never.self) { try TTXMLParser.parse(document, options: huge) }
    let text = Data(("<a>" + String(repeating: "x", count: 10_500_000) + "</a>").utf8)
    #expect(try TTXMLParser.parse(text).root.text.utf8.count == 10_500_000)
  }

  /// A name over 50,000 bytes names its limit and the option.
  @Test func longNameNamesTheLimit() throws {
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data(("<a" + String(repeating: "x", count: 60_000) + "/>").utf8))
    }
    #expect(error.code == .nodeSizeLimit)
    #expect(error.message.contains("50,000 bytes"))
    #expect(error.message.contains("options.allowsHugeDocuments"))
  }

  /// Codes compare equal to themselves and print their names.
  @Test func codes() {
    #expect(TTXMLError.Code.truncated == .truncated)
    #expect(TTXMLError.Code.truncated != .malformed)
    #expect(TTXMLError.Code.entityExpansionLimit.description == "entityExpansionLimit")
  }
}
