public import Foundation
public import Three20Core

/// A model whose content comes from URL requests: Three20's `TTURLRequestModel`, typed by the
/// processor that turns each response into a value.
///
/// Subclass it for one kind of response: say how to build the request for the first or the next
/// page in ``makeRequest(more:)``, and fold each processed value into your content in
/// ``didReceive(_:from:more:)``. The model does the rest: it sends the request on its
/// ``queue`` (whose ``TTURLRequestQueue/cache`` answers what it can), reports
/// `TTModelDelegate` events and `TTModel.events()` in the order `TTBaseModel` defines,
/// keeps ``loadedTime`` and ``cacheKey``, follows ``downloadProgress``, and cancels and
/// invalidates.
///
/// ```swift
/// struct Page: Decodable, Sendable { var items: [String] }
///
/// final class ItemsModel: TTURLRequestModel<TTURLJSONResponse<Page>> {
///   private(set) var items: [String] = []
///   let url: String
///
///   init(url: String, queue: TTURLRequestQueue = .main) {
///     self.url = url
///     super.init(processor: TTURLJSONResponse(), queue: queue)
///   }
///
///   override func makeRequest(more: Bool) -> TTURLRequest? {
///     TTURLRequest(url: "\(url)?offset=\(more ? items.count : 0)")
///   }
///
///   override func didReceive(_ page: Page, from result: TTURLResult, more: Bool) throws {
///     items = more ? items + page.items : page.items
///     hasNoMore = page.items.isEmpty
///   }
/// }
///
/// let model = ItemsModel(url: "https://example.com/items")
/// model.addDelegate(controller)
/// model.load(.default, more: false)   // controller hears modelDidStartLoad, then modelDidFinishLoad
/// ```
///
/// ## One load
///
/// ``load(_:more:)`` asks ``makeRequest(more:)`` for a request, sets its
/// ``TTURLRequest/cachePolicy`` to the policy given, reports `TTBaseModel.didStartLoad(more:)`
/// at once — also when the cache will answer, because a finish without a start is ignored —
/// and sends it. Then exactly one of these follows:
///
/// - The processor succeeded: ``didReceive(_:from:more:)`` runs, then the model reports
///   `TTBaseModel.didFinishLoad()`. For a first page (`more == false`) ``loadedTime`` becomes
///   the request's ``TTURLRequest/timestamp`` (for a cached answer: when the data was stored) and
///   ``cacheKey`` its ``TTURLRequest/cacheKey``. Then ``checkOutdated(now:)`` runs, so data
///   served from the cache that is older than ``invalidationAge`` is reported outdated at once
///   (an extra `TTModelEvent.didChange`).
/// - The request failed, or ``didReceive(_:from:more:)`` threw: the model reports
///   `TTBaseModel.didFailLoad(with:)` with the ``TTNetworkError`` (or your error); the state
///   becomes `idle(error:)` without content, `loaded(outdated:error:)` with content. A response
///   your ``didReceive(_:from:more:)`` rejected is removed from the queue's cache, so the next
///   load asks the server again.
/// - ``cancel()`` was called: the request is cancelled and `TTBaseModel.didCancelLoad()` is
///   reported at once; the outcome of the request is ignored.
///
/// A model that is loading ignores further ``load(_:more:)`` calls, as does one asked for
/// `more` when ``hasNoMore`` is `true`.
///
/// ## Outdated content
///
/// `TTModelState` keeps the outdated flag, and `TTModel.isOutdated` reads it. Three20
/// computed it from the time instead: content loaded longer ago than the cache's
/// ``TTURLCache/invalidationAge`` was outdated. Here time becomes state when asked:
/// ``checkOutdated(now:)`` marks the content outdated (through ``invalidate(erase:)``) once
/// ``loadedTime`` is older than ``invalidationAge``. The model asks after every load; a
/// controller asks again when it comes back on screen, and reloads with
/// `load(.network, more: false)` when the answer is `true`, as Three20's controllers did.
open class TTURLRequestModel<Response: TTURLResponse>: TTBaseModel {
  /// The queue requests are sent on; its ``TTURLRequestQueue/cache`` is the one
  /// ``invalidate(erase:)`` invalidates.
  public let queue: TTURLRequestQueue

  /// The processor that turns each response into the value ``didReceive(_:from:more:)`` gets.
  public let processor: Response

  /// When the content was loaded: the first page's ``TTURLRequest/timestamp``, which for an
  /// answer from the cache is when the data was stored or last revalidated; `nil` before the
  /// first load and after erasing.
  ///
  /// Loading the next page leaves it alone, as in Three20.
  public var loadedTime: Date?

  /// The cache key of the first page's request, used by ``invalidate(erase:)``; `nil` before the
  /// first load and after erasing.
  public var cacheKey: String?

  /// Whether the last page has been loaded; set it in ``didReceive(_:from:more:)``.
  ///
  /// It goes back to `false` before each first-page response reaches
  /// ``didReceive(_:from:more:)``, and while it is `true` a `load(_:more: true)` does nothing.
  /// A table shows its "load more" row while it is `false`.
  public var hasNoMore = false

  /// How much of the current or last response has arrived, from 0 to 1; `nil` before the first
  /// load.
  ///
  /// It is 0 when a load starts, grows as the body arrives when the server announced its size
  /// (it stays at 0 otherwise), never goes down during a load, and is 1 once a load has
  /// finished. A failed or cancelled load leaves it where it was.
  /// ``downloadProgressDidChange()`` runs after every change.
  public private(set) var downloadProgress: Double?

  private var loadingRequest: TTURLRequest?
  private var task: Task<Void, Never>?
  private var generation = 0
  private var observer: TTModelRequestObserver?

  /// Creates a model with nothing loaded (`.idle(error: nil)`).
  ///
  /// - Parameters:
  ///   - processor: How responses become values, for example `TTURLJSONResponse<Feed>()`.
  ///   - queue: The queue to send requests on; default ``TTURLRequestQueue/main``.
  public init(processor: Response, queue: TTURLRequestQueue = .main) {
    self.processor = processor
    self.queue = queue
    super.init(state: .idle(error: nil))
  }

  isolated deinit {
    task?.cancel()
    loadingRequest?.cancel()
  }

  // MARK: - For subclasses

  /// The request for the first page (`more == false`) or the next one; `nil` to load nothing.
  ///
  /// The default returns `nil`. The model sets the request's ``TTURLRequest/cachePolicy`` to the
  /// policy given to ``load(_:more:)``; set anything else here (headers, method,
  /// ``TTURLRequest/cacheExpirationAge``, parameters).
  ///
  /// - Parameter more: `true` for the page after the current content.
  /// - Returns: The request to send.
  open func makeRequest(more: Bool) -> TTURLRequest? {
    nil
  }

  /// Folds a processed response into the model's content; the default does nothing.
  ///
  /// Runs on the main actor before `TTBaseModel.didFinishLoad()` is reported. Replace the
  /// content for a first page, append for the next, and set ``hasNoMore``. Throwing fails the
  /// load with your error and removes the response from the queue's cache.
  ///
  /// - Parameters:
  ///   - value: What ``processor`` made of the body.
  ///   - result: The body, the response information and whether it came from the cache.
  ///   - more: `true` when this is the page after the current content.
  /// - Throws: Any error that should fail the load.
  open func didReceive(_ value: Response.Value, from result: TTURLResult, more: Bool) throws {}

  /// Called on the main actor after ``downloadProgress`` changed; the default does nothing.
  open func downloadProgressDidChange() {}

  /// How old ``loadedTime`` may get before ``checkOutdated(now:)`` calls the content outdated:
  /// the ``TTURLCache/invalidationAge`` of the queue's cache, or one day without a cache.
  open var invalidationAge: TimeInterval {
    queue.cache?.invalidationAge ?? TTTimeInterval.day
  }

  // MARK: - TTModel

  /// Builds a request with ``makeRequest(more:)`` and loads it (see "One load" above).
  ///
  /// Does nothing while a load is in flight, when `more` is `true` and ``hasNoMore`` is `true`,
  /// or when ``makeRequest(more:)`` returns `nil`. Without content, `more` is treated as
  /// `false`.
  ///
  /// - Parameters:
  ///   - policy: The cache policy for the request: `TTURLRequestCachePolicy.default` lets the
  ///     cache answer, `TTURLRequestCachePolicy.network` forces a reload.
  ///   - more: `true` to load the page after the current content.
  open override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    let more = more && state.hasContent
    if more && hasNoMore { return }
    guard let request = makeRequest(more: more) else { return }
    request.cachePolicy = policy
    generation &+= 1
    let token = generation
    loadingRequest = request
    let observer = TTModelRequestObserver { [weak self] request, received, expected in
      self?.requestDidDownload(request, received: received, expected: expected)
    }
    self.observer = observer
    request.addDelegate(observer)
    setProgress(0, growOnly: false)
    didStartLoad(more: more)
    let processor = self.processor
    let queue = self.queue
    task = Task { [weak self] in
      let outcome: Result<Response.Value, TTNetworkError>
      do throws(TTNetworkError) {
        outcome = .success(try await request.send(processingWith: processor, on: queue))
      } catch {
        outcome = .failure(error)
      }
      self?.complete(outcome, request: request, more: more, token: token)
    }
  }

  /// Cancels the load in flight.
  ///
  /// Its request is cancelled and `TTBaseModel.didCancelLoad()` is reported at once; the
  /// request's outcome is ignored. Does nothing when nothing is loading.
  open override func cancel() {
    if let request = loadingRequest {
      generation &+= 1
      endLoad(request)
      request.cancel()
    }
    super.cancel()
  }

  /// Marks the content outdated, or drops it, and does the same to the cached response.
  ///
  /// With ``cacheKey`` and a queue that has a ``TTURLRequestQueue/cache``: `erase == false`
  /// invalidates the entry (``TTURLCache/invalidate(key:)``: kept, but revalidated before it is
  /// used again), `erase == true` removes it. Erasing also clears ``cacheKey``, ``loadedTime``
  /// and ``hasNoMore``; override this method to drop your content when `erase` is `true`, then
  /// call `super`. A load in flight continues.
  ///
  /// - Parameter erase: `true` to drop the content and the cached response.
  open override func invalidate(erase: Bool) {
    if let cacheKey, let cache = queue.cache {
      if erase {
        cache.remove(key: cacheKey)
      } else {
        cache.invalidate(key: cacheKey)
      }
    }
    if erase {
      cacheKey = nil
      loadedTime = nil
      hasNoMore = false
    }
    super.invalidate(erase: erase)
  }

  /// Marks the content outdated when it was loaded longer than ``invalidationAge`` ago.
  ///
  /// Three20's `isOutdated` compared the times on every read; here the comparison turns into
  /// state: when ``loadedTime`` is older than ``invalidationAge`` and the content is not yet
  /// outdated, ``invalidate(erase:)`` runs with `erase: false` (observers hear
  /// `TTModelEvent.didChange`).
  ///
  /// ```swift
  /// // in a controller that comes back on screen
  /// if model.checkOutdated() { model.load(.network, more: false) }
  /// ```
  ///
  /// - Parameter now: The current time; default now.
  /// - Returns: `TTModel.isOutdated` afterwards.
  @discardableResult
  public func checkOutdated(now: Date = Date()) -> Bool {
    if state.hasContent, !state.isOutdated, let loadedTime,
      now.timeIntervalSince(loadedTime) > invalidationAge
    {
      invalidate(erase: false)
    }
    return state.isOutdated
  }

  // MARK: - Private

  private func complete(
    _ outcome: Result<Response.Value, TTNetworkError>, request: TTURLRequest, more: Bool, token: Int
  ) {
    guard token == generation else { return }
    endLoad(request)
    switch outcome {
    case .success(let value):
      let result =
        request.result
        ?? TTURLResult(
          value: value, data: Data(), info: TTURLResponseInfo(url: request.urlPath, statusCode: 200),
          respondedFromCache: request.respondedFromCache)
      do {
        if !more { hasNoMore = false }
        try didReceive(value, from: result, more: more)
      } catch {
        queue.cache?.remove(key: request.cacheKey)
        didFailLoad(with: error)
        return
      }
      if !more {
        loadedTime = request.timestamp ?? Date()
        cacheKey = request.cacheKey
      }
      setProgress(1, growOnly: true)
      didFinishLoad()
      checkOutdated()
    case .failure(let error) where error.code == .cancelled:
      didCancelLoad()
    case .failure(let error):
      didFailLoad(with: error)
    }
  }

  /// Forgets the request of the load that ended.
  private func endLoad(_ request: TTURLRequest) {
    if let observer { request.removeDelegate(observer) }
    observer = nil
    loadingRequest = nil
    task?.cancel()
    task = nil
  }

  private func requestDidDownload(_ request: TTURLRequest, received: Int64, expected: Int64) {
    guard request === loadingRequest, expected > 0 else { return }
    setProgress(min(1, max(0, Double(received) / Double(expected))), growOnly: true)
  }

  private func setProgress(_ value: Double, growOnly: Bool) {
    if growOnly, let current = downloadProgress, current >= value { return }
    guard downloadProgress != value else { return }
    downloadProgress = value
    downloadProgressDidChange()
  }
}

/// Hears a model's request's download progress and passes it on.
@MainActor
private final class TTModelRequestObserver: TTURLRequestDelegate {
  let onDownload: @MainActor (TTURLRequest, Int64, Int64) -> Void

  init(onDownload: @escaping @MainActor (TTURLRequest, Int64, Int64) -> Void) {
    self.onDownload = onDownload
  }

  func requestDidDownloadData(_ request: TTURLRequest, bytesReceived: Int64, totalBytesExpected: Int64) {
    onDownload(request, bytesReceived, totalBytesExpected)
  }
}
