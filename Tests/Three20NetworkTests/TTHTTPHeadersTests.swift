import Testing
import Three20Network

@Suite("TTHTTPHeaders")
struct TTHTTPHeadersTests {
  /// Lookups ignore the case of names and give the first value.
  @Test func lookupsIgnoreCase() {
    let headers = TTHTTPHeaders(pairs: [("ETag", "\"a\""), ("etag", "\"b\""), ("X-Ünicode", "1")])
    #expect(headers["Etag"] == "\"a\"")
    #expect(headers["ETAG"] == "\"a\"")
    #expect(headers.values(for: "etag") == ["\"a\"", "\"b\""])
    #expect(headers["X-Ünicode"] == "1")
    #expect(headers["x-ünicode"] == nil)  // only ASCII letters fold, as HTTP field names are ASCII
    #expect(headers["Missing"] == nil)
    #expect(!headers.contains("Missing"))
  }

  /// Setting a name replaces every field of that name, where the first one was; nil removes.
  @Test func settingReplacesInPlace() {
    var headers = TTHTTPHeaders(pairs: [("A", "1"), ("B", "2"), ("a", "3"), ("C", "4")])
    headers["A"] = "9"
    #expect(headers.map(\.name) == ["A", "B", "C"])
    #expect(headers["a"] == "9")
    headers["D"] = "5"
    #expect(headers.map(\.name) == ["A", "B", "C", "D"])
    headers["b"] = nil
    #expect(headers.map(\.name) == ["A", "C", "D"])
  }

  /// Adding keeps earlier fields of the same name; the order is kept.
  @Test func addingKeepsOrder() {
    var headers: TTHTTPHeaders = ["Set-Cookie": "a=1"]
    headers.add("Set-Cookie", "b=2")
    headers.add("X", "y")
    #expect(headers.count == 3)
    #expect(headers.values(for: "set-cookie") == ["a=1", "b=2"])
    #expect(headers.description == "Set-Cookie: a=1\nSet-Cookie: b=2\nX: y")
    headers.remove("SET-COOKIE")
    #expect(headers.map(\.name) == ["X"])
  }
}
