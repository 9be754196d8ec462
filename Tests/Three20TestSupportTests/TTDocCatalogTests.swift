import Foundation
import Testing
import Three20TestSupport

@Suite("Reading DocC articles")
struct TTDocCatalogTests {
  /// The block finder returns the blocks of one language, without fences.
  @Test func blocksAreFoundByLanguage() {
    let markdown = "text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```text\nx\n```\n"
    #expect(TTArticleText.codeBlocks(in: markdown, language: "swift") == ["let a = 1\n\nlet b = 2"])
    #expect(TTArticleText.codeBlocks(in: markdown, language: "text") == ["x"])
  }

  /// Pictures are found by their Markdown image syntax, in order.
  @Test func picturesAreFoundInOrder() {
    #expect(TTDocCatalog.pictures(in: "a ![One](one.svg) b ![](two)") == ["one.svg", "two"])
  }

  /// A catalog's paths follow the module's folder and Swift name.
  @Test func catalogPathsFollowTheModule() {
    let catalog = TTDocCatalog(module: "UICommon", swiftModule: "Three20UICommon", guides: [])
    #expect(catalog.catalog.path.hasSuffix("Modules/UICommon/Three20UICommon.docc"))
    #expect(catalog.tests.path.hasSuffix("Tests/Three20UICommonTests"))
  }
}
