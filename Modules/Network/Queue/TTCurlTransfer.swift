import CCurl
import Foundation
import Glibc
import Three20Core

/// One transfer on the queue's thread: its easy handle, its buffers and its waiters.
///
/// Only the loop's thread touches it, and libcurl calls its callbacks on that thread too.
final class TTCurlTransfer {
  enum Phase {
    case pending
    case active
    case delayed
    case done
  }

  /// The largest capacity reserved up front from `Content-Length`, so a lying header cannot make
  /// us allocate absurd amounts.
  static let maxReservation = 256 << 20

  let job: TTTransferJob
  var waiters: [TTTransferWaiter]
  var phase = Phase.pending
  var handle: UnsafeMutableRawPointer?
  var headerList: UnsafeMutablePointer<curl_slist>?
  /// Where the body is written when the job has a destination (see ``TTDownloadFile``).
  var download: TTDownloadFile?

  var body = Data()
  var reserved = false
  var received: Int64 = 0
  /// The body length libcurl expects: -1 not asked yet, -2 unknown.
  var expectedLength: Int64 = -1
  var uploadOffset = 0
  var headers: [(name: String, value: String)] = []
  /// Whether the current response began with an HTTP status line.
  var sawStatusLine = false
  /// Whether the current response's head has ended (its empty line arrived).
  var headersComplete = false
  /// Header fields and bytes (status line and line ends included) of the current response.
  var headerFieldCount = 0
  var headerByteCount = 0
  /// Whether the current response has a `Content-Encoding` other than `identity`.
  var isContentEncoded = false
  /// The first `Content-Length` of the current response, as sent and as a number.
  var contentLength: (text: String, value: Int64?)?
  var lastActivity: UInt64 = 0
  /// When the first attempt began; the total timeout counts from here, across retries.
  var startedAt: UInt64 = 0
  /// Whether libcurl is paused because ``TTTransferJob/delivery`` has a full backlog.
  var pausedForDelivery = false
  var attempts = 0
  var retryAt: UInt64 = 0
  /// A failure decided by us rather than libcurl (too large, timed out, file error).
  var failure: TTNetworkError?
  /// libcurl's explanation of its last error (`CURLOPT_ERRORBUFFER`).
  let errorBuffer: UnsafeMutablePointer<CChar>

  init(job: TTTransferJob, waiter: TTTransferWaiter) {
    self.job = job
    self.waiters = [waiter]
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
  }

  deinit {
    errorBuffer.deallocate()
  }

  /// What libcurl said about its last error, or `nil`.
  var errorDetail: String? {
    let text = String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }

  /// Clears what one attempt collected, before the first attempt and each retry.
  func resetForAttempt() {
    body = Data()
    reserved = false
    received = 0
    expectedLength = -1
    uploadOffset = 0
    headers.removeAll()
    sawStatusLine = false
    headersComplete = false
    headerFieldCount = 0
    headerByteCount = 0
    contentLength = nil
    isContentEncoded = false
    pausedForDelivery = false
    failure = nil
    errorBuffer[0] = 0
    lastActivity = TTCurlGlobal.now()
    if startedAt == 0 { startedAt = lastActivity }
  }

  // MARK: - Callbacks

  /// Takes a piece of the body (decoded: libcurl has already undone any `Content-Encoding`).
  ///
  /// Returning less than `count` makes libcurl stop with `CURLE_WRITE_ERROR`; returning
  /// `CURL_WRITEFUNC_PAUSE` pauses the transfer with the piece kept for later.
  func receive(_ pointer: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    let now = TTCurlGlobal.now()
    lastActivity = now
    guard sawStatusLine else {
      // libcurl lets HTTP/0.9 through (CURLOPT_HTTP09_ALLOWED) so that this can quote it.
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: min(count, 200))
      failure = TTNetworkError(
        .badServerResponse,
        "The server for \(escapedInput(job.url)) did not answer with an HTTP status line; its response began "
          + "with \"\(TTMessageText.escaped(bytes: bytes, limit: 80))\". Check that the URL's port "
          + "serves HTTP (not another protocol, and not HTTPS on an http:// URL).",
        url: job.url)
      return 0
    }
    let total = received &+ Int64(count)
    if job.maxContentLength > 0, total > job.maxContentLength {
      failure = TTNetworkError(
        .tooLarge,
        "The response from \(escapedInput(job.url)) grew past \(job.maxContentLength) bytes (counted after "
          + "decompression), the maximum content length \(job.limitSource), so it was stopped; "
          + "raise the request's maxContentLength (0 = no limit) or the queue's if the body is "
          + "meant to be that large.",
        url: job.url)
      return 0
    }
    if isContentEncoded, job.maxDecompressionRatio > 0, total > Self.ratioWarmUp, !checkRatio(decoded: total)
    {
      return 0
    }
    if expectedLength == -1, let handle {
      var length: curl_off_t = -1
      tt_curl_easy_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
      expectedLength = length >= 0 ? Int64(length) : -2
    }
    let expected = expectedLength
    if let delivery = job.delivery {
      guard delivery.offer(Data(bytes: pointer, count: count)) else {
        // libcurl keeps this piece and offers it again after curl_easy_pause(CONT).
        pausedForDelivery = true
        return Int(CURL_WRITEFUNC_PAUSE)
      }
    } else if let download {
      if !download.write(pointer, count: count) {
        failure = TTNetworkError(
          .transport,
          "Writing the response of \(escapedInput(job.url)) to \(escapedInput(download.destination.path)) failed "
            + "(\(TTFileSafety.reason(errno))); check the disk space and the folder's permissions.",
          url: job.url)
        return 0
      }
    } else {
      if !reserved {
        reserved = true
        if expected > 0 {
          var cap = Int64(Self.maxReservation)
          if job.maxContentLength > 0 { cap = min(cap, job.maxContentLength) }
          body.reserveCapacity(Int(min(expected, cap)))
        }
      }
      body.append(UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    }
    received = total
    for waiter in waiters {
      waiter.request.reportDownload(received: total, expected: Int64(max(expected, 0)), now: now)
    }
    return count
  }

  /// How much of a compressed body is decoded before its ratio is checked: small bodies that
  /// compress extremely well (a megabyte of spaces) are fine.
  static let ratioWarmUp: Int64 = 1 << 20

  /// Checks that `decoded` bytes came from enough bytes on the wire; sets ``failure`` and
  /// returns `false` when the body inflates more than ``TTTransferJob/maxDecompressionRatio``
  /// times, which no document does and every decompression bomb must.
  private func checkRatio(decoded: Int64) -> Bool {
    guard let handle else { return true }
    var wire: curl_off_t = 0
    tt_curl_easy_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &wire)
    guard wire > 0, decoded / Int64(wire) > Int64(job.maxDecompressionRatio) else { return true }
    failure = TTNetworkError(
      .tooLarge,
      "The response from \(escapedInput(job.url)) inflated to \(decoded) bytes during decompression "
        + "from \(wire) bytes on the wire, more than the queue's maxDecompressionRatio of "
        + "\(job.maxDecompressionRatio) allows, so it was stopped as a decompression bomb; raise "
        + "maxDecompressionRatio (0 = no limit) if the server really sends data that compresses "
        + "that well.",
      url: job.url)
    return false
  }

  /// Takes one header line.
  ///
  /// A status line starts a new response (after a redirect or a `100 Continue`), so the headers
  /// kept are those of the last response. Only a line after the end of a head (or the first
  /// line) is one: a line starting with `HTTP/` among the fields is a field like any other, so
  /// a server cannot reset the head limits by sending one every few fields.
  func receiveHeader(_ pointer: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    lastActivity = TTCurlGlobal.now()
    let line = UnsafeBufferPointer(
      start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    if !sawStatusLine || headersComplete, count >= 5, line[0] == 0x48, line[1] == 0x54, line[2] == 0x54,
      line[3] == 0x50, line[4] == 0x2F
    {
      // "HTTP/": a new response begins.
      headers.removeAll(keepingCapacity: true)
      expectedLength = -1
      sawStatusLine = true
      headersComplete = false
      headerFieldCount = 0
      headerByteCount = count
      contentLength = nil
      isContentEncoded = false
      return count
    }
    headerByteCount += count
    if headerByteCount > TTURLRequestQueue.maxResponseHeaderBytes {
      failure = TTNetworkError(
        .badServerResponse,
        "The response from \(escapedInput(job.url)) has more than \(TTURLRequestQueue.maxResponseHeaderBytes) "
          + "bytes of header fields, more than this library accepts, so it was refused; the "
          + "server or something between it and you is broken.",
        url: job.url)
      return 0
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      if line.allSatisfy({ $0 == 0x0D || $0 == 0x0A }) { headersComplete = true }
      return count
    }
    headerFieldCount += 1
    if headerFieldCount > TTURLRequestQueue.maxResponseHeaderFields {
      failure = TTNetworkError(
        .badServerResponse,
        "The response from \(escapedInput(job.url)) has more than \(TTURLRequestQueue.maxResponseHeaderFields) "
          + "header fields, more than this library accepts, so it was refused; the server or "
          + "something between it and you is broken.",
        url: job.url)
      return 0
    }
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
    var nameStart = 0
    var nameEnd = colon
    while nameStart < nameEnd, isSpace(line[nameStart]) { nameStart += 1 }
    while nameEnd > nameStart, isSpace(line[nameEnd - 1]) { nameEnd -= 1 }
    var valueStart = colon + 1
    var valueEnd = count
    while valueStart < valueEnd, isSpace(line[valueStart]) { valueStart += 1 }
    while valueEnd > valueStart, isSpace(line[valueEnd - 1]) { valueEnd -= 1 }
    guard nameStart < nameEnd else { return count }
    let name = String(decoding: UnsafeBufferPointer(rebasing: line[nameStart..<nameEnd]), as: UTF8.self)
    let value = String(decoding: UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd]), as: UTF8.self)
    if name.caseInsensitiveCompare("Content-Length") == .orderedSame, !acceptContentLength(value) {
      return 0
    }
    if name.caseInsensitiveCompare("Content-Encoding") == .orderedSame,
      value.split(separator: ",").contains(where: {
        $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare("identity") != .orderedSame
      })
    {
      isContentEncoded = true
    }
    headers.append((name, value))
    return count
  }

  /// Checks a `Content-Length` field against the ones before it; sets ``failure`` and returns
  /// `false` when they disagree (RFC 9112 §6.3: a message framed two ways is refused, since
  /// whoever reads the other length sees a different response — the root of response smuggling).
  private func acceptContentLength(_ value: String) -> Bool {
    // "42, 42" (a list of one value repeated) is the same length said twice.
    let items = value.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for item in items {
      let number = item.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? Int64(item) : nil
      guard let first = contentLength else {
        contentLength = (item, number)
        continue
      }
      let same = if let number, let known = first.value { number == known } else { item == first.text }
      if !same {
        failure = TTNetworkError(
          .badServerResponse,
          "The response from \(escapedInput(job.url)) has conflicting Content-Length fields "
            + "(\(TTMessageText.quoted(first.text, limit: 40)) and "
            + "\(TTMessageText.quoted(item, limit: 40))), so where its body ends is ambiguous "
            + "and it was refused (RFC 9112 §6.3); the server or a proxy between it and you is "
            + "broken.",
          url: job.url)
        return false
      }
    }
    return true
  }

  /// Hands libcurl the next piece of the request body.
  func send(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    let now = TTCurlGlobal.now()
    lastActivity = now
    guard let upload = job.body else { return 0 }
    let length = min(upload.count - uploadOffset, capacity)
    guard length > 0 else { return 0 }
    upload.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      memcpy(buffer, base + uploadOffset, length)
    }
    uploadOffset += length
    for waiter in waiters {
      waiter.request.reportUpload(sent: Int64(uploadOffset), expected: Int64(upload.count), now: now)
    }
    return length
  }

  /// Moves the upload back (libcurl rewinds for redirects and retries on reused connections).
  func seek(to offset: Int64) -> Int32 {
    guard let upload = job.body, offset >= 0, offset <= Int64(upload.count) else {
      return Int32(CURL_SEEKFUNC_FAIL)
    }
    uploadOffset = Int(offset)
    return Int32(CURL_SEEKFUNC_OK)
  }

  // MARK: - Setting up the handle

  /// Sets every option for this transfer on a clean easy handle.
  func configure(_ handle: UnsafeMutableRawPointer, share: UnsafeMutableRawPointer?) {
    self.handle = handle
    let me = Unmanaged.passUnretained(self).toOpaque()
    tt_curl_easy_setopt_string(handle, CURLOPT_URL, job.url)
    tt_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    tt_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    tt_curl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    tt_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
    // A response without a status line reaches receive(_:count:), which refuses it quoting its
    // first bytes; libcurl alone would only say "unsupported protocol".
    tt_curl_easy_setopt_long(handle, CURLOPT_HTTP09_ALLOWED, 1)
    errorBuffer[0] = 0
    tt_curl_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    tt_curl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, job.maxRedirects)
    // "" = every encoding this libcurl can decode (gzip, deflate, br, zstd where built in).
    tt_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
    tt_curl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
    tt_curl_easy_setopt_long(handle, CURLOPT_TCP_NODELAY, 1)
    let timeoutMilliseconds = Self.milliseconds(job.timeout)
    tt_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds)
    if job.maxContentLength > 0 {
      // Refuses early when Content-Length announces more; receive(_:count:) stops the rest.
      tt_curl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(job.maxContentLength))
    }
    if let share { tt_curl_easy_setopt_share(handle, share) }
    if job.handleCookies { tt_curl_easy_setopt_string(handle, CURLOPT_COOKIEFILE, "") }
    if let agent = job.userAgent { tt_curl_easy_setopt_string(handle, CURLOPT_USERAGENT, agent) }

    tt_curl_easy_setopt_write_func(handle, CURLOPT_WRITEFUNCTION) { pointer, size, count, context in
      guard let pointer, let context else { return 0 }
      let transfer = Unmanaged<TTCurlTransfer>.fromOpaque(context).takeUnretainedValue()
      return transfer.receive(pointer, count: size &* count)
    }
    tt_curl_easy_setopt_ptr(handle, CURLOPT_WRITEDATA, me)
    tt_curl_easy_setopt_write_func(handle, CURLOPT_HEADERFUNCTION) { pointer, size, count, context in
      guard let pointer, let context else { return 0 }
      let transfer = Unmanaged<TTCurlTransfer>.fromOpaque(context).takeUnretainedValue()
      return transfer.receiveHeader(pointer, count: size &* count)
    }
    tt_curl_easy_setopt_ptr(handle, CURLOPT_HEADERDATA, me)
    tt_curl_easy_setopt_read_func(handle) { pointer, size, count, context in
      guard let pointer, let context else { return 0 }
      let transfer = Unmanaged<TTCurlTransfer>.fromOpaque(context).takeUnretainedValue()
      return transfer.send(into: pointer, capacity: size &* count)
    }
    tt_curl_easy_setopt_ptr(handle, CURLOPT_READDATA, me)
    tt_curl_easy_setopt_seek_func(handle) { context, offset, _ in
      guard let context else { return Int32(CURL_SEEKFUNC_FAIL) }
      let transfer = Unmanaged<TTCurlTransfer>.fromOpaque(context).takeUnretainedValue()
      return transfer.seek(to: Int64(offset))
    }
    tt_curl_easy_setopt_ptr(handle, CURLOPT_SEEKDATA, me)

    var lines = job.headerLines
    switch job.method {
    case "GET" where job.body == nil:
      tt_curl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1)
    case "HEAD":
      tt_curl_easy_setopt_long(handle, CURLOPT_NOBODY, 1)
    default:
      if let upload = job.body {
        tt_curl_easy_setopt_long(handle, CURLOPT_POST, 1)
        tt_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(upload.count))
        // No "Expect: 100-continue" round trip before large bodies.
        lines.append("Expect:")
        if !lines.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
          // Without this libcurl would announce a form type for an arbitrary body.
          lines.append("Content-Type:")
        }
      }
      if job.method != "POST" || job.body == nil {
        tt_curl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, job.method)
      }
    }
    // A retry configures the transfer again: start the list afresh, or every header would be
    // sent once more per attempt.
    if let headerList { curl_slist_free_all(headerList) }
    headerList = nil
    for line in lines {
      headerList = curl_slist_append(headerList, line)
    }
    if let headerList { tt_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
  }

  /// Prepares the destination file, if any, for an attempt.
  ///
  /// Creates it beside the destination the first time and empties it for a retry.
  ///
  /// - Returns: `false` (with ``failure`` set) when it cannot.
  func openDestination() -> Bool {
    guard let destination = job.destination else { return true }
    if let download {
      if download.restart() { return true }
      failure = TTNetworkError(
        .transport,
        "The download for \(escapedInput(job.url)) could not start over in its file "
          + "(\(TTFileSafety.reason(errno))); check the disk space.", url: job.url)
      return false
    }
    do {
      download = try TTDownloadFile(destination: destination)
      return true
    } catch {
      failure = TTNetworkError(.transport, error.message, url: job.url)
      return false
    }
  }

  /// Moves a finished download into place when the status is a success (2xx).
  ///
  /// Any other status removes it, so an error page never replaces the destination. Without a
  /// destination there is nothing to do.
  ///
  /// - Parameter status: The response's status code.
  /// - Returns: `false` (with ``failure`` set) when the move failed.
  func commitDestination(status: Int) -> Bool {
    guard let download else { return true }
    self.download = nil
    guard (200..<300).contains(status) else {
      download.discard()
      return true
    }
    guard let problem = download.commit() else { return true }
    failure = TTNetworkError(.transport, problem, url: job.url)
    return false
  }

  /// Frees the header list and removes an unfinished download's file (never the destination).
  func releaseResources() {
    if let headerList { curl_slist_free_all(headerList) }
    headerList = nil
    download?.discard()
    download = nil
  }

  /// Seconds as whole milliseconds for libcurl, at least 1 and without overflow.
  static func milliseconds(_ seconds: TimeInterval) -> Int {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    let value = (seconds * 1000).rounded(.up)
    return value >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(value))
  }
}
