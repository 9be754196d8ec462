/// What the server remembers of one request it handled, for assertions.
///
/// The body itself is not kept (uploads can be large); ``bodyLength`` says how big it was. Use
/// the `/echo` route or your own handler to look at body bytes.
public struct TTTestHTTPRecordedRequest: Sendable {
  /// The method, for example `GET`.
  public let method: String
  /// The request target as sent, for example `/a?b=c`.
  public let target: String
  /// The path without the query, for example `/a`.
  public let path: String
  /// The header fields, in order.
  public let headers: TTTestHTTPHeaders
  /// The number of body bytes received.
  public let bodyLength: Int
  /// Whether the body came with `Transfer-Encoding: chunked`.
  public let bodyWasChunked: Bool
  /// The connection the request came on (see ``TTTestHTTPRequest/connectionID``).
  public let connectionID: Int
  /// The request's position on its connection, from 0.
  public let indexOnConnection: Int

  init(_ request: TTTestHTTPRequest) {
    method = request.method
    target = request.target
    path = request.path
    headers = request.headers
    bodyLength = request.body.count
    bodyWasChunked = request.bodyWasChunked
    connectionID = request.connectionID
    indexOnConnection = request.indexOnConnection
  }
}
