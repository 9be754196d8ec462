public import Foundation

/// Turns the bytes of a response into a value: Three20's `TTURLResponse` protocol.
///
/// A request calls ``process(_:info:)`` with the body of a successful response (2xx, or a 304
/// answered from the cache). A processor that throws fails the request, and the data is then
/// never stored in the cache. Processors are values shared between threads, so they must be
/// `Sendable`; they run off the main actor.
///
/// The module ships ``TTURLDataResponse`` (the bytes), ``TTURLStringResponse`` (text, charset
/// from the headers) and ``TTURLJSONResponse`` (a `Decodable` value). Write your own for other
/// formats:
///
/// ```swift
/// struct LineCount: TTURLResponse {
///   func process(_ data: Data, info: TTURLResponseInfo) throws -> Int {
///     data.filter { $0 == 10 }.count
///   }
/// }
/// let lines = try await TTURLRequest(url: url).send(processingWith: LineCount())
/// ```
public protocol TTURLResponse: Sendable {
  /// What processing produces.
  associatedtype Value: Sendable

  /// Turns a successful response's body into a value.
  ///
  /// - Parameters:
  ///   - data: The body (decompressed). Empty when the request streamed its body elsewhere.
  ///   - info: The status, headers and URL of the response.
  /// - Returns: The value.
  /// - Throws: Any error when the body cannot be processed; the request then fails with
  ///   ``TTNetworkError/Code-swift.struct/invalidResponse`` and nothing is cached.
  func process(_ data: Data, info: TTURLResponseInfo) throws -> Value

  /// Turns the body of an error response (a status other than 2xx and 304) into an error.
  ///
  /// The default returns `nil`. Whatever is returned becomes the
  /// ``TTNetworkError/underlying`` of the ``TTNetworkError/Code-swift.struct/httpStatus``
  /// error, for example a server's decoded error message.
  ///
  /// - Parameters:
  ///   - data: The error response's body.
  ///   - info: The status, headers and URL of the response.
  /// - Returns: An error describing the server's complaint, or `nil`.
  func processErrorResponse(_ data: Data, info: TTURLResponseInfo) -> (any Error & Sendable)?
}

extension TTURLResponse {
  /// Returns `nil`: by default an error response has no extra meaning.
  ///
  /// - Parameters:
  ///   - data: The error response's body.
  ///   - info: The status, headers and URL of the response.
  /// - Returns: `nil`.
  public func processErrorResponse(_ data: Data, info: TTURLResponseInfo) -> (any Error & Sendable)? {
    nil
  }
}
