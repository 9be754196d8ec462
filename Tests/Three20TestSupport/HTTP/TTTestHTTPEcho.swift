public import Foundation

/// The JSON body of the server's `/echo` route: the request exactly as the server received it.
///
/// Decode a response body with ``init(json:)`` to check what a client sent, byte for byte:
///
/// ```swift
/// let echo = try TTTestHTTPEcho(json: responseBody)
/// echo.method                     // "POST"
/// echo.header("Content-Type")     // "multipart/form-data; boundary=…"
/// echo.body                       // the exact body bytes (base64 in the JSON)
/// ```
public struct TTTestHTTPEcho: Codable, Sendable, Equatable {
  /// A name and value, for query parameters and header fields.
  public struct Field: Codable, Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The request method.
  public var method: String
  /// The request target as sent.
  public var target: String
  /// The path without the query.
  public var path: String
  /// The decoded query parameters, in order.
  public var query: [Field]
  /// The header fields, in order, repeats kept.
  public var headers: [Field]
  /// The body bytes (base64 in the JSON).
  public var body: Data
  /// Whether the body came chunked.
  public var bodyWasChunked: Bool
  /// The connection number (see ``TTTestHTTPRequest/connectionID``).
  public var connectionID: Int

  /// Describes a request.
  ///
  /// - Parameter request: The request to describe.
  public init(_ request: TTTestHTTPRequest) {
    method = request.method
    target = request.target
    path = request.path
    query = request.query.map { Field(name: $0.name, value: $0.value) }
    headers = request.headers.map { Field(name: $0.name, value: $0.value) }
    body = request.body
    bodyWasChunked = request.bodyWasChunked
    connectionID = request.connectionID
  }

  /// Decodes the body of an `/echo` response.
  ///
  /// - Parameter json: The response body.
  /// - Throws: `DecodingError` when the bytes are not an echo.
  public init(json: Data) throws {
    self = try JSONDecoder().decode(TTTestHTTPEcho.self, from: json)
  }

  /// The first value of a header field (any letter case), or `nil`.
  ///
  /// - Parameter name: The field name.
  /// - Returns: The value.
  public func header(_ name: String) -> String? {
    headers.first { TTTestHTTPHeaders.same($0.name, name) }?.value
  }

  /// The echo as JSON with sorted keys.
  ///
  /// - Returns: The JSON bytes.
  public func jsonData() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(self)) ?? Data("{}".utf8)
  }
}
