import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The Catalog's own HTTP server on 127.0.0.1, so the Network and XMLExt demos work offline.
///
/// Plain sockets, one thread per connection, HTTP/1.1 with `Connection: close`. Paths:
///
/// | Path | Answer |
/// | --- | --- |
/// | `/hello` | `200`, a line of text |
/// | `/download?size=N&chunk=N&delay=MS` | `200`, N bytes in chunks, a pause between them |
/// | `/fresh` | `200` with `Cache-Control: max-age=60` |
/// | `/etag` | `200` with `ETag: "v1"` and `Cache-Control: no-cache`; `304` when `If-None-Match` matches |
/// | `/status/N` | status N with a short body |
/// | `/slow?delay=MS` | `200` after a pause |
/// | `/drop` | the connection closed without an answer |
/// | `/feed.xml` | the sample RSS feed, its item links pointing at this server's `/news/…` stories |
/// | `/web/…`, `/news/…` | the Web demos' pages (``CatalogWebPages``); `/web/moved` redirects, `/web/endless` never ends |
/// | `/images/NAME?delay=MS` | the photo demos' pictures (`CatalogPhotos`), after a pause; 404 for other names |
///
/// Every request is written to ``log``, so demos can show what the server saw.
public final class CatalogServer: Sendable {
  /// The server every demo shares, started on first use; `nil` if no port could be opened.
  public static let shared: CatalogServer? = CatalogServer()

  /// The port it listens on.
  public let port: UInt16
  private let socket: Int32
  private let requests = Mutex<[String]>([])

  /// `http://127.0.0.1:<port>`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Every request seen, oldest first, as `GET /path`, the conditional headers and the status.
  public var log: [String] { requests.withLock { $0 } }

  /// Starts a server on a free port of 127.0.0.1; `nil` when the socket cannot be opened.
  public init?() {
    let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0, listen(descriptor, 64) == 0 else {
      close(descriptor)
      return nil
    }
    socket = descriptor
    port = UInt16(bigEndian: address.sin_port)
    Thread { [self] in acceptLoop() }.start()
  }

  private func acceptLoop() {
    while true {
      let connection = accept(socket, nil, nil)
      if connection < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      Thread { [self] in serve(connection) }.start()
    }
  }

  /// Reads one request (line and headers) and answers it.
  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var head = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while head.count < 64 * 1024 {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return }
      head += buffer[0..<count]
      if String(decoding: head, as: UTF8.self).contains("\r\n\r\n") { break }
    }
    let text = String(decoding: head, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    let target = String(parts[1])
    let path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
    let query = Self.query(of: target)
    var entry = "\(parts[0]) \(target)"
    if let tag = headers["if-none-match"] { entry += "  If-None-Match: \(tag)" }
    let status = answer(connection, path: path, query: query, headers: headers)
    entry += status > 0 ? " → \(status)" : " → (dropped)"
    requests.withLock { $0.append(entry) }
  }

  /// Answers a request; returns the status sent, or 0 when the connection is dropped.
  private func answer(
    _ connection: Int32, path: String, query: [String: String], headers: [String: String]
  ) -> Int {
    func number(_ name: String, _ fallback: Int, _ range: ClosedRange<Int>) -> Int {
      min(range.upperBound, max(range.lowerBound, query[name].flatMap { Int($0) } ?? fallback))
    }
    switch path {
    case "/hello":
      return respond(connection, body: Data("Hello from the Catalog's own server.\n".utf8))
    case "/download":
      let size = number("size", 100_000, 0...50_000_000)
      let chunk = number("chunk", 8192, 1...1_000_000)
      let delay = number("delay", 20, 0...5000)
      send(connection, head(200, ["Content-Type": "application/octet-stream", "Content-Length": "\(size)"]))
      var sent = 0
      while sent < size {
        let count = min(chunk, size - sent)
        guard send(connection, Data(repeating: UInt8(ascii: "x"), count: count)) else { break }
        sent += count
        if delay > 0, sent < size { usleep(useconds_t(delay * 1000)) }
      }
      return 200
    case "/fresh":
      return respond(
        connection, headers: ["Cache-Control": "max-age=60"], body: Data("Fresh for a minute.\n".utf8))
    case "/etag" where headers["if-none-match"] == "\"v1\"":
      send(connection, head(304, ["ETag": "\"v1\"", "Cache-Control": "no-cache", "Content-Length": "0"]))
      return 304
    case "/etag":
      return respond(
        connection, headers: ["ETag": "\"v1\"", "Cache-Control": "no-cache"],
        body: Data("Version 1 of a document with an ETag.\n".utf8))
    case "/slow":
      usleep(useconds_t(number("delay", 2000, 0...30_000) * 1000))
      return respond(connection, body: Data("Sorry for the wait.\n".utf8))
    case "/drop":
      return 0
    case "/feed.xml":
      // The items link to the stories this server holds, so the reader opens them offline.
      let feed = CatalogSampleFeed.xml.replacingOccurrences(
        of: "<link>https://example.org/three20/", with: "<link>\(baseURL)/news/")
      return respond(connection, headers: ["Content-Type": "application/rss+xml"], body: Data(feed.utf8))
    case "/web/moved":
      send(connection, head(302, ["Location": "/web/article.html", "Content-Length": "0"]))
      return 302
    case "/web/endless":
      // A page that never finishes: a paragraph every half second until the client goes away
      // (or, so that a forgotten client cannot hold a thread for ever, for twenty minutes).
      send(connection, head(200, ["Content-Type": "text/html; charset=utf-8"]))
      var paragraph = 0
      while paragraph < 2400,
        send(connection, Data("<p>Paragraph \(paragraph) of a page that never ends.</p>\n".utf8))
      {
        paragraph += 1
        usleep(500_000)
      }
      return 200
    default:
      if path.hasPrefix("/images/"), let image = CatalogPhotos.file(named: String(path.dropFirst(8))) {
        usleep(useconds_t(number("delay", 0, 0...5000) * 1000))
        return respond(
          connection, headers: ["Content-Type": image.contentType, "Cache-Control": "max-age=3600"],
          body: image.data)
      }
      if let page = CatalogWebPages.page(at: path) {
        return respond(connection, headers: ["Content-Type": page.contentType], body: page.data)
      }
      if path.hasPrefix("/status/"), let status = Int(path.dropFirst(8)), (200...599).contains(status) {
        return respond(
          connection, status: status, body: Data("The server answered \(status), as asked.\n".utf8))
      }
      return respond(connection, status: 404, body: Data("No such path: \(path)\n".utf8))
    }
  }

  /// Sends a whole response; returns its status.
  private func respond(
    _ connection: Int32, status: Int = 200, headers: [String: String] = [:], body: Data
  ) -> Int {
    var all = headers
    all["Content-Length"] = "\(body.count)"
    if all["Content-Type"] == nil { all["Content-Type"] = "text/plain; charset=utf-8" }
    send(connection, head(status, all) + body)
    return status
  }

  private func head(_ status: Int, _ headers: [String: String]) -> Data {
    let reasons = [200: "OK", 304: "Not Modified", 404: "Not Found", 500: "Internal Server Error"]
    var text = "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\nConnection: close\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return Data((text + "\r\n").utf8)
  }

  @discardableResult
  private func send(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.send(
          connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  private static func query(of target: String) -> [String: String] {
    guard let mark = target.firstIndex(of: "?") else { return [:] }
    var result: [String: String] = [:]
    for pair in target[target.index(after: mark)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
    }
    return result
  }
}
