public import Foundation
public import Three20Core
public import Three20Network

/// Reads the body of a response as an RSS or Atom feed: the processor for `TTURLRequest` that
/// gives a ``TTFeed``.
///
/// ```swift
/// let request = TTURLRequest(url: "https://example.com/feed.xml")
/// let feed = try await request.send(processingWith: TTURLFeedResponse())
/// feed.items.first?.title   // "Hello"
/// ```
///
/// Relative addresses in the feed are resolved against the response's URL (after redirects).
/// A body that is not well-formed XML, or not a feed, fails the request with Network's
/// `invalidResponse` code; the ``TTXMLError`` with its line and column is the error's
/// `underlying` error and its message is part of the request's. Such a body is not cached.
///
/// The whole body is in memory when this processor runs (so it can be cached); the items are
/// still built one at a time, so only the body and the items are held, never a tree of the
/// whole document. To parse while the body downloads, use
/// ``TTFeedReader/load(_:on:options:limits:urlPolicy:onItem:)``.
public struct TTURLFeedResponse: TTURLResponse {
  /// The parser's limits and leniency.
  public var options: TTXMLParser.Options
  /// How much of the channel and of each item is kept.
  public var limits: TTFeedReader.Limits
  /// The schemes the feed's addresses may have; others are left out.
  public var urlPolicy: TTURLSchemePolicy
  /// Whether a body that is not well-formed XML fails, rather than being read leniently with
  /// the problem in ``TTFeed/syntaxProblem``; default `false`.
  public var isStrict = false

  /// Creates the processor.
  ///
  /// - Parameters:
  ///   - options: The parser's limits and leniency. Defaults to ``TTXMLParser/Options/init()``.
  ///   - limits: How much of the channel and of each item is kept. Defaults to
  ///     ``TTFeedReader/Limits/init()``.
  ///   - urlPolicy: The schemes addresses may have. Defaults to `TTURLSchemePolicy.default`
  ///     (`http`, `https`, `mailto` and relative references).
  public init(
    options: TTXMLParser.Options = TTXMLParser.Options(), limits: TTFeedReader.Limits = TTFeedReader.Limits(),
    urlPolicy: TTURLSchemePolicy = .default
  ) {
    self.options = options
    self.limits = limits
    self.urlPolicy = urlPolicy
  }

  /// Reads the body as a feed.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - info: The response; its URL resolves relative addresses.
  /// - Returns: The feed.
  /// - Throws: `TTNetworkError` with code `invalidResponse` when the body is not a feed.
  public func process(_ data: Data, info: TTURLResponseInfo) throws(TTNetworkError) -> TTFeed {
    do {
      return try TTFeedReader.read(
        data, documentURL: URL(string: info.url), options: options, limits: limits, urlPolicy: urlPolicy,
        strict: isStrict)
    } catch {
      throw TTNetworkError(
        .invalidResponse,
        "The \(data.count)-byte response from \(info.url) is not a readable feed:\n\(error.message)",
        url: info.url, statusCode: info.statusCode, underlying: error)
    }
  }
}
