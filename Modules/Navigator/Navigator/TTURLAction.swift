/// Everything about one request to open a URL: Three20's `TTURLAction`.
///
/// Most code opens a bare URL (`navigator.openURL("tt://feed/42")`); an action adds what a URL
/// cannot carry: objects handed to the controller that is made (``query``), state to give
/// back to it (``state``), a parent to open beneath it (``parentURL``), and how it should be
/// shown (``isAnimated``, ``transition``). A terminal draws no animations, so the last two are
/// only recorded, for controllers and delegates that want to know.
///
/// ```swift
/// let action = TTURLAction(
///   "tt://compose", parentURL: "tt://inbox", query: ["draft": draft], isAnimated: true)
/// navigator.open(action)   // opens tt://inbox if needed, then the composer above it
/// ```
///
/// The query objects never become part of the URL: they reach the route's factory or
/// handler as its second argument, and are not persisted.
public struct TTURLAction: Sendable {
  /// How a controller would be brought on screen, had the terminal animations
  /// (Three20's `UIViewAnimationTransition`).
  public enum Transition: Sendable, Hashable {
    /// The default for the presentation: a push slides, a modal rises.
    case none
    /// Flip from the left edge.
    case flipFromLeft
    /// Flip from the right edge.
    case flipFromRight
    /// Curl the page up.
    case curlUp
    /// Curl the page down.
    case curlDown
  }

  /// The URL to open, for example `tt://feed/42`, or a fragment of the visible page such as
  /// `#comments`.
  public var url: String
  /// A URL opened first, beneath the controller, overriding the route's parent; `nil` (the
  /// default) uses the route's.
  public var parentURL: String?
  /// Objects handed to the route's factory or handler and not part of the URL; empty by
  /// default.
  public var query: [String: any Sendable]
  /// State given to the controller (its `frozenState`) before it appears; `nil`, the
  /// default, leaves the controller's own state alone.
  public var state: [String: String]?
  /// Whether the opening should be animated.
  ///
  /// `false` by default. Recorded only: the terminal does not animate.
  public var isAnimated: Bool
  /// The transition to use.
  ///
  /// ``Transition/none`` by default. Recorded only: the terminal does not animate.
  public var transition: Transition

  /// Creates an action.
  ///
  /// ```swift
  /// TTURLAction("tt://feed/42").url          // "tt://feed/42"
  /// TTURLAction("tt://feed/42").isAnimated   // false
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - parentURL: A URL to open first; the route's parent by default.
  ///   - query: Objects for the factory or handler; none by default.
  ///   - state: State for the controller's `frozenState`; none by default.
  ///   - isAnimated: Whether to animate; `false` by default.
  ///   - transition: The transition; ``Transition/none`` by default.
  public init(
    _ url: String, parentURL: String? = nil, query: [String: any Sendable] = [:],
    state: [String: String]? = nil, isAnimated: Bool = false, transition: Transition = .none
  ) {
    self.url = url
    self.parentURL = parentURL
    self.query = query
    self.state = state
    self.isAnimated = isAnimated
    self.transition = transition
  }
}

extension TTURLAction: ExpressibleByStringLiteral {
  /// Creates an action for a URL written as a literal, with every other field at its default.
  ///
  /// ```swift
  /// navigator.open("tt://catalog")
  /// ```
  ///
  /// - Parameter value: The URL.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
