import Foundation
import Testing
import Three20Navigator
import Three20Style
import Three20UICommon

/// A controller that remembers what it was made for.
@MainActor
final class NamedController: TTViewController {
  let name: String
  init(_ name: String) {
    self.name = name
    super.init()
  }
}

/// Calls a route's controller factory.
@MainActor
func controller(_ resolution: TTURLResolution?, query: [String: any Sendable] = [:]) -> TTViewController? {
  guard let resolution, case .controller(let factory) = resolution.route.target else { return nil }
  return factory(resolution.match, query)
}

@Suite("TTURLMap")
struct TTURLMapTests {
  // MARK: - Kinds of mapping

  /// Each mapping method gives its route the matching mode and parent.
  @Test func mappingMethodsSetModesAndParents() throws {
    var map = TTURLMap()
    try map.map("tt://create", parent: "tt://home") { _, _ in nil }
    try map.mapShared("tt://share") { _, _ in nil }
    try map.mapModal("tt://modal", parent: "tt://inbox") { _, _ in nil }
    try map.mapHandler("tt://handle") { _, _ in true }
    let matcher = try map.freeze()
    #expect(matcher.resolve("tt://create")?.route.mode == .create)
    #expect(matcher.resolve("tt://create")?.route.parentURL == "tt://home")
    #expect(matcher.resolve("tt://share")?.route.mode == .share)
    #expect(matcher.resolve("tt://share")?.route.parentURL == nil)
    #expect(matcher.resolve("tt://modal")?.route.mode == .modal)
    #expect(matcher.resolve("tt://modal")?.route.parentURL == "tt://inbox")
    #expect(matcher.resolve("tt://handle")?.route.mode == TTNavigationMode.none)
  }

  /// Three20's `from(_:to…ViewController:)` names map like the preferred methods.
  @Test func threeTwentyNamesMapLikeThePreferredMethods() throws {
    var map = TTURLMap()
    try map.from("tt://a", toViewController: { _, _ in nil })
    try map.from("tt://b", toSharedViewController: { _, _ in nil })
    try map.from("tt://c", parent: "tt://a", toModalViewController: { _, _ in nil })
    let matcher = try map.freeze()
    #expect(matcher.resolve("tt://a")?.route.mode == .create)
    #expect(matcher.resolve("tt://b")?.route.mode == .share)
    #expect(matcher.resolve("tt://c")?.route.mode == .modal)
    #expect(matcher.resolve("tt://c")?.route.parentURL == "tt://a")
  }

  /// The factory receives the match and the query objects, on the main actor.
  @MainActor @Test func factoryReceivesMatchAndQueryObjects() throws {
    var map = TTURLMap()
    try map.map("tt://food/(name)") { match, query in
      NamedController("\(match["name"] ?? "?")+\(query["extra"] as? Int ?? 0)")
    }
    let made = controller(try map.freeze().resolve("tt://food/pie"), query: ["extra": 3]) as? NamedController
    #expect(made?.name == "pie+3")
  }

  /// Exact entries win over every pattern, return their instance, and can be removed.
  @MainActor @Test func exactEntriesWinAndCanBeRemoved() throws {
    var map = TTURLMap()
    try map.map("tt://about") { _, _ in NamedController("pattern") }
    let instance = NamedController("exact")
    map.set(object: instance, forURL: "tt://about")
    let resolution = try map.freeze().resolve("tt://about")
    #expect(resolution?.match.pattern == "tt://about")
    #expect(resolution?.route.mode == .share)
    #expect(controller(resolution) === instance)
    #expect(try map.freeze().resolve("tt://about/")?.route.mode == .create)
    map.removeObject(forURL: "tt://about")
    #expect((controller(try map.freeze().resolve("tt://about")) as? NamedController)?.name == "pattern")
  }

  /// An exact entry's match still reports the URL's query and fragment.
  @MainActor @Test func exactEntryMatchHasQueryAndFragment() throws {
    var map = TTURLMap()
    map.set(object: NamedController("x"), forURL: "tt://x?a=1#f%20g")
    let match = try map.freeze().resolve("tt://x?a=1#f%20g")?.match
    #expect(match?.query == ["a": ["1"]])
    #expect(match?.fragment == "f g")
    #expect(match?.parameters == [:])
  }

  /// A scheme's fallback is tried before `*`; setting a fallback again replaces it.
  @Test func fallbacks() throws {
    var map = TTURLMap()
    try map.mapHandler("https://example.com/(page)") { _, _ in true }
    map.setFallback(forScheme: "HTTPS") { _, _ in nil }
    map.setFallback(mode: .modal) { _, _ in nil }
    map.setFallbackHandler { _, _ in false }
    let matcher = try map.freeze()
    #expect(matcher.resolve("https://example.com/a")?.match.pattern == "https://example.com/(page)")
    #expect(matcher.resolve("https://other.org/a/b")?.match.pattern == "https://*")
    #expect(matcher.resolve("https://other.org/a/b")?.route.mode == .create)
    #expect(matcher.resolve("ftp://x")?.match.pattern == "*")
    #expect(matcher.resolve("ftp://x")?.route.mode == TTNavigationMode.none)
    #expect(map.patterns == ["https://example.com/(page)", "https://*", "*"])
    #expect(matcher.isSchemeSupported("HTTPS"))
    #expect(!matcher.isSchemeSupported("ftp"))
  }

  /// `*` and `scheme://*` may also be mapped like any pattern.
  @Test func starPatternsMapFallbacks() throws {
    var map = TTURLMap()
    try map.mapHandler("tt://*") { _, _ in true }
    try map.mapHandler("*") { _, _ in true }
    let matcher = try map.freeze()
    #expect(matcher.resolve("tt://anything/at/all")?.match.pattern == "tt://*")
    #expect(matcher.resolve("mailto:someone")?.match.pattern == "*")
  }

  /// Removing a pattern removes every mapping with that string; removeAll clears every mapping.
  @MainActor @Test func removal() throws {
    var map = TTURLMap()
    try map.mapHandler("tt://a/(x)") { _, _ in true }
    try map.mapHandler("tt://b") { _, _ in true }
    map.setFallbackHandler { _, _ in true }
    let removed = map.remove(pattern: "tt://a/(x)")
    let removedAgain = map.remove(pattern: "tt://a/(x)")
    #expect(removed)
    #expect(!removedAgain)
    #expect(try map.freeze().resolve("tt://a/1")?.match.pattern == "*")
    let removedStar = map.remove(pattern: "*")
    #expect(removedStar)
    #expect(try map.freeze().resolve("tt://a/1") == nil)
    map.set(object: NamedController("x"), forURL: "tt://x")
    map.removeAll()
    let empty = try map.freeze()
    #expect(empty.resolve("tt://b") == nil)
    #expect(empty.resolve("tt://x") == nil)
    #expect(empty.patterns.isEmpty)
  }

  /// A pattern may be registered again after removal without clashing.
  @Test func remappingAfterRemovalDoesNotClash() throws {
    var map = TTURLMap()
    try map.mapHandler("tt://a") { _, _ in true }
    map.remove(pattern: "tt://a")
    try map.mapModal("tt://a") { _, _ in nil }
    #expect(try map.freeze().resolve("tt://a")?.route.mode == .modal)
  }

  // MARK: - Clashes

  /// Patterns with the same shape clash when frozen; the message lists each clash.
  @Test func clashesAreReportedOnFreeze() throws {
    var map = TTURLMap()
    for pattern in [
      "tt://food/(id:int)", "tt://food/(name)", "tt://food/(num:int)", "tt://café", "tt://caf%C3%A9/",
    ] {
      try map.mapHandler(pattern) { _, _ in true }
    }
    let error = #expect(throws: TTURLMapError.self) { try map.freeze() }
    #expect(error?.code == .clashingPatterns)
    #expect(
      error?.message == """
        2 URL patterns clash with an earlier one: same shape and precedence, so the later one could never match:
          tt://food/(num:int) (registered 3rd) clashes with tt://food/(id:int) (registered 1st)
          tt://caf%C3%A9/ (registered 5th) clashes with tt://café (registered 4th)
        Remove one of each pair, or change its literals, parameter types, query or fragment.
        """)
  }

  /// Patterns that differ in type, query or fragment do not clash.
  @Test func differentShapesDoNotClash() throws {
    var map = TTURLMap()
    for pattern in [
      "tt://a/(x)", "tt://a/(x:int)", "tt://a/(x:uuid)", "tt://a/(x:path)", "tt://a/(x)?q=(y)",
      "tt://a/(x)#(f)",
      "tt://a/(x)#top", "tt://A/(x)",
    ] {
      try map.mapHandler(pattern) { _, _ in true }
    }
    #expect(throws: Never.self) { try map.freeze() }
  }

  /// Two `*` mappings clash, but setFallback replaces.
  @Test func duplicateStarsClash() throws {
    var map = TTURLMap()
    try map.mapHandler("*") { _, _ in true }
    try map.mapHandler("*") { _, _ in true }
    #expect(throws: TTURLMapError.self) { try map.freeze() }
  }

  // MARK: - Converters

  /// Converter names must be identifiers and not built-in types; patterns may use them only after.
  @Test func converterRegistration() throws {
    var map = TTURLMap()
    #expect(throws: TTURLMapError.self) { try map.registerConverter(named: "int") { _ in nil } }
    let bad = #expect(throws: TTURLMapError.self) { try map.registerConverter(named: "9lives") { _ in nil } }
    #expect(bad?.code == .invalidConverter)
    #expect(throws: TTURLMapError.self) { try map.mapHandler("tt://a/(x:slug)") { _, _ in true } }
    try map.registerConverter(named: "slug") { .custom(type: "slug", text: $0.lowercased()) }
    try map.mapHandler("tt://a/(x:slug)") { _, _ in true }
    #expect(
      try map.freeze().resolve("tt://a/Hello")?.match.parameters["x"] == .custom(type: "slug", text: "hello"))
  }

  /// The map is a Sendable value, and so is the matcher.
  @Test func mapAndMatcherAreSendable() async throws {
    var map = TTURLMap()
    try map.mapHandler("tt://a/(n:int)") { _, _ in true }
    let copy = map
    let matcher = try await Task.detached { try copy.freeze() }.value
    let result = await Task.detached { matcher.resolve("tt://a/5")?.match.parameters["n"] }.value
    #expect(result == .int(5))
  }
}
