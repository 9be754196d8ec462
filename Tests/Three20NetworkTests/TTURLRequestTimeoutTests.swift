import Foundation
import Testing
import Three20Network

/// The idle timeout measures silence; the total timeout bounds the whole transfer, so a server
/// trickling bytes cannot hold a request forever.
@Suite("TTURLRequestQueue: total timeout")
struct TTURLRequestTimeoutTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
    // One byte every half second: 200 bytes would take 100 s, and the server is never silent
    // for as long as the idle timeout.
    server.route("GET", "/trickle") { _ in
      TTTestHTTPResponse(body: .generated(size: 200)).paced(bytes: 1, every: .milliseconds(500))
    }
  }

  /// A request's own total timeout stops a trickling server; the message names that timeout.
  @Test func trickleIsStoppedByTheRequestsTotalTimeout() async throws {
    let request = TTURLRequest(url: server.url("/trickle"))
    request.timeoutInterval = 30
    request.totalTimeoutInterval = 1.5
    let started = ContinuousClock.now
    let error = try #require(await failure(of: request, on: queue))
    let elapsed = ContinuousClock.now - started
    #expect(error.code == .timedOut)
    #expect(error.message.contains("total timeout"), "\(error)")
    #expect(error.message.contains("1.5 seconds"))
    #expect(error.message.contains("totalTimeoutInterval"))
    #expect(!error.message.contains("sent nothing"))
    #expect(elapsed >= .milliseconds(1400))
    // Generous for a loaded machine; the server alone would take 100 s.
    #expect(elapsed < .seconds(60))
    #expect(request.totalBytesDownloaded > 0)
  }

  /// The queue's default total timeout applies to requests without their own.
  @Test func trickleIsStoppedByTheQueuesDefaultTotalTimeout() async throws {
    queue.defaultTotalTimeout = 1
    let request = TTURLRequest(url: server.url("/trickle"))
    let started = ContinuousClock.now
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .timedOut)
    #expect(error.message.contains("defaultTotalTimeout"))
    #expect(ContinuousClock.now - started < .seconds(60))
  }

  /// A request may lift the queue's total timeout (0 = none); the idle timeout still holds.
  @Test func requestsCanLiftTheTotalTimeout() async throws {
    queue.defaultTotalTimeout = 0.5
    // 20 pieces 100 ms apart: 2 s in all, four times the queue's total timeout.
    let request = TTURLRequest(url: server.url("/slow/2000?bytes=100&ms=100"))
    request.totalTimeoutInterval = 0
    #expect(try await request.send(on: queue).data.count == 2000)
  }

  /// The idle timeout's message says it was the idle timeout.
  @Test func idleTimeoutSaysWhichTimeoutFired() async throws {
    let request = TTURLRequest(url: server.url("/delay/120000"))
    request.timeoutInterval = 0.3
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .timedOut)
    #expect(error.message.contains("idle timeout"), "\(error)")
    #expect(error.message.contains("0.3 seconds"))
  }

  /// The total timeout counts across retries: a host that refuses connections is given up
  /// on once it has passed, even with retries left.
  @Test func totalTimeoutCoversRetries() async throws {
    let port = try closedPort()
    queue.maxRetries = 1000
    queue.retryDelay = 0.2
    let request = TTURLRequest(url: "http://127.0.0.1:\(port)/x")
    request.totalTimeoutInterval = 1
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .timedOut)
    #expect(error.message.contains("total timeout"))
    #expect(request.attempts < 1000)
  }
}
