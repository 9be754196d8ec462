import Foundation
import Testing
import Three20XML

@Suite("TTXMLElement: the tree and its accessors")
struct TTXMLElementTests {
  private func parse(_ text: String) throws -> TTXMLElement {
    try TTXMLParser.parse(Data(text.utf8)).root
  }

  /// A real RSS 2.0 document with namespaces becomes a tree with names, attributes and text.
  @Test func rssWithNamespacesBuildsTheTree() throws {
    let document = try TTXMLParser.parse(Fixture.data("rss2-namespaces.xml"))
    let channel = try #require(document.root.child("channel"))
    #expect(document.root.name == "rss")
    #expect(document.root.attribute("version") == "2.0")
    #expect(channel.childText("title") == "Harbour Lights Weekly")
    #expect(channel.childText("description") == "Notes from a small coastal town & its ferry timetable.")
    let items = channel.children("item")
    #expect(items.count == 3)
    #expect(items[0].children("category").map(\.trimmedText) == ["Transport", "Notices"])
    #expect(items[1].childText("title") == "Lifeboat open day: \"Bring the kids\"")
    #expect(items[2].childText("title") == "Café Øresund reopens")
    #expect(items[2].childText("description") == "Smørrebrød is back on the menu. 🍞")
    #expect(document.encoding?.uppercased() == "UTF-8")
    #expect(document.version == "1.0")
  }

  /// Prefixed elements carry their prefix and namespace URI; lookups work by local name,
  /// qualified name, or namespace.
  @Test func namespacedNamesResolve() throws {
    let document = try TTXMLParser.parse(Fixture.data("rss2-namespaces.xml"))
    let item = try #require(document.root.child(path: "channel/item"))
    let creator = try #require(item.child("creator"))
    #expect(creator.prefix == "dc")
    #expect(creator.qualifiedName == "dc:creator")
    #expect(creator.namespaceURI == "http://purl.org/dc/elements/1.1/")
    #expect(item.childText("dc:creator") == "Morag Innes")
    #expect(item.child("encoded", namespaceURI: "http://purl.org/rss/1.0/modules/content/") != nil)
    #expect(item.child("encoded", namespaceURI: "http://example.com/other") == nil)
    let thumbnail = try #require(item.child("media:thumbnail"))
    #expect(thumbnail.attributeNode("width")?.intValue == 120)
    let declarations = document.root.namespaceDeclarations
    #expect(declarations.contains { $0.prefix == "dc" && $0.uri == "http://purl.org/dc/elements/1.1/" })
    // Namespace declarations are not attributes.
    #expect(document.root.attributes.map(\.name) == ["version"])
  }

  /// The default namespace applies to unprefixed elements (RSS 1.0, Atom).
  @Test func defaultNamespaceApplies() throws {
    let rdf = try TTXMLParser.parse(Fixture.data("rss10-rdf.xml")).root
    #expect(rdf.qualifiedName == "rdf:RDF")
    let item = try #require(rdf.child("item"))
    #expect(item.namespaceURI == "http://purl.org/rss/1.0/")
    #expect(item.prefix == nil)
    #expect(item.attribute("rdf:about") == "http://observatory.example.com/log/1042")
    #expect(item.attribute("about", namespaceURI: "http://www.w3.org/1999/02/22-rdf-syntax-ns#") != nil)
    let atom = try TTXMLParser.parse(Fixture.data("atom-xhtml.xml")).root
    #expect(atom.namespaceURI == "http://www.w3.org/2005/Atom")
    let div = try #require(atom.child(path: "entry/content/div"))
    #expect(div.namespaceURI == "http://www.w3.org/1999/xhtml")
    #expect(div.textContent == "It starts with the a.")
    #expect(atom.attribute("xml:lang") == "en")
  }

  /// Missing children, attributes and paths give nil or empty results, never a crash.
  @Test func missingThingsAreNilOrEmpty() throws {
    let root = try parse("<a><b/></a>")
    #expect(root.child("zzz") == nil)
    #expect(root.children("zzz").isEmpty)
    #expect(root.child(path: "b/c/d") == nil)
    #expect(root.childText("zzz") == nil)
    #expect(root.attribute("nope") == nil)
    #expect(root.child("b")?.text == "")
    #expect(root.child("b")?.intValue == nil)
    #expect(root.child("b")?.children.isEmpty == true)
    #expect(root.parent == nil)
    #expect(root.child("b")?.parent?.name == "a")
  }

  /// `children(_:)` is always an array: zero, one or many elements alike.
  @Test(arguments: [0, 1, 5])
  func childrenIsAlwaysAnArray(count: Int) throws {
    let items = String(repeating: "<item>x</item>", count: count)
    let root = try parse("<list>\(items)</list>")
    #expect(root.children("item").count == count)
    #expect(root.children("item").allSatisfy { $0.text == "x" })
  }

  /// CDATA sections are merged into the text around them; entities and character references
  /// are decoded in text and attributes.
  @Test func cdataAndEntitiesBecomeText() throws {
    let root = try TTXMLParser.parse(Fixture.data("cdata-entities.xml")).root
    #expect(root.childText("to") == "Reader & friend")
    #expect(root.childText("from") == "Three20 & Friends")
    #expect(root.childText("body") == "Use <b>bold</b> & <i>italic</i> carefully. © 2026 ☺ A")
    #expect(root.attribute("title") == "A <b> & Three20 & Friends")
  }

  /// `text` is the element's own text; `textContent` includes descendants; `nodes` keeps order.
  @Test func textAndMixedContent() throws {
    let root = try parse("<p>Hello <b>bold</b> world<br/>!</p>")
    #expect(root.text == "Hello  world!")
    #expect(root.textContent == "Hello bold world!")
    let kinds = root.nodes.map { node -> String in
      if let element = node.element { return "<\(element.name)>" }
      return node.text ?? "?"
    }
    #expect(kinds == ["Hello ", "<b>", " world", "<br>", "!"])
  }

  /// Typed conversions trim whitespace and return nil for text that is not that type.
  @Test func typedConversions() throws {
    let root = try parse(
      """
      <v><i> 42 </i><n>-7</n><big>99999999999999999999999</big><d>2.5</d><t>true</t><f>No</f>
      <u>https://example.com/a?b=1</u><x>abc</x></v>
      """)
    #expect(root.child("i")?.intValue == 42)
    #expect(root.child("n")?.intValue == -7)
    #expect(root.child("big")?.intValue == nil)
    #expect(root.child("d")?.doubleValue == 2.5)
    #expect(root.child("t")?.boolValue == true)
    #expect(root.child("f")?.boolValue == false)
    #expect(root.child("u")?.urlValue?.host == "example.com")
    #expect(root.child("x")?.intValue == nil)
    #expect(root.child("x")?.boolValue == nil)
    #expect(root.child("x")?.doubleValue == nil)
  }

  /// `descendants(_:)` finds elements at any depth in document order.
  @Test func descendantsInDocumentOrder() throws {
    let root = try parse("<a><b id='1'><b id='2'/></b><c><b id='3'/></c></a>")
    #expect(root.descendants("b").compactMap { $0.attribute("id") } == ["1", "2", "3"])
    #expect(root.child("c")?.descendants("b").count == 1)
  }

  /// Elements know the line they start on.
  @Test func elementsKnowTheirLine() throws {
    let root = try parse("<a>\n<b/>\n\n<c/></a>")
    #expect(root.line == 1)
    #expect(root.child("b")?.line == 2)
    #expect(root.child("c")?.line == 4)
  }

  /// Attribute values with references decode in place, and the plain values around them keep
  /// their order, names and namespaces.
  @Test func attributesAroundReferencesKeepTheirOrder() throws {
    let root = try parse(
      "<r xmlns:p='urn:p' a='1' b='x &amp; y' c='z' p:d='&#65;&lt;' e=''><k b='2'/></r>")
    #expect(root.attributes.map(\.qualifiedName) == ["a", "b", "c", "p:d", "e"])
    #expect(root.attributes.map(\.value) == ["1", "x & y", "z", "A<", ""])
    #expect(root.attribute("d", namespaceURI: "urn:p") == "A<")
    #expect(root.namespaceDeclarations.map(\.uri) == ["urn:p"])
    #expect(root.child("k")?.attribute("b") == "2")
  }
}
