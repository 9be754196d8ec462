import Foundation
import Testing
import Three20UICommon

@Suite("TTLauncherPersistence")
struct TTLauncherPersistenceTests {
  static func item(_ id: String) -> TTLauncherItem {
    TTLauncherItem(title: id.uppercased(), url: "tt://\(id)", id: id)
  }

  static func ids(_ pages: [[TTLauncherItem]]) -> [[String]] {
    pages.map { $0.map(\.id) }
  }

  /// The error a call throws, for looking at its message.
  static func error(_ body: () throws -> Void) -> TTUICommonError? {
    do {
      try body()
      return nil
    } catch {
      return error as? TTUICommonError
    }
  }

  // MARK: - Where the file is

  /// The default file is `<XDG_STATE_HOME>/<application>/launcher.json`, or under
  /// `~/.local/state`; names cannot leave the folder.
  @Test func defaultLocation() {
    let xdg = TTLauncherPersistence(
      application: "catalog", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
    #expect(xdg.fileURL.path == "/s/catalog/launcher.json")
    let home = TTLauncherPersistence(
      application: "catalog", environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
    #expect(home.fileURL.path == "/h/.local/state/catalog/launcher.json")
    let named = TTLauncherPersistence(
      application: "../up", name: "a/b", environment: ["XDG_STATE_HOME": "/s"])
    #expect(named.fileURL.path == "/s/.._up/a_b.json")
    let dots = TTLauncherPersistence(application: "..", environment: ["XDG_STATE_HOME": "/s"])
    #expect(dots.fileURL.path == "/s/three20/launcher.json")
  }

  // MARK: - Round trip

  /// An order saved is read back; the folder is made; no temporary file is left; saving again
  /// replaces the file.
  @Test func roundTrip() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let inner = folder.appendingPathComponent("app", isDirectory: true)
      let store = TTLauncherPersistence(fileURL: inner.appendingPathComponent("launcher.json"))
      #expect(try store.load() == nil)
      try store.save([["a", "b"], ["c"]])
      #expect(try store.load() == [["a", "b"], ["c"]])
      try store.save([[Self.item("c"), Self.item("a")]])
      #expect(try store.load() == [["c", "a"]])
      #expect(try FileManager.default.contentsOfDirectory(atPath: inner.path) == ["launcher.json"])
      let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
      let text = try String(contentsOf: store.fileURL, encoding: .utf8)
      #expect(text.contains(#""format" : "three20-launcher-order""#))
      store.remove()
      #expect(try store.load() == nil)
    }
  }

  // MARK: - Refusals

  /// A directory at the path is neither read nor replaced.
  @Test func refusesADirectory() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let url = folder.appendingPathComponent("launcher.json")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      let store = TTLauncherPersistence(fileURL: url)
      let saving = Self.error { try store.save([["a"]]) }
      #expect(saving?.code == .persistence)
      #expect(saving?.message.hasPrefix("\(url.path): error: is a directory, not a regular file") == true)
      #expect(saving?.message.contains("move it away, or choose another file") == true)
      #expect(Self.error { _ = try store.load() }?.message.contains("is a directory") == true)
      store.remove()
      var isDirectory: ObjCBool = false
      #expect(
        FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
  }

  /// A symbolic link at the path is neither followed nor replaced.
  @Test func refusesASymbolicLink() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let target = folder.appendingPathComponent("target.json")
      try Data("keep".utf8).write(to: target)
      let url = folder.appendingPathComponent("launcher.json")
      try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
      let store = TTLauncherPersistence(fileURL: url)
      #expect(Self.error { try store.save([["a"]]) }?.message.contains("symbolic link") == true)
      #expect(Self.error { _ = try store.load() }?.message.contains("symbolic link") == true)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == target.path)
      #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    }
  }

  /// A regular file that is not a launcher order is reported, and never replaced by a save.
  @Test func refusesForeignFiles() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let url = folder.appendingPathComponent("launcher.json")
      let store = TTLauncherPersistence(fileURL: url)
      for (content, reason) in [
        ("not json at all", "is not valid JSON"),
        (#"{"hello": 1}"#, "is not a launcher order"),
        (#"[1, 2]"#, "is not a launcher order"),
        (#"{"format": "three20-launcher-order", "version": 2, "pages": []}"#, "format version 2"),
        (
          #"{"format": "three20-launcher-order", "version": 1, "pages": [[1]]}"#,
          "is a damaged launcher order"
        ),
      ] {
        try Data(content.utf8).write(to: url)
        let loading = Self.error { _ = try store.load() }
        #expect(loading?.message.hasPrefix("\(url.path): error: ") == true, "\(content)")
        #expect(loading?.message.contains(reason) == true, "\(content): \(loading?.message ?? "")")
        #expect(loading?.message.contains("delete it or move it away") == true)
        let saving = Self.error { try store.save([["a"]]) }
        #expect(saving?.message.contains("holds something other than a launcher order") == true)
        #expect(try String(contentsOf: url, encoding: .utf8) == content)
      }
    }
  }

  /// A file larger than 1 MiB is not read.
  @Test func refusesAHugeFile() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let url = folder.appendingPathComponent("launcher.json")
      try Data(repeating: 0x20, count: TTLauncherPersistence.maximumFileSize + 1).write(to: url)
      let message = Self.error { _ = try TTLauncherPersistence(fileURL: url).load() }?.message
      #expect(message?.contains("is larger than 1048576 bytes") == true)
    }
  }

  /// Control characters in the path are escaped in messages.
  @Test func pathsAreEscapedInMessages() throws {
    try withLauncherTemporaryFolder { (folder: URL) throws in
      let url = folder.appendingPathComponent("bad\u{1B}]0;x\u{07}.json")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      let message = Self.error { try TTLauncherPersistence(fileURL: url).save([["a"]]) }?.message ?? ""
      #expect(!message.contains("\u{1B}"))
      #expect(message.contains("bad\\u{1B}]0;x\\u{07}.json: error:"))
    }
  }

  // MARK: - Merging

  /// The saved order wins; new items go last; ids no item has are dropped; repeats are placed
  /// once; empty pages go.
  @Test func mergeRules() {
    let (a, b, c, d) = (Self.item("a"), Self.item("b"), Self.item("c"), Self.item("d"))
    let merge = { (order: [[String]]) in
      Self.ids(TTLauncherPersistence.merge(order, into: [[a, b], [c, d]]))
    }
    #expect(merge([["d", "c"], ["b", "a"]]) == [["d", "c"], ["b", "a"]])
    #expect(merge([["c", "gone"], ["a"]]) == [["c"], ["a", "b", "d"]])
    #expect(merge([["gone"], ["b", "b"], []]) == [["b", "a", "c", "d"]])
    #expect(merge([]) == [["a", "b", "c", "d"]])
    #expect(TTLauncherPersistence.merge([["a"]], into: []).isEmpty)
    // Two items with one id: each id in the order places the next of them.
    let twin = TTLauncherItem(title: "A again", url: "tt://a2", id: "a")
    let merged = TTLauncherPersistence.merge([["b", "a"]], into: [[a, b, twin]])
    #expect(merged == [[b, a, twin]])
  }
}

/// A fresh folder under the temporary folder, removed afterwards.
func withLauncherTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "launcher-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}
