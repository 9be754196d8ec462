import Foundation
import Testing
import Three20Core

/// The error already recorded in a state before the event.
private let oldError = TTModelFailure(TTCoreError(.missingValue, "old failure"))
/// The error passed to `fail(_:)`.
private let newError = TTModelFailure(TTCoreError(.typeMismatch, "new failure"))

/// Every event the machine accepts, with fixed arguments.
private enum Event: String, CaseIterable, Sendable {
  case start, startMore, finish, fail, cancel, invalidate, erase
  case change, begin, end, update, insert, delete

  func apply(to machine: inout TTModelStateMachine) -> [TTModelEvent] {
    switch self {
    case .start: machine.start(more: false)
    case .startMore: machine.start(more: true)
    case .finish: machine.finish()
    case .fail: machine.fail(newError)
    case .cancel: machine.cancel()
    case .invalidate: machine.invalidate(erase: false)
    case .erase: machine.invalidate(erase: true)
    case .change: machine.change()
    case .begin: machine.beginUpdates()
    case .end: machine.endUpdates()
    case .update: machine.update(object: "row", at: [0, 1])
    case .insert: machine.insert(object: "row", at: [0, 1])
    case .delete: machine.delete(object: "row", at: [0, 1])
    }
  }
}

/// One expected step: from a state, an event leads to a state and announces these kinds.
private struct Transition: Sendable, CustomTestStringConvertible {
  let from: TTModelState
  let event: Event
  let to: TTModelState
  let emits: [TTModelEvent.Kind]

  var testDescription: String { "\(from) --\(event)--> \(to) \(emits)" }
}

private typealias K = TTModelEvent.Kind

private let idle = TTModelState.idle(error: nil)
private let idleError = TTModelState.idle(error: oldError)
private let loading = TTModelState.loading
private let loadedFresh = TTModelState.loaded(outdated: false, error: nil)
private let loadedOutdated = TTModelState.loaded(outdated: true, error: nil)
private let loadedError = TTModelState.loaded(outdated: false, error: oldError)
private let loadedOutdatedError = TTModelState.loaded(outdated: true, error: oldError)
private let refreshing = TTModelState.refreshing(outdated: false, more: false)
private let refreshingOutdated = TTModelState.refreshing(outdated: true, more: false)
private let refreshingMore = TTModelState.refreshing(outdated: false, more: true)
private let refreshingMoreOutdated = TTModelState.refreshing(outdated: true, more: true)

/// Representative states: every case, every flag combination.
private let allStates = [
  idle, idleError, loading, loadedFresh, loadedOutdated, loadedError, loadedOutdatedError,
  refreshing, refreshingOutdated, refreshingMore, refreshingMoreOutdated,
]

/// The expected effect of every load and invalidation event in every state, written by hand
/// from the rules in `TTModelStateMachine`'s documentation.
private let loadTransitions: [Transition] = {
  func row(_ from: TTModelState, _ event: Event, _ to: TTModelState, _ emits: [K]) -> Transition {
    Transition(from: from, event: event, to: to, emits: emits)
  }
  func ignored(_ from: TTModelState, _ events: Event...) -> [Transition] {
    events.map { row(from, $0, from, []) }
  }
  return [
    // idle: only a start does something.
    [row(idle, .start, loading, [.didStartLoad]), row(idle, .startMore, loading, [.didStartLoad])],
    ignored(idle, .finish, .fail, .cancel, .invalidate, .erase),
    [
      row(idleError, .start, loading, [.didStartLoad]),
      row(idleError, .startMore, loading, [.didStartLoad]),
    ],
    ignored(idleError, .finish, .fail, .cancel, .invalidate, .erase),
    // loading: the first load ends one of three ways.
    ignored(loading, .start, .startMore),
    [
      row(loading, .finish, loadedFresh, [.didFinishLoad]),
      row(loading, .fail, .idle(error: newError), [.didFailLoad]),
      row(loading, .cancel, idle, [.didCancelLoad]),
    ],
    ignored(loading, .invalidate, .erase),
    // loaded: a start refreshes, keeping outdated and dropping the error; invalidation.
    [
      row(loadedFresh, .start, refreshing, [.didStartLoad]),
      row(loadedFresh, .startMore, refreshingMore, [.didStartLoad]),
    ],
    ignored(loadedFresh, .finish, .fail, .cancel),
    [
      row(loadedFresh, .invalidate, loadedOutdated, [.didChange]),
      row(loadedFresh, .erase, idle, [.didChange]),
    ],
    [
      row(loadedOutdated, .start, refreshingOutdated, [.didStartLoad]),
      row(loadedOutdated, .startMore, refreshingMoreOutdated, [.didStartLoad]),
    ],
    ignored(loadedOutdated, .finish, .fail, .cancel, .invalidate),
    [row(loadedOutdated, .erase, idle, [.didChange])],
    [
      row(loadedError, .start, refreshing, [.didStartLoad]),
      row(loadedError, .startMore, refreshingMore, [.didStartLoad]),
    ],
    ignored(loadedError, .finish, .fail, .cancel),
    [
      row(loadedError, .invalidate, loadedOutdatedError, [.didChange]),
      row(loadedError, .erase, idle, [.didChange]),
    ],
    [
      row(loadedOutdatedError, .start, refreshingOutdated, [.didStartLoad]),
      row(loadedOutdatedError, .startMore, refreshingMoreOutdated, [.didStartLoad]),
    ],
    ignored(loadedOutdatedError, .finish, .fail, .cancel, .invalidate),
    [row(loadedOutdatedError, .erase, idle, [.didChange])],
    // refreshing a reload: finish makes the content fresh.
    ignored(refreshing, .start, .startMore),
    [
      row(refreshing, .finish, loadedFresh, [.didFinishLoad]),
      row(refreshing, .fail, .loaded(outdated: false, error: newError), [.didFailLoad]),
      row(refreshing, .cancel, loadedFresh, [.didCancelLoad]),
      row(refreshing, .invalidate, refreshingOutdated, [.didChange]),
      row(refreshing, .erase, loading, [.didChange]),
    ],
    ignored(refreshingOutdated, .start, .startMore),
    [
      row(refreshingOutdated, .finish, loadedFresh, [.didFinishLoad]),
      row(refreshingOutdated, .fail, .loaded(outdated: true, error: newError), [.didFailLoad]),
      row(refreshingOutdated, .cancel, loadedOutdated, [.didCancelLoad]),
    ],
    ignored(refreshingOutdated, .invalidate),
    [row(refreshingOutdated, .erase, loading, [.didChange])],
    // refreshing the next page: finish keeps outdated as it was.
    ignored(refreshingMore, .start, .startMore),
    [
      row(refreshingMore, .finish, loadedFresh, [.didFinishLoad]),
      row(refreshingMore, .fail, .loaded(outdated: false, error: newError), [.didFailLoad]),
      row(refreshingMore, .cancel, loadedFresh, [.didCancelLoad]),
      row(refreshingMore, .invalidate, refreshingMoreOutdated, [.didChange]),
      row(refreshingMore, .erase, loading, [.didChange]),
    ],
    ignored(refreshingMoreOutdated, .start, .startMore),
    [
      row(refreshingMoreOutdated, .finish, loadedOutdated, [.didFinishLoad]),
      row(refreshingMoreOutdated, .fail, .loaded(outdated: true, error: newError), [.didFailLoad]),
      row(refreshingMoreOutdated, .cancel, loadedOutdated, [.didCancelLoad]),
    ],
    ignored(refreshingMoreOutdated, .invalidate),
    [row(refreshingMoreOutdated, .erase, loading, [.didChange])],
  ].flatMap { $0 }
}()

/// Changes and batches (outside any batch) in every state: the state never moves, and each
/// announces its one event, except an end with no begin.
private let changeTransitions: [Transition] = allStates.flatMap { state in
  [
    Transition(from: state, event: .change, to: state, emits: [.didChange]),
    Transition(from: state, event: .begin, to: state, emits: [.didBeginUpdates]),
    Transition(from: state, event: .end, to: state, emits: []),
    Transition(from: state, event: .update, to: state, emits: [.didUpdate]),
    Transition(from: state, event: .insert, to: state, emits: [.didInsert]),
    Transition(from: state, event: .delete, to: state, emits: [.didDelete]),
  ]
}

@Suite struct TTModelStateMachineTests {
  // MARK: - The full table

  /// The table covers every representative state with every event exactly once.
  @Test func tableCoversEveryStateAndEvent() {
    let covered = (loadTransitions + changeTransitions).map { "\($0.from)|\($0.event)" }
    #expect(covered.count == allStates.count * Event.allCases.count)
    #expect(Set(covered).count == covered.count)
  }

  /// Each load or invalidation event moves the state and announces exactly as the table says.
  @Test(arguments: loadTransitions)
  fileprivate func loadEventFollowsTheTable(_ transition: Transition) {
    var machine = TTModelStateMachine(state: transition.from)
    let events = transition.event.apply(to: &machine)
    #expect(machine.state == transition.to)
    #expect(events.map(\.kind) == transition.emits)
    #expect(machine.updateDepth == 0)
  }

  /// Changes and batch events never move the load state.
  @Test(arguments: changeTransitions)
  fileprivate func changeEventFollowsTheTable(_ transition: Transition) {
    var machine = TTModelStateMachine(state: transition.from)
    let events = transition.event.apply(to: &machine)
    #expect(machine.state == transition.to)
    #expect(events.map(\.kind) == transition.emits)
  }

  // MARK: - Payloads and defaults

  /// A new machine has never loaded and is outside any batch.
  @Test func newMachineIsIdleWithoutBatch() {
    let machine = TTModelStateMachine()
    #expect(machine.state == .idle(error: nil))
    #expect(machine.updateDepth == 0)
  }

  /// A failure announces the error it was given, and records it in the state.
  @Test func failAnnouncesTheGivenError() throws {
    var machine = TTModelStateMachine(state: .loading)
    let events = machine.fail(newError)
    guard case .didFailLoad(let failure) = try #require(events.first) else {
      Issue.record("expected didFailLoad, got \(events)")
      return
    }
    #expect(failure == newError)
    #expect(machine.state.error == newError)
  }

  /// Update, insert and delete announce the object and index path they were given.
  @Test func objectEventsCarryTheirPayload() {
    var machine = TTModelStateMachine()
    let events =
      machine.update(object: 1, at: [0, 0]) + machine.insert(object: "b", at: [1, 2])
      + machine.delete(object: 3.5, at: [4])
    #expect(events.count == 3)
    if case .didUpdate(let object, let indexPath) = events[0] {
      #expect(object as? Int == 1)
      #expect(indexPath == [0, 0])
    } else {
      Issue.record("expected didUpdate, got \(events[0])")
    }
    if case .didInsert(let object, let indexPath) = events[1] {
      #expect(object as? String == "b")
      #expect(indexPath == [1, 2])
    } else {
      Issue.record("expected didInsert, got \(events[1])")
    }
    if case .didDelete(let object, let indexPath) = events[2] {
      #expect(object as? Double == 3.5)
      #expect(indexPath == [4])
    } else {
      Issue.record("expected didDelete, got \(events[2])")
    }
  }

  /// A failed first load is retried from `idle(error:)`, and the new start clears the error.
  @Test func startClearsThePreviousError() {
    var machine = TTModelStateMachine(state: .loaded(outdated: true, error: oldError))
    _ = machine.start(more: false)
    #expect(machine.state.error == nil)
    _ = machine.cancel()
    #expect(machine.state == .loaded(outdated: true, error: nil))
  }

  // MARK: - Batches

  /// Only the outermost begin and end of nested batches are announced.
  @Test func nestedBatchesAnnounceOnlyTheOutermostPair() {
    var machine = TTModelStateMachine(state: .loaded(outdated: false, error: nil))
    var kinds: [K] = []
    kinds += machine.beginUpdates().map(\.kind)
    kinds += machine.beginUpdates().map(\.kind)
    #expect(machine.updateDepth == 2)
    kinds += machine.insert(object: "x", at: [0, 0]).map(\.kind)
    kinds += machine.endUpdates().map(\.kind)
    #expect(machine.updateDepth == 1)
    kinds += machine.endUpdates().map(\.kind)
    #expect(machine.updateDepth == 0)
    kinds += machine.endUpdates().map(\.kind)
    #expect(machine.updateDepth == 0)
    #expect(kinds == [.didBeginUpdates, .didInsert, .didEndUpdates])
  }

  /// Surplus ends are ignored and do not cancel a later begin.
  @Test func surplusEndsDoNotUnbalanceLaterBatches() {
    var machine = TTModelStateMachine()
    for _ in 0..<5 { #expect(machine.endUpdates().isEmpty) }
    #expect(machine.beginUpdates().map(\.kind) == [.didBeginUpdates])
    #expect(machine.endUpdates().map(\.kind) == [.didEndUpdates])
  }

  /// Load events inside a batch behave as outside it, and leave the depth alone.
  @Test func loadEventsInsideABatchKeepTheDepth() {
    var machine = TTModelStateMachine()
    _ = machine.beginUpdates()
    #expect(machine.start(more: false).map(\.kind) == [.didStartLoad])
    #expect(machine.finish().map(\.kind) == [.didFinishLoad])
    #expect(machine.invalidate(erase: true).map(\.kind) == [.didChange])
    #expect(machine.updateDepth == 1)
  }

  // MARK: - Random sequences

  /// Over long random event sequences the flags never contradict each other, the depth never
  /// goes negative, and every start is closed by exactly one finish, failure or cancel.
  @Test(arguments: [1, 2, 3, 42, 2024, 0xDEAD_BEEF] as [UInt64])
  func randomSequencesKeepTheInvariants(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var machine = TTModelStateMachine()
    var loadOpen = false
    var batchOpen = false
    var seenKinds = Set<K>()
    for step in 0..<5_000 {
      let event = Event.allCases.randomElement(using: &generator) ?? .change
      let before = machine.state
      let emitted = event.apply(to: &machine).map(\.kind)
      let state = machine.state
      let context = "seed \(seed) step \(step): \(before) --\(event)--> \(state) \(emitted)"
      seenKinds.formUnion(emitted)

      #expect(emitted.count <= 1, "\(context)")
      #expect(!state.isLoadingMore || (state.isLoading && state.isLoaded), "\(context)")
      #expect(!state.isOutdated || state.isLoaded, "\(context)")
      #expect(state.error == nil || !state.isLoading, "\(context)")
      #expect(state.hasContent == state.isLoaded, "\(context)")
      #expect(machine.updateDepth >= 0, "\(context)")

      for kind in emitted {
        switch kind {
        case .didStartLoad:
          #expect(!loadOpen, "start while a load is open: \(context)")
          loadOpen = true
        case .didFinishLoad, .didFailLoad, .didCancelLoad:
          #expect(loadOpen, "end without a start: \(context)")
          loadOpen = false
        case .didBeginUpdates:
          #expect(!batchOpen, "begin inside a batch: \(context)")
          batchOpen = true
        case .didEndUpdates:
          #expect(batchOpen, "end outside a batch: \(context)")
          batchOpen = false
        case .didChange, .didUpdate, .didInsert, .didDelete:
          break
        }
      }
      #expect(loadOpen == state.isLoading, "\(context)")
      #expect(batchOpen == (machine.updateDepth > 0), "\(context)")
      if emitted.isEmpty
        || [.didUpdate, .didInsert, .didDelete, .didBeginUpdates, .didEndUpdates]
          .contains(emitted[0])
      {
        #expect(before == state, "an ignored event or a change moved the state: \(context)")
      }
    }
    // The run exercised every kind of event, so the checks above were not vacuous.
    #expect(seenKinds == Set(K.allCases))
  }
}
