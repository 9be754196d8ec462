import Foundation
import Synchronization
import Testing
import Three20Network

/// Bodies a hostile server can send: endless, compressed bombs, announced too large.
///
/// Every queue bounds them by default, counting decoded bytes.
@Suite("TTURLRequestQueue: body limits")
struct TTURLRequestLimitTests {
  let server: TTTestHTTPServer
  let queue = TTURLRequestQueue()

  init() throws {
    server = try TTTestHTTPServer.started()
  }

  /// Counts streamed bytes without keeping them, and cancels the request itself once it has
  /// seen `guardBytes`, so that a missing limit fails the test instead of running forever.
  private final class StreamCounter: Sendable {
    let bytes = Atomic<Int>(0)
    let guardBytes: Int
    let request: TTURLRequest

    init(_ request: TTURLRequest, guardBytes: Int) {
      self.request = request
      self.guardBytes = guardBytes
      request.onData = { [weak self] piece in
        guard let self else { return }
        let total = self.bytes.add(piece.count, ordering: .relaxed).newValue
        if total > guardBytes { request.cancel() }
      }
    }

    var count: Int { bytes.load(ordering: .relaxed) }
  }

  /// Every queue has a bounded default, the same for queues the app makes and for `.main`.
  @Test func queuesAreBoundedByDefault() {
    #expect(TTURLRequestQueue.defaultMaxContentLength == 100_000_000)
    #expect(TTURLRequestQueue().maxContentLength == TTURLRequestQueue.defaultMaxContentLength)
    #expect(queue.maxContentLength > 0)
  }

  /// A chunked body that never ends is stopped at the default limit with tooLarge, naming the
  /// URL, the limit and how to raise it.
  @Test func endlessChunkedBodyStopsAtTheDefaultLimit() async throws {
    server.route("GET", "/endless") { _ in
      TTTestHTTPResponse(body: .generated(size: Int.max)).chunked(size: 64 * 1024)
    }
    let limit = Int(TTURLRequestQueue.defaultMaxContentLength)
    let request = TTURLRequest(url: server.url("/endless"))
    let counter = StreamCounter(request, guardBytes: 2 * limit)
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge, "\(error)")
    #expect(counter.count <= limit)
    #expect(error.message.contains(server.url("/endless")))
    #expect(error.message.contains("100000000 bytes"))
    #expect(error.message.contains("maxContentLength"))
  }

  /// A collected endless body is stopped at the queue's limit; memory never holds more.
  @Test func endlessCollectedBodyStopsAtTheQueueLimit() async throws {
    server.route("GET", "/endless") { _ in
      TTTestHTTPResponse(body: .generated(size: Int.max)).chunked(size: 16 * 1024)
    }
    queue.maxContentLength = 1_000_000
    let request = TTURLRequest(url: server.url("/endless"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge)
    #expect(request.totalBytesDownloaded <= 1_000_000)
    #expect(error.message.contains("of its TTURLRequestQueue"))
  }

  /// A few hundred bytes of `gzip, gzip` that inflate to 256 MiB are stopped as a bomb after
  /// the first megabyte: they inflate far more than maxDecompressionRatio allows.
  @Test func nestedGzipBombIsStoppedByTheRatio() async throws {
    let inner = try TTTestCompression.compress(.generated(size: 256 << 20, pattern: Data([0])), as: .gzip)
    let bomb = try TTTestCompression.compress(inner, as: .gzip)
    server.route("GET", "/bomb") { _ in
      TTTestHTTPResponse(headers: ["Content-Encoding": "gzip, gzip"], body: .bytes(bomb))
    }
    let request = TTURLRequest(url: server.url("/bomb"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge, "\(error)")
    #expect(error.message.contains("decompression bomb"))
    #expect(error.message.contains("maxDecompressionRatio of 500"))
    #expect(request.totalBytesDownloaded <= 1 << 20)
  }

  /// A body that compresses well but not absurdly well is not mistaken for a bomb.
  @Test func compressibleBodiesAreNotBombs() async throws {
    // Text of varied lines compresses a few times, whatever its length.
    let text = (0..<200_000).map { "line \($0): \(($0 &* 2_654_435_761) % 1_000_003)\n" }.joined()
    server.route("GET", "/text") { _ in TTTestHTTPResponse.text(text).compressed(.gzip) }
    let received = try await TTURLRequest(url: server.url("/text")).send(
      processingWith: TTURLStringResponse(), on: queue)
    #expect(received == text)
  }

  /// With the ratio check off, a streamed bomb is still stopped with tooLarge: by the
  /// decoded-byte count, or when libcurl's buffer for a paused transfer (while onData catches
  /// up) would overflow, whichever comes first.
  @Test func nestedGzipBombIsStoppedWhenStreamed() async throws {
    queue.maxDecompressionRatio = 0
    let inner = try TTTestCompression.compress(.generated(size: 256 << 20, pattern: Data([0])), as: .gzip)
    let bomb = try TTTestCompression.compress(inner, as: .gzip)
    #expect(bomb.count < 64 * 1024)
    server.route("GET", "/bomb") { _ in
      TTTestHTTPResponse(
        headers: ["Content-Type": "text/plain", "Content-Encoding": "gzip, gzip"], body: .bytes(bomb))
    }
    let limit = Int(TTURLRequestQueue.defaultMaxContentLength)
    let request = TTURLRequest(url: server.url("/bomb"))
    let counter = StreamCounter(request, guardBytes: 2 * limit)
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge, "\(error)")
    #expect(counter.count <= limit)
    #expect(error.message.contains("decompression"))
  }

  /// The same bomb, collected, is stopped once the decoded bytes pass the limit: the limit
  /// counts what the processor would get, not the few kilobytes on the wire.
  @Test func nestedGzipBombIsStoppedByDecodedSize() async throws {
    let inner = try TTTestCompression.compress(.generated(size: 64 << 20, pattern: Data([0])), as: .gzip)
    let bomb = try TTTestCompression.compress(inner, as: .gzip)
    server.route("GET", "/bomb") { _ in
      TTTestHTTPResponse(headers: ["Content-Encoding": "gzip, gzip"], body: .bytes(bomb))
    }
    queue.maxContentLength = 2_000_000
    queue.maxDecompressionRatio = 0
    let request = TTURLRequest(url: server.url("/bomb"))
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge)
    #expect(error.message.contains("2000000 bytes (counted after decompression)"))
    #expect(request.totalBytesDownloaded <= 2_000_000)
    #expect(request.totalBytesDownloaded > 1_000_000)
  }

  /// A Content-Length above the default limit is refused before any of the body is read.
  @Test func announcedLengthAboveTheDefaultLimitIsRefusedEarly() async throws {
    server.route("GET", "/huge") { _ in TTTestHTTPResponse(body: .generated(size: 150_000_000)) }
    let request = TTURLRequest(url: server.url("/huge"))
    let counter = StreamCounter(request, guardBytes: 200_000_000)
    let error = try #require(await failure(of: request, on: queue))
    #expect(error.code == .tooLarge, "\(error)")
    #expect(counter.count == 0)
    #expect(request.totalBytesDownloaded == 0)
    #expect(error.message.contains("150000000"))
    #expect(error.message.contains("100000000 bytes"))
    #expect(error.message.contains("before its body was read"))
  }

  /// A request can raise its own limit above the queue's, or remove it.
  @Test(arguments: [Int64(0), 10_000])
  func requestsCanRaiseTheirLimit(limit: Int64) async throws {
    queue.maxContentLength = 1000
    let request = TTURLRequest(url: server.url("/bytes/5000"))
    request.maxContentLength = limit
    #expect(try await request.send(on: queue).data.count == 5000)
    let streamed = TTURLRequest(url: server.url("/chunked/500"))
    streamed.maxContentLength = limit
    #expect(try await streamed.send(on: queue).data.count == 8000)
  }

  /// A request can lower its own limit below the queue's; the error says whose limit it was.
  @Test func requestsCanLowerTheirLimit() async throws {
    let announced = TTURLRequest(url: server.url("/bytes/5000"))
    announced.maxContentLength = 1000
    let refused = try #require(await failure(of: announced, on: queue))
    #expect(refused.code == .tooLarge)
    #expect(refused.message.contains("set on the request"))

    let chunked = TTURLRequest(url: server.url("/chunked/500"))
    chunked.maxContentLength = 1000
    let stopped = try #require(await failure(of: chunked, on: queue))
    #expect(stopped.code == .tooLarge)
    #expect(chunked.totalBytesDownloaded <= 1000)
    // The queue's limit is untouched.
    #expect(try await TTURLRequest(url: server.url("/bytes/5000")).send(on: queue).data.count == 5000)
  }

  /// Identical GETs with different limits do not share a transfer, so neither gets the other's.
  @Test func requestsWithDifferentLimitsAreNotCoalesced() async throws {
    let url = server.url("/delay/300")
    let small = TTURLRequest(url: url)
    small.maxContentLength = 5
    let plain = TTURLRequest(url: url)
    async let first = failure(of: small, on: queue)
    async let second = plain.send(on: queue)
    let (error, result) = try await (first, second)
    #expect(error?.code == .tooLarge)
    #expect(result.data == Data("delayed 300".utf8))
    #expect(server.requestCount(for: "/delay/300") == 2)
  }
}
