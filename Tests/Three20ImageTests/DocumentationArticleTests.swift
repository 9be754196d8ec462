// Keeps the guides in Modules/Image/Three20Image.docc/Articles/ honest: every Swift block of an
// article must appear, line for line, in the test file that compiles and runs it, and every
// picture an article shows must be a committed file.
import Testing
import Three20TestSupport

/// Three20Image's catalog and the test file that compiles each guide.
let imageArticles = TTDocCatalog(
  module: "Image", swiftModule: "Three20Image",
  guides: [
    ("ShowingImages", "ShowingImagesArticleTests.swift"),
    ("BuildingAPhotoBrowser", "PhotoBrowserArticleTests.swift"),
  ])

@Suite("Documentation articles")
struct DocumentationArticleTests {
  /// Every Swift block of a guide appears in the test that compiles it.
  @Test(arguments: imageArticles.guides)
  func everyCodeBlockIsCompiledByItsTest(article: String, testFile: String) throws {
    try imageArticles.checkCodeBlocksAreCompiled(article: article, testFile: testFile)
  }

  /// Every picture a guide shows is committed in the catalog's resources.
  @Test(arguments: imageArticles.guides)
  func everyPictureExists(article: String, testFile: String) throws {
    try imageArticles.checkPicturesExist(article: article)
  }
}
