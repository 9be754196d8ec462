import Foundation
import Testing
import Three20XML

/// Feeds that break XML's rules are read the way the established feed parsers read them: what
/// can be read is kept, and the first problem is reported with its place.
@Suite struct TTFeedLenientTests {
  /// An RSS 2.0 feed whose one item has the given title.
  static func rss(title: String, description: String = "Sea") -> Data {
    Data(
      """
      <rss version="2.0"><channel><title>Harbour</title>
      <item><title>\(title)</title><description>\(description)</description></item>
      <item><title>Second</title></item>
      </channel></rss>
      """.utf8)
  }

  @Test func aStrayAmpersandIsKeptAsText() throws {
    let feed = try TTFeedReader.read(Self.rss(title: "Fish & Chips &co"))
    #expect(feed.items.map(\.title) == ["Fish & Chips &co", "Second"])
    #expect(!feed.isWellFormed)
    let problem = try #require(feed.syntaxProblem)
    #expect(problem.code == .notWellFormed)
    #expect(problem.line == 2)
    #expect(problem.column == 19)
    #expect(problem.message.contains("&amp;"))
    #expect(problem.message.contains("1 more problem"))
  }

  @Test func aStrayLessThanIsKeptAsText() throws {
    let feed = try TTFeedReader.read(Self.rss(title: "a < b <3 <<", description: "x< y 1<2"))
    #expect(feed.items.first?.title == "a < b <3 <<")
    #expect(feed.items.first?.summary?.value == "x< y 1<2")
    #expect(feed.syntaxProblem?.message.contains("&lt;") == true)
  }

  @Test func undeclaredHTMLEntitiesAreReadAsHTMLCharacters() throws {
    let data = Data(
      """
      <rss version="2.0"><channel><title>Caf&eacute;&nbsp;Menu &hellip;</title>
      <item><title>&Eacute;t&eacute;</title><category domain="&copy;x">&mdash;</category></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.title == "Café\u{A0}Menu …")
    #expect(feed.items.first?.title == "Été")
    #expect(feed.items.first?.categories.first?.term == "—")
    #expect(feed.items.first?.categories.first?.scheme == "©x")
    #expect(feed.syntaxProblem?.message.contains("&eacute;") == true)
    #expect(feed.syntaxProblem?.line == 1)
  }

  @Test func anUnknownEntityIsLeftOutButReadingGoesOn() throws {
    let feed = try TTFeedReader.read(Self.rss(title: "A &nosuchthing; B"))
    #expect(feed.items.first?.title == "A  B")
    #expect(feed.items.count == 2)
    #expect(!feed.isWellFormed)
  }

  @Test func controlCharactersAreDropped() throws {
    let feed = try TTFeedReader.read(
      Self.rss(title: "Bell\u{7}\u{1B}[31m here", description: "a\u{0}b\u{B}c"))
    #expect(feed.items.first?.title == "Bell[31m here")
    #expect(feed.items.first?.summary?.value == "abc")
    #expect(feed.syntaxProblem?.message.contains("U+0007") == true)
  }

  @Test func bytesNotInTheDeclaredEncodingAreReadAsLatin1() throws {
    var data = Data(#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>caf"#.utf8)
    data.append(0xE9)  // "é" in ISO-8859-1, not UTF-8
    data.append(contentsOf: "</title><item><title>x</title></item></channel></rss>".utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.title == "café")
    #expect(feed.items.count == 1)
    #expect(feed.syntaxProblem != nil)
  }

  @Test func aFeedCutOffIsReadUpToTheCut() throws {
    let data = Data(
      """
      <rss version="2.0"><channel><title>Harbour</title>
      <item><title>First</title></item>
      <item><title>Sec
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.title == "Harbour")
    #expect(feed.items.first?.title == "First")
    #expect(!feed.isWellFormed)
  }

  @Test func markupThatNeedsNoRepairIsLeftAlone() throws {
    let data = Data(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <!DOCTYPE rss [ <!ENTITY sea "the sea"> ]>
      <!-- a comment with & and < inside -->
      <rss version="2.0"><channel><title>&sea; &amp; &#233; &#xE9;</title>
      <item><title><![CDATA[a & b < c]]></title><link>http://example.com/?a=1&amp;b=2</link></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.title == "the sea & é é")
    #expect(feed.items.first?.title == "a & b < c")
    #expect(feed.items.first?.link?.absoluteString == "http://example.com/?a=1&b=2")
    #expect(feed.isWellFormed)
    #expect(feed.syntaxProblem == nil)
  }

  @Test func anAmpersandInAnAttributeIsKept() throws {
    let data = Data(
      """
      <rss version="2.0"><channel><title>T</title>
      <item><enclosure url="http://example.com/a.mp3?x=1&y=2" type="audio/mpeg" length="1"/></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data)
    #expect(feed.items.first?.enclosures.first?.url.absoluteString == "http://example.com/a.mp3?x=1&y=2")
  }

  /// The repairs look ahead a few bytes; a document cut into pieces anywhere reads the same.
  @Test(arguments: [1, 2, 3, 7, 64])
  func piecesCutAnywhereReadTheSame(size: Int) throws {
    let data = Self.rss(
      title: "Fish & Chips &amp; &eacute; a< b \u{1}end &", description: "<< &#12 caf\u{E9}")
    let whole = try TTFeedReader.read(data)
    #expect(whole.items.first?.title == "Fish & Chips & é a< b end &")
    #expect(whole.items.first?.summary?.value == "<< &#12 café")
    #expect(try TTFeedReader().read(data, inPiecesOf: size) == whole)
  }

  @Test func strictReadingThrowsWhereLenientReadingRepairs() throws {
    let cases = [
      Self.rss(title: "Fish & Chips"), Self.rss(title: "a < b"), Self.rss(title: "Caf&eacute;"),
      Self.rss(title: "Bell\u{7}"),
    ]
    for data in cases {
      #expect(throws: TTXMLError.self) { try TTFeedReader.read(data, strict: true) }
      #expect(try TTFeedReader.read(data).items.count == 2)
    }
  }

  @Test func aWellFormedFeedHasNoSyntaxProblem() throws {
    let feed = try TTFeedReader.read(Self.rss(title: "Plain"))
    #expect(feed.isWellFormed)
    #expect(feed.syntaxProblem == nil)
  }

  @Test func aDocumentThatIsNotAFeedStillThrows() {
    #expect(throws: TTXMLError.self) { try TTFeedReader.read(Data("<html><body>&nbsp;</body></html>".utf8)) }
    #expect(throws: TTXMLError.self) { try TTFeedReader.read(Data("not xml at all & <".utf8)) }
  }

  /// UTF-16 is passed to libxml2 untouched (the repair reads only encodings that keep ASCII
  /// bytes as ASCII); libxml2's own recovery still reads the rest.
  @Test func utf16IsRecoveredByLibxml2Alone() throws {
    let text =
      "\u{FEFF}<rss version=\"2.0\"><channel><title>Fish & Chips</title><item><title>x</title></item></channel></rss>"
    var data = Data()
    for unit in text.utf16 {
      data.append(UInt8(unit & 0xFF))
      data.append(UInt8(unit >> 8))
    }
    let feed = try TTFeedReader.read(data)
    #expect(feed.items.map(\.title) == ["x"])
    #expect(feed.title?.hasPrefix("Fish") == true)
    #expect(!feed.isWellFormed)
  }

  /// A byte order mark before the root: the repair holds nothing back that libxml2 needs to
  /// detect the encoding.
  @Test func aFeedWithAByteOrderMarkIsRead() throws {
    var data = Data([0xEF, 0xBB, 0xBF])
    data.append(Self.rss(title: "Fish & Chips"))
    let feed = try TTFeedReader.read(data)
    #expect(feed.items.first?.title == "Fish & Chips")
    #expect(try TTFeedReader().read(data, inPiecesOf: 1) == feed)
    var declared = Data([0xEF, 0xBB, 0xBF])
    declared.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
    declared.append(Self.rss(title: "Plain"))
    #expect(try TTFeedReader.read(declared).isWellFormed)
  }

  /// Markup that is valid is never changed: a character between the `]`s or `-`s that end a
  /// CDATA section or comment, a long declared entity name.
  @Test func validMarkupWithNonASCIICharactersIsUntouched() throws {
    var options = TTXMLParser.Options()
    options.recovers = true
    let cdata = try TTXMLParser.parse(Data("<r><![CDATA[]é]> 1 < 2 & 3]]></r>".utf8), options: options)
    #expect(cdata.root.textContent == "]é]> 1 < 2 & 3")
    #expect(cdata.diagnostics.isEmpty)
    let comment = try TTXMLParser.parse(Data("<r><!-- -é-> --><b>1</b></r>".utf8), options: options)
    #expect(comment.root.child("b")?.text == "1")
    #expect(comment.diagnostics.isEmpty)
    let name = String(repeating: "名", count: 22)
    let entity = try TTXMLParser.parse(
      Data("<!DOCTYPE r [<!ENTITY \(name) \"ok\">]><r>&\(name);</r>".utf8), options: options)
    #expect(entity.root.textContent == "ok")
    #expect(entity.diagnostics.isEmpty)
  }

  /// libxml2 stops substituting named entities after a document's first error; the repairs
  /// write character references, which it always reads.
  @Test func repairsAfterAnEarlierErrorStillKeepTheText() throws {
    var options = TTXMLParser.Options()
    options.recovers = true
    let document = try TTXMLParser.parse(Data("<r><a></b>x & y < z</r>".utf8), options: options)
    #expect(document.root.textContent.contains("x & y < z"))
  }

  /// An encoding given as UTF-16 is not read as bytes that keep ASCII.
  @Test func anOverriddenUTF16EncodingIsNotRepaired() throws {
    var options = TTXMLParser.Options()
    options.recovers = true
    options.encoding = "UTF-16"
    var data = Data([0xFF, 0xFE])
    for unit in "<r>a</r>".utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    let document = try TTXMLParser.parse(data, options: options)
    #expect(document.root.name == "r")
    #expect(document.root.textContent == "a")
  }

  /// Only HTML's exact names are read (a legacy prefix such as `&not` in `&notit;` is not):
  /// the entities made are bounded by HTML's table.
  @Test func onlyExactHTMLEntityNamesAreRead() throws {
    let feed = try TTFeedReader.read(Self.rss(title: "a &notit; b &not; c"))
    #expect(feed.items.first?.title == "a  b ¬ c")
  }

  /// The parser's own recovery mode makes the same repairs and lists each one.
  @Test func theParsersRecoveryModeListsEachRepair() throws {
    var options = TTXMLParser.Options()
    options.recovers = true
    let document = try TTXMLParser.parse(Data("<a>1 & 2\n<b>x < y &eacute;</b></a>".utf8), options: options)
    #expect(document.root.textContent == "1 & 2\nx < y é")
    #expect(document.diagnostics.map(\.line) == [1, 2, 2])
    #expect(document.diagnostics.map(\.column) == [6, 6, 10])
  }
}
