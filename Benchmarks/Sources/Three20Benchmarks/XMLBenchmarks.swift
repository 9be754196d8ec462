import Foundation
import FoundationXML
import SWXMLHash
import Three20XML
import XMLFloor

/// XMLExt's benchmarks: our tree and Three20's dictionaries against libxml2 and other parsers.
///
/// On a generated 20 MB RSS feed and a 5 MB deeply nested document: raw libxml2 SAX with empty
/// callbacks (the floor), Foundation's XMLParser building the dictionaries Three20's TTXMLParser
/// built, and SWXMLHash. Throughput in MB/s (best run) and peak memory above the loaded document.
enum XMLBenchmarks {
  /// Whether `TT_BENCH_SMALL` is set: smaller documents, single runs, for callgrind.
  static let small = ProcessInfo.processInfo.environment["TT_BENCH_SMALL"] != nil

  static func run() {
    let rss = Data(rssFeed(targetBytes: small ? 2_000_000 : 20_000_000).utf8)
    let nested = Data(nestedDocument(targetBytes: small ? 500_000 : 5_000_000).utf8)
    let rssMB = Double(rss.count) / 1_000_000
    if let only = ProcessInfo.processInfo.environment["TT_BENCH_XML_ONLY"] {
      // One contender once, for callgrind: TT_BENCH_XML_ONLY=tree|dictionary|sax|nested|nested-sax.
      switch only {
      case "dictionary": blackHole(dictionary(rss))
      case "sax": blackHole(saxFloor(rss))
      case "nested": blackHole(tree(nested))
      case "nested-sax": blackHole(saxFloor(nested))
      default: blackHole(tree(rss))
      }
      return
    }
    let nestedMB = Double(nested.count) / 1_000_000
    print("xml: RSS feed \(format(rssMB)) MB, nested document \(format(nestedMB)) MB")

    // Ours and the floor alternate, so that both see the same load on a shared machine.
    let (floorRSS, treeRSS) = alternating(
      megabytes: rssMB, { blackHole(saxFloor(rss)) }, { blackHole(tree(rss)) })
    let (floorRSS2, dictionaryRSS) = alternating(
      megabytes: rssMB, { blackHole(saxFloor(rss)) }, { blackHole(dictionary(rss)) })
    let (floorNested, treeNested) = alternating(
      megabytes: nestedMB, { blackHole(saxFloor(nested)) }, { blackHole(tree(nested)) })
    let foundationRSS =
      rssMB / measure(minimumRuns: 1, minimumTime: 0) { blackHole(FoundationDictionaries.parse(rss)) }.seconds
    let swxmlhashRSS = rssMB / measure(minimumRuns: 1, minimumTime: 0) { blackHole(swxmlhash(rss)) }.seconds

    let treePeak = peakMegabytes { blackHole(tree(rss)) }
    let dictionaryPeak = peakMegabytes { blackHole(dictionary(rss)) }
    let nestedPeak = peakMegabytes { blackHole(tree(nested)) }
    let floorPeak = peakMegabytes { blackHole(saxFloor(rss)) }
    let foundationPeak = peakMegabytes { blackHole(FoundationDictionaries.parse(rss)) }
    let swxmlhashPeak = peakMegabytes { blackHole(swxmlhash(rss)) }

    print(
      "xml: MB/s on RSS: libxml2 SAX \(format(floorRSS)), tree \(format(treeRSS)), dictionaries \(format(dictionaryRSS)), "
        + "Foundation dictionaries \(format(foundationRSS)), SWXMLHash \(format(swxmlhashRSS))")
    print("xml: MB/s on nested: libxml2 SAX \(format(floorNested)), tree \(format(treeNested))")
    print(
      "xml: peak MB above the document, RSS (\(format(rssMB)) MB): libxml2 SAX \(format(floorPeak)), "
        + "tree \(format(treePeak)), dictionaries \(format(dictionaryPeak)), Foundation \(format(foundationPeak)), "
        + "SWXMLHash \(format(swxmlhashPeak)); nested tree \(format(nestedPeak))")
    report(
      "xmlext.tree-rss", ours: treeRSS, anchorName: "libxml2-sax", anchor: floorRSS, unit: "MB/s",
      higherIsBetter: true)
    report(
      "xmlext.tree-nested", ours: treeNested, anchorName: "libxml2-sax", anchor: floorNested, unit: "MB/s",
      higherIsBetter: true)
    report(
      "xmlext.dictionary-rss", ours: dictionaryRSS, anchorName: "libxml2-sax", anchor: floorRSS2,
      unit: "MB/s",
      higherIsBetter: true)
    report(
      "xmlext.tree-rss.foundation", ours: treeRSS, anchorName: "foundation-dictionaries",
      anchor: foundationRSS,
      unit: "MB/s", higherIsBetter: true)
    report(
      "xmlext.tree-rss.swxmlhash", ours: treeRSS, anchorName: "swxmlhash", anchor: swxmlhashRSS, unit: "MB/s",
      higherIsBetter: true)
    report(
      "xmlext.tree-rss.memory", ours: treePeak, anchorName: "four-times-document", anchor: 4 * rssMB,
      unit: "MB",
      higherIsBetter: false)
    report(
      "xmlext.tree-rss.memory.swxmlhash", ours: treePeak, anchorName: "swxmlhash", anchor: swxmlhashPeak,
      unit: "MB", higherIsBetter: false)
  }

  private static var runs: Int { small ? 1 : 3 }

  /// Throughputs in MB/s of `anchor` and `ours`, run in turn (at least 7 pairs and 2 seconds),
  /// each the best of its runs.
  static func alternating(
    megabytes: Double, _ anchor: () -> Void, _ ours: () -> Void
  ) -> (anchor: Double, ours: Double) {
    anchor()
    ours()
    var bestAnchor = Double.infinity
    var bestOurs = Double.infinity
    let clock = ContinuousClock()
    let start = clock.now
    var pairs = 0
    while pairs < (small ? 1 : 7) || (!small && clock.now - start < .seconds(2)) {
      bestAnchor = min(bestAnchor, seconds(clock.measure(anchor)))
      bestOurs = min(bestOurs, seconds(clock.measure(ours)))
      pairs += 1
    }
    return (megabytes / bestAnchor, megabytes / bestOurs)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
  private static var time: Double { small ? 0 : 1 }

  // MARK: - The contenders

  static func saxFloor(_ data: Data) -> Int {
    data.withUnsafeBytes { buffer in
      tt_libxml2_sax_floor(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, 65_536)
    }
  }

  static func tree(_ data: Data) -> Int {
    guard let document = try? TTXMLParser.parse(data) else { fatalError("our parser failed") }
    return document.nodeCount
  }

  static func dictionary(_ data: Data) -> Int {
    guard let document = try? TTXMLParser.parse(data) else { fatalError("our parser failed") }
    let object = document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
    return object["channel"]?.array(forKey: "item").count ?? 0
  }

  static func swxmlhash(_ data: Data) -> Int {
    let indexer = XMLHash.config { $0.shouldProcessLazily = false }.parse(data)
    return indexer["rss"]["channel"]["item"].all.count
  }

  // MARK: - Documents

  /// A deterministic RSS 2.0 feed of about `targetBytes`: items with the usual children,
  /// namespaced elements, attributes, entities and CDATA, as real feeds have.
  static func rssFeed(targetBytes: Int) -> String {
    var generator = SplitMix(seed: 11)
    let words = [
      "harbour", "ferry", "timetable", "council", "weather", "café", "naïve", "festival", "tide",
      "lighthouse", "market", "school", "road", "Zürich", "東京", "emoji😀", "library", "museum",
    ]
    func sentence(_ count: Int) -> String {
      (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
    }
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
      xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
      <channel>
      <title>Generated feed</title>
      <link>https://example.com/</link>
      <description>A feed for benchmarks &amp; tests.</description>

      """
    text.reserveCapacity(targetBytes + 4096)
    var index = 0
    while text.utf8.count < targetBytes {
      index += 1
      text += """
          <item>
            <title>\(sentence(6)) #\(index)</title>
            <link>https://example.com/news/\(index)</link>
            <guid isPermaLink="false">item-\(index)</guid>
            <pubDate>Fri, 20 Nov 2026 17:\(index % 60 < 10 ? "0" : "")\(index % 60):00 +0000</pubDate>
            <dc:creator>\(sentence(2))</dc:creator>
            <category>\(sentence(1))</category>
            <category>\(sentence(1))</category>
            <description>\(sentence(30)) &amp; more &lt;br&gt; &#233;</description>
            <content:encoded><![CDATA[<p>\(sentence(60))</p><p><b>\(sentence(10))</b></p>]]></content:encoded>
            <enclosure url="https://example.com/audio/\(index).mp3" length="\(generator.next() % 9_000_000)" type="audio/mpeg"/>
            <media:thumbnail url="https://example.com/img/\(index).jpg" width="120" height="80"/>
          </item>

        """
    }
    text += "</channel>\n</rss>\n"
    return text
  }

  /// A deterministic document of about `targetBytes` made of subtrees nested 120 deep, each
  /// level with attributes and a little text.
  static func nestedDocument(targetBytes: Int) -> String {
    var text = "<?xml version=\"1.0\"?>\n<root>\n"
    text.reserveCapacity(targetBytes + 4096)
    var block = 0
    while text.utf8.count < targetBytes {
      block += 1
      for depth in 0..<120 {
        text += "<level depth=\"\(depth)\" block=\"\(block)\"><name>n\(depth)</name>"
      }
      text += "leaf"
      text += String(repeating: "</level>", count: 120)
      text += "\n"
    }
    text += "</root>\n"
    return text
  }

  // MARK: - Peak memory

  /// The peak resident memory `body` adds, in MB: the kernel's high-water mark is reset before
  /// (`/proc/self/clear_refs`), and freed heap returned to the system, so earlier runs do not
  /// count.
  static func peakMegabytes(_ body: () -> Void) -> Double {
    tt_release_free_memory()
    let before = residentKilobytes("VmRSS")
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    body()
    let peak = residentKilobytes("VmHWM")
    return Double(max(0, peak - before)) / 1000
  }

  private static func residentKilobytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
    }
    return 0
  }
}

/// Foundation's XMLParser building the dictionaries Three20's TTXMLParser built (with
/// `treatDuplicateKeysAsArrayItems`): NSMutableDictionary per element with its attributes,
/// `___Entity_Name___`, `___Entity_Type___`, `___Entity_Value___`, children under their names.
final class FoundationDictionaries: NSObject, XMLParserDelegate {
  /// An element being built: its dictionary, its text, and its children by name (kept on the
  /// Swift side, because values read back from an NSDictionary on Linux come out as copies).
  private struct Frame {
    let element: NSMutableDictionary
    var text = ""
    var firstChildren: [String: NSMutableDictionary] = [:]
    var arrays: [String: NSMutableArray] = [:]
  }

  private var stack: [Frame] = []
  private(set) var root: NSMutableDictionary?
  private var items = 0

  static func parse(_ data: Data) -> Int {
    let delegate = FoundationDictionaries()
    // XMLParser(data:) refuses documents this large on Linux; a stream works.
    let parser = XMLParser(stream: InputStream(data: data))
    parser.delegate = delegate
    guard parser.parse(), delegate.root != nil else { fatalError("Foundation's XMLParser failed") }
    return delegate.items
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let element = NSMutableDictionary(dictionary: attributes)
    element["___Entity_Name___"] = elementName
    element["___Entity_Type___"] = attributes["type"] ?? "unknown"
    stack.append(Frame(element: element))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if !stack.isEmpty { stack[stack.count - 1].text += string }
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    guard let frame = stack.popLast() else { return }
    let element = frame.element
    if !frame.text.isEmpty { element["___Entity_Value___"] = frame.text }
    if elementName == "item" { items += 1 }
    guard !stack.isEmpty else {
      root = element
      return
    }
    let parent = stack.count - 1
    if let array = stack[parent].arrays[elementName] {
      array.add(element)
    } else if let first = stack[parent].firstChildren[elementName] {
      let array = NSMutableArray(array: [first, element])
      stack[parent].arrays[elementName] = array
      stack[parent].element[elementName] = array
    } else {
      stack[parent].firstChildren[elementName] = element
      stack[parent].element[elementName] = element
    }
  }
}
