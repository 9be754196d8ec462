import Foundation
import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

/// A food, as Three20's TTCatalog `tt://food/(initWithFood:)` example had.
@MainActor
final class MapFoodController: TTViewController, TTFragmentHandling {
  let food: String
  let query: [String: any Sendable]
  var fragments: [String] = []

  init(food: String, query: [String: any Sendable] = [:]) {
    self.food = food
    self.query = query
    super.init()
    title = food.capitalized
  }

  func handleFragment(_ fragment: String) -> Bool {
    fragments.append(fragment)
    return true
  }
}

/// A user profile, opened with a typed identifier.
@MainActor
final class MapUserController: TTViewController {
  let user: MapUser

  init(user: MapUser) {
    self.user = user
    super.init()
    title = "User \(user.id)"
  }
}

/// A model object with a URL of its own.
struct MapUser: Sendable, Hashable {
  var id: Int
  var isAdmin: Bool = false
}

/// Any controller with a title.
@MainActor
final class MapTitledController: TTViewController {
  let url: String?

  init(title: String, url: String? = nil) {
    self.url = url
    super.init()
    self.title = title
  }
}

/// The map a small app would register, Three20 names and Swift names mixed.
@MainActor
func makeMapForNavigator(handled: StackEventLog) throws -> TTURLMap {
  var map = TTURLMap()
  try map.from("tt://catalog", toSharedViewController: { _, _ in MapTitledController(title: "Catalog") })
  try map.from(
    "tt://food/(initWithFood:)", parent: "tt://catalog",
    toViewController: { match, query in MapFoodController(food: match["initWithFood"] ?? "", query: query) })
  try map.map("tt://user/(id:int)", parent: "tt://catalog") { match, _ in
    guard let id = match.int("id") else { return nil }
    return MapUserController(user: MapUser(id: id, isAdmin: match.bool("admin") ?? false))
  }
  try map.map("tt://user/(id:int)?admin=(admin:bool)", parent: "tt://catalog") { match, _ in
    guard let id = match.int("id") else { return nil }
    return MapUserController(user: MapUser(id: id, isAdmin: match.bool("admin") ?? false))
  }
  try map.mapModal("tt://compose?to=(to)") { match, _ in
    MapTitledController(title: "To \(match["to"] ?? "?")")
  }
  try map.mapHandler("tt://volume/(level:int)") { match, _ in
    handled.events.append("volume \(match.int("level") ?? -1)")
    return true
  }
  try map.mapGenerator(for: MapUser.self, pattern: "tt://user/(id:int)") { user in ["id": user.id] }
  map.setFallback(forScheme: "https") { match, _ in MapTitledController(title: "Web", url: match.url) }
  return map
}

@MainActor
@Suite("TTNavigator with TTURLMap")
struct TTNavigatorMapTests {
  let log = StackEventLog()

  private func makeNavigator() throws -> TTNavigator {
    try TTNavigator(map: makeMapForNavigator(handled: log))
  }

  /// A pattern mapped to a controller opens it on the stack, over its parent, with its parameter.
  @Test func mappedPatternOpensItsControllerWithTheParameter() throws {
    let navigator = try makeNavigator()
    let opened = try #require(navigator.open("tt://food/pie") as? MapFoodController)
    #expect(opened.food == "pie")
    #expect(opened.navigatorURL == "tt://food/pie")
    #expect(navigator.visibleController === opened)
    #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://food/pie"])
    #expect(navigator.stack.map(\.title) == ["Catalog", "Pie"])
  }

  /// Typed parameters reach the factory converted; text the type refuses opens nothing.
  @Test func typedParametersReachTheFactory() throws {
    let navigator = try makeNavigator()
    let delegate = StackRecordingDelegate(log: log)
    navigator.delegate = delegate
    let user = try #require(navigator.open("tt://user/42") as? MapUserController)
    #expect(user.user == MapUser(id: 42))
    let admin = try #require(navigator.open("tt://user/7?admin=yes") as? MapUserController)
    #expect(admin.user == MapUser(id: 7, isAdmin: true))
    #expect(navigator.open("tt://user/forty-two") == nil)
    #expect(navigator.open("tt://user/99999999999999999999999") == nil)
    #expect(log.events.filter { $0.hasPrefix("didNotMatch") }.count == 2)
    // Both have the parent tt://catalog, so the second pops back to it before it is pushed.
    #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://user/7?admin=yes"])
  }

  /// Query objects of an action reach the factory and are not part of the URL.
  @Test func queryObjectsReachTheFactory() throws {
    let navigator = try makeNavigator()
    let opened = try #require(
      navigator.open(TTURLAction("tt://food/soup", query: ["bowl": 3])) as? MapFoodController)
    #expect(opened.query["bowl"] as? Int == 3)
    #expect(opened.navigatorURL == "tt://food/soup")
  }

  /// A shared mapping gives the same controller each time its URL is opened.
  @Test func sharedMappingReusesTheController() throws {
    let navigator = try makeNavigator()
    let catalog = try #require(navigator.open("tt://catalog"))
    navigator.open("tt://food/pie")
    #expect(navigator.open("tt://catalog") === catalog)
    #expect(stackURLs(navigator.stack) == ["tt://catalog"])
  }

  /// A modal mapping presents over the stack; a handler mapping runs and pushes nothing.
  @Test func modalAndHandlerMappings() throws {
    let navigator = try makeNavigator()
    navigator.open("tt://food/pie")
    let compose = try #require(navigator.open("tt://compose?to=Alan%20Jones"))
    #expect(compose.title == "To Alan Jones")
    #expect(navigator.modalStack.map(\.title) == ["To Alan Jones"])
    #expect(navigator.openURL("tt://volume/11", query: [:]))
    #expect(log.events == ["volume 11"])
    #expect(navigator.visibleController === compose)
  }

  /// A URL no pattern matches goes to its scheme's fallback; with none, nothing opens.
  @Test func fallbacksCatchUnmatchedURLs() throws {
    let navigator = try makeNavigator()
    let web = try #require(navigator.open("https://github.com/joehewitt/three20") as? MapTitledController)
    #expect(web.url == "https://github.com/joehewitt/three20")
    #expect(navigator.open("tt://nowhere") == nil)
    #expect(navigator.open("not a url at all") == nil)
  }

  /// An exact entry of the map wins over the pattern that would match its URL.
  @Test func exactEntriesWinInTheNavigator() throws {
    var map = try makeMapForNavigator(handled: log)
    let special = MapTitledController(title: "Special pie")
    map.set(object: special, forURL: "tt://food/pie")
    let navigator = try TTNavigator(map: map)
    #expect(navigator.open("tt://food/pie") === special)
    #expect((navigator.open("tt://food/cake") as? MapFoodController)?.food == "cake")
  }

  /// URL → object → URL: the controller's object makes the URL it was opened with, and opens it.
  @Test func generatorsRoundTripThroughTheNavigator() throws {
    let navigator = try makeNavigator()
    let opened = try #require(navigator.open("tt://user/7") as? MapUserController)
    #expect(navigator.url(for: opened.user) == "tt://user/7")
    navigator.back()
    let again = try #require(navigator.openURL(for: MapUser(id: 7)) as? MapUserController)
    #expect(again.user == opened.user)
    #expect(navigator.openURL(for: "no generator") == nil)
  }

  /// A fragment on the visible controller's URL goes to it instead of opening a new one.
  @Test func fragmentsGoToTheVisibleController() throws {
    let navigator = try makeNavigator()
    let food = try #require(navigator.open("tt://food/pie") as? MapFoodController)
    #expect(navigator.open("tt://food/pie#recipe") === food)
    #expect(navigator.open("#comments") === food)
    #expect(food.fragments == ["recipe", "comments"])
    #expect(navigator.stack.count == 2)
  }

  /// A map whose patterns clash cannot make a navigator; the error names both patterns.
  @Test func clashingMapIsRejected() throws {
    var map = try makeMapForNavigator(handled: log)
    try map.map("tt://food/(name)") { _, _ in nil }
    let error = try #require(throws: TTURLMapError.self) { try TTNavigator(map: map) }
    #expect(error.code == .clashingPatterns)
    #expect(error.message.contains("tt://food/(name)"))
    #expect(error.message.contains("tt://food/(initWithFood:)"))
  }

  /// Replacing the resolver with a new freeze of a changed map changes what URLs open.
  @Test func resolverCanBeReplaced() throws {
    var map = try makeMapForNavigator(handled: log)
    let navigator = try TTNavigator(map: map)
    #expect(navigator.open("tt://settings") == nil)
    try map.map("tt://settings") { _, _ in MapTitledController(title: "Settings") }
    navigator.resolver = try map.freeze()
    #expect(navigator.open("tt://settings")?.title == "Settings")
  }

  /// The stack restored after a restart comes back through the map, typed parameters included.
  @Test func persistenceRestoresThroughTheMap() throws {
    try withStackTemporaryFolder { folder in
      let store = TTNavigatorPersistence(fileURL: folder.appendingPathComponent("nav.json"))
      let first = try TTNavigator(
        map: makeMapForNavigator(handled: log), persistenceMode: .all, persistence: store)
      first.open("tt://user/5")
      #expect(first.persist())
      let second = try TTNavigator(
        map: makeMapForNavigator(handled: log), persistenceMode: .all, persistence: store)
      #expect(second.restore())
      #expect(stackURLs(second.stack) == ["tt://catalog", "tt://user/5"])
      #expect((second.visibleController as? MapUserController)?.user == MapUser(id: 5))
    }
  }

  /// Hostile URLs through the navigator open nothing (or the fallback) and never trap.
  @Test(arguments: [
    "", " ", "#", "?", "tt://", "tt:///", "tt://food", "tt://food/", "tt://food/%", "tt://food/%E2%82",
    "tt://user/-9223372036854775809", "tt://user/%00", "tt://compose?to", "TT://FOOD/pie",
    "tt://food/pie/extra", String(repeating: "tt://food/", count: 500), "\u{0}\u{1b}[2J",
  ])
  func hostileURLsNeverTrap(url: String) throws {
    let navigator = try makeNavigator()
    _ = navigator.open(TTURLAction(url))
    _ = navigator.url
    #expect(navigator.stack.count <= 3)
  }

  /// The map's navigator draws the visible controller's trail in the bar.
  @Test func rendersThroughTheTerminalHost() throws {
    let navigator = try makeNavigator()
    navigator.open("tt://food/pie")
    let screen = TTTerminalHost.renderOnce(
      TTNavigationController(navigator: navigator), size: TTSize(width: 30, height: 1),
      capabilities: .plain, environment: [:])
    #expect(screen == " Catalog › Pie         ⌫ Back")
  }
}
