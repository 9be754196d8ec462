import Foundation
import TTModuleKit
import Testing

/// What the generated files say, and that a failed write leaves nothing behind.
@Suite struct TTModuleTemplateTests {
  let source = TTThree20Source.path("/src/three20-swift")

  func template(_ names: [String]) throws -> TTProjectTemplate {
    TTProjectTemplate(name: "App", source: source, modules: try TTModuleGraph.three20.closure(of: names))
  }

  /// Navigator with Table makes a tiny URL-mapped app: table rows whose URLs the navigator opens.
  @Test func navigatorWithTableOpensARowsURL() throws {
    let main = try template(["Navigator", "Table"]).mainSource
    #expect(main.contains("var map = TTURLMap()"))
    #expect(main.contains("TTTableTextItem(text: \"Inbox\", url: \"tt://home/inbox\")"))
    #expect(main.contains("navigator.open(TTURLAction(url))"))
    let alone = try template(["Navigator"]).mainSource
    #expect(!alone.contains("TTTableTextItem"))
    #expect(alone.contains("navigator.open(\"tt://home/settings\")"))
  }

  /// Every module of the project gets exactly one test, and the README its two commands.
  @Test(arguments: [["Core"], ["Table"], ["XMLExt"], ["Image"], ["Web"], ["all"]])
  func oneTestPerModuleAndTwoCommands(names: [String]) throws {
    let template = try template(names)
    #expect(template.testSource.components(separatedBy: "@Test").count - 1 == template.modules.count)
    #expect(template.readme.contains("swift run App "))
    #expect(template.readme.contains("swift test "))
  }

  /// The manifest names the products through the region's list and the package identity.
  @Test func manifestUsesTheRegion() throws {
    let manifest = try template(["Style"]).packageManifest
    #expect(try TTManifestRegion.parse(Array(manifest.utf8)).modules == ["Three20Core", "Three20Style"])
    #expect(manifest.contains("let three20Package = \"three20-swift\""))
    #expect(manifest.contains(".product(name: $0, package: three20Package)"))
    #expect(!manifest.contains("resources:"))
  }

  /// When the project cannot be written, the error says where and nothing is left behind.
  @Test func failedWriteLeavesNothing() throws {
    let temp = try TemporaryDirectory()
    let blocker = temp.url.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    #expect {
      _ = try TTModuleTool().newProject(
        at: blocker.appendingPathComponent("App").path, name: nil, source: source, modules: ["Core"],
        force: false,
        dryRun: false)
    } throws: { error in
      (error as? TTModuleToolError)?.kind == .ioFailure
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["file"])
  }
}
