// The code in this file is the code of Three20Network.docc/Articles/GettingStarted.md, line
// for line: change both together (`articleCodeIsInThisFile` checks it).
import Foundation
import Testing
import Three20Core
import Three20Network

struct User: Decodable, Sendable {
  var id: Int
  var name: String
}

@MainActor
final class GreetingLoader: TTURLRequestDelegate {
  private(set) var log: [String] = []

  func requestDidStartLoad(_ request: TTURLRequest) {
    log.append("loading")
  }

  func requestDidFinishLoad(_ request: TTURLRequest) {
    log.append(request.value(as: String.self) ?? "")
  }

  func request(_ request: TTURLRequest, didFailLoadWith error: TTNetworkError) {
    log.append("failed: \(error)")
  }
}

@Suite("Article: Getting started")
struct GettingStartedArticleTests {
  let server: TTTestHTTPServer
  let baseURL: String

  init() throws {
    try useTemporaryMainQueue()
    server = try TTTestHTTPServer.started()
    baseURL = server.baseURL
    server.route("GET", "/hello") { _ in .text("hello") }
    server.route("GET", "/users/*") { request in
      guard request.path == "/users/1" else {
        return .text("no user \(request.path.dropFirst("/users/".count))", status: 404)
      }
      return .data(Data(#"{"id": 1, "name": "Ada"}"#.utf8), contentType: "application/json")
    }
    server.route("POST", "/signup") { request in .text(request.bodyText) }
    server.route("POST", "/photos") { request in .text("\(request.body.count) bytes") }
    server.route("GET", "/slow") { _ in TTTestHTTPResponse.text("late").delayed(by: .seconds(60)) }
    server.route("GET", "/thumbnails/*") { _ in .data(Data([0x89, 0x50, 0x4E, 0x47])) }
    // Larger than the default body limit, so the example fails without its own.
    server.route("GET", "/backup.tar") { _ in TTTestHTTPResponse(body: .generated(size: 100_000_001)) }
  }

  /// Every Swift block of the article is in this file.
  @Test func articleCodeIsInThisFile() throws {
    try expectArticleBlocks("Articles/GettingStarted.md", appearIn: "GettingStartedArticleTests.swift")
  }

  /// Fetch a URL.
  @Test func fetch() async throws {
    let result = try await TTURLRequest(url: "\(baseURL)/hello").send()
    let text = String(decoding: result.data, as: UTF8.self)  // "hello"
    let status = result.info.statusCode  // 200
    let cached = result.respondedFromCache  // false the first time
    #expect(text == "hello")
    #expect(status == 200)
    #expect(!cached)
    #expect(try await TTURLRequest(url: "\(baseURL)/hello").send().respondedFromCache)
  }

  /// Decode the body.
  @Test func decode() async throws {
    let user = try await TTURLRequest(url: "\(baseURL)/users/1")
      .send(processingWith: TTURLJSONResponse<User>())
    // user.name == "Ada"

    let greeting = try await TTURLRequest(url: "\(baseURL)/hello")
      .send(processingWith: TTURLStringResponse())
    // greeting == "hello"
    #expect(user.name == "Ada")
    #expect(user.id == 1)
    #expect(greeting == "hello")
  }

  /// Handle errors.
  @Test func handleErrors() async throws {
    var message = ""
    do {
      _ = try await TTURLRequest(url: "\(baseURL)/users/999").send()
    } catch {
      if error.code == .httpStatus {
        let body = error.responseBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
        message = "The server said \(error.statusCode ?? 0): \(body)"
      }
    }
    // message == "The server said 404: no user 999"
    #expect(message == "The server said 404: no user 999")
  }

  /// Post a form.
  @Test func postAForm() async throws {
    let signup = TTURLRequest(url: "\(baseURL)/signup", method: "POST")
    signup.isMultipartForm = false
    signup.parameters = ["name": "Ada", "language": "Swift"]
    signup.cachePolicy = [.network, .noCache]
    let reply = try await signup.send(processingWith: TTURLStringResponse())
    // the server received "language=Swift&name=Ada"
    #expect(reply == "language=Swift&name=Ada")
    #expect(
      server.requests(for: "/signup").first?.headers["Content-Type"] == "application/x-www-form-urlencoded")
  }

  /// Upload files.
  @Test func uploadFiles() async throws {
    let photo = Data(repeating: 7, count: 1000)
    let upload = TTURLRequest(url: "\(baseURL)/photos", method: "POST")
    upload.parameters = ["title": "Beach"]
    upload.addFile(photo, mimeType: "image/png", fileName: "beach.png")
    upload.cachePolicy = [.network, .noCache]
    try await upload.send()
    let sent = try #require(server.requests(for: "/photos").first)
    #expect(sent.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    #expect(sent.bodyLength > 1000)
    #expect(
      upload.value(as: Data.self).map { String(decoding: $0, as: UTF8.self) } == "\(sent.bodyLength) bytes")
  }

  /// Use delegates in ported code.
  @Test @MainActor func delegates() async throws {
    let loader = GreetingLoader()
    let request = TTURLRequest(url: "\(baseURL)/hello", response: TTURLStringResponse())
    request.addDelegate(loader)
    request.start()
    // later, loader.log == ["loading", "hello"]
    #expect(await eventually { @MainActor in loader.log.count == 2 })
    #expect(loader.log == ["loading", "hello"])
  }

  /// Cancel.
  @Test func cancel() async throws {
    let download = Task {
      try await TTURLRequest(url: "\(baseURL)/slow").send()
    }
    download.cancel()  // the user left the screen
    let outcome = await download.result
    // outcome is a failure: TTNetworkError with code .cancelled
    #expect(throws: TTNetworkError.self) { try outcome.get() }
    if case .failure(let error as TTNetworkError) = outcome {
      #expect(error.code == .cancelled)
    }
  }

  /// Choose a queue.
  @Test func chooseAQueue() async throws {
    try await withTemporaryDirectory { directory in
      let thumbnailCache = try TTURLCache(name: "Thumbnails", directory: directory)
      let thumbnails = TTURLRequestQueue(
        maxConcurrentRequests: 4, maxConcurrentRequestsPerHost: 2, cache: thumbnailCache)
      thumbnails.defaultTimeout = 20
      thumbnails.maxContentLength = 5_000_000
      let image = try await TTURLRequest(url: "\(baseURL)/thumbnails/1.png").send(on: thumbnails)
      #expect(image.data == Data([0x89, 0x50, 0x4E, 0x47]))
      #expect(thumbnailCache.hasEntry(forKey: TTURLCache.key(url: "\(baseURL)/thumbnails/1.png")))
    }
  }

  /// Know the limits.
  @Test func knowTheLimits() async throws {
    try await withTemporaryDirectory { directory in
      let backupFile = directory.appendingPathComponent("backup.tar")
      let backup = TTURLRequest(url: "\(baseURL)/backup.tar")
      backup.maxContentLength = 0  // no size limit for this download
      backup.totalTimeoutInterval = 3600  // and an hour to finish
      backup.downloadDestination = backupFile
      try await backup.send()
      let size = try FileManager.default.attributesOfItem(atPath: backupFile.path)[.size] as? Int
      #expect(size == 100_000_001)
    }
  }

  /// Read local URLs.
  @Test func readLocalURLs() async throws {
    try await withTemporaryDirectory { resources in
      try Data(#"{"pageSize": 20}"#.utf8).write(to: resources.appendingPathComponent("defaults.json"))
      let inline = try await TTURLRequest(url: "data:text/plain;charset=utf-8,Hi%20there")
        .send(processingWith: TTURLStringResponse())
      // inline == "Hi there"

      let local = TTURLRequestQueue()
      local.bundleDirectory = resources
      let defaults = try await TTURLRequest(url: "bundle://defaults.json")
        .send(processingWith: TTURLJSONResponse<[String: Int]>(), on: local)
      // defaults == ["pageSize": 20]
      #expect(inline == "Hi there")
      #expect(defaults == ["pageSize": 20])
    }
  }
}
