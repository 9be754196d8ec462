import Foundation
import Testing
import Three20TestSupport

@testable import Three20XML

/// Hostile feeds: whatever the shape of a document, the reader holds a bounded amount of it,
/// does work in proportion to its length, and still reads the fields and items around the
/// hostile part.
@Suite struct TTFeedHostileTests {
  /// Limits small enough that a few megabytes of any shape go far past them.
  static var smallLimits: TTFeedReader.Limits {
    var limits = TTFeedReader.Limits()
    limits.maxChannelBytes = 200_000
    limits.maxChannelNodes = 5_000
    limits.maxItemBytes = 200_000
    limits.maxItemNodes = 5_000
    return limits
  }

  /// Streams a shape through a reader that hands items to a closure; returns the channel, the
  /// titles of the items, the most the parser's tree held, and the reader.
  static func read(
    _ shape: HostileFeed, bytes: Int, limits: TTFeedReader.Limits = smallLimits,
    options: TTXMLParser.Options = TTXMLParser.Options()
  ) throws -> (channel: TTFeed, titles: [String], peakHeld: Int, peakNodes: Int, reader: TTFeedReader) {
    var titles: [String] = []
    let reader = TTFeedReader(
      documentURL: URL(string: "https://hostile.example/feed.xml"), options: options, limits: limits
    ) { item in titles.append(item.title ?? "-") }
    var peakHeld = 0
    var peakNodes = 0
    try shape.stream(bytes: bytes) { piece in
      try reader.feed(piece)
      peakHeld = max(peakHeld, reader.heldBytes)
      peakNodes = max(peakNodes, reader.nodeCount)
    }
    let channel = try reader.finish()
    return (channel, titles, peakHeld, peakNodes, reader)
  }

  /// 4 MB of each shape go through a reader whose tree never holds more than a few times its
  /// limits, and the channel's title and link before the hostile part and the item after it
  /// are read.
  @Test(arguments: HostileFeed.allCases)
  func heldMemoryStaysBoundedForEveryShape(shape: HostileFeed) throws {
    let result = try Self.read(shape, bytes: 4_000_000)
    #expect(result.peakHeld < 2_000_000, "\(shape): the tree held \(result.peakHeld) bytes")
    #expect(result.peakNodes < 30_000, "\(shape): the tree held \(result.peakNodes) nodes")
    #expect(result.channel.title == "Hostile")
    #expect(result.channel.link?.absoluteString == "https://hostile.example/")
    #expect(result.titles.last == "After", "\(shape)")
  }

  /// The work of handing fields over and trimming the tree grows in proportion to the
  /// document: four times the bytes take at most about four times the visits, for every shape.
  @Test(arguments: HostileFeed.allCases)
  func workGrowsLinearly(shape: HostileFeed) throws {
    let small = try Self.read(shape, bytes: 1_000_000).reader.walkedNodes
    let large = try Self.read(shape, bytes: 4_000_000).reader.walkedNodes
    #expect(large <= 5 * max(small, 1_000), "\(shape): \(small) visits for 1 MB, \(large) for 4 MB")
  }

  /// A 50 MB feed (under the 100 MB default document limit) made of three hostile shapes in
  /// turn, read with the default limits, raises the process's peak memory by far less than the
  /// feed's size; before the reader bounded what it keeps it grew by about a gigabyte.
  ///
  /// The test measures in a child process of its own (this test binary, running only this
  /// test), so that other tests running meanwhile cannot move the peak.
  @Test func peakMemoryStaysFarBelowTheFeedSize() throws {
    let childVariable = "TT_FEED_MEMORY_CHILD"
    guard ProcessInfo.processInfo.environment[childVariable] != nil else {
      let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      var environment = ProcessInfo.processInfo.environment
      environment[childVariable] = "1"
      environment["SWIFT_BACKTRACE"] = "enable=no"
      let result = try TTTestProcess.run(
        executable, ["--testing-library", "swift-testing", "--filter", "peakMemoryStaysFarBelowTheFeedSize"],
        environment: environment)
      #expect(result.status == 0, "the child failed:\n\(result.output)\n\(result.errors)")
      #expect(
        result.output.contains("peak memory grew by"), "the child did not run the test:\n\(result.output)")
      return
    }
    let before = TTTestProcessMemory.peak
    var titles = 0
    let reader = TTFeedReader { _ in titles += 1 }
    let head = """
      <?xml version="1.0"?><rss version="2.0" xmlns:x="urn:example:x"><channel><title>Mixed</title>
      <description>
      """
    try reader.feed(Data(head.utf8))
    let text = Data(String(repeating: "lorem ipsum dolor sit amet\n", count: 2_400).utf8)
    for _ in 0..<250 { try reader.feed(text) }  // a 16 MB description
    try reader.feed(Data("</description>".utf8))
    let foreign = Data(String(repeating: "<x:meta a=\"b\">foreign text</x:meta>\n", count: 1_800).utf8)
    for _ in 0..<250 { try reader.feed(foreign) }  // 16 MB of foreign elements
    try reader.feed(Data("<x:junk>".utf8))
    let junk = Data(String(repeating: "<x:a b=\"c\">text inside the junk</x:a>\n", count: 1_700).utf8)
    for _ in 0..<250 { try reader.feed(junk) }  // a 17 MB subtree
    try reader.feed(Data("</x:junk><item><title>After</title></item></channel></rss>".utf8))
    let channel = try reader.finish()
    let growth = TTTestProcessMemory.peak - before
    print("peak memory grew by \(growth / 1_000_000) MB for a 50 MB feed")
    #expect(growth < 150_000_000, "peak memory grew by \(growth / 1_000_000) MB for a 50 MB feed")
    #expect(titles == 1)
    #expect(channel.title == "Mixed")
    // The channel keeps 1 MB in all: the title, then the start of the description.
    #expect(channel.subtitle?.value.utf8.count == 1_000_000 - "Mixed".utf8.count)
  }

  /// A channel description past the channel's limit is cut at the limit, on a character, and
  /// a problem says so; fields after it are left out, items are not.
  @Test func channelDescriptionIsCutAtTheLimit() throws {
    var limits = TTFeedReader.Limits()
    limits.maxChannelBytes = 1_000
    let text = String(repeating: "é", count: 2_000)  // two bytes a character
    let data = Data(
      """
      <rss version="2.0"><channel><title>T</title><description>\(text)</description>
      <language>en</language><item><title>I</title></item></channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data, limits: limits)
    let kept = try #require(feed.subtitle?.value)
    #expect(kept.utf8.count <= 1_000 - "T".utf8.count)
    #expect(kept.utf8.count >= 990)
    #expect(kept.allSatisfy { $0 == "é" })
    #expect(feed.language == nil)
    #expect(feed.items.map(\.title) == ["I"])
    let problem = try #require(feed.problems.first)
    #expect(problem.code == .limitReached)
    #expect(problem.message.contains("maxChannelBytes"))
    #expect(problem.message.contains("<description> on line 1"))
  }

  /// Whatever size the pieces have, a feed that crosses the limits gives the same result: the
  /// tree is trimmed with the same rules the final conversion uses.
  @Test func cutFeedsDoNotDependOnPieceSizes() throws {
    var limits = TTFeedReader.Limits()
    limits.maxChannelBytes = 300
    limits.maxChannelNodes = 40
    limits.maxItemBytes = 200
    limits.maxItemNodes = 30
    var text = "<rss version=\"2.0\" xmlns:x=\"urn:x\"><channel><title>T</title><x:a>skip</x:a>"
    text += "<description>" + String(repeating: "ab€", count: 100) + "</description>"
    text += String(repeating: "<category>c</category>", count: 30)
    for number in 0..<5 {
      text += "<item><title>\(number)</title><description><![CDATA[" + String(repeating: "x€", count: 60)
      text +=
        "]]></description>" + String(repeating: "<category>k</category>", count: number * 10) + "</item>"
    }
    text += "</channel></rss>"
    let data = Data(text.utf8)
    let whole = try TTFeedReader.read(data, limits: limits)
    #expect(!whole.problems.isEmpty)
    for size in [1, 3, 7, 64, 1_000] {
      let reader = TTFeedReader(limits: limits)
      reader.trimsAlways = true
      #expect(try reader.read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }

  /// Trimming the parser's tree after every piece and every item changes nothing in what the
  /// fixtures and the hostile shapes give.
  @Test func trimmingChangesNothing() throws {
    var limits = TTFeedReader.Limits()
    limits.maxChannelBytes = 2_000
    limits.maxChannelNodes = 100
    limits.maxItemBytes = 2_000
    limits.maxItemNodes = 100
    var documents = try TTFeedStreamingTests.fixtures.map { try FeedFixture.data($0) }
    documents += HostileFeed.allCases.map { $0.data(bytes: 20_000) }
    for data in documents {
      let whole = try TTFeedReader.read(data, limits: limits)
      for size in [7, 61, 4_096] {
        let reader = TTFeedReader(limits: limits)
        reader.trimsAlways = true
        #expect(try reader.read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
      }
    }
  }

  /// What trimming refused stays refused: an element whose attributes are over what is left
  /// of the allowance, or nested too deep, gives the same feed and the same problems however
  /// the document was cut and whenever the tree was trimmed (before, a trim forgot the
  /// refusal and admitted the fields after it).
  @Test func refusalsSurviveTrimming() throws {
    var limits = TTFeedReader.Limits()
    limits.maxItemBytes = 100
    limits.maxChannelBytes = 100
    let wide = String(repeating: "x", count: 150)
    let deep = String(repeating: "<b>", count: 300) + "deep" + String(repeating: "</b>", count: 300)
    let data = Data(
      """
      <rss version="2.0"><channel><title>T</title><image><url>http://e.example/\(wide)</url></image>
      <description>after the image</description>
      <item><title>A</title><enclosure url="http://e.example/\(wide)" type="a"/>
      <link>http://e.example/after</link><description>\(deep)</description></item>
      <item><title>B</title><description>\(deep) and more</description><link>http://e.example/b</link></item>
      </channel></rss>
      """.utf8)
    var options = TTXMLParser.Options()
    options.maxDepth = 1_000
    let whole = try TTFeedReader.read(data, options: options, limits: limits)
    #expect(whole.items.first?.link == nil)
    #expect(whole.items.first?.enclosures.isEmpty == true)
    #expect(whole.items.dropFirst().first?.link?.absoluteString == "http://e.example/b")
    #expect(whole.problems.filter { $0.code == .limitReached }.count >= 2)
    for size in [1, 7, 64, 1_000] {
      let reader = TTFeedReader(options: options, limits: limits)
      reader.trimsAlways = true
      #expect(try reader.read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }

  /// An item past its limit keeps its first fields, loses the rest, and is reported with its
  /// number, title and line.
  @Test func itemPastItsLimitIsCutAndReported() throws {
    var limits = TTFeedReader.Limits()
    limits.maxItemBytes = 50
    let data = Data(
      """
      <rss version="2.0"><channel><title>T</title>
      <item><title>Big</title><description>\(String(repeating: "d", count: 500))</description>
      <link>https://example.com/late</link></item>
      <item><title>Small</title><link>https://example.com/small</link></item>
      </channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data, limits: limits)
    #expect(feed.items.count == 2)
    #expect(feed.items[0].title == "Big")
    #expect(feed.items[0].summary?.value.utf8.count == 50 - "Big".utf8.count)
    #expect(feed.items[0].link == nil)
    #expect(feed.items[1].link?.absoluteString == "https://example.com/small")
    let problem = try #require(feed.problems.first)
    #expect(problem.code == .limitReached)
    #expect(problem.message.hasPrefix("Item 1 (\"Big\"), on line 2,"))
    #expect(problem.message.contains("maxItemBytes"))
    #expect(feed.problems.count == 1)
  }

  /// Elements the reader does not read cost nothing against the limits: a title after 10,000
  /// foreign elements and 10,000 unknown item children is still read.
  @Test func unreadElementsDoNotUseTheAllowance() throws {
    var limits = TTFeedReader.Limits()
    limits.maxChannelNodes = 100
    limits.maxItemNodes = 100
    let foreign = String(repeating: "<x:m>text</x:m>", count: 10_000)
    let data = Data(
      """
      <rss version="2.0" xmlns:x="urn:x"><channel>\(foreign)<title>Late title</title>
      <item>\(foreign)<title>Late item title</title></item></channel></rss>
      """.utf8)
    let feed = try TTFeedReader.read(data, limits: limits)
    #expect(feed.title == "Late title")
    #expect(feed.items.first?.title == "Late item title")
    #expect(feed.problems.isEmpty)
  }

  /// A million levels of nesting outside items and inside an item, with the parser's depth
  /// limit raised, neither crash the reader nor keep more than 256 levels.
  @Test func millionLevelsDeepDoNotCrash() throws {
    var options = TTXMLParser.Options()
    options.maxDepth = 2_100_000
    options.allowsHugeDocuments = true
    options.maxDocumentSize = 20_000_000
    let depth = 1_000_000
    let reader = TTFeedReader(options: options)
    try reader.feed(Data("<rss version=\"2.0\"><channel><title>Deep</title><x>".utf8))
    let open = Data(String(repeating: "<d>", count: 10_000).utf8)
    let close = Data(String(repeating: "</d>", count: 10_000).utf8)
    for _ in 0..<(depth / 10_000) { try reader.feed(open) }
    for _ in 0..<(depth / 10_000) { try reader.feed(close) }
    try reader.feed(Data("</x><item><title>Item</title><description>".utf8))
    for _ in 0..<(depth / 10_000) { try reader.feed(open) }
    try reader.feed(Data("deep text".utf8))
    for _ in 0..<(depth / 10_000) { try reader.feed(close) }
    try reader.feed(Data("</description></item></channel></rss>".utf8))
    let feed = try reader.finish()
    #expect(feed.title == "Deep")
    #expect(feed.items.count == 1)
    #expect(feed.items.first?.title == "Item")
    #expect(feed.problems.map(\.code) == [.limitReached])
  }

  /// Copying a parsed element a million levels deep into a `TTFeedElement` takes no
  /// recursion and keeps 256 levels below it, so the copy can be compared and released.
  @Test func copyingADeepElementKeepsItsFirstLevels() throws {
    var options = TTXMLParser.Options()
    options.maxDepth = 1_100_000
    options.allowsHugeDocuments = true
    let depth = 1_000_000
    let text = String(repeating: "<d>", count: depth) + "x" + String(repeating: "</d>", count: depth)
    let document = try TTXMLParser.parse(Data(text.utf8), options: options)
    let copy = TTFeedElement(document.root)
    var levels = 0
    var current: TTFeedElement? = copy
    while let element = current {
      levels += 1
      current = element.children.first
    }
    #expect(levels == 257)
    #expect(copy == TTFeedElement(document.root))
  }
}
