public import Foundation

/// The rules of a model's life, as a value: each event moves the ``state`` and returns the
/// notifications to deliver.
///
/// The machine has no side effects. ``TTBaseModel`` owns one, feeds it every notifier call,
/// and delivers exactly the events it returns; an event that makes no sense in the current state
/// returns `[]` and is dropped. That is how a stray "finish" after a cancel, or a second "start"
/// while a load runs, never reaches a table controller.
///
/// ```swift
/// var machine = TTModelStateMachine()       // .idle(error: nil)
/// machine.start(more: false)                // [.didStartLoad]; state .loading
/// machine.start(more: false)                // []: a load is already in flight
/// machine.finish()                          // [.didFinishLoad]; state .loaded(outdated: false, error: nil)
/// machine.cancel()                          // []: nothing to cancel
/// ```
///
/// ## Load events
///
/// Rows are the current state, columns the event; each cell is the next state and the events
/// returned. "—" means the event is ignored: the state stays and `[]` is returned.
/// `o` is the current `outdated`, `m` the current `more`, `e` the current error, `E` the new one.
///
/// | State                  | `start(more: M)`            | `finish()`                        | `fail(E)`                    | `cancel()`                      |
/// |------------------------|-----------------------------|-----------------------------------|------------------------------|---------------------------------|
/// | `idle(e)`              | `loading`, start            | —                                 | —                            | —                               |
/// | `loading`              | —                           | `loaded(false, nil)`, finish      | `idle(E)`, fail              | `idle(nil)`, cancel             |
/// | `loaded(o, e)`         | `refreshing(o, M)`, start   | —                                 | —                            | —                               |
/// | `refreshing(o, false)` | —                           | `loaded(false, nil)`, finish      | `loaded(o, E)`, fail         | `loaded(o, nil)`, cancel        |
/// | `refreshing(o, true)`  | —                           | `loaded(o, nil)`, finish          | `loaded(o, E)`, fail         | `loaded(o, nil)`, cancel        |
///
/// - A start with `more: true` and no content is a first load: it goes to ``TTModelState/loading``.
/// - Finishing the next page keeps `outdated` as it was: loading page 3 does not refresh pages 1–2.
///   Finishing a reload (or a first load) makes the content fresh.
/// - Starting a load clears the previous error; a failure with content keeps the content.
///
/// ## Invalidation
///
/// | State              | `invalidate(erase: false)`      | `invalidate(erase: true)` |
/// |--------------------|---------------------------------|---------------------------|
/// | `idle(e)`          | —                               | —                         |
/// | `loading`          | —                               | —                         |
/// | `loaded(false, e)` | `loaded(true, e)`, change       | `idle(nil)`, change       |
/// | `loaded(true, e)`  | —                               | `idle(nil)`, change       |
/// | `refreshing(false, m)` | `refreshing(true, m)`, change | `loading`, change       |
/// | `refreshing(true, m)`  | —                           | `loading`, change         |
///
/// Invalidating marks the content outdated; erasing drops it, leaving ``TTModelState/loading``
/// if a load is still in flight (that load's finish, failure or cancel is still delivered).
/// Invalidation sends ``TTModelEvent/didChange`` only when the state changed, so observers that
/// draw from the state always see the new one. Without content there is nothing to invalidate.
///
/// ## Changes and batches
///
/// ``change()``, ``update(object:at:)``, ``insert(object:at:)`` and ``delete(object:at:)`` never
/// change the state and always return their one event, in any state.
/// ``beginUpdates()`` and ``endUpdates()`` never change the state either; they nest, and only the
/// outermost pair is announced:
///
/// | ``updateDepth`` | `beginUpdates()`        | `endUpdates()`          |
/// |-----------------|-------------------------|-------------------------|
/// | 0               | 1, begin                | — (no begin to end)     |
/// | 1               | 2, nothing returned     | 0, end                  |
/// | n > 1           | n + 1, nothing returned | n − 1, nothing returned |
public struct TTModelStateMachine: Sendable, Hashable {
  /// Where the model is now.
  public private(set) var state: TTModelState

  /// How many ``beginUpdates()`` are open: 0 outside a batch, never negative.
  public private(set) var updateDepth: Int = 0

  /// Creates a machine in a given state, outside any batch of updates.
  ///
  /// - Parameter state: The starting state; defaults to `.idle(error: nil)`, a model that has
  ///   never loaded.
  public init(state: TTModelState = .idle(error: nil)) {
    self.state = state
  }

  // MARK: - Loading

  /// A load starts.
  ///
  /// - Parameter more: `true` to fetch the next page. Without content, the load is a first load
  ///   either way.
  /// - Returns: `[.didStartLoad]`, or `[]` if a load is already in flight.
  public mutating func start(more: Bool) -> [TTModelEvent] {
    switch state {
    case .idle:
      state = .loading
    case .loaded(let outdated, _):
      state = .refreshing(outdated: outdated, more: more)
    case .loading, .refreshing:
      return []
    }
    return [.didStartLoad]
  }

  /// The load in flight succeeds.
  ///
  /// - Returns: `[.didFinishLoad]`, or `[]` if nothing is loading.
  public mutating func finish() -> [TTModelEvent] {
    switch state {
    case .loading, .refreshing(_, more: false):
      state = .loaded(outdated: false, error: nil)
    case .refreshing(let outdated, more: true):
      state = .loaded(outdated: outdated, error: nil)
    case .idle, .loaded:
      return []
    }
    return [.didFinishLoad]
  }

  /// The load in flight fails; content, if any, is kept.
  ///
  /// - Parameter error: Why it failed.
  /// - Returns: `[.didFailLoad(error)]`, or `[]` if nothing is loading.
  public mutating func fail(_ error: TTModelFailure) -> [TTModelEvent] {
    switch state {
    case .loading:
      state = .idle(error: error)
    case .refreshing(let outdated, _):
      state = .loaded(outdated: outdated, error: error)
    case .idle, .loaded:
      return []
    }
    return [.didFailLoad(error)]
  }

  /// The load in flight is cancelled; content, if any, is kept as it was.
  ///
  /// - Returns: `[.didCancelLoad]`, or `[]` if nothing is loading.
  public mutating func cancel() -> [TTModelEvent] {
    switch state {
    case .loading:
      state = .idle(error: nil)
    case .refreshing(let outdated, _):
      state = .loaded(outdated: outdated, error: nil)
    case .idle, .loaded:
      return []
    }
    return [.didCancelLoad]
  }

  /// The content is marked outdated, or dropped.
  ///
  /// - Parameter erase: `true` to drop the content as well: the state becomes `.idle(error: nil)`,
  ///   or ``TTModelState/loading`` if a load is in flight.
  /// - Returns: `[.didChange]` if the state changed, otherwise `[]` (no content, or already
  ///   outdated and not erasing).
  public mutating func invalidate(erase: Bool) -> [TTModelEvent] {
    let next: TTModelState
    switch state {
    case .idle, .loading:
      return []
    case .loaded(_, let error):
      next = erase ? .idle(error: nil) : .loaded(outdated: true, error: error)
    case .refreshing(_, let more):
      next = erase ? .loading : .refreshing(outdated: true, more: more)
    }
    guard next != state else { return [] }
    state = next
    return [.didChange]
  }

  // MARK: - Changes

  /// The content changed; observers should reload it from scratch.
  ///
  /// - Returns: `[.didChange]`, in any state.
  public mutating func change() -> [TTModelEvent] {
    [.didChange]
  }

  /// A batch of changes begins.
  ///
  /// - Returns: `[.didBeginUpdates]` when no batch was open, otherwise `[]`.
  public mutating func beginUpdates() -> [TTModelEvent] {
    // A depth of Int.max is out of reach, but stay put rather than trap if it ever is.
    guard updateDepth < Int.max else { return [] }
    updateDepth += 1
    return updateDepth == 1 ? [.didBeginUpdates] : []
  }

  /// A batch of changes ends.
  ///
  /// - Returns: `[.didEndUpdates]` when this closes the outermost batch; `[]` inside a nested
  ///   batch, or when no batch is open.
  public mutating func endUpdates() -> [TTModelEvent] {
    guard updateDepth > 0 else { return [] }
    updateDepth -= 1
    return updateDepth == 0 ? [.didEndUpdates] : []
  }

  /// An object changed in place.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - indexPath: Where it is.
  /// - Returns: `[.didUpdate(object:at:)]`, in any state.
  public mutating func update(object: any Sendable, at indexPath: IndexPath) -> [TTModelEvent] {
    [.didUpdate(object: object, at: indexPath)]
  }

  /// An object was inserted.
  ///
  /// - Parameters:
  ///   - object: The new object.
  ///   - indexPath: Where it now is.
  /// - Returns: `[.didInsert(object:at:)]`, in any state.
  public mutating func insert(object: any Sendable, at indexPath: IndexPath) -> [TTModelEvent] {
    [.didInsert(object: object, at: indexPath)]
  }

  /// An object was removed.
  ///
  /// - Parameters:
  ///   - object: The removed object.
  ///   - indexPath: Where it was.
  /// - Returns: `[.didDelete(object:at:)]`, in any state.
  public mutating func delete(object: any Sendable, at indexPath: IndexPath) -> [TTModelEvent] {
    [.didDelete(object: object, at: indexPath)]
  }
}
