import Foundation
import Glibc
import Three20TestSupport

/// A response as a tiny raw-socket client read it off the wire.
struct RawHTTPResponse {
  var status: Int
  var reason: String
  var headers: TTTestHTTPHeaders
  var body: Data
  /// The sizes of the chunks, for chunked responses.
  var chunkSizes: [Int] = []
  /// Interim (1xx) statuses received before this response.
  var interim: [Int] = []

  var text: String { String(decoding: body, as: UTF8.self) }
}

struct RawHTTPError: Error, CustomStringConvertible {
  let description: String
}

/// A deliberately small HTTP/1.1 client on a plain TCP socket.
///
/// The server is tested with real bytes (not FoundationNetworking). Every read times out after
/// `timeout` seconds.
final class RawHTTPClient {
  let fd: Int32
  private var buffer: [UInt8] = []

  init(port: Int, timeout: Int = 10) throws {
    // `fd` is set only once the socket is connected: a class whose stored properties are all
    // set runs its deinit when its init throws, which would close the descriptor a second
    // time, and by then its number may belong to another test's socket.
    fd = try Self.connectedSocket(port: port, timeout: timeout)
  }

  /// A TCP socket connected to 127.0.0.1:`port`, with send and receive timeouts.
  private static func connectedSocket(port: Int, timeout: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RawHTTPError(description: "socket failed") }
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let message = String(cString: strerror(errno))
      close(fd)
      throw RawHTTPError(description: "connect to port \(port) failed: \(message)")
    }
    return fd
  }

  deinit {
    close(fd)
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else {
        throw RawHTTPError(description: "send failed: \(String(cString: strerror(errno)))")
      }
      offset += count
    }
  }

  /// Reads more bytes.
  ///
  /// Returns false at end of stream (or reset); throws on timeout or error.
  @discardableResult
  private func fill() throws -> Bool {
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      buffer.append(contentsOf: scratch[0..<count])
      return true
    }
    if count == 0 || errno == ECONNRESET { return false }  // a reset is a close, too
    throw RawHTTPError(description: "recv failed: \(String(cString: strerror(errno)))")
  }

  private func line() throws -> String {
    while true {
      if let newline = buffer.firstIndex(of: 10) {
        var end = newline
        if end > 0 && buffer[end - 1] == 13 { end -= 1 }
        let text = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeSubrange(0...newline)
        return text
      }
      guard try fill() else { throw RawHTTPError(description: "connection closed in the middle of a line") }
    }
  }

  private func take(_ count: Int) throws -> [UInt8] {
    while buffer.count < count {
      guard try fill() else {
        throw RawHTTPError(description: "connection closed after \(buffer.count) of \(count) body bytes")
      }
    }
    defer { buffer.removeSubrange(0..<count) }
    return Array(buffer[0..<count])
  }

  /// Reads one response; for a HEAD request pass `head: true` (no body is read).
  func readResponse(head: Bool = false) throws -> RawHTTPResponse {
    var interim: [Int] = []
    while true {
      let statusLine = try line()
      let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
        throw RawHTTPError(description: "bad status line \(statusLine.debugDescription)")
      }
      var headers = TTTestHTTPHeaders()
      while true {
        let field = try line()
        if field.isEmpty { break }
        guard let colon = field.firstIndex(of: ":") else {
          throw RawHTTPError(description: "bad header \(field)")
        }
        headers.add(
          name: String(field[..<colon]),
          value: field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces))
      }
      if (100..<200).contains(status) {
        interim.append(status)
        continue
      }
      var response = RawHTTPResponse(
        status: status, reason: parts.count > 2 ? String(parts[2]) : "", headers: headers, body: Data(),
        interim: interim)
      if head || status == 204 || status == 304 { return response }
      if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
        while true {
          guard let size = Int(try line(), radix: 16) else {
            throw RawHTTPError(description: "bad chunk size")
          }
          if size == 0 {
            while try !line().isEmpty {}
            return response
          }
          response.chunkSizes.append(size)
          response.body.append(contentsOf: try take(size))
          guard try line().isEmpty else { throw RawHTTPError(description: "chunk not followed by CRLF") }
        }
      } else if let lengthText = headers["Content-Length"], let length = Int(lengthText) {
        response.body = Data(try take(length))
      } else {
        response.body = Data(try readToEnd())
      }
      return response
    }
  }

  /// Reads everything until the server closes the connection.
  func readToEnd() throws -> [UInt8] {
    while try fill() {}
    defer { buffer = [] }
    return buffer
  }

  /// Whether the server has closed the connection (reads end of stream with no more bytes).
  func isClosedByServer() -> Bool {
    (try? fill()) == false && buffer.isEmpty
  }

  /// Sends one request on a new connection with `Connection: close` and reads the response.
  static func fetch(
    _ server: TTTestHTTPServer, _ target: String, method: String = "GET", headers: [String] = [],
    body: [UInt8] = []
  ) throws -> RawHTTPResponse {
    let client = try RawHTTPClient(port: server.port)
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
    for header in headers { head += header + "\r\n" }
    if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
    try client.send(Array((head + "\r\n").utf8) + body)
    return try client.readResponse(head: method == "HEAD")
  }
}
