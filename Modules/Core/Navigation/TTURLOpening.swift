/// Something that can open a URL such as `tt://feed/42`: in a real app, the navigator.
///
/// This is the seam between modules that must not depend on each other. A table item that
/// links to `tt://feed/42` lives in Three20Table, which may not use Three20Navigator; the
/// table controller therefore asks an opener, and the app plugs its `TTNavigator` in as that
/// opener. Tests plug in a ``TTClosureURLOpener`` that records what was opened.
///
/// ```swift
/// let opened = TTClosureURLOpener { url, _ in
///   print("open", url)
///   return true
/// }
/// TTGlobalURLOpener.current = opened
/// TTGlobalURLOpener.open("tt://feed/42")   // prints "open tt://feed/42"
/// ```
@MainActor
public protocol TTURLOpening: AnyObject {
  /// Opens a URL.
  ///
  /// - Parameters:
  ///   - url: The URL to open, for example `tt://feed/42` or `https://example.com`.
  ///   - query: Objects handed to whatever the URL opens, which are not part of the URL
  ///     (Three20's `TTURLAction.query`). Empty when there are none.
  /// - Returns: Whether the URL was opened. `false` when nothing handles it; that is not an
  ///   error, and callers decide what to show.
  @discardableResult
  func openURL(_ url: String, query: [String: any Sendable]) -> Bool
}

extension TTURLOpening {
  /// Opens a URL with no query objects.
  ///
  /// - Parameter url: The URL to open.
  /// - Returns: Whether the URL was opened.
  @discardableResult
  public func openURL(_ url: String) -> Bool {
    openURL(url, query: [:])
  }
}

/// An opener that hands every URL to a closure.
///
/// Use it to route URLs somewhere simple, or as a test double that records what was opened.
@MainActor
public final class TTClosureURLOpener: TTURLOpening {
  /// The closure that opens a URL and says whether it did.
  public let handler: @MainActor (String, [String: any Sendable]) -> Bool
  /// Every URL handed to this opener, oldest first, whether or not it was opened.
  public private(set) var openedURLs: [String] = []

  /// Creates an opener.
  ///
  /// - Parameter handler: Opens a URL with its query objects; returns whether it did.
  public init(_ handler: @escaping @MainActor (String, [String: any Sendable]) -> Bool) {
    self.handler = handler
  }

  /// Records the URL, then hands it to ``handler``.
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - query: Objects handed along with the URL.
  /// - Returns: What the handler returned.
  @discardableResult
  public func openURL(_ url: String, query: [String: any Sendable]) -> Bool {
    openedURLs.append(url)
    return handler(url, query)
  }
}

/// The opener used when no other is given: Three20's `TTOpenURL(url)`.
///
/// An app sets ``current`` to its navigator once at start-up; components that have no opener
/// of their own fall back to it.
@MainActor
public enum TTGlobalURLOpener {
  /// The app's opener, if it has set one.
  ///
  /// It is held weakly: the app owns its navigator.
  public static weak var current: (any TTURLOpening)?

  /// Opens a URL with ``current``.
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - query: Objects handed along with the URL.
  /// - Returns: Whether the URL was opened; `false` when no opener is set, with a warning
  ///   logged so the missing set-up is easy to find.
  @discardableResult
  public static func open(_ url: String, query: [String: any Sendable] = [:]) -> Bool {
    guard let opener = current else {
      TTLog.warning(
        .navigator,
        "No URL opener is set, so \(TTMessageText.quoted(url)) was not opened. "
          + "Set TTGlobalURLOpener.current to your navigator at start-up.")
      return false
    }
    return opener.openURL(url, query: query)
  }
}
