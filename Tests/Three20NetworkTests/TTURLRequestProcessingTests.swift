import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Three20Network

/// Processors and `onData` closures run off the queue's network thread, so a slow one holds up
/// no other request.
@Suite("TTURLRequestQueue: processing off the network thread")
struct TTURLRequestProcessingTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  /// A gate a processor waits at until the test opens it (or a watchdog does, so that a
  /// regression fails the test instead of hanging it).
  final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let arrivals = Atomic<Int>(0)
    private let opened = Atomic<Bool>(false)

    init(watchdog seconds: Int = 60) {
      // A thread of its own: a regression may leave no pool thread free to run a timer.
      Thread.detachNewThread { [self] in
        Thread.sleep(forTimeInterval: TimeInterval(seconds))
        open()
      }
    }

    /// Blocks until the gate opens.
    func wait() {
      arrivals.add(1, ordering: .relaxed)
      guard !opened.load(ordering: .acquiring) else { return }
      semaphore.wait()
      semaphore.signal()
    }

    var waiting: Int { arrivals.load(ordering: .relaxed) }

    func open() {
      guard !opened.exchange(true, ordering: .acquiringAndReleasing) else { return }
      semaphore.signal()
    }
  }

  /// A processor that waits at a gate, then returns the body's size.
  struct GatedProcessor: TTURLResponse {
    let gate: Gate
    func process(_ data: Data, info: TTURLResponseInfo) -> Int {
      gate.wait()
      return data.count
    }
  }

  /// Whether the current thread is a queue's network thread.
  static var onNetworkThread: Bool {
    Thread.current.name == "Three20Network.TTURLRequestQueue"
  }

  /// Responses share processing lanes by host: the key is the scheme, host and port, and
  /// only the scheme for URLs without a host, so a long `data:` URL is never copied as a key.
  @Test func processingKeysNameTheHost() {
    #expect(TTRequestLoader.hostKey("HTTPS://User:pw@Example.COM:8443/a?b#c") == "https://example.com:8443")
    #expect(TTRequestLoader.hostKey("http://example.com") == "http://example.com")
    #expect(TTRequestLoader.hostKey("data:text/plain," + String(repeating: "x", count: 100_000)) == "data:")
    #expect(TTRequestLoader.hostKey("bundle://images/a.png") == "bundle://images")
    #expect(TTRequestLoader.hostKey("file:/tmp/a") == "file:")
    #expect(TTRequestLoader.hostKey("http://" + String(repeating: "h", count: 10_000)).utf8.count == 300)
  }

  /// While one request's processor blocks, another request on the same queue loads and is
  /// processed; the blocked one finishes when released.
  @Test func blockedProcessorDoesNotStallOtherRequests() async throws {
    let gate = Gate()
    let blocked = Task { [queue, server] in
      try await TTURLRequest(url: server.url("/bytes/10")).send(
        processingWith: GatedProcessor(gate: gate), on: queue)
    }
    #expect(await eventually { gate.waiting == 1 })
    let started = ContinuousClock.now
    let other = try await TTURLRequest(url: server.url("/bytes/2")).send(on: queue)
    let elapsed = ContinuousClock.now - started
    gate.open()
    #expect(other.data.count == 2)
    #expect(elapsed < .seconds(30))
    #expect(try await blocked.value == 10)
  }

  /// While one request's onData closure blocks, another request on the same queue completes:
  /// onData does not run on the network thread.
  @Test func blockedOnDataDoesNotStallOtherRequests() async throws {
    let gate = Gate()
    let onNetworkThread = Atomic<Bool>(false)
    let streaming = TTURLRequest(url: server.url("/bytes/100"))
    streaming.onData = { _ in
      if Self.onNetworkThread { onNetworkThread.store(true, ordering: .relaxed) }
      gate.wait()
    }
    let blocked = Task { [queue] in try await streaming.send(on: queue) }
    #expect(await eventually { gate.waiting >= 1 })
    let other = try await TTURLRequest(url: server.url("/bytes/2")).send(on: queue)
    #expect(other.data.count == 2)
    // The blocked request cannot have finished: its closure has not returned.
    #expect(streaming.isLoading)
    gate.open()
    _ = try await blocked.value
    let ranOnNetworkThread = onNetworkThread.load(ordering: .relaxed)
    #expect(!ranOnNetworkThread)
  }

  /// Blocked processors occupy threads of the queue's own, never the concurrency pool: with
  /// more of them blocked than the pool has threads, other requests and tasks still run.
  @Test func blockedProcessorsLeaveTheConcurrencyPoolFree() async throws {
    let blockers = ProcessInfo.processInfo.activeProcessorCount + 1
    // One host may hold half the threads: enough for every blocker, and one to spare.
    queue.maxConcurrentProcessing = 2 * blockers + 2
    let gate = Gate()
    let tasks = (0..<blockers).map { index in
      Task { [queue, server] in
        try await TTURLRequest(url: server.url("/bytes/\(index + 1)"))
          .send(processingWith: GatedProcessor(gate: gate), on: queue)
      }
    }
    // Polled from a thread of its own: if the pool were blocked, nothing async could check.
    let allArrived = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let deadline = Date().addingTimeInterval(30)
        while gate.waiting < blockers, Date() < deadline { usleep(5000) }
        continuation.resume(returning: gate.waiting == blockers)
      }
    }
    #expect(allArrived)
    let other = try await TTURLRequest(url: server.url("/bytes/3")).send(on: queue)
    gate.open()
    #expect(other.data.count == 3)
    for (index, task) in tasks.enumerated() { #expect(try await task.value == index + 1) }
  }

  /// A host whose responses block every thread it may hold leaves the others to other hosts.
  @Test func slowHostLeavesThreadsForOtherHosts() async throws {
    queue.maxConcurrentProcessing = 2
    let gate = Gate()
    let slow = (0..<3).map { index in
      Task { [queue, server] in
        try await TTURLRequest(url: server.url("/bytes/\(index + 1)"))
          .send(processingWith: GatedProcessor(gate: gate), on: queue)
      }
    }
    #expect(await eventually { gate.waiting == 1 && queue.engine.processing.counts.waiting == 2 })
    // The same server under another name is another host to the queue.
    let other = try await TTURLRequest(url: "http://localhost:\(server.port)/bytes/4")
      .send(processingWith: TTURLStringResponse(), on: queue)
    #expect(other.utf8.count == 4)
    #expect(gate.waiting == 1)
    gate.open()
    for (index, task) in slow.enumerated() { #expect(try await task.value == index + 1) }
  }

  /// With one processing thread, a second response waits; cancelling it then fails it at once
  /// with cancelled, and its processor never runs.
  @Test func cancellingARequestWaitingForProcessing() async throws {
    queue.maxConcurrentProcessing = 1
    let gate = Gate()
    let first = Task { [queue, server] in
      try await TTURLRequest(url: server.url("/bytes/1")).send(
        processingWith: GatedProcessor(gate: gate), on: queue)
    }
    #expect(await eventually { gate.waiting == 1 })
    let ran = Counter()
    struct Marking: TTURLResponse {
      let ran: Counter
      func process(_ data: Data, info: TTURLResponseInfo) -> Int {
        ran.add(1)
        return data.count
      }
    }
    let second = TTURLRequest(url: server.url("/bytes/2"))
    let waiting = Task { [queue] in try await second.send(processingWith: Marking(ran: ran), on: queue) }
    #expect(await eventually { queue.engine.processing.counts.waiting == 1 })
    second.cancel()
    let error = await #expect(throws: TTNetworkError.self) { try await waiting.value }
    #expect(error?.code == .cancelled)
    gate.open()
    #expect(try await first.value == 1)
    #expect(ran.count == 0)
  }

  /// A slow onData closure pauses the transfer instead of letting the body pile up in memory,
  /// and still gets every byte, in order.
  @Test func slowOnDataGetsEveryByteInOrder() async throws {
    let count = 8 << 20
    let pattern = TTTestHTTPServer.bytePattern
    let state = Mutex((received: 0, mismatches: 0))
    let request = TTURLRequest(url: server.url("/large/\(count)"))
    request.onData = { piece in
      usleep(200)
      state.withLock { state in
        for (offset, byte) in piece.enumerated()
        where byte != pattern[(state.received + offset) % pattern.count] {
          state.mismatches += 1
        }
        state.received += piece.count
      }
    }
    _ = try await request.send(on: queue)
    let final = state.withLock { $0 }
    #expect(final.received == count)
    #expect(final.mismatches == 0)
  }

  /// A delivery refuses pieces once a megabyte waits, and asks for the transfer to resume
  /// once its closure has worked the backlog down.
  @Test func deliveryBacklogIsBounded() async throws {
    let pool = TTProcessingPool(width: 1, label: "test")
    let gate = Gate()
    let resumed = Atomic<Int>(0)
    let outcome = Mutex<Result<TTTransferResponse, TTNetworkError>?>(nil)
    let delivery = TTDataDelivery(
      onData: { _ in gate.wait() }, pool: pool, key: "test",
      resume: { _ in resumed.add(1, ordering: .relaxed) },
      deliver: { result in outcome.withLock { $0 = result } })
    let piece = Data(count: 16 * 1024)
    var accepted = 0
    while delivery.offer(piece) {
      accepted += 1
      #expect(accepted < 1000, "the backlog is never refused")
      if accepted >= 1000 { break }
    }
    #expect(accepted * piece.count <= TTDataDelivery.highWater + piece.count)
    #expect(delivery.isPaused)
    gate.open()
    #expect(await eventually { resumed.load(ordering: .relaxed) == 1 })
    delivery.complete(.failure(TTNetworkError(.cancelled, "done")))
    #expect(await eventually { outcome.withLock { $0 != nil } })
  }
}
