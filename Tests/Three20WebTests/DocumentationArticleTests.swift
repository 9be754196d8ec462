// Keeps the guides in Modules/Web/Three20Web.docc/Articles/ honest: every Swift block of an
// article must appear, line for line, in the test file that compiles and runs it.
import Testing
import Three20TestSupport

/// Three20Web's catalog and the test file that compiles each guide.
let webArticles = TTDocCatalog(
  module: "Web", swiftModule: "Three20Web",
  guides: [
    ("GettingStarted", "GettingStartedArticleTests.swift"),
    ("MappingTheWebController", "MappingArticleTests.swift"),
  ])

@Suite("Documentation articles")
struct DocumentationArticleTests {
  /// Every Swift block of a guide appears in the test that compiles it.
  @Test(arguments: webArticles.guides)
  func everyCodeBlockIsCompiledByItsTest(article: String, testFile: String) throws {
    try webArticles.checkCodeBlocksAreCompiled(article: article, testFile: testFile)
  }

  /// Every picture a guide shows is committed in the catalog's resources.
  @Test(arguments: webArticles.guides)
  func everyPictureExists(article: String, testFile: String) throws {
    try webArticles.checkPicturesExist(article: article)
  }
}
