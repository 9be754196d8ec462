import Foundation
import Glibc
import Testing
import Three20Network

// A class, so that deinit removes the directory each test made (a struct suite left one
// `tt-local-*` directory in /tmp per test).
@Suite("Local URLs")
final class TTLocalURLTests {
  let queue = TTURLRequestQueue()
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("tt-local-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("bundle/images"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("documents"), withIntermediateDirectories: true)
    try Data("bundled".utf8).write(to: directory.appendingPathComponent("bundle/images/a b.txt"))
    try Data("{\"n\":1}".utf8).write(to: directory.appendingPathComponent("documents/doc.json"))
    try Data("secret".utf8).write(to: directory.appendingPathComponent("secret.txt"))
    queue.bundleDirectory = directory.appendingPathComponent("bundle")
    queue.documentsDirectory = directory.appendingPathComponent("documents")
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  private func text(_ url: String) async throws(TTNetworkError) -> String {
    try await TTURLRequest(url: url).send(processingWith: TTURLStringResponse(), on: queue)
  }

  /// file:// URLs are read from disk, with a Content-Type from the extension.
  @Test func fileURLs() async throws {
    let url = directory.appendingPathComponent("documents/doc.json").absoluteString
    let result = try await TTURLRequest(url: url).send(on: queue)
    #expect(result.data == Data("{\"n\":1}".utf8))
    #expect(result.info.mimeType == "application/json")
    #expect(!result.respondedFromCache)
  }

  /// A missing file fails with fileNotFound naming the path; so does a directory.
  @Test func missingFiles() async throws {
    let missing = try #require(
      await failure(of: TTURLRequest(url: "file:///nonexistent/tt-\(UUID().uuidString)"), on: queue))
    #expect(missing.code == .fileNotFound)
    #expect(missing.message.contains("/nonexistent/"))
    let folder = try #require(await failure(of: TTURLRequest(url: directory.absoluteString), on: queue))
    #expect(folder.code == .fileNotFound)
  }

  /// bundle:// and documents:// URLs are read from the queue's directories, percent-decoded.
  @Test func bundleAndDocumentsURLs() async throws {
    #expect(try await text("bundle://images/a%20b.txt") == "bundled")
    #expect(try await text("bundle:///images/a%20b.txt") == "bundled")
    #expect(try await text("documents://doc.json") == "{\"n\":1}")
    #expect(try await text("documents://doc.json?version=2") == "{\"n\":1}")
  }

  /// A bundle or documents URL cannot escape its directory.
  @Test(arguments: [
    "bundle://../secret.txt", "bundle://images/../../secret.txt", "documents://%2E%2E/secret.txt",
  ])
  func localURLsStayInsideTheirDirectory(url: String) async throws {
    let error = try #require(await failure(of: TTURLRequest(url: url), on: queue))
    #expect(error.code == .badURL)
  }

  /// data: URLs in percent form, with and without a media type.
  @Test func percentDataURLs() async throws {
    #expect(try await text("data:,Hello%2C%20World!") == "Hello, World!")
    #expect(try await text("data:text/plain;charset=utf-8,caf%C3%A9") == "café")
    let result = try await TTURLRequest(url: "data:,x").send(on: queue)
    #expect(result.info.mimeType == "text/plain")
    #expect(result.info.textEncodingName == "us-ascii")
  }

  /// data: URLs in base64 form, including percent-escaped and unpadded base64 and binary bytes.
  @Test func base64DataURLs() async throws {
    #expect(try await text("data:;base64,SGVsbG8=") == "Hello")
    #expect(try await text("data:text/plain;base64,SGVsbG8") == "Hello")
    #expect(try await text("data:text/plain;BASE64,SGV%73bG8%3D") == "Hello")
    let binary = try await TTURLRequest(url: "data:application/octet-stream;base64,AAH/").send(on: queue)
    #expect(binary.data == Data([0, 1, 255]))
    #expect(binary.info.mimeType == "application/octet-stream")
  }

  /// A text/plain data URL in Latin-1 is decoded by its charset.
  @Test func dataURLCharsets() async throws {
    #expect(try await text("data:text/plain;charset=iso-8859-1,caf%E9") == "café")
  }

  /// Malformed data: URLs fail with badURL.
  @Test(arguments: ["data:no-comma", "data:;base64,@@@@", "data:"])
  func malformedDataURLs(url: String) async throws {
    let error = try #require(await failure(of: TTURLRequest(url: url), on: queue))
    #expect(error.code == .badURL)
  }

  /// Local loads never announce a start to delegates, only the finish.
  @Test @MainActor func localLoadsSkipStart() async throws {
    let delegate = RecordingDelegate()
    let request = TTURLRequest(url: "data:,x", delegate: delegate)
    request.start(on: queue)
    #expect(await eventually { @MainActor in delegate.ended })
    #expect(delegate.events == ["finish"])
  }

  /// A FIFO is refused at once instead of blocking the load forever; so is a device.
  @Test func specialFilesAreRefused() async throws {
    let fifo = directory.appendingPathComponent("documents/pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let error = try #require(await failure(of: TTURLRequest(url: "documents://pipe"), on: queue))
    #expect(error.code == .fileNotFound)
    #expect(error.message.contains("a FIFO"))
    let device = try #require(await failure(of: TTURLRequest(url: "file:///dev/zero"), on: queue))
    #expect(device.code == .fileNotFound)
    #expect(device.message.contains("a device"))
  }

  /// Local files and data: URLs are held to the content limit.
  @Test func localBodiesAreHeldToTheContentLimit() async throws {
    try Data(count: 5000).write(to: directory.appendingPathComponent("documents/big.bin"))
    queue.maxContentLength = 1000
    let file = try #require(await failure(of: TTURLRequest(url: "documents://big.bin"), on: queue))
    #expect(file.code == .tooLarge)
    #expect(file.message.contains("5000 bytes"))
    let data = try #require(
      await failure(of: TTURLRequest(url: "data:," + String(repeating: "a", count: 2000)), on: queue))
    #expect(data.code == .tooLarge)
    let allowed = TTURLRequest(url: "documents://big.bin")
    allowed.maxContentLength = 0
    #expect(try await allowed.send(on: queue).data.count == 5000)
  }
}
