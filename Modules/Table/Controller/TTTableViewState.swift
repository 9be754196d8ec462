public import Three20Core

/// What a table controller shows, worked out from its model's state and whether there are
/// rows — never remembered between updates.
///
/// Three20's `TTModelViewController` kept a dozen flags (`isShowingLoading`,
/// `isShowingEmpty`, …) and updated them on transitions; a missed transition (after a memory
/// warning, or a data source swap) left the wrong screen up. Here the screen is a function of
/// the model, computed afresh on every event and every time the view is made:
///
/// | Model state                     | No rows               | Rows           |
/// |---------------------------------|-----------------------|----------------|
/// | `idle(error: nil)`              | ``empty``             | ``content``    |
/// | `idle(error: e)`                | ``error(_:)``         | ``error(_:)``  |
/// | `loading`                       | ``loading``           | ``loading``    |
/// | `loaded(outdated: false, nil)`  | ``empty``             | ``content``    |
/// | `loaded(outdated: true, nil)`   | ``empty``             | ``outdated``   |
/// | `loaded(_, error: e)`           | ``error(_:)``         | ``content`` (the failure is shown above the rows) |
/// | `refreshing(_, more: false)`    | ``loading``           | ``refreshing`` |
/// | `refreshing(_, more: true)`     | ``loading``           | ``loadingMore``|
///
/// ```swift
/// TTTableViewState(modelState: .loading, hasRows: false)                          // .loading
/// TTTableViewState(modelState: .refreshing(outdated: false, more: false), hasRows: true)  // .refreshing
/// TTTableViewState(modelState: .loaded(outdated: false, error: nil), hasRows: false)      // .empty
/// ```
public enum TTTableViewState: Sendable, Hashable, CustomStringConvertible {
  /// Nothing to show yet; the first load runs: a spinner with "Loading…".
  case loading
  /// Rows, with the next page loading: the "more" row shows a spinner.
  case loadingMore
  /// Rows.
  case content
  /// Rows, with a reload running: "Updating…" above them.
  case refreshing
  /// Loaded, but no rows: the empty message, with a reload action.
  case empty
  /// The load failed with nothing to show: the error message, with "Retry".
  case error(TTModelFailure)
  /// Rows that the model says are outdated; the controller reloads them when it next appears.
  case outdated

  /// Works out the screen from a model state and whether the data source has rows.
  ///
  /// - Parameters:
  ///   - modelState: The model's state.
  ///   - hasRows: Whether the data source has at least one row.
  public init(modelState: TTModelState, hasRows: Bool) {
    switch modelState {
    case .idle(let error?):
      self = .error(error)
    case .idle(nil):
      self = hasRows ? .content : .empty
    case .loading:
      self = .loading
    case .loaded(let outdated, let error):
      if let error, !hasRows {
        self = .error(error)
      } else if !hasRows {
        self = .empty
      } else {
        self = outdated && error == nil ? .outdated : .content
      }
    case .refreshing(_, let more):
      self = hasRows ? (more ? .loadingMore : .refreshing) : .loading
    }
  }

  /// Whether the rows are shown (``content``, ``loadingMore``, ``refreshing``, ``outdated``).
  public var showsRows: Bool {
    switch self {
    case .content, .loadingMore, .refreshing, .outdated: true
    case .loading, .empty, .error: false
    }
  }

  /// The case name, for example `refreshing` or `error(timed out)`.
  public var description: String {
    switch self {
    case .loading: "loading"
    case .loadingMore: "loadingMore"
    case .content: "content"
    case .refreshing: "refreshing"
    case .empty: "empty"
    case .error(let failure): "error(\(failure))"
    case .outdated: "outdated"
    }
  }
}
