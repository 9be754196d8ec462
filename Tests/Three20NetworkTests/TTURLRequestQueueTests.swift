import Foundation
import Synchronization
import Testing

@testable import Three20Network

@Suite("TTURLRequestQueue")
struct TTURLRequestQueueTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  // MARK: - Redirects, encodings, bodies

  /// Redirects are followed and the result names the final URL.
  @Test(arguments: [301, 302, 303, 307, 308])
  func redirectsAreFollowed(status: Int) async throws {
    let result = try await TTURLRequest(url: server.url("/redirect/3?status=\(status)"))
      .send(processingWith: TTURLStringResponse(), on: queue)
    #expect(result == "redirected")
    #expect(server.requestCount(for: "/redirect/0") == 1)
  }

  /// The final URL after redirects is reported.
  @Test func finalURLIsReported() async throws {
    let result = try await TTURLRequest(url: server.url("/redirect/2")).send(on: queue)
    #expect(result.info.url == server.url("/redirect/0"))
  }

  /// A response stored after redirects is answered from the cache with its final URL, on the
  /// memory level and again from disk, so what was relative to it still resolves.
  @Test func cachedAnswersReportTheFinalURL() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-redirect-cache-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = try TTURLCache(name: "Redirects", directory: directory)
    let cached = TTURLRequestQueue(cache: cache)
    let first = try await TTURLRequest(url: server.url("/redirect/2")).send(on: cached)
    #expect(!first.respondedFromCache)
    let memory = try await TTURLRequest(url: server.url("/redirect/2")).send(on: cached)
    #expect(memory.respondedFromCache)
    #expect(memory.info.url == server.url("/redirect/0"))
    cache.isMemoryCacheEnabled = false  // empties the memory level: the next answer is read from disk
    let disk = try await TTURLRequest(url: server.url("/redirect/2")).send(on: cached)
    #expect(disk.respondedFromCache)
    #expect(disk.info.url == server.url("/redirect/0"))
  }

  /// A redirect loop, or more redirects than allowed, fails with tooManyRedirects.
  @Test func redirectLoopsFail() async throws {
    let loop = try #require(await failure(of: TTURLRequest(url: server.url("/redirect-loop")), on: queue))
    #expect(loop.code == .tooManyRedirects)
    #expect(server.requestCount(for: "/redirect-loop") == 11)
    queue.maxRedirects = 2
    let tooMany = try #require(await failure(of: TTURLRequest(url: server.url("/redirect/3")), on: queue))
    #expect(tooMany.code == .tooManyRedirects)
    _ = try await TTURLRequest(url: server.url("/redirect/2")).send(on: queue)
  }

  /// gzip and deflate bodies are asked for and decoded.
  @Test(arguments: ["/gzip", "/deflate"])
  func compressedBodiesAreDecoded(path: String) async throws {
    let text = try await TTURLRequest(url: server.url(path)).send(
      processingWith: TTURLStringResponse(), on: queue)
    #expect(text == TTTestHTTPServer.compressibleText)
    let encoding = server.requests(for: path).first?.headers["Accept-Encoding"] ?? ""
    #expect(encoding.contains("gzip") && encoding.contains("deflate"))
  }

  /// Chunked bodies arrive whole.
  @Test func chunkedBodies() async throws {
    let text = try await TTURLRequest(url: server.url("/chunked/200?delay=1"))
      .send(processingWith: TTURLStringResponse(), on: queue)
    #expect(text == TTTestHTTPServer.chunkedText(count: 200))
  }

  /// A 24 MB body is collected exactly.
  @Test func largeBodiesAreCollected() async throws {
    let count = 24 << 20
    let data = try await TTURLRequest(url: server.url("/large/\(count)")).send(
      processingWith: TTURLDataResponse(), on: queue)
    #expect(data.count == count)
    #expect(data == TTTestHTTPServer.deterministicBytes(count: count))
  }

  /// A 64 MB body streamed to onData is never collected: the result is empty and every byte
  /// arrives in order.
  @Test func largeBodiesStreamToAClosure() async throws {
    let count = 64 << 20
    let pattern = TTTestHTTPServer.bytePattern
    let state = Mutex((received: 0, mismatches: 0, largestPiece: 0))
    let request = TTURLRequest(url: server.url("/large/\(count)"))
    request.onData = { piece in
      state.withLock { state in
        for (offset, byte) in piece.enumerated()
        where byte != pattern[(state.received + offset) % pattern.count] {
          state.mismatches += 1
        }
        state.received += piece.count
        state.largestPiece = max(state.largestPiece, piece.count)
      }
    }
    let result = try await request.send(on: queue)
    #expect(result.data.isEmpty)
    let final = state.withLock { $0 }
    #expect(final.received == count)
    #expect(final.mismatches == 0)
    #expect(final.largestPiece <= 1 << 20)
  }

  /// A body written to a file arrives whole; a failed download leaves the file that was
  /// there as it was, and nothing of its own.
  @Test func largeBodiesStreamToAFile() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("body.bin")
    let request = TTURLRequest(url: server.url("/large/\(10 << 20)"))
    request.downloadDestination = file
    let result = try await request.send(on: queue)
    #expect(result.data.isEmpty)
    let written = try Data(contentsOf: file)
    #expect(written == TTTestHTTPServer.deterministicBytes(count: 10 << 20))

    let broken = TTURLRequest(url: server.url("/drop/5000"))
    broken.downloadDestination = file
    _ = await failure(of: broken, on: queue)
    #expect(try Data(contentsOf: file) == written)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["body.bin"])
  }

  /// With onData set too, the body goes to the closure and the destination is left as it was
  /// (before, it was replaced by an empty file).
  @Test func onDataLeavesTheDestinationAlone() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let kept = directory.appendingPathComponent("kept.bin")
    try Data("the user's data".utf8).write(to: kept)
    let received = Counter()
    let request = TTURLRequest(url: server.url("/bytes/5000"))
    request.downloadDestination = kept
    request.onData = { received.add($0.count) }
    _ = try await request.send(on: queue)
    #expect(received.count == 5000)
    #expect(try Data(contentsOf: kept) == Data("the user's data".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.bin"])
  }

  /// An error status never replaces the destination with the error page; a new destination
  /// is not created for it.
  @Test func errorStatusesLeaveTheDestinationAlone() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let kept = directory.appendingPathComponent("kept.bin")
    try Data("the user's data".utf8).write(to: kept)
    let request = TTURLRequest(url: server.url("/status/404"))
    request.downloadDestination = kept
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .httpStatus)
    #expect(try Data(contentsOf: kept) == Data("the user's data".utf8))

    let fresh = directory.appendingPathComponent("fresh.bin")
    let missing = TTURLRequest(url: server.url("/status/500"))
    missing.downloadDestination = fresh
    _ = await failure(of: missing, on: queue)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.bin"])
  }

  /// A FIFO, folder or symbolic link at the destination is refused before the transfer, with
  /// a message naming it, and left as it was (a FIFO is not opened, so nothing hangs).
  @Test func destinationsThatAreNotFilesAreRefused() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let folder = directory.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let target = directory.appendingPathComponent("target.txt")
    try Data("target".utf8).write(to: target)
    let link = directory.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    for (destination, kind) in [
      (fifo, "a FIFO (named pipe)"), (folder, "a directory"), (link, "a symbolic link to a regular file"),
    ] {
      let request = TTURLRequest(url: server.url("/bytes/100"))
      request.downloadDestination = destination
      let error = try #require(await failure(of: request, on: queue))
      #expect(error.code == .transport)
      #expect(error.message.contains("is \(kind)"))
      #expect(error.message.contains("not a regular file; it was left as it is"))
      #expect(request.attempts <= 1)
    }
    #expect(try Data(contentsOf: target) == Data("target".utf8))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["folder", "link", "pipe", "target.txt"])
  }

  // MARK: - Failures

  /// A server that stays silent longer than the timeout fails the request with timedOut, soon.
  @Test func silentServersTimeOut() async throws {
    // The margins are wide because CI's two cores may be busy with other suites; the point is
    // that the request does not wait for the server's two minutes.
    let request = TTURLRequest(url: server.url("/delay/120000"))
    request.timeoutInterval = 0.3
    let started = ContinuousClock.now
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .timedOut)
    #expect(ContinuousClock.now - started < .seconds(90))
    #expect(request.attempts == 1)
  }

  /// A slow body that keeps arriving does not time out: the timeout measures silence.
  @Test func slowButSteadyBodiesDoNotTimeOut() async throws {
    // 20 pieces 100 ms apart: 2 s in all, twice the timeout, but never 1 s of silence.
    let request = TTURLRequest(url: server.url("/slow/2000?bytes=100&ms=100"))
    request.timeoutInterval = 1
    let data = try await request.send(on: queue).data
    #expect(data.count == 2000)
  }

  /// A connection dropped mid-body fails with connectionLost and is not retried.
  @Test func droppedConnectionsFail() async throws {
    let request = TTURLRequest(url: server.url("/drop/20000"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .connectionLost)
    #expect(request.attempts == 1)
    #expect(server.requestCount(for: "/drop/20000") == 1)
  }

  /// A refused connection fails with cannotConnect after the retries, backing off between them.
  @Test func refusedConnectionsAreRetriedThenFail() async throws {
    let port = try closedPort()
    queue.retryDelay = 0.1
    let request = TTURLRequest(url: "http://127.0.0.1:\(port)/x")
    let started = ContinuousClock.now
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .cannotConnect)
    #expect(request.attempts == 3)
    // 0.1 s, then 0.2 s.
    #expect(ContinuousClock.now - started >= .milliseconds(290))
  }

  /// Only connection failures of idempotent requests are retried.
  @Test func onlyConnectionFailuresAreRetried() async throws {
    let port = try closedPort()
    queue.retryDelay = 0.01
    let post = TTURLRequest(url: "http://127.0.0.1:\(port)/x", method: "POST")
    _ = await failure(of: post, on: queue)
    #expect(post.attempts == 1)

    let unavailable = TTURLRequest(url: server.url("/status/503"))
    _ = await failure(of: unavailable, on: queue)
    #expect(unavailable.attempts == 1)
    #expect(server.requestCount(for: "/status/503") == 1)

    queue.maxRetries = 0
    let once = TTURLRequest(url: "http://127.0.0.1:\(port)/x")
    _ = await failure(of: once, on: queue)
    #expect(once.attempts == 1)
  }

  // MARK: - Cancellation

  /// Cancelling mid-body stops the transfer promptly with cancelled.
  @Test func cancellationMidTransfer() async throws {
    // 1 MB at 1 KB per 50 ms would take 50 s.
    let request = TTURLRequest(url: server.url("/slow/1000000?bytes=1000&ms=50"))
    let task = Task { [queue] in try await request.send(on: queue) }
    #expect(await eventually { request.totalBytesDownloaded > 0 })
    let started = ContinuousClock.now
    request.cancel()
    let error = await #expect(throws: TTNetworkError.self) { try await task.value }
    #expect(error?.code == .cancelled)
    #expect(ContinuousClock.now - started < .seconds(40))
    #expect(await eventually { queue.transferCounts == (0, 0) })
  }

  /// Cancelling a request that waits for a free slot removes it without sending it.
  @Test func cancellingAWaitingRequest() async throws {
    queue.maxConcurrentRequests = 1
    let first = TTURLRequest(url: server.url("/delay/60000"))
    let second = TTURLRequest(url: server.url("/delay/301"))
    first.start(on: queue)
    #expect(await eventually { queue.transferCounts.running == 1 })
    let task = Task { [queue] in try await second.send(on: queue) }
    #expect(await eventually { queue.transferCounts.waiting == 1 })
    second.cancel()
    let error = await #expect(throws: TTNetworkError.self) { try await task.value }
    #expect(error?.code == .cancelled)
    #expect(queue.transferCounts.running == 1)
    first.cancel()
    #expect(await eventually { queue.transferCounts == (0, 0) })
    #expect(server.requestCount(for: "/delay/301") == 0)
  }

  // MARK: - Concurrency

  /// 500 concurrent requests all succeed and the server never sees more than the per-host limit.
  @Test func perHostLimitHoldsUnderLoad() async throws {
    queue.maxConcurrentRequestsPerHost = 6
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<500 {
        group.addTask { [queue, server] in
          try await TTURLRequest(url: server.url("/concurrency?ms=2&i=\(index)")).send(on: queue).info
            .statusCode
        }
      }
      var succeeded = 0
      for try await status in group where status == 200 { succeeded += 1 }
      #expect(succeeded == 500)
    }
    #expect(server.requestCount(for: "/concurrency") == 500)
    #expect(server.maxConcurrentRequests <= 6)
    #expect(server.maxConcurrentRequests >= 2)
    // Connections were reused rather than opened per request.
    #expect(server.connectionsAccepted <= 12)
  }

  /// The global limit holds across hosts.
  @Test func globalLimitHoldsAcrossHosts() async throws {
    queue.maxConcurrentRequests = 3
    let hosts = ["127.0.0.1", "localhost"]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        let url = "http://\(hosts[index % 2]):\(server.port)/concurrency?ms=10&i=\(index)"
        group.addTask { [queue] in _ = try await TTURLRequest(url: url).send(on: queue) }
      }
      try await group.waitForAll()
    }
    #expect(server.maxConcurrentRequests <= 3)
    #expect(server.requestCount(for: "/concurrency") == 40)
  }

  /// Identical concurrent GETs share one transfer: the server sees one request.
  @Test func identicalGetsAreCoalesced() async throws {
    // Long enough for all ten to join the one transfer on a loaded machine.
    let url = server.url("/delay/5000")
    let results = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<10 {
        group.addTask { [queue] in
          try await TTURLRequest(url: url).send(processingWith: TTURLStringResponse(), on: queue)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: "delayed 5000", count: 10))
    #expect(server.requestCount(for: "/delay/5000") == 1)
  }

  /// Different headers, or methods other than GET, are not coalesced.
  @Test func onlyIdenticalGetsAreCoalesced() async throws {
    let url = server.url("/delay/1000")
    let plain = TTURLRequest(url: url)
    let other = TTURLRequest(url: url)
    other.setValue("1", forHTTPHeaderField: "X-Variant")
    let delete = TTURLRequest(url: url, method: "DELETE")
    async let one = plain.send(on: queue)
    async let two = other.send(on: queue)
    async let three = delete.send(on: queue)
    _ = try await (one, two, three)
    #expect(server.requestCount(for: "/delay/1000") == 3)
  }

  /// Cancelling one request of a coalesced group leaves the others loading.
  @Test func cancellingOneOfACoalescedGroup() async throws {
    // The five requests must all have joined the one transfer before its response comes: on a
    // loaded machine starting five tasks can take more than a second or two.
    let url = server.url("/delay/5000")
    let requests = (0..<5).map { _ in TTURLRequest(url: url) }
    let tasks = requests.map { request in
      Task { [queue] in try await request.send(processingWith: TTURLStringResponse(), on: queue) }
    }
    #expect(await eventually { requests.allSatisfy(\.isLoading) && queue.transferCounts.running == 1 })
    requests[2].cancel()
    for (index, task) in tasks.enumerated() {
      if index == 2 {
        let error = await #expect(throws: TTNetworkError.self) { try await task.value }
        #expect(error?.code == .cancelled)
      } else {
        #expect(try await task.value == "delayed 5000")
      }
    }
    #expect(server.requestCount(for: "/delay/5000") == 1)
  }

  /// Cancelling every request of a coalesced group stops the transfer.
  @Test func cancellingAWholeCoalescedGroup() async throws {
    let url = server.url("/slow/100000?bytes=1000&ms=50")
    let requests = (0..<3).map { _ in TTURLRequest(url: url) }
    for request in requests { request.start(on: queue) }
    #expect(await eventually { queue.transferCounts.running == 1 && requests.allSatisfy(\.isLoading) })
    queue.cancelAllRequests()
    #expect(await eventually { queue.transferCounts == (0, 0) && requests.allSatisfy { !$0.isLoading } })
    #expect(requests.allSatisfy { $0.error?.code == .cancelled })
  }

  // MARK: - Lifecycle

  /// Releasing a queue with 100 requests in flight cancels them, frees the queue and its thread.
  @Test func releasingAQueueWithWorkInFlight() async throws {
    let enginesBefore = TTCurlEngine.liveCount.load(ordering: .relaxed)
    weak var weakQueue: TTURLRequestQueue?
    let requests = (0..<100).map { TTURLRequest(url: server.url("/delay/2000?i=\($0)")) }
    do {
      let local = TTURLRequestQueue()
      weakQueue = local
      for request in requests { request.start(on: local) }
      #expect(await eventually { local.loadingRequests.count == 100 && local.transferCounts.running == 6 })
    }
    #expect(weakQueue == nil)
    #expect(await eventually { requests.allSatisfy { !$0.isLoading } })
    #expect(requests.allSatisfy { $0.error?.code == .cancelled })
    #expect(await eventually { TTCurlEngine.liveCount.load(ordering: .relaxed) <= enginesBefore })
  }

  /// Sending on a queue's loader after the queue is gone fails cleanly.
  @Test func loadersOutliveTheirQueue() async throws {
    var local: TTURLRequestQueue? = TTURLRequestQueue()
    let loader = try #require(local?.makeLoader())
    local = nil
    let result = await loader.load(
      TTURLRequest(url: server.url("/status/200")), processor: TTURLDataResponse())
    #expect(throws: TTNetworkError.self) { try result.get() }
  }

  /// A suspended queue holds new requests back until it is resumed.
  @Test func suspendAndResume() async throws {
    queue.isSuspended = true
    let request = TTURLRequest(url: server.url("/status/200"))
    let task = Task { [queue] in try await request.send(on: queue) }
    try await Task.sleep(for: .milliseconds(200))
    #expect(server.requestCount(for: "/status/200") == 0)
    #expect(queue.transferCounts.waiting == 1)
    #expect(request.isLoading)
    queue.isSuspended = false
    #expect(try await task.value.info.statusCode == 200)
  }

  /// The network activity counter counts running transfers and returns to where it was.
  @Test func networkActivityIsCounted() async throws {
    let request = TTURLRequest(url: server.url("/delay/300"))
    let task = Task { [queue] in try await request.send(on: queue) }
    #expect(await eventually { TTNetworkActivity.activeCount >= 1 })
    _ = try await task.value
    TTNetworkActivity.requestStarted()
    #expect(TTNetworkActivity.activeCount >= 1)
    TTNetworkActivity.requestStopped()
  }

  // MARK: - Size limits

  /// A Content-Length above the maximum is refused before the body is read.
  @Test func maxContentLengthRefusesEarly() async throws {
    queue.maxContentLength = 1000
    let request = TTURLRequest(url: server.url("/bytes/\(8 << 20)"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge)
    #expect(request.totalBytesDownloaded == 0)
    _ = try await TTURLRequest(url: server.url("/bytes/1000")).send(on: queue)
  }

  /// A body without Content-Length is stopped once it grows past the maximum.
  @Test func maxContentLengthStopsMidStream() async throws {
    queue.maxContentLength = 500
    let request = TTURLRequest(url: server.url("/chunked/1000"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge)
    #expect(request.totalBytesDownloaded <= 500)
  }
}
