// Keeps the guides in Modules/UICommon/Three20UICommon.docc/Articles/ honest: every Swift and CSS
// block of an article must appear, line for line, in the test file that compiles and runs it,
// and every picture an article shows must be a committed file.
import Testing

/// Three20UICommon's catalog and the test file that compiles each guide.
let articles = TTDocCatalog(
  module: "UICommon", swiftModule: "Three20UICommon",
  guides: [
    ("InsetSquareTutorial", "InsetSquareArticleTests.swift"),
    ("BuildingACustomView", "CustomViewArticleTests.swift"),
    ("HandlingInput", "HandlingInputArticleTests.swift"),
  ])

@Suite("Documentation articles")
struct DocumentationArticleTests {
  /// Every Swift and CSS block of a guide appears in the test that compiles it.
  @Test(arguments: articles.guides)
  func everyCodeBlockIsCompiledByItsTest(article: String, testFile: String) throws {
    try articles.checkCodeBlocksAreCompiled(article: article, testFile: testFile)
  }

  /// Every picture a guide shows is committed in the catalog's resources.
  @Test(arguments: articles.guides)
  func everyPictureExists(article: String, testFile: String) throws {
    try articles.checkPicturesExist(article: article)
  }
}
