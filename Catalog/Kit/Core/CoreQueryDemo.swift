import Foundation
import Three20

/// Reading and building URL queries, and reading loosely typed dictionaries (JSON).
final class CoreQueryDemo: CatalogPageController {
  init() { super.init(title: "Query strings") }

  override func makeBlocks() -> [CatalogBlock] {
    let url = "http://x.com/search?q=two+words&tag=a&tag=b&debug#top"
    let query = url.tt.query
    let json: [String: any Sendable] = [
      "user": ["name": "Ada", "age": "36"] as [String: any Sendable], "admin": "yes",
    ]
    return [
      .heading("Reading a query"),
      .code("let query = \"\(url)\".tt.query   // TTQueryString"),
      .examples([
        ("query.first(\"q\")", query.first("q") ?? "nil"),
        ("query.values(for: \"tag\")", "\(query.values(for: "tag").map { $0 ?? "nil" })"),
        ("query.values(for: \"debug\")", "\(query.values(for: "debug").map { $0 ?? "nil" })  (a bare key)"),
        ("query.names", "\(query.names)"),
      ]),
      .heading("Building one"),
      .examples([
        (
          "\"http://x.com/a?b=1#top\".tt.addingQuery([\"c\": \"d e\"])",
          "http://x.com/a?b=1#top".tt.addingQuery(["c": "d e"])
        ),
        ("TTQueryString([\"q\": [\"1\", \"2\"]]).encoded", TTQueryString(["q": ["1", "2"]]).encoded),
      ]),
      .heading("Loose values (JSON)"),
      .code("let json = [\"user\": [\"name\": \"Ada\", \"age\": \"36\"], \"admin\": \"yes\"]"),
      .examples([
        ("json.tt.value(atPath: \"user.name\")", "\(json.tt.value(atPath: "user.name") ?? "nil")"),
        (
          "json.tt.dictionary(forKey: \"user\")?.tt.int(forKey: \"age\")",
          "\(json.tt.dictionary(forKey: "user")?.tt.int(forKey: "age") ?? -1)"
        ),
        ("json.tt.bool(forKey: \"admin\")", "\(json.tt.bool(forKey: "admin").map(String.init) ?? "nil")"),
      ]),
    ]
  }
}
