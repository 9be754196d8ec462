public import Foundation
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 for tests: plain POSIX sockets, one accept thread and
/// one thread per connection, no mocks.
///
/// Create one per test, start it, point the client at ``baseURL``, and check what the server saw:
///
/// ```swift
/// let server = TTTestHTTPServer()
/// let port = try server.start()          // an ephemeral port on 127.0.0.1, e.g. 40123
/// server.route("GET", "/hello") { _ in .text("hi") }
/// // … the client fetches server.url("/hello") and gets "hi" …
/// server.requestCount(for: "/hello")     // 1
/// server.stop()                          // also done by deinit
/// ```
///
/// ## Protocol
/// Requests may carry bodies with `Content-Length` or `Transfer-Encoding: chunked`; several
/// requests may share a connection (keep-alive, pipelining) until a `Connection: close`;
/// `Expect: 100-continue` gets `100 Continue` before the body is read. HTTP/1.1 requests need one
/// `Host` header. Malformed requests get `400` (too large heads `431`, bodies over 512 MiB `413`,
/// other transfer codings `501`, other versions `505`, other expectations `417`) and the
/// connection is closed. `HEAD` is served by the `GET` route with the same headers and no body.
/// No route for a path gives `404` with body `not found: <path>`; a route for the path with
/// another method gives `405`. To send what no server should (a garbage status line, thousands
/// of header fields, conflicting lengths), a handler returns a response with
/// a ``TTTestHTTPResponse/rawHead``.
///
/// ## Built-in routes
/// On unless you pass `standardRoutes: false` (then ``installStandardRoutes()`` adds them).
/// Your own routes win over them. They answer any method; numbers are decimal, and a bad number
/// gives `400`. Byte bodies use ``deterministicBytes(count:)``.
///
/// | Path | Response |
/// |---|---|
/// | `/status/{code}` | that status (200–599), body `status {code}` (none for 204/304) |
/// | `/delay/{ms}` | body `delayed {ms}` after that many milliseconds (at most 300000) |
/// | `/bytes/{n}` | `n` deterministic bytes from memory (at most 64 MiB) |
/// | `/large/{n}` | `n` deterministic bytes, generated while streaming (any size) |
/// | `/echo` | JSON of the request: see ``TTTestHTTPEcho`` |
/// | `/etag/{name}` | the resource `name` with `ETag`; `304` when `If-None-Match` matches |
/// | `/last-modified/{name}` | the resource with `Last-Modified`; `304` when `If-Modified-Since` is not older |
/// | `/cache/{s}` | `Cache-Control: max-age={s}`, body `cache {s} request {k}` (k-th request to this path) |
/// | `/no-store` | `Cache-Control: no-store`, body `no-store request {k}` |
/// | `/redirect/{n}` | `302` to `/redirect/{n-1}` (query kept), `200` `redirected` at 0 |
/// | `/redirect-loop` | `302` to itself, forever |
/// | `/redirect-to?url=U` | `302` to `U` |
/// | `/gzip`, `/deflate` | ``compressibleText``, compressed when `Accept-Encoding` allows it |
/// | `/chunked/{n}` | ``chunkedText(count:)`` as `n` chunks of 16 bytes; `?delay=ms` between them |
/// | `/drop/{n}` | `Content-Length: n+1000`, closes after `n` bytes |
/// | `/slow/{n}` | `n` bytes, `?bytes=` at a time (default n/10), `?ms=` apart (default 50) |
/// | `/feed`, `/feed/{name}` | the body given to ``setFeed(_:name:chunkSize:delay:contentType:)``, chunked with delays |
/// | `/concurrency` | body `concurrency` after `?ms=` milliseconds (default 100), to observe parallelism |
///
/// Redirect routes take `?status=` (301, 302, 303, 307 or 308; 302 otherwise), and
/// `/redirect/{n}?absolute=1` sends absolute `Location` URLs built from the `Host` header.
/// A resource never set with ``setResource(name:body:etag:lastModified:contentType:)`` has body
/// `resource {name}`, an ETag derived from it and Last-Modified 2001-09-09 01:46:40 GMT.
///
/// ## Statistics
/// ``requestCount(for:)``, ``requests``, ``maxConcurrentRequests``,
/// ``maxConcurrentRequests(host:)`` and ``connectionsAccepted`` are safe to read from any thread
/// while the server runs. A request counts as in progress from when its body has been read until
/// its response is fully written.
///
/// - Important: A handler that captures the server strongly keeps it alive (and running) until
///   ``stop()``; capture it `weak`, or call ``stop()`` at the end of the test. Handlers run on the
///   connection's thread; ``stop()`` waits for running handlers to return, so keep them short
///   (use ``TTTestHTTPResponse/delayed(by:)`` for delays: those end at once on ``stop()``).
public final class TTTestHTTPServer: Sendable {
  let core: TTTestHTTPServerCore

  /// Creates a server; call ``start()`` to listen.
  ///
  /// - Parameters:
  ///   - standardRoutes: Whether the built-in routes are on; `true` by default.
  ///   - maxConnections: The most connections served at once, each on its own thread; more wait
  ///     in the listen backlog. 1024 by default.
  ///   - configure: Called with the new server before `init` returns, to add routes; does nothing by
  ///     default.
  public init(
    standardRoutes: Bool = true, maxConnections: Int = 1024, configure: (TTTestHTTPServer) -> Void = { _ in }
  ) {
    core = TTTestHTTPServerCore(maxConnections: maxConnections)
    if standardRoutes { installStandardRoutes() }
    configure(self)
  }

  /// Creates a server and starts it.
  ///
  /// ```swift
  /// let server = try TTTestHTTPServer.started()
  /// server.baseURL   // "http://127.0.0.1:40123"
  /// ```
  ///
  /// - Parameters:
  ///   - standardRoutes: Whether the built-in routes are on; `true` by default.
  ///   - configure: Called before the server starts, to add routes; does nothing by default.
  /// - Returns: The running server.
  /// - Throws: ``TTTestHTTPServerError`` when the socket cannot be set up.
  public static func started(
    standardRoutes: Bool = true, configure: (TTTestHTTPServer) -> Void = { _ in }
  ) throws -> TTTestHTTPServer {
    let server = TTTestHTTPServer(standardRoutes: standardRoutes, configure: configure)
    _ = try server.start()
    return server
  }

  deinit {
    core.stop()
  }

  /// Starts listening on 127.0.0.1 at a free port chosen by the system.
  ///
  /// Calling it again while running returns the same port. The server only ever binds the
  /// loopback address.
  ///
  /// - Returns: The port.
  /// - Throws: ``TTTestHTTPServerError`` when a socket call fails, or when the server was stopped
  ///   (a stopped server cannot start again; create a new one).
  @discardableResult
  public func start() throws -> Int {
    try core.start()
  }

  /// Stops the server: closes the listener and every connection and waits for their threads.
  ///
  /// Responses being sent are cut off and delays end at once; handlers that are running are
  /// waited for. Calling it again, or before ``start()``, does nothing. `deinit` calls it.
  public func stop() {
    core.stop()
  }

  /// The port, or 0 before ``start()``.
  public var port: Int { core.port }

  /// The server's address, `http://127.0.0.1:<port>`, without a trailing slash.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// An absolute URL on this server.
  ///
  /// ```swift
  /// server.url("/status/404")   // "http://127.0.0.1:40123/status/404"
  /// ```
  ///
  /// - Parameter path: A path starting with `/`, with any query.
  /// - Returns: ``baseURL`` followed by `path`.
  public func url(_ path: String) -> String {
    baseURL + (path.hasPrefix("/") ? path : "/" + path)
  }

  // MARK: Routes

  /// Serves a path with a handler.
  ///
  /// A path ending in `/*` is a prefix: `/files/*` serves `/files/a` and `/files/a/b` (not
  /// `/files`). An exact path wins over a prefix, a longer prefix over a shorter one, and a later
  /// route over an earlier one for the same path, so a test can replace a route. Paths are
  /// compared without the query and without percent-decoding. A `GET` route also serves `HEAD`.
  ///
  /// ```swift
  /// server.route("POST", "/upload") { request in .text("got \(request.body.count) bytes") }
  /// server.route(nil, "/files/*") { request in .text("file \(request.path)") }
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method to serve, for example `GET`; `nil` serves every method.
  ///   - path: The exact path, or a prefix ending in `/*`.
  ///   - handler: Makes the response; runs on the connection's thread.
  public func route(
    _ method: String?, _ path: String, handler: @escaping @Sendable (TTTestHTTPRequest) -> TTTestHTTPResponse
  ) {
    let route = TTTestHTTPServerCore.Route(method, path) { request, _ in handler(request) }
    core.state.withLock { $0.userRoutes.append(route) }
  }

  /// Turns the built-in routes on (listed in the type's documentation); doing it twice is harmless.
  public func installStandardRoutes() {
    core.state.withLock { $0.standardRoutes = TTTestHTTPStandardRoutes.all }
  }

  /// Sets the resource that `/etag/{name}` and `/last-modified/{name}` serve.
  ///
  /// ```swift
  /// server.setResource(name: "doc", body: Data("v1".utf8), etag: "v1")
  /// // GET /etag/doc                        → 200 "v1", ETag: "v1"
  /// // GET /etag/doc, If-None-Match: "v1"   → 304
  /// server.setResource(name: "doc", body: Data("v2".utf8), etag: "v2")
  /// // GET /etag/doc, If-None-Match: "v1"   → 200 "v2", ETag: "v2"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The resource name in the path.
  ///   - body: The body.
  ///   - etag: The entity tag; quotes are added when it has none (`v1` becomes `"v1"`, `W/"v1"`
  ///     stays). `nil` (the default) derives a strong tag from the body.
  ///   - lastModified: The modification date, sent to the second; `nil` (the default) means now.
  ///   - contentType: The `Content-Type`; `text/plain; charset=utf-8` by default.
  public func setResource(
    name: String, body: Data, etag: String? = nil, lastModified: Date? = nil,
    contentType: String = "text/plain; charset=utf-8"
  ) {
    let tag: String
    if let etag {
      tag = etag.hasPrefix("\"") || etag.hasPrefix("W/\"") ? etag : "\"\(etag)\""
    } else {
      tag = TTTestHTTPServerCore.etag(for: body)
    }
    let date = lastModified ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    let resource = TTTestHTTPServerCore.Resource(
      body: body, etag: tag, lastModified: date, contentType: contentType)
    core.state.withLock { $0.resources[name] = resource }
  }

  /// Sets the body `/feed` (or `/feed/{name}`) serves in small chunks with pauses, for
  /// incremental parsing.
  ///
  /// - Parameters:
  ///   - body: The bytes to serve.
  ///   - name: `default` (the default) for `/feed`, any other name for `/feed/{name}`.
  ///   - chunkSize: Bytes per chunk; 64 by default.
  ///   - delay: The pause between chunks; 10 ms by default.
  ///   - contentType: The `Content-Type`; `application/xml; charset=utf-8` by default.
  public func setFeed(
    _ body: Data, name: String = "default", chunkSize: Int = 64, delay: Duration = .milliseconds(10),
    contentType: String = "application/xml; charset=utf-8"
  ) {
    let feed = TTTestHTTPServerCore.Feed(
      body: body, chunkSize: max(1, chunkSize), delay: delay, contentType: contentType)
    core.state.withLock { $0.feeds[name] = feed }
  }

  // MARK: Statistics

  /// How many requests for this path (without query) the server has handled.
  ///
  /// - Parameter path: For example `/etag/doc`.
  /// - Returns: The count since start or the last ``resetStatistics()``.
  public func requestCount(for path: String) -> Int {
    core.requestCount(for: path)
  }

  /// How many requests the server has handled, for any path.
  public var totalRequestCount: Int { core.state.withLock { $0.statistics.total } }

  /// The last 10,000 requests handled, oldest first.
  ///
  /// Bodies are not kept (see ``TTTestHTTPRecordedRequest``). Rejected malformed requests are
  /// not included.
  public var requests: [TTTestHTTPRecordedRequest] {
    core.state.withLock { $0.statistics.orderedRecords }
  }

  /// The recorded requests for one path (without query), oldest first.
  ///
  /// - Parameter path: For example `/echo`.
  /// - Returns: The matching entries of ``requests``.
  public func requests(for path: String) -> [TTTestHTTPRecordedRequest] {
    requests.filter { $0.path == path }
  }

  /// The most requests that were in progress at the same time.
  public var maxConcurrentRequests: Int { core.state.withLock { $0.statistics.maxInFlight } }

  /// The number of requests in progress now.
  public var concurrentRequests: Int { core.state.withLock { $0.statistics.inFlight } }

  /// The most requests with this `Host` header that were in progress at the same time.
  ///
  /// - Parameter host: The `Host` value, for example `127.0.0.1:40123` or `localhost:40123`
  ///   (letter case does not matter; `""` for requests without one).
  /// - Returns: The maximum, 0 if no such request came.
  public func maxConcurrentRequests(host: String) -> Int {
    core.state.withLock { $0.statistics.maxByHost[host.lowercased(), default: 0] }
  }

  /// How many TCP connections the server has accepted; fewer than requests means reuse.
  public var connectionsAccepted: Int { core.state.withLock { $0.statistics.connectionsAccepted } }

  /// How many connections are open now.
  public var openConnections: Int { core.state.withLock { $0.connectionFDs.count } }

  /// Sets every counter and the request list back to zero; requests in progress stay counted as
  /// in progress.
  public func resetStatistics() {
    core.state.withLock { state in
      let inFlight = state.statistics.inFlight
      let byHost = state.statistics.inFlightByHost
      state.statistics = .init()
      state.statistics.inFlight = inFlight
      state.statistics.inFlightByHost = byHost
    }
  }

  // MARK: Known bodies

  /// The 251 bytes 0, 1, …, 250 that deterministic bodies repeat (251 is prime, so the pattern
  /// does not line up with power-of-two buffer sizes).
  public static let bytePattern = Data((0...250).map { UInt8($0) })

  /// The bytes of `/bytes/{n}`, `/large/{n}`, `/drop/{n}` and `/slow/{n}`: byte `i` is `i % 251`.
  ///
  /// ```swift
  /// TTTestHTTPServer.deterministicBytes(count: 3)   // [0, 1, 2]
  /// ```
  ///
  /// - Parameter count: How many bytes; negative counts as 0.
  /// - Returns: The bytes.
  public static func deterministicBytes(count: Int) -> Data {
    TTTestHTTPResponse.Body.generated(size: count).data
  }

  /// The text body of `/gzip` and `/deflate` (about 2 KB of repetitive English, so it compresses).
  public static let compressibleText = String(
    repeating: "Three20 test server: the quick brown fox jumps over the lazy dog. ", count: 32)

  /// The body of `/chunked/{n}`: `n` lines of 16 bytes, `chunk 000000000\n`, `chunk 000000001\n`, ….
  ///
  /// - Parameter count: The number of lines.
  /// - Returns: The text.
  public static func chunkedText(count: Int) -> String {
    (0..<max(0, count)).map { index in
      let digits = String(index)
      return "chunk " + String(repeating: "0", count: max(0, 9 - digits.count)) + digits + "\n"
    }.joined()
  }
}
