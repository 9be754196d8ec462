public import Foundation

/// What a finished request produced: the processed value, the raw body and the response info.
///
/// ```swift
/// let result = try await TTURLRequest(url: url, response: TTURLStringResponse()).send()
/// result.value as? String        // the text
/// result.info.statusCode         // 200
/// result.respondedFromCache      // false
/// ```
public struct TTURLResult: Sendable {
  /// What the request's ``TTURLRequest/response`` processor made of the body.
  public var value: any Sendable
  /// The body as received (decompressed); empty when it was streamed to ``TTURLRequest/onData``
  /// or ``TTURLRequest/downloadDestination``.
  public var data: Data
  /// The status, headers and final URL.
  public var info: TTURLResponseInfo
  /// `true` when the body came from the cache (a fresh entry, or a 304 answer).
  public var respondedFromCache: Bool

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - value: The processed value.
  ///   - data: The body.
  ///   - info: The response information.
  ///   - respondedFromCache: Whether the body came from the cache.
  public init(value: any Sendable, data: Data, info: TTURLResponseInfo, respondedFromCache: Bool) {
    self.value = value
    self.data = data
    self.info = info
    self.respondedFromCache = respondedFromCache
  }
}
