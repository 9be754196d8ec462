import Foundation
import Three20

/// One item of an RSS feed, read from the parser's tree.
struct FeedEntry: Sendable {
  var title: String
  var author: String?
  var summary: String
  var date: Date?
  var link: String?

  /// Reads an RSS `<item>`: title, `dc:creator` or `author`, description without markup,
  /// `pubDate`, link.
  init(item: TTXMLElement) {
    title = item.childText("title") ?? "(untitled)"
    author = item.childText("dc:creator") ?? item.childText("author")
    summary = (item.childText("description") ?? "").tt.removingMarkup.tt.decodingHTMLEntities
    date = item.childText("pubDate").flatMap(Self.rfc822)
    link = item.childText("link")
  }

  /// An RFC 822 date as RSS writes it, such as `Sat, 14 Mar 2026 09:30:00 GMT`.
  static func rfc822(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm zzz"]
    {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}

/// An RSS feed from a URL: the `TTURLRequestModel` of the classic RSS reader tutorial, on
/// `TTURLXMLResponse` and the parser's tree.
final class FeedModel: TTURLRequestModel<TTURLXMLResponse> {
  let url: String
  private(set) var title: String?
  private(set) var entries: [FeedEntry] = []

  init(url: String) {
    self.url = url
    super.init(processor: TTURLXMLResponse(isRssFeed: true), queue: CatalogNetwork.queue)
  }

  override func makeRequest(more: Bool) -> TTURLRequest? {
    TTURLRequest(url: url)
  }

  override func didReceive(_ document: TTXMLDocument, from result: TTURLResult, more: Bool) throws {
    let channel = document.root.child("channel")
    title = channel?.childText("title")
    entries = channel?.children("item").map(FeedEntry.init(item:)) ?? []
    hasNoMore = true
  }

  /// The Catalog's sample feed, served by its own server (offline), or `nil` without one.
  static var sampleURL: String? { CatalogServer.shared.map { $0.baseURL + "/feed.xml" } }
}
