/// Where a model is in its life: whether it has content, whether a load is running, whether its
/// content is outdated, and what went wrong last.
///
/// Three20 kept four independent flags (`isLoaded`, `isLoading`, `isLoadingMore`, `isOutdated`)
/// plus an error held by the controller, so it could say "loading more, but nothing loaded", or
/// keep an error next to a successful load. This enum has one case per situation that can
/// really happen, and each case carries only what makes sense in it:
///
/// | Case                           | Content | Load in flight | Error                 |
/// |--------------------------------|---------|----------------|-----------------------|
/// | ``idle(error:)``               | no      | no             | the first load failed |
/// | ``loading``                    | no      | the first one  | —                     |
/// | ``loaded(outdated:error:)``    | yes     | no             | a later load failed   |
/// | ``refreshing(outdated:more:)`` | yes     | a reload, or the next page (`more`) | — |
///
/// The Three20 flags are computed from it, and can no longer contradict each other:
/// ``isLoadingMore`` implies ``isLoading`` and ``isLoaded``; ``isOutdated`` implies ``isLoaded``;
/// ``error`` is only set when nothing is loading.
///
/// A table controller picks its view from the state alone:
///
/// ```swift
/// switch model.state {
/// case .idle(error: nil): showEmpty()
/// case .idle(error: let failure?): showError(failure)
/// case .loading: showLoading()
/// case .loaded(_, let failure): showContent(banner: failure)
/// case .refreshing(_, let more): showContent(spinnerAtBottom: more)
/// }
/// ```
///
/// ``TTModelStateMachine`` defines how events move a model from one state to the next.
public enum TTModelState: Sendable, Hashable, CustomStringConvertible {
  /// No content and nothing loading: the model was never loaded, its first load was cancelled,
  /// its content was erased, or its first load failed.
  ///
  /// - Parameter error: Why the last load failed, or `nil` if it did not fail.
  case idle(error: TTModelFailure?)

  /// No content yet; the first load is in flight.
  case loading

  /// The model has content and nothing is loading.
  ///
  /// - Parameters:
  ///   - outdated: Whether the content should be reloaded (see ``TTModel/invalidate(erase:)``).
  ///   - error: Why the last reload or next-page load failed, or `nil`; the content was kept.
  case loaded(outdated: Bool, error: TTModelFailure?)

  /// The model has content and a load is in flight.
  ///
  /// - Parameters:
  ///   - outdated: Whether the content was outdated when the load started (or was marked so since).
  ///   - more: `true` when the load fetches the next page, `false` when it reloads the content.
  case refreshing(outdated: Bool, more: Bool)

  /// Whether the model has content; Three20's `isLoaded`, the same as ``hasContent``.
  public var isLoaded: Bool { hasContent }

  /// Whether the model has content to show (``loaded(outdated:error:)`` or
  /// ``refreshing(outdated:more:)``).
  public var hasContent: Bool {
    switch self {
    case .idle, .loading: false
    case .loaded, .refreshing: true
    }
  }

  /// Whether a load is in flight (``loading`` or ``refreshing(outdated:more:)``).
  public var isLoading: Bool {
    switch self {
    case .idle, .loaded: false
    case .loading, .refreshing: true
    }
  }

  /// Whether the load in flight fetches the next page (``refreshing(outdated:more:)`` with
  /// `more: true`).
  ///
  /// A first load is never "loading more", even when it was started with `more: true`.
  public var isLoadingMore: Bool {
    if case .refreshing(_, more: true) = self { return true }
    return false
  }

  /// Whether the content should be reloaded; always `false` without content.
  public var isOutdated: Bool {
    switch self {
    case .idle, .loading: false
    case .loaded(let outdated, _), .refreshing(let outdated, _): outdated
    }
  }

  /// Why the last load failed, if it did and nothing has been loaded since; `nil` while loading.
  public var error: TTModelFailure? {
    switch self {
    case .idle(let error), .loaded(_, let error): error
    case .loading, .refreshing: nil
    }
  }

  /// A short text for logs and test output, for example `loaded(outdated, error: timed out)`.
  public var description: String {
    switch self {
    case .idle(nil): "idle"
    case .idle(let error?): "idle(error: \(error))"
    case .loading: "loading"
    case .loaded(let outdated, let error):
      "loaded" + Self.details([outdated ? "outdated" : nil, error.map { "error: \($0)" }])
    case .refreshing(let outdated, let more):
      "refreshing" + Self.details([outdated ? "outdated" : nil, more ? "more" : nil])
    }
  }

  private static func details(_ parts: [String?]) -> String {
    let present = parts.compactMap { $0 }
    return present.isEmpty ? "" : "(" + present.joined(separator: ", ") + ")"
  }
}
