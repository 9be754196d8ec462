public import Foundation

/// A notification a model sends to its observers: the Swift form of one ``TTModelDelegate``
/// callback.
///
/// ``TTModelStateMachine`` returns these, ``TTBaseModel`` delivers them to its delegates and its
/// ``TTModel/events()`` streams. Objects in ``didUpdate(object:at:)`` and its siblings can be
/// anything `Sendable`, so events are not `Equatable`; compare their ``kind`` instead:
///
/// ```swift
/// for await event in model.events() {
///   if event.kind == .didFinishLoad { reloadTable() }
/// }
/// ```
public enum TTModelEvent: Sendable, CustomStringConvertible {
  /// A load started.
  ///
  /// Exactly one of ``didFinishLoad``, ``didFailLoad(_:)`` or ``didCancelLoad`` follows before
  /// the next ``didStartLoad``.
  case didStartLoad
  /// The load in flight succeeded.
  case didFinishLoad
  /// The load in flight failed.
  ///
  /// - Parameter failure: Why it failed; also in the model's ``TTModelState/error``.
  case didFailLoad(TTModelFailure)
  /// The load in flight was cancelled.
  case didCancelLoad
  /// The content changed in a way observers should reload from scratch; also sent when
  /// ``TTModel/invalidate(erase:)`` changed the state.
  case didChange
  /// A batch of object events begins.
  ///
  /// The batch groups ``didUpdate(object:at:)``, ``didInsert(object:at:)`` and
  /// ``didDelete(object:at:)`` events. Batches nest; only the outermost one is announced.
  case didBeginUpdates
  /// The outermost batch of changes ended.
  case didEndUpdates
  /// An object changed in place.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - at: Where it is.
  case didUpdate(object: any Sendable, at: IndexPath)
  /// An object was inserted.
  ///
  /// - Parameters:
  ///   - object: The new object.
  ///   - at: Where it now is.
  case didInsert(object: any Sendable, at: IndexPath)
  /// An object was removed.
  ///
  /// - Parameters:
  ///   - object: The removed object.
  ///   - at: Where it was.
  case didDelete(object: any Sendable, at: IndexPath)

  /// Which event this is, without its payload.
  public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``TTModelEvent/didStartLoad``.
    case didStartLoad
    /// ``TTModelEvent/didFinishLoad``.
    case didFinishLoad
    /// ``TTModelEvent/didFailLoad(_:)``.
    case didFailLoad
    /// ``TTModelEvent/didCancelLoad``.
    case didCancelLoad
    /// ``TTModelEvent/didChange``.
    case didChange
    /// ``TTModelEvent/didBeginUpdates``.
    case didBeginUpdates
    /// ``TTModelEvent/didEndUpdates``.
    case didEndUpdates
    /// ``TTModelEvent/didUpdate(object:at:)``.
    case didUpdate
    /// ``TTModelEvent/didInsert(object:at:)``.
    case didInsert
    /// ``TTModelEvent/didDelete(object:at:)``.
    case didDelete

    /// The case name, for example `didFailLoad`.
    public var description: String { rawValue }
  }

  /// Which event this is, without its payload, for comparisons.
  ///
  /// ```swift
  /// TTModelEvent.didInsert(object: "row", at: [0, 2]).kind   // .didInsert
  /// ```
  public var kind: Kind {
    switch self {
    case .didStartLoad: .didStartLoad
    case .didFinishLoad: .didFinishLoad
    case .didFailLoad: .didFailLoad
    case .didCancelLoad: .didCancelLoad
    case .didChange: .didChange
    case .didBeginUpdates: .didBeginUpdates
    case .didEndUpdates: .didEndUpdates
    case .didUpdate: .didUpdate
    case .didInsert: .didInsert
    case .didDelete: .didDelete
    }
  }

  /// The kind, with the payload if there is one.
  ///
  /// ```swift
  /// TTModelEvent.didInsert(object: "row", at: [0, 2]).description
  /// // "didInsert(row at [0, 2])"
  /// ```
  public var description: String {
    switch self {
    case .didFailLoad(let failure):
      "didFailLoad(\(failure))"
    case .didUpdate(let object, let indexPath), .didInsert(let object, let indexPath),
      .didDelete(let object, let indexPath):
      "\(kind)(\(object) at \(indexPath))"
    default:
      kind.rawValue
    }
  }
}
