import Foundation
import Synchronization
import Testing
import Three20XML

@Suite("TTXMLParser streaming: one callback per selected element")
struct TTXMLStreamingTests {
  /// A generated RSS feed with `count` items.
  private func feed(items count: Int) -> Data {
    var text = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Generated</title>\n"
    for index in 0..<count {
      text += "  <item><title>Item \(index)</title><guid>g\(index)</guid><description>Body "
      text += String(repeating: "text ", count: 20) + "</description></item>\n"
    }
    text += "</channel></rss>\n"
    return Data(text.utf8)
  }

  /// Every selected element reaches the handler once, in document order, and the finished
  /// document keeps everything else.
  @Test(arguments: [
    TTXMLElementSelector.names("item"), .path("rss/channel/item"), .depth(2),
  ])
  func selectedElementsAreHandedOver(selector: TTXMLElementSelector) throws {
    var titles: [String] = []
    let parser = TTXMLParser(streaming: selector) { item in
      #expect(item.parent == nil)
      titles.append(item.childText("title") ?? "?")
    }
    let data = feed(items: 5)
    for offset in stride(from: 0, to: data.count, by: 11) {
      try parser.feed(data[offset..<min(data.count, offset + 11)])
    }
    let skeleton = try parser.finish()
    if selector == .depth(2) {
      // Depth 2 selects the title too.
      #expect(titles == ["?"] + (0..<5).map { "Item \($0)" })
    } else {
      #expect(titles == (0..<5).map { "Item \($0)" })
      #expect(skeleton.root.child(path: "channel/title")?.text == "Generated")
    }
    #expect(skeleton.root.child("channel")?.children("item").isEmpty == true)
    #expect(parser.deliveredElementCount == titles.count)
  }

  /// Memory stays flat: the parser holds about as many nodes after 5,000 items as after 50.
  @Test func nodeCountStaysFlat() throws {
    var peaks: [Int] = []
    for count in [50, 5000] {
      var peak = 0
      var seen = 0
      let parser = TTXMLParser(streaming: .names("item")) { _ in seen += 1 }
      let data = feed(items: count)
      for offset in stride(from: 0, to: data.count, by: 512) {
        try parser.feed(data[offset..<min(data.count, offset + 512)])
        peak = max(peak, parser.nodeCount)
      }
      try parser.finish()
      #expect(seen == count)
      peaks.append(peak)
    }
    #expect(peaks[1] <= peaks[0] + 10)
  }

  /// Elements inside a selected element are not selected again; the element keeps its
  /// namespaces and attributes.
  @Test func nestedMatchesStayInside() throws {
    var names: [String] = []
    let parser = TTXMLParser(streaming: .names("entry")) { entry in
      names.append(entry.attribute("id") ?? "?")
      #expect(entry.children("entry").count == 1)
      #expect(entry.namespaceURI == "urn:x")
    }
    try parser.feed(
      Data(
        "<f xmlns='urn:x'><entry id='1'><entry id='inner'/></entry><entry id='2'><entry/></entry></f>".utf8))
    try parser.finish()
    #expect(names == ["1", "2"])
  }

  /// A handler that throws stops the parse with `handlerFailed` and its error underneath.
  @Test func throwingHandlerStops() throws {
    struct Enough: Error {}
    var seen = 0
    let parser = TTXMLParser(streaming: .names("item")) { _ in
      seen += 1
      if seen == 2 { throw Enough() }
    }
    let error = try #require(throws: TTXMLError.self) {
      try parser.feed(feed(items: 10))
      try parser.finish()
    }
    #expect(error.code == .handlerFailed)
    #expect(error.underlying is Enough)
    #expect(seen == 2)
  }

  /// A malformed item fails the stream after the good items were delivered.
  @Test func errorAfterGoodItems() throws {
    var seen = 0
    let parser = TTXMLParser(streaming: .names("item")) { _ in seen += 1 }
    let text = "<rss><channel><item>a</item><item>b</item><item>c</itme></channel></rss>"
    let error = try #require(throws: TTXMLError.self) {
      try parser.feed(Data(text.utf8))
      try parser.finish()
    }
    #expect(error.code == .malformed)
    #expect(seen == 2)
  }

  /// The streamed elements can be kept after the parser is gone, and read from other threads.
  @Test func elementsOutliveTheParser() async throws {
    var kept: [TTXMLElement] = []
    do {
      let parser = TTXMLParser(streaming: .names("item")) { kept.append($0) }
      try parser.feed(feed(items: 3))
      try parser.finish()
    }
    let snapshot = kept
    let titles = await Task.detached { snapshot.map { $0.childText("title") ?? "" } }.value
    #expect(titles == ["Item 0", "Item 1", "Item 2"])
  }
}
