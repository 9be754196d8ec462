import Foundation
import Synchronization

/// Hands a streaming transfer's body to its `onData` closure on the queue's processing pool,
/// one piece at a time and in order, so a slow closure never holds up the network thread.
///
/// The network thread offers each piece with ``offer(_:)``. While ``highWater`` bytes or more
/// wait, an offer is refused and the transfer pauses: libcurl keeps the refused piece and stops
/// reading the socket, so memory stays bounded however slow the closure is. Once the closure
/// has worked the backlog down to ``lowWater``, `resume` asks the network thread to go on.
///
/// The transfer's outcome goes through ``complete(_:)`` and reaches the waiting request after
/// the last piece, so `onData` has seen the whole body when `send` returns. ``cancel(_:)`` drops
/// what is still waiting and completes at once (after the piece running now, if any). Either
/// way the outcome is delivered exactly once.
final class TTDataDelivery: Sendable {
  /// The backlog at which offers are refused and the transfer pauses.
  static let highWater = 1 << 20
  /// The backlog at which a paused transfer goes on.
  static let lowWater = 256 << 10

  typealias Outcome = Result<TTTransferResponse, TTNetworkError>

  private struct State: Sendable {
    var pieces = TTFIFO<Data>()
    /// Bytes in `pieces`.
    var queued = 0
    /// Whether a drain job is submitted or running.
    var scheduled = false
    /// Whether an offer was refused and the transfer waits for `resume`.
    var paused = false
    /// Whether pieces are dropped (after a cancel).
    var closed = false
    var outcome: Outcome?
    var delivered = false
  }

  private let state = Mutex(State())
  private let onData: @Sendable (Data) -> Void
  private let pool: TTProcessingPool
  /// The pool's key for this body's pieces: its host.
  private let key: String
  private let resume: @Sendable (TTDataDelivery) -> Void
  private let deliver: @Sendable (Outcome) -> Void

  /// Creates a delivery.
  ///
  /// - Parameters:
  ///   - onData: The request's closure.
  ///   - pool: Where it runs.
  ///   - key: The pool key (the host), so one host's closures cannot take every lane.
  ///   - resume: Asks the network thread to unpause the transfer of this delivery.
  ///   - deliver: Receives the outcome, once.
  init(
    onData: @escaping @Sendable (Data) -> Void, pool: TTProcessingPool, key: String,
    resume: @escaping @Sendable (TTDataDelivery) -> Void, deliver: @escaping @Sendable (Outcome) -> Void
  ) {
    self.onData = onData
    self.pool = pool
    self.key = key
    self.resume = resume
    self.deliver = deliver
  }

  /// Queues a piece; returns `false` when the backlog is full and the piece was not taken (the
  /// transfer must pause until `resume` is called).
  func offer(_ piece: Data) -> Bool {
    let schedule = state.withLock { state -> Bool? in
      guard !state.closed, state.outcome == nil else { return false }
      if state.queued >= Self.highWater {
        state.paused = true
        return nil
      }
      state.pieces.push(piece)
      state.queued += piece.count
      guard !state.scheduled else { return false }
      state.scheduled = true
      return true
    }
    guard let schedule else { return false }
    if schedule { pool.submit(key: key) { [self] in drain() } }
    return true
  }

  /// Whether the transfer is paused for this delivery.
  var isPaused: Bool { state.withLock { $0.paused } }

  /// Delivers the transfer's outcome after the pieces still waiting.
  func complete(_ outcome: Outcome) {
    settle(outcome, dropPieces: false)
  }

  /// Drops the pieces still waiting and delivers `error` (unless an outcome was delivered).
  func cancel(_ error: TTNetworkError) {
    settle(.failure(error), dropPieces: true)
  }

  private func settle(_ outcome: Outcome, dropPieces: Bool) {
    let runNow = state.withLock { state -> Bool in
      guard !state.delivered else { return false }
      if dropPieces {
        state.closed = true
        state.pieces = TTFIFO()
        state.queued = 0
        // A cancel replaces a success still waiting behind pieces.
        state.outcome = outcome
      } else if state.outcome == nil {
        state.outcome = outcome
      }
      guard !state.scheduled else { return false }
      state.delivered = true
      return true
    }
    if runNow { deliver(outcome) }
  }

  /// Runs waiting pieces, then the outcome; gives the lane to other work now and then.
  private func drain() {
    var budget = 64
    while true {
      enum Step {
        case piece(Data)
        case outcome(Outcome)
        case stop
      }
      let step = state.withLock { state -> Step in
        if let piece = state.pieces.pop() {
          state.queued -= piece.count
          return .piece(piece)
        }
        state.scheduled = false
        if let outcome = state.outcome, !state.delivered {
          state.delivered = true
          return .outcome(outcome)
        }
        return .stop
      }
      switch step {
      case .stop:
        return
      case .outcome(let outcome):
        deliver(outcome)
        return
      case .piece(let piece):
        onData(piece)
        let unpause = state.withLock { state -> Bool in
          guard state.paused, state.queued <= Self.lowWater else { return false }
          state.paused = false
          return true
        }
        if unpause { resume(self) }
      }
      budget -= 1
      if budget == 0 {
        // Let jobs of other requests run before this body's next pieces.
        pool.submit(key: key) { [self] in drain() }
        return
      }
    }
  }
}
