import Foundation
import Three20

/// The RSS reader of the classic Three20 tutorials.
///
/// A feed, a table of message items, and each item's text one Enter away.
/// `tt://xml/feed?url=…` reads any RSS or Atom feed on the web (see
/// ``XMLDemos/documentPolicy``).
final class RSSReaderDemo: CatalogTableController {
  let url: String

  /// The Catalog's sample feed, served by its own server (offline), or `nil` without one.
  static var sampleURL: String? { CatalogServer.shared.map { $0.baseURL + "/feed.xml" } }

  init(url: String?) {
    self.url = url ?? Self.sampleURL ?? ""
    super.init()
    title = "RSS reader"
    variableHeightRows = true
  }

  override func createModel() {
    let feedURL = url
    if let refusal = XMLDemos.refusal(of: feedURL) {
      dataSource = TTListDataSource(items: [TTTableGrayTextItem(text: refusal)])
      return
    }
    let model = TTFeedModel(url: feedURL, queue: CatalogNetwork.queue)
    dataSource = TTModelDataSource(model: model) { model in
      let header: [any TTTableItem] = [TTTableGrayTextItem(text: model.feed?.title ?? feedURL)]
      return header
        + model.items.enumerated().map { index, item in
          TTTableMessageItem(
            title: item.title ?? "(untitled)", caption: item.authors.first?.name, text: item.summaryText,
            timestamp: item.date, url: "tt://xml/item/\(index)?url=" + feedURL.tt.percentEncodedQueryValue)
        }
    }
  }
}

/// One item of a feed: its title, author, date, link and text; Enter reads the story behind the
/// link in `TTWebController` (the map's `*`), as the tutorials' reader did.
final class FeedItemDemo: CatalogLoadingPage {
  let url: String
  let index: Int
  private var item: TTFeedItem?
  private var problem: String?

  init(url: String, index: Int) {
    self.url = url
    self.index = index
    super.init(title: "Feed item")
  }

  override func load() async {
    if let refusal = XMLDemos.refusal(of: url) {
      problem = refusal
      return
    }
    // The reader loaded this feed a moment ago: the queue's cache answers.
    do {
      let feed = try await TTURLRequest(url: url).send(
        processingWith: TTURLFeedResponse(), on: CatalogNetwork.queue)
      item = feed.items.indices.contains(index) ? feed.items[index] : nil
      if item == nil { problem = "The feed has no item \(index)." }
    } catch {
      problem = error.message
    }
  }

  override func makeBlocks() -> [CatalogBlock] {
    guard let item else { return [.text(problem ?? "Loading…")] }
    title = item.title ?? "Feed item"
    var pairs: [(String, String)] = []
    if let author = item.authors.first?.name { pairs.append(("by", author)) }
    if let date = item.date { pairs.append(("date", date.tt.formatDateTime())) }
    // The reader kept only addresses its URL scheme policy allows (http, https, mailto).
    if let link = item.link { pairs.append(("link", link.absoluteString)) }
    var blocks: [CatalogBlock] = [
      .heading(item.title ?? "(untitled)"), .pairs(pairs), .text(item.summaryText ?? ""),
    ]
    if item.link != nil {
      blocks.append(.text("↵ reads the story in TTWebController", CatalogBlock.dimStyle))
    }
    return blocks
  }

  override func handleKey(_ key: TTKey) -> Bool {
    if key == .enter, let link = item?.link {
      return (opener ?? TTGlobalURLOpener.current)?.openURL(link.absoluteString) ?? false
    }
    return super.handleKey(key)
  }
}
