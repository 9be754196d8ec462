import Testing
import Three20TestSupport

@Suite("TTTestHTTPRequest")
struct TTTestHTTPRequestTests {
  /// Targets split into path and decoded query; absolute-form targets give their path.
  @Test(arguments: [
    ("/a/b?x=1&y=a+b&z=%41", "/a/b", ["x=1", "y=a b", "z=A"]),
    ("/plain", "/plain", []),
    ("/?", "/", []),
    ("/q?bare&=v&k=", "/q", ["bare=", "=v", "k="]),
    ("/bad?p=%zz", "/bad", ["p=%zz"]),
    ("http://example.test:8080/abs?x=2", "/abs", ["x=2"]),
    ("http://example.test", "/", []),
    ("*", "*", []),
  ])
  func targetsSplitIntoPathAndQuery(target: String, path: String, query: [String]) {
    let request = TTTestHTTPRequest(target: target)
    #expect(request.path == path)
    #expect(request.query.map { "\($0.name)=\($0.value)" } == query)
  }

  /// `queryValue` gives the first value; `host` reads the Host header.
  @Test func conveniences() {
    let request = TTTestHTTPRequest(target: "/?a=1&a=2", headers: ["host": "h:1"])
    #expect(request.queryValue("a") == "1")
    #expect(request.queryValue("b") == nil)
    #expect(request.host == "h:1")
    #expect(request.bodyText.isEmpty)
  }
}
