/// Anything that loads content and tells observers about it: Three20's `TTModel` protocol.
///
/// A model has one ``state`` (see ``TTModelState``), can be asked to ``load(_:more:)``,
/// ``cancel()`` or ``invalidate(erase:)``, and reports what happens to ``TTModelDelegate``s and
/// to ``events()`` streams. Table controllers observe any `TTModel` and pick their view
/// (content, loading, empty, error) from `state` alone.
///
/// Conform by subclassing ``TTBaseModel``, which keeps the state consistent and delivers the
/// notifications; Three20Network's `TTURLRequestModel` is such a subclass.
///
/// ```swift
/// let model: any TTModel = PhotosModel()
/// model.addDelegate(controller)
/// model.load(.default, more: false)
/// model.isLoading      // true, once the load has started
/// ```
///
/// Models live on the main actor, like the views that show them.
@MainActor
public protocol TTModel: AnyObject {
  /// Where the model is: content or not, loading or not, outdated or not, last error.
  var state: TTModelState { get }

  /// Starts loading, unless a load is already in flight.
  ///
  /// - Parameters:
  ///   - policy: Where the data may come from; ``TTURLRequestCachePolicy/default`` reads caches
  ///     first, ``TTURLRequestCachePolicy/network`` forces a reload.
  ///   - more: `true` to fetch the next page after the current content, `false` to (re)load
  ///     from the start. Without content, both mean a first load.
  func load(_ policy: TTURLRequestCachePolicy, more: Bool)

  /// Stops the load in flight, if any; observers get ``TTModelDelegate/modelDidCancelLoad(_:)``.
  func cancel()

  /// Marks the content outdated, so the next refresh reloads it.
  ///
  /// - Parameter erase: `true` to also drop the content (and any cached copy), so the model
  ///   has nothing to show until it loads again.
  func invalidate(erase: Bool)

  /// Adds an observer, kept weakly; adding it again has no effect.
  ///
  /// - Parameter delegate: The observer.
  func addDelegate(_ delegate: any TTModelDelegate)

  /// Removes an observer; nothing happens if it was not added.
  ///
  /// - Parameter delegate: The observer.
  func removeDelegate(_ delegate: any TTModelDelegate)

  /// A stream of every notification from now on: the Swift-native alternative to delegates.
  ///
  /// Each call returns a new, independent stream that receives all later events in order (it
  /// buffers without limit until read). The stream ends when the model is deinitialised; stop
  /// iterating, or cancel the task, to unsubscribe earlier.
  ///
  /// ```swift
  /// Task {
  ///   for await event in model.events() where event.kind == .didFinishLoad {
  ///     reloadTable()
  ///   }
  /// }
  /// ```
  ///
  /// - Returns: A stream of the model's events.
  func events() -> AsyncStream<TTModelEvent>
}

extension TTModel {
  /// Whether the model has content; Three20's `isLoaded` (see ``TTModelState/isLoaded``).
  public var isLoaded: Bool { state.isLoaded }

  /// Whether a load is in flight (see ``TTModelState/isLoading``).
  public var isLoading: Bool { state.isLoading }

  /// Whether the load in flight fetches the next page (see ``TTModelState/isLoadingMore``).
  public var isLoadingMore: Bool { state.isLoadingMore }

  /// Whether the content should be reloaded (see ``TTModelState/isOutdated``).
  public var isOutdated: Bool { state.isOutdated }
}
