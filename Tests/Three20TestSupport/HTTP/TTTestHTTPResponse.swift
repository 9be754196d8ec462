public import Foundation

/// What a route handler returns: status, headers and body, plus how the server should send it.
///
/// The server adds `Date`, `Server`, `Content-Length` or `Transfer-Encoding`, `Connection: close`
/// and `Content-Encoding` itself; headers you set win over the server's, except the framing
/// headers (`Content-Length`, `Transfer-Encoding`), which always follow ``framing``.
/// Options combine, and are set with modifiers that return a changed copy:
///
/// ```swift
/// TTTestHTTPResponse.text("hello")                          // 200, text/plain, Content-Length 5
/// TTTestHTTPResponse.text(String(repeating: "x", count: 10_000))
///   .chunked(size: 1000, delay: .milliseconds(5))          // 10 chunks, 5 ms apart
///   .compressed(.gzip)                                      // gzip if Accept-Encoding allows it
/// TTTestHTTPResponse(body: .generated(size: 50_000_000, pattern: Data("abc".utf8)))
///   .dropping(after: 1_000_000)                             // promises 50 MB, closes after 1 MB
/// ```
public struct TTTestHTTPResponse: Sendable {
  /// A response body: bytes in memory, or a large body generated while it is sent.
  public struct Body: Sendable, ExpressibleByStringLiteral {
    enum Storage: Sendable {
      case bytes(Data)
      case generated(size: Int, pattern: Data)
    }

    let storage: Storage

    /// A body of these bytes.
    ///
    /// - Parameter data: The bytes.
    /// - Returns: The body.
    public static func bytes(_ data: Data) -> Body { Body(storage: .bytes(data)) }

    /// A body of `size` bytes made by repeating `pattern`, produced while it is sent.
    ///
    /// Only a 64 KiB window of the pattern is held in memory, so a 50 MB body costs nothing.
    /// A negative size counts as 0; an empty pattern counts as one zero byte.
    ///
    /// - Parameters:
    ///   - size: The number of bytes.
    ///   - pattern: The bytes to repeat; by default the server's deterministic 251-byte pattern
    ///     (see ``TTTestHTTPServer/deterministicBytes(count:)``).
    /// - Returns: The body.
    public static func generated(size: Int, pattern: Data = TTTestHTTPServer.bytePattern) -> Body {
      Body(storage: .generated(size: size, pattern: pattern))
    }

    /// An empty body.
    public static var empty: Body { Body(storage: .bytes(Data())) }

    /// A body of the UTF-8 bytes of a string literal.
    ///
    /// - Parameter value: The text.
    public init(stringLiteral value: String) {
      storage = .bytes(Data(value.utf8))
    }

    init(storage: Storage) {
      self.storage = storage
    }

    /// The number of bytes in the body.
    public var count: Int {
      switch storage {
      case .bytes(let data): data.count
      case .generated(let size, _): max(0, size)
      }
    }

    /// All the body's bytes; for a generated body this builds them in memory.
    public var data: Data {
      switch storage {
      case .bytes(let data): return data
      case .generated:
        var reader = TTTestHTTPBodyReader(body: self)
        var result = Data(capacity: reader.count)
        while let piece = reader.next(maximum: 64 * 1024) { result.append(contentsOf: piece) }
        return result
      }
    }
  }

  /// How the body is delimited on the wire.
  public enum Framing: Sendable, Equatable {
    /// A `Content-Length` header, then the body. The default.
    case contentLength
    /// `Transfer-Encoding: chunked`, chunks of at most `size` bytes, `delay` between chunks.
    ///
    /// To an HTTP/1.0 request the server sends the body close-delimited instead, as real
    /// servers do.
    case chunked(size: Int, delay: Duration)
    /// No length at all: the body ends when the server closes the connection.
    case closeDelimited
  }

  /// Sending pace for a slow body: `bytes` at a time with `interval` after each piece.
  public struct Pace: Sendable, Equatable {
    /// Bytes per piece; at least 1.
    public var bytes: Int
    /// The pause after each piece.
    public var interval: Duration

    /// Creates a pace.
    ///
    /// - Parameters:
    ///   - bytes: Bytes per piece; values below 1 count as 1.
    ///   - interval: The pause after each piece.
    public init(bytes: Int, interval: Duration) {
      self.bytes = max(1, bytes)
      self.interval = interval
    }
  }

  /// The status code, for example 200.
  public var status: Int
  /// The reason phrase; `nil` (the default) uses the standard phrase for ``status``.
  public var reason: String?
  /// The header fields to send, in order.
  public var headers: TTTestHTTPHeaders
  /// The body.
  ///
  /// Not sent for `HEAD` requests and for 1xx, 204 and 304 responses.
  public var body: Body
  /// How the body is delimited; `.contentLength` by default.
  public var framing: Framing = .contentLength
  /// The content coding to apply when the request's `Accept-Encoding` allows it.
  ///
  /// `nil` (the default) sends the body as it is. When applied, the server compresses the body, sets
  /// `Content-Encoding`, and adds `Vary: Accept-Encoding` either way.
  public var compression: TTTestCompression.Format?
  /// A pause before the status line is sent; zero by default.
  public var delay: Duration = .zero
  /// When set, the server sends only this many body bytes (after any compression and not
  /// counting chunk framing), then closes the connection, although the headers promised the
  /// whole body; `nil` by default.
  public var dropAfter: Int?
  /// When set, the body is sent `bytes` at a time with a pause after each piece; `nil` by
  /// default.
  public var slowBody: Pace?
  /// Whether the server closes the connection after this response (and says so with
  /// `Connection: close`); `false` by default.
  public var closesConnection = false
  /// When set, these bytes are sent instead of the status line and header fields the server
  /// would write, for responses no real server should send (a garbage status line, thousands of
  /// fields, two different `Content-Length`s); `nil` by default.
  ///
  /// The server then adds nothing and frames nothing: it sends these bytes, then the body as it
  /// is (compression and chunking are not applied, pacing and ``dropAfter`` are), then closes
  /// the connection.
  public var rawHead: Data?

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code; 200 by default.
  ///   - reason: The reason phrase; `nil` for the standard one.
  ///   - headers: The header fields; none by default.
  ///   - body: The body; empty by default.
  public init(status: Int = 200, reason: String? = nil, headers: TTTestHTTPHeaders = [:], body: Body = .empty)
  {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.body = body
  }

  /// A text response, `text/plain; charset=utf-8` unless you give another type.
  ///
  /// - Parameters:
  ///   - text: The body, sent as UTF-8.
  ///   - status: The status code; 200 by default.
  ///   - contentType: The `Content-Type`; `text/plain; charset=utf-8` by default.
  /// - Returns: The response.
  public static func text(
    _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8"
  )
    -> TTTestHTTPResponse
  {
    TTTestHTTPResponse(status: status, headers: ["Content-Type": contentType], body: .bytes(Data(text.utf8)))
  }

  /// A response with these bytes, `application/octet-stream` unless you give another type.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - status: The status code; 200 by default.
  ///   - contentType: The `Content-Type`; `application/octet-stream` by default.
  /// - Returns: The response.
  public static func data(
    _ data: Data, status: Int = 200, contentType: String = "application/octet-stream"
  )
    -> TTTestHTTPResponse
  {
    TTTestHTTPResponse(status: status, headers: ["Content-Type": contentType], body: .bytes(data))
  }

  /// A redirect to `location`.
  ///
  /// - Parameters:
  ///   - location: The `Location` value, relative (`/a`) or absolute.
  ///   - status: The status code; 302 by default.
  /// - Returns: The response, with body `redirect to <location>`.
  public static func redirect(to location: String, status: Int = 302) -> TTTestHTTPResponse {
    var response = text("redirect to \(location)", status: status)
    response.headers["Location"] = location
    return response
  }

  /// The server's 404 for a path no route serves: `not found: <path>`.
  ///
  /// - Parameter path: The path that was asked for.
  /// - Returns: The response.
  public static func notFound(_ path: String) -> TTTestHTTPResponse {
    text("not found: \(path)", status: 404)
  }

  /// This response sent with `Transfer-Encoding: chunked`.
  ///
  /// - Parameters:
  ///   - size: The largest chunk, in bytes; values below 1 count as 1. 1024 by default.
  ///   - delay: The pause between chunks; none by default.
  /// - Returns: The changed response.
  public func chunked(size: Int = 1024, delay: Duration = .zero) -> TTTestHTTPResponse {
    var copy = self
    copy.framing = .chunked(size: max(1, size), delay: delay)
    return copy
  }

  /// This response with no length, ended by closing the connection.
  ///
  /// - Returns: The changed response.
  public func closeDelimited() -> TTTestHTTPResponse {
    var copy = self
    copy.framing = .closeDelimited
    return copy
  }

  /// This response compressed when the request's `Accept-Encoding` allows `format`.
  ///
  /// - Parameter format: `.gzip` or `.deflate`.
  /// - Returns: The changed response.
  public func compressed(_ format: TTTestCompression.Format) -> TTTestHTTPResponse {
    var copy = self
    copy.compression = format
    return copy
  }

  /// This response sent after a pause.
  ///
  /// - Parameter delay: The pause before the status line.
  /// - Returns: The changed response.
  public func delayed(by delay: Duration) -> TTTestHTTPResponse {
    var copy = self
    copy.delay = delay
    return copy
  }

  /// This response cut off: the connection closes after `bytes` body bytes.
  ///
  /// - Parameter bytes: Body bytes to send before closing; negative counts as 0.
  /// - Returns: The changed response.
  public func dropping(after bytes: Int) -> TTTestHTTPResponse {
    var copy = self
    copy.dropAfter = max(0, bytes)
    return copy
  }

  /// This response's body sent slowly.
  ///
  /// - Parameters:
  ///   - bytes: Bytes per piece.
  ///   - interval: The pause after each piece.
  /// - Returns: The changed response.
  public func paced(bytes: Int, every interval: Duration) -> TTTestHTTPResponse {
    var copy = self
    copy.slowBody = Pace(bytes: bytes, interval: interval)
    return copy
  }

  /// This response followed by closing the connection.
  ///
  /// - Returns: The changed response.
  public func closingConnection() -> TTTestHTTPResponse {
    var copy = self
    copy.closesConnection = true
    return copy
  }

  /// This response with its head sent as these exact bytes (see ``rawHead``).
  ///
  /// ```swift
  /// TTTestHTTPResponse(body: "hi").sendingRawHead("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n")
  /// TTTestHTTPResponse().sendingRawHead("NONSENSE\r\n\r\n")
  /// ```
  ///
  /// - Parameter head: The bytes, usually ending with an empty line (`\r\n\r\n`).
  /// - Returns: The changed response.
  public func sendingRawHead(_ head: Data) -> TTTestHTTPResponse {
    var copy = self
    copy.rawHead = head
    return copy
  }

  /// This response with its head sent as the UTF-8 bytes of `head` (see ``rawHead``).
  ///
  /// - Parameter head: The text, usually ending with an empty line (`\r\n\r\n`).
  /// - Returns: The changed response.
  public func sendingRawHead(_ head: String) -> TTTestHTTPResponse {
    sendingRawHead(Data(head.utf8))
  }

  /// This response with one more header field (repeats are kept).
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The field value.
  /// - Returns: The changed response.
  public func adding(header name: String, value: String) -> TTTestHTTPResponse {
    var copy = self
    copy.headers.add(name: name, value: value)
    return copy
  }

  /// The standard reason phrase for a status code, or `Unknown`.
  ///
  /// - Parameter status: The status code.
  /// - Returns: For example `Not Found` for 404.
  public static func standardReason(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 101: "Switching Protocols"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 203: "Non-Authoritative Information"
    case 204: "No Content"
    case 205: "Reset Content"
    case 206: "Partial Content"
    case 300: "Multiple Choices"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 406: "Not Acceptable"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 411: "Length Required"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 416: "Range Not Satisfiable"
    case 417: "Expectation Failed"
    case 418: "I'm a teapot"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default: "Unknown"
    }
  }
}
