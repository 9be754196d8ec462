public import Foundation
import Three20Core

/// Decodes the body as JSON into a `Decodable` value: Three20's `TTURLJSONResponse`, typed.
///
/// ```swift
/// struct Feed: Decodable, Sendable { var title: String }
/// let feed = try await TTURLRequest(url: url).send(processingWith: TTURLJSONResponse<Feed>())
/// feed.title
/// ```
///
/// A body that is not JSON, or JSON of another shape, fails the request with
/// ``TTNetworkError/Code-swift.struct/invalidResponse`` whose message names the failing path;
/// such a body is never cached.
public struct TTURLJSONResponse<Value: Decodable & Sendable>: TTURLResponse {
  /// The decoder used; default a plain `JSONDecoder()`.
  public var decoder: JSONDecoder

  /// Creates the processor.
  ///
  /// - Parameter decoder: The decoder to use, for example one with a date strategy; default
  ///   `JSONDecoder()`.
  public init(decoder: JSONDecoder = JSONDecoder()) {
    self.decoder = decoder
  }

  /// Decodes the body.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - info: The response, named in errors.
  /// - Returns: The decoded value.
  /// - Throws: ``TTNetworkError`` with code ``TTNetworkError/Code-swift.struct/invalidResponse``
  ///   when the body does not decode.
  public func process(_ data: Data, info: TTURLResponseInfo) throws(TTNetworkError) -> Value {
    do {
      return try decoder.decode(Value.self, from: data)
    } catch {
      throw TTNetworkError(
        .invalidResponse,
        "The \(data.count)-byte response from \(escapedInput(info.url)) does not decode as "
          + "\(Value.self): \(TTMessageText.escaped(Self.describe(error), limit: 300)). Check the server's output or the type.",
        url: info.url, statusCode: info.statusCode, underlying: error)
    }
  }

  /// A one-line account of a decoding error, with the coding path.
  private static func describe(_ error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      let joined = keys.joined()
      return joined.isEmpty ? "at the top level" : "at \(joined)"
    }
    switch error {
    case DecodingError.typeMismatch(let type, let context):
      return "expected \(type) \(path(context))"
    case DecodingError.valueNotFound(let type, let context):
      return "missing \(type) value \(path(context))"
    case DecodingError.keyNotFound(let key, let context):
      return "missing key \"\(key.stringValue)\" \(path(context))"
    case DecodingError.dataCorrupted(let context):
      return "not valid JSON \(path(context))"
    default:
      return String(describing: error)
    }
  }
}
