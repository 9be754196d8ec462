import AsyncHTTPClient
import Foundation
import FoundationNetworking
import Three20Network

/// Network's benchmarks: HTTP GET throughput against a local nginx, and cache hits.
///
/// The HTTP part needs the server that `Benchmarks/scripts/network.sh` (`make bench-network`)
/// starts; it reads where from `THREE20_BENCH_HTTP_BASE` (for example `http://127.0.0.1:8080`,
/// serving `/1k.bin` and `/100k.bin`) and the C floor's binary from `THREE20_BENCH_CURL_FLOOR`.
/// Without them it says so and runs only the cache part.
enum NetworkBenchmarks {
  static func run() {
    let environment = ProcessInfo.processInfo.environment
    if let base = environment["THREE20_BENCH_HTTP_BASE"], let floor = environment["THREE20_BENCH_CURL_FLOOR"] {
      let server = HTTPBenchmarks(base: base, floorBinary: floor)
      server.run(HTTPCase(name: "network.http-1k", path: "/1k.bin", count: 5000, bytes: 1024))
      server.run(HTTPCase(name: "network.http-100k", path: "/100k.bin", count: 1000, bytes: 102_400))
    } else {
      print(
        "network.http-1k, network.http-100k: skipped, they need the local nginx that "
          + "`make bench-network` starts (THREE20_BENCH_HTTP_BASE and THREE20_BENCH_CURL_FLOOR are unset)")
    }
    CacheBenchmarks.run()
  }
}

/// One HTTP comparison: `count` GETs of a file of `bytes` bytes.
struct HTTPCase: Sendable {
  let name: String
  let path: String
  let count: Int
  let bytes: Int
}

/// GET throughput of our queue, the C floor on libcurl's multi interface, AsyncHTTPClient and
/// URLSession, all with 8 requests in flight, over the same URLs (`<path>?i=<n>`, distinct so
/// that no client can merge identical requests), with no cache anywhere.
struct HTTPBenchmarks {
  static let concurrency = 8
  /// Timed runs per client after one warm-up run (which opens the connections); the best counts.
  static let runs = 5
  /// URLSession is an order of magnitude slower; fewer runs keep the suite short.
  static let slowRuns = 3

  let base: String
  let floorBinary: String

  func run(_ test: HTTPCase) {
    let urls = (0..<test.count).map { "\(base)\(test.path)?i=\($0)" }
    print(
      "\(test.name): \(test.count) GETs of \(test.bytes) bytes from nginx at \(base), "
        + "\(Self.concurrency) in flight, no cache")

    let floor = cFloor(test)
    let ours = runBlocking { await Self.ours(test, urls: urls) }
    let oursQueued = runBlocking { await Self.oursAllQueued(test, urls: urls) }
    let asyncHTTPClient = runBlocking { await Self.asyncHTTPClient(test, urls: urls) }
    let urlSession = runBlocking { await Self.urlSession(test, urls: urls) }

    func show(_ label: String, _ rate: Double?) {
      print("  \(label)\(rate.map { "\(format($0)) req/s" } ?? "failed")")
    }
    show("ours (TTURLRequestQueue, 8 tasks awaiting send): ", ours)
    show("ours (all sent at once, queue limit 8):          ", oursQueued)
    show("floor (C, libcurl multi, 8 easy handles):        ", floor)
    show("AsyncHTTPClient (8 tasks awaiting execute):      ", asyncHTTPClient)
    show("URLSession (8 tasks awaiting data(from:)):       ", urlSession)
    guard let ours else {
      print("\(test.name): no BENCH line, our queue failed")
      return
    }
    if let floor {
      report(test.name, ours: ours, anchorName: "curl-multi", anchor: floor, unit: "req/s", higherIsBetter: true)
    }
    if let asyncHTTPClient {
      report(
        "\(test.name).asynchttpclient", ours: ours, anchorName: "asynchttpclient", anchor: asyncHTTPClient,
        unit: "req/s", higherIsBetter: true)
    }
    if let urlSession {
      report(
        "\(test.name).urlsession", ours: ours, anchorName: "urlsession", anchor: urlSession, unit: "req/s",
        higherIsBetter: true)
    }
  }

  // MARK: - The clients

  /// The C program, in a process of its own; it makes its own warm-up and timed runs.
  func cFloor(_ test: HTTPCase) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: floorBinary)
    process.arguments = [
      base, test.path, "\(test.count)", "\(Self.concurrency)", "\(Self.runs)", "\(test.bytes)",
    ]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      print("  floor: cannot run \(floorBinary): \(error)")
      return nil
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("FLOOR ") }),
      let field = line.split(separator: " ").first(where: { $0.hasPrefix("rps=") }),
      let rate = Double(field.dropFirst(4)), rate > 0
    else {
      print("  floor: failed (exit status \(process.terminationStatus)): \(text)")
      return nil
    }
    return rate
  }

  /// Our queue, limited to 8 transfers, with 8 tasks each awaiting `send` in a loop.
  static func ours(_ test: HTTPCase, urls: [String]) async -> Double? {
    let queue = TTURLRequestQueue(maxConcurrentRequests: concurrency, maxConcurrentRequestsPerHost: concurrency)
    let failure = FirstFailure()
    return await bestRate("ours", test, runs: runs, failure: failure) {
      await closedLoop(count: test.count, concurrency: concurrency) { index in
        await load(urls[index], on: queue, expecting: test.bytes, failure: failure)
      }
    }
  }

  /// Our queue, limited to 8 transfers, with every request sent at once: the queue's own
  /// waiting list keeps 8 in flight.
  static func oursAllQueued(_ test: HTTPCase, urls: [String]) async -> Double? {
    let queue = TTURLRequestQueue(maxConcurrentRequests: concurrency, maxConcurrentRequestsPerHost: concurrency)
    let failure = FirstFailure()
    return await bestRate("ours, all at once", test, runs: runs, failure: failure) {
      await withTaskGroup(of: Bool.self) { group in
        for url in urls {
          group.addTask { await load(url, on: queue, expecting: test.bytes, failure: failure) }
        }
        return await group.reduce(0) { $0 + ($1 ? 0 : 1) }
      }
    }
  }

  private static func load(
    _ url: String, on queue: TTURLRequestQueue, expecting bytes: Int, failure: FirstFailure
  ) async -> Bool {
    let request = TTURLRequest(url: url)
    request.cachePolicy = [.network, .noCache]
    do {
      let body = try await request.send(processingWith: TTURLDataResponse(), on: queue)
      if body.count == bytes { return true }
      failure.record("\(url): \(body.count) bytes instead of \(bytes)")
    } catch {
      failure.record("\(url): \(error)")
    }
    return false
  }

  /// AsyncHTTPClient on the shared event loop group, 8 HTTP/1.1 connections, 8 tasks each
  /// awaiting `execute` and collecting the body.
  static func asyncHTTPClient(_ test: HTTPCase, urls: [String]) async -> Double? {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = .init(
      idleTimeout: .seconds(300), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
    configuration.httpVersion = .http1Only
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    let failure = FirstFailure()
    let rate = await bestRate("AsyncHTTPClient", test, runs: runs, failure: failure) {
      await closedLoop(count: test.count, concurrency: concurrency) { index in
        do {
          let response = try await client.execute(HTTPClientRequest(url: urls[index]), timeout: .seconds(60))
          let body = try await response.body.collect(upTo: 1 << 24)
          if response.status.code == 200, body.readableBytes == test.bytes { return true }
          failure.record("\(urls[index]): status \(response.status.code), \(body.readableBytes) bytes")
        } catch {
          failure.record("\(urls[index]): \(error)")
        }
        return false
      }
    }
    try? await client.shutdown()
    return rate
  }

  /// URLSession (FoundationNetworking, itself on libcurl) with an ephemeral configuration, no
  /// URL cache, 8 connections per host, 8 tasks each awaiting `data(from:)`.
  static func urlSession(_ test: HTTPCase, urls: [String]) async -> Double? {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = concurrency
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration)
    let parsed = urls.compactMap(URL.init(string:))
    guard parsed.count == urls.count else { return nil }
    let failure = FirstFailure()
    let rate = await bestRate("URLSession", test, runs: slowRuns, failure: failure) {
      await closedLoop(count: test.count, concurrency: concurrency) { index in
        do {
          let (data, response) = try await session.data(from: parsed[index])
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          if status == 200, data.count == test.bytes { return true }
          failure.record("\(urls[index]): status \(status), \(data.count) bytes")
        } catch {
          failure.record("\(urls[index]): \(error)")
        }
        return false
      }
    }
    session.invalidateAndCancel()
    return rate
  }

  // MARK: - Timing

  /// Requests per second of the best of `runs` runs of `oneRun` (which returns how many
  /// requests failed), after one warm-up run; `nil` when any request failed.
  static func bestRate(
    _ label: String, _ test: HTTPCase, runs: Int, failure: FirstFailure, _ oneRun: () async -> Int
  ) async -> Double? {
    let clock = ContinuousClock()
    var best = Double.infinity
    for run in 0...runs {
      let start = clock.now
      let failed = await oneRun()
      let elapsed = clock.now - start
      guard failed == 0 else {
        print("  \(label): \(failed) of \(test.count) requests failed; first: \(failure.text ?? "?")")
        return nil
      }
      if run > 0 {
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      }
    }
    return Double(test.count) / best
  }
}
