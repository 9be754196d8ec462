import Foundation
import Testing
import Three20XML

/// Loads the feed documents in Tests/Three20XMLTests/Fixtures (the `feed-` files).
enum FeedFixture {
  /// The bytes of one fixture file, such as `feed-rss091.xml`.
  static func data(_ name: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
      "missing fixture \(name)")
    return try Data(contentsOf: url)
  }

  /// A fixture read as a feed in one piece.
  static func feed(_ name: String, documentURL: String? = nil) throws -> TTFeed {
    try TTFeedReader.read(data(name), documentURL: documentURL.flatMap(URL.init(string:)))
  }

  /// A generated RSS 2.0 feed with `count` numbered items.
  static func generatedRSS(items count: Int) -> Data {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
      <title>Generated</title><link>https://gen.example.com/</link><description>Many items</description>

      """
    for number in 0..<count {
      text += """
        <item><title>Item \(number)</title><link>/items/\(number)</link>\
        <description>&lt;p&gt;Body of item \(number)&lt;/p&gt;</description>\
        <dc:creator>Writer \(number % 7)</dc:creator><guid>urn:item:\(number)</guid>\
        <pubDate>Sat, 21 Nov 2026 10:20:30 GMT</pubDate></item>

        """
    }
    text += "</channel></rss>\n"
    return Data(text.utf8)
  }
}
