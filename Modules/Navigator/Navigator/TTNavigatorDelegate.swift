import Three20Style
public import Three20UICommon

/// Hooks into what a ``TTNavigator`` opens: Three20's `TTNavigatorDelegate`.
///
/// Every method has a default, so a delegate implements only what it needs. For each URL
/// the navigator calls, in this order:
///
/// 1. ``navigator(_:shouldOpen:)`` — `false` stops here;
/// 2. ``navigator(_:urlToOpen:)`` — `nil` cancels, another URL replaces the one asked for;
/// 3. then either ``navigator(_:didNotMatch:)`` when no route matches the URL, or
///    ``navigator(_:willOpen:in:)`` once the controller is made (or found, for a shared one)
///    and before it is shown.
///
/// Parents opened beneath a URL go through the same hooks, before the URL's own
/// `willOpen`. Handler routes, which make no controller, get no `willOpen`.
///
/// ```swift
/// final class Policy: TTNavigatorDelegate {
///   func navigator(_ navigator: TTNavigator, urlToOpen url: String) -> String? {
///     url.hasPrefix("http://") ? "https://" + url.dropFirst(7) : url   // upgrade
///   }
/// }
/// ```
@MainActor
public protocol TTNavigatorDelegate: AnyObject {
  /// Whether the navigator may open a URL; `true` by default.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL asked for.
  /// - Returns: `false` to refuse the URL; nothing is opened and nothing else is called.
  func navigator(_ navigator: TTNavigator, shouldOpen url: String) -> Bool

  /// The URL to open instead of the one asked for; by default the same URL.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL asked for.
  /// - Returns: The URL to open, which may differ, or `nil` to cancel.
  func navigator(_ navigator: TTNavigator, urlToOpen url: String) -> String?

  /// Called when a URL's controller is ready and about to be shown; does nothing by default.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL being opened (after ``navigator(_:urlToOpen:)``).
  ///   - controller: Its controller, with `navigatorURL`, `opener` and any state already set.
  func navigator(_ navigator: TTNavigator, willOpen url: String, in controller: TTViewController)

  /// Called when no route matches a URL; does nothing by default.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL that matched nothing.
  func navigator(_ navigator: TTNavigator, didNotMatch url: String)
}

extension TTNavigatorDelegate {
  /// Allows every URL.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL asked for.
  /// - Returns: `true`.
  public func navigator(_ navigator: TTNavigator, shouldOpen url: String) -> Bool { true }

  /// Opens the URL asked for.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL asked for.
  /// - Returns: `url`.
  public func navigator(_ navigator: TTNavigator, urlToOpen url: String) -> String? { url }

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL being opened.
  ///   - controller: Its controller.
  public func navigator(_ navigator: TTNavigator, willOpen url: String, in controller: TTViewController) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - navigator: The navigator.
  ///   - url: The URL that matched nothing.
  public func navigator(_ navigator: TTNavigator, didNotMatch url: String) {}
}
