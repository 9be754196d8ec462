import Foundation
import Three20XML

/// XMLExt's feed benchmark: reading the generated 20 MB RSS feed into ``TTFeedItem`` values,
/// streamed (each item handed over and dropped as it closes), against libxml2's SAX parser with
/// empty callbacks on the same bytes (the floor of any libxml2-based reader).
///
/// Throughput is in items per second (the same item count for both, so the ratio is the ratio
/// of times). Peak memory is what reading adds above the loaded document; streamed reading
/// should not grow with the feed's length, so it is also measured on a feed a quarter as long.
enum FeedBenchmarks {
  static func run() {
    let small = XMLBenchmarks.small
    let rss = Data(XMLBenchmarks.rssFeed(targetBytes: small ? 2_000_000 : 20_000_000).utf8)
    let quarter = Data(XMLBenchmarks.rssFeed(targetBytes: small ? 500_000 : 5_000_000).utf8)
    let megabytes = Double(rss.count) / 1_000_000
    let items = streamed(rss)
    print("feed: RSS feed \(format(megabytes)) MB, \(items) items")

    let runs = small ? 1 : 3
    let time = small ? 0.0 : 1.0
    let floorSeconds = measure(minimumRuns: runs, minimumTime: time) {
      blackHole(XMLBenchmarks.saxFloor(rss))
    }.seconds
    let streamedSeconds = measure(minimumRuns: runs, minimumTime: time) { blackHole(streamed(rss)) }.seconds
    let collectedSeconds = measure(minimumRuns: runs, minimumTime: time) { blackHole(collected(rss)) }.seconds
    let parserSeconds = measure(minimumRuns: runs, minimumTime: time) { blackHole(parserOnly(rss)) }.seconds

    let streamedPeak = XMLBenchmarks.peakMegabytes { blackHole(streamed(rss)) }
    let quarterPeak = XMLBenchmarks.peakMegabytes { blackHole(streamed(quarter)) }
    let collectedPeak = XMLBenchmarks.peakMegabytes { blackHole(collected(rss)) }
    let floorPeak = XMLBenchmarks.peakMegabytes { blackHole(XMLBenchmarks.saxFloor(rss)) }

    let itemCount = Double(items)
    print(
      "feed: items/s: libxml2 SAX \(format(itemCount / floorSeconds)), streamed \(format(itemCount / streamedSeconds)), "
        + "collected \(format(itemCount / collectedSeconds)), streaming parser alone "
        + "\(format(itemCount / parserSeconds)); MB/s streamed \(format(megabytes / streamedSeconds))")
    print(
      "feed: peak MB above the document: streamed \(format(streamedPeak)) (\(format(quarterPeak)) on a feed "
        + "a quarter as long), collected \(format(collectedPeak)), libxml2 SAX \(format(floorPeak))")
    report(
      "xmlext.feed-rss", ours: itemCount / streamedSeconds, anchorName: "libxml2-sax",
      anchor: itemCount / floorSeconds, unit: "items/s", higherIsBetter: true)
    report(
      "xmlext.feed-rss.memory", ours: streamedPeak, anchorName: "quarter-length-feed", anchor: quarterPeak,
      unit: "MB", higherIsBetter: false)
  }

  /// Reads the feed in 64 KB pieces, handing each item to a closure that only counts it.
  static func streamed(_ data: Data) -> Int {
    var count = 0
    let reader = TTFeedReader { item in
      count += 1
      blackHole(item)
    }
    var offset = 0
    do {
      while offset < data.count {
        let end = min(data.count, offset + 65_536)
        try reader.feed(data[offset..<end])
        offset = end
      }
      _ = try reader.finish()
    } catch {
      fatalError("the feed reader failed: \(error)")
    }
    return count
  }

  /// The streaming parser handing over the same items, without reading any field: the part of
  /// the time that is the parser's.
  static func parserOnly(_ data: Data) -> Int {
    var count = 0
    let parser = TTXMLParser(streaming: .names("item", "entry")) { element in
      count += 1
      blackHole(element)
    }
    do {
      var offset = 0
      while offset < data.count {
        let end = min(data.count, offset + 65_536)
        try parser.feed(data[offset..<end])
        offset = end
      }
      _ = try parser.finish()
    } catch {
      fatalError("the parser failed: \(error)")
    }
    return count
  }

  /// Reads the whole feed into a ``TTFeed`` that keeps every item.
  static func collected(_ data: Data) -> Int {
    guard let feed = try? TTFeedReader.read(data) else { fatalError("the feed reader failed") }
    return feed.items.count
  }
}
