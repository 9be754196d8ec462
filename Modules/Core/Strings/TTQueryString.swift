/// An ordered list of name–value pairs from, or for, the query part of a URL.
///
/// Parsing is forgiving: it accepts a query with or without its leading `?`, or a whole URL,
/// splits on both `&` and `;`, and keeps every pair in order, including repeated names and bare
/// names without a value. It never fails.
///
/// ```swift
/// let query = TTQueryString(parsing: "http://x.com/search?q=swift+6&tag=a&tag=b&debug#top")
/// query.first("q")           // "swift 6"
/// query.values(for: "tag")   // ["a", "b"]
/// query.values(for: "debug") // [nil]
/// query.names                // ["q", "tag", "debug"]
/// ```
///
/// Building works the other way round, and ``encoded`` writes the pairs back out:
///
/// ```swift
/// TTQueryString(["b": "2", "a": "x y"]).encoded   // "a=x%20y&b=2"
/// "http://x.com/a#top".tt.addingQuery(TTQueryString(["q": "1"]))   // "http://x.com/a?q=1#top"
/// ```
///
/// Two query strings are equal when they hold the same items in the same order.
public struct TTQueryString: Sendable, Hashable, CustomStringConvertible {
  /// One name and its value, if it has one.
  ///
  /// A bare name such as `flag` in `?flag&a=1` has the value `nil`; `k=` has the value `""`.
  public struct Item: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value, or `nil` for a bare name without `=`.
    public var value: String?

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - name: The name, not percent-encoded.
    ///   - value: The value, not percent-encoded, or `nil` for a bare name. Defaults to `nil`.
    public init(name: String, value: String? = nil) {
      self.name = name
      self.value = value
    }
  }

  /// The items, in the order they appeared or were given.
  public var items: [Item]

  /// Creates a query string from items, in the given order.
  ///
  /// - Parameter items: The name–value pairs. Defaults to none.
  public init(_ items: [Item] = []) {
    self.items = items
  }

  /// Creates a query string from a dictionary, sorted by name so the result is deterministic.
  ///
  /// ```swift
  /// TTQueryString(["b": "2", "a": "1"]).encoded   // "a=1&b=2"
  /// ```
  ///
  /// - Parameter dictionary: Values by name, not percent-encoded.
  public init(_ dictionary: [String: String]) {
    items = dictionary.sorted { $0.key < $1.key }.map { Item(name: $0.key, value: $0.value) }
  }

  /// Creates a query string with several values per name, sorted by name.
  ///
  /// The values of one name keep the order they have in their array. A name whose array is
  /// empty adds no item.
  ///
  /// ```swift
  /// TTQueryString(["tag": ["b", "a"], "q": ["x"]]).encoded   // "q=x&tag=b&tag=a"
  /// ```
  ///
  /// - Parameter dictionary: Values by name, not percent-encoded.
  public init(_ dictionary: [String: [String]]) {
    items = dictionary.sorted { $0.key < $1.key }.flatMap { entry in
      entry.value.map { Item(name: entry.key, value: $0) }
    }
  }

  /// Parses a query string, or the query of a URL.
  ///
  /// The input may be:
  /// - a query without `?`: `a=1&b=2`;
  /// - a query with its `?`: `?a=1&b=2`;
  /// - a whole URL: everything after the first `?` is read, and a `#fragment` is dropped.
  ///
  /// A `#` and everything after it is always dropped. Without a `?`, an input that starts with
  /// a URL scheme (letters, digits, `+ - .` before a `:`, as in `http://x.com` or `tt://feed`)
  /// is a URL without a query and gives no items; anything else is read as a query.
  ///
  /// Pairs are separated by `&` or `;`, and empty pieces are skipped. A piece without `=` is a
  /// bare name whose value is `nil`; everything after the first `=` is the value, so `k=`
  /// has the value `""` and `k=a=b` the value `a=b`. Names and values are percent-decoded as in
  /// ``TTAdditions/percentDecoded``, after turning `+` into a space when `plusAsSpace` is true.
  ///
  /// ```swift
  /// TTQueryString(parsing: "?a=1;b&c=").items
  /// // [Item(name: "a", value: "1"), Item(name: "b", value: nil), Item(name: "c", value: "")]
  /// TTQueryString(parsing: "q=a+b", plusAsSpace: false).first("q")   // "a+b"
  /// ```
  ///
  /// - Parameters:
  ///   - string: The query or URL to read.
  ///   - plusAsSpace: Whether `+` stands for a space, as in HTML form data. Defaults to `true`.
  public init(parsing string: String, plusAsSpace: Bool = true) {
    var query = Substring(string)
    if let hash = query.firstIndex(of: "#") {
      query = query[..<hash]
    }
    if let question = query.firstIndex(of: "?") {
      query = query[query.index(after: question)...]
    } else if Self.startsWithScheme(query) {
      query = ""
    }
    var items: [Item] = []
    for piece in query.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
      let name: Substring
      let value: Substring?
      if let equals = piece.firstIndex(of: "=") {
        name = piece[..<equals]
        value = piece[piece.index(after: equals)...]
      } else {
        name = piece
        value = nil
      }
      items.append(
        Item(
          name: TTPercentCoding.decode(String(name), plusAsSpace: plusAsSpace),
          value: value.map { TTPercentCoding.decode(String($0), plusAsSpace: plusAsSpace) }))
    }
    self.items = items
  }

  /// Whether the text before the first `:` is a URL scheme.
  private static func startsWithScheme(_ text: Substring) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
    return scheme.allSatisfy { character in
      character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
    }
  }

  /// Whether there are no items.
  public var isEmpty: Bool { items.isEmpty }

  /// The distinct names, in the order they first appear.
  ///
  /// ```swift
  /// TTQueryString(parsing: "b=1&a=2&b=3").names   // ["b", "a"]
  /// ```
  public var names: [String] {
    var seen: Set<String> = []
    return items.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
  }

  /// All values of a name, in order; `nil` for each bare occurrence.
  ///
  /// ```swift
  /// TTQueryString(parsing: "a=1&a&a=").values(for: "a")   // ["1", nil, ""]
  /// ```
  ///
  /// - Parameter name: The decoded name to look for; case-sensitive.
  /// - Returns: The values, empty when the name does not occur.
  public func values(for name: String) -> [String?] {
    items.filter { $0.name == name }.map(\.value)
  }

  /// The value of the first item with a name.
  ///
  /// ```swift
  /// TTQueryString(parsing: "a=1&a=2").first("a")   // "1"
  /// ```
  ///
  /// - Parameter name: The decoded name to look for; case-sensitive.
  /// - Returns: The first value, or `nil` when the name does not occur or its first occurrence is
  ///   a bare name. Use ``values(for:)`` to tell these apart.
  public func first(_ name: String) -> String? {
    items.first { $0.name == name }?.value ?? nil
  }

  /// All values by name, each list in order; Three20's `queryContentsUsingEncoding:`.
  ///
  /// Three20 stored `NSNull` for a bare name; here its value is `nil`.
  ///
  /// ```swift
  /// TTQueryString(parsing: "a=1&b&a=2").dictionary   // ["a": ["1", "2"], "b": [nil]]
  /// ```
  public var dictionary: [String: [String?]] {
    var result: [String: [String?]] = [:]
    for item in items {
      result[item.name, default: []].append(item.value)
    }
    return result
  }

  /// The items written as a query string, without a leading `?`.
  ///
  /// Names and values are encoded with ``TTAdditions/percentEncodedQueryValue`` (a space becomes
  /// `%20`, `+` becomes `%2B`), pairs are joined with `&`, and a bare name is written without
  /// `=`. Parsing the result gives back equal items.
  ///
  /// ```swift
  /// TTQueryString([.init(name: "q", value: "a&b c"), .init(name: "flag")]).encoded
  /// // "q=a%26b%20c&flag"
  /// ```
  public var encoded: String {
    items.map { item in
      let name = item.name.tt.percentEncodedQueryValue
      guard let value = item.value else { return name }
      return name + "=" + value.tt.percentEncodedQueryValue
    }.joined(separator: "&")
  }

  /// The encoded query string, as ``encoded``.
  public var description: String { encoded }
}
