import Foundation
import Synchronization
import Testing
import Three20Network

/// Waits (polling every 5 ms) until `condition` holds or `seconds` pass; returns whether it held.
@discardableResult
func eventually(within seconds: Double = 30, _ condition: @Sendable () async -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return await condition()
}

/// Sends a request and returns its error; records an issue when it succeeds.
func failure(
  of request: TTURLRequest, on queue: TTURLRequestQueue, sourceLocation: SourceLocation = #_sourceLocation
) async -> TTNetworkError? {
  do {
    let result = try await request.send(on: queue)
    Issue.record("expected a failure, got status \(result.info.statusCode)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

/// A delegate that writes down what it hears, in order.
@MainActor
final class RecordingDelegate: TTURLRequestDelegate {
  var events: [String] = []
  var errors: [TTNetworkError] = []
  var uploads: [(Int64, Int64)] = []
  var downloads: [(Int64, Int64)] = []

  nonisolated init() {}

  func requestDidStartLoad(_ request: TTURLRequest) { events.append("start") }
  func requestDidUploadData(_ request: TTURLRequest, bytesSent: Int64, totalBytesExpected: Int64) {
    uploads.append((bytesSent, totalBytesExpected))
  }
  func requestDidDownloadData(_ request: TTURLRequest, bytesReceived: Int64, totalBytesExpected: Int64) {
    downloads.append((bytesReceived, totalBytesExpected))
  }
  func requestDidFinishLoad(_ request: TTURLRequest) { events.append("finish") }
  func request(_ request: TTURLRequest, didFailLoadWith error: TTNetworkError) {
    events.append("fail")
    errors.append(error)
  }
  func requestDidCancelLoad(_ request: TTURLRequest) { events.append("cancel") }

  /// Whether the load ended (finish, fail or cancel).
  var ended: Bool { events.contains { $0 != "start" } }
}

/// A port on 127.0.0.1 where nothing listens (a server's, after it stopped).
func closedPort() throws -> Int {
  let server = TTTestHTTPServer()
  let port = try server.start()
  server.stop()
  return port
}

/// A counter safe to bump from any thread.
final class Counter: Sendable {
  private let value = Mutex(0)
  func add(_ amount: Int) { value.withLock { $0 += amount } }
  var count: Int { value.withLock { $0 } }
}
