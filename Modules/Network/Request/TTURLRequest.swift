public import Foundation
import Synchronization
public import Three20Core

/// One HTTP request, or one read of a local URL: Three20's `TTURLRequest`.
///
/// Configure the request, then either `await` ``send(on:)`` (or the typed
/// ``send(processingWith:on:)``), or call ``start(on:)`` and hear the outcome through
/// ``TTURLRequestDelegate`` on the main actor, as Three20 code did.
///
/// ```swift
/// struct User: Decodable, Sendable { var name: String }
/// let request = TTURLRequest(url: "https://example.com/users/1")
/// let user = try await request.send(processingWith: TTURLJSONResponse<User>())
///
/// let post = TTURLRequest(url: "https://example.com/upload", method: "POST")
/// post.parameters = ["title": "Holiday"]
/// post.addFile(photo, mimeType: "image/jpeg", fileName: "beach.jpg")
/// _ = try await post.send()
/// ```
///
/// Bodies: an explicit ``httpBody`` wins; otherwise for POST, PUT and PATCH the body is built
/// from ``parameters`` and ``files`` — multipart form data when ``isMultipartForm`` is `true`
/// (Three20's default) or any file is attached, else `application/x-www-form-urlencoded`.
///
/// URLs: `http://` and `https://` go through the queue's libcurl transfers. `file://`, `data:`,
/// `bundle://` (the queue's ``TTURLRequestQueue/bundleDirectory``) and `documents://` (its
/// ``TTURLRequestQueue/documentsDirectory``) are read locally, never cached, and never reported
/// through ``TTURLRequestDelegate/requestDidStartLoad(_:)``.
///
/// Caching follows ``cachePolicy`` (default `.default`: memory, disk, then network). GET, POST
/// and PUT requests use the cache, keyed by ``cacheKey``; as in Three20, a POST or PUT is keyed
/// by its URL and body, and is served from the cache like a GET when the policy allows it — give
/// requests with side effects the policy `[.network, .noCache]`.
///
/// A request is a reference type that may be shared between tasks; all its properties are
/// protected by a lock. It may be sent again after it finished; sending it while it is loading
/// fails with ``TTNetworkError/Code-swift.struct/alreadyLoading``.
public final class TTURLRequest: Sendable {
  /// A weakly held delegate.
  struct WeakDelegate: Sendable {
    weak var value: (any TTURLRequestDelegate)?
  }

  /// Everything mutable, behind one lock.
  struct State: Sendable {
    var urlPath: String
    var httpMethod: String
    var headers: [String: String] = [:]
    var httpBody: Data?
    var contentType: String?
    var parameters: [String: String] = [:]
    var files: [FormFile] = []
    var isMultipartForm = true
    var cachePolicy: TTURLRequestCachePolicy = .default
    var cacheExpirationAge: TimeInterval = TTTimeInterval.week
    var explicitCacheKey: String?
    var timeoutInterval: TimeInterval?
    var totalTimeoutInterval: TimeInterval?
    var maxContentLength: Int64?
    var userInfo: (any Sendable)?
    var response: any TTURLResponse
    var shouldHandleCookies = true
    var onData: (@Sendable (Data) -> Void)?
    var downloadDestination: URL?
    var delegates: [WeakDelegate] = []

    var isLoading = false
    var cancelRequested = false
    /// Stops the current step of the load (the transfer, or processing waiting to start).
    var cancelAction: (@Sendable () -> Void)?
    var respondedFromCache = false
    var totalBytesLoaded: Int64 = 0
    var totalBytesExpected: Int64 = 0
    var totalBytesDownloaded: Int64 = 0
    var totalContentLength: Int64 = 0
    var timestamp: Date?
    var attempts = 0
    var result: TTURLResult?
    var error: TTNetworkError?
    var lastUploadNotice: UInt64 = 0
    var lastDownloadNotice: UInt64 = 0
  }

  let state: Mutex<State>

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - url: The URL, for example `"https://example.com/feed"`; default empty (set
  ///     ``urlPath`` later).
  ///   - method: The HTTP method; default `"GET"`.
  ///   - response: The processor ``start(on:)`` and ``send(on:)`` use; default
  ///     ``TTURLDataResponse``.
  public init(
    url: String = "", method: String = "GET", response: any TTURLResponse = TTURLDataResponse()
  ) {
    state = Mutex(State(urlPath: url, httpMethod: method, response: response))
  }

  /// Creates a request with one delegate (Three20's `requestWithURL:delegate:`).
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - delegate: A delegate, held weakly.
  public convenience init(url: String, delegate: any TTURLRequestDelegate) {
    self.init(url: url)
    addDelegate(delegate)
  }

  private func read<T: Sendable>(_ read: (State) -> T) -> T {
    state.withLock { read($0) }
  }

  // MARK: - What to send

  /// The URL to load; default empty.
  ///
  /// An empty or unparsable URL fails with ``TTNetworkError/Code-swift.struct/badURL``.
  public var urlPath: String {
    get { read { $0.urlPath } }
    set { state.withLock { $0.urlPath = newValue } }
  }

  /// The HTTP method, for example `"POST"`; default `"GET"`.
  ///
  /// It is sent uppercased.
  public var httpMethod: String {
    get { read { $0.httpMethod } }
    set { state.withLock { $0.httpMethod = newValue } }
  }

  /// Extra header fields to send; default none.
  ///
  /// Field names are matched case-insensitively by ``setValue(_:forHTTPHeaderField:)``.
  public var headers: [String: String] {
    get { read { $0.headers } }
    set { state.withLock { $0.headers = newValue } }
  }

  /// Sets, replaces or (with `nil`) removes a header field, whatever the case of its name.
  ///
  /// - Parameters:
  ///   - value: The value, or `nil` to remove the field.
  ///   - field: The field name, for example `"Accept"`.
  public func setValue(_ value: String?, forHTTPHeaderField field: String) {
    state.withLock { state in
      let lowered = field.lowercased()
      for key in state.headers.keys where key.lowercased() == lowered {
        state.headers[key] = nil
      }
      if let value { state.headers[field] = value }
    }
  }

  /// An explicit body; default `nil`.
  ///
  /// When set, it is sent as is and ``parameters`` are not.
  public var httpBody: Data? {
    get { read { $0.httpBody } }
    set { state.withLock { $0.httpBody = newValue } }
  }

  /// The `Content-Type` to send; default `nil`, which means: the form type when the body is
  /// built from parameters, none otherwise.
  public var contentType: String? {
    get { read { $0.contentType } }
    set { state.withLock { $0.contentType = newValue } }
  }

  /// Form fields sent in the body of POST, PUT and PATCH requests; default none.
  public var parameters: [String: String] {
    get { read { $0.parameters } }
    set { state.withLock { $0.parameters = newValue } }
  }

  /// Files sent as parts of a multipart body; default none.
  public var files: [FormFile] {
    get { read { $0.files } }
    set { state.withLock { $0.files = newValue } }
  }

  /// Attaches a file to the multipart body (Three20's `addFile:mimeType:fileName:`).
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - mimeType: Its MIME type, for example `"image/png"`.
  ///   - fileName: The file name the server sees.
  ///   - fieldName: The form field name; default `nil` = `fileName`, as Three20 did.
  public func addFile(_ data: Data, mimeType: String, fileName: String, fieldName: String? = nil) {
    let file = FormFile(data: data, mimeType: mimeType, fileName: fileName, fieldName: fieldName)
    state.withLock { $0.files.append(file) }
  }

  /// Whether parameters are sent as `multipart/form-data`; default `true` (Three20's default).
  ///
  /// With `false` they are sent as `application/x-www-form-urlencoded` unless files are attached.
  public var isMultipartForm: Bool {
    get { read { $0.isMultipartForm } }
    set { state.withLock { $0.isMultipartForm = newValue } }
  }

  /// Whether libcurl's cookie engine (shared by the queue) sends and stores cookies; default
  /// `true`.
  public var shouldHandleCookies: Bool {
    get { read { $0.shouldHandleCookies } }
    set { state.withLock { $0.shouldHandleCookies = newValue } }
  }

  // MARK: - Caching

  /// Where the response may come from and whether it is stored; default `.default`.
  public var cachePolicy: TTURLRequestCachePolicy {
    get { read { $0.cachePolicy } }
    set { state.withLock { $0.cachePolicy = newValue } }
  }

  /// How old cached data may be and still be served without asking the network; default one
  /// week (`TTTimeInterval.week`).
  public var cacheExpirationAge: TimeInterval {
    get { read { $0.cacheExpirationAge } }
    set { state.withLock { $0.cacheExpirationAge = newValue } }
  }

  /// The key the response is cached under.
  ///
  /// Unless set, it is ``TTURLCache/key(url:method:body:)`` of the URL (Three20 used an MD5 of
  /// it), and for POST and PUT of the method, URL and body, so different form data is cached
  /// separately. Setting an empty string goes back to the derived key.
  ///
  /// ```swift
  /// TTURLRequest(url: "https://example.com/").cacheKey
  /// // "0f115db062b7c0dd030b16878c99dea5c354b49dc37b38eb8846179c7783e9d7"
  /// ```
  public var cacheKey: String {
    get {
      let current = state.withLock { state in
        (state.explicitCacheKey, state.urlPath, state.httpMethod.uppercased())
      }
      if let explicit = current.0 { return explicit }
      return Self.derivedCacheKey(url: current.1, method: current.2, body: makeBody().body)
    }
    set { state.withLock { $0.explicitCacheKey = newValue.isEmpty ? nil : newValue } }
  }

  // MARK: - Loading options

  /// The longest the server may stay silent (while connecting or between bytes) before the
  /// request fails with ``TTNetworkError/Code-swift.struct/timedOut``; default `nil` = the
  /// queue's ``TTURLRequestQueue/defaultTimeout`` (60 seconds unless changed).
  ///
  /// This is the idle timeout: a server that sends one byte now and then never reaches it.
  /// ``totalTimeoutInterval`` bounds the whole load.
  public var timeoutInterval: TimeInterval? {
    get { read { $0.timeoutInterval } }
    set { state.withLock { $0.timeoutInterval = newValue } }
  }

  /// The longest the whole transfer may take, however steadily the server sends, before the
  /// request fails with ``TTNetworkError/Code-swift.struct/timedOut``; default `nil` = the
  /// queue's ``TTURLRequestQueue/defaultTotalTimeout`` (300 seconds unless changed).
  ///
  /// It counts from the moment the transfer starts (not while the request waits for a free
  /// slot in the queue) to the end of the body, retries and redirects included, so a server
  /// trickling a byte every half second cannot hold the request forever. `0` (or any value
  /// that is not positive and finite) means no total limit. The error's message says which
  /// timeout fired.
  ///
  /// ```swift
  /// let download = TTURLRequest(url: "https://example.com/big.iso")
  /// download.totalTimeoutInterval = 3600   // an hour for this one
  /// ```
  public var totalTimeoutInterval: TimeInterval? {
    get { read { $0.totalTimeoutInterval } }
    set { state.withLock { $0.totalTimeoutInterval = newValue } }
  }

  /// The largest response body this request accepts, in bytes after decompression; default
  /// `nil` = the queue's ``TTURLRequestQueue/maxContentLength`` (100,000,000 unless changed).
  ///
  /// A `Content-Length` above it is refused before the body is read; any other body is stopped
  /// as soon as it grows past it, counting what the processor, ``onData`` or
  /// ``downloadDestination`` would receive (so a small compressed body that inflates to
  /// gigabytes is stopped too). The request then fails with
  /// ``TTNetworkError/Code-swift.struct/tooLarge``. `0` means no limit, for a download you
  /// trust; negative values count as `0`.
  ///
  /// ```swift
  /// let thumbnail = TTURLRequest(url: "https://example.com/thumb.png")
  /// thumbnail.maxContentLength = 2_000_000   // lower for this one
  /// ```
  public var maxContentLength: Int64? {
    get { read { $0.maxContentLength } }
    set { state.withLock { $0.maxContentLength = newValue.map { max(0, $0) } } }
  }

  /// Anything the caller wants to keep with the request, for example a ``TTUserInfo``; default
  /// `nil`.
  public var userInfo: (any Sendable)? {
    get { read { $0.userInfo } }
    set { state.withLock { $0.userInfo = newValue } }
  }

  /// The processor used by ``start(on:)`` and ``send(on:)``; default ``TTURLDataResponse``.
  public var response: any TTURLResponse {
    get { read { $0.response } }
    set { state.withLock { $0.response = newValue } }
  }

  /// Receives the body in pieces as it arrives, instead of it being collected; default `nil`.
  ///
  /// Use it for bodies too large to hold in memory. The closure is called one piece at a time,
  /// in order, on one of the queue's processing threads (never on its network thread, so a slow
  /// closure holds up no other request); it has seen every piece when `send` returns. While the
  /// closure is more than about a megabyte behind, the transfer pauses (the idle timeout does
  /// not count that time; ``totalTimeoutInterval`` does). Pieces still waiting when the request
  /// is cancelled are dropped. The result's
  /// ``TTURLResult/data`` is then empty, the processor sees empty data, the response is never
  /// cached, and identical GETs are not coalesced with it.
  public var onData: (@Sendable (Data) -> Void)? {
    get { read { $0.onData } }
    set { state.withLock { $0.onData = newValue } }
  }

  /// A file the body is written to as it arrives, instead of being collected; default `nil`.
  ///
  /// The body is written to a new file beside the destination (`.<name>.download-<random>`),
  /// which is renamed over the destination when the transfer succeeds with a 2xx status, so
  /// the destination is replaced in one step or not at all: a failed, cancelled or error-status
  /// download removes only its own file and leaves whatever was at the destination as it was.
  /// A destination that is a folder, FIFO, device or symbolic link is refused before the
  /// transfer starts (the request fails with ``TTNetworkError/Code-swift.struct/transport``
  /// and a message saying so). As with ``onData``, the result's data is empty and nothing is
  /// cached. When ``onData`` is set too, the body goes to it and the destination is left alone.
  public var downloadDestination: URL? {
    get { read { $0.downloadDestination } }
    set { state.withLock { $0.downloadDestination = newValue } }
  }

  // MARK: - Delegates

  /// The delegates still alive, in the order they were added.
  public var delegates: [any TTURLRequestDelegate] {
    state.withLock { $0.delegates.compactMap(\.value) }
  }

  /// Adds a delegate, held weakly; adding one twice has no effect.
  ///
  /// - Parameter delegate: The delegate.
  public func addDelegate(_ delegate: any TTURLRequestDelegate) {
    state.withLock { state in
      state.delegates.removeAll { $0.value == nil }
      if !state.delegates.contains(where: { $0.value === delegate }) {
        state.delegates.append(WeakDelegate(value: delegate))
      }
    }
  }

  /// Removes a delegate.
  ///
  /// - Parameter delegate: The delegate to remove.
  public func removeDelegate(_ delegate: any TTURLRequestDelegate) {
    state.withLock { state in
      state.delegates.removeAll { $0.value == nil || $0.value === delegate }
    }
  }

  // MARK: - Progress and outcome

  /// Whether the request is loading.
  public var isLoading: Bool { read { $0.isLoading } }

  /// Whether the last load was answered from the cache (a fresh entry, or a 304).
  public var respondedFromCache: Bool { read { $0.respondedFromCache } }

  /// The bytes of the body sent so far (Three20's name).
  public var totalBytesLoaded: Int64 { read { $0.totalBytesLoaded } }

  /// The size of the body being sent (Three20's name).
  public var totalBytesExpected: Int64 { read { $0.totalBytesExpected } }

  /// The bytes of the response received so far.
  public var totalBytesDownloaded: Int64 { read { $0.totalBytesDownloaded } }

  /// The response size the server announced, or 0 when it announced none.
  public var totalContentLength: Int64 { read { $0.totalContentLength } }

  /// When the last load finished, or for cached answers when the data was stored.
  public var timestamp: Date? { read { $0.timestamp } }

  /// How many times the last load went to the network (1 plus its retries); 0 for cached and
  /// local answers.
  public var attempts: Int { read { $0.attempts } }

  /// The outcome of the last successful load; `nil` before one and after a failure.
  public var result: TTURLResult? { read { $0.result } }

  /// The error of the last failed or cancelled load; `nil` after a success.
  public var error: TTNetworkError? { read { $0.error } }

  /// The processed value of the last successful load, if it is a `T`.
  ///
  /// - Parameter type: The type expected, for example `String.self`.
  /// - Returns: The value, or `nil` when there is none or it is of another type.
  public func value<T>(as type: T.Type) -> T? {
    state.withLock { $0.result?.value } as? T
  }

  // MARK: - Sending

  /// Loads the request and returns the value its ``response`` processor made.
  ///
  /// Cancelling the calling task cancels the request.
  ///
  /// - Parameter queue: The queue to load on; default ``TTURLRequestQueue/main``.
  /// - Returns: The processed value with the body and response information.
  /// - Throws: ``TTNetworkError``: for example ``TTNetworkError/Code-swift.struct/httpStatus``
  ///   with the server's body for a 404, ``TTNetworkError/Code-swift.struct/cancelled`` when
  ///   cancelled.
  @discardableResult
  public func send(on queue: TTURLRequestQueue = .main) async throws(TTNetworkError) -> TTURLResult {
    let loader = queue.makeLoader()
    return try await loader.load(self, anyProcessor: response).get()
  }

  /// Loads the request and returns the value `processor` makes of the body.
  ///
  /// ``response`` is not used or changed.
  ///
  /// ```swift
  /// let text = try await TTURLRequest(url: url).send(processingWith: TTURLStringResponse())
  /// ```
  ///
  /// - Parameters:
  ///   - processor: How to turn the body into a value.
  ///   - queue: The queue to load on; default ``TTURLRequestQueue/main``.
  /// - Returns: The processed value.
  /// - Throws: ``TTNetworkError``.
  public func send<Response: TTURLResponse>(
    processingWith processor: Response, on queue: TTURLRequestQueue = .main
  ) async throws(TTNetworkError) -> Response.Value {
    let loader = queue.makeLoader()
    return try await loader.load(self, processor: processor).get().value
  }

  /// Starts loading and returns at once; the outcome reaches the ``delegates`` (Three20's
  /// `send`).
  ///
  /// - Parameter queue: The queue to load on; default ``TTURLRequestQueue/main``.
  public func start(on queue: TTURLRequestQueue = .main) {
    let loader = queue.makeLoader()
    let processor = response
    Task { _ = await loader.load(self, anyProcessor: processor) }
  }

  /// Cancels the load, if one is running.
  ///
  /// The request fails with ``TTNetworkError/Code-swift.struct/cancelled`` and its delegates get
  /// ``TTURLRequestDelegate/requestDidCancelLoad(_:)``. Other requests sharing the same transfer
  /// (identical GETs) keep loading.
  public func cancel() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      guard state.isLoading else { return nil }
      state.cancelRequested = true
      return state.cancelAction
    }
    action?()
  }
}

// MARK: - Internal

extension TTURLRequest {
  /// What the request sends, read once under the lock at the start of a load.
  struct Snapshot: Sendable {
    var url: String
    var method: String
    var headers: [String: String]
    var body: Data?
    var cachePolicy: TTURLRequestCachePolicy
    var cacheExpirationAge: TimeInterval
    /// The key set explicitly, if any.
    var explicitCacheKey: String?
    var timeoutInterval: TimeInterval?
    var totalTimeoutInterval: TimeInterval?
    var maxContentLength: Int64?
    var shouldHandleCookies: Bool
    var onData: (@Sendable (Data) -> Void)?
    var downloadDestination: URL?

    /// The cache key (computed: hashing is only worth paying for when a cache is used).
    var cacheKey: String {
      explicitCacheKey ?? TTURLRequest.derivedCacheKey(url: url, method: method, body: body)
    }
  }

  /// `TTURLCache`'s key: of the URL, and for POST and PUT of the method, URL and body.
  static func derivedCacheKey(url: String, method: String, body: Data?) -> String {
    guard method == "POST" || method == "PUT" else { return TTURLCache.key(url: url) }
    return TTURLCache.key(url: url, method: method, body: body)
  }

  /// Builds the body and its content type from the explicit body or the parameters.
  func makeBody() -> (body: Data?, contentType: String?) {
    let parts = state.withLock { state in
      (
        state.httpBody, state.contentType, state.httpMethod.uppercased(), state.parameters,
        state.files, state.isMultipartForm
      )
    }
    let (explicit, contentType, method, parameters, files, multipart) = parts
    if let explicit { return (explicit, contentType) }
    guard method == "POST" || method == "PUT" || method == "PATCH" else { return (nil, contentType) }
    if multipart || !files.isEmpty {
      let (body, boundary) = TTRequestBodyEncoder.multipart(parameters, files: files)
      return (body, contentType ?? "multipart/form-data; boundary=\(boundary)")
    }
    return (
      TTRequestBodyEncoder.formURLEncoded(parameters),
      contentType ?? "application/x-www-form-urlencoded"
    )
  }

  /// Marks the request loading; returns `false` when it already was.
  func beginLoading() -> Bool {
    state.withLock { state in
      guard !state.isLoading else { return false }
      state.isLoading = true
      state.cancelRequested = false
      state.cancelAction = nil
      state.respondedFromCache = false
      state.totalBytesLoaded = 0
      state.totalBytesExpected = 0
      state.totalBytesDownloaded = 0
      state.totalContentLength = 0
      state.attempts = 0
      state.lastUploadNotice = 0
      state.lastDownloadNotice = 0
      return true
    }
  }

  /// Reads what to send.
  func makeSnapshot() -> Snapshot {
    let (body, contentType) = makeBody()
    return state.withLock { state in
      var headers = state.headers
      if let contentType, !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
        headers["Content-Type"] = contentType
      }
      return Snapshot(
        url: state.urlPath, method: state.httpMethod.uppercased(), headers: headers, body: body,
        cachePolicy: state.cachePolicy, cacheExpirationAge: state.cacheExpirationAge,
        explicitCacheKey: state.explicitCacheKey, timeoutInterval: state.timeoutInterval,
        totalTimeoutInterval: state.totalTimeoutInterval, maxContentLength: state.maxContentLength,
        shouldHandleCookies: state.shouldHandleCookies, onData: state.onData,
        downloadDestination: state.downloadDestination)
    }
  }

  /// Whether a cancel arrived during the load.
  var isCancelRequested: Bool { read { $0.cancelRequested } }

  /// Records how to stop the current step of the load; returns `true` when a cancel already
  /// arrived (the caller then runs `action` itself).
  func attach(cancel action: (@Sendable () -> Void)?) -> Bool {
    state.withLock { state in
      state.cancelAction = action
      return state.cancelRequested
    }
  }

  /// Ends the load and records its outcome.
  func finishLoading(result: TTURLResult?, error: TTNetworkError?, timestamp: Date?) {
    state.withLock { state in
      state.isLoading = false
      state.cancelAction = nil
      state.result = result
      state.error = error
      state.respondedFromCache = result?.respondedFromCache ?? false
      state.timestamp = timestamp
      if let result {
        let length = Int64(result.data.count)
        state.totalBytesDownloaded = max(state.totalBytesDownloaded, length)
      }
    }
  }

  /// Counts one more trip to the network.
  func countAttempt() {
    state.withLock { $0.attempts += 1 }
  }

  /// Whether any delegate is alive (so notifications are worth posting).
  var hasDelegates: Bool {
    state.withLock { state in state.delegates.contains { $0.value != nil } }
  }

  /// Calls `body` for each delegate on the main actor, in the order notifications were posted.
  func notifyDelegates(_ body: @escaping @MainActor @Sendable (any TTURLRequestDelegate) -> Void) {
    guard hasDelegates else { return }
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        for delegate in self.delegates { body(delegate) }
      }
    }
  }

  /// Records download progress and, at most every 50 ms or at the announced end, tells the
  /// delegates.
  func reportDownload(received: Int64, expected: Int64, now: UInt64) {
    let notify = state.withLock { state -> Bool in
      state.totalBytesDownloaded = received
      state.totalContentLength = max(0, expected)
      guard state.delegates.contains(where: { $0.value != nil }),
        received == expected || now &- state.lastDownloadNotice >= 50_000_000
      else { return false }
      state.lastDownloadNotice = now
      return true
    }
    if notify {
      notifyDelegates {
        $0.requestDidDownloadData(self, bytesReceived: received, totalBytesExpected: expected)
      }
    }
  }

  /// Records upload progress and, at most every 50 ms or at the end, tells the delegates.
  func reportUpload(sent: Int64, expected: Int64, now: UInt64) {
    let notify = state.withLock { state -> Bool in
      state.totalBytesLoaded = sent
      state.totalBytesExpected = expected
      guard state.delegates.contains(where: { $0.value != nil }),
        sent == expected || now &- state.lastUploadNotice >= 50_000_000
      else { return false }
      state.lastUploadNotice = now
      return true
    }
    if notify {
      notifyDelegates { $0.requestDidUploadData(self, bytesSent: sent, totalBytesExpected: expected) }
    }
  }

  /// Whether a delegate or user info's weak reference is `object`.
  func refers(to object: AnyObject) -> Bool {
    state.withLock { state in
      if state.delegates.contains(where: { $0.value === object }) { return true }
      if let info = state.userInfo as? TTUserInfo, let weak = info.weakRef, weak === object { return true }
      return false
    }
  }
}
