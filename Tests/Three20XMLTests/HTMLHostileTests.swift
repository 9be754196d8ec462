import Foundation
import Testing
import Three20XML

@Suite struct HTMLHostileTests {
  @Test func millionNestedDivsFailWithTheDepthLimit() {
    let html = Array(String(repeating: "<div>", count: 1_000_000).utf8)
    let error = #expect(throws: TTXMLError.self) { try TTHTMLParser.parse(html) }
    #expect(error?.code == .nestingDepthLimit)
    #expect(error?.line == 1)
    #expect(error?.message.hasPrefix("1:") == true)
    #expect(error?.reason.contains("more than 512 deep (options.maxDepth)") == true)
    #expect(error?.reason.contains("Raise options.maxDepth") == true)
  }

  @Test func depthLimitIsTheOption() throws {
    var options = TTHTMLParser.Options()
    options.maxDepth = 10
    // <html> and <body> are depths 1 and 2: eight <div>s fit.
    _ = try TTHTMLParser.parse(Array(String(repeating: "<div>", count: 8).utf8), options: options)
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse(Array(String(repeating: "<div>", count: 9).utf8), options: options)
    }
    #expect(error?.code == .nestingDepthLimit)
  }

  @Test func moreThanAMillionNodesFailWithTheNodeCountLimit() {
    let html = Array(String(repeating: "x<br>", count: 500_001).utf8)
    let error = #expect(throws: TTXMLError.self) { try TTHTMLParser.parse(html) }
    #expect(error?.code == .nodeCountLimit)
    #expect(error?.reason.contains("more than 1000000 nodes") == true)
    #expect(error?.reason.contains("options.maxNodes") == true)
  }

  @Test func nodeLimitCountsElementsAndTextRuns() throws {
    var options = TTHTMLParser.Options()
    options.maxNodes = 6
    // html, body, p, "a", b, "c": six nodes.
    let page = try TTHTMLParser.parse(Array("<p>a<b>c</b>".utf8), options: options)
    #expect(page.nodeCount == 6)
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse(Array("<p>a<b>c</b>d".utf8), options: options)
    }
    #expect(error?.code == .nodeCountLimit)
  }

  @Test func pageOverTheSizeLimitFailsBeforeParsing() {
    var options = TTHTMLParser.Options()
    options.maxDocumentSize = 1_000
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse([UInt8](repeating: UInt8(ascii: "a"), count: 1_001), options: options)
    }
    #expect(error?.code == .documentSizeLimit)
    #expect(
      error?.message
        == "error: The page is 1001 bytes, more than the 1000 allowed (options.maxDocumentSize); "
        + "raise options.maxDocumentSize to read it.")
  }

  @Test func defaultSizeLimitIsTenMegabytes() {
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse([UInt8](repeating: UInt8(ascii: " "), count: 10_000_001))
    }
    #expect(error?.code == .documentSizeLimit)
  }

  @Test func startTagWithTwoThousandAttributesFails() {
    let tag = "<p>ok</p>\n  <div " + (0..<2_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + ">"
    let error = #expect(throws: TTXMLError.self) { try TTHTMLParser.parse(Array(tag.utf8)) }
    #expect(error?.code == .attributeCountLimit)
    #expect(error?.line == 2)
    #expect(error?.column == 3)
    #expect(error?.message.hasPrefix("2:3: error: The start tag <div> has more than 1000 attributes") == true)
    #expect(error?.reason.contains("options.maxAttributesPerElement") == true)
    // The offending line, cut 80 characters after the place, with a caret under the tag.
    let lines = error?.message.split(separator: "\n", omittingEmptySubsequences: false) ?? []
    #expect(lines.count == 3)
    #expect(lines.dropFirst().first?.hasPrefix("  <div a0=\"0\" a1=\"1\"") == true)
    #expect(lines.dropFirst().first?.count == 82)
    #expect(lines.last == "  ^")
  }

  @Test func attributesInScriptTextAndCommentsAreNotCounted() throws {
    let many = (0..<2_000).map { "a\($0)" }.joined(separator: " ")
    let page = try TTHTMLParser.parse(
      Array("<script>x = '<p \(many)>'</script><!-- <p \(many)> --><p id=x>y".utf8))
    #expect(page.body?.child("p")?.attribute("id") == "x")
  }

  @Test func attributeHiddenBehindBogusNameCharactersIsStillCounted() {
    // libxml2 reads `a@="` as the attribute `a` and bogus text, then the words as attributes.
    let words = (0..<2_000).map { "b\($0)" }.joined(separator: " ")
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse(Array("<p a@=\"\(words)\">".utf8))
    }
    #expect(error?.code == .attributeCountLimit)
  }

  @Test func manyWideTagsTogetherFail() {
    let prefix = String(repeating: "a", count: 90)
    let tag = "<p " + (0..<900).map { "\(prefix)\($0)" }.joined(separator: " ") + ">"
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse(Array(String(repeating: tag, count: 50).utf8))
    }
    #expect(error?.code == .attributeCountLimit)
    #expect(error?.reason.contains("libxml2 would take seconds") == true)
  }

  @Test func attributeLimitIsTheOption() throws {
    var options = TTHTMLParser.Options()
    options.maxAttributesPerElement = 3
    let page = try TTHTMLParser.parse(Array("<p a=1 b=2 c=3>".utf8), options: options)
    #expect(page.body?.child("p")?.attributes.count == 3)
    let error = #expect(throws: TTXMLError.self) {
      try TTHTMLParser.parse(Array("<p a=1 b=2 c=3 d>".utf8), options: options)
    }
    #expect(error?.code == .attributeCountLimit)
  }

  @Test func nulByteInATagNameDoesNotStopTheParse() throws {
    let page = try TTHTMLParser.parse([
      0x3C, 0x70, 0x00, 0x3E, 0x61, 0x00, 0x62, 0x3C, 0x2F, 0x70, 0x3E, 0x63,
    ])
    #expect(page.body != nil)
    #expect(page.body?.textContent.contains("b") == true)
  }

  @Test func diagnosticsAreCappedAtAHundred() throws {
    let page = try TTHTMLParser.parse(Array(("<p>" + String(repeating: "</span>", count: 500)).utf8))
    #expect(page.diagnostics.count == 101)
    #expect(page.diagnostics.last?.reason == "400 more problems were repaired and are not listed.")
  }

  @Test func escapeSequencesInDiagnosticsAreEscaped() throws {
    let page = try TTHTMLParser.parse(Array("<p></\u{1B}]0;pwned\u{07}>".utf8))
    for diagnostic in page.diagnostics {
      #expect(!diagnostic.message.unicodeScalars.contains("\u{1B}"))
      #expect(!diagnostic.message.unicodeScalars.contains("\u{07}"))
    }
  }
}
