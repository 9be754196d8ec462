import Foundation
import Testing
import Three20Navigator
import Three20Style
import Three20UICommon

/// Tests that capture TTLog output run one at a time.
@MainActor
@Suite("TTNavigator persistence", .serialized)
struct TTNavigatorPersistenceTests {
  let log = StackEventLog()

  private func navigator(
    _ mode: TTNavigatorPersistenceMode, file: URL, expiration: Duration? = nil
  ) -> TTNavigator {
    let navigator = TTNavigator(
      resolver: makeStackResolver(log), persistenceMode: mode,
      persistence: TTNavigatorPersistence(fileURL: file))
    navigator.persistenceExpiration = expiration
    return navigator
  }

  private func states(_ controllers: [TTViewController]) -> [[String: String]] {
    controllers.map(\.frozenState)
  }

  /// In `.all` mode the whole path, modal controllers included, comes back with its states.
  @Test func allModeRestoresTheWholePath() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let first = navigator(.all, file: file)
      first.openURLs(["tt://page/home", "tt://tables/items", "tt://compose"])
      first.stack[3].frozenState = ["scroll": "12"]
      first.modalStack[0].frozenState = ["draft": "Hello"]
      #expect(first.persist())

      let second = navigator(.all, file: file)
      #expect(second.restore())
      #expect(
        stackURLs(second.stack) == ["tt://page/home", "tt://catalog", "tt://tables", "tt://tables/items"])
      #expect(stackURLs(second.modalStack) == ["tt://compose"])
      #expect(states(second.stack) == [[:], [:], [:], ["scroll": "12"]])
      let compose = try #require(second.visibleController as? StackProbeController)
      #expect(compose.stateAtAppear == ["draft": "Hello"])
    }
  }

  /// In `.top` mode only the top of the stack and its parents are saved, without modals.
  @Test func topModeKeepsTheTopAndItsParents() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let first = navigator(.top, file: file)
      first.openURLs(["tt://page/home", "tt://tables/items", "tt://compose"])
      first.topController?.frozenState = ["row": "4"]
      first.persist()
      let saved = try #require(TTNavigatorPersistence(fileURL: file).load().history)
      #expect(saved.entries.map(\.url) == ["tt://catalog", "tt://tables", "tt://tables/items"])

      let second = navigator(.top, file: file)
      #expect(second.restore())
      #expect(stackURLs(second.stack) == ["tt://catalog", "tt://tables", "tt://tables/items"])
      #expect(second.modalStack.isEmpty)
      #expect(second.topController?.frozenState == ["row": "4"])
    }
  }

  /// In `.top` mode a top controller without parents is saved alone.
  @Test func topModeWithoutParentsSavesOneEntry() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let first = navigator(.top, file: file)
      first.openURLs(["tt://page/one", "tt://page/two"])
      let saved = try #require(TTNavigatorPersistence(fileURL: file).load().history)
      #expect(saved.entries.map(\.url) == ["tt://page/two"])
    }
  }

  /// In `.none` mode nothing is written and nothing restored.
  @Test func noneModeSavesNothing() {
    withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let first = navigator(.none, file: file)
      first.openURLs(["tt://page/one", "tt://page/two"])
      #expect(!first.persist())
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(!navigator(.none, file: file).restore())
    }
  }

  /// The history is saved whenever the stack changes, without being asked.
  @Test func stackChangesAreSavedAtOnce() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("state/app/nav.json")
      let store = TTNavigatorPersistence(fileURL: file)
      let first = navigator(.all, file: file)
      first.open("tt://page/one")
      #expect(try #require(store.load().history).entries.map(\.url) == ["tt://page/one"])
      first.open("tt://page/two")
      #expect(try #require(store.load().history).entries.map(\.url) == ["tt://page/one", "tt://page/two"])
      first.back()
      #expect(try #require(store.load().history).entries.map(\.url) == ["tt://page/one"])
      let leftovers = try FileManager.default.contentsOfDirectory(
        atPath: file.deletingLastPathComponent().path)
      #expect(leftovers == ["nav.json"])
    }
  }

  /// The navigation controller saves the latest states when it leaves the screen.
  @Test func leavingTheScreenSavesStates() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let first = navigator(.all, file: file)
      let screen = TTNavigationController(navigator: first)
      first.open("tt://page/one")
      screen.appear()
      first.visibleController?.frozenState = ["k": "v"]
      screen.disappear()
      let saved = try #require(TTNavigatorPersistence(fileURL: file).load().history)
      #expect(saved.entries.map(\.state) == [["k": "v"]])
    }
  }

  /// An expired history restores nothing unless entries are important; those come back.
  @Test func expiredHistoryRestoresOnlyImportantEntries() {
    withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let store = TTNavigatorPersistence(fileURL: file)
      let old = Date(timeIntervalSinceNow: -7200)
      store.save(
        TTNavigatorHistory(
          savedAt: old,
          entries: [.init(url: "tt://page/one"), .init(url: "tt://page/two", state: ["a": "b"])]))
      #expect(!navigator(.all, file: file, expiration: .seconds(3600)).restore())

      store.save(
        TTNavigatorHistory(
          savedAt: old,
          entries: [
            .init(url: "tt://page/one"), .init(url: "tt://page/two", state: ["a": "b"], isImportant: true),
          ]))
      let restored = navigator(.all, file: file, expiration: .seconds(3600))
      #expect(restored.restore())
      #expect(stackURLs(restored.stack) == ["tt://page/two"])
      #expect(restored.stack.first?.frozenState == ["a": "b"])
    }
  }

  /// A history younger than the expiration, or with no expiration, is restored whole.
  @Test(arguments: [Duration.seconds(3600), nil])
  func freshHistoryIsRestoredWhole(expiration: Duration?) {
    withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      TTNavigatorPersistence(fileURL: file).save(
        TTNavigatorHistory(
          savedAt: Date(timeIntervalSinceNow: -60),
          entries: [.init(url: "tt://page/one"), .init(url: "tt://page/two")]))
      let restored = navigator(.all, file: file, expiration: expiration)
      #expect(restored.restore())
      #expect(stackURLs(restored.stack) == ["tt://page/one", "tt://page/two"])
    }
  }

  /// Important URLs are marked so in the saved history.
  @Test func importantURLsAreMarked() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let first = navigator(.all, file: file)
      first.importantURLs = ["tt://page/keep"]
      first.openURLs(["tt://page/one", "tt://page/keep"])
      let saved = try #require(TTNavigatorPersistence(fileURL: file).load().history)
      #expect(saved.entries.map(\.isImportant) == [false, true])
    }
  }

  /// Entries whose URL no longer opens are skipped with a warning; the rest come back.
  @Test func entriesThatNoLongerOpenAreSkipped() {
    withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      TTNavigatorPersistence(fileURL: file).save(
        TTNavigatorHistory(entries: [.init(url: "tt://page/one"), .init(url: "tt://gone"), .init(url: "")]))
      withStackLogCapture { captured in
        let restored = navigator(.all, file: file)
        #expect(restored.restore())
        #expect(stackURLs(restored.stack) == ["tt://page/one"])
        #expect(captured.warnings(containing: "tt://gone").count == 1)
      }
    }
  }

  /// Bad stores start fresh with a warning naming the file and the problem, and move aside.
  @Test(arguments: [
    ("{ \"version\": 1, \"entries\": [", "is damaged"),
    ("not json at all", "is damaged"),
    ("", "is damaged"),
    ("{\"version\": 1, \"savedAt\": \"2020-01-01T00:00:00Z\"}", "entries is missing"),
    ("{\"version\": 1, \"savedAt\": \"yesterday\", \"entries\": []}", "is damaged"),
    ("[{\"__navigatorURL__\": \"tt://catalog\"}]", "no format version"),
    ("{\"TTNavigatorHistory\": []}", "no format version"),
    ("{\"version\": 0, \"savedAt\": \"2020-01-01T00:00:00Z\", \"entries\": []}", "is older than"),
    ("{\"version\": 99, \"entries\": 5}", "is newer than"),
    ("{\"version\": \"1\"}", "no format version"),
  ])
  func badStoresStartFresh(contents: String, problem: String) throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      try Data(contents.utf8).write(to: file)
      withStackLogCapture { captured in
        let restored = navigator(.all, file: file)
        #expect(!restored.restore())
        #expect(restored.stack.isEmpty)
        let warnings = captured.warnings(containing: file.path)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(problem) == true, "\(warnings)")
        #expect(warnings.first?.contains("moved to \"\(file.path).bad\"") == true)
      }
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(try Data(contentsOf: file.appendingPathExtension("bad")) == Data(contents.utf8))
    }
  }

  /// A file too large to be a history is treated as damaged without reading it all.
  @Test func oversizedStoresStartFresh() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      try Data(count: TTNavigatorPersistence.maximumFileSize + 10).write(to: file)
      withStackLogCapture { captured in
        #expect(TTNavigatorPersistence(fileURL: file).load() == .fresh(.corrupt("larger than 4194304 bytes")))
        #expect(captured.warnings(containing: "larger than").count == 1)
      }
    }
  }

  /// A missing store starts fresh with a warning; nothing is moved.
  @Test func missingStoreStartsFresh() {
    withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      withStackLogCapture { captured in
        #expect(!navigator(.all, file: file).restore())
        #expect(captured.warnings(containing: "\"\(file.path)\" does not exist").count == 1)
      }
      #expect(!FileManager.default.fileExists(atPath: file.path + ".bad"))
    }
  }

  /// A folder where the file should be starts fresh with a warning, and neither it nor an
  /// existing `.bad` is moved, replaced or deleted; saving refuses to replace it.
  @Test func folderInPlaceOfTheStoreIsLeftAlone() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
      try Data("keep me".utf8).write(to: file.appendingPathComponent("inside.txt"))
      let aside = file.appendingPathExtension("bad")
      try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
      try Data("older".utf8).write(to: aside.appendingPathComponent("inside.txt"))
      withStackLogCapture { captured in
        let restored = navigator(.all, file: file)
        #expect(!restored.restore())
        let warnings = captured.warnings(containing: "\"\(file.path)\" is a directory, not a regular file")
        #expect(warnings.count == 1, "\(captured.warnings(containing: ""))")
        #expect(warnings.first?.contains("left as it is") == true)
        restored.open("tt://page/one")
        #expect(!restored.persist())
        #expect(
          captured.warnings(containing: "Could not save the navigator history to \"\(file.path)\"").count >= 1
        )
      }
      #expect(try Data(contentsOf: file.appendingPathComponent("inside.txt")) == Data("keep me".utf8))
      #expect(try Data(contentsOf: aside.appendingPathComponent("inside.txt")) == Data("older".utf8))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
          "nav.json", "nav.json.bad",
        ])
    }
  }

  /// A store that cannot be written logs a warning and changes nothing else.
  @Test func unwritableStoreWarns() throws {
    try withStackTemporaryFolder { folder in
      let blocker = folder.appendingPathComponent("blocker")
      try Data("x".utf8).write(to: blocker)
      let file = blocker.appendingPathComponent("nav.json")
      withStackLogCapture { captured in
        let first = navigator(.all, file: file)
        first.open("tt://page/one")
        #expect(first.stack.count == 1)
        #expect(!first.persist())
        #expect(
          captured.warnings(containing: "Could not save the navigator history to \"\(file.path)\"").count == 2
        )
      }
    }
  }

  /// The default file lives under XDG_STATE_HOME when it is absolute, else ~/.local/state.
  @Test func defaultFileFollowsXDG() {
    let xdg = TTNavigatorPersistence(
      application: "catalog", environment: ["XDG_STATE_HOME": "/s", "HOME": "/home/me"])
    #expect(xdg.fileURL.path == "/s/catalog/navigator.json")
    let relative = TTNavigatorPersistence(
      application: "catalog", environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/me"])
    #expect(relative.fileURL.path == "/home/me/.local/state/catalog/navigator.json")
    let named = TTNavigatorPersistence(application: "cat", name: "left", environment: ["HOME": "/h"])
    #expect(named.fileURL.path == "/h/.local/state/cat/left.json")
  }

  /// Application and file names cannot leave the state folder.
  @Test(arguments: [("../../etc", ".._.._etc"), ("a/b", "a_b"), ("..", "three20"), ("", "three20")])
  func namesStayInTheStateFolder(application: String, folder: String) {
    let store = TTNavigatorPersistence(application: application, environment: ["XDG_STATE_HOME": "/s"])
    #expect(store.fileURL.path == "/s/\(folder)/navigator.json")
  }

  /// A history written and read back is the same, and the JSON keeps the documented keys.
  @Test func historyRoundTrips() throws {
    try withStackTemporaryFolder { folder in
      let store = TTNavigatorPersistence(fileURL: folder.appendingPathComponent("nav.json"))
      let history = TTNavigatorHistory(
        savedAt: Date(timeIntervalSince1970: 1_700_000_000),
        entries: [.init(url: "tt://a", state: ["k": "v"], isImportant: true)])
      #expect(store.save(history))
      #expect(store.load() == .loaded(history))
      let text = try String(contentsOf: store.fileURL, encoding: .utf8)
      #expect(text.contains("\"important\" : true"))
      #expect(text.contains("\"version\" : 1"))
      #expect(text.contains("\"savedAt\" : \"2023-11-14T22:13:20Z\""))
    }
  }
}
