// The code of the article URLPatterns.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Navigator
// articles" checks it): edit both together. The precedence table and the error messages the
// article shows are checked against the matcher here.
import Foundation
import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

struct Recipe {
  var id: Int
  var title: String
}

class Vehicle {
  let plate: String
  init(plate: String) { self.plate = plate }
}

final class Truck: Vehicle {}

@MainActor
@Suite("URL Patterns article")
struct URLPatternsArticleTests {
  /// Typed parameters convert, and refuse text of another type.
  @Test func typedParameters() throws {
    var map = TTURLMap()
    try map.map("tt://photo/(id:uuid)/zoom/(level:double)") { match, _ in
      let id = match.uuid("id")  // a UUID
      let level = match.double("level")  // a Double
      return TTViewController(title: "Photo \(id?.uuidString ?? "") at \(level ?? 1)×")
    }
    let matcher = try map.freeze()
    let photo = matcher.resolve("tt://photo/9F0C5C1E-8E9B-4E55-9B4B-23E1C81A3A10/zoom/2.5")
    let text = photo?.match["level"]  // "2.5"
    let notAUUID = matcher.resolve("tt://photo/42/zoom/2")  // nil
    #expect(text == "2.5")
    #expect(photo?.match.parameters["level"] == .double(2.5))
    #expect(notAUUID == nil)
  }

  /// A custom converter makes a parameter type of its own.
  @Test func customConverter() throws {
    var map = TTURLMap()
    try map.registerConverter(named: "hex") { text in
      text.count == 6 ? Int(text, radix: 16).map { .int($0) } : nil
    }
    try map.map("tt://color/(rgb:hex)") { match, _ in TTViewController(title: "#\(match["rgb"] ?? "")") }
    try map.map("tt://color/(name)") { match, _ in TTViewController(title: match["name"]) }
    let matcher = try map.freeze()
    let orange = matcher.resolve("tt://color/ff8800")?.match.parameters["rgb"]  // .int(16746496)
    let named = matcher.resolve("tt://color/orange")?.match.pattern  // "tt://color/(name)"
    #expect(orange == .int(0xFF8800))
    #expect(named == "tt://color/(name)")
  }

  /// How a URL is read: decoding, slashes, the query and the fragment.
  @Test func readingAURL() throws {
    var map = TTURLMap()
    try map.mapHandler("tt://search/(term)?page=(page:int)") { _, _ in true }
    let matcher = try map.freeze()
    let match = matcher.resolve("tt://search/caf%C3%A9/?page=2&sort=new+first")?.match
    let term = match?["term"]  // "café"
    let page = match?.int("page")  // 2
    let sort = match?.queryValue("sort")  // "new first": not named, but reported
    let noPage = matcher.resolve("tt://search/café")  // nil: page is required
    #expect(term == "café")
    #expect(page == 2)
    #expect(sort == "new first")
    #expect(noPage == nil)
  }

  /// Fallbacks and exact entries, in the order they are tried.
  @Test func fallbacksAndExactEntries() throws {
    var map = TTURLMap()
    try map.map("tt://help/(topic)") { match, _ in TTViewController(title: match["topic"]) }
    map.set(object: TTViewController(title: "Welcome"), forURL: "tt://help/start")
    map.setFallback(forScheme: "https") { match, _ in TTViewController(title: "Web: \(match.url)") }
    map.setFallback { match, _ in TTViewController(title: "No page for \(match.url)") }
    let matcher = try map.freeze()
    let order = matcher.matches("tt://help/start").map(\.pattern)
    // ["tt://help/start", "tt://help/(topic)", "*"]
    let web = matcher.resolve("https://example.com/a/b")?.match.pattern  // "https://*"
    #expect(order == ["tt://help/start", "tt://help/(topic)", "*"])
    #expect(web == "https://*")
  }

  /// The map behind the precedence table.
  func precedenceMatcher() throws -> TTURLMatcher {
    var map = TTURLMap()
    for pattern in [
      "tt://food/(rest:path)", "tt://food/(name)", "tt://food/(id:int)", "tt://food/pie",
      "tt://food/(name)/reviews", "tt://(section)/pie/reviews", "tt://food/(name)?sort=(order)",
      "tt://food/(name)#(anchor)",
    ] {
      try map.mapHandler(pattern) { _, _ in true }
    }
    let matcher = try map.freeze()
    return matcher
  }

  /// Every row of the article's precedence table is what the matcher does.
  @Test func precedenceTableIsTrue() throws {
    let matcher = try precedenceMatcher()
    let article = try NavigatorArticles.text(of: "URLPatterns")
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `tt://") }
    #expect(rows.count >= 12)
    for row in rows {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let url = String(cells[0].dropFirst().dropLast())
      let expected = cells[1] == "none" ? nil : String(cells[1].dropFirst().dropLast())
      #expect(matcher.resolve(url)?.match.pattern == expected, "\(row)")
    }
  }

  /// The error messages the article shows are the ones thrown.
  @Test func errorMessagesAreAsShown() throws {
    var map = TTURLMap()
    #expect(throws: TTURLMapError.self) {
      try map.map("tt://food/(id:integer)") { _, _ in nil }
    }
    try map.map("tt://user/(id:int)") { _, _ in nil }
    try map.map("tt://user/(number:int)") { _, _ in nil }
    #expect(throws: TTURLMapError.self) {
      _ = try map.freeze()
    }

    let article = try NavigatorArticles.text(of: "URLPatterns")
    let shown = TTArticleText.codeBlocks(in: article, language: "text")
    var bad = TTURLMap()
    let malformed = #expect(throws: TTURLMapError.self) {
      try bad.map("tt://food/(id:integer)") { _, _ in nil }
    }
    #expect(shown.contains(malformed?.message ?? "-"))
    let clash = #expect(throws: TTURLMapError.self) { _ = try map.freeze() }
    #expect(shown.contains(clash?.message ?? "-"))
  }

  /// Generators make URLs for objects, walking superclasses.
  @Test func generators() throws {
    var map = TTURLMap()
    try map.map("tt://recipe/(id:int)/(title)") { match, _ in TTViewController(title: match["title"]) }
    try map.mapGenerator(for: Recipe.self, pattern: "tt://recipe/(id:int)/(title)") { recipe in
      ["id": recipe.id, "title": recipe.title]
    }
    try map.mapGenerator(for: Vehicle.self, pattern: "tt://vehicle/(plate)") { vehicle in
      ["plate": vehicle.plate]
    }
    let soup = map.url(for: Recipe(id: 7, title: "Pea soup"))  // "tt://recipe/7/Pea%20soup"
    let truck = map.url(for: Truck(plate: "AB-123"))  // "tt://vehicle/AB-123", from Vehicle's
    let title = try map.freeze().resolve(soup ?? "")?.match["title"]  // "Pea soup"
    #expect(soup == "tt://recipe/7/Pea%20soup")
    #expect(truck == "tt://vehicle/AB-123")
    #expect(title == "Pea soup")
  }
}
