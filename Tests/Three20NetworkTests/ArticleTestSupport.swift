import Foundation
import Testing
import Three20Network

/// Makes ``TTURLRequestQueue/main`` a queue whose cache lives in a temporary directory, so
/// article examples that use the main queue never touch the user's real cache.
///
/// Only the article tests use the main queue, and each calls this before anything else, so the
/// default main queue (with ``TTURLCache/shared``) is never created in the test process.
func useTemporaryMainQueue() throws {
  try TemporaryMainQueue.install()
}

private enum TemporaryMainQueue {
  /// The main queue's cache directory, removed when the test process exits (the queue lives
  /// as long as the process, so no test can remove it).
  static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tt-article-main-queue-\(UUID().uuidString)", isDirectory: true)

  static let installed: Result<Void, TTNetworkError> = {
    do throws(TTNetworkError) {
      let cache = try TTURLCache(name: "Main", directory: directory)
      TTURLRequestQueue.main = TTURLRequestQueue(cache: cache)
      atexit { try? FileManager.default.removeItem(at: TemporaryMainQueue.directory) }
      return .success(())
    } catch {
      return .failure(error)
    }
  }()

  static func install() throws {
    try installed.get()
  }
}

/// The Swift code blocks of a DocC article in Three20Network.docc.
///
/// - Parameter path: The article's path inside the catalog, for example
///   `Articles/GettingStarted.md`.
/// - Returns: Each ```` ```swift ```` block's lines.
func swiftBlocks(inArticle path: String, filePath: String = #filePath) throws -> [[String]] {
  let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let article = root.appendingPathComponent("Modules/Network/Three20Network.docc/\(path)")
  let text = try String(contentsOf: article, encoding: .utf8)
  return TTArticleText.codeBlocks(in: text, language: "swift").map { $0.components(separatedBy: "\n") }
}

/// Whether every Swift block of an article appears, line for line, in a test source file;
/// records an issue naming each block that does not.
///
/// Lines are compared without their indentation and with runs of spaces read as one, so
/// `swift format` may re-indent the test and realign trailing comments.
func expectArticleBlocks(
  _ article: String, appearIn testFile: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let blocks = try swiftBlocks(inArticle: article, filePath: filePath)
  #expect(!blocks.isEmpty, "no Swift blocks in \(article)", sourceLocation: sourceLocation)
  let source = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(testFile)
  let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n").map(normalized)
  for block in blocks {
    let wanted = block.map(normalized)
    let found = lines.indices.contains { start in
      start + wanted.count <= lines.count && Array(lines[start..<(start + wanted.count)]) == wanted
    }
    #expect(
      found, "this block of \(article) is not in \(testFile):\n\(block.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }
}

/// A line without indentation, with each run of spaces made one space.
private func normalized(_ line: String) -> String {
  line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    .trimmingCharacters(in: .whitespaces)
}
