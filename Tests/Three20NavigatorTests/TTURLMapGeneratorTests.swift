import Foundation
import Testing
import Three20Navigator

/// A user, for generators.
struct GeneratedUser: Sendable {
  var id: Int
  var name: String
}

/// Something with a slug, for protocol generators.
protocol Slugged {
  var slug: String { get }
}

struct Article: Slugged {
  var slug: String
}

struct Page: Slugged {
  var slug: String
}

class Animal {
  let id: Int
  init(id: Int) { self.id = id }
}

class Dog: Animal {}

final class Puppy: Dog {}

@Suite("TTURLMap generators")
struct TTURLMapGeneratorTests {
  /// A generator fills its pattern, percent-encoding values, and the URL resolves back to them.
  @Test func roundTripsThroughTheMatcher() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: GeneratedUser.self, pattern: "tt://user/(id:int)/(name)?tab=(tab)#(section)") {
      user in ["id": user.id, "name": user.name, "tab": "a&b=c", "section": "x y"]
    }
    try map.mapHandler("tt://user/(id:int)/(name)?tab=(tab)#(section)") { _, _ in true }
    let user = GeneratedUser(id: 7, name: "Zoë B/2 100%")
    let url = try #require(map.url(for: user))
    #expect(url == "tt://user/7/Zo%C3%AB%20B%2F2%20100%25?tab=a%26b%3Dc#x%20y")
    let match = try #require(try map.freeze().resolve(url)?.match)
    #expect(
      match.parameters == [
        "id": .int(7), "name": .string("Zoë B/2 100%"), "tab": .string("a&b=c"), "section": .string("x y"),
      ])
    guard case .int(let id)? = match.parameters["id"], let name = match["name"] else {
      Issue.record("parameters missing")
      return
    }
    #expect(map.url(for: GeneratedUser(id: id, name: name)) == url)
  }

  /// Literals are written as in the pattern, and tails keep their slashes.
  @Test func literalsAndTails() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: String.self, pattern: "tt://files/caf%C3%A9/(rest:path)?v=2") { ["rest": $0] }
    #expect(map.url(for: "a b/c.txt") == "tt://files/caf%C3%A9/a%20b/c.txt?v=2")
  }

  /// No URL when a value is missing, empty in the path, or refused by its type.
  @Test func missingOrInvalidValuesGiveNil() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: GeneratedUser.self, pattern: "tt://user/(id:int)/(name)") { user in
      user.id < 0 ? ["name": user.name] : ["id": user.id == 0 ? "zero" : String(user.id), "name": user.name]
    }
    #expect(map.url(for: GeneratedUser(id: -1, name: "a")) == nil)
    #expect(map.url(for: GeneratedUser(id: 0, name: "a")) == nil)
    #expect(map.url(for: GeneratedUser(id: 3, name: "")) == nil)
    #expect(map.url(for: GeneratedUser(id: 3, name: "a")) == "tt://user/3/a")
    #expect(map.url(for: 42) == nil)
  }

  /// Optional values are unwrapped; an empty optional is a missing value.
  @Test func optionalValues() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: Int.self, pattern: "tt://n/(n:int)") { number in
      ["n": number == 0 ? Int?.none : Int?.some(number)]
    }
    #expect(map.url(for: 5) == "tt://n/5")
    #expect(map.url(for: 0) == nil)
  }

  /// Classes use their own generator, else the nearest superclass's.
  @Test func classesWalkSuperclasses() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: Animal.self, pattern: "tt://animal/(id:int)") { ["id": $0.id] }
    #expect(map.url(for: Puppy(id: 1)) == "tt://animal/1")
    try map.mapGenerator(for: Dog.self, pattern: "tt://dog/(id:int)") { ["id": $0.id] }
    #expect(map.url(for: Puppy(id: 2)) == "tt://dog/2")
    #expect(map.url(for: Animal(id: 3)) == "tt://animal/3")
    try map.mapGenerator(for: Puppy.self, pattern: "tt://puppy/(id:int)") { ["id": $0.id] }
    #expect(map.url(for: Puppy(id: 4)) == "tt://puppy/4")
  }

  /// Structs use their exact type's generator first, then a protocol's.
  @Test func structsUseExactTypeThenProtocols() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: (any Slugged).self, pattern: "tt://slug/(s)") { ["s": $0.slug] }
    try map.mapGenerator(for: Page.self, pattern: "tt://page/(s)") { ["s": $0.slug] }
    #expect(map.url(for: Article(slug: "hi")) == "tt://slug/hi")
    #expect(map.url(for: Page(slug: "hi")) == "tt://page/hi")
  }

  /// Named generators are separate from the unnamed one; registering again replaces.
  @Test func namedGeneratorsAndReplacement() throws {
    var map = TTURLMap()
    try map.mapGenerator(for: GeneratedUser.self, pattern: "tt://user/(id:int)") { ["id": $0.id] }
    try map.mapGenerator(for: GeneratedUser.self, named: "edit", pattern: "tt://user/(id:int)/edit") {
      ["id": $0.id]
    }
    let user = GeneratedUser(id: 9, name: "x")
    #expect(map.url(for: user, named: "edit") == "tt://user/9/edit")
    #expect(map.url(for: user, named: "other") == nil)
    try map.mapGenerator(for: GeneratedUser.self, pattern: "tt://member/(id:int)") { ["id": $0.id] }
    #expect(map.url(for: user) == "tt://member/9")
    #expect(try map.freeze().url(for: user) == "tt://member/9")
    map.removeGenerator(for: GeneratedUser.self)
    #expect(map.url(for: user) == nil)
    try map.from(GeneratedUser.self, toURL: "tt://u/(id:int)") { ["id": $0.id] }
    #expect(map.url(for: user) == "tt://u/9")
  }

  /// Values of typed parameters are checked by their converter, custom ones included.
  @Test func customTypesValidateGeneratedValues() throws {
    var map = TTURLMap()
    try map.registerConverter(named: "even") { text in Int(text).flatMap { $0 % 2 == 0 ? .int($0) : nil } }
    try map.mapGenerator(for: Int.self, pattern: "tt://even/(n:even)") { ["n": $0] }
    #expect(map.url(for: 4) == "tt://even/4")
    #expect(map.url(for: 3) == nil)
  }

  /// A fallback pattern cannot make URLs.
  @Test func fallbackPatternsAreRefused() {
    var map = TTURLMap()
    #expect(throws: TTURLMapError.self) {
      try map.mapGenerator(for: Int.self, pattern: "tt://*") { ["n": $0] }
    }
  }
}
