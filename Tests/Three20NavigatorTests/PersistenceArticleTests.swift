// The code of the article Persistence.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Navigator
// articles" checks it): edit both together.
import Foundation
import Testing
import Three20Core
import Three20Navigator
import Three20Style
import Three20UICommon

/// Renames the URLs of an older version while they are restored.
@MainActor
final class RenamingNavigatorDelegate: TTNavigatorDelegate {
  func navigator(_ navigator: TTNavigator, urlToOpen url: String) -> String? {
    url == "tt://tableTest" ? "tt://modelStates" : url
  }
}

@MainActor
@Suite("Persistence article")
struct PersistenceArticleTests {
  /// The catalog's map, as the article assumes.
  func makeCatalogMap() throws -> TTURLMap {
    var map = TTURLMap()
    try map.mapShared("tt://catalog") { _, _ in TTViewController(title: "Three20 Catalog") }
    try map.map("tt://tableItemTest", parent: "tt://catalog") { _, _ in TTViewController(title: "Table Items")
    }
    try map.map("tt://modelStates", parent: "tt://catalog") { _, _ in TTViewController(title: "Model States")
    }
    return map
  }

  /// The launch sequence of the article: compiled, not run (it would take over the terminal
  /// and write to the user's state folder).
  func launch(map: TTURLMap) async throws {
    let navigator = try TTNavigator(map: map, persistenceMode: .all)
    navigator.persistenceExpiration = .seconds(24 * 3600)  // a day
    TTGlobalURLOpener.current = navigator
    if !navigator.restore() {
      navigator.openURL("tt://catalog")
    }
    try await TTTerminalHost().run(TTNavigationController(navigator: navigator))
  }

  /// A store in a folder of one's own saves the stack, and a second navigator restores it.
  @Test func storeInAFolderRestoresTheStack() throws {
    let map = try makeCatalogMap()
    try withStackTemporaryFolder { folder in
      let store = TTNavigatorPersistence(fileURL: folder.appendingPathComponent("nav.json"))
      let navigator = try TTNavigator(map: map, persistenceMode: .all, persistence: store)
      navigator.open("tt://tableItemTest")?.frozenState = ["row": "3"]
      #expect(navigator.persist())

      let relaunched = try TTNavigator(map: map, persistenceMode: .all, persistence: store)
      #expect(relaunched.restore())
      #expect(stackURLs(relaunched.stack) == ["tt://catalog", "tt://tableItemTest"])
      #expect(relaunched.visibleController?.frozenState == ["row": "3"])
    }
  }

  /// The delegate of the article renames an old URL while the stack is restored.
  @Test func delegateRenamesRestoredURLs() throws {
    let map = try makeCatalogMap()
    try withStackTemporaryFolder { folder in
      let store = TTNavigatorPersistence(fileURL: folder.appendingPathComponent("nav.json"))
      #expect(
        store.save(
          TTNavigatorHistory(entries: [.init(url: "tt://catalog"), .init(url: "tt://tableTest")])))
      let navigator = try TTNavigator(map: map, persistenceMode: .all, persistence: store)
      let delegate = RenamingNavigatorDelegate()
      navigator.delegate = delegate
      #expect(navigator.restore())
      #expect(stackURLs(navigator.stack) == ["tt://catalog", "tt://modelStates"])
    }
  }
}
