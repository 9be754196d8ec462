public import Foundation

/// One HTTP request as ``TTTestHTTPServer`` received it, handed to route handlers.
///
/// The body is complete: the server has already read it, whether it came with a
/// `Content-Length` or with `Transfer-Encoding: chunked` (see ``bodyWasChunked``).
///
/// ```swift
/// // GET /search?q=a+b&q=c%26d HTTP/1.1
/// request.path                 // "/search"
/// request.queryString          // "q=a+b&q=c%26d"
/// request.query.map(\.value)   // ["a b", "c&d"]
/// request.queryValue("q")      // "a b"
/// ```
public struct TTTestHTTPRequest: Sendable {
  /// The method as sent, for example `GET` (methods are case-sensitive in HTTP).
  public let method: String
  /// The request target as sent, for example `/search?q=1`.
  public let target: String
  /// The path of the target without its query, not percent-decoded, for example `/search`.
  ///
  /// An absolute-form target (`http://host/a`) gives its path (`/a`); `OPTIONS *` gives `*`.
  public let path: String
  /// The raw query after `?`, or `nil` when the target has no `?`.
  public let queryString: String?
  /// The query's name/value pairs in order, percent-decoded, with `+` read as a space.
  ///
  /// A pair without `=` has an empty value. Invalid percent escapes are kept as sent.
  public let query: [(name: String, value: String)]
  /// The protocol version from the request line: `HTTP/1.1` or `HTTP/1.0`.
  public let version: String
  /// The header fields, in order, with repeated fields kept.
  public let headers: TTTestHTTPHeaders
  /// The body bytes, empty when the request had no body.
  public let body: Data
  /// Whether the body arrived with `Transfer-Encoding: chunked`.
  public let bodyWasChunked: Bool
  /// The server's number for the connection this request came on, starting at 1.
  ///
  /// Requests with the same number shared one TCP connection (keep-alive).
  public let connectionID: Int
  /// The position of this request on its connection: 0 for the first, 1 for the next, ….
  public let indexOnConnection: Int

  /// Creates a request, for calling route handlers directly in tests.
  ///
  /// - Parameters:
  ///   - method: The method; `GET` by default.
  ///   - target: The request target, for example `/a?b=c`; the path and query come from it.
  ///   - version: The protocol version; `HTTP/1.1` by default.
  ///   - headers: The header fields; none by default.
  ///   - body: The body; empty by default.
  ///   - bodyWasChunked: Whether the body came chunked; `false` by default.
  ///   - connectionID: The connection number; 0 by default.
  ///   - indexOnConnection: The position on the connection; 0 by default.
  public init(
    method: String = "GET", target: String, version: String = "HTTP/1.1", headers: TTTestHTTPHeaders = [:],
    body: Data = Data(), bodyWasChunked: Bool = false, connectionID: Int = 0, indexOnConnection: Int = 0
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.body = body
    self.bodyWasChunked = bodyWasChunked
    self.connectionID = connectionID
    self.indexOnConnection = indexOnConnection
    var originForm = Substring(target)
    for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
      let afterScheme = target.dropFirst(scheme.count)
      if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
        originForm = afterScheme[slash...]
      } else {
        originForm = "/"
      }
    }
    if let mark = originForm.firstIndex(of: "?") {
      let pathPart = originForm[..<mark]
      path = pathPart.isEmpty ? "/" : String(pathPart)
      let raw = String(originForm[originForm.index(after: mark)...])
      queryString = raw
      query = Self.parseQuery(raw)
    } else {
      path = String(originForm)
      queryString = nil
      query = []
    }
  }

  /// The first value of a query parameter, or `nil` when the query does not have it.
  ///
  /// - Parameter name: The decoded parameter name, compared exactly.
  /// - Returns: The decoded value.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The `Host` header's value, or `nil` when the request had none.
  public var host: String? { headers["Host"] }

  /// The body as UTF-8 text (invalid bytes become U+FFFD).
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  static func parseQuery(_ raw: String) -> [(name: String, value: String)] {
    raw.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decode(parts[0])
      let value = parts.count > 1 ? decode(parts[1]) : ""
      return (name: name, value: value)
    }
  }

  private static func decode(_ component: Substring) -> String {
    let spaced = component.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
