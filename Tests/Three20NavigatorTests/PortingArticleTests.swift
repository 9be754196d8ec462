// The code of the article PortingFromThree20.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Navigator
// articles" checks it): edit both together.
import Foundation
import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

final class CatalogController: TTViewController {
  override init() {
    super.init()
    title = "Three20 Catalog"
  }
}

final class FoodController: TTViewController {
  let food: String

  init(food: String) {
    self.food = food
    super.init()
    title = food.capitalized
  }
}

final class WebController: TTViewController {
  let url: String

  init(url: String) {
    self.url = url
    super.init()
    title = url
  }
}

final class ComposeController: TTViewController {
  let recipient: String

  init(recipient: String) {
    self.recipient = recipient
    super.init()
    title = "To \(recipient)"
  }
}

@MainActor
@Suite("Porting from Three20 article")
struct PortingArticleTests {
  /// The catalog's map, ported.
  func makeMap() throws -> TTURLMap {
    var map = TTURLMap()
    map.setFallback { match, _ in WebController(url: match.url) }
    try map.from("tt://catalog", toSharedViewController: { _, _ in CatalogController() })
    try map.from(
      "tt://food/(initWithFood:)", parent: "tt://catalog",
      toViewController: { match, _ in FoodController(food: match["initWithFood"] ?? "") })
    try map.from(
      "tt://compose?to=(composeTo:)",
      toModalViewController: { match, _ in ComposeController(recipient: match["composeTo"] ?? "") })
    return map
  }

  /// The launch sequence: compiled, not run (it would write to the user's state folder).
  func launch(map: TTURLMap) throws -> TTNavigator {
    let navigator = try TTNavigator(map: map, persistenceMode: .all)
    TTGlobalURLOpener.current = navigator
    if !navigator.restore() {
      navigator.open("tt://catalog")
    }
    return navigator
  }

  /// The ported map opens what the Objective-C one did.
  @Test func portedMapOpensTheSameScreens() throws {
    let navigator = try TTNavigator(map: makeMap())
    TTGlobalURLOpener.current = navigator
    defer { TTGlobalURLOpener.current = nil }
    navigator.open("tt://catalog")

    navigator.open(TTURLAction("tt://compose?to=Alan%20Jones", isAnimated: true))
    TTGlobalURLOpener.open("tt://food/pie")
    navigator.open(TTURLAction("tt://food/soup", query: ["servings": 4]))
    #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://food/soup"])
    #expect(navigator.modalStack.isEmpty)
    #expect((navigator.visibleController as? FoodController)?.food == "soup")

    let compose = navigator.open("tt://compose?to=Alan%20Jones") as? ComposeController
    #expect(compose?.recipient == "Alan Jones")
    #expect((navigator.open("http://github.com/joehewitt/three20") as? WebController) != nil)
  }

  /// Mappings added and removed while the app runs reach the navigator through a new freeze.
  @Test func changingTheMapLater() throws {
    var map = try makeMap()
    let navigator = try TTNavigator(map: map)
    map.remove(pattern: "tt://compose?to=(composeTo:)")
    navigator.resolver = try map.freeze()
    #expect(navigator.open("tt://compose?to=Alan") is WebController)
  }

  /// The Objective-C `initWithNavigatorURL:query:` becomes the factory's two arguments.
  @Test func factoryArgumentsReplaceInitWithNavigatorURL() throws {
    var map = TTURLMap()
    try map.map("tt://order/(item)") { match, query in
      let item = match["item"]  // a wildcard of the pattern, by name
      let size = match.queryValue("size")  // a query item of the URL
      let note = query["note"] as? String  // an object of TTURLAction.query
      return TTViewController(title: [item, size, note].compactMap { $0 }.joined(separator: " "))
    }
    let navigator = try TTNavigator(map: map)
    let order = navigator.open(TTURLAction("tt://order/tea?size=large", query: ["note": "hot"]))
    #expect(order?.title == "tea large hot")
  }
}
