import Foundation
import Synchronization

/// The built-in routes of ``TTTestHTTPServer`` (listed in its documentation).
enum TTTestHTTPStandardRoutes {
  typealias Route = TTTestHTTPServerCore.Route

  static let all: [Route] = [
    Route(nil, "/status/*") { request, _ in
      guard let code = number(after: "/status/", in: request.path), (200...599).contains(code) else {
        return bad("use /status/{code} with a code from 200 to 599")
      }
      return .text("status \(code)", status: code)
    },
    Route(nil, "/delay/*") { request, _ in
      guard let milliseconds = number(after: "/delay/", in: request.path),
        (0...300_000).contains(milliseconds)
      else {
        return bad("use /delay/{ms} with 0 to 300000 milliseconds (five minutes)")
      }
      return TTTestHTTPResponse.text("delayed \(milliseconds)").delayed(by: .milliseconds(milliseconds))
    },
    Route(nil, "/bytes/*") { request, _ in
      guard let count = number(after: "/bytes/", in: request.path), (0...64 * 1024 * 1024).contains(count)
      else {
        return bad("use /bytes/{n} with n from 0 to 67108864 (use /large/{n} for more)")
      }
      return .data(TTTestHTTPServer.deterministicBytes(count: count))
    },
    Route(nil, "/large/*") { request, _ in
      guard let count = number(after: "/large/", in: request.path) else {
        return bad("use /large/{n} with a byte count n >= 0")
      }
      return TTTestHTTPResponse(
        headers: ["Content-Type": "application/octet-stream"], body: .generated(size: count))
    },
    Route(nil, "/echo") { request, _ in
      .data(TTTestHTTPEcho(request).jsonData(), contentType: "application/json")
    },
    Route(nil, "/etag/*") { request, core in
      let name = String(request.path.dropFirst("/etag/".count))
      let resource = core.resource(named: name)
      var response = TTTestHTTPResponse.data(resource.body, contentType: resource.contentType)
      response.headers["ETag"] = resource.etag
      if let condition = request.headers["If-None-Match"], etagList(condition, matches: resource.etag) {
        response.status = 304
        response.body = .empty
      }
      return response
    },
    Route(nil, "/last-modified/*") { request, core in
      let name = String(request.path.dropFirst("/last-modified/".count))
      let resource = core.resource(named: name)
      var response = TTTestHTTPResponse.data(resource.body, contentType: resource.contentType)
      response.headers["Last-Modified"] = TTTestHTTPDate.format(resource.lastModified)
      if let condition = request.headers["If-Modified-Since"], let since = TTTestHTTPDate.parse(condition),
        resource.lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
      {
        response.status = 304
        response.body = .empty
      }
      return response
    },
    Route(nil, "/cache/*") { request, core in
      guard let seconds = number(after: "/cache/", in: request.path) else {
        return bad("use /cache/{seconds} with seconds >= 0")
      }
      return TTTestHTTPResponse.text("cache \(seconds) request \(core.requestCount(for: request.path))")
        .adding(header: "Cache-Control", value: "max-age=\(seconds)")
    },
    Route(nil, "/no-store") { request, core in
      TTTestHTTPResponse.text("no-store request \(core.requestCount(for: request.path))")
        .adding(header: "Cache-Control", value: "no-store")
    },
    Route(nil, "/redirect/*") { request, _ in
      guard let hops = number(after: "/redirect/", in: request.path), hops <= 1000 else {
        return bad("use /redirect/{n} with n from 0 to 1000")
      }
      guard hops > 0 else { return .text("redirected") }
      var location = "/redirect/\(hops - 1)" + (request.queryString.map { "?\($0)" } ?? "")
      if request.queryValue("absolute") == "1", let host = request.host {
        location = "http://\(host)\(location)"
      }
      return .redirect(to: location, status: redirectStatus(request))
    },
    Route(nil, "/redirect-loop") { request, _ in
      .redirect(to: "/redirect-loop", status: redirectStatus(request))
    },
    Route(nil, "/redirect-to") { request, _ in
      guard let url = request.queryValue("url"), !url.isEmpty else { return bad("use /redirect-to?url=…") }
      return .redirect(to: url, status: redirectStatus(request))
    },
    Route(nil, "/gzip") { _, _ in
      TTTestHTTPResponse.text(TTTestHTTPServer.compressibleText).compressed(.gzip)
    },
    Route(nil, "/deflate") { _, _ in
      TTTestHTTPResponse.text(TTTestHTTPServer.compressibleText).compressed(.deflate)
    },
    Route(nil, "/chunked/*") { request, _ in
      guard let count = number(after: "/chunked/", in: request.path), count <= 1_000_000 else {
        return bad("use /chunked/{n} with n from 0 to 1000000")
      }
      let delay = Int(request.queryValue("delay") ?? "") ?? 0
      return TTTestHTTPResponse.text(TTTestHTTPServer.chunkedText(count: count))
        .chunked(size: 16, delay: .milliseconds(min(max(0, delay), 10_000)))
    },
    Route(nil, "/drop/*") { request, _ in
      guard let count = number(after: "/drop/", in: request.path), count <= Int.max - 1000 else {
        return bad("use /drop/{n} with a byte count n >= 0")
      }
      return TTTestHTTPResponse(
        headers: ["Content-Type": "application/octet-stream"], body: .generated(size: count + 1000)
      ).dropping(after: count)
    },
    Route(nil, "/slow/*") { request, _ in
      guard let count = number(after: "/slow/", in: request.path) else {
        return bad("use /slow/{n} with a byte count n >= 0")
      }
      let step = max(1, Int(request.queryValue("bytes") ?? "") ?? max(1, count / 10))
      let interval = min(max(0, Int(request.queryValue("ms") ?? "") ?? 50), 10_000)
      return TTTestHTTPResponse(
        headers: ["Content-Type": "application/octet-stream"], body: .generated(size: count)
      ).paced(bytes: step, every: .milliseconds(interval))
    },
    Route(nil, "/feed") { _, core in feed(named: "default", core: core) },
    Route(nil, "/feed/*") { request, core in
      feed(named: String(request.path.dropFirst("/feed/".count)), core: core)
    },
    Route(nil, "/concurrency") { request, _ in
      let milliseconds = min(max(0, Int(request.queryValue("ms") ?? "") ?? 100), 60_000)
      return TTTestHTTPResponse.text("concurrency").delayed(by: .milliseconds(milliseconds))
    },
  ]

  /// The decimal number after `prefix`, or `nil` when it is missing, signed, or too large.
  static func number(after prefix: String, in path: String) -> Int? {
    let digits = path.dropFirst(prefix.count)
    guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
      return nil
    }
    return Int(digits)
  }

  static func bad(_ message: String) -> TTTestHTTPResponse {
    .text("bad request: \(message)", status: 400)
  }

  static func redirectStatus(_ request: TTTestHTTPRequest) -> Int {
    let status = Int(request.queryValue("status") ?? "") ?? 302
    return [301, 302, 303, 307, 308].contains(status) ? status : 302
  }

  /// Whether an `If-None-Match` value matches an entity tag (weak comparison, `*` matches all).
  static func etagList(_ condition: String, matches etag: String) -> Bool {
    func opaque(_ tag: Substring) -> Substring {
      let trimmed = tag.trimmingCharacters(in: .whitespaces)
      return Substring(trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed)
    }
    let tags = condition.split(separator: ",").map(opaque)
    return tags.contains("*") || tags.contains(opaque(Substring(etag)))
  }

  static func feed(named name: String, core: TTTestHTTPServerCore) -> TTTestHTTPResponse {
    guard let feed = core.state.withLock({ $0.feeds[name] }) else {
      return .text("no feed named \(name); call setFeed(_:name:) first", status: 404)
    }
    return TTTestHTTPResponse.data(feed.body, contentType: feed.contentType)
      .chunked(size: feed.chunkSize, delay: feed.delay)
  }
}

extension TTTestHTTPServerCore {
  func resource(named name: String) -> Resource {
    state.withLock { state in
      state.resources[name]
        ?? Resource(
          body: Data("resource \(name)".utf8), etag: Self.etag(for: Data("resource \(name)".utf8)),
          lastModified: Date(timeIntervalSince1970: 1_000_000_000), contentType: "text/plain; charset=utf-8")
    }
  }

  /// A strong entity tag from the body's FNV-1a hash, for example `"5d8f3c2a1b0e4f67"`.
  static func etag(for body: Data) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }
}
