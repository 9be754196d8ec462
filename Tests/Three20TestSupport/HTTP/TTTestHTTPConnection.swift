import Foundation
import Glibc

/// One client connection: reads requests, asks the core for responses, writes them.
///
/// Lives on its own thread and is never shared, so it needs no locking.
final class TTTestHTTPConnection {
  private enum Failure: Error {
    /// The peer closed, the socket failed, or the server is stopping: close without a word.
    case closed
    /// A bad request: answer with this status and close.
    case rejected(status: Int, message: String)
  }

  private static let maxHeadBytes = 64 * 1024
  private static let maxHeaderFields = 256

  private let core: TTTestHTTPServerCore
  private let id: Int
  private let fd: Int32
  private let wake: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  private var requestIndex = 0

  init(core: TTTestHTTPServerCore, id: Int, fd: Int32, wake: Int32) {
    self.core = core
    self.id = id
    self.fd = fd
    self.wake = wake
  }

  func run() {
    while true {
      if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      let request: TTTestHTTPRequest
      let clientWantsClose: Bool
      do {
        (request, clientWantsClose) = try readRequest()
      } catch Failure.rejected(let status, let message) {
        reject(status: status, message: message)
        return
      } catch {
        return
      }
      requestIndex += 1
      core.begin(request)
      let response = core.handle(request)
      // The request stops counting as in flight just before the response's last write: once
      // that write starts the client may finish and send its next request, which must not
      // find this one still counted (the queue's concurrency limits are checked against it).
      var ended = false
      let end = {
        if !ended {
          ended = true
          self.core.end(request)
        }
      }
      let keepOpen = transmit(
        response, for: request, clientWantsClose: clientWantsClose, beforeLastWrite: end)
      end()
      if !keepOpen {
        lingeringClose()
        return
      }
    }
  }

  // MARK: Reading

  /// Reads more bytes into the buffer; throws `.closed` at end of stream or when stopping.
  private func fill() throws {
    while true {
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        throw Failure.closed
      }
      if fds[1].revents != 0 { throw Failure.closed }
      let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: scratch[0..<count])
        return
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      throw Failure.closed
    }
  }

  private func readRequest() throws -> (TTTestHTTPRequest, Bool) {
    // The head: lines up to an empty line. Leading empty lines are ignored (RFC 9112 §2.2).
    var lines: [Range<Int>] = []
    var cursor = start
    var headStart = start
    var leadingEmptyLines = 0
    headLoop: while true {
      while cursor < buffer.count, let newline = buffer[cursor...].firstIndex(of: 10) {
        var end = newline
        if end > cursor && buffer[end - 1] == 13 { end -= 1 }
        let line = cursor..<end
        cursor = newline + 1
        if line.isEmpty {
          if lines.isEmpty {
            leadingEmptyLines += 1
            guard leadingEmptyLines <= 16 else {
              throw Failure.rejected(status: 400, message: "too many empty lines")
            }
            headStart = cursor
            continue
          }
          break headLoop
        }
        lines.append(line)
        guard lines.count <= Self.maxHeaderFields + 1 else {
          throw Failure.rejected(status: 431, message: "more than \(Self.maxHeaderFields) header fields")
        }
      }
      guard buffer.count - headStart <= Self.maxHeadBytes else {
        throw Failure.rejected(status: 431, message: "request head larger than \(Self.maxHeadBytes) bytes")
      }
      try fill()
    }
    guard cursor - headStart <= Self.maxHeadBytes else {
      throw Failure.rejected(status: 431, message: "request head larger than \(Self.maxHeadBytes) bytes")
    }
    start = cursor
    guard let requestLine = lines.first else {
      throw Failure.rejected(status: 400, message: "no request line")
    }
    let (method, target, version) = try parseRequestLine(Array(buffer[requestLine]))
    var headers = TTTestHTTPHeaders()
    for line in lines.dropFirst() {
      let (name, value) = try parseHeaderLine(Array(buffer[line]))
      headers.add(name: name, value: value)
    }
    if version == "HTTP/1.1" && headers.values(for: "Host").count != 1 {
      throw Failure.rejected(status: 400, message: "an HTTP/1.1 request needs exactly one Host header")
    }

    // The body framing.
    let transferEncodings = headers.values(for: "Transfer-Encoding")
    let contentLengths = headers.values(for: "Content-Length")
    var chunked = false
    var length = 0
    if !transferEncodings.isEmpty {
      guard contentLengths.isEmpty else {
        throw Failure.rejected(status: 400, message: "both Transfer-Encoding and Content-Length")
      }
      guard version == "HTTP/1.1" else {
        throw Failure.rejected(status: 400, message: "Transfer-Encoding in an HTTP/1.0 request")
      }
      let codings = Self.tokens(transferEncodings)
      guard codings.last == "chunked" else {
        throw Failure.rejected(status: 400, message: "Transfer-Encoding does not end with chunked")
      }
      guard codings == ["chunked"] else {
        throw Failure.rejected(status: 501, message: "unsupported transfer coding in \(codings)")
      }
      chunked = true
    } else if !contentLengths.isEmpty {
      let values = contentLengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let first = values.first, values.allSatisfy({ $0 == first }), !first.isEmpty,
        first.utf8.count <= 18,
        first.utf8.allSatisfy({ (48...57).contains($0) }), let parsed = Int(first)
      else {
        throw Failure.rejected(status: 400, message: "invalid Content-Length \(contentLengths)")
      }
      guard parsed <= core.maxBodySize else {
        throw Failure.rejected(status: 413, message: "a body of \(parsed) bytes is over \(core.maxBodySize)")
      }
      length = parsed
    }

    if let expectation = headers["Expect"] {
      guard expectation.lowercased() == "100-continue" else {
        throw Failure.rejected(status: 417, message: "unsupported expectation \(expectation)")
      }
      if version == "HTTP/1.1" && (chunked || length > 0) {
        try write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
      }
    }

    let body = chunked ? try readChunkedBody() : Array(try readBody(length: length))
    let connectionTokens = Self.tokens(headers.values(for: "Connection"))
    let wantsClose =
      connectionTokens.contains("close")
      || (version == "HTTP/1.0" && !connectionTokens.contains("keep-alive"))
    let request = TTTestHTTPRequest(
      method: method, target: target, version: version, headers: headers, body: Data(body),
      bodyWasChunked: chunked,
      connectionID: id, indexOnConnection: requestIndex)
    return (request, wantsClose)
  }

  private func parseRequestLine(_ bytes: [UInt8]) throws -> (String, String, String) {
    let parts = bytes.split(separator: 32, omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
      throw Failure.rejected(status: 400, message: "the request line is not METHOD TARGET VERSION")
    }
    guard parts[0].allSatisfy(Self.isTokenByte) else {
      throw Failure.rejected(status: 400, message: "invalid method")
    }
    guard parts[1].allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw Failure.rejected(status: 400, message: "invalid characters in the request target")
    }
    let target = String(decoding: parts[1], as: UTF8.self)
    guard
      target.hasPrefix("/") || target == "*" || target.lowercased().hasPrefix("http://")
        || target.lowercased().hasPrefix("https://")
    else {
      throw Failure.rejected(
        status: 400, message: "the request target \(target) is not a path or absolute URL")
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    let versionBytes = Array(parts[2])
    guard versionBytes.count == 8, version.hasPrefix("HTTP/"), versionBytes[6] == 46,
      (48...57).contains(versionBytes[5]), (48...57).contains(versionBytes[7])
    else {
      throw Failure.rejected(status: 400, message: "invalid protocol version")
    }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw Failure.rejected(status: 505, message: "\(version) is not supported")
    }
    return (String(decoding: parts[0], as: UTF8.self), target, version)
  }

  private func parseHeaderLine(_ bytes: [UInt8]) throws -> (String, String) {
    guard let first = bytes.first, first != 32, first != 9 else {
      throw Failure.rejected(status: 400, message: "obsolete line folding in the header")
    }
    guard let colon = bytes.firstIndex(of: 58), colon > 0, bytes[..<colon].allSatisfy(Self.isTokenByte) else {
      throw Failure.rejected(status: 400, message: "invalid header line")
    }
    var value = bytes[(colon + 1)...]
    while let byte = value.first, byte == 32 || byte == 9 { value = value.dropFirst() }
    while let byte = value.last, byte == 32 || byte == 9 { value = value.dropLast() }
    guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
      throw Failure.rejected(status: 400, message: "control characters in a header value")
    }
    return (String(decoding: bytes[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
  }

  private func readBody(length: Int) throws -> ArraySlice<UInt8> {
    while buffer.count - start < length { try fill() }
    defer { start += length }
    return buffer[start..<(start + length)]
  }

  /// One line (without its CRLF or LF) of at most `limit` bytes.
  private func readLine(limit: Int) throws -> ArraySlice<UInt8> {
    var cursor = start
    while true {
      if let newline = buffer[cursor...].firstIndex(of: 10) {
        var end = newline
        if end > start && buffer[end - 1] == 13 { end -= 1 }
        defer { start = newline + 1 }
        return buffer[start..<end]
      }
      cursor = buffer.count
      guard buffer.count - start <= limit else {
        throw Failure.rejected(status: 400, message: "a chunk line longer than \(limit) bytes")
      }
      try fill()
    }
  }

  private func readChunkedBody() throws -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let line = try readLine(limit: 4096)
      var sizeBytes = line.prefix { $0 != 59 }  // up to ';' (chunk extensions are ignored)
      while let byte = sizeBytes.last, byte == 32 || byte == 9 { sizeBytes = sizeBytes.dropLast() }
      guard !sizeBytes.isEmpty, sizeBytes.count <= 15, sizeBytes.allSatisfy(Self.isHexDigit),
        let size = Int(String(decoding: sizeBytes, as: UTF8.self), radix: 16)
      else {
        throw Failure.rejected(status: 400, message: "invalid chunk size line")
      }
      if size == 0 {
        var trailers = 0
        while try !readLine(limit: 8192).isEmpty {
          trailers += 1
          guard trailers <= Self.maxHeaderFields else {
            throw Failure.rejected(status: 431, message: "too many trailer fields")
          }
        }
        return body
      }
      guard body.count + size <= core.maxBodySize else {
        throw Failure.rejected(status: 413, message: "a chunked body over \(core.maxBodySize) bytes")
      }
      body.append(contentsOf: try readBody(length: size))
      while buffer.count - start < 1 { try fill() }
      if buffer[start] == 13 {
        while buffer.count - start < 2 { try fill() }
        guard buffer[start + 1] == 10 else {
          throw Failure.rejected(status: 400, message: "chunk not ended by CRLF")
        }
        start += 2
      } else if buffer[start] == 10 {
        start += 1
      } else {
        throw Failure.rejected(status: 400, message: "chunk data longer than its size")
      }
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  /// Comma-separated tokens from header values, trimmed and lowercased.
  static func tokens(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      .filter {
        !$0.isEmpty
      }
  }

  // MARK: Writing

  /// Writes all bytes; throws `.closed` when the peer is gone.
  private func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws {
    let sent =
      bytes.withContiguousStorageIfAvailable { writeAll($0) }
      ?? Array(bytes).withUnsafeBufferPointer { writeAll($0) }
    guard sent else { throw Failure.closed }
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return false
      }
      offset += count
    }
    return true
  }

  private func reject(status: Int, message: String) {
    let body = Array("\(TTTestHTTPResponse.standardReason(for: status).lowercased()): \(message)\n".utf8)
    let head =
      "HTTP/1.1 \(status) \(TTTestHTTPResponse.standardReason(for: status))\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\nDate: \(TTTestHTTPDate.format(Date()))\r\n\r\n"
    try? write(Array(head.utf8) + body)
    lingeringClose()
  }

  /// Half-closes, then drains what the client still sends for a short while, so the kernel does
  /// not reset the connection (which can destroy the response) before the client has read it.
  private func lingeringClose() {
    shutdown(fd, Int32(SHUT_WR))
    let deadline = ContinuousClock.now + .milliseconds(250)
    while ContinuousClock.now < deadline {
      let left = TTTestHTTPServerCore.milliseconds(deadline - ContinuousClock.now)
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&fds, 2, Int32(max(1, left))) > 0, fds[1].revents == 0 else { return }
      let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return }
    }
  }

  /// Sends a response; returns whether the connection stays open for another request.
  private func transmit(
    _ response: TTTestHTTPResponse, for request: TTTestHTTPRequest, clientWantsClose: Bool,
    beforeLastWrite: () -> Void
  ) -> Bool {
    if response.delay > .zero && !TTTestHTTPServerCore.pause(response.delay, wake: wake) { return false }
    if let rawHead = response.rawHead {
      transmitRaw(head: rawHead, response: response, beforeLastWrite: beforeLastWrite)
      return false
    }
    let status = min(max(response.status, 100), 999)
    let bodyless = (100..<200).contains(status) || status == 204 || status == 304
    var reader = TTTestHTTPBodyReader(body: response.body)
    var applied: TTTestCompression.Format?
    if let format = response.compression, !bodyless,
      Self.accepts(format, in: request.headers.values(for: "Accept-Encoding")),
      let compressed = try? TTTestCompression.compress(&reader, as: format)
    {
      reader = TTTestHTTPBodyReader(body: .bytes(compressed))
      applied = format
    }
    reader = applied == nil ? TTTestHTTPBodyReader(body: response.body) : reader
    var framing = response.framing
    if request.version == "HTTP/1.0", case .chunked = framing { framing = .closeDelimited }
    let closes =
      clientWantsClose || response.closesConnection || response.dropAfter != nil
      || (framing == .closeDelimited && !bodyless)

    var headers = response.headers
    headers.remove(name: "Content-Length")
    headers.remove(name: "Transfer-Encoding")
    if !headers.contains("Date") { headers.add(name: "Date", value: TTTestHTTPDate.format(Date())) }
    if !headers.contains("Server") { headers.add(name: "Server", value: "TTTestHTTPServer") }
    if let applied { headers["Content-Encoding"] = applied.token }
    if response.compression != nil && !headers.contains("Vary") {
      headers.add(name: "Vary", value: "Accept-Encoding")
    }
    if !bodyless {
      switch framing {
      case .contentLength: headers.add(name: "Content-Length", value: String(reader.count))
      case .chunked: headers.add(name: "Transfer-Encoding", value: "chunked")
      case .closeDelimited: break
      }
    }
    if closes {
      headers["Connection"] = "close"
    } else if request.version == "HTTP/1.0" {
      headers["Connection"] = "keep-alive"
    }
    var head = "HTTP/1.1 \(status) \(response.reason ?? TTTestHTTPResponse.standardReason(for: status))\r\n"
    for field in headers { head += "\(field.name): \(field.value)\r\n" }
    head += "\r\n"
    do {
      var isChunked = false
      if case .chunked = framing { isChunked = true }
      let headIsLast = request.method == "HEAD" || bodyless || (reader.remaining == 0 && !isChunked)
      if headIsLast { beforeLastWrite() }
      try write(Array(head.utf8))
      if request.method == "HEAD" || bodyless { return !closes }
      try sendBody(&reader, framing: framing, response: response, beforeLastWrite: beforeLastWrite)
    } catch {
      return false
    }
    return !closes
  }

  /// Sends a head exactly as given and the body unframed; the caller then closes.
  private func transmitRaw(head: Data, response: TTTestHTTPResponse, beforeLastWrite: () -> Void) {
    var reader = TTTestHTTPBodyReader(body: response.body)
    do {
      if reader.remaining == 0 { beforeLastWrite() }
      try write(head)
      try sendBody(&reader, framing: .closeDelimited, response: response, beforeLastWrite: beforeLastWrite)
    } catch {
      return
    }
  }

  private func sendBody(
    _ reader: inout TTTestHTTPBodyReader, framing: TTTestHTTPResponse.Framing, response: TTTestHTTPResponse,
    beforeLastWrite: () -> Void
  ) throws {
    var chunkSize = Int.max
    var chunkDelay = Duration.zero
    var chunked = false
    if case .chunked(let size, let delay) = framing {
      chunked = true
      chunkSize = max(1, size)
      chunkDelay = delay
    }
    let sliceSize = response.slowBody?.bytes ?? 64 * 1024
    var sent = 0
    while reader.remaining > 0 {
      let thisChunk = min(chunkSize, reader.remaining)
      if chunked { try write(Array("\(String(thisChunk, radix: 16))\r\n".utf8)) }
      var leftInChunk = thisChunk
      while leftInChunk > 0, let piece = reader.next(maximum: min(leftInChunk, sliceSize)) {
        leftInChunk -= piece.count
        if let limit = response.dropAfter, sent + piece.count > limit {
          try write(piece.prefix(max(0, limit - sent)))
          throw Failure.closed
        }
        if !chunked && reader.remaining == 0 { beforeLastWrite() }
        try write(piece)
        sent += piece.count
        if let pace = response.slowBody, reader.remaining > 0,
          !TTTestHTTPServerCore.pause(pace.interval, wake: wake)
        {
          throw Failure.closed
        }
      }
      if chunked {
        try write(Array("\r\n".utf8))
        if chunkDelay > .zero, reader.remaining > 0, !TTTestHTTPServerCore.pause(chunkDelay, wake: wake) {
          throw Failure.closed
        }
      }
    }
    if chunked {
      beforeLastWrite()
      try write(Array("0\r\n\r\n".utf8))
    }
  }

  /// Whether an `Accept-Encoding` allows a coding.
  ///
  /// Allowed: listed with q > 0, or `*` with q > 0 and the coding not refused by name. No header
  /// means no compression, like most servers.
  static func accepts(_ format: TTTestCompression.Format, in values: [String]) -> Bool {
    let names: Set<String> = format == .gzip ? ["gzip", "x-gzip"] : ["deflate"]
    var named: Double?
    var star: Double?
    for item in values.flatMap({ $0.split(separator: ",") }) {
      let parameters = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard let coding = parameters.first, !coding.isEmpty else { continue }
      var quality = 1.0
      for parameter in parameters.dropFirst() where parameter.hasPrefix("q=") {
        quality = Double(parameter.dropFirst(2)) ?? 0
      }
      if names.contains(coding) { named = max(named ?? 0, quality) }
      if coding == "*" { star = quality }
    }
    if let named { return named > 0 }
    return (star ?? 0) > 0
  }
}
