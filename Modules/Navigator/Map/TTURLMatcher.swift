import Three20Core

/// A frozen URL map: resolves URLs to routes, lists every candidate, and makes URLs for objects.
///
/// Made by ``TTURLMap/freeze()``. It is immutable and `Sendable`, so it can be shared with any
/// task; the navigator opens URLs through it (as a ``TTURLResolving``).
///
/// ```swift
/// let matcher = try map.freeze()
/// let resolution = matcher.resolve("tt://food/pie?size=large")
/// resolution?.match.pattern         // "tt://food/(name)"
/// resolution?.match["name"]         // "pie"
/// resolution?.match.query["size"]   // [Optional("large")]
/// ```
///
/// Resolution order: an exact entry (``TTURLMap/set(object:forURL:)``) for the whole URL string;
/// then the patterns of the URL's scheme by precedence (see <doc:URLPatterns>); then the scheme's
/// fallback (`scheme://*`); then the fallback for all URLs (`*`).
///
/// - Complexity: Resolving splits the URL once over its UTF-8 bytes and walks the scheme's trie;
///   the work grows with the number of components and, where patterns overlap, the branches
///   that must be tried again, not with the number of patterns.
public struct TTURLMatcher: TTURLResolving, Sendable {
  let trie: TTURLTrie
  let objects: [String: TTURLRoute]
  let generators: TTURLGeneratorSet

  init(trie: TTURLTrie, objects: [String: TTURLRoute], generators: TTURLGeneratorSet) {
    self.trie = trie
    self.objects = objects
    self.generators = generators
  }

  /// The patterns (fallbacks last), in the order they are tried.
  public var patterns: [String] { trie.leaves.map(\.pattern.source) }

  /// Resolves a URL: the best match and its route, or `nil` when nothing matches.
  ///
  /// ```swift
  /// matcher.resolve("tt://food/pie")?.route.mode   // .create
  /// matcher.resolve("tt://nowhere")                // nil, unless a fallback is set
  /// ```
  ///
  /// - Parameter url: The URL, for example `tt://feed/42?sort=new`. Any string is accepted; one
  ///   without a scheme matches only an exact entry or the `*` fallback.
  /// - Returns: The match and route, or `nil`.
  public func resolve(_ url: String) -> TTURLResolution? {
    if !objects.isEmpty, let route = objects[url] {
      return TTURLResolution(match: Self.plainMatch(url, pattern: url), route: route)
    }
    return withBytes(of: url) { bytes in
      trie.withInput(bytes) { entry, input -> TTURLResolution? in
        if let entry, var found = input {
          if entry.root >= 0 {
            let leaf = trie.best(entry.root, 0, &found)
            if leaf >= 0 {
              return TTURLResolution(
                match: trie.match(leaf, &found, url: url), route: trie.leaves[Int(leaf)].route)
            }
          }
          if entry.fallback >= 0 { return fallback(entry.fallback, url) }
        }
        return trie.globalFallback >= 0 ? fallback(trie.globalFallback, url) : nil
      }
    }
  }

  /// Every match for a URL, best first.
  ///
  /// The exact entry, the patterns in precedence order, the scheme's fallback and the `*`
  /// fallback. For tools such as the Catalog's URL explorer.
  ///
  /// ```swift
  /// matcher.matches("tt://food/pie").map(\.pattern)
  /// // ["tt://food/pie", "tt://food/(name)", "*"]
  /// ```
  ///
  /// - Parameter url: The URL.
  /// - Returns: The matches; the first is the one ``resolve(_:)`` gives. Empty when none.
  public func matches(_ url: String) -> [TTURLMatch] {
    candidates(url).map(\.match)
  }

  /// Every resolution for a URL, best first; ``matches(_:)`` with the routes.
  ///
  /// - Parameter url: The URL.
  /// - Returns: The resolutions; the first is the one ``resolve(_:)`` gives. Empty when none.
  public func candidates(_ url: String) -> [TTURLResolution] {
    var results: [TTURLResolution] = []
    if let route = objects[url] {
      results.append(TTURLResolution(match: Self.plainMatch(url, pattern: url), route: route))
    }
    let rest = withBytes(of: url) { bytes in
      trie.withInput(bytes) { entry, input -> [TTURLResolution] in
        var found: [TTURLResolution] = []
        if let entry, var input {
          if entry.root >= 0 {
            var leaves: [Int32] = []
            trie.all(entry.root, 0, &input, into: &leaves)
            leaves.sort()
            for leaf in leaves {
              found.append(
                TTURLResolution(
                  match: trie.match(leaf, &input, url: url), route: trie.leaves[Int(leaf)].route))
            }
          }
          if entry.fallback >= 0, let resolution = fallback(entry.fallback, url) { found.append(resolution) }
        }
        if trie.globalFallback >= 0, let resolution = fallback(trie.globalFallback, url) {
          found.append(resolution)
        }
        return found
      }
    }
    return results + rest
  }

  /// A URL for an object, from the generators registered on the map; see
  /// ``TTURLMap/url(for:named:)``.
  ///
  /// - Parameters:
  ///   - object: The object, for example a `User`.
  ///   - name: The generator's name, for types with several; `nil` (the default) for the unnamed one.
  /// - Returns: The URL, or `nil` when no generator fits or a value is missing or invalid.
  public func url(for object: Any, named name: String? = nil) -> String? {
    generators.url(for: object, named: name)
  }

  /// Whether any pattern or fallback uses the scheme (Three20's `isSchemeSupported:`).
  ///
  /// - Parameter scheme: The scheme, for example `tt`; compared ignoring ASCII case.
  /// - Returns: Whether the matcher knows it; the `*` fallback does not count.
  public func isSchemeSupported(_ scheme: String) -> Bool {
    let lowered = Array(scheme.lowercased().utf8)
    return trie.schemes.contains { $0.bytes == lowered }
  }

  // MARK: - Helpers

  private func fallback(_ leaf: Int32, _ url: String) -> TTURLResolution? {
    let entry = trie.leaves[Int(leaf)]
    return TTURLResolution(match: Self.plainMatch(url, pattern: entry.pattern.source), route: entry.route)
  }

  /// A match without parameters: the URL's query and fragment only.
  static func plainMatch(_ url: String, pattern: String) -> TTURLMatch {
    var beforeFragment = Substring(url)
    var fragment: String?
    if let hash = url.firstIndex(of: "#") {
      fragment = String(url[url.index(after: hash)...]).tt.percentDecoded
      beforeFragment = url[..<hash]
    }
    var query: [String: [String?]] = [:]
    if let question = beforeFragment.firstIndex(of: "?") {
      query = TTQueryString(parsing: String(beforeFragment[question...])).dictionary
    }
    return TTURLMatch(url: url, pattern: pattern, query: query, fragment: fragment)
  }

  /// Calls `body` with the string's UTF-8 bytes, contiguous.
  private func withBytes<R>(of url: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = url
    copy.makeContiguousUTF8()
    return copy.withUTF8(body)
  }
}
