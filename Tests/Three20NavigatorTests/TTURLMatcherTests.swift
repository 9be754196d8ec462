import Foundation
import Testing
import Three20Core
import Three20Navigator

/// A matcher whose patterns all map to a handler, for checking which pattern wins.
func handlerMatcher(
  _ patterns: [String], configure: (inout TTURLMap) throws -> Void = { _ in }
) throws
  -> TTURLMatcher
{
  var map = TTURLMap()
  try configure(&map)
  for pattern in patterns { try map.mapHandler(pattern) { _, _ in true } }
  return try map.freeze()
}

@Suite("TTURLMatcher")
struct TTURLMatcherTests {
  // MARK: - Three20's matching rules

  /// Three20's `(initWithFood:)` form ports: the trailing colon is dropped and the name kept.
  @Test func threeTwentySelectorPatternsPort() throws {
    let matcher = try handlerMatcher(["tt://food/(initWithFood:)", "tt://menu/(initWithMenu:)", "tt://about"])
    let match = try #require(matcher.resolve("tt://food/pie")?.match)
    #expect(match.pattern == "tt://food/(initWithFood:)")
    #expect(match.parameters == ["initWithFood": .string("pie")])
    #expect(matcher.resolve("tt://menu/3")?.match["initWithMenu"] == "3")
    #expect(matcher.resolve("tt://about")?.match.pattern == "tt://about")
  }

  /// Three20's unnamed `()` wildcard matches any component without capturing it.
  @Test func unnamedWildcardMatchesWithoutCapturing() throws {
    let matcher = try handlerMatcher(["tt://order?waitress=()#(orderAction:)"])
    let match = try #require(matcher.resolve("tt://order?waitress=Betty#send")?.match)
    #expect(match.parameters == ["orderAction": .string("send")])
  }

  /// The host is component 0: a literal host must be equal, and a parameter may stand for it.
  @Test func hostIsTheFirstComponent() throws {
    let matcher = try handlerMatcher(["tt://food/(name)", "tt://(kind)/pie/(size)"])
    #expect(matcher.resolve("tt://drink/pie") == nil)
    let match = try #require(matcher.resolve("tt://cake/pie/large")?.match)
    #expect(match.pattern == "tt://(kind)/pie/(size)")
    #expect(match["kind"] == "cake")
  }

  /// A URL matches only patterns with the same number of components.
  @Test func componentCountsMustBeEqual() throws {
    let matcher = try handlerMatcher(["tt://food/(name)"])
    #expect(matcher.resolve("tt://food") == nil)
    #expect(matcher.resolve("tt://food/pie/extra") == nil)
    #expect(matcher.resolve("tt://food/pie") != nil)
  }

  /// A pattern with a fragment matches only URLs with one, and a pattern without only URLs without.
  @Test func fragmentInBothOrNeither() throws {
    let plain = try handlerMatcher(["tt://food/(name)"])
    #expect(plain.resolve("tt://food/pie#top") == nil)
    let withFragment = try handlerMatcher(["tt://food/(name)#(section)"])
    #expect(withFragment.resolve("tt://food/pie") == nil)
    let match = try #require(withFragment.resolve("tt://food/pie#top%20part")?.match)
    #expect(match["section"] == "top part")
    #expect(match.fragment == "top part")
  }

  /// The query takes no part in matching unless the pattern names it; it is always reported.
  @Test func queryIgnoredUnlessNamed() throws {
    let matcher = try handlerMatcher(["tt://food/(name)"])
    let match = try #require(matcher.resolve("tt://food/pie?size=large&tag=a&tag=b&flag")?.match)
    #expect(match.pattern == "tt://food/(name)")
    #expect(match.parameters == ["name": .string("pie")])
    #expect(match.query == ["size": ["large"], "tag": ["a", "b"], "flag": [nil]])
  }

  /// A named query item is required and typed; its value is form-decoded.
  @Test func namedQueryItemsAreRequired() throws {
    let matcher = try handlerMatcher(["tt://search?q=(query)&page=(page:int)", "tt://search"])
    let match = try #require(matcher.resolve("tt://search?page=2&q=swift+6%21")?.match)
    #expect(match.pattern == "tt://search?q=(query)&page=(page:int)")
    #expect(match.parameters == ["query": .string("swift 6!"), "page": .int(2)])
    #expect(matcher.resolve("tt://search?q=x")?.match.pattern == "tt://search")
    #expect(matcher.resolve("tt://search?q=x&page=two")?.match.pattern == "tt://search")
    #expect(matcher.resolve("tt://search")?.match.pattern == "tt://search")
  }

  /// A literal query value must be equal; the first occurrence of a name counts.
  @Test func literalQueryValues() throws {
    let matcher = try handlerMatcher(["tt://list?sort=new", "tt://list?sort=(order)"])
    #expect(matcher.resolve("tt://list?sort=new")?.match.pattern == "tt://list?sort=new")
    #expect(matcher.resolve("tt://list?sort=old&sort=new")?.match.pattern == "tt://list?sort=(order)")
  }

  /// The scheme is compared ignoring ASCII case; literals are compared exactly.
  @Test func schemeIsCaseInsensitiveLiteralsAreNot() throws {
    let matcher = try handlerMatcher(["tt://Food/(name)"])
    #expect(matcher.resolve("TT://Food/pie") != nil)
    #expect(matcher.resolve("tt://food/pie") == nil)
  }

  /// A URL without a scheme, or with an unknown one, matches only the `*` fallback.
  @Test func urlsWithoutAKnownSchemeMatchOnlyTheFallback() throws {
    var map = TTURLMap()
    try map.mapHandler("tt://food") { _, _ in true }
    let strict = try map.freeze()
    #expect(strict.resolve("food") == nil)
    #expect(strict.resolve("http://food") == nil)
    #expect(strict.resolve("") == nil)
    map.setFallbackHandler { _, _ in true }
    let lenient = try map.freeze()
    #expect(lenient.resolve("food")?.match.pattern == "*")
    #expect(lenient.resolve("")?.match.pattern == "*")
  }

  /// `tt://` with no host matches only `tt://`.
  @Test func emptyPatternMatchesOnlyTheBareScheme() throws {
    let matcher = try handlerMatcher(["tt://"])
    #expect(matcher.resolve("tt://")?.match.pattern == "tt://")
    #expect(matcher.resolve("tt://a") == nil)
  }

  // MARK: - Precedence

  /// Per component: literal, then typed, then untyped, then a path tail, whatever the registration order.
  @Test(arguments: [
    ("tt://a/b", "tt://a/b"), ("tt://a/5", "tt://a/(x:int)"), ("tt://a/zz", "tt://a/(x)"),
    ("tt://a/zz/yy", "tt://a/(rest:path)"), ("tt://a/b/yy", "tt://a/(rest:path)"),
  ])
  func literalBeatsTypedBeatsUntypedBeatsTail(url: String, winner: String) throws {
    let matcher = try handlerMatcher(["tt://a/(rest:path)", "tt://a/(x)", "tt://a/(x:int)", "tt://a/b"])
    #expect(matcher.resolve(url)?.match.pattern == winner)
  }

  /// Components are compared left to right: an earlier literal beats any later one.
  @Test func leftmostDifferenceDecides() throws {
    let matcher = try handlerMatcher(["tt://(x)/b", "tt://a/(y)"])
    #expect(matcher.resolve("tt://a/b")?.match.pattern == "tt://a/(y)")
    let tails = try handlerMatcher(["tt://(x)/b/c", "tt://a/(rest:path)"])
    #expect(tails.resolve("tt://a/b/c")?.match.pattern == "tt://a/(rest:path)")
  }

  /// Among typed parameters of different types, the later components decide, then registration order.
  @Test func typedTiesLookFurtherThenAtRegistrationOrder() throws {
    let matcher = try handlerMatcher(["tt://a/(x:int)/(y)", "tt://a/(x:even)/lit"]) { map in
      try map.registerConverter(named: "even") { text in
        Int(text).flatMap { $0 % 2 == 0 ? .int($0) : nil }
      }
    }
    #expect(matcher.resolve("tt://a/4/lit")?.match.pattern == "tt://a/(x:even)/lit")
    #expect(matcher.resolve("tt://a/4/other")?.match.pattern == "tt://a/(x:int)/(y)")
    #expect(matcher.resolve("tt://a/3/lit")?.match.pattern == "tt://a/(x:int)/(y)")

    let tie = try handlerMatcher(["tt://b/(x:even)", "tt://b/(x:int)"]) { map in
      try map.registerConverter(named: "even") { text in Int(text).flatMap { $0 % 2 == 0 ? .int($0) : nil } }
    }
    #expect(tie.resolve("tt://b/4")?.match.pattern == "tt://b/(x:even)")
    #expect(tie.resolve("tt://b/3")?.match.pattern == "tt://b/(x:int)")
  }

  /// More named query items win; a literal query value beats a parameter.
  @Test func queryPrecedence() throws {
    let matcher = try handlerMatcher(["tt://s", "tt://s?q=(x)", "tt://s?q=(x)&p=(y)", "tt://s?q=go"])
    #expect(matcher.resolve("tt://s?q=go")?.match.pattern == "tt://s?q=go")
    #expect(matcher.resolve("tt://s?q=1")?.match.pattern == "tt://s?q=(x)")
    #expect(matcher.resolve("tt://s?q=1&p=2")?.match.pattern == "tt://s?q=(x)&p=(y)")
    #expect(matcher.resolve("tt://s?p=2")?.match.pattern == "tt://s")
  }

  /// A literal fragment beats a fragment parameter.
  @Test func fragmentPrecedence() throws {
    let matcher = try handlerMatcher(["tt://page#(anchor)", "tt://page#top"])
    #expect(matcher.resolve("tt://page#top")?.match.pattern == "tt://page#top")
    #expect(matcher.resolve("tt://page#end")?.match.pattern == "tt://page#(anchor)")
  }

  /// When a literal branch fails further on, the search backtracks to a parameter branch.
  @Test func backtracksFromAFailedLiteralBranch() throws {
    let matcher = try handlerMatcher(["tt://a/b/d", "tt://a/(x)/c"])
    let match = try #require(matcher.resolve("tt://a/b/c")?.match)
    #expect(match.pattern == "tt://a/(x)/c")
    #expect(match["x"] == "b")
    #expect(matcher.resolve("tt://a/b/d")?.match.pattern == "tt://a/b/d")
  }

  /// Backtracking reaches a tail after literal and parameter branches fail deeper down.
  @Test func backtracksAllTheWayToATail() throws {
    let matcher = try handlerMatcher(["tt://a/b/c/d", "tt://a/(x)/c/e", "tt://a/(rest:path)"])
    #expect(matcher.resolve("tt://a/b/c/f")?.match.parameters == ["rest": .path("b/c/f")])
  }

  /// `matches` lists every candidate in precedence order, then the fallbacks.
  @Test func matchesListsEveryCandidateInOrder() throws {
    var map = TTURLMap()
    for pattern in ["tt://food/(rest:path)", "tt://food/(name)", "tt://food/pie", "tt://(x)/(y)"] {
      try map.mapHandler(pattern) { _, _ in true }
    }
    map.setFallbackHandler(forScheme: "tt") { _, _ in true }
    map.setFallbackHandler { _, _ in true }
    let matcher = try map.freeze()
    #expect(
      matcher.matches("tt://food/pie").map(\.pattern) == [
        "tt://food/pie", "tt://food/(name)", "tt://food/(rest:path)", "tt://(x)/(y)", "tt://*", "*",
      ])
    #expect(matcher.matches("nothing").map(\.pattern) == ["*"])
    #expect(matcher.candidates("tt://food/pie").first?.match == matcher.resolve("tt://food/pie")?.match)
  }

  // MARK: - Typed parameters

  /// Each built-in type converts its text, and the value keeps its type.
  @Test func typedParametersConvert() throws {
    let matcher = try handlerMatcher([
      "tt://t/(i:int)/(d:double)/(b:bool)/(u:uuid)/(s:string)"
    ])
    let match = try #require(
      matcher.resolve("tt://t/-42/2.5e3/YES/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/x")?.match)
    #expect(
      match.parameters == [
        "i": .int(-42), "d": .double(2500), "b": .bool(true),
        "u": .uuid("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"),
        "s": .string("x"),
      ])
  }

  /// Text a typed parameter refuses gives no match there, and a less specific pattern may match.
  @Test(arguments: [
    "abc", "99999999999999999999", "-", "+", "1.5", "", "0x10", "٣",
  ])
  func failedConversionFallsThrough(text: String) throws {
    let matcher = try handlerMatcher(["tt://item/(id:int)", "tt://item/(slug)"])
    let url = "tt://item/" + text.tt.percentEncodedPathComponent
    if text.isEmpty {
      #expect(matcher.resolve(url) == nil)
    } else {
      #expect(matcher.resolve(url)?.match.pattern == "tt://item/(slug)")
    }
  }

  /// Doubles must be finite decimals; Booleans take true/false, yes/no, 1/0; UUIDs need 8-4-4-4-12 hex.
  @Test func typedRefusals() throws {
    let matcher = try handlerMatcher(["tt://d/(v:double)", "tt://b/(v:bool)", "tt://u/(v:uuid)"])
    for text in ["inf", "nan", "1e999", "-1e999", "1,5", "0x1p3", "."] {
      #expect(matcher.resolve("tt://d/" + text) == nil, "\(text)")
    }
    #expect(matcher.resolve("tt://d/-0.25")?.match.parameters["v"] == .double(-0.25))
    for text in ["maybe", "2", "truee", "t"] { #expect(matcher.resolve("tt://b/" + text) == nil, "\(text)") }
    #expect(matcher.resolve("tt://b/No")?.match.parameters["v"] == .bool(false))
    #expect(matcher.resolve("tt://b/0")?.match.parameters["v"] == .bool(false))
    for text in ["0f1e2d3c4b5a69788796a5b4c3d2e1f0", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1fg"] {
      #expect(matcher.resolve("tt://u/" + text) == nil, "\(text)")
    }
  }

  /// Custom converters convert and may refuse; a refusal falls through to a less specific pattern.
  @Test func customConverters() throws {
    let matcher = try handlerMatcher(["tt://color/(rgb:hex)", "tt://color/(name)"]) { map in
      try map.registerConverter(named: "hex") { text in
        text.count == 6 ? Int(text, radix: 16).map { .int($0) } : nil
      }
    }
    #expect(matcher.resolve("tt://color/ff8800")?.match.parameters["rgb"] == .int(0xFF8800))
    #expect(matcher.resolve("tt://color/orange")?.match.parameters["name"] == .string("orange"))
  }

  /// A path tail takes the rest of the path (one component or more), each component decoded.
  @Test func pathTail() throws {
    let matcher = try handlerMatcher(["tt://files/(rest:path)", "tt://docs/(rest:path)?v=(v:int)"])
    #expect(matcher.resolve("tt://docs/a/b?v=2")?.match.parameters == ["rest": .path("a/b"), "v": .int(2)])
    #expect(matcher.resolve("tt://files/a/b%20c/d.txt")?.match.parameters == ["rest": .path("a/b c/d.txt")])
    #expect(matcher.resolve("tt://files/one")?.match.parameters == ["rest": .path("one")])
    #expect(matcher.resolve("tt://files") == nil)
    #expect(matcher.resolve("tt://files/") == nil)
  }

  // MARK: - Decoding and slashes

  /// Components are split first, then percent-decoded, so `%2F` stays inside its component.
  @Test func componentsArePercentDecoded() throws {
    let matcher = try handlerMatcher(["tt://food/(name)", "tt://café/menu"])
    #expect(matcher.resolve("tt://food/caf%C3%A9")?.match["name"] == "café")
    #expect(matcher.resolve("tt://food/a%2Fb")?.match["name"] == "a/b")
    #expect(matcher.resolve("tt://food/100%")?.match["name"] == "100%")
    #expect(matcher.resolve("tt://food/%zz%41")?.match["name"] == "%zzA")
    #expect(matcher.resolve("tt://food/a+b")?.match["name"] == "a+b")
    #expect(matcher.resolve("tt://caf%C3%A9/menu")?.match.pattern == "tt://café/menu")
    #expect(matcher.resolve("tt://café/menu")?.match.pattern == "tt://café/menu")
  }

  /// Literal patterns written percent-encoded match their decoded text.
  @Test func encodedLiteralsInPatterns() throws {
    let matcher = try handlerMatcher(["tt://new%20york/(x)"])
    #expect(matcher.resolve("tt://new york/1")?.match.pattern == "tt://new%20york/(x)")
    #expect(matcher.resolve("tt://new%20york/1") != nil)
  }

  /// Trailing and doubled slashes are ignored.
  @Test func trailingSlashTolerance() throws {
    let matcher = try handlerMatcher(["tt://food/(name)"])
    for url in ["tt://food/pie/", "tt://food//pie", "tt://food/pie//", "tt:food/pie", "tt:///food/pie"] {
      #expect(matcher.resolve(url)?.match["name"] == "pie", "\(url)")
    }
    let slashed = try handlerMatcher(["tt://drink/(name)/"])
    #expect(slashed.resolve("tt://drink/tea")?.match["name"] == "tea")
  }

  /// The match reports the URL as given, its query and its decoded fragment.
  @Test func matchCarriesURLQueryAndFragment() throws {
    let matcher = try handlerMatcher(["tt://a/(x)#(f)"])
    let match = try #require(matcher.resolve("tt://a/1?k=v%20w;z#a%23b")?.match)
    #expect(match.url == "tt://a/1?k=v%20w;z#a%23b")
    #expect(match.query == ["k": ["v w"], "z": [nil]])
    #expect(match.fragment == "a#b")
  }

  // MARK: - Robustness

  /// Very long URLs resolve without trapping or deep recursion: a tail takes them all.
  @Test func veryLongURLsResolve() throws {
    let matcher = try handlerMatcher(["tt://files/(rest:path)", "tt://a/(x)/(y)"])
    let deep = "tt://files/" + String(repeating: "a%20b/", count: 100_000)
    let rest = try #require(matcher.resolve(deep)?.match.parameters["rest"])
    #expect(rest.description.count == 100_000 * 4 - 1)
    #expect(matcher.resolve("tt://a/" + String(repeating: "x/", count: 100_000)) == nil)
    #expect(matcher.resolve("tt://" + String(repeating: "%", count: 100_000)) == nil)
  }

  /// Random URLs against random patterns never trap, and `resolve` agrees with `matches`.
  @Test func randomURLsNeverTrap() throws {
    var generator = SeededGenerator(seed: 20)
    let pieces = [
      "a", "b", "food", "(x)", "(n:int)", "(d:double)", "(b:bool)", "(u:uuid)", "(r:path)", "café", "%41",
    ]
    var map = TTURLMap()
    var seen: Set<String> = []
    for _ in 0..<300 {
      let count = Int.random(in: 0...4, using: &generator)
      var parts: [String] = []
      var names = 0
      for index in 0..<count {
        var piece = pieces.randomElement(using: &generator) ?? "a"
        if piece == "(r:path)" && index != count - 1 { piece = "a" }
        if piece.hasPrefix("(") {
          names += 1
          piece = piece.replacingOccurrences(of: "(", with: "(p\(names)")
          piece = piece.replacingOccurrences(of: "(p\(names)x)", with: "(p\(names))")
        }
        parts.append(piece)
      }
      var pattern = "tt://" + parts.joined(separator: "/")
      if Bool.random(using: &generator) { pattern += "?q=(q\(names):int)" }
      if Int.random(in: 0..<5, using: &generator) == 0 { pattern += "#(frag)" }
      guard let parsed = try? TTURLMap().freezeShapeProbe(pattern), seen.insert(parsed).inserted else {
        continue
      }
      try map.mapHandler(pattern) { _, _ in true }
    }
    let matcher = try map.freeze()
    let alphabet = Array("ab/%4?#=&:.c1-+é😀 \u{0}()*tT")
    for _ in 0..<10_000 {
      var url = ["tt://", "TT:", "tt:///", "x://", ""].randomElement(using: &generator) ?? ""
      for _ in 0..<Int.random(in: 0...30, using: &generator) {
        url.append(alphabet.randomElement(using: &generator) ?? "a")
      }
      let resolved = matcher.resolve(url)
      let all = matcher.matches(url)
      #expect(resolved?.match == all.first)
    }
  }
}

extension TTURLMap {
  /// The shape of a pattern when it parses, for skipping duplicates in random tests.
  fileprivate func freezeShapeProbe(_ pattern: String) throws -> String {
    var probe = TTURLMap()
    try probe.mapHandler(pattern) { _, _ in true }
    _ = try probe.freeze()
    return pattern.replacingOccurrences(of: #"\(([a-z0-9]+)"#, with: "(", options: .regularExpression)
  }
}
