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

  /// Codes compare equal to themselves and print their names.
  @Test func codes() {
    #expect(TTXMLError.Code.truncated == .truncated)
    #expect(TTXMLError.Code.truncated != .malformed)
    #expect(TTXMLError.Code.entityExpansionLimit.description == "entityExpansionLimit")
  }
}
