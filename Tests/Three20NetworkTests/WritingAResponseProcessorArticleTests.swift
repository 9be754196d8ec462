// The code in this file is the code of Three20Network.docc/Articles/WritingAResponseProcessor.md,
// line for line: change both together (`articleCodeIsInThisFile` checks it).
import Foundation
import Testing
import Three20Core
import Three20Network

struct CSVError: Error, Sendable {
  var message: String
}

struct CSVResponse: TTURLResponse {
  var separator: Character = ","

  func process(_ data: Data, info: TTURLResponseInfo) throws -> [[String]] {
    guard info.mimeType == "text/csv" else {
      throw CSVError(message: "\(info.url) sent \(info.mimeType ?? "no type"), not text/csv")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CSVError(message: "\(info.url) did not send UTF-8 text")
    }
    return text.split(whereSeparator: \.isNewline).map { line in
      line.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
  }
}

struct APIError: Decodable, Error, Sendable {
  var message: String
}

struct APIResponse<Value: Decodable & Sendable>: TTURLResponse {
  func process(_ data: Data, info: TTURLResponseInfo) throws -> Value {
    try JSONDecoder().decode(Value.self, from: data)
  }

  func processErrorResponse(_ data: Data, info: TTURLResponseInfo) -> (any Error & Sendable)? {
    try? JSONDecoder().decode(APIError.self, from: data)
  }
}

@Suite("Article: Writing a response processor")
struct WritingAResponseProcessorArticleTests {
  let fixture: CachedQueueFixture
  let baseURL: String

  init() throws {
    try useTemporaryMainQueue()
    fixture = try CachedQueueFixture()
    baseURL = fixture.server.baseURL
    fixture.server.route("GET", "/scores.csv") { _ in
      .data(Data("name,score\nAda,3\nGrace,5\n".utf8), contentType: "text/csv")
    }
    fixture.server.route("GET", "/scores.html") { _ in
      .data(Data("<p>scores</p>".utf8), contentType: "text/html")
    }
    fixture.server.route("GET", "/orders/7") { _ in
      .data(
        Data(#"{"message": "Order 7 does not exist."}"#.utf8), status: 404, contentType: "application/json")
    }
  }

  /// Every Swift block of the article is in this file.
  @Test func articleCodeIsInThisFile() throws {
    try expectArticleBlocks(
      "Articles/WritingAResponseProcessor.md", appearIn: "WritingAResponseProcessorArticleTests.swift")
  }

  /// A processor for CSV.
  @Test func csv() async throws {
    let scores = try await TTURLRequest(url: "\(baseURL)/scores.csv")
      .send(processingWith: CSVResponse())
    // scores == [["name", "score"], ["Ada", "3"], ["Grace", "5"]]
    #expect(scores == [["name", "score"], ["Ada", "3"], ["Grace", "5"]])
  }

  /// Rejected bodies are not cached.
  @Test func rejectedBodies() async throws {
    var failure: TTNetworkError?
    do {
      _ = try await TTURLRequest(url: "\(baseURL)/scores.html").send(processingWith: CSVResponse())
    } catch {
      failure = error
    }
    // failure?.code == .invalidResponse
    // (failure?.underlying as? CSVError)?.message == "… sent text/html, not text/csv"
    #expect(failure?.code == .invalidResponse)
    #expect(
      (failure?.underlying as? CSVError)?.message == "\(baseURL)/scores.html sent text/html, not text/csv")
    // The main queue's cache did not keep it: the next request asks the server again.
    _ = try? await TTURLRequest(url: "\(baseURL)/scores.html").send()
    #expect(fixture.server.requestCount(for: "/scores.html") == 2)
  }

  /// Read the server's error messages.
  @Test func errorMessages() async throws {
    var reason = ""
    do {
      _ = try await TTURLRequest(url: "\(baseURL)/orders/7")
        .send(processingWith: APIResponse<[String: String]>())
    } catch {
      reason = (error.underlying as? APIError)?.message ?? error.message
    }
    // reason == "Order 7 does not exist."
    #expect(reason == "Order 7 does not exist.")
  }

  /// Processors and delegates.
  @Test func processorsAndDelegates() async throws {
    let request = TTURLRequest(url: "\(baseURL)/scores.csv", response: CSVResponse())
    try await request.send()
    let table = request.value(as: [[String]].self)
    // table?.count == 3
    #expect(table?.count == 3)
  }
}
