// `make soak`: hostile responses against one request queue, with healthy requests beside them.
//
// Not part of CI (it runs for minutes). One queue with its default settings sends a bounded,
// mixed load to a hostile server on 127.0.0.1 — endless bodies, compression bombs, trickling
// and dropped responses, broken heads, XML made to be slow to parse, huge feeds — while a
// second loop asks a healthy server for two bytes every 20 ms on the same queue. At the end it
// prints, per kind of hostile response, how each ended, and for the healthy requests the
// latency percentiles; and the process's peak memory. It exits non-zero when a healthy request
// failed, the healthy latency's 99th percentile passed 250 ms, or the peak memory passed 1 GiB.
//
//   make soak                      # 180 s
//   make soak SOAK_SECONDS=30      # shorter
//
// Steps:
// 1. Build every hostile body once (the bombs are compressed twice) before measuring.
// 2. Reset the kernel's peak-memory mark (`/proc/self/clear_refs`), so the figure is the load's.
// 3. Start `hostileWorkers` tasks that each send one hostile request after another, and one
//    healthy loop; stop sending when the time is up and wait for what is in flight.
// 4. Report, and check the three limits.
import Foundation
import Three20Network
import Three20TestSupport
import Three20XML

// MARK: The hostile responses

/// One kind of hostile response: the route that serves it and how a request reads it.
struct HostileKind: Sendable {
  enum Reader: Sendable {
    case data
    case xml
    case feed
  }

  var name: String
  var reader: Reader
  var response: @Sendable () -> TTTestHTTPResponse
}

/// Nested elements without the depth limit's help: `<a><a>…` `count` deep.
func deepXML(_ count: Int) -> Data {
  var data = Data("<?xml version=\"1.0\"?>".utf8)
  data.append(contentsOf: Array(repeating: Array("<a>".utf8), count: count).joined())
  return data
}

/// One element with `count` distinct attributes (libxml2 checks duplicates quadratically).
func attributeFlood(_ count: Int) -> Data {
  var text = "<?xml version=\"1.0\"?><r"
  text.reserveCapacity(count * 12)
  for index in 0..<count { text += " a\(index)=\"1\"" }
  text += "/>"
  return Data(text.utf8)
}

/// An RSS feed whose channel description is `megabytes` MB, then `items` small items.
func hugeChannelFeed(megabytes: Int, items: Int) -> Data {
  var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Soak</title><description>"
  text += String(repeating: "lorem ipsum ", count: megabytes * 1_000_000 / 12)
  text += "</description>"
  for index in 0..<items {
    text += "<item><title>Item \(index)</title><link>https://example.com/\(index)</link></item>"
  }
  text += "</channel></rss>"
  return Data(text.utf8)
}

/// A feed with `count` foreign elements outside the items.
func foreignElementFeed(_ count: Int) -> Data {
  var text = "<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:x=\"urn:x\"><channel><title>Soak</title>"
  for index in 0..<count { text += "<x:meta n=\"\(index)\">value \(index)</x:meta>" }
  text += "<item><title>Only</title></item></channel></rss>"
  return Data(text.utf8)
}

func makeKinds() throws -> [HostileKind] {
  // 1 GiB of zeros gzipped twice is about 1 KB on the wire.
  let bomb = try TTTestCompression.compress(
    TTTestCompression.compress(.generated(size: 1 << 30, pattern: Data([0])), as: .gzip), as: .gzip)
  let deep = deepXML(1_000_000)
  let flood = attributeFlood(150_000)
  let bigFeed = hugeChannelFeed(megabytes: 20, items: 100)
  let foreign = foreignElementFeed(200_000)
  let headerFlood =
    "HTTP/1.1 200 OK\r\n"
    + (0..<100_000).map { "X-Flood-\($0): 1\r\n" }.joined() + "Content-Length: 2\r\n\r\n"
  return [
    HostileKind(name: "endless chunked body", reader: .data) {
      TTTestHTTPResponse(body: .generated(size: Int.max / 2)).chunked(size: 65_536)
    },
    HostileKind(name: "gzip inside gzip, 1 GiB decoded", reader: .data) {
      .data(bomb).adding(header: "Content-Encoding", value: "gzip, gzip")
    },
    HostileKind(name: "one byte every 0.5 s", reader: .data) {
      .text(String(repeating: "x", count: 40)).paced(bytes: 1, every: .milliseconds(500))
    },
    HostileKind(name: "dropped after 1 KB", reader: .data) {
      .data(TTTestHTTPServer.deterministicBytes(count: 1 << 20)).dropping(after: 1_024)
    },
    HostileKind(name: "garbage status line", reader: .data) {
      .text("").sendingRawHead("\u{1B}]0;pwned\u{07} NOT HTTP\r\n\r\n")
    },
    HostileKind(name: "100k header fields", reader: .data) {
      .text("ok").sendingRawHead(headerFlood)
    },
    HostileKind(name: "two Content-Length values", reader: .data) {
      .text("ok").sendingRawHead("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n")
    },
    HostileKind(name: "XML nested 10^6 deep", reader: .xml) {
      .data(deep, contentType: "application/xml")
    },
    HostileKind(name: "150k attributes on one element", reader: .xml) {
      .data(flood, contentType: "application/xml")
    },
    HostileKind(name: "feed with a 20 MB channel description", reader: .feed) {
      .data(bigFeed, contentType: "application/rss+xml")
    },
    HostileKind(name: "feed with 200k foreign elements", reader: .feed) {
      .data(foreign, contentType: "application/rss+xml")
    },
  ]
}

// MARK: Measuring

/// What happened to the requests of one kind.
struct Tally: Sendable {
  var outcomes: [String: Int] = [:]
  var seconds: [Double] = []
}

actor Recorder {
  private(set) var hostile: [String: Tally] = [:]
  private(set) var healthy: [Double] = []
  private(set) var healthyFailures: [String] = []

  func record(kind: String, outcome: String, seconds: Double) {
    hostile[kind, default: Tally()].outcomes[outcome, default: 0] += 1
    hostile[kind, default: Tally()].seconds.append(seconds)
  }

  func recordHealthy(seconds: Double) { healthy.append(seconds) }

  func recordHealthyFailure(_ message: String) {
    if healthyFailures.count < 20 { healthyFailures.append(message) }
  }
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

// MARK: The run

let seconds = Double(ProcessInfo.processInfo.environment["SOAK_SECONDS"] ?? "") ?? 180
let hostileWorkers = 12
let kinds = try makeKinds()

let hostileServer = try TTTestHTTPServer.started(standardRoutes: false) { server in
  for (index, kind) in kinds.enumerated() {
    server.route("GET", "/hostile/\(index)") { _ in kind.response() }
  }
}
let healthyServer = try TTTestHTTPServer.started(standardRoutes: false) { server in
  server.route("GET", "/ok") { _ in .text("ok") }
}

// The queue a user gets: default limits; no cache, so every request reaches the servers.
let queue = TTURLRequestQueue()
let recorder = Recorder()
let clock = ContinuousClock()
let deadline = clock.now + .seconds(seconds)

print("soak: \(Int(seconds)) s, \(hostileWorkers) hostile workers, \(kinds.count) kinds of hostile response")
print(
  "soak: queue defaults: maxContentLength \(queue.maxContentLength) bytes, total timeout "
    + "\(Int(queue.defaultTotalTimeout)) s, \(queue.maxConcurrentRequests) transfers "
    + "(\(queue.maxConcurrentRequestsPerHost) a host)")
TTTestProcessMemory.resetPeak()
let startKiB = TTTestProcessMemory.current / 1024

func outcome(of body: () async throws(TTNetworkError) -> Void) async -> String {
  do {
    try await body()
    return "succeeded"
  } catch {
    return "\(error.code)"
  }
}

await withTaskGroup(of: Void.self) { group in
  for worker in 0..<hostileWorkers {
    group.addTask {
      var index = worker
      while clock.now < deadline {
        let kind = kinds[index % kinds.count]
        let request = TTURLRequest(url: hostileServer.url("/hostile/\(index % kinds.count)"))
        let started = clock.now
        let result = await outcome { () async throws(TTNetworkError) in
          switch kind.reader {
          case .data: _ = try await request.send(on: queue)
          case .xml: _ = try await request.send(processingWith: TTURLXMLResponse(), on: queue)
          case .feed: _ = try await request.send(processingWith: TTURLFeedResponse(), on: queue)
          }
        }
        let elapsed = clock.now - started
        await recorder.record(
          kind: kind.name, outcome: result,
          seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        index += hostileWorkers + 1
      }
    }
  }
  group.addTask {
    while clock.now < deadline {
      let request = TTURLRequest(url: healthyServer.url("/ok"))
      let started = clock.now
      do {
        let result = try await request.send(on: queue)
        let elapsed = clock.now - started
        if result.data != Data("ok".utf8) { await recorder.recordHealthyFailure("wrong body") }
        await recorder.recordHealthy(
          seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      } catch {
        await recorder.recordHealthyFailure("\(error)")
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }
}

let peakKiB = TTTestProcessMemory.peak / 1024
let endKiB = TTTestProcessMemory.current / 1024
hostileServer.stop()
healthyServer.stop()

// MARK: The report

print("\nHostile responses (how each request ended, and its time):")
for kind in kinds {
  guard let tally = await recorder.hostile[kind.name] else { continue }
  let sorted = tally.seconds.sorted()
  let outcomes = tally.outcomes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
  print(
    "  \(kind.name): \(sorted.count) requests, median \(milliseconds(percentile(sorted, 0.5))), "
      + "max \(milliseconds(sorted.last ?? 0)); \(outcomes.joined(separator: ", "))")
}
let healthy = await recorder.healthy.sorted()
let failures = await recorder.healthyFailures
let p99 = percentile(healthy, 0.99)
print("\nHealthy requests beside them: \(healthy.count) succeeded, \(failures.count) failed")
print(
  "  latency p50 \(milliseconds(percentile(healthy, 0.5))), p95 \(milliseconds(percentile(healthy, 0.95))), "
    + "p99 \(milliseconds(p99)), max \(milliseconds(healthy.last ?? 0))")
print(
  "\nMemory: peak \(peakKiB / 1024) MiB during the load (resident at the start \(startKiB / 1024) MiB, "
    + "at the end \(endKiB / 1024) MiB)")
print(
  "SOAK peak_rss_mib=\(peakKiB / 1024) healthy_p50_ms=\(String(format: "%.1f", percentile(healthy, 0.5) * 1000)) "
    + "healthy_p99_ms=\(String(format: "%.1f", p99 * 1000)) healthy_failed=\(failures.count)")

var problems: [String] = failures.map { "a healthy request failed: \($0)" }
if p99 > 0.25 { problems.append("the healthy requests' p99 latency \(milliseconds(p99)) is over 250 ms") }
if peakKiB > 1 << 20 { problems.append("peak memory \(peakKiB / 1024) MiB is over 1 GiB") }
if healthy.isEmpty { problems.append("no healthy request finished") }
for problem in problems { print("soak: FAILED: \(problem)") }
exit(problems.isEmpty ? 0 : 1)
