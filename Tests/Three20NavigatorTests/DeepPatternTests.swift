// A pattern of a million components: building the trie, searching it (with backtracking all
// the way back up) and freeing it must not recurse once per component (issue 13).
import Testing

@testable import Three20Navigator

@Suite("Deep patterns")
struct DeepPatternTests {
  /// How many components the long pattern has.
  static let depth = 1_000_000

  /// `tt://a/a/…/a/<last>`, with `depth` components in all.
  private static func url(ending last: String) -> String {
    "tt://" + String(repeating: "a/", count: depth - 1) + last
  }

  /// The long pattern is built, matched at its far end, and backtracked out of when its last
  /// component differs, down to the tail pattern at the root; every match is listed too.
  @Test func millionComponentPattern() throws {
    let long = Self.url(ending: "end")
    let matcher = try handlerMatcher([long, "tt://(rest:path)"])
    #expect(matcher.resolve(long)?.match.pattern == long)
    let miss = Self.url(ending: "stop")
    let resolution = try #require(matcher.resolve(miss))
    #expect(resolution.match.pattern == "tt://(rest:path)")
    #expect(resolution.match["rest"]?.count == miss.count - "tt://".count)
    #expect(matcher.matches(long).map(\.pattern) == [long, "tt://(rest:path)"])
    #expect(matcher.matches(miss).map(\.pattern) == ["tt://(rest:path)"])
  }

  /// The loop that searches long URLs gives the same leaf as the recursion that searches short
  /// ones, for every URL of up to four components over a map with every kind of edge.
  @Test func loopAndRecursionAgree() throws {
    let matcher = try handlerMatcher([
      "tt://a/b", "tt://a/(id:int)", "tt://a/(flag:bool)", "tt://a/(name)", "tt://(x)/b",
      "tt://(x:int)/(y:int)",
      "tt://a/(rest:path)", "tt://(all:path)", "tt://a/b/(c:double)", "tt://a/(u:uuid)/b", "tt://b?q=(q)",
      "tt://b/(f)#(section)", "tt://a/(n:int)/b", "tt://(p)/(q)/(r)/(s)", "tt://1/(z:int)",
      "tt://true/(t:bool)/a",
    ])
    let pool = ["a", "b", "1", "2", "true", "x", "1.5", "123e4567-e89b-12d3-a456-426614174000"]
    var paths = [[String]()]
    var urls: [String] = []
    for _ in 1...4 {
      paths = paths.flatMap { path in pool.map { path + [$0] } }
      for path in paths {
        let url = "tt://" + path.joined(separator: "/")
        urls += [url, url + "?q=1", url + "#top"]
      }
    }
    var compared = 0
    var found = Set<Int32>()
    for url in urls {
      Array(url.utf8).withUnsafeBufferPointer { buffer in
        matcher.trie.withInput(buffer) { entry, input in
          guard let entry, entry.root >= 0, var recursive = input else { return }
          var looped = recursive
          let expected = matcher.trie.shallowBest(entry.root, 0, &recursive)
          #expect(matcher.trie.deepBest(entry.root, 0, &looped) == expected, "\(url)")
          compared += 1
          found.insert(expected)
        }
      }
    }
    #expect(compared == urls.count)
    #expect(found.count == matcher.patterns.count + 1)  // every pattern wins somewhere; some URLs match none
  }
}
