import Foundation
import Three20Core

/// Runs one load of a request: URL checks, local schemes, the cache, the network, processing,
/// and the delegate calls.
///
/// It holds the queue's engine and settings but not the queue, so a queue released while
/// requests are in flight is really released (and its requests are cancelled).
struct TTRequestLoader: Sendable {
  /// The queue's settings at the time the load began.
  struct Settings: Sendable {
    var defaultTimeout: TimeInterval
    var defaultTotalTimeout: TimeInterval
    var maxContentLength: Int64
    var maxDecompressionRatio: Int
    var maxRedirects: Int
    var maxRetries: Int
    var retryDelay: TimeInterval
    var userAgent: String?
    var bundleDirectory: URL
    var documentsDirectory: URL
    var cache: (any TTRequestCaching)?
  }

  let engine: TTCurlEngine
  let settings: Settings

  /// Methods whose responses use the cache (POST and PUT keyed by their bodies, as in Three20).
  static let cachedMethods: Set<String> = ["GET", "POST", "PUT"]
  /// Methods retried after connection failures.
  static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

  /// Loads `request` and processes the body with `processor`.
  func load<Response: TTURLResponse>(
    _ request: TTURLRequest, processor: Response
  ) async -> Result<(value: Response.Value, result: TTURLResult), TTNetworkError> {
    guard request.beginLoading() else {
      return .failure(
        TTNetworkError(
          .alreadyLoading,
          "The request for \(escapedInput(request.urlPath)) is already loading; wait for it to finish or "
            + "cancel it before sending it again.", url: request.urlPath))
    }
    engine.register(request)
    let outcome = await run(request, processor: processor)
    engine.unregister(request)
    switch outcome {
    case .success(let (value, result, timestamp)):
      request.finishLoading(result: result, error: nil, timestamp: timestamp)
      request.notifyDelegates { $0.requestDidFinishLoad(request) }
      return .success((value, result))
    case .failure(let error):
      request.finishLoading(result: nil, error: error, timestamp: Date())
      if error.code == .cancelled {
        request.notifyDelegates { $0.requestDidCancelLoad(request) }
      } else {
        request.notifyDelegates { $0.request(request, didFailLoadWith: error) }
      }
      return .failure(error)
    }
  }

  /// Loads `request` with a processor whose type is not known statically.
  func load(
    _ request: TTURLRequest, anyProcessor: any TTURLResponse
  ) async -> Result<
    TTURLResult, TTNetworkError
  > {
    func open<Response: TTURLResponse>(_ processor: Response) async -> Result<TTURLResult, TTNetworkError> {
      await load(request, processor: processor).map { $0.result }
    }
    return await open(anyProcessor)
  }

  private typealias Outcome<Value> = Result<(Value, TTURLResult, Date), TTNetworkError>

  private func run<Response: TTURLResponse>(
    _ request: TTURLRequest, processor: Response
  ) async -> Outcome<Response.Value> {
    let snapshot = request.makeSnapshot()
    let url = Self.trimmed(snapshot.url)
    guard !url.isEmpty else {
      return .failure(
        TTNetworkError(
          .badURL,
          "The request's URL is empty (\(quotedInput(snapshot.url))); set urlPath to an http(s), file, "
            + "data, bundle or documents URL.", url: snapshot.url))
    }
    guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else {
      return .failure(
        TTNetworkError(
          .badURL,
          "The URL \(quotedInput(snapshot.url)) has no scheme; write for example https://\(escapedInput(url)).",
          url: snapshot.url))
    }
    let scheme = url[..<colon].lowercased()
    if Task.isCancelled || request.isCancelRequested { return cancelled(url) }

    let limit = Self.contentLimit(request: snapshot.maxContentLength, queue: settings.maxContentLength)
    if TTLocalURLLoader.schemes.contains(scheme) {
      let loaded = TTLocalURLLoader.load(
        url, scheme: scheme, bundleDirectory: settings.bundleDirectory,
        documentsDirectory: settings.documentsDirectory, maxLength: limit.bytes, limitSource: limit.source)
      switch loaded {
      case .failure(let error): return .failure(error)
      case .success(let response):
        return await process(response, with: processor, fromCache: false, for: request).map {
          ($0.0, $0.1, Date())
        }
      }
    }
    guard scheme == "http" || scheme == "https" else {
      return .failure(
        TTNetworkError(
          .unsupportedURL,
          "The URL \(quotedInput(snapshot.url)) uses the scheme \"\(scheme)\"; only http, https, file, data, "
            + "bundle and documents URLs can be loaded.", url: snapshot.url))
    }

    // The cache, before the network.
    let policy = snapshot.cachePolicy
    let cache = Self.cachedMethods.contains(snapshot.method) ? settings.cache : nil
    let revalidateAlways = policy.rawValue & 16 != 0
    let cacheKey = cache == nil ? "" : snapshot.cacheKey
    var cached: TTRequestCacheEntry?
    if let cache, !policy.isDisjoint(with: [.memory, .disk]),
      let found = cache.lookup(
        key: cacheKey, url: url, policy: policy, expirationAge: snapshot.cacheExpirationAge,
        requestHeaders: snapshot.headers)
    {
      cached = found.entry
      if found.isFresh, !revalidateAlways {
        if case .success(let (value, result)) = await process(
          Self.info(for: found.entry, url: found.entry.url ?? url), found.entry.data, with: processor,
          fromCache: true,
          for: request)
        {
          return .success((value, result, found.entry.timestamp))
        }
        if request.isCancelRequested { return cancelled(url) }
      }
    }
    guard policy.contains(.network) || revalidateAlways else {
      return .failure(
        TTNetworkError(
          .notCached,
          "Nothing fresh is cached for \(escapedInput(url)) and its cache policy (raw \(policy.rawValue)) does not "
            + "allow the network; add .network to the policy.", url: url))
    }

    // The network.
    var headerLines = snapshot.headers.map {
      "\(TTRequestBodyEncoder.headerSafe($0.key)): \(TTRequestBodyEncoder.headerSafe($0.value))"
    }
    var conditional = ""
    if let entry = cached, !policy.contains(.noCache) {
      if let etag = entry.etag {
        headerLines.append("If-None-Match: \(TTRequestBodyEncoder.headerSafe(etag))")
        conditional += etag
      }
      if let modified = entry.lastModified {
        headerLines.append("If-Modified-Since: \(TTRequestBodyEncoder.headerSafe(modified))")
        conditional += "|" + modified
      }
    }
    if conditional.isEmpty { cached = nil }
    let streams = snapshot.onData != nil || snapshot.downloadDestination != nil
    let timeout = snapshot.timeoutInterval ?? settings.defaultTimeout
    let totalTimeout = Self.positive(snapshot.totalTimeoutInterval ?? settings.defaultTotalTimeout)
    let job = TTTransferJob(
      url: url, method: snapshot.method, headerLines: headerLines, body: snapshot.body,
      timeout: timeout, totalTimeout: totalTimeout, maxContentLength: limit.bytes,
      limitSource: limit.source, maxDecompressionRatio: max(0, settings.maxDecompressionRatio),
      maxRedirects: max(0, settings.maxRedirects),
      maxRetries: Self.idempotentMethods.contains(snapshot.method) ? max(0, settings.maxRetries) : 0,
      retryDelay: settings.retryDelay, userAgent: settings.userAgent,
      handleCookies: snapshot.shouldHandleCookies,
      // Requests share a transfer only when they would also share its limits.
      coalescingKey: snapshot.method == "GET" && !streams
        ? (snapshot.explicitCacheKey ?? "") + "\n" + url + "\n" + conditional + "\n"
          + "\(limit.bytes) \(timeout) \(totalTimeout)\n" + headerLines.sorted().joined(separator: "\n")
        : nil,
      hostKey: Self.hostKey(url), delivery: nil,
      // With onData the body goes to the closure; the destination is not touched.
      destination: snapshot.onData == nil ? snapshot.downloadDestination : nil)

    request.notifyDelegates { $0.requestDidStartLoad(request) }
    let transferred = await transfer(job, onData: snapshot.onData, for: request)
    let response: TTTransferResponse
    switch transferred {
    case .failure(let error): return .failure(error)
    case .success(let value): response = value
    }

    let status = response.info.statusCode
    if status == 304, let entry = cached, let cache {
      let refreshed = cache.refresh(key: cacheKey, url: url, headers: response.info.headers)
      var info = Self.info(for: refreshed ?? entry, url: response.info.url)
      if refreshed == nil || refreshed?.headers.isEmpty == true {
        info.headers += response.info.headers.filter { $0.name.lowercased() != "content-length" }
      }
      let timestamp = refreshed?.timestamp ?? Date()
      return await process(info, (refreshed ?? entry).data, with: processor, fromCache: true, for: request)
        .map { ($0.0, $0.1, timestamp) }
    }
    guard (200..<300).contains(status) || status == 304 else {
      let body = response.data
      let info = response.info
      var underlying: (any Error & Sendable)?
      if Response.self != TTURLDataResponse.self {
        guard
          let made = await onProcessingPool(
            for: request, { processor.processErrorResponse(body, info: info) })
        else { return .failure(Self.cancelledError(url)) }
        underlying = made
      }
      return .failure(
        TTNetworkError(
          .httpStatus,
          "The server answered \(escapedInput(url)) with status \(status)"
            + Self.bodyExcerpt(response.data, info: response.info) + ".",
          url: url, statusCode: status, responseBody: response.data, underlying: underlying))
    }
    let processed = await process(response, with: processor, fromCache: false, for: request)
    if case .success = processed, let cache, !policy.contains(.noCache), !streams, status != 304 {
      // Stored with where the response came from after redirects, which a cached answer reports.
      let finalURL = response.info.url.isEmpty ? url : response.info.url
      cache.store(
        TTRequestCacheEntry(
          data: response.data, timestamp: Date(),
          etag: response.info.value(forHTTPHeaderField: "ETag"),
          lastModified: response.info.value(forHTTPHeaderField: "Last-Modified"),
          contentType: response.info.value(forHTTPHeaderField: "Content-Type"),
          headers: response.info.headers,
          url: finalURL),
        forKey: cacheKey, url: finalURL,
        context: TTRequestCacheContext(
          method: snapshot.method, status: status, requestHeaders: snapshot.headers, policy: policy))
    }
    return processed.map { ($0.0, $0.1, Date()) }
  }

  /// Sends the job to the network thread and waits, cancelling it if the task is cancelled.
  ///
  /// A streaming job's pieces go to `onData` through a ``TTDataDelivery`` on the processing
  /// pool; the outcome then arrives after the last piece.
  private func transfer(
    _ job: TTTransferJob, onData: (@Sendable (Data) -> Void)?, for request: TTURLRequest
  ) async -> Result<TTTransferResponse, TTNetworkError> {
    let engine = self.engine
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resume: @Sendable (Result<TTTransferResponse, TTNetworkError>) -> Void = {
          continuation.resume(returning: $0)
        }
        var job = job
        let delivery = onData.map { onData in
          TTDataDelivery(
            onData: onData, pool: engine.processing, key: job.hostKey, resume: { engine.resume($0) },
            deliver: resume)
        }
        job.delivery = delivery
        let completion: @Sendable (Result<TTTransferResponse, TTNetworkError>) -> Void =
          if let delivery { { delivery.complete($0) } } else { resume }
        let cancelled = TTNetworkError(
          .cancelled, "The request for \(escapedInput(job.url)) was cancelled.", url: job.url)
        guard let ticket = engine.submit(job, for: request, completion: completion) else {
          completion(
            .failure(
              TTNetworkError(
                .cancelled,
                "The request for \(escapedInput(job.url)) was cancelled because its queue was released.",
                url: job.url)))
          return
        }
        let cancel: @Sendable () -> Void = {
          engine.cancel(ticket: ticket)
          // Pieces still waiting for onData are dropped at once.
          delivery?.cancel(cancelled)
        }
        if request.attach(cancel: cancel) || Task.isCancelled { cancel() }
      }
    } onCancel: {
      request.cancel()
    }
  }

  private func process<Response: TTURLResponse>(
    _ response: TTTransferResponse, with processor: Response, fromCache: Bool, for request: TTURLRequest
  ) async -> Result<(Response.Value, TTURLResult), TTNetworkError> {
    await process(response.info, response.data, with: processor, fromCache: fromCache, for: request)
  }

  /// Runs the processor on the queue's processing pool (never on its network thread or on the
  /// concurrency pool, so a slow processor holds up nothing else); a cancel before it starts
  /// withdraws it, and a cancel while it runs discards its value.
  private func process<Response: TTURLResponse>(
    _ info: TTURLResponseInfo, _ data: Data, with processor: Response, fromCache: Bool,
    for request: TTURLRequest
  ) async -> Result<(Response.Value, TTURLResult), TTNetworkError> {
    if Response.self == TTURLDataResponse.self {
      // Hands the bytes back unchanged: not worth a trip to the pool.
      return Self.run(processor, on: info, data, fromCache: fromCache)
    }
    let outcome = await onProcessingPool(for: request) {
      Self.run(processor, on: info, data, fromCache: fromCache)
    }
    guard let outcome else { return .failure(Self.cancelledError(info.url)) }
    return outcome
  }

  /// Runs `work` on the queue's processing pool and returns its value, or `nil` when the
  /// request was cancelled before or while it ran.
  private func onProcessingPool<Value: Sendable>(
    for request: TTURLRequest, _ work: @escaping @Sendable () -> Value
  ) async -> Value? {
    // One host's responses may take only part of the pool (see TTProcessingPool).
    let key = Self.hostKey(request.urlPath)
    let pool = engine.processing
    let value = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let ticket = pool.submit(key: key) {
          continuation.resume(returning: work())
        } withdrawn: {
          continuation.resume(returning: nil)
        }
        if request.attach(cancel: { pool.withdraw(ticket) }) || Task.isCancelled { pool.withdraw(ticket) }
      }
    } onCancel: {
      request.cancel()
    }
    return request.attach(cancel: nil) ? nil : value
  }

  private static func cancelledError(_ url: String) -> TTNetworkError {
    TTNetworkError(.cancelled, "The request for \(escapedInput(url)) was cancelled.", url: url)
  }

  private static func run<Response: TTURLResponse>(
    _ processor: Response, on info: TTURLResponseInfo, _ data: Data, fromCache: Bool
  ) -> Result<(Response.Value, TTURLResult), TTNetworkError> {
    do {
      let value = try processor.process(data, info: info)
      return .success(
        (value, TTURLResult(value: value, data: data, info: info, respondedFromCache: fromCache)))
    } catch let error as TTNetworkError {
      return .failure(error)
    } catch {
      return .failure(
        TTNetworkError(
          .invalidResponse,
          "The response from \(escapedInput(info.url)) could not be processed by \(Response.self): "
            + TTMessageText.escaped("\(error)", limit: 500),
          url: info.url, statusCode: info.statusCode, underlying: error))
    }
  }

  /// The body limit for a load: the request's own, else the queue's; 0 = none.
  static func contentLimit(request: Int64?, queue: Int64) -> (bytes: Int64, source: String) {
    if let request { return (max(0, request), "set on the request") }
    return (max(0, queue), "of its TTURLRequestQueue")
  }

  /// The value when positive and finite, else 0 ("none").
  static func positive(_ seconds: TimeInterval) -> TimeInterval {
    seconds.isFinite && seconds > 0 ? seconds : 0
  }

  private func cancelled<Value>(_ url: String) -> Outcome<Value> {
    .failure(TTNetworkError(.cancelled, "The request for \(escapedInput(url)) was cancelled.", url: url))
  }

  /// Response information for cached data.
  private static func info(for entry: TTRequestCacheEntry, url: String) -> TTURLResponseInfo {
    if !entry.headers.isEmpty {
      // The stored response's own fields, less the framing ones that described its transfer.
      let skipped: Set<String> = ["content-length", "content-encoding", "transfer-encoding"]
      return TTURLResponseInfo(
        url: url, statusCode: 200, headers: entry.headers.filter { !skipped.contains($0.name.lowercased()) })
    }
    var headers: [(name: String, value: String)] = []
    if let type = entry.contentType { headers.append(("Content-Type", type)) }
    if let etag = entry.etag { headers.append(("ETag", etag)) }
    if let modified = entry.lastModified { headers.append(("Last-Modified", modified)) }
    return TTURLResponseInfo(url: url, statusCode: 200, headers: headers)
  }

  /// `: "<first 200 characters>"` of a textual error body (line breaks as spaces, anything
  /// else that would not print escaped), or its size for a body that is not text.
  private static func bodyExcerpt(_ data: Data, info: TTURLResponseInfo) -> String {
    guard !data.isEmpty else { return "" }
    // 800 bytes hold 200 characters; a character the cut splits is dropped.
    var text = String(decoding: data.prefix(800), as: UTF8.self)
    if data.count > 800, text.hasSuffix("\u{FFFD}") { text.removeLast() }
    text = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
      .trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, !text.contains("\u{FFFD}") else { return " (\(data.count)-byte body)" }
    return ": " + TTMessageText.quoted(text, limit: 200)
  }

  /// `scheme://host:port`, lowercased, for per-host limits (user info dropped); `scheme:` for
  /// a URL without an authority (`data:`, `bundle:`), and at most 300 bytes, so a long URL is
  /// never copied whole.
  static func hostKey(_ url: String) -> String {
    let bytes = url.utf8
    var result: [UInt8] = []
    result.reserveCapacity(min(bytes.count, 64))
    var slashes = 0
    var afterScheme = false
    for raw in bytes {
      guard result.count < 300 else { break }
      let byte = raw >= 65 && raw <= 90 ? raw + 32 : raw
      if !afterScheme {
        // After the scheme's ":" only "//" may follow; anything else has no host.
        if let colon = result.firstIndex(of: UInt8(ascii: ":")), result.count - colon <= 2,
          byte != UInt8(ascii: "/")
        {
          result.removeSubrange((colon + 1)...)
          break
        }
        result.append(byte)
        if byte == UInt8(ascii: "/") {
          slashes += 1
          if slashes == 2 { afterScheme = true }
        }
        continue
      }
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      if byte == UInt8(ascii: "@") {
        // Drop the user info before the host.
        if let slash = result.lastIndex(of: UInt8(ascii: "/")) {
          result.removeSubrange((slash + 1)...)
        }
        continue
      }
      result.append(byte)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The string without leading and trailing whitespace; cheap when there is none.
  static func trimmed(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
    if first.properties.isWhitespace || last.properties.isWhitespace {
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return text
  }
}
