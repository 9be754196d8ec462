import Synchronization
import Three20Core
public import Three20Network
public import Three20Style

/// Loads images through the request queue and the URL cache, and hands drawing their pictures:
/// the image provider that makes Style, Table and every view show real images.
///
/// Install it once at start-up; from then on every `TTImageLook` with a URL — in a
/// `TTImageStyle`, a table cell, a ``TTImageView`` — is loaded and drawn as a picture where the
/// terminal can show one, and as its alternate text where it cannot.
///
/// ```swift
/// TTImageProvider.install()   // TTImageProvider.shared becomes TTGlobalImageProvider.current
/// ```
///
/// How it works, step by step:
/// 1. Drawing asks for the picture of a URL at a size in cells
///    (``picture(for:fitting:)``). A picture in the ``cache`` is drawn at once.
/// 2. Otherwise a load starts — one per URL and size, however often drawing asks — and drawing
///    shows the alternate text meanwhile. The request goes through ``queue`` (and so through
///    its URL cache on disk, and local `file://`, `bundle://`, `data:` URLs); the bytes are
///    decoded, fitted and scaled on the queue's processing threads (``TTURLImageResponse``).
/// 3. The picture is stored in the cache and `TTGlobalImageProvider.noteChange()` is called,
///    so the terminal host draws the screen again and the picture appears.
/// 4. A load that fails is remembered with its reason (``failure(for:)``), so drawing shows the
///    error instead of retrying on every frame; ``retry(_:)`` or ``forgetFailures()`` clear it.
///
/// At most ``maxPendingLoads`` loads wait at once: scrolling through a long table cancels the
/// oldest loads of rows that went by, so memory and requests stay bounded. A response body
/// larger than ``limits``' `maxBytes` is refused while it downloads.
public final class TTImageProvider: TTImageProviding {
  private struct Pending {
    let request: TTURLRequest
    let task: Task<Result<TTImagePicture, TTImageError>, Never>
  }

  private struct State {
    var pending: [String: Pending] = [:]
    var order: [String] = []
    var failures: [String: TTImageError] = [:]
    var failureOrder: [String] = []
  }

  /// The provider ``install(_:)`` installs by default: the main queue and the shared cache.
  public static let shared = TTImageProvider()

  /// The queue images load through.
  public let queue: TTURLRequestQueue
  /// The pictures made so far.
  public let cache: TTImageCache
  /// What an image may take.
  public let limits: TTImageLimits
  /// The most loads waiting at once; the oldest is cancelled beyond it.
  ///
  /// 64 by default.
  public let maxPendingLoads: Int

  private let state = Mutex(State())
  private static let maxRememberedFailures = 1_000

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - queue: The queue images load through; `TTURLRequestQueue.main` by default.
  ///   - cache: Where pictures are kept; ``TTImageCache/shared`` by default.
  ///   - limits: What an image may take; the defaults by default.
  ///   - maxPendingLoads: The most loads waiting at once; 64 by default.
  public init(
    queue: TTURLRequestQueue = .main, cache: TTImageCache = .shared, limits: TTImageLimits = TTImageLimits(),
    maxPendingLoads: Int = 64
  ) {
    self.queue = queue
    self.cache = cache
    self.limits = limits
    self.maxPendingLoads = max(1, maxPendingLoads)
  }

  /// Makes a provider the one drawing uses.
  ///
  /// - Parameter provider: The provider; ``shared`` by default.
  public static func install(_ provider: TTImageProvider = .shared) {
    TTGlobalImageProvider.current = provider
  }

  /// The picture for an image at a size, or why there is none yet; starts loading it.
  ///
  /// - Parameters:
  ///   - look: The image's URL and content mode.
  ///   - size: The cells it has.
  /// - Returns: The picture, `TTImageDrawState.loading`, or the reason it failed.
  public func picture(for look: TTImageLook, fitting size: TTSize) -> TTImageDrawState {
    guard let url = look.url, !url.isEmpty else { return .failed("The image has no URL.") }
    let key = TTImageCache.Key(url: url, cells: size, contentMode: look.contentMode)
    if let picture = cache.picture(for: key) { return .ready(picture) }
    if let failure = failure(for: url) { return .failed(failure.description) }
    startLoading(key)
    return .loading
  }

  /// Loads the picture for an image at a size and waits for it.
  ///
  /// A picture already made comes from the cache at once; a load already running is not
  /// started twice for the same URL and size.
  ///
  /// - Parameters:
  ///   - url: The image's URL.
  ///   - size: The cells it has.
  ///   - contentMode: How it fits; fitted inside by default.
  /// - Returns: The picture.
  /// - Throws: ``TTImageError``; ``TTImageError/Code/loadFailed`` when the request failed.
  public func load(
    _ url: String, fitting size: TTSize, contentMode: TTImageLook.ContentMode = .scaleAspectFit
  ) async throws(TTImageError) -> TTImagePicture {
    let key = TTImageCache.Key(url: url, cells: size, contentMode: contentMode)
    if let picture = cache.picture(for: key) { return picture }
    return try await startLoading(key).value.get()
  }

  /// The reason an image's last load failed, if it did and has not been retried.
  ///
  /// - Parameter url: The image's URL.
  /// - Returns: The error, or `nil`.
  public func failure(for url: String) -> TTImageError? {
    state.withLock { $0.failures[url] }
  }

  /// Forgets that an image failed, so the next drawing loads it again.
  ///
  /// - Parameter url: The image's URL.
  public func retry(_ url: String) {
    state.withLock { state in
      state.failures[url] = nil
      state.failureOrder.removeAll { $0 == url }
    }
    TTGlobalImageProvider.noteChange()
  }

  /// Forgets every failure.
  public func forgetFailures() {
    state.withLock { state in
      state.failures.removeAll()
      state.failureOrder.removeAll()
    }
    TTGlobalImageProvider.noteChange()
  }

  /// How many loads are waiting or running.
  public var pendingLoadCount: Int { state.withLock { $0.pending.count } }

  // MARK: - Loading

  /// The load of a key: the one already waiting or running, or a new one.
  @discardableResult
  private func startLoading(_ key: TTImageCache.Key) -> Task<Result<TTImagePicture, TTImageError>, Never> {
    let name = key.description
    let (pending, cancelled) = state.withLock { state -> (Pending, [TTURLRequest]) in
      if let running = state.pending[name] { return (running, []) }
      let request = TTURLRequest(url: key.url)
      // The transfer stops at the decoder's byte limit instead of downloading a larger body first.
      request.maxContentLength = Int64(limits.maxBytes)
      let task = Task { [self] () -> Result<TTImagePicture, TTImageError> in
        do throws(TTImageError) {
          return .success(try await run(request, key: key))
        } catch {
          return .failure(error)
        }
      }
      let made = Pending(request: request, task: task)
      state.pending[name] = made
      state.order.append(name)
      var dropped: [TTURLRequest] = []
      while state.order.count > maxPendingLoads {
        let oldest = state.order.removeFirst()
        if let old = state.pending.removeValue(forKey: oldest) { dropped.append(old.request) }
      }
      return (made, dropped)
    }
    for old in cancelled { old.cancel() }
    return pending.task
  }

  private func run(
    _ request: TTURLRequest, key: TTImageCache.Key
  ) async throws(TTImageError) -> TTImagePicture {
    let processor = TTURLImageResponse(
      cells: key.cells, contentMode: key.contentMode, cellPixelSize: key.cellPixelSize, limits: limits)
    let name = key.description
    do {
      let picture = try await request.send(processingWith: processor, on: queue)
      cache.store(picture, for: key)
      finish(name, request)
      return picture
    } catch {
      let failure = Self.imageError(error, url: key.url)
      // A load cancelled because it fell out of the window is not a failure of the image.
      if error.code != .cancelled { remember(failure, for: key.url) }
      finish(name, request)
      throw failure
    }
  }

  private func finish(_ name: String, _ request: TTURLRequest) {
    state.withLock { state in
      // A newer load of the same key may have taken the place of a cancelled one.
      guard state.pending[name]?.request === request else { return }
      state.pending[name] = nil
      state.order.removeAll { $0 == name }
    }
    TTGlobalImageProvider.noteChange()
  }

  private func remember(_ failure: TTImageError, for url: String) {
    state.withLock { state in
      if state.failures.updateValue(failure, forKey: url) == nil { state.failureOrder.append(url) }
      while state.failureOrder.count > Self.maxRememberedFailures {
        state.failures[state.failureOrder.removeFirst()] = nil
      }
    }
  }

  /// The image error inside a failed request, or a load failure that says what happened.
  static func imageError(_ error: TTNetworkError, url: String) -> TTImageError {
    if let image = error.underlying as? TTImageError { return image }
    return TTImageError(
      .loadFailed, "could not be loaded: \(error.message) Check the address, or retry later.", source: url)
  }
}
