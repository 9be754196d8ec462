import Foundation
import Testing
import Three20XML

/// `maxAttributesPerElement`: start tags with too many attributes fail before libxml2 spends
/// quadratic time on them, wherever the tag comes from, and ordinary documents still parse.
@Suite("TTXMLParser: attributes per element")
struct TTXMLAttributeLimitTests {
  /// `<name a0="" a1="" …/>` with `count` attributes.
  static func wideTag(_ count: Int, name: String = "a", value: String = "") -> String {
    var text = "<\(name)"
    text.reserveCapacity(count * 12)
    for index in 0..<count { text += " a\(index)=\"\(value)\"" }
    return text + "/>"
  }

  /// Options with a small limit, for small documents.
  static func limit(_ count: Int) -> TTXMLParser.Options {
    var options = TTXMLParser.Options()
    options.maxAttributesPerElement = count
    return options
  }

  /// Parses in pieces of `size` bytes.
  static func parse(
    _ bytes: [UInt8], pieces size: Int, options: TTXMLParser.Options
  ) throws(TTXMLError) -> TTXMLDocument {
    let parser = TTXMLParser(options: options)
    var offset = 0
    while offset < bytes.count {
      try parser.feed(bytes[offset..<min(bytes.count, offset + size)])
      offset += size
    }
    return try parser.finish()
  }

  /// The document: 150,000 attributes on one element (about 3 MB) fails at once with
  /// an error naming the element, the limit and the option. (libxml2 alone spends seconds.)
  @Test func attributeFloodFailsFast() throws {
    let document = Data(Self.wideTag(150_000, value: "value").utf8)
    #expect(document.count > 2_000_000)
    let start = ContinuousClock.now
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(document) }
    let elapsed = ContinuousClock.now - start
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("<a>"))
    #expect(error.message.contains("more than 1000 attributes"))
    #expect(error.message.contains("options.maxAttributesPerElement"))
    #expect(error.line == 1)
    #expect(error.sourceLine?.hasSuffix("a1000=") == true)
    #expect(elapsed < .seconds(1))
  }

  /// The count holds across pieces of any size, even one byte.
  @Test(arguments: [1, 2, 7, 4096])
  func floodFedInPieces(size: Int) throws {
    let bytes = Array(("<?xml version=\"1.0\"?>\n<root>\n" + Self.wideTag(12, name: "wide") + "</root>").utf8)
    let error = try #require(throws: TTXMLError.self) {
      try Self.parse(bytes, pieces: size, options: Self.limit(10))
    }
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("<wide>"))
    #expect(error.line == 3)
  }

  /// Up to the limit parses; one more fails; a raised limit lets it through.
  @Test func limitIsExact() throws {
    let atLimit = try TTXMLParser.parse(Data(Self.wideTag(1_000).utf8))
    #expect(atLimit.root.attributes.count == 1_000)
    let over = Data(Self.wideTag(1_001).utf8)
    #expect(throws: TTXMLError.self) { try TTXMLParser.parse(over) }
    let raised = try TTXMLParser.parse(over, options: Self.limit(2_000))
    #expect(raised.root.attributes.count == 1_001)
  }

  /// Namespace declarations count as attributes.
  @Test func namespaceDeclarationsCount() throws {
    let declarations = (0..<5).map { " xmlns:p\($0)=\"urn:\($0)\"" }.joined()
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data("<a\(declarations)/>".utf8), options: Self.limit(4))
    }
    #expect(error.code == .attributeCountLimit)
  }

  /// Namespace declarations in scope at once are limited (libxml2 searches them all for every
  /// prefix); declarations that went out of scope do not count.
  @Test func namespacesInScopeAreLimited() throws {
    var options = TTXMLParser.Options()
    options.maxNamespacesInScope = 10
    func declarations(_ level: Int, _ count: Int) -> String {
      (0..<count).map { " xmlns:p\(level)x\($0)=\"urn:\($0)\"" }.joined()
    }
    let siblings = (0..<5).map { "<s\(declarations($0, 6))/>" }.joined()
    #expect(throws: Never.self) { try TTXMLParser.parse(Data("<r>\(siblings)</r>".utf8), options: options) }
    let nested = "<a\(declarations(0, 4))><b\(declarations(1, 4))><c\(declarations(2, 4))/></b></a>"
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data(nested.utf8), options: options)
    }
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("more than 10 namespaces (options.maxNamespacesInScope)"))
    // The default stops the slow case quickly: 1,000 declarations per level, 255 levels.
    var slow = ""
    for level in 0..<255 { slow += "<e\(declarations(level, 1_000))>" }
    let start = ContinuousClock.now
    #expect(throws: TTXMLError.self) { try TTXMLParser.parse(Data(slow.utf8)) }
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  /// What only looks like attributes is not counted: values holding `=` and `>`, comments,
  /// CDATA sections, processing instructions, the DOCTYPE's literals, and text.
  @Test func markupThatIsNotAStartTagIsNotCounted() throws {
    let fake = String(repeating: "<b x=\"1\" y=\"2\" z=\"3\">", count: 3)
    let document = """
      <?xml version="1.0"?>
      <?style a="1" b="2" c="3" d="4"?>
      <!DOCTYPE r SYSTEM "a=b=c=d=e" [
        <!ENTITY note "x=1 y=2 z=3 w=4">
        <!-- <c p="1" q="2" r="3" s="4"> -->
        <?pi a="1" b="2" c="3" d="4"?>
      ]>
      <r one="a=b=c=d>e" two='=x=y=z>w'>
        <!-- \(fake) -->
        <![CDATA[\(fake)]]>
        text = with = equals = signs = everywhere &gt; &note;
        <?pi \(fake)?>
        <k a="1" b="2" c="3"/>
      </r>
      """
    let parsed = try TTXMLParser.parse(Data(document.utf8), options: Self.limit(3))
    #expect(parsed.root.attribute("one") == "a=b=c=d>e")
    #expect(parsed.root.child("k")?.attributes.count == 3)
  }

  /// Cutting the input differently never changes the verdict: random documents made of every
  /// construct the scanner knows, parsed whole and in pieces of 1, 2, 3 and 7 bytes.
  @Test func verdictDoesNotDependOnPieces() throws {
    var generator = SplitMix(seed: 20_261_126)
    let fragments = [
      "<k a=\"1\" b='2'/>", "<k a=\"x>y\" b='=' c=\"3\">t</k>", "<!-- <c p=\"1\" q=\"2\"> -->",
      "<![CDATA[<c p=\"1\" q=\"2\" r=\"3\">]]>", "<?pi a=\"1\" b=\"2\"?>", "text = more = text ",
      "<w a=\"1\" b=\"2\" c=\"3\" d=\"4\"/>", "&amp;", "<e/>", "<q x='&lt;'>z</q>", "\n",
    ]
    for _ in 0..<60 {
      var body = ""
      for _ in 0..<Int(generator.next() % 12) {
        body += fragments[Int(generator.next() % UInt64(fragments.count))]
      }
      let document = Array("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x \"a=b\">]><r>\(body)</r>".utf8)
      var verdicts: [String] = []
      for size in [document.count, 1, 2, 3, 7] {
        do throws(TTXMLError) {
          _ = try Self.parse(document, pieces: size, options: Self.limit(3))
          verdicts.append("ok")
        } catch {
          verdicts.append("\(error.code) \(error.line ?? 0):\(error.column ?? 0)")
        }
      }
      #expect(Set(verdicts).count == 1, "\(verdicts) for \(String(decoding: document, as: UTF8.self))")
      #expect(verdicts[0].hasPrefix("attributeCountLimit") == body.contains("<w "))
    }
  }

  /// A `<` inside a start tag starts a new tag for the scanner, as it does for libxml2.
  ///
  /// So a malformed tag cannot hide the next one. In recovery mode the `<` in the attribute value is
  /// first escaped, for libxml2 and the scanner alike, so no tag is read there at all.
  @Test func unclosedTagDoesNotHideTheNext() throws {
    var options = Self.limit(3)
    options.recovers = true
    let bytes = Array("<r><x a=\"<c p='1' q='2' r='3' s='4'/></r>".utf16)
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in bytes { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    // UTF-16 is not repaired: the scanner reads the tag libxml2 may read.
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(Data(utf16), options: options) }
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("<c>"))
    let repaired = try TTXMLParser.parse(
      Data("<r><x a=\"<c p='1' q='2' r='3' s='4'/></r>".utf8), options: options)
    #expect(repaired.root.child("c") == nil)
    #expect(repaired.diagnostics.first?.reason.contains("\"<\"") == true)
  }

  /// In UTF-16 the attributes are counted on the decoded text, cut anywhere.
  @Test(arguments: [false, true])
  func utf16Flood(bigEndian: Bool) throws {
    let text = "<r>" + Self.wideTag(5, name: "wide") + "</r>"
    let units = Array(text.utf16)
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in units {
      bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    #expect(
      try Self.parse(bytes, pieces: 3, options: Self.limit(5)).root.child("wide")?.attributes.count == 5)
    for size in [1, 3, 4096] {
      let error = try #require(throws: TTXMLError.self) {
        try Self.parse(bytes, pieces: size, options: Self.limit(4))
      }
      #expect(error.code == .attributeCountLimit)
      #expect(error.message.contains("<wide>"))
    }
  }

  /// A UTF-16 document that declares `UTF-8` is still UTF-16 to libxml2, and so to the
  /// scanner: characters whose UTF-16 bytes spell `<!--` cannot put it in a comment and hide
  /// the tag after them (it is the scanner, before libxml2, that refuses the tag).
  @Test func declaredUTF8DoesNotSwitchAUTF16Document() throws {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><r>\u{213C}\u{2D2D}" + Self.wideTag(5) + "</r>"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    #expect(
      try Self.parse(bytes, pieces: 4096, options: Self.limit(5)).root.child("a")?.attributes.count == 5)
    for size in [1, 3, 4096] {
      let error = try #require(throws: TTXMLError.self) {
        try Self.parse(bytes, pieces: size, options: Self.limit(4))
      }
      #expect(error.code == .attributeCountLimit)
      #expect(error.message.contains("The start tag <a> has more than 4 attributes"), "\(error)")
    }
  }

  /// A `<` in a broken DOCTYPE starts a tag for the scanner too: libxml2 in recovery mode may
  /// read one there.
  @Test(arguments: ["<!DOCTYPE r x", "<!DOCTYPE r []"])
  func brokenDoctypesDoNotHideATag(start: String) throws {
    var options = Self.limit(4)
    options.recovers = true
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data((start + Self.wideTag(5) + "]><r/>").utf8), options: options)
    }
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("The start tag <a> has more than 4 attributes"), "\(error)")
  }

  /// A declaration that switches to an EBCDIC code page: libxml2 reads the rest as EBCDIC, and
  /// so does the scanner (ASCII bytes alone show no tag at all).
  @Test func declaredEncodingIsFollowed() throws {
    // IBM037 for the characters used after the declaration.
    let ebcdic: [Character: UInt8] = [
      "<": 0x4C, ">": 0x6E, "?": 0x6F, "/": 0x61, "=": 0x7E, "\"": 0x7F, " ": 0x40, "a": 0x81,
      "b": 0x82, "1": 0xF1, "2": 0xF2, "3": 0xF3, "4": 0xF4, "5": 0xF5,
    ]
    let tag = "?><a b1=\"1\" b2=\"2\" b3=\"3\" b4=\"4\" b5=\"5\"/>"
    let bytes = Array("<?xml version=\"1.0\" encoding=\"IBM037\"".utf8) + tag.map { ebcdic[$0] ?? 0x40 }
    let parsed = try TTXMLParser.parse(bytes, options: Self.limit(5))
    #expect(parsed.root.name == "a")
    #expect(parsed.root.attribute("b5") == "5")
    for size in [1, 5, 4096] {
      let error = try #require(throws: TTXMLError.self) {
        try Self.parse(bytes, pieces: size, options: Self.limit(4))
      }
      #expect(error.code == .attributeCountLimit)
    }
  }

  /// Attributes the DTD declares for one element (each added to every start tag of it) count
  /// too: 150,000 declared defaults fail at once.
  @Test func declaredAttributesFloodFailsFast() throws {
    var declarations = "<!DOCTYPE a [<!ATTLIST a"
    for index in 0..<150_000 { declarations += " d\(index) CDATA \"x\"" }
    declarations += ">]><a/>"
    let start = ContinuousClock.now
    let error = try #require(throws: TTXMLError.self) { try TTXMLParser.parse(Data(declarations.utf8)) }
    let elapsed = ContinuousClock.now - start
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("DTD declares more than 1000 attributes for <a>"))
    #expect(elapsed < .seconds(1))
    let few = "<!DOCTYPE a [<!ATTLIST a x CDATA \"1\" y CDATA \"2\">]><a z='3'/>"
    #expect(try TTXMLParser.parse(Data(few.utf8)).root.attributes.count == 3)
  }

  /// Start tags in an entity's value are parsed by libxml2 when the entity is used, so they
  /// are counted when it is declared, character references included.
  @Test(arguments: ["<b p='1' q='2' r='3' s='4'/>", "&#60;b p='1' q='2' r='3' s='4'/&#62;"])
  func entityValueFlood(value: String) throws {
    let document = "<!DOCTYPE a [<!ENTITY e \"\(value)\">]><a>&e;</a>"
    let error = try #require(throws: TTXMLError.self) {
      try TTXMLParser.parse(Data(document.utf8), options: Self.limit(3))
    }
    #expect(error.code == .attributeCountLimit)
    #expect(error.message.contains("entity e"))
    #expect(try TTXMLParser.parse(Data(document.utf8), options: Self.limit(4)).root.child("b") != nil)
  }
}

/// A small deterministic random number generator (SplitMix64) for generated documents.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
