import Foundation
public import Three20Core
public import Three20Network

/// A model that loads one RSS or Atom feed: the model of the classic Three20 RSS-reader
/// tutorials, without their hand-written XML digging.
///
/// Those tutorials subclassed `TTURLRequestModel`, sent a `TTURLXMLResponse` with `isRssFeed`
/// set, and turned `channel`/`item` dictionaries into feed items in `requestDidFinishLoad:`.
/// This model does it with ``TTURLFeedResponse``: after a load, ``feed`` holds the channel and
/// ``items`` the items, with dates, links and text read for every feed format.
///
/// ```swift
/// let model = TTFeedModel(url: "https://example.com/feed.xml")
/// model.addDelegate(controller)            // hears modelDidStartLoad, then modelDidFinishLoad
/// model.load(.default, more: false)        // the cache may answer
/// // later, on "pull to refresh":
/// model.load(.network, more: false)        // always asks the server
/// model.items.first?.title
/// ```
///
/// A feed has one page: `hasNoMore` is `true` after every load, so
/// `load(_:more: true)` does nothing. A body that is not a feed fails the load with Network's
/// `invalidResponse` error (the ``TTXMLError`` underneath) and keeps the previous content.
/// Subclass it to derive your own rows from each feed in ``didReceive(_:from:more:)`` (call
/// `super` first).
open class TTFeedModel: TTURLRequestModel<TTURLFeedResponse> {
  /// The address of the feed.
  public let url: String

  /// The feed of the last successful load (channel fields and items), or `nil` before one and
  /// after ``invalidate(erase:)`` with `erase` `true`.
  public private(set) var feed: TTFeed?

  /// The items of ``feed``, in document order; empty before the first load.
  public var items: [TTFeedItem] { feed?.items ?? [] }

  /// Creates a model for a feed; nothing is loaded until `load(_:more:)`.
  ///
  /// - Parameters:
  ///   - url: The feed's address.
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  ///   - limits: How much of the channel and of each item is kept. Defaults to
  ///     ``TTFeedReader/Limits/init()``.
  ///   - urlPolicy: The schemes the feed's addresses may have; others are left out. Defaults to
  ///     `TTURLSchemePolicy.default` (`http`, `https`, `mailto` and relative references).
  ///   - queue: The queue to load on. Defaults to `TTURLRequestQueue.main`.
  public init(
    url: String, options: TTXMLParser.Options = TTXMLParser.Options(),
    limits: TTFeedReader.Limits = TTFeedReader.Limits(), urlPolicy: TTURLSchemePolicy = .default,
    queue: TTURLRequestQueue = .main
  ) {
    self.url = url
    super.init(
      processor: TTURLFeedResponse(options: options, limits: limits, urlPolicy: urlPolicy), queue: queue)
  }

  /// The request for the feed; `nil` for a next page, which feeds do not have.
  ///
  /// - Parameter more: `true` for the page after the current content.
  /// - Returns: A GET request for ``url``.
  open override func makeRequest(more: Bool) -> TTURLRequest? {
    more ? nil : TTURLRequest(url: url)
  }

  /// Keeps the new feed and sets `hasNoMore`.
  ///
  /// - Parameters:
  ///   - value: The feed just read.
  ///   - result: The response it came from.
  ///   - more: Always `false` (feeds have one page).
  /// - Throws: Nothing here; subclasses may throw to reject a feed.
  open override func didReceive(_ value: TTFeed, from result: TTURLResult, more: Bool) throws {
    feed = value
    hasNoMore = true
  }

  /// Marks the feed outdated or, with `erase`, drops it and its cached response.
  ///
  /// - Parameter erase: `true` to drop ``feed`` too.
  open override func invalidate(erase: Bool) {
    if erase { feed = nil }
    super.invalidate(erase: erase)
  }
}
