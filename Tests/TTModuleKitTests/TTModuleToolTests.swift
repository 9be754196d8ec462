import Foundation
import TTModuleKit
import Testing

/// A fresh temporary directory, removed when the value is.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("ttmodule-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ component: String) -> String { url.appendingPathComponent(component).path }

  func read(_ component: String) throws -> [UInt8] {
    Array(try Data(contentsOf: url.appendingPathComponent(component)))
  }
}

/// `new`, `add` and `remove`: plans, refusals, idempotency and byte-for-byte preservation.
@Suite struct TTModuleToolTests {
  let tool = TTModuleTool()
  let source = TTThree20Source.path("/src/three20-swift")

  func makeProject(_ temp: TemporaryDirectory, _ modules: [String], name: String = "App") throws -> String {
    let path = temp.path(name)
    _ = try tool.newProject(
      at: path, name: nil, source: source, modules: modules, force: false, dryRun: false)
    return path
  }

  func regionModules(_ temp: TemporaryDirectory, _ project: String = "App") throws -> [String] {
    try TTManifestRegion.parse(temp.read("\(project)/Package.swift")).modules
  }

  /// The plan of a dry run names the closure and the files, and writes nothing.
  @Test func dryRunPrintsThePlanAndWritesNothing() throws {
    let temp = try TemporaryDirectory()
    let report = try tool.newProject(
      at: temp.path("Feeds"), name: nil, source: source, modules: ["three20ui"], force: false, dryRun: true)
    #expect(report.contains("Table needs UICommon, Style, Core."))
    #expect(report.contains("Modules: Core, Style, UICommon, Table"))
    for file in [
      "Package.swift", "Sources/Feeds/main.swift", "Tests/FeedsTests/FeedsTests.swift", "README.md",
      ".gitignore",
    ] {
      #expect(report.contains("  \(file) ("), "plan lacks \(file)")
    }
    #expect(!FileManager.default.fileExists(atPath: temp.path("Feeds")))
  }

  /// A new project names exactly the closure's products, and its sources import exactly them.
  @Test func newProjectNamesOnlyTheNeededProducts() throws {
    let temp = try TemporaryDirectory()
    let path = try makeProject(temp, ["Table"])
    #expect(try regionModules(temp) == ["Three20Core", "Three20Style", "Three20UICommon", "Three20Table"])
    let main = String(decoding: try temp.read("App/Sources/App/main.swift"), as: UTF8.self)
    let imports = main.split(separator: "\n").filter { $0.hasPrefix("import ") }
    #expect(
      imports == [
        "import Foundation", "import Three20Core", "import Three20Style", "import Three20UICommon",
        "import Three20Table",
      ])
    let tests = String(decoding: try temp.read("App/Tests/AppTests/AppTests.swift"), as: UTF8.self)
    #expect(tests.components(separatedBy: "@Test").count - 1 == 4)
    #expect(
      String(decoding: try temp.read("App/.gitignore"), as: UTF8.self).contains(".build/\nPackage.resolved\n")
    )
    #expect(!FileManager.default.fileExists(atPath: "\(path)/Sources/App/Resources"))
    // Nothing but the project is left beside it (the temporary directory was moved, not copied).
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["App"])
  }

  /// Network and XMLExt projects bundle the files their examples read.
  @Test func networkProjectsBundleTheirResources() throws {
    let temp = try TemporaryDirectory()
    _ = try makeProject(temp, ["XMLExt"])
    #expect(FileManager.default.fileExists(atPath: temp.path("App/Sources/App/Resources/hello.txt")))
    #expect(FileManager.default.fileExists(atPath: temp.path("App/Sources/App/Resources/feed.xml")))
    let manifest = String(decoding: try temp.read("App/Package.swift"), as: UTF8.self)
    #expect(manifest.contains("resources: [.copy(\"Resources\")]"))
  }

  /// A non-empty directory is refused without --force and nothing in it changes.
  @Test func nonEmptyDirectoryIsRefusedWithoutForce() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(path)/README.md"))
    #expect {
      _ = try tool.newProject(
        at: path, name: nil, source: source, modules: ["Core"], force: false, dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.kind == .refused && (error as? TTModuleToolError)?.exitStatus == 65
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["README.md"])
    #expect(try temp.read("App/README.md") == Array("mine".utf8))
  }

  /// With --force, files of the same name are replaced and other files are kept.
  @Test func forceReplacesSameNamedFilesAndKeepsOthers() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: "\(path)/README.md"))
    try Data("notes".utf8).write(to: URL(fileURLWithPath: "\(path)/NOTES.txt"))
    let report = try tool.newProject(
      at: path, name: nil, source: source, modules: ["Core"], force: true, dryRun: false)
    #expect(report.contains("README.md ("))
    #expect(report.contains("replacing the existing file"))
    #expect(try temp.read("App/NOTES.txt") == Array("notes".utf8))
    #expect(try temp.read("App/README.md") != Array("old".utf8))
    #expect(try regionModules(temp) == ["Three20Core"])
  }

  /// An empty directory is used as is.
  @Test func emptyDirectoryIsFilled() throws {
    let temp = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: temp.path("App"), withIntermediateDirectories: true)
    _ = try makeProject(temp, ["Core"])
    #expect(try regionModules(temp) == ["Three20Core"])
  }

  /// Names that are not Swift identifiers, keywords, module names or paths are refused.
  @Test(arguments: [
    "my-app", "1App", "", "../Evil", "a/b", "class", "Three20Table", "table", "Three20", "App App", "Äpp",
  ])
  func invalidNamesAreRefused(name: String) throws {
    let temp = try TemporaryDirectory()
    #expect {
      _ = try tool.newProject(
        at: temp.path("Dir"), name: name, source: source, modules: ["Core"], force: false, dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.kind == .invalidInput
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).isEmpty)
  }

  /// A directory name that is not an identifier is refused with a suggested --name.
  @Test func directoryNameNeedsAValidName() throws {
    let temp = try TemporaryDirectory()
    #expect {
      _ = try tool.newProject(
        at: temp.path("my-app"), name: nil, source: source, modules: ["Core"], force: false, dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.message.contains("--name MyApp") == true
    }
    _ = try tool.newProject(
      at: temp.path("my-app"), name: "MyApp", source: source, modules: ["Core"], force: false, dryRun: false)
    #expect(FileManager.default.fileExists(atPath: temp.path("my-app/Sources/MyApp/main.swift")))
  }

  /// A project directory named like the Three20 checkout would clash in SwiftPM and is refused.
  @Test func identityClashIsRefused() throws {
    let temp = try TemporaryDirectory()
    #expect(throws: TTModuleToolError.self) {
      _ = try tool.newProject(
        at: temp.path("Three20-Swift"), name: "App", source: source, modules: ["Core"], force: false,
        dryRun: false)
    }
  }

  /// Adding a module adds what it needs; adding it again changes nothing, not even the file's date.
  @Test func addIsIdempotent() throws {
    let temp = try TemporaryDirectory()
    let path = try makeProject(temp, ["Core"])
    let report = try tool.add(["Navigator"], project: path, dryRun: false)
    #expect(report.contains("Added Style, UICommon, Navigator"))
    #expect(
      try regionModules(temp) == ["Three20Core", "Three20Style", "Three20UICommon", "Three20Navigator"])
    let bytes = try temp.read("App/Package.swift")
    let date =
      try FileManager.default.attributesOfItem(atPath: "\(path)/Package.swift")[.modificationDate] as? Date
    let again = try tool.add(["three20uinavigator", "Style"], project: path, dryRun: false)
    #expect(again.contains("Nothing to change"))
    #expect(try temp.read("App/Package.swift") == bytes)
    let dateAfter =
      try FileManager.default.attributesOfItem(atPath: "\(path)/Package.swift")[.modificationDate] as? Date
    #expect(date == dateAfter)
  }

  /// add and remove leave every byte outside the region as it was, and a dry run writes nothing.
  @Test func addAndRemoveKeepTheRestOfPackageSwift() throws {
    let temp = try TemporaryDirectory()
    let path = try makeProject(temp, ["Core"])
    let manifestURL = URL(fileURLWithPath: "\(path)/Package.swift")
    let original = try temp.read("App/Package.swift")
    let region = try TTManifestRegion.locate(in: original)
    let head = Array("// my header\r\n".utf8) + Array(original[..<region.lowerBound])
    let tail =
      Array(original[region.upperBound...])
      + Array("\n// my own code\npackage.targets[0].name = \"App\"\n".utf8)
    try Data(head + Array(original[region]) + tail).write(to: manifestURL)

    _ = try tool.add(["Table"], project: path, dryRun: true)
    #expect(try temp.read("App/Package.swift") == head + Array(original[region]) + tail)

    _ = try tool.add(["Table"], project: path, dryRun: false)
    var edited = try temp.read("App/Package.swift")
    #expect(Array(edited.prefix(head.count)) == head)
    #expect(Array(edited.suffix(tail.count)) == tail)

    _ = try tool.remove(["Table"], project: path, force: true, dryRun: false)
    edited = try temp.read("App/Package.swift")
    #expect(Array(edited.prefix(head.count)) == head)
    #expect(Array(edited.suffix(tail.count)) == tail)
    #expect(try regionModules(temp) == ["Three20Core", "Three20Style", "Three20UICommon"])
  }

  /// Removing a module another one needs is refused with the reason, and nothing changes.
  @Test func removingANeededModuleIsRefused() throws {
    let temp = try TemporaryDirectory()
    let path = try makeProject(temp, ["Table"])
    let before = try temp.read("App/Package.swift")
    #expect {
      _ = try tool.remove(["Style"], project: path, force: true, dryRun: false)
    } throws: { error in
      guard let error = error as? TTModuleToolError else { return false }
      return error.kind == .refused && error.message.contains("UICommon and Table need Style")
    }
    #expect(try temp.read("App/Package.swift") == before)
    // Removing all three at once is fine.
    _ = try tool.remove(["Table", "UICommon", "Style"], project: path, force: true, dryRun: false)
    #expect(try regionModules(temp) == ["Three20Core"])
  }

  /// Removing a module the sources still import is refused unless forced.
  @Test func removingAnImportedModuleNeedsForce() throws {
    let temp = try TemporaryDirectory()
    let path = try makeProject(temp, ["Table"])
    #expect {
      _ = try tool.remove(["Table"], project: path, force: false, dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.message.contains("Sources/App/main.swift imports Three20Table") == true
    }
    #expect(try regionModules(temp) == ["Three20Core", "Three20Style", "Three20UICommon", "Three20Table"])
    _ = try tool.remove(["Table"], project: path, force: true, dryRun: false)
    #expect(try regionModules(temp) == ["Three20Core", "Three20Style", "Three20UICommon"])
  }

  /// Removing a module the project does not use changes nothing.
  @Test func removingAnAbsentModuleChangesNothing() throws {
    let temp = try TemporaryDirectory()
    let path = try makeProject(temp, ["Core"])
    let before = try temp.read("App/Package.swift")
    let report = try tool.remove(["XMLExt"], project: path, force: false, dryRun: false)
    #expect(report.contains("XMLExt is not in the project."))
    #expect(try temp.read("App/Package.swift") == before)
  }

  /// add and remove refuse a Package.swift without the ttmodule region, and a missing project.
  @Test func foreignOrMissingProjectsAreRefused() throws {
    let temp = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: temp.path("Other"), withIntermediateDirectories: true)
    #expect {
      _ = try tool.add(["Core"], project: temp.path("Other"), dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.kind == .notFound
    }
    let foreign = Array("// swift-tools-version: 6.0\nimport PackageDescription\n".utf8)
    try Data(foreign).write(to: URL(fileURLWithPath: temp.path("Other/Package.swift")))
    #expect {
      _ = try tool.add(["Core"], project: temp.path("Other"), dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.kind == .refused
    }
    #expect(try temp.read("Other/Package.swift") == foreign)
  }

  /// deps prints the tree and the libraries; --json the same facts.
  @Test func depsPrintsTreeAndJSON() throws {
    let text = try tool.dependencies(of: ["XMLExt"], json: false)
    #expect(text.contains("XMLExt (Three20XML) needs Core, Network; links libcurl, libsqlite3, libxml2"))
    #expect(text.contains("└─ Network\n   └─ Core"))
    let json = try tool.dependencies(of: ["Table"], json: true)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(decoded?.first?["all"] as? [String] == ["Core", "Style", "UICommon"])
    #expect(decoded?.first?["links"] as? [String] == [])
  }

  /// list shows every module with what it uses and links.
  @Test func listShowsEveryModule() {
    let text = tool.list(json: false)
    for name in ["Core", "Network", "XMLExt", "Style", "UICommon", "Table", "Navigator", "Image", "Web"] {
      #expect(text.contains("\(name) "))
    }
    #expect(text.contains("uses: Core; links: libcurl, libsqlite3"))
  }

  /// URLs and versions for --url/--from are checked.
  @Test func urlAndVersionAreValidated() throws {
    #expect(
      try TTThree20Source.validated(url: "https://github.com/me/three20.git", from: "0.1.0").packageIdentity
        == "three20")
    #expect(throws: TTModuleToolError.self) {
      try TTThree20Source.validated(url: "github.com/me/x", from: "0.1.0")
    }
    #expect(throws: TTModuleToolError.self) {
      try TTThree20Source.validated(url: "https://x/y\"z", from: "0.1.0")
    }
    #expect(throws: TTModuleToolError.self) { try TTThree20Source.validated(url: "https://x/y", from: "1.0") }
    #expect(throws: TTModuleToolError.self) {
      try TTThree20Source.validated(url: "https://x/y", from: "1.0.x")
    }
  }
}
