import Testing
import Three20Core

@Suite("TTURLSchemePolicy")
struct TTURLSchemePolicyTests {
  /// The default policy allows the web, e-mail and relative references, and nothing that runs
  /// code, embeds a document or reads a local file.
  @Test func defaultAllowsWebMailAndRelativeOnly() {
    let policy = TTURLSchemePolicy.default
    #expect(policy.allows("https://example.com/a"))
    #expect(policy.allows("http://example.com/a"))
    #expect(policy.allows("mailto:jo@example.com"))
    #expect(policy.allows("/about"))
    #expect(policy.allows("page.html"))
    #expect(policy.allows("//cdn.example.com/a.png"))
    #expect(!policy.allows("javascript:alert(1)"))
    #expect(!policy.allows("data:text/html,<script>alert(1)</script>"))
    #expect(!policy.allows("file:///etc/passwd"))
    #expect(!policy.allows("vbscript:msgbox"))
    #expect(!policy.allows("tt://catalog"))
  }

  /// Disguises browsers see through are seen through: case, leading spaces and control
  /// characters, tabs and line breaks inside the scheme.
  @Test func disguisedSchemesAreRecognised() {
    let policy = TTURLSchemePolicy.default
    for url in [
      "JavaScript:alert(1)", " javascript:alert(1)", "\u{01}\u{1F}javascript:alert(1)",
      "java\tscript:alert(1)", "java\nscript:alert(1)", "\n\rjavascript:alert(1)", "DATA:,x",
    ] {
      #expect(!policy.allows(url), "\(url)")
    }
    #expect(TTURLSchemePolicy.scheme(of: "\u{01}java\nscript:x") == "javascript")
    #expect(TTURLSchemePolicy.scheme(of: "HTTPS://example.com") == "https")
  }

  /// Text whose first colon follows a character no scheme has is a relative reference.
  @Test func colonsAfterOtherCharactersAreNotSchemes() {
    #expect(TTURLSchemePolicy.scheme(of: "a/b:c") == nil)
    #expect(TTURLSchemePolicy.scheme(of: "./javascript:alert(1)") == nil)
    #expect(TTURLSchemePolicy.scheme(of: "1http://x") == nil)
    #expect(TTURLSchemePolicy.scheme(of: ":x") == nil)
    #expect(TTURLSchemePolicy.scheme(of: "") == nil)
    #expect(TTURLSchemePolicy.scheme(of: "no-colon-at-all") == nil)
    #expect(TTURLSchemePolicy.scheme(of: "svn+ssh://host/x") == "svn+ssh")
  }

  /// A scheme longer than any real one is cut, kept, and refused, never read as relative.
  @Test func overlongSchemesAreCutAndRefused() {
    let long = String(repeating: "a", count: 1_000_000)
    #expect(TTURLSchemePolicy.scheme(of: long + ":x") == String(repeating: "a", count: 64))
    #expect(TTURLSchemePolicy.scheme(of: String(repeating: "b", count: 64) + ":x")?.count == 64)
    #expect(!TTURLSchemePolicy.default.allows(long + ":x"))
  }

  /// An app allows more schemes on purpose, and can refuse relative references.
  @Test func policiesAreConfigurable() {
    let podcasts = TTURLSchemePolicy.default.allowing("ITPC", "feed")
    #expect(podcasts.allows("itpc://example.com/show"))
    #expect(podcasts.allows("feed:https://example.com/rss"))
    #expect(podcasts.allowedSchemes == ["http", "https", "mailto", "itpc", "feed"])
    let strict = TTURLSchemePolicy(allowing: ["https"], allowsRelativeReferences: false)
    #expect(!strict.allows("/about"))
    #expect(!strict.allows("http://example.com"))
    #expect(strict.allows("HTTPS://example.com"))
    #expect(strict.allowsScheme(nil) == false)
  }

  /// A refusal says which URL, which scheme, what is allowed and what to do, and quotes the
  /// URL with its control characters escaped.
  @Test func refusalExplainsAndEscapes() throws {
    let policy = TTURLSchemePolicy.default
    #expect(policy.refusal(of: "https://example.com") == nil)
    let message = try #require(policy.refusal(of: "javascript:alert(1)\u{1B}]0;pwned\u{07}"))
    #expect(message.contains("scheme javascript"))
    #expect(message.contains("http, https, mailto"))
    #expect(message.contains("TTURLSchemePolicy.allowing"))
    #expect(!message.contains("\u{1B}"))
    #expect(!message.contains("\u{07}"))
    let relative = try #require(
      TTURLSchemePolicy(allowing: ["https"], allowsRelativeReferences: false).refusal(of: "/a"))
    #expect(relative.contains("relative reference"))
  }

  /// A megabyte-long URL is read only up to its scheme, and quoted cut short.
  @Test func longURLsAreQuotedShort() throws {
    let url = "data:" + String(repeating: "A", count: 1_000_000)
    let message = try #require(TTURLSchemePolicy.default.refusal(of: url))
    #expect(message.utf8.count < 1_000)
  }
}
