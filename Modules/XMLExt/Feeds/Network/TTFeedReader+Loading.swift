import Foundation
import Synchronization
public import Three20Core
public import Three20Network

extension TTFeedReader {
  /// The reader and the first error, shared with the request's data callback.
  private struct Loading {
    var reader: TTFeedReader
    var failure: TTXMLError?
    /// Whether any body bytes reached the reader.
    var received = false
  }

  /// Loads a feed and parses it while it downloads: each piece of the body goes to a
  /// ``TTFeedReader`` as it arrives, so the whole body is never held in memory.
  ///
  /// The request's `onData` is set for the load and cleared afterwards, so the body is not
  /// collected and not cached (use ``TTURLFeedResponse`` when caching matters more); an answer
  /// the cache already holds is read whole. Once the
  /// body is known not to be a feed, the rest of it is ignored.
  ///
  /// ```swift
  /// let request = TTURLRequest(url: "https://example.com/feed.xml")
  /// let feed = try await TTFeedReader.load(request)
  /// feed.items.count   // 20
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request; its `onData` must not be in use.
  ///   - queue: The queue to load on. Defaults to `TTURLRequestQueue.main`.
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  ///   - limits: How much of the channel and of each item is kept. Defaults to
  ///     ``Limits/init()``.
  ///   - urlPolicy: The schemes addresses may have. Defaults to `TTURLSchemePolicy.default`.
  ///   - onItem: Receives each item as soon as it is read, one at a time and in order: on one
  ///     of the queue's processing threads while the body arrives (never its network thread),
  ///     or on the caller's task for an answer from the cache and the items completed at the
  ///     end; the returned feed then has no items. Defaults to `nil` (items are collected).
  /// - Returns: The feed.
  /// - Throws: Network's `TTNetworkError` when the load fails (an HTTP error status, a lost
  ///   connection), else ``TTXMLError`` when the body is not a feed.
  public static func load(
    _ request: TTURLRequest, on queue: TTURLRequestQueue = .main,
    options: TTXMLParser.Options = TTXMLParser.Options(), limits: Limits = Limits(),
    urlPolicy: TTURLSchemePolicy = .default, onItem: (@Sendable (TTFeedItem) -> Void)? = nil
  ) async throws -> TTFeed {
    let documentURL = URL(string: request.urlPath)
    let reader =
      if let onItem {
        TTFeedReader(documentURL: documentURL, options: options, limits: limits, urlPolicy: urlPolicy) {
          item in
          onItem(item)
        }
      } else {
        TTFeedReader(documentURL: documentURL, options: options, limits: limits, urlPolicy: urlPolicy)
      }
    let loading = Mutex(Loading(reader: reader))
    request.onData = { data in
      loading.withLock { state in
        guard state.failure == nil else { return }
        state.received = true
        do throws(TTXMLError) {
          try state.reader.feed(data)
        } catch {
          state.failure = error
        }
      }
    }
    defer { request.onData = nil }
    // Network errors win: the body of a 404 is not a feed, but the 404 is what went wrong.
    let result = try await request.send(on: queue)
    return try loading.withLock { state throws(TTXMLError) -> TTFeed in
      if let failure = state.failure { throw failure }
      // An answer from the cache arrives whole, without passing through onData.
      if !state.received { try state.reader.feed(result.data) }
      return try state.reader.finish()
    }
  }
}
