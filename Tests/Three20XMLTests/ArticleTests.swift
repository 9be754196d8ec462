// The code of the articles in Modules/XMLExt/Three20XML.docc, compiled and run.
//
// Every `swift` block of the articles (and of the overview page) appears in this file, line for
// line; the suite "Documentation articles" checks it. Edit both together.
import Foundation
import Testing
import Three20Network
import Three20XML

@Suite("Documentation articles")
struct ArticleTests {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let catalog = root.appendingPathComponent("Modules/XMLExt/Three20XML.docc")

  /// Runs of spaces collapsed and empty lines dropped, so an indented or reformatted copy
  /// compares equal.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// Every Swift block of every article is compiled here.
  @Test(arguments: [
    "Three20XML.md", "Articles/ParsingXML.md", "Articles/PortingTTXMLParserCode.md",
    "Articles/AVariableNumberOfElements.md",
  ])
  func articleCodeIsCompiled(article: String) throws {
    let markdown = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
    let source = Self.normalized(try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
    let blocks = TTArticleText.codeBlocks(in: markdown, language: "swift")
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        source.contains(Self.normalized(block)), "\(article): block not in ArticleTests.swift:\n\(block)")
    }
  }

  /// The overview page lists every public type.
  @Test func overviewListsEveryType() throws {
    let overview = try String(
      contentsOf: Self.catalog.appendingPathComponent("Three20XML.md"), encoding: .utf8)
    for name in [
      "TTXMLParser", "TTXMLElementSelector", "TTXMLError", "TTXMLDocument", "TTXMLElement", "TTXMLAttribute",
      "TTXMLNode", "TTXMLObject", "TTURLXMLResponse",
    ] {
      #expect(overview.contains("- ``\(name)``"), "\(name)")
    }
    #expect(overview.contains("### Feeds"))
  }

  // MARK: - Three20XML.md

  @Test func overview() throws {
    let document = try TTXMLParser.parse(Data("<rss><channel><title>News</title></channel></rss>".utf8))
    let title = document.root.child(path: "channel/title")?.text  // "News"
    #expect(title == "News")
  }

  // MARK: - ParsingXML.md

  @Test func readingADocument() throws {
    let data = Data(
      """
      <catalog>
        <book id="b1" year="1851"><title>Moby Dick</title><price>9.50</price></book>
        <book id="b2" year="1871"><title>Middlemarch</title></book>
      </catalog>
      """.utf8)
    let catalog = try TTXMLParser.parse(data).root
    let books = catalog.children("book")  // always an array: 2 elements
    let title = books.first?.childText("title")  // "Moby Dick"
    let year = books.first?.attributeNode("year")?.intValue  // 1851
    let price = books.first?.child("price")?.doubleValue  // 9.5
    let missing = books.last?.child("price")?.doubleValue  // nil: no such element
    #expect(books.count == 2)
    #expect(title == "Moby Dick")
    #expect(year == 1851)
    #expect(price == 9.5)
    #expect(missing == nil)
  }

  @Test func errors() throws {
    var printed: [String] = []
    func print(_ text: String) { printed.append(text) }
    func print(_ line: Int, _ code: TTXMLError.Code) { printed.append("\(line) \(code)") }
    do {
      _ = try TTXMLParser.parse(Data("<list>\n  <item>one</itme>\n</list>".utf8))
    } catch {
      print(error.message)
      // 2:19: error: Opening and ending tag mismatch: item line 2 and itme
      //   <item>one</itme>
      //                   ^
      print(error.line ?? 0, error.code)  // 2 malformed
    }
    #expect(
      printed == [
        """
        2:19: error: Opening and ending tag mismatch: item line 2 and itme
          <item>one</itme>
                          ^
        """,
        "2 malformed",
      ])
  }

  @Test func lenientMode() throws {
    var lenient = TTXMLParser.Options()
    lenient.recovers = true
    let repaired = try TTXMLParser.parse(Data("<a><b>unclosed</a>".utf8), options: lenient)
    let text = repaired.root.child("b")?.text  // "unclosed"
    let problems = repaired.diagnostics.count  // 1 or more
    #expect(text == "unclosed")
    #expect(problems >= 1)
  }

  @Test func safetyOptions() throws {
    var strict = TTXMLParser.Options()
    strict.maxDocumentSize = 1_000_000
    strict.maxDepth = 32
    let small = try TTXMLParser.parse(Data("<ok/>".utf8), options: strict)
    #expect(small.root.name == "ok")
  }

  @Test func incremental() throws {
    let parser = TTXMLParser()
    for piece in ["<feed><ti", "tle>Caf", "é</title></fe", "ed>"] {
      try parser.feed(Data(piece.utf8))
    }
    let document = try parser.finish()
    let feedTitle = document.root.childText("title")  // "Café"
    #expect(feedTitle == "Café")
  }

  @Test func streaming() throws {
    var titles: [String] = []
    let streaming = TTXMLParser(streaming: .names("item", "entry")) { item in
      titles.append(item.childText("title") ?? "")
    }
    try streaming.feed(Data("<rss><channel><title>News</title><item><title>One</title></item>".utf8))
    try streaming.feed(Data("<item><title>Two</title></item></channel></rss>".utf8))
    let channel = try streaming.finish()
    // titles == ["One", "Two"]; channel.root.child("channel")?.childText("title") == "News"
    #expect(titles == ["One", "Two"])
    #expect(channel.root.child("channel")?.childText("title") == "News")
  }

  @Test func overTheNetwork() async throws {
    func loadCatalog(from url: String) async throws -> [String] {
      let document = try await TTURLRequest(url: url).send(processingWith: TTURLXMLResponse())
      return document.root.children("book").compactMap { $0.childText("title") }
    }
    let server = try TTTestHTTPServer.started { server in
      server.route("GET", "/catalog.xml") { _ in
        .text("<catalog><book><title>Moby Dick</title></book><book><title>Emma</title></book></catalog>")
      }
    }
    #expect(try await loadCatalog(from: server.url("/catalog.xml")) == ["Moby Dick", "Emma"])
    let broken = await #expect(throws: TTNetworkError.self) {
      _ = try await loadCatalog(from: server.url("/status/200"))
    }
    #expect(broken?.code == .invalidResponse)
  }

  // MARK: - PortingTTXMLParserCode.md

  @Test func porting() throws {
    let xml = """
      <response>
        <user id="17">
          <age type="integer">36</age>
          <badges type="array"><badge>gold</badge><badge>silver</badge></badges>
        </user>
      </response>
      """
    let rootObject = try TTXMLParser.parse(Data(xml.utf8)).dictionaryValue()
    let user = rootObject["user"]
    let age = user?["age"]?.objectForXMLNode?.integerValue  // 36
    let badges = user?["badges"]?.objectForXMLNode?.arrayValue  // two dictionaries
    let firstBadge = badges?.first?.objectForXMLNode  // .string("gold")
    let id = user?["id"]?.stringValue  // "17"
    #expect(age == 36)
    #expect(badges?.count == 2)
    #expect(firstBadge == .string("gold"))
    #expect(id == "17")

    let wrapped = TTXMLObject.array(TTXMLObject.Items(badges ?? []))  // from a Swift array
    var keys: [String] = []
    if case .dictionary(let entries) = rootObject {
      keys = entries.keys.sorted()  // the three ___…___ keys, then "user"
    }
    #expect(wrapped.arrayValue == badges)
    #expect(keys == ["___Entity_Name___", "___Entity_Type___", "___Entity_Value___", "user"])

    let tree = try TTXMLParser.parse(Data(xml.utf8)).root
    let treeAge = tree.child(path: "user/age")?.intValue  // 36
    let treeBadges = tree.child(path: "user/badges")?.children("badge").map(\.text)  // ["gold", "silver"]
    #expect(treeAge == 36)
    #expect(treeBadges == ["gold", "silver"])
  }

  @Test func portingRepeatedElements() throws {
    let feed = Data("<channel><item>1</item><item>2</item></channel>".utf8)
    let replaced = try TTXMLParser.parse(feed).dictionaryValue()
    let last = replaced["item"]?.objectForXMLNode  // .string("2")
    let arrays = try TTXMLParser.parse(feed).dictionaryValue(treatDuplicateKeysAsArrayItems: true)
    let both = arrays.array(forKey: "item").count  // 2
    #expect(last == .string("2"))
    #expect(both == 2)
  }

  // MARK: - AVariableNumberOfElements.md

  @Test func variableNumberWithTheTree() throws {
    func itemTitles(_ xml: String) throws -> [String] {
      let channel = try TTXMLParser.parse(Data(xml.utf8)).root
      return channel.children("item").map { $0.childText("title") ?? "(untitled)" }
    }
    let none = try itemTitles("<channel/>")  // []
    let one = try itemTitles("<channel><item><title>A</title></item></channel>")  // ["A"]
    let many = try itemTitles(
      "<channel><item><title>A</title></item><item><title>B</title></item></channel>")  // ["A", "B"]
    #expect(none == [])
    #expect(one == ["A"])
    #expect(many == ["A", "B"])
  }

  @Test func variableNumberWithTheDictionaryView() throws {
    func itemCount(_ xml: String) throws -> Int {
      let channel = try TTXMLParser.parse(Data(xml.utf8))
        .dictionaryValue(treatDuplicateKeysAsArrayItems: true)
      return channel.array(forKey: "item").count
    }
    let zero = try itemCount("<channel/>")  // 0
    let single = try itemCount("<channel><item/></channel>")  // 1
    let several = try itemCount("<channel><item/><item/><item/></channel>")  // 3
    #expect(zero == 0)
    #expect(single == 1)
    #expect(several == 3)
  }

  @Test func variableNumberWhileStreaming() throws {
    var count = 0
    let counter = TTXMLParser(streaming: .names("item")) { _ in count += 1 }
    try counter.feed(Data("<channel><item/><item/></channel>".utf8))
    try counter.finish()
    // count == 2
    #expect(count == 2)
  }
}
