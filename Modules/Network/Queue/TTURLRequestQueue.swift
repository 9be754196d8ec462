public import Foundation
import Synchronization
import Three20Core

/// Loads requests over HTTP(S) with libcurl's multi interface: Three20's `TTURLRequestQueue`.
///
/// Each queue owns one libcurl multi handle driven by one thread of its own — not a thread per
/// request. Requests wait in the queue until both limits allow them to start:
/// ``maxConcurrentRequests`` overall (default 16; Three20 allowed 5) and
/// ``maxConcurrentRequestsPerHost`` (default 6). Connections are reused, HTTP/2 is used with
/// multiplexing where a TLS server offers it, compressed bodies (gzip, deflate, brotli, zstd) are
/// accepted and decoded, redirects are followed up to ``maxRedirects`` times, and TLS
/// certificates are checked against the system's CA store.
///
/// ```swift
/// let queue = TTURLRequestQueue()
/// queue.maxConcurrentRequestsPerHost = 2
/// let data = try await TTURLRequest(url: "https://example.com/")
///   .send(processingWith: TTURLDataResponse(), on: queue)
/// ```
///
/// - Coalescing: GET requests with the same cache key, URL and headers that are in the queue at
///   the same time share one transfer; cancelling one of them leaves the others loading.
/// - Retries: idempotent requests (GET, HEAD, PUT, DELETE, OPTIONS) that fail to connect or to
///   resolve the host are retried up to ``maxRetries`` times, waiting ``retryDelay``, then twice
///   that, and so on. Nothing else is retried: a request that reached the server is never sent
///   twice.
/// - Status codes: 2xx and 304 succeed; every other status fails with
///   ``TTNetworkError/Code-swift.struct/httpStatus``, carrying the status and the body.
/// - Limits against hostile servers, on by default: a body may hold at most
///   ``maxContentLength`` bytes after decompression (100,000,000) and inflate at most
///   ``maxDecompressionRatio`` times (500); the server may stay silent
///   for at most ``defaultTimeout`` (60 s) and the whole transfer may take at most
///   ``defaultTotalTimeout`` (300 s); a response head may have at most
///   ``maxResponseHeaderFields`` fields in ``maxResponseHeaderBytes`` bytes. A response that is
///   not HTTP, or has two different `Content-Length`s, fails with
///   ``TTNetworkError/Code-swift.struct/badServerResponse``. Each request can set its own
///   body limit and timeouts (``TTURLRequest/maxContentLength``,
///   ``TTURLRequest/timeoutInterval``, ``TTURLRequest/totalTimeoutInterval``).
/// - Processing: response processors and ``TTURLRequest/onData`` closures run on threads of
///   the queue's own, at most ``maxConcurrentProcessing`` at once — never on the network
///   thread — so a slow parse delays no other request's transfer.
/// - Releasing a queue cancels what it still holds: the requests fail with
///   ``TTNetworkError/Code-swift.struct/cancelled`` and the thread ends. Pending requests hold
///   no reference to the queue.
///
/// All properties may be read and changed from any thread; changes apply to requests that start
/// afterwards (limits and ``isSuspended`` at once).
public final class TTURLRequestQueue: Sendable {
  private struct Configuration: Sendable {
    var maxConcurrentRequests = 16
    var maxConcurrentRequestsPerHost = 6
    var isSuspended = false
    var defaultTimeout: TimeInterval = 60
    var defaultTotalTimeout: TimeInterval = 300
    var maxContentLength: Int64 = TTURLRequestQueue.defaultMaxContentLength
    var maxDecompressionRatio = 500
    var maxRedirects = 10
    var maxRetries = 2
    var retryDelay: TimeInterval = 0.25
    var userAgent: String?
    var bundleDirectory: URL
    var documentsDirectory: URL
    var requestCache: (any TTRequestCaching)?
  }

  private let configuration: Mutex<Configuration>
  let engine: TTCurlEngine

  /// Creates a queue with its own network thread.
  ///
  /// A queue you create caches nothing unless you give it a cache: pass
  /// ``TTURLCache/shared`` to share the cache of ``main``, or a cache of its own.
  ///
  /// ```swift
  /// let feeds = try TTURLCache(name: "Feeds")
  /// let queue = TTURLRequestQueue(cache: feeds)
  /// ```
  ///
  /// - Parameters:
  ///   - maxConcurrentRequests: Transfers running at once overall; default 16, at least 1.
  ///   - maxConcurrentRequestsPerHost: Transfers running at once per scheme, host and port;
  ///     default 6, at least 1.
  ///   - cache: The cache requests read and fill (see ``cache``); default `nil`, no caching.
  public init(
    maxConcurrentRequests: Int = 16, maxConcurrentRequestsPerHost: Int = 6, cache: TTURLCache? = nil
  ) {
    let documents =
      FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents")
    let bundle = Bundle.main.resourceURL ?? Bundle.main.bundleURL
    var configuration = Configuration(bundleDirectory: bundle, documentsDirectory: documents)
    configuration.maxConcurrentRequests = max(1, maxConcurrentRequests)
    configuration.maxConcurrentRequestsPerHost = max(1, maxConcurrentRequestsPerHost)
    configuration.requestCache = cache
    self.configuration = Mutex(configuration)
    engine = TTCurlEngine(
      total: configuration.maxConcurrentRequests, perHost: configuration.maxConcurrentRequestsPerHost,
      suspended: false, processingWidth: Self.defaultMaxConcurrentProcessing)
  }

  deinit {
    engine.shutdown()
  }

  private static let mainQueue = Mutex<TTURLRequestQueue?>(nil)

  /// The queue requests use when none is named (Three20's `mainQueue`/`setMainQueue:`).
  ///
  /// Created on first use with the defaults and ``TTURLCache/shared`` as its ``cache``, as
  /// Three20's queue used the shared cache; assign another queue to replace it (tests assign one
  /// with a cache in a temporary directory).
  public static var main: TTURLRequestQueue {
    get {
      mainQueue.withLock { queue in
        if let queue { return queue }
        let created = TTURLRequestQueue(cache: TTURLCache.shared)
        queue = created
        return created
      }
    }
    set { mainQueue.withLock { $0 = newValue } }
  }

  private func read<T: Sendable>(_ body: (Configuration) -> T) -> T {
    configuration.withLock { body($0) }
  }

  // MARK: - Limits

  /// Transfers running at once over all hosts; default 16 (at least 1).
  public var maxConcurrentRequests: Int {
    get { read { $0.maxConcurrentRequests } }
    set { updateLimits { $0.maxConcurrentRequests = max(1, newValue) } }
  }

  /// Transfers running at once to one scheme, host and port; default 6 (at least 1).
  ///
  /// libcurl also keeps no more connections than this per host.
  public var maxConcurrentRequestsPerHost: Int {
    get { read { $0.maxConcurrentRequestsPerHost } }
    set { updateLimits { $0.maxConcurrentRequestsPerHost = max(1, newValue) } }
  }

  private func updateLimits(_ change: (inout Configuration) -> Void) {
    let limits = configuration.withLock { configuration in
      change(&configuration)
      return (configuration.maxConcurrentRequests, configuration.maxConcurrentRequestsPerHost)
    }
    engine.setLimits(total: limits.0, perHost: limits.1)
  }

  /// Whether new transfers wait; default `false`.
  ///
  /// Running transfers continue; waiting ones start when the queue is resumed (Three20's
  /// `suspended`, which tables used while scrolling).
  public var isSuspended: Bool {
    get { read { $0.isSuspended } }
    set {
      configuration.withLock { $0.isSuspended = newValue }
      engine.setSuspended(newValue)
    }
  }

  /// The longest a server may stay silent (the idle timeout), for requests without their own
  /// ``TTURLRequest/timeoutInterval``; default 60 seconds (Three20's 300 s was too long).
  public var defaultTimeout: TimeInterval {
    get { read { $0.defaultTimeout } }
    set { configuration.withLock { $0.defaultTimeout = newValue } }
  }

  /// The longest a whole transfer may take, for requests without their own
  /// ``TTURLRequest/totalTimeoutInterval``; default 300 seconds (five minutes).
  ///
  /// The idle timeout (``defaultTimeout``) only measures silence, so a server sending one byte
  /// every half second would never trip it; this one counts from the start of the transfer to
  /// the end of its body, retries and redirects included, and fails the request with
  /// ``TTNetworkError/Code-swift.struct/timedOut`` and a message that names it. `0` (or any
  /// value that is not positive and finite) means no total limit.
  ///
  /// ```swift
  /// let downloads = TTURLRequestQueue()
  /// downloads.defaultTotalTimeout = 3600   // large files over slow links
  /// ```
  public var defaultTotalTimeout: TimeInterval {
    get { read { $0.defaultTotalTimeout } }
    set { configuration.withLock { $0.defaultTotalTimeout = newValue } }
  }

  /// The default of ``maxContentLength``: 100,000,000 bytes.
  public static let defaultMaxContentLength: Int64 = 100_000_000

  /// The largest response body accepted, in bytes after decompression, for requests without
  /// their own ``TTURLRequest/maxContentLength``; default 100,000,000 (100 MB, see
  /// ``defaultMaxContentLength``); 0 = unlimited.
  ///
  /// A larger `Content-Length` is refused before the body is read; any other body is stopped
  /// as soon as it grows past the limit, counted as the processor, ``TTURLRequest/onData`` or
  /// ``TTURLRequest/downloadDestination`` receives it — after libcurl decompressed it, so a
  /// small `gzip` body that inflates to gigabytes is stopped at the limit too. Local files and
  /// `data:` URLs are held to it as well. Either way the request fails with
  /// ``TTNetworkError/Code-swift.struct/tooLarge``, naming the URL and the limit.
  /// (Three20's 150,000 default was for phones of 2009; unlimited let one response take all
  /// memory.)
  ///
  /// ```swift
  /// let queue = TTURLRequestQueue()
  /// queue.maxContentLength = 5_000_000          // thumbnails only
  /// let iso = TTURLRequest(url: "https://example.com/big.iso")
  /// iso.maxContentLength = 0                    // this download may be any size
  /// iso.downloadDestination = URL(fileURLWithPath: "/tmp/big.iso")
  /// ```
  public var maxContentLength: Int64 {
    get { read { $0.maxContentLength } }
    set { configuration.withLock { $0.maxContentLength = max(0, newValue) } }
  }

  /// How many times its size on the wire a compressed body may grow when decoded; default 500,
  /// 0 = unlimited.
  ///
  /// Documents compress 3 to 50 times, and even a body of one byte repeated cannot pass about
  /// 1,000 times with `gzip`; a decompression bomb ("gzip, gzip": 1,829 bytes that inflate to
  /// 1 GiB) must. Decoding happens on the queue's network thread, so a bomb decoded up to
  /// ``maxContentLength`` would delay every other request's transfer; this stops it after the
  /// first megabyte, with ``TTNetworkError/Code-swift.struct/tooLarge``. Bodies without a
  /// `Content-Encoding`, and the first megabyte of any body, are never held to it.
  public var maxDecompressionRatio: Int {
    get { read { $0.maxDecompressionRatio } }
    set { configuration.withLock { $0.maxDecompressionRatio = max(0, newValue) } }
  }

  /// The most header fields a response may have: 1,000.
  ///
  /// A response with more fails with ``TTNetworkError/Code-swift.struct/badServerResponse``
  /// (real servers send a few dozen). The limit applies to each response of a redirect chain.
  public static let maxResponseHeaderFields = 1_000

  /// The most bytes a response head may have, status line and line ends included: 262,144
  /// (256 KiB).
  ///
  /// A larger head fails with ``TTNetworkError/Code-swift.struct/badServerResponse``. libcurl
  /// refuses a single header line over 100 KB by itself, with the same error code.
  public static let maxResponseHeaderBytes = 256 << 10

  /// The default of ``maxConcurrentProcessing``: the number of active processors, at least 4.
  public static let defaultMaxConcurrentProcessing = max(4, ProcessInfo.processInfo.activeProcessorCount)

  /// How many response processors and ``TTURLRequest/onData`` closures run at once; default
  /// the number of active processors, at least 4 (``defaultMaxConcurrentProcessing``).
  ///
  /// Processing runs on threads the queue keeps for it, never on its network thread and never
  /// on the Swift concurrency pool, so a processor that takes seconds (a large XML document)
  /// delays neither the transfers of other requests nor unrelated tasks. The responses of one
  /// host (scheme, host and port) take at most half of these threads, so a server whose
  /// responses are slow to process leaves the others for other hosts. Responses beyond the
  /// limits wait for a free thread, each host's in the order they arrived, hosts taking turns.
  /// ``TTURLDataResponse``, which does no work, needs no thread. A request cancelled while its
  /// response waits is not processed. Changes apply at once.
  public var maxConcurrentProcessing: Int {
    get { engine.processing.width }
    set { engine.processing.width = max(1, newValue) }
  }

  /// How many redirects are followed before failing with
  /// ``TTNetworkError/Code-swift.struct/tooManyRedirects``; default 10.
  public var maxRedirects: Int {
    get { read { $0.maxRedirects } }
    set { configuration.withLock { $0.maxRedirects = max(0, newValue) } }
  }

  /// How often an idempotent request is retried after a connection failure; default 2.
  public var maxRetries: Int {
    get { read { $0.maxRetries } }
    set { configuration.withLock { $0.maxRetries = max(0, newValue) } }
  }

  /// The wait before the first retry, doubled for each further one; default 0.25 seconds.
  public var retryDelay: TimeInterval {
    get { read { $0.retryDelay } }
    set { configuration.withLock { $0.retryDelay = newValue.isFinite ? max(0, newValue) : 0.25 } }
  }

  /// The `User-Agent` sent; default `nil` = none.
  public var userAgent: String? {
    get { read { $0.userAgent } }
    set { configuration.withLock { $0.userAgent = newValue } }
  }

  /// The directory `bundle://` URLs are read from; default the main bundle's resource directory.
  public var bundleDirectory: URL {
    get { read { $0.bundleDirectory } }
    set { configuration.withLock { $0.bundleDirectory = newValue } }
  }

  /// The directory `documents://` URLs are read from; default the user's documents directory
  /// (`~/Documents`).
  public var documentsDirectory: URL {
    get { read { $0.documentsDirectory } }
    set { configuration.withLock { $0.documentsDirectory = newValue } }
  }

  /// The cache requests read and fill; `nil` means no caching.
  ///
  /// Default: ``TTURLCache/shared`` for ``main``, `nil` for queues you create (see
  /// ``init(maxConcurrentRequests:maxConcurrentRequestsPerHost:cache:)``). GET, POST and PUT
  /// requests use it as their ``TTURLRequest/cachePolicy`` says; <doc:Caching> tells exactly
  /// when a response is served from it, revalidated or stored. Changing it affects requests
  /// that start afterwards.
  public var cache: TTURLCache? {
    get { read { $0.requestCache as? TTURLCache } }
    set { configuration.withLock { $0.requestCache = newValue } }
  }

  /// The cache as the loader sees it; tests put a counting cache here.
  var requestCache: (any TTRequestCaching)? {
    get { read { $0.requestCache } }
    set { configuration.withLock { $0.requestCache = newValue } }
  }

  // MARK: - Requests

  /// Loads a request on this queue (the same as `request.send(on: self)`).
  ///
  /// - Parameter request: The request.
  /// - Returns: The processed value with the body and response information.
  /// - Throws: ``TTNetworkError``.
  @discardableResult
  public func send(_ request: TTURLRequest) async throws(TTNetworkError) -> TTURLResult {
    try await request.send(on: self)
  }

  /// Cancels one request (Three20's `cancelRequest:`); others sharing its transfer continue.
  ///
  /// - Parameter request: The request.
  public func cancel(_ request: TTURLRequest) {
    request.cancel()
  }

  /// Cancels every loading request that has `delegate` among its delegates or as its
  /// ``TTUserInfo/weakRef`` (Three20's `cancelRequestsWithDelegate:`).
  ///
  /// - Parameter delegate: The object.
  public func cancelRequests(withDelegate delegate: AnyObject) {
    for request in engine.loadingRequests where request.refers(to: delegate) {
      request.cancel()
    }
  }

  /// Cancels every request loading on this queue.
  public func cancelAllRequests() {
    for request in engine.loadingRequests { request.cancel() }
  }

  /// The requests loading on this queue now, in no particular order.
  public var loadingRequests: [TTURLRequest] {
    engine.loadingRequests
  }

  /// Network transfers running now and waiting to start (a coalesced group counts once).
  public var transferCounts: (running: Int, waiting: Int) {
    let counts = engine.counts
    return (counts.active, counts.pending)
  }

  /// A loader with the current settings, holding the engine but not the queue.
  func makeLoader() -> TTRequestLoader {
    let settings = configuration.withLock { configuration in
      TTRequestLoader.Settings(
        defaultTimeout: configuration.defaultTimeout, defaultTotalTimeout: configuration.defaultTotalTimeout,
        maxContentLength: configuration.maxContentLength,
        maxDecompressionRatio: configuration.maxDecompressionRatio, maxRedirects: configuration.maxRedirects,
        maxRetries: configuration.maxRetries, retryDelay: configuration.retryDelay,
        userAgent: configuration.userAgent, bundleDirectory: configuration.bundleDirectory,
        documentsDirectory: configuration.documentsDirectory, cache: configuration.requestCache)
    }
    return TTRequestLoader(engine: engine, settings: settings)
  }
}
