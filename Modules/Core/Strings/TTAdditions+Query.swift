extension TTAdditions where Base == String {
  /// The query of the string, read as a URL or as a query string.
  ///
  /// The same as `TTQueryString(parsing: string)`: a leading `?` is optional, a whole URL may
  /// be given, `+` means a space, and a `#fragment` is dropped.
  ///
  /// ```swift
  /// "http://x.com/a?b=1&c=two+words".tt.query.first("c")   // "two words"
  /// ```
  public var query: TTQueryString {
    TTQueryString(parsing: base)
  }

  /// The query of the string; Three20's `queryContentsUsingEncoding:`, as ``query``.
  ///
  /// Three20 returned a dictionary from each name to an array of its values; that dictionary is
  /// ``TTQueryString/dictionary``.
  ///
  /// ```swift
  /// "?a=1&a=2".tt.queryContents.dictionary   // ["a": ["1", "2"]]
  /// ```
  public var queryContents: TTQueryString {
    query
  }

  /// The URL string with a query appended; Three20's `stringByAddingURLEncodedQueryDictionary:`.
  ///
  /// The encoded query (``TTQueryString/encoded``) is joined with `?` when the URL has no query
  /// yet, with `&` when it has one, and with nothing when the URL already ends in `?` or `&`. A
  /// `#fragment` stays at the end. An empty query returns the string unchanged.
  ///
  /// ```swift
  /// "http://x.com/a".tt.addingQuery(TTQueryString(["q": "a b"]))       // "http://x.com/a?q=a%20b"
  /// "http://x.com/a?b=1".tt.addingQuery(TTQueryString(["c": "2"]))     // "http://x.com/a?b=1&c=2"
  /// "http://x.com/a?b=1#top".tt.addingQuery(TTQueryString(["c": "2"])) // "http://x.com/a?b=1&c=2#top"
  /// ```
  ///
  /// - Parameter query: The items to append.
  /// - Returns: The URL string with the query added.
  public func addingQuery(_ query: TTQueryString) -> String {
    guard !query.isEmpty else { return base }
    var head = Substring(base)
    var fragment: Substring = ""
    if let hash = head.firstIndex(of: "#") {
      fragment = head[hash...]
      head = head[..<hash]
    }
    let separator: String
    if head.last == "?" || head.last == "&" {
      separator = ""
    } else if head.contains("?") {
      separator = "&"
    } else {
      separator = "?"
    }
    return head + separator + query.encoded + fragment
  }

  /// The URL string with values appended as a query, sorted by name.
  ///
  /// The same as `addingQuery(TTQueryString(parameters))`.
  ///
  /// ```swift
  /// "tt://search".tt.addingQuery(["q": "cats", "page": "2"])   // "tt://search?page=2&q=cats"
  /// ```
  ///
  /// - Parameter parameters: Values by name, not percent-encoded.
  /// - Returns: The URL string with the query added.
  public func addingQuery(_ parameters: [String: String]) -> String {
    addingQuery(TTQueryString(parameters))
  }
}
