import Three20Style
public import Three20UICommon

/// The URL map: which URL patterns open which controllers, handlers or objects, and which
/// objects make which URLs (Three20's `TTURLMap`).
///
/// Configure a map, then ``freeze()`` it into a ``TTURLMatcher``, the immutable, `Sendable`
/// resolver the navigator opens URLs through. Freezing reports clashing patterns.
///
/// ```swift
/// var map = TTURLMap()
/// try map.map("tt://food/(name)") { match, _ in FoodController(name: match["name"] ?? "") }
/// try map.mapShared("tt://settings") { _, _ in SettingsController() }
/// try map.mapModal("tt://compose?to=(recipient)", parent: "tt://inbox") { match, _ in
///   ComposeController(to: match["recipient"])
/// }
/// try map.mapHandler("tt://log/(level:int)") { match, _ in Log.setLevel(match["level"]); return true }
/// map.setFallback { match, _ in TextViewerController(url: match.url) }
/// try map.mapGenerator(for: User.self, pattern: "tt://user/(id:int)") { user in ["id": user.id] }
///
/// let matcher = try map.freeze()
/// matcher.resolve("tt://food/pie")?.match["name"]   // "pie"
/// matcher.url(for: User(id: 7))                     // "tt://user/7"
/// ```
///
/// The map is a `Sendable` value rather than a main-actor object: it holds only patterns,
/// `@Sendable` closures and controller references (which are main-actor isolated, hence
/// `Sendable`), so it can be built anywhere — in a `static let`, a test, a background task —
/// and copied freely; nothing in it is shared or locked. The controller factories still run on
/// the main actor, when the navigator calls them.
///
/// The pattern syntax and the precedence rules are in <doc:URLPatterns>.
public struct TTURLMap: Sendable {
  /// Makes the controller for a match.
  ///
  /// The second argument holds the query objects the URL was opened with (Three20's
  /// `TTURLAction.query`). Returns `nil` to decline.
  public typealias Factory = @MainActor @Sendable (TTURLMatch, [String: any Sendable]) -> TTViewController?
  /// Handles a URL without a controller; returns whether it did.
  public typealias Handler = @MainActor @Sendable (TTURLMatch, [String: any Sendable]) -> Bool

  /// A registered pattern and its route.
  struct Entry: Sendable {
    var pattern: TTURLPattern
    var route: TTURLRoute
    /// Registration order, used to break precedence ties.
    var index: Int
  }

  var entries: [Entry] = []
  var objects: [String: TTURLRoute] = [:]
  var converters: [String: TTURLParameterConverter] = [:]
  var converterOrder: [String] = []
  var generators: [TTURLGenerator] = []
  var nextIndex = 0

  /// Creates an empty map.
  public init() {}

  /// The registered patterns (fallbacks included), in registration order.
  public var patterns: [String] { entries.map(\.pattern.source) }

  // MARK: - Mapping

  /// Maps a pattern to a route: the most general form, used by the others.
  ///
  /// `*` (any URL) and `scheme://*` (any URL of that scheme) register fallbacks, tried only when
  /// no other pattern matches; see ``setFallback(forScheme:mode:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern, for example `tt://food/(name)`; see <doc:URLPatterns>.
  ///   - route: What opening a matching URL does.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed, with the
  ///   column and a caret. Clashes with other patterns are not errors here; ``freeze()`` reports them.
  public mutating func map(_ pattern: String, route: TTURLRoute) throws {
    let parsed = try TTURLPattern.parse(pattern, converters: Set(converterOrder))
    entries.append(Entry(pattern: parsed, route: route, index: nextIndex))
    nextIndex += 1
  }

  /// Maps a pattern to a controller created each time a matching URL is opened, and pushed
  /// (Three20's `from:toViewController:`, ``TTNavigationMode/create``).
  ///
  /// ```swift
  /// try map.map("tt://food/(name)") { match, _ in FoodController(name: match["name"] ?? "") }
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - parent: A URL opened first, so that a deep link builds its stack; none by default.
  ///   - factory: Makes the controller; returns `nil` to decline.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func map(_ pattern: String, parent: String? = nil, to factory: @escaping Factory) throws {
    try map(pattern, route: TTURLRoute(target: .controller(factory), mode: .create, parentURL: parent))
  }

  /// Maps a pattern to a shared controller: created the first time a URL is opened, and reused
  /// for that URL after (Three20's `from:toSharedViewController:`, ``TTNavigationMode/share``).
  ///
  /// The matcher is immutable; the navigator keeps the shared controllers, one per URL.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - parent: A URL opened first; none by default.
  ///   - factory: Makes the controller; returns `nil` to decline.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func mapShared(
    _ pattern: String, parent: String? = nil, to factory: @escaping Factory
  ) throws {
    try map(pattern, route: TTURLRoute(target: .controller(factory), mode: .share, parentURL: parent))
  }

  /// Maps a pattern to a controller created each time and presented modally, over the stack
  /// (Three20's `from:toModalViewController:`, ``TTNavigationMode/modal``).
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - parent: A URL opened first, under the modal controller; none by default.
  ///   - factory: Makes the controller; returns `nil` to decline.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func mapModal(
    _ pattern: String, parent: String? = nil, to factory: @escaping Factory
  ) throws {
    try map(pattern, route: TTURLRoute(target: .controller(factory), mode: .modal, parentURL: parent))
  }

  /// Maps a pattern to a handler: opening a matching URL calls it and pushes nothing (Three20's
  /// `from:toObject:selector:`, ``TTNavigationMode/none``; capture the object in the closure).
  ///
  /// ```swift
  /// try map.mapHandler("tt://volume/(level:int)") { match, _ in
  ///   guard case .int(let level)? = match.parameters["level"] else { return false }
  ///   player.volume = level
  ///   return true
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - handler: Handles the URL; returns whether it did.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func mapHandler(_ pattern: String, to handler: @escaping Handler) throws {
    try map(pattern, route: TTURLRoute(target: .handler(handler), mode: .none))
  }

  /// Sets the fallback: what a URL opens when no pattern matches it (Three20's `*` pattern).
  ///
  /// There is one fallback for all URLs and one per scheme; setting one again replaces it. A
  /// scheme's fallback is tried before the one for all URLs.
  ///
  /// ```swift
  /// map.setFallback(forScheme: "https") { match, _ in WebController(url: match.url) }
  /// map.setFallback { match, _ in TextController(text: "No page for \(match.url)") }
  /// ```
  ///
  /// - Parameters:
  ///   - scheme: The scheme whose URLs it catches (`https` registers `https://*`), or `nil` (the
  ///     default) for every URL (`*`).
  ///   - mode: How the controller is shown; ``TTNavigationMode/create`` by default.
  ///   - parent: A URL opened first; none by default.
  ///   - factory: Makes the controller; returns `nil` to decline.
  public mutating func setFallback(
    forScheme scheme: String? = nil, mode: TTNavigationMode = .create, parent: String? = nil,
    to factory: @escaping Factory
  ) {
    setFallback(
      forScheme: scheme, route: TTURLRoute(target: .controller(factory), mode: mode, parentURL: parent))
  }

  /// Sets the fallback to a handler; see ``setFallback(forScheme:mode:parent:to:)``.
  ///
  /// - Parameters:
  ///   - scheme: The scheme whose URLs it catches, or `nil` (the default) for every URL.
  ///   - handler: Handles the URL; returns whether it did.
  public mutating func setFallbackHandler(forScheme scheme: String? = nil, to handler: @escaping Handler) {
    setFallback(forScheme: scheme, route: TTURLRoute(target: .handler(handler), mode: .none))
  }

  private mutating func setFallback(forScheme scheme: String?, route: TTURLRoute) {
    let lowered = scheme?.lowercased() ?? ""
    entries.removeAll { $0.pattern.kind == .fallback && $0.pattern.scheme == lowered }
    let source = scheme.map { "\($0.lowercased())://*" } ?? "*"
    let pattern = TTURLPattern(
      source: source, kind: .fallback, scheme: lowered, components: [], query: [], fragment: nil)
    entries.append(Entry(pattern: pattern, route: route, index: nextIndex))
    nextIndex += 1
  }

  /// Maps one exact URL to a controller instance (Three20's `setObject:forURL:`).
  ///
  /// Exact entries win over every pattern. The URL must be given exactly as it will be opened
  /// (the whole string is compared). The route's mode is ``TTNavigationMode/share``: the same
  /// controller is shown each time. Unlike Three20, the map keeps a strong reference; remove it
  /// with ``removeObject(forURL:)``.
  ///
  /// - Parameters:
  ///   - controller: The controller to show.
  ///   - url: The URL, for example `tt://about`.
  public mutating func set(object controller: TTViewController, forURL url: String) {
    objects[url] = TTURLRoute(target: .controller { _, _ in controller }, mode: .share)
  }

  /// Removes an exact entry set with ``set(object:forURL:)`` (Three20's `removeObjectForURL:`).
  ///
  /// - Parameter url: The URL, exactly as it was set.
  public mutating func removeObject(forURL url: String) {
    objects[url] = nil
  }

  /// Removes every mapping registered with this pattern string (Three20's `removeURL:`).
  ///
  /// `*` and `scheme://*` remove fallbacks.
  ///
  /// - Parameter pattern: The pattern, exactly as registered.
  /// - Returns: Whether anything was removed.
  @discardableResult
  public mutating func remove(pattern: String) -> Bool {
    let before = entries.count
    entries.removeAll { $0.pattern.source == pattern }
    return entries.count != before
  }

  /// Removes every pattern, fallback and exact entry (Three20's `removeAllObjects`).
  ///
  /// Converters and generators stay.
  public mutating func removeAll() {
    entries.removeAll()
    objects.removeAll()
  }

  // MARK: - Converters

  /// Registers a parameter type: `(x:name)` in patterns registered after this converts the
  /// component with `convert`.
  ///
  /// ```swift
  /// try map.registerConverter(named: "slug") { text in
  ///   text.allSatisfy { $0.isLowercase || $0 == "-" } ? .custom(type: "slug", text: text) : nil
  /// }
  /// try map.map("tt://post/(slug:slug)") { match, _ in PostController(slug: match["slug"]) }
  /// ```
  ///
  /// Registering a name again replaces its converter for patterns frozen afterwards.
  ///
  /// - Parameters:
  ///   - name: The type's name: ASCII letters, digits, `_` and `-`, starting with a letter, and
  ///     not a built-in type (`string`, `int`, `double`, `bool`, `uuid`, `path`).
  ///   - convert: Turns the percent-decoded text into a value, or returns `nil` to refuse it.
  ///     It must be pure; the matcher may call it more than once.
  /// - Throws: ``TTURLMapError/Code/invalidConverter`` when the name is not usable.
  public mutating func registerConverter(
    named name: String, _ convert: @escaping @Sendable (String) -> TTURLParameterValue?
  ) throws {
    guard let first = name.first, first.isASCII, first.isLetter,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
    else {
      throw TTURLMapError(
        .invalidConverter,
        "'\(name)' cannot name a parameter type; use ASCII letters, digits, '_' and '-', starting with a letter"
      )
    }
    guard TTURLParameterType.builtInNames[name] == nil else {
      throw TTURLMapError(
        .invalidConverter, "'\(name)' is a built-in parameter type; give the converter another name")
    }
    if converters[name] == nil { converterOrder.append(name) }
    converters[name] = TTURLParameterConverter(name: name, convert: convert)
  }

  // MARK: - Freezing

  /// Checks the patterns and compiles them into an immutable, `Sendable` matcher.
  ///
  /// The map itself is unchanged and can be changed and frozen again.
  ///
  /// - Returns: The matcher.
  /// - Throws: ``TTURLMapError/Code/clashingPatterns`` when two or more patterns have the same
  ///   shape (the same scheme, literals and parameter types in the same places, the same named
  ///   query items and fragment), so that only the first registered could ever match. Parameter
  ///   names do not count: `tt://a/(x)` and `tt://a/(y)` clash. The message lists every clash.
  public func freeze() throws -> TTURLMatcher {
    try checkClashes()
    return TTURLMatcher(
      trie: TTURLTrieBuilder.build(
        entries: entries, converters: converterOrder.compactMap { converters[$0] }),
      objects: objects, generators: generatorSet)
  }

  /// Throws when patterns clash.
  private func checkClashes() throws {
    var firstByShape: [TTURLPattern.ShapeKey: Entry] = [:]
    var lines: [String] = []
    for entry in entries {
      let key = entry.pattern.shapeKey
      if let first = firstByShape[key] {
        lines.append(
          "  \(entry.pattern.source) (registered \(Self.ordinal(entry.index + 1))) clashes with "
            + "\(first.pattern.source) (registered \(Self.ordinal(first.index + 1)))")
      } else {
        firstByShape[key] = entry
      }
    }
    guard !lines.isEmpty else { return }
    let count = lines.count == 1 ? "1 URL pattern clashes" : "\(lines.count) URL patterns clash"
    throw TTURLMapError(
      .clashingPatterns,
      "\(count) with an earlier one: same shape and precedence, so the later one could never match:\n"
        + lines.joined(separator: "\n")
        + "\nRemove one of each pair, or change its literals, parameter types, query or fragment.")
  }

  /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
  static func ordinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }
}
