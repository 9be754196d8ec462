import Foundation
import Three20XML

/// Hostile feeds, generated piece by piece so that a test can stream tens of megabytes through
/// a reader without holding them.
///
/// Each shape is an RSS 2.0 feed whose channel starts with a title and a link, then holds the
/// hostile part, then one ordinary item; `bytes` is about the size of the hostile part.
enum HostileFeed: String, CaseIterable, Sendable {
  /// One `description` of the channel holding all the text.
  case hugeChannelDescription
  /// Elements of another namespace under the channel, one after another.
  case foreignElements
  /// One element the reader does not read, holding everything.
  case giantUnknownSubtree
  /// Elements nested 200 deep, over and over, under the channel.
  case deepNestingOutsideItems
  /// Categories of the channel (a list the builder reads), one after another.
  case channelCategoryFlood
  /// One item whose `content:encoded` holds all the text, in CDATA sections.
  case hugeItemContent
  /// One item holding elements it does not read.
  case itemWithForeignElements

  /// Calls `body` with the feed's bytes in pieces of about 64 KB.
  func stream(bytes: Int, _ body: (Data) throws -> Void) rethrows {
    let head = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:x="urn:example:x" xmlns:content="http://purl.org/rss/1.0/modules/content/">
      <channel><title>Hostile</title><link>https://hostile.example/</link>

      """
    let item = "<item><title>After</title><link>/after</link></item>\n"
    let (open, unit, close): (String, String, String)
    switch self {
    case .hugeChannelDescription:
      (open, unit, close) = (
        "<description>", "lorem ipsum dolor sit amet &amp; more text\n", "</description>"
      )
    case .foreignElements:
      (open, unit, close) = ("", "<x:meta a=\"b\">foreign text</x:meta>\n", "")
    case .giantUnknownSubtree:
      (open, unit, close) = ("<x:junk>", "<x:a b=\"c\">text inside the junk</x:a>\n", "</x:junk>")
    case .deepNestingOutsideItems:
      (open, unit, close) = (
        "", String(repeating: "<d>", count: 200) + "x" + String(repeating: "</d>", count: 200), ""
      )
    case .channelCategoryFlood:
      (open, unit, close) = ("", "<category>news</category>\n", "")
    case .hugeItemContent:
      (open, unit, close) = (
        "<item><title>Huge</title><content:encoded>", "<![CDATA[<p>lorem ipsum dolor</p>]]>\n",
        "</content:encoded></item>"
      )
    case .itemWithForeignElements:
      (open, unit, close) = (
        "<item><title>Crowded</title>", "<x:meta a=\"b\">foreign text</x:meta>\n", "</item>"
      )
    }
    try body(Data((head + open).utf8))
    let piece = Data(String(repeating: unit, count: max(1, 65_536 / unit.utf8.count)).utf8)
    var sent = 0
    while sent < bytes {
      try body(piece)
      sent += piece.count
    }
    try body(Data((close + "\n" + item + "</channel></rss>\n").utf8))
  }

  /// The whole feed in memory (for small sizes).
  func data(bytes: Int) -> Data {
    var data = Data()
    stream(bytes: bytes) { data.append($0) }
    return data
  }
}

extension TTFeedReader {
  /// Feeds `data` in pieces of `size` bytes (cutting through tags and characters) and
  /// finishes the feed.
  func read(_ data: Data, inPiecesOf size: Int) throws -> TTFeed {
    var offset = 0
    while offset < data.count {
      let end = min(data.count, offset + size)
      try feed(data[offset..<end])
      offset = end
    }
    return try finish()
  }
}
