import Foundation
import Three20

/// The RSS reader of the classic Three20 tutorials.
///
/// A feed, a table of message items, and each item's text one Enter away.
/// `tt://xml/feed?url=…` reads any RSS feed.
final class RSSReaderDemo: CatalogTableController {
  let url: String

  init(url: String?) {
    self.url = url ?? FeedModel.sampleURL ?? ""
    super.init()
    title = "RSS reader"
    variableHeightRows = true
  }

  override func createModel() {
    let feedURL = url
    dataSource = TTModelDataSource(model: FeedModel(url: feedURL)) { model in
      let header: [any TTTableItem] = [TTTableGrayTextItem(text: model.title ?? feedURL)]
      return header
        + model.entries.enumerated().map { index, entry in
          TTTableMessageItem(
            title: entry.title, caption: entry.author, text: entry.summary, timestamp: entry.date,
            url: "tt://xml/item/\(index)?url=" + feedURL.tt.percentEncodedQueryValue)
        }
    }
  }
}

/// One item of a feed: its title, author, date, link and text.
final class FeedItemDemo: CatalogLoadingPage {
  let url: String
  let index: Int
  private var entry: FeedEntry?
  private var problem: String?

  init(url: String, index: Int) {
    self.url = url
    self.index = index
    super.init(title: "Feed item")
  }

  override func load() async {
    // The reader loaded this feed a moment ago: the queue's cache answers.
    do {
      let document = try await TTURLRequest(url: url).send(
        processingWith: TTURLXMLResponse(isRssFeed: true), on: CatalogNetwork.queue)
      let items = document.root.child("channel")?.children("item") ?? []
      entry = items.indices.contains(index) ? FeedEntry(item: items[index]) : nil
      if entry == nil { problem = "The feed has no item \(index)." }
    } catch {
      problem = error.message
    }
  }

  override func makeBlocks() -> [CatalogBlock] {
    guard let entry else { return [.text(problem ?? "Loading…")] }
    title = entry.title
    var pairs: [(String, String)] = []
    if let author = entry.author { pairs.append(("by", author)) }
    if let date = entry.date { pairs.append(("date", date.tt.formatDateTime())) }
    if let link = entry.link { pairs.append(("link", link)) }
    return [.heading(entry.title), .pairs(pairs), .text(entry.summary)]
  }
}
