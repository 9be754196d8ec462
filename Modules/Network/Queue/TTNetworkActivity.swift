import Synchronization

/// Counts the transfers on the network, for activity indicators: Three20's
/// `TTNetworkRequestStarted()` and `TTNetworkRequestStopped()`.
///
/// Every ``TTURLRequestQueue`` counts each network transfer while it runs (a transfer shared by
/// coalesced requests counts once; cached and local answers do not count). Code doing its own
/// network work may count it too. The count never goes below zero.
///
/// ```swift
/// TTNetworkActivity.onChange = { count in print("loading: \(count > 0)") }
/// TTNetworkActivity.requestStarted()   // prints "loading: true"
/// TTNetworkActivity.requestStopped()   // prints "loading: false"
/// ```
public enum TTNetworkActivity {
  private struct State {
    var count = 0
    var onChange: (@Sendable (Int) -> Void)?
  }

  private static let state = Mutex(State())

  /// How many transfers are running now.
  public static var activeCount: Int {
    state.withLock { $0.count }
  }

  /// Called with the new count after every change, on the thread that made it; default `nil`.
  ///
  /// Hop to the main actor yourself to update a user interface.
  public static var onChange: (@Sendable (Int) -> Void)? {
    get { state.withLock { $0.onChange } }
    set { state.withLock { $0.onChange = newValue } }
  }

  /// Counts one more running transfer (Three20's `TTNetworkRequestStarted()`).
  public static func requestStarted() {
    let (count, handler) = state.withLock { state in
      state.count += 1
      return (state.count, state.onChange)
    }
    handler?(count)
  }

  /// Counts one transfer less (Three20's `TTNetworkRequestStopped()`); at zero it stays zero.
  public static func requestStopped() {
    let (count, handler) = state.withLock { state in
      state.count = max(0, state.count - 1)
      return (state.count, state.onChange)
    }
    handler?(count)
  }
}
