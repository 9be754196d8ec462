public import Foundation

/// An observer of a ``TTModel``: Three20's `TTModelDelegate`.
///
/// Every callback has an empty default, so implement only the ones you need. Models hold their
/// delegates weakly. The same notifications are available as ``TTModelEvent`` values from
/// ``TTModel/events()``.
///
/// ```swift
/// final class PhotosController: TTModelDelegate {
///   func modelDidFinishLoad(_ model: any TTModel) { reloadTable() }
///   func model(_ model: any TTModel, didFailLoadWith error: any Error) { showError(error) }
/// }
/// ```
///
/// Implement the callbacks in the class that declares the conformance: because of the default
/// implementations, a subclass that adds a callback its superclass lacks is never called.
@MainActor
public protocol TTModelDelegate: AnyObject {
  /// A load started.
  ///
  /// - Parameter model: The model.
  func modelDidStartLoad(_ model: any TTModel)

  /// The load finished successfully.
  ///
  /// - Parameter model: The model.
  func modelDidFinishLoad(_ model: any TTModel)

  /// The load failed.
  ///
  /// The model's `state.error` holds the same error as a ``TTModelFailure``.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - error: Why it failed.
  func model(_ model: any TTModel, didFailLoadWith error: any Error)

  /// The load was cancelled.
  ///
  /// - Parameter model: The model.
  func modelDidCancelLoad(_ model: any TTModel)

  /// The content changed (or was invalidated); reload it from scratch.
  ///
  /// - Parameter model: The model.
  func modelDidChange(_ model: any TTModel)

  /// An object changed in place.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The object.
  ///   - indexPath: Where it is.
  func model(_ model: any TTModel, didUpdate object: any Sendable, at indexPath: IndexPath)

  /// An object was inserted.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The new object.
  ///   - indexPath: Where it now is.
  func model(_ model: any TTModel, didInsert object: any Sendable, at indexPath: IndexPath)

  /// An object was removed.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The removed object.
  ///   - indexPath: Where it was.
  func model(_ model: any TTModel, didDelete object: any Sendable, at indexPath: IndexPath)

  /// A batch of updates, inserts and deletes begins (only the outermost of nested batches).
  ///
  /// - Parameter model: The model.
  func modelDidBeginUpdates(_ model: any TTModel)

  /// The outermost batch of updates ended.
  ///
  /// - Parameter model: The model.
  func modelDidEndUpdates(_ model: any TTModel)
}

extension TTModelDelegate {
  /// Does nothing.
  ///
  /// - Parameter model: The model.
  public func modelDidStartLoad(_ model: any TTModel) {}

  /// Does nothing.
  ///
  /// - Parameter model: The model.
  public func modelDidFinishLoad(_ model: any TTModel) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - error: Why it failed.
  public func model(_ model: any TTModel, didFailLoadWith error: any Error) {}

  /// Does nothing.
  ///
  /// - Parameter model: The model.
  public func modelDidCancelLoad(_ model: any TTModel) {}

  /// Does nothing.
  ///
  /// - Parameter model: The model.
  public func modelDidChange(_ model: any TTModel) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The object.
  ///   - indexPath: Where it is.
  public func model(_ model: any TTModel, didUpdate object: any Sendable, at indexPath: IndexPath) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The new object.
  ///   - indexPath: Where it now is.
  public func model(_ model: any TTModel, didInsert object: any Sendable, at indexPath: IndexPath) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - object: The removed object.
  ///   - indexPath: Where it was.
  public func model(_ model: any TTModel, didDelete object: any Sendable, at indexPath: IndexPath) {}

  /// Does nothing.
  ///
  /// - Parameter model: The model.
  public func modelDidBeginUpdates(_ model: any TTModel) {}

  /// Does nothing.
  ///
  /// - Parameter model: The model.
  public func modelDidEndUpdates(_ model: any TTModel) {}
}
