public import Foundation
import Synchronization
import Three20Core
public import Three20Network

/// Parses a response body as XML: Three20's `TTURLXMLResponse`.
///
/// Use it as a request's processor. The value is a ``TTXMLDocument``; code ported from Three20
/// gets its `rootObject` from ``rootObject(of:)``, shaped by ``isRssFeed``. Unlike Three20,
/// which only logged parse errors, a body that is not well-formed XML fails the request.
///
/// ```swift
/// let response = TTURLXMLResponse(isRssFeed: true)
/// let document = try await TTURLRequest(url: feedURL).send(processingWith: response)
/// let items = response.rootObject(of: document)["channel"]?.array(forKey: "item") ?? []
/// ```
///
/// The document's encoding comes from its byte order mark or XML declaration (UTF-8 without
/// them); the HTTP `charset` is not used, because servers often get it wrong for feeds. Set
/// ``TTXMLParser/Options/encoding`` in ``options`` to force one.
///
/// To parse while the body downloads, use ``stream(_:selector:options:on:onElement:)``.
public struct TTURLXMLResponse: TTURLResponse {
  /// Whether repeated child elements become arrays in ``rootObject(of:)``; default `false`.
  ///
  /// Three20 passed it to `TTXMLParser`'s `treatDuplicateKeysAsArrayItems`: turn it on for RSS,
  /// where `item` repeats.
  public var isRssFeed: Bool

  /// The parser's limits and leniency; default ``TTXMLParser/Options/init()``.
  public var options: TTXMLParser.Options

  /// Creates the processor.
  ///
  /// - Parameters:
  ///   - isRssFeed: Whether repeated elements become arrays in the dictionary view; default
  ///     `false`.
  ///   - options: The parser's limits and leniency; default ``TTXMLParser/Options/init()``.
  public init(isRssFeed: Bool = false, options: TTXMLParser.Options = TTXMLParser.Options()) {
    self.isRssFeed = isRssFeed
    self.options = options
  }

  /// Parses the body.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - info: The response, named in the error.
  /// - Returns: The document.
  /// - Throws: `TTNetworkError` with code `invalidResponse` when the body is not well-formed XML
  ///   or breaks a limit; its `underlying` error is the ``TTXMLError`` and its message ends with
  ///   the parser's compiler-style message.
  public func process(_ data: Data, info: TTURLResponseInfo) throws(TTNetworkError) -> TTXMLDocument {
    do {
      return try TTXMLParser.parse(data, options: options)
    } catch {
      throw Self.networkError(error, url: info.url, statusCode: info.statusCode)
    }
  }

  /// Three20's dictionary view of a document this processor made, shaped by ``isRssFeed``.
  ///
  /// - Parameter document: The document from ``process(_:info:)``.
  /// - Returns: The root element as a ``TTXMLObject`` dictionary.
  public func rootObject(of document: TTXMLDocument) -> TTXMLObject {
    document.dictionaryValue(treatDuplicateKeysAsArrayItems: isRssFeed)
  }

  /// Loads a request and parses its body while it downloads, handing each element `selector`
  /// picks to `onElement` as soon as it is complete.
  ///
  /// The body is never collected: each piece goes to a streaming ``TTXMLParser`` as it arrives,
  /// so memory stays flat however long the feed is. `onElement` runs on one of the queue's
  /// processing threads (never its network thread, so a slow handler delays no other
  /// transfer), one element at a time, in document order. The request's `onData` is replaced; the
  /// response is not cached.
  ///
  /// ```swift
  /// let titles = Mutex<[String]>([])
  /// let channel = try await TTURLXMLResponse.stream(
  ///   TTURLRequest(url: feedURL), selector: .names("item", "entry")
  /// ) { item in
  ///   titles.withLock { $0.append(item.childText("title") ?? "") }
  /// }
  /// channel.root.child("channel")?.childText("title")   // the feed's own title
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request to load; its `onData` is set by this call.
  ///   - selector: Which elements to hand over.
  ///   - options: The parser's limits and leniency; default ``TTXMLParser/Options/init()``.
  ///   - queue: The queue to load on; default the main request queue.
  ///   - onElement: Receives each selected element.
  /// - Returns: The document without the selected elements (for a feed: the channel).
  /// - Throws: `TTNetworkError`: the load's own errors, or `invalidResponse` with the
  ///   ``TTXMLError`` as `underlying` when the body is not well-formed XML or breaks a limit.
  public static func stream(
    _ request: TTURLRequest, selector: TTXMLElementSelector,
    options: TTXMLParser.Options = TTXMLParser.Options(), on queue: TTURLRequestQueue = .main,
    onElement: @escaping @Sendable (TTXMLElement) throws -> Void
  ) async throws(TTNetworkError) -> TTXMLDocument {
    let state = Mutex(
      StreamState(parser: TTXMLParser(streaming: selector, options: options, onElement: onElement)))
    request.onData = { data in
      state.withLock { state in
        guard state.error == nil else { return }
        do throws(TTXMLError) {
          try state.parser.feed(data)
        } catch {
          state.error = error
        }
      }
    }
    let result = try await request.send(on: queue)
    let outcome = state.withLock { state -> Result<TTXMLDocument, TTXMLError> in
      if let error = state.error { return .failure(error) }
      do throws(TTXMLError) {
        return .success(try state.parser.finish())
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let document): return document
    case .failure(let error):
      throw networkError(error, url: result.info.url, statusCode: result.info.statusCode)
    }
  }

  /// The parser and its first error, shared with the thread `onData` runs on.
  private struct StreamState: ~Copyable {
    var parser: TTXMLParser
    var error: TTXMLError?
  }

  private static func networkError(_ error: TTXMLError, url: String, statusCode: Int?) -> TTNetworkError {
    TTNetworkError(
      .invalidResponse,
      "The response from \(TTMessageText.escaped(url, limit: 500)) is not usable XML:\n\(error.message)",
      url: url,
      statusCode: statusCode, underlying: error)
  }
}
