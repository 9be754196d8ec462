import Dispatch
import Synchronization

/// Where a queue runs response processors and `onData` closures: off its network thread and off
/// Swift's concurrency pool, at most ``width`` at once, and at most ``perKeyWidth`` for one key
/// (one host).
///
/// Each running job has a lane of its own, a serial dispatch queue, so a processor that blocks
/// (a long parse, a lock) holds one lane and nothing else: the network thread keeps moving
/// bytes for every other transfer, and the concurrency pool's few threads stay free for the
/// tasks that wait. Because one key may take only part of the lanes, a server whose responses
/// are slow to process cannot hold them all: other hosts' responses find a free lane. Jobs of
/// one key start in the order they were submitted; keys take turns. A job still waiting can be
/// withdrawn; then its `withdrawn` closure runs instead, exactly once.
final class TTProcessingPool: Sendable {
  /// One submitted job.
  private struct Job: Sendable {
    var key: String
    var run: @Sendable () -> Void
    var withdrawn: @Sendable () -> Void
  }

  private struct State: Sendable {
    var width: Int
    var running = 0
    var runningByKey: [String: Int] = [:]
    /// Waiting tickets per key, and the keys that have some, in turn order.
    var queues: [String: TTFIFO<UInt64>] = [:]
    var keys: [String] = []
    var waiting: [UInt64: Job] = [:]
    var nextTicket: UInt64 = 1
    /// Lanes not running a job; lanes are made when first needed and reused.
    var idleLanes: [DispatchQueue] = []
    var lanesMade = 0

    /// Half the lanes, at least one: what one key may hold.
    var perKeyWidth: Int { max(1, width / 2) }
  }

  private let state: Mutex<State>
  private let label: String

  /// Creates a pool.
  ///
  /// - Parameters:
  ///   - width: The most jobs running at once; at least 1.
  ///   - label: The lanes' name, for debuggers.
  init(width: Int, label: String) {
    state = Mutex(State(width: max(1, width)))
    self.label = label
  }

  /// The most jobs running at once.
  var width: Int {
    get { state.withLock { $0.width } }
    set {
      let started = state.withLock { state in
        state.width = max(1, newValue)
        return startWaiting(&state)
      }
      for (lane, job) in started { run(job, on: lane) }
    }
  }

  /// Jobs running now and waiting to start.
  var counts: (running: Int, waiting: Int) {
    state.withLock { ($0.running, $0.waiting.count) }
  }

  /// Queues a job.
  ///
  /// - Parameters:
  ///   - key: Whose job it is (a host); one key holds at most ``perKeyWidth`` lanes.
  ///   - job: The work.
  ///   - withdrawn: Runs instead of `job` if the job is withdrawn before it starts.
  /// - Returns: The ticket for ``withdraw(_:)``.
  @discardableResult
  func submit(
    key: String, _ job: @escaping @Sendable () -> Void, withdrawn: @escaping @Sendable () -> Void = {}
  ) -> UInt64 {
    let (ticket, started) = state.withLock { state in
      let ticket = state.nextTicket
      state.nextTicket &+= 1
      state.waiting[ticket] = Job(key: key, run: job, withdrawn: withdrawn)
      if state.queues[key] == nil {
        state.queues[key] = TTFIFO()
        state.keys.append(key)
      }
      state.queues[key]?.push(ticket)
      return (ticket, startWaiting(&state))
    }
    for (lane, job) in started { run(job, on: lane) }
    return ticket
  }

  /// Withdraws a job that has not started.
  ///
  /// Its `withdrawn` closure then runs, on this thread. Does nothing once the job started.
  ///
  /// - Parameter ticket: What ``submit(key:_:withdrawn:)`` returned.
  func withdraw(_ ticket: UInt64) {
    let job = state.withLock { $0.waiting.removeValue(forKey: ticket) }
    job?.withdrawn()
  }

  /// Takes jobs off the waiting lists while lanes are free; the caller runs them unlocked.
  private func startWaiting(_ state: inout State) -> [(DispatchQueue, Job)] {
    var started: [(DispatchQueue, Job)] = []
    while state.running < state.width, let job = nextJob(&state) {
      let lane: DispatchQueue
      if let idle = state.idleLanes.popLast() {
        lane = idle
      } else {
        state.lanesMade += 1
        lane = DispatchQueue(label: "\(label).\(state.lanesMade)")
      }
      started.append((lane, job))
    }
    return started
  }

  /// The next job whose key has a lane to spare, counted as running; keys take turns.
  private func nextJob(_ state: inout State) -> Job? {
    var index = 0
    while index < state.keys.count {
      let key = state.keys[index]
      guard state.runningByKey[key, default: 0] < state.perKeyWidth else {
        index += 1
        continue
      }
      var found: Job?
      // Withdrawn jobs left their tickets behind; skip them.
      while found == nil, let ticket = state.queues[key]?.pop() {
        found = state.waiting.removeValue(forKey: ticket)
      }
      state.keys.remove(at: index)
      if state.queues[key]?.isEmpty ?? true {
        state.queues[key] = nil
      } else {
        state.keys.append(key)
      }
      if let found {
        state.running += 1
        state.runningByKey[key, default: 0] += 1
        return found
      }
    }
    return nil
  }

  /// Runs a job, then waiting ones, on one lane; frees the lane when none may start.
  private func run(_ first: Job, on lane: DispatchQueue) {
    lane.async { [self] in
      var job = first
      while true {
        job.run()
        let next = state.withLock { state -> Job? in
          state.running -= 1
          let left = state.runningByKey[job.key, default: 1] - 1
          state.runningByKey[job.key] = left > 0 ? left : nil
          // The width may have shrunk meanwhile: then the lane is given back.
          if state.running < state.width, let next = nextJob(&state) { return next }
          state.idleLanes.append(lane)
          return nil
        }
        guard let next else { return }
        job = next
      }
    }
  }
}
