public import Foundation
import Synchronization

/// A model that keeps its state consistent and delivers its notifications: the class to subclass
/// to make a ``TTModel``, like Three20's `TTModel` class.
///
/// A plain `TTBaseModel` is already loaded and has nothing to load, which suits content that is
/// built in memory. A subclass that loads overrides ``load(_:more:)`` (and ``cancel()`` and
/// ``invalidate(erase:)`` if it has work to stop or data to drop), starts from
/// `.idle(error: nil)`, and reports progress through the notifier methods:
///
/// ```swift
/// final class PhotosModel: TTBaseModel {
///   private(set) var photos: [Photo] = []
///   private var task: Task<Void, Never>?
///
///   init() { super.init(state: .idle(error: nil)) }
///
///   override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
///     guard !isLoading else { return }
///     didStartLoad(more: more)
///     task = Task {
///       do {
///         let page = try await fetchPhotos(after: more ? photos.last : nil)
///         photos = more ? photos + page : page
///         didFinishLoad()
///       } catch is CancellationError {
///         didCancelLoad()
///       } catch {
///         didFailLoad(with: error)
///       }
///     }
///   }
///
///   override func cancel() { task?.cancel() }
/// }
/// ```
///
/// Each notifier feeds the model's ``TTModelStateMachine``, which updates ``state`` and decides
/// what to announce; an event that makes no sense in the current state (a finish with nothing
/// loading, a second start) changes nothing and is delivered to nobody. So always call
/// ``didStartLoad(more:)`` before ``didFinishLoad()``, even when the result is ready at once (a cache
/// hit).
///
/// Announced events go to the delegates, in the order they were added, then to every
/// ``events()`` stream. Delegates are held weakly; released ones are skipped and pruned. A
/// delegate may add or remove delegates (itself included) while it is being called: a removed
/// delegate that has not been called yet is skipped, an added one hears from the next event on.
/// If a callback triggers another notification, that one is delivered after the current event
/// has reached everybody, so all observers see events in the same order.
@MainActor
open class TTBaseModel: TTModel {
  private var machine: TTModelStateMachine
  private var delegateBoxes: [WeakDelegate] = []
  private var pendingEvents: [TTModelEvent] = []
  private var isDelivering = false
  private let subscribers = Subscribers()

  /// Creates a model in a given state.
  ///
  /// - Parameter state: Where the model starts; defaults to `.loaded(outdated: false, error: nil)`,
  ///   like Three20's `TTModel`, which was always loaded. Models that load start from
  ///   `.idle(error: nil)`.
  public init(state: TTModelState = .loaded(outdated: false, error: nil)) {
    machine = TTModelStateMachine(state: state)
  }

  deinit {
    subscribers.finishAll()
  }

  // MARK: - TTModel

  /// Where the model is: content or not, loading or not, outdated or not, last error.
  public var state: TTModelState { machine.state }

  /// The delegates that are still alive, in the order they were added.
  public var delegates: [any TTModelDelegate] {
    delegateBoxes.compactMap(\.value)
  }

  /// Starts loading; the base class has nothing to load and does nothing.
  ///
  /// Override it to start your work unless ``TTModel/isLoading``, call ``didStartLoad(more:)`` when
  /// it starts, then exactly one of ``didFinishLoad()``, ``didFailLoad(with:)`` or
  /// ``didCancelLoad()`` when it ends. There is no need to call `super`.
  ///
  /// - Parameters:
  ///   - policy: Where the data may come from.
  ///   - more: `true` to fetch the next page, `false` to (re)load from the start.
  open func load(_ policy: TTURLRequestCachePolicy, more: Bool) {}

  /// Stops the load in flight: the base class reports ``didCancelLoad()``, which is ignored if
  /// nothing is loading.
  ///
  /// Override it to stop your work. Then either call `super.cancel()`, or call
  /// ``didCancelLoad()`` yourself once the work has stopped; a second cancel is ignored.
  open func cancel() {
    didCancelLoad()
  }

  /// Marks the content outdated, or drops it, and announces ``TTModelEvent/didChange`` if that
  /// changed the state (see ``TTModelStateMachine/invalidate(erase:)``).
  ///
  /// Override it to invalidate your cached data (and drop your content when `erase` is `true`),
  /// then call `super.invalidate(erase:)`.
  ///
  /// - Parameter erase: `true` to drop the content as well.
  open func invalidate(erase: Bool) {
    deliver(machine.invalidate(erase: erase))
  }

  /// Adds a delegate, held weakly; adding one that is already there has no effect.
  ///
  /// - Parameter delegate: The observer.
  public func addDelegate(_ delegate: any TTModelDelegate) {
    delegateBoxes.removeAll { $0.value == nil }
    guard !delegateBoxes.contains(where: { $0.value === delegate }) else { return }
    delegateBoxes.append(WeakDelegate(value: delegate))
  }

  /// Removes a delegate; nothing happens if it was not added.
  ///
  /// - Parameter delegate: The observer.
  public func removeDelegate(_ delegate: any TTModelDelegate) {
    delegateBoxes.removeAll { $0.value == nil || $0.value === delegate }
  }

  /// A new stream of every event announced from now on; it ends when the model is deinitialised.
  ///
  /// - Returns: A stream of the model's events.
  public func events() -> AsyncStream<TTModelEvent> {
    subscribers.makeStream()
  }

  // MARK: - Notifiers for subclasses

  /// Reports that a load started; announced unless a load is already in flight.
  ///
  /// - Parameter more: `true` if the load fetches the next page; defaults to `false`. Without
  ///   content, the load is a first load either way.
  public final func didStartLoad(more: Bool = false) {
    deliver(machine.start(more: more))
  }

  /// Reports that the load in flight succeeded; ignored if nothing is loading.
  public final func didFinishLoad() {
    deliver(machine.finish())
  }

  /// Reports that the load in flight failed; ignored if nothing is loading.
  ///
  /// - Parameter error: Why it failed.
  public final func didFailLoad(with error: any Error) {
    deliver(machine.fail(TTModelFailure(error)))
  }

  /// Reports that the load in flight was cancelled; ignored if nothing is loading.
  public final func didCancelLoad() {
    deliver(machine.cancel())
  }

  /// Reports that the content changed and observers should reload it.
  public final func didChange() {
    deliver(machine.change())
  }

  /// Begins a batch of ``didUpdate(_:at:)``, ``didInsert(_:at:)`` and ``didDelete(_:at:)`` reports.
  ///
  /// Batches nest; only the outermost is announced.
  public final func beginUpdates() {
    deliver(machine.beginUpdates())
  }

  /// Ends a batch; the outermost end is announced, an end without a begin is ignored.
  public final func endUpdates() {
    deliver(machine.endUpdates())
  }

  /// Reports that an object changed in place.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - indexPath: Where it is.
  public final func didUpdate(_ object: any Sendable, at indexPath: IndexPath) {
    deliver(machine.update(object: object, at: indexPath))
  }

  /// Reports that an object was inserted.
  ///
  /// - Parameters:
  ///   - object: The new object.
  ///   - indexPath: Where it now is.
  public final func didInsert(_ object: any Sendable, at indexPath: IndexPath) {
    deliver(machine.insert(object: object, at: indexPath))
  }

  /// Reports that an object was removed.
  ///
  /// - Parameters:
  ///   - object: The removed object.
  ///   - indexPath: Where it was.
  public final func didDelete(_ object: any Sendable, at indexPath: IndexPath) {
    deliver(machine.delete(object: object, at: indexPath))
  }

  // MARK: - Delivery

  /// Queues events and, unless a delivery is already running further up the stack, delivers
  /// the queue in order, so nested notifications never overtake the current one.
  private func deliver(_ events: [TTModelEvent]) {
    guard !events.isEmpty else { return }
    pendingEvents.append(contentsOf: events)
    guard !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    var index = 0
    while index < pendingEvents.count {
      let event = pendingEvents[index]
      index += 1
      notifyDelegates(of: event)
      subscribers.yield(event)
    }
    pendingEvents.removeAll()
  }

  private func notifyDelegates(of event: TTModelEvent) {
    delegateBoxes.removeAll { $0.value == nil }
    // A snapshot of weak boxes: callbacks may change the list, and a delegate released by an
    // earlier callback of this round must not be kept alive (and called) by the snapshot.
    let snapshot = delegateBoxes
    for box in snapshot {
      // Skip a delegate that is gone, or that an earlier callback of this round removed.
      guard let delegate = box.value,
        delegateBoxes.contains(where: { $0.value === delegate })
      else { continue }
      call(delegate, with: event)
    }
  }

  private func call(_ delegate: any TTModelDelegate, with event: TTModelEvent) {
    switch event {
    case .didStartLoad: delegate.modelDidStartLoad(self)
    case .didFinishLoad: delegate.modelDidFinishLoad(self)
    case .didFailLoad(let failure): delegate.model(self, didFailLoadWith: failure.error)
    case .didCancelLoad: delegate.modelDidCancelLoad(self)
    case .didChange: delegate.modelDidChange(self)
    case .didBeginUpdates: delegate.modelDidBeginUpdates(self)
    case .didEndUpdates: delegate.modelDidEndUpdates(self)
    case .didUpdate(let object, let indexPath): delegate.model(self, didUpdate: object, at: indexPath)
    case .didInsert(let object, let indexPath): delegate.model(self, didInsert: object, at: indexPath)
    case .didDelete(let object, let indexPath): delegate.model(self, didDelete: object, at: indexPath)
    }
  }
}

/// A delegate held without keeping it alive.
private struct WeakDelegate {
  weak var value: (any TTModelDelegate)?
}

/// The continuations of a model's ``TTModel/events()`` streams.
///
/// They sit behind a mutex because a stream's termination handler runs on whatever thread
/// cancels it, and the model's deinit is not isolated to the main actor.
private final class Subscribers: Sendable {
  private struct Registry {
    var nextID = 0
    var continuations: [Int: AsyncStream<TTModelEvent>.Continuation] = [:]
  }

  private let registry = Mutex(Registry())

  /// A new stream, registered until it terminates or ``finishAll()`` runs.
  func makeStream() -> AsyncStream<TTModelEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: TTModelEvent.self)
    let id = registry.withLock { registry in
      let id = registry.nextID
      registry.nextID &+= 1
      registry.continuations[id] = continuation
      return id
    }
    // The stream has not been handed out yet, so it cannot have terminated before this line.
    continuation.onTermination = { [weak self] _ in
      self?.registry.withLock { _ = $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Sends an event to every registered stream, in registration order.
  func yield(_ event: TTModelEvent) {
    let targets = registry.withLock { registry in
      registry.continuations.sorted { $0.key < $1.key }.map(\.value)
    }
    for continuation in targets {
      continuation.yield(event)
    }
  }

  /// Ends every stream.
  ///
  /// Finishing runs termination handlers, which take the lock, so it happens outside it.
  func finishAll() {
    let targets = registry.withLock { registry in
      defer { registry.continuations.removeAll() }
      return Array(registry.continuations.values)
    }
    for continuation in targets {
      continuation.finish()
    }
  }
}
