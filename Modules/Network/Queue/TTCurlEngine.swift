import CCurl
import Foundation
import Synchronization

/// The thread-safe front of a queue's network thread.
///
/// Callers add work through a locked command list and wake the thread with
/// `curl_multi_wakeup`; every curl handle is touched only by the thread (see ``TTCurlLoop``).
final class TTCurlEngine: Sendable {
  enum Command: Sendable {
    case add(TTTransferJob, TTTransferWaiter)
    case cancel(UInt64)
    case suspend(Bool)
    case limits(total: Int, perHost: Int)
    /// The delivery with this identity has room again: unpause its transfer.
    case resume(ObjectIdentifier)
    case shutdown
  }

  /// The multi handle, for `curl_multi_wakeup` only.
  ///
  /// `@unchecked Sendable` is safe because other threads use the pointer only for
  /// `curl_multi_wakeup` (which libcurl documents as callable from any thread), only while holding
  /// the engine's lock, and the loop clears it under that same lock before cleaning the handle up.
  struct WakeHandle: @unchecked Sendable {
    let multi: UnsafeMutableRawPointer
  }

  private struct Shared: Sendable {
    var commands: [Command] = []
    var wake: WakeHandle?
    var isShutDown = false
    var nextTicket: UInt64 = 1
  }

  private let shared = Mutex(Shared())
  /// The requests loading, for the queue's cancel-by-delegate and listing; a lock of its own,
  /// so that callers registering requests do not contend with the network thread's commands.
  private let loading = Mutex<[ObjectIdentifier: TTURLRequest]>([:])
  /// The loop's last counts, running in the high 32 bits and waiting in the low 32: one atomic,
  /// so readers always see a pair the loop published, and the loop never takes a lock for it.
  private let packedCounts = Atomic<UInt64>(0)
  /// Whether commands may be waiting, so the loop can skip the lock when there are none.
  private let hasCommands = Atomic<Bool>(false)

  /// How many engines exist (their threads included), for lifecycle tests.
  static let liveCount = Atomic<Int>(0)

  /// Where response processors and `onData` closures run, off the network thread.
  let processing: TTProcessingPool

  init(total: Int, perHost: Int, suspended: Bool, processingWidth: Int) {
    processing = TTProcessingPool(
      width: processingWidth, label: "Three20Network.TTURLRequestQueue.processing")
    TTCurlGlobal.initialize()
    Self.liveCount.add(1, ordering: .relaxed)
    let thread = Thread { [self] in
      let loop = TTCurlLoop(engine: self, total: total, perHost: perHost, suspended: suspended)
      loop.run()
    }
    thread.name = "Three20Network.TTURLRequestQueue"
    thread.start()
  }

  deinit {
    Self.liveCount.subtract(1, ordering: .relaxed)
  }

  /// Queues a transfer for `request`; returns its ticket, or `nil` after shutdown.
  func submit(
    _ job: TTTransferJob, for request: TTURLRequest,
    completion: @escaping @Sendable (Result<TTTransferResponse, TTNetworkError>) -> Void
  ) -> UInt64? {
    shared.withLock { shared in
      guard !shared.isShutDown else { return nil }
      let ticket = shared.nextTicket
      shared.nextTicket &+= 1
      let waiter = TTTransferWaiter(ticket: ticket, request: request, completion: completion)
      send(.add(job, waiter), in: &shared)
      return ticket
    }
  }

  /// Cancels one waiter; its transfer stops only if no other waiter shares it.
  func cancel(ticket: UInt64) {
    shared.withLock { send(.cancel(ticket), in: &$0) }
  }

  func setSuspended(_ suspended: Bool) {
    shared.withLock { send(.suspend(suspended), in: &$0) }
  }

  func setLimits(total: Int, perHost: Int) {
    shared.withLock { send(.limits(total: total, perHost: perHost), in: &$0) }
  }

  /// Unpauses the transfer that a delivery paused (see ``TTDataDelivery``).
  func resume(_ delivery: TTDataDelivery) {
    shared.withLock { shared in
      guard !shared.isShutDown else { return }
      send(.resume(ObjectIdentifier(delivery)), in: &shared)
    }
  }

  /// Stops the thread: every transfer fails as cancelled, handles are freed, the thread ends.
  func shutdown() {
    shared.withLock { shared in
      guard !shared.isShutDown else { return }
      send(.shutdown, in: &shared)
      shared.isShutDown = true
    }
  }

  private func send(_ command: Command, in shared: inout Shared) {
    let wasEmpty = shared.commands.isEmpty
    shared.commands.append(command)
    hasCommands.store(true, ordering: .releasing)
    // The loop drains every command once woken, so one wakeup per batch is enough.
    if wasEmpty, let wake = shared.wake {
      curl_multi_wakeup(wake.multi)
    }
  }

  // MARK: - Used by the loop

  func takeCommands() -> [Command] {
    guard hasCommands.load(ordering: .acquiring) else { return [] }
    return shared.withLock { shared in
      hasCommands.store(false, ordering: .relaxed)
      defer { shared.commands = [] }  // hand the buffer over instead of copying it
      return shared.commands
    }
  }

  func publish(_ wake: WakeHandle?) {
    shared.withLock { $0.wake = wake }
  }

  func updateCounts(active: Int, pending: Int) {
    let clamp = { (value: Int) in UInt64(min(max(0, value), Int(UInt32.max))) }
    packedCounts.store(clamp(active) << 32 | clamp(pending), ordering: .releasing)
  }

  /// Transfers running and waiting, as the loop last reported them.
  var counts: (active: Int, pending: Int) {
    let packed = packedCounts.load(ordering: .acquiring)
    return (Int(packed >> 32), Int(packed & 0xFFFF_FFFF))
  }

  // MARK: - Requests in flight

  func register(_ request: TTURLRequest) {
    loading.withLock { $0[ObjectIdentifier(request)] = request }
  }

  func unregister(_ request: TTURLRequest) {
    loading.withLock { $0[ObjectIdentifier(request)] = nil }
  }

  var loadingRequests: [TTURLRequest] {
    loading.withLock { Array($0.values) }
  }
}

/// `curl_global_init`, once per process.
enum TTCurlGlobal {
  private static let initialized: Bool = {
    curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
  }()

  static func initialize() {
    _ = initialized
  }

  /// Monotonic nanoseconds.
  static func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }
}
