/// A registration made by an `add…Observer` method; pass it back to remove the observer.
///
/// ```swift
/// let changes = TTObserverList<String>()
/// let observation = changes.add { print("changed: \($0)") }
/// changes.notify("title")          // prints "changed: title"
/// changes.remove(observation)
/// changes.notify("title")          // prints nothing
/// ```
public struct TTObservation: Hashable, Sendable {
  /// The observer's number, unique within its list.
  let id: Int
}

/// The observers of one kind of change, told in the order they were added.
///
/// Types that announce changes — ``TTModel`` implementations, a navigator, a view controller's
/// title — keep one list per kind of change, hand out ``TTObservation``s from their `add…`
/// method and call ``notify(_:)`` once a change is complete. An observer removed while others
/// are being told (by one of them) is not told. The list keeps each closure until it is
/// removed, so an observer captures its owner weakly.
@MainActor
public final class TTObserverList<Value> {
  private var observers: [(id: Int, body: @MainActor (Value) -> Void)] = []
  private var lastID = 0

  /// Creates an empty list.
  public init() {}

  /// Whether no observer is registered.
  public var isEmpty: Bool { observers.isEmpty }

  /// Registers an observer.
  ///
  /// - Parameter body: What to run on each change; it gets the value passed to ``notify(_:)``.
  /// - Returns: The registration, for ``remove(_:)``.
  @discardableResult
  public func add(_ body: @escaping @MainActor (Value) -> Void) -> TTObservation {
    lastID += 1
    observers.append((lastID, body))
    return TTObservation(id: lastID)
  }

  /// Removes an observer; nothing happens if it was removed already.
  ///
  /// - Parameter observation: The registration ``add(_:)`` returned.
  public func remove(_ observation: TTObservation) {
    observers.removeAll { $0.id == observation.id }
  }

  /// Tells every observer, in the order they were added, skipping any that an earlier one
  /// removed.
  ///
  /// - Parameter value: What changed.
  public func notify(_ value: Value) {
    for observer in observers where observers.contains(where: { $0.id == observer.id }) {
      observer.body(value)
    }
  }
}
