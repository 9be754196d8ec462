import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

/// The navigator's URL scheme policy: a URL from data whose scheme the app neither allows nor
/// maps never reaches a catch-all route.
@MainActor
@Suite("TTNavigator URL scheme policy")
struct TTNavigatorURLSchemeTests {
  let log = StackEventLog()

  /// An app with its own `tt` routes, a fallback for `ftp`, and a catch-all `*` page that
  /// records every URL it is asked to show.
  private func makeNavigator() throws -> TTNavigator {
    var map = TTURLMap()
    try map.map("tt://page/(name)") { match, _ in MapTitledController(title: match["name"] ?? "") }
    map.setFallback(forScheme: "ftp") { match, _ in MapTitledController(title: "FTP", url: match.url) }
    let log = self.log
    map.setFallback { match, _ in
      log.events.append("fallback \(match.url)")
      return MapTitledController(title: "Anything", url: match.url)
    }
    return try TTNavigator(map: map)
  }

  /// `javascript:`, `data:`, `file:` and `vbscript:` URLs, however disguised, are refused
  /// before the catch-all page is made, with the reason kept and nothing opened.
  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)",
    "data:text/html,<script>x</script>",
    "file:///etc/passwd", "vbscript:msgbox",
  ])
  func refusedSchemesNeverReachTheCatchAll(url: String) throws {
    let navigator = try makeNavigator()
    #expect(navigator.open(TTURLAction(url)) == nil)
    #expect(!navigator.openURL(url, query: [:]))
    #expect(navigator.stack.isEmpty)
    #expect(log.events.isEmpty)
    let reason = try #require(navigator.lastRefusal)
    #expect(reason.contains("which the URL scheme policy does not allow"))
    #expect(reason.contains("Only the fallback route \"*\" matched it"))
    #expect(!reason.contains("\t"))
  }

  /// Web and mail URLs reach the catch-all, as the default policy allows them; nothing is
  /// refused.
  @Test(arguments: ["https://example.com/a", "http://example.com/b", "mailto:jo@example.com"])
  func allowedSchemesReachTheCatchAll(url: String) throws {
    let navigator = try makeNavigator()
    #expect(navigator.open(TTURLAction(url)) != nil)
    #expect(log.events == ["fallback \(url)"])
    #expect(navigator.lastRefusal == nil)
  }

  /// Schemes the app maps itself open as mapped: its own routes, unknown URLs of its own
  /// scheme on the catch-all, and a scheme with a fallback of its own.
  @Test func schemesTheAppMapsOpen() throws {
    let navigator = try makeNavigator()
    #expect(navigator.open("tt://page/one")?.title == "one")
    #expect(navigator.open("tt://nowhere")?.title == "Anything")
    #expect(navigator.open("ftp://files.example.com/a")?.title == "FTP")
    #expect(navigator.lastRefusal == nil)
  }

  /// An app that handles more schemes says so in its policy.
  @Test func policyAllowsMoreSchemes() throws {
    let navigator = try makeNavigator()
    #expect(navigator.open("file:///tmp/notes.txt") == nil)
    navigator.urlSchemePolicy = TTURLSchemePolicy.default.allowing("file")
    #expect(navigator.open("file:///tmp/notes.txt")?.title == "Anything")
  }

  /// A parent URL and a saved history go through the same check: a route whose parent is a
  /// refused URL opens above the current stack without it.
  @Test func parentURLsAreCheckedToo() throws {
    var map = TTURLMap()
    try map.map("tt://child", parent: "javascript:alert(1)") { _, _ in MapTitledController(title: "Child") }
    map.setFallback { match, _ in MapTitledController(title: "Anything", url: match.url) }
    let navigator = try TTNavigator(map: map)
    #expect(navigator.open("tt://child")?.title == "Child")
    #expect(navigator.stack.map(\.title) == ["Child"])
    #expect(navigator.lastRefusal?.contains("javascript") == true)
  }
}
