import Foundation
import Testing
import Three20XML

@Suite("TTXMLObject: Three20's dictionary view")
struct TTXMLObjectTests {
  private func object(_ text: String, arrays: Bool = false) throws -> TTXMLObject {
    try TTXMLParser.parse(Data(text.utf8)).dictionaryValue(treatDuplicateKeysAsArrayItems: arrays)
  }

  /// Every element becomes a dictionary with its name, its type ("unknown" without a type
  /// attribute), its text and its attributes.
  @Test func elementKeys() throws {
    let root = try object("<user id='7' name='ada'> hi </user>")
    #expect(root[TTXMLObject.entityNameKey] == .string("user"))
    #expect(root.nameForXMLNode == "user")
    #expect(root.typeForXMLNode == "unknown")
    #expect(root[TTXMLObject.entityValueKey] == .string(" hi "))
    #expect(root["id"] == .string("7"))
    #expect(root["name"] == .string("ada"))
    #expect(root.objectForXMLNode == .string(" hi "))
    #expect(TTXMLObject.entityNameKey == "___Entity_Name___")
    #expect(TTXMLObject.entityTypeKey == "___Entity_Type___")
    #expect(TTXMLObject.entityValueKey == "___Entity_Value___")
    #expect(TTXMLObject.arrayKey == "___Array___")
  }

  /// An element without text has no value key, as in Three20.
  @Test func emptyElementHasNoValue() throws {
    let root = try object("<a/>")
    #expect(root[TTXMLObject.entityValueKey] == nil)
    #expect(root.dictionaryValue?.count == 2)
  }

  /// `type="integer"` converts like `intValue`; `type="datetime"` parses both of Three20's
  /// formats and leaves anything else a string; `type="array"` lists children under
  /// `___Array___`; other types drop their children.
  @Test func typeConversions() throws {
    let root = try TTXMLParser.parse(Fixture.data("dictionary-types.xml")).dictionaryValue()
    let user = try #require(root["user"])
    #expect(user["age"]?.objectForXMLNode == .integer(36))
    #expect(user["age"]?.typeForXMLNode == "integer")
    let joined = try #require(user["joined"]?.objectForXMLNode?.dateValue)
    #expect(joined == Date(timeIntervalSince1970: 1_236_866_733))
    #expect(user["seen"]?.objectForXMLNode?.dateValue == Date(timeIntervalSince1970: 1_262_401_445))
    #expect(user["birthday"]?.objectForXMLNode == .string("not a date"))
    let badges = try #require(user["badges"]?.objectForXMLNode?.arrayValue)
    #expect(badges.count == 2)
    #expect(badges[0].objectForXMLNode == .string("gold"))
    #expect(badges[1]["level"] == .string("2"))
    #expect(user["badges"]?.typeForXMLNode == "array")
    let note = try #require(user["note"])
    #expect(note["b"] == nil)
    #expect(note.objectForXMLNode == .string("text kept"))
  }

  /// Integers convert like `-[NSString intValue]`: leading whitespace and sign, digits up to
  /// the first other character, 0 when there are none, clamped to 32 bits.
  @Test(arguments: [
    ("42", 42), ("  -17abc", -17), ("+5", 5), ("abc", 0), ("", 0), ("99999999999", 2_147_483_647),
    ("-99999999999", -2_147_483_648),
  ])
  func integerConversionMatchesIntValue(text: String, expected: Int) throws {
    let root = try object("<n type='integer'>\(text)</n>")
    #expect(root.objectForXMLNode == .integer(expected))
  }

  /// Without `treatDuplicateKeysAsArrayItems` a repeated child replaces the earlier one;
  /// with it, repeated children become an array in document order and single ones stay single.
  @Test func duplicateKeys() throws {
    let text = "<channel><title>T</title><item>1</item><item>2</item><item>3</item></channel>"
    let plain = try object(text)
    #expect(plain["item"]?.objectForXMLNode == .string("3"))
    let arrays = try object(text, arrays: true)
    #expect(
      arrays["item"]?.arrayValue?.map(\.objectForXMLNode) == [.string("1"), .string("2"), .string("3")])
    #expect(arrays["title"]?.objectForXMLNode == .string("T"))
  }

  /// `array(forKey:)` wraps zero, one or many children alike and never crashes on a missing key.
  @Test(arguments: [0, 1, 3])
  func arrayForKeyIsAlwaysAnArray(count: Int) throws {
    let items = String(repeating: "<item>x</item>", count: count)
    let root = try object("<channel>\(items)</channel>", arrays: true)
    #expect(root.array(forKey: "item").count == count)
  }

  /// Subscripts and key paths on the wrong kind of value return nil.
  @Test func accessorsNeverCrash() throws {
    let root = try object("<a><b><c>deep</c></b></a>")
    #expect(root.value(forKeyPath: "b.c")?.objectForXMLNode == .string("deep"))
    #expect(root.value(forKeyPath: "b.x.y") == nil)
    #expect(root[0] == nil)
    #expect(TTXMLObject.string("s")["k"] == nil)
    #expect(TTXMLObject.array([])[5] == nil)
    #expect(TTXMLObject.array([.integer(1)])[-1] == nil)
  }

  /// An RSS feed read with `isRssFeed` turned on gives the items as an array, as Three20's
  /// RSS tutorials expected.
  @Test func rssFeedItemsAreAnArray() throws {
    let document = try TTXMLParser.parse(Fixture.data("rss2-namespaces.xml"))
    let rss = document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
    let items = rss["channel"]?.array(forKey: "item") ?? []
    #expect(items.count == 3)
    #expect(items[0]["title"]?.objectForXMLNode == .string("Winter ferry timetable published"))
    #expect(items[0]["category"]?.arrayValue?.count == 2)
    #expect(items[0]["dc:creator"]?.objectForXMLNode == .string("Morag Innes"))
    #expect(items[0]["enclosure"]?["length"] == .string("4839201"))
  }

  /// Grouping works past many distinct names, and a child named like an attribute joins it in
  /// an array (attribute first), as Three20's merge did.
  @Test func duplicatesAmongManyNamesAndAttributes() throws {
    let names = (0..<30).map { "n\($0)" }
    let children = (names + names.reversed() + ["n3"]).map { "<\($0)>\($0)</\($0)>" }.joined()
    let root = try object("<r n0='attribute'>\(children)</r>", arrays: true)
    #expect(root.array(forKey: "n0").count == 3)
    #expect(root.array(forKey: "n0").first == .string("attribute"))
    #expect(root.array(forKey: "n3").count == 3)
    #expect(root.array(forKey: "n29").count == 2)
    #expect(root.array(forKey: "n29").allSatisfy { $0.objectForXMLNode == .string("n29") })
  }

  /// Elements of one shape each keep their own values, and colliding keys keep their precedence
  /// however often the shape repeats.
  @Test func repeatedShapesKeepTheirOwnValues() throws {
    let items = (0..<5).map {
      "<item id='\($0)' type='x'><title>t\($0)</title><item2/></item>"
        + "<other title='a\($0)'><title>c\($0)</title></other>"
        + "<named ___Entity_Name___='fake'>v\($0)</named>"
    }.joined()
    let root = try object("<r>\(items)</r>", arrays: true)
    let item = root.array(forKey: "item")
    #expect(item.map { $0["id"]?.stringValue } == (0..<5).map { "\($0)" })
    #expect(item.allSatisfy { $0.typeForXMLNode == "x" && $0["title"] == nil })
    let other = root.array(forKey: "other")
    #expect(other.map { $0["title"]?.arrayValue?.count } == Array(repeating: 2, count: 5))
    #expect(other.last?["title"]?[0] == .string("a4"))
    let named = root.array(forKey: "named")
    #expect(named.map(\.nameForXMLNode) == Array(repeating: "named", count: 5))
    #expect(named.map { $0.objectForXMLNode?.stringValue } == (0..<5).map { "v\($0)" })
    let plain = try object("<r>\(items)</r>")
    #expect(plain["other"]?["title"]?.objectForXMLNode == .string("c4"))
  }

  /// Text split by references, CDATA and comments joins into one value.
  @Test func textInPiecesJoins() throws {
    let root = try object("<r><a>x &amp; y<![CDATA[ <z> ]]>w<!-- c -->v</a><b>one</b></r>")
    #expect(root["a"]?.objectForXMLNode == .string("x & y <z> wv"))
    #expect(root["b"]?.objectForXMLNode == .string("one"))
  }
}
