public import Foundation

/// Hands back the body as it arrived: Three20's `TTURLDataResponse`.
///
/// ```swift
/// let data = try await TTURLRequest(url: url).send(processingWith: TTURLDataResponse())
/// ```
public struct TTURLDataResponse: TTURLResponse {
  /// Creates the processor.
  public init() {}

  /// Returns the body unchanged.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - info: Not used.
  /// - Returns: `data`.
  public func process(_ data: Data, info: TTURLResponseInfo) -> Data {
    data
  }
}
