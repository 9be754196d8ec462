import Testing
import Three20TestSupport

@Suite("TTTestHTTPHeaders")
struct TTTestHTTPHeadersTests {
  /// Lookup ignores letter case and repeated fields are kept in order.
  @Test func lookupIgnoresCaseAndKeepsRepeats() {
    var headers: TTTestHTTPHeaders = ["Content-Type": "text/plain"]
    headers.add(name: "Set-Cookie", value: "a=1")
    headers.add(name: "set-cookie", value: "b=2")
    #expect(headers["CONTENT-TYPE"] == "text/plain")
    #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
    #expect(headers.count == 3)
    #expect(headers.contains("set-COOKIE"))
    #expect(headers["Missing"] == nil)
  }

  /// Setting through the subscript replaces all repeats in place; nil removes them.
  @Test func subscriptSetterReplacesAndRemoves() {
    var headers = TTTestHTTPHeaders([
      (name: "A", value: "1"), (name: "B", value: "2"), (name: "a", value: "3"),
    ])
    headers["a"] = "9"
    #expect(headers.fields.map(\.name) == ["A", "B"])
    #expect(headers["A"] == "9")
    headers["B"] = nil
    #expect(headers.count == 1)
    headers["New"] = "x"
    #expect(headers.description == "A: 9\nNew: x")
  }
}
