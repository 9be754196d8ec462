import Three20Style
public import Three20UICommon

/// What a URL matched: the pattern, the values of its parameters, its query and fragment.
public struct TTURLMatch: Sendable, Hashable {
  /// The URL that was matched, as given.
  public var url: String
  /// The pattern that matched it, as registered, for example `tt://food/(name)`; `*` for the
  /// fallback, or the URL itself for an exact entry.
  public var pattern: String
  /// The values of the pattern's named parameters, converted to their declared types.
  public var parameters: [String: TTURLParameterValue]
  /// The URL's query, name → values in order (bare keys have a `nil` value).
  public var query: [String: [String?]]
  /// The URL's fragment, without `#`, or `nil`.
  public var fragment: String?

  /// Creates a match.
  ///
  /// - Parameters:
  ///   - url: The URL matched.
  ///   - pattern: The pattern that matched.
  ///   - parameters: The named parameters' values.
  ///   - query: The query, name → values.
  ///   - fragment: The fragment, if any.
  public init(
    url: String, pattern: String, parameters: [String: TTURLParameterValue] = [:],
    query: [String: [String?]] = [:], fragment: String? = nil
  ) {
    self.url = url
    self.pattern = pattern
    self.parameters = parameters
    self.query = query
    self.fragment = fragment
  }

  /// A parameter's value as a string (any type), or `nil` when the pattern has no such parameter.
  ///
  /// - Parameter name: The parameter's name.
  public subscript(name: String) -> String? {
    parameters[name]?.description
  }
}

/// The value of a typed URL pattern parameter.
public enum TTURLParameterValue: Sendable, Hashable, CustomStringConvertible {
  /// A string (percent-decoded).
  case string(String)
  /// A whole number.
  case int(Int)
  /// A number.
  case double(Double)
  /// A Boolean (`true`/`false`, `1`/`0`, `yes`/`no`).
  case bool(Bool)
  /// A UUID, in its canonical text form.
  case uuid(String)
  /// The rest of the path, slashes included.
  case path(String)
  /// A value made by a custom converter, kept as text and as the converter's result.
  case custom(type: String, text: String)

  /// The value as text.
  public var description: String {
    switch self {
    case .string(let value), .uuid(let value), .path(let value): value
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .bool(let value): String(value)
    case .custom(_, let text): text
    }
  }
}

/// How a URL's target is shown (Three20's `TTNavigationMode`).
public enum TTNavigationMode: Sendable, Hashable {
  /// A new controller is created each time the URL is opened and pushed on the stack.
  case create
  /// One controller per URL, created the first time and reused after (Three20's shared controllers).
  case share
  /// A new controller is presented modally, over the stack.
  case modal
  /// The URL is handed to a handler or object; nothing is pushed.
  case none
}

/// What opening a URL does: the function that makes the controller (or handles the URL), how it
/// is shown, and the URL to open first beneath it.
public struct TTURLRoute: Sendable {
  /// What the route leads to.
  public enum Target: Sendable {
    /// Makes a controller for the match; the query objects are handed along (Three20's
    /// `TTURLAction.query`). Returns `nil` to decline.
    case controller(@MainActor @Sendable (TTURLMatch, [String: any Sendable]) -> TTViewController?)
    /// Handles the URL without a controller; returns whether it did.
    case handler(@MainActor @Sendable (TTURLMatch, [String: any Sendable]) -> Bool)
  }

  /// What the route leads to.
  public var target: Target
  /// How a controller is shown.
  public var mode: TTNavigationMode
  /// A URL opened first, so that a deep link builds its stack (Three20's `parent:`).
  public var parentURL: String?

  /// Creates a route.
  ///
  /// - Parameters:
  ///   - target: The controller factory or handler.
  ///   - mode: How a controller is shown; `.create` by default.
  ///   - parentURL: A URL to open first; none by default.
  public init(target: Target, mode: TTNavigationMode = .create, parentURL: String? = nil) {
    self.target = target
    self.mode = mode
    self.parentURL = parentURL
  }
}

/// A URL resolved to what it opens: the match and the route.
public struct TTURLResolution: Sendable {
  /// What the URL matched.
  public var match: TTURLMatch
  /// What opening it does.
  public var route: TTURLRoute

  /// Creates a resolution.
  ///
  /// - Parameters:
  ///   - match: What the URL matched.
  ///   - route: What opening it does.
  public init(match: TTURLMatch, route: TTURLRoute) {
    self.match = match
    self.route = route
  }
}

/// Something that resolves URLs to routes: the URL map's frozen matcher.
///
/// The navigator opens URLs through one; tests may give it a simple one of their own.
public protocol TTURLResolving: Sendable {
  /// Resolves a URL.
  ///
  /// - Parameter url: The URL, for example `tt://feed/42?sort=new`.
  /// - Returns: What it opens, or `nil` when nothing matches.
  func resolve(_ url: String) -> TTURLResolution?
}
