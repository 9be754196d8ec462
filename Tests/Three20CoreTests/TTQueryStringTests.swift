import Testing
import Three20Core

/// Shorthand for building expected items.
private func item(_ name: String, _ value: String?) -> TTQueryString.Item {
  TTQueryString.Item(name: name, value: value)
}

@Suite("TTQueryString")
struct TTQueryStringTests {
  // MARK: - Parsing

  /// Queries parse with or without `?`, from whole URLs, split on `&` and `;`, skipping empty
  /// pieces, with bare names as `nil` and `k=` as "".
  @Test(arguments: [
    ("a=1&b=2", [item("a", "1"), item("b", "2")]),
    ("?a=1&b=2", [item("a", "1"), item("b", "2")]),
    ("http://x.com/p?a=1&b=2#frag", [item("a", "1"), item("b", "2")]),
    ("a=1;b=2", [item("a", "1"), item("b", "2")]),
    ("&&a=1&;&", [item("a", "1")]),
    ("flag&k=", [item("flag", nil), item("k", "")]),
    ("k=a=b", [item("k", "a=b")]),
    ("q=a+b%2Bc", [item("q", "a b+c")]),
    ("n%20m=v%26w", [item("n m", "v&w")]),
    ("=v", [item("", "v")]),
    ("a=%zz&b=%E9", [item("a", "%zz"), item("b", "\u{FFFD}")]),
    ("x?y?z=1", [item("y?z", "1")]),
    ("a=1#b=2", [item("a", "1")]),
    ("tt://feed?id=42&name=%F0%9F%98%80", [item("id", "42"), item("name", "😀")]),
    ("", []),
    ("?", []),
    ("#", []),
    ("http://x.com/path", []),
    ("tt://feed/42#top", []),
    ("time=10:30", [item("time", "10:30")]),
  ])
  func parsesForgivingly(input: String, expected: [TTQueryString.Item]) {
    #expect(TTQueryString(parsing: input).items == expected)
  }

  /// With `plusAsSpace: false`, a `+` stays a `+` while escapes are still decoded.
  @Test func plusCanBeKept() {
    let query = TTQueryString(parsing: "q=a+b%20c", plusAsSpace: false)
    #expect(query.items == [item("q", "a+b c")])
  }

  // MARK: - Reading

  /// Repeated names keep every value in order, and lookups are by decoded name.
  @Test func repeatedNamesKeepAllValues() {
    let query = TTQueryString(parsing: "b=1&a=2&b=3&b&b=")
    #expect(query.values(for: "b") == ["1", "3", nil, ""])
    #expect(query.values(for: "a") == ["2"])
    #expect(query.values(for: "missing") == [])
    #expect(query.first("b") == "1")
    #expect(query.names == ["b", "a"])
  }

  /// `first` returns nil both for an absent name and for a bare first occurrence.
  @Test func firstIsNilForAbsentOrBare() {
    let query = TTQueryString(parsing: "flag&flag=1")
    #expect(query.first("flag") == nil)
    #expect(query.first("other") == nil)
    #expect(query.values(for: "flag") == [nil, "1"])
  }

  /// The dictionary maps each name to all its values, bare ones as nil.
  @Test func dictionaryCollectsValues() {
    let query = TTQueryString(parsing: "a=1&b&a=2")
    #expect(query.dictionary == ["a": ["1", "2"], "b": [nil]])
    #expect(TTQueryString(parsing: "").dictionary.isEmpty)
  }

  /// Lookups are case-sensitive.
  @Test func namesAreCaseSensitive() {
    let query = TTQueryString(parsing: "Key=1")
    #expect(query.first("key") == nil)
    #expect(query.first("Key") == "1")
  }

  // MARK: - Building

  /// Items are encoded in order; bare names have no `=`.
  @Test func itemsEncodeInOrder() {
    let query = TTQueryString([item("q", "a&b c"), item("flag", nil), item("e", "")])
    #expect(query.encoded == "q=a%26b%20c&flag&e=")
    #expect(query.description == query.encoded)
  }

  /// Dictionaries are encoded sorted by name, so the output is deterministic.
  @Test func dictionariesEncodeSortedByName() {
    #expect(TTQueryString(["b": "2", "a": "x y"]).encoded == "a=x%20y&b=2")
    #expect(TTQueryString(["tag": ["b", "a"], "q": ["x"], "none": []]).encoded == "q=x&tag=b&tag=a")
    #expect(TTQueryString([String: String]()).encoded == "")
  }

  /// Parsing the encoded form gives back equal items, whatever they contain.
  @Test(arguments: [
    [item("a", "1")],
    [item("a&b", "c=d"), item("x y", "1+1"), item("#?", "/;:")],
    [item("", ""), item("flag", nil), item("😀", "é")],
    [item("%41", "%"), item("+", "+ +")],
  ])
  func encodedRoundTrips(items: [TTQueryString.Item]) {
    let query = TTQueryString(items)
    #expect(TTQueryString(parsing: query.encoded) == query)
    #expect(TTQueryString(parsing: "?" + query.encoded, plusAsSpace: false) == query)
  }

  /// Equality depends on order.
  @Test func equalityIsOrdered() {
    #expect(TTQueryString(parsing: "a=1&b=2") != TTQueryString(parsing: "b=2&a=1"))
    #expect(TTQueryString(parsing: "a=1;b=2") == TTQueryString(parsing: "?a=1&b=2"))
  }

  // MARK: - String helpers

  /// `addingQuery` joins with `?`, `&` or nothing, and keeps the fragment at the end.
  @Test(arguments: [
    ("http://x.com/a", "http://x.com/a?c=2"),
    ("http://x.com/a?b=1", "http://x.com/a?b=1&c=2"),
    ("http://x.com/a?b=1#top", "http://x.com/a?b=1&c=2#top"),
    ("http://x.com/a#top", "http://x.com/a?c=2#top"),
    ("http://x.com/a?", "http://x.com/a?c=2"),
    ("http://x.com/a?b=1&", "http://x.com/a?b=1&c=2"),
    ("http://x.com/a#frag?x", "http://x.com/a?c=2#frag?x"),
    ("", "?c=2"),
  ])
  func addingQueryJoinsCorrectly(url: String, expected: String) {
    #expect(url.tt.addingQuery(TTQueryString(["c": "2"])) == expected)
  }

  /// Adding an empty query changes nothing; the dictionary form sorts and encodes.
  @Test func addingQueryVariants() {
    #expect("http://x.com/a#b".tt.addingQuery(TTQueryString()) == "http://x.com/a#b")
    #expect("tt://search".tt.addingQuery(["q": "cats", "page": "2"]) == "tt://search?page=2&q=cats")
    #expect("http://x.com/a".tt.addingQuery(["q": "a b&c"]) == "http://x.com/a?q=a%20b%26c")
  }

  /// `query` and `queryContents` parse the string like `TTQueryString(parsing:)`.
  @Test func stringQueryHelpersParse() {
    let url = "http://x.com/a?b=1&c=two+words&b"
    #expect(url.tt.query == TTQueryString(parsing: url))
    #expect(url.tt.queryContents == TTQueryString(parsing: url))
    #expect(url.tt.query.first("c") == "two words")
    #expect(url.tt.queryContents.dictionary == ["b": ["1", nil], "c": ["two words"]])
  }

  // MARK: - Large input

  /// A query of 100,000 pairs parses into 100,000 items in order.
  @Test func largeQueryParses() {
    let raw = (0..<100_000).map { "k\($0 % 7)=v%20\($0)" }.joined(separator: "&")
    let query = TTQueryString(parsing: raw)
    #expect(query.items.count == 100_000)
    #expect(query.items.last == item("k\(99_999 % 7)", "v 99999"))
    #expect(query.names.count == 7)
  }
}
