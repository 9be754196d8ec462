import CCurl
import Foundation
import Glibc

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
  var file: UnsafeMutablePointer<FILE>?

  var body = Data()
  var reserved = false
  var received: Int64 = 0
  /// The body length libcurl expects: -1 not asked yet, -2 unknown.
  var expectedLength: Int64 = -1
  var uploadOffset = 0
  var headers: [(name: String, value: String)] = []
  var lastActivity: UInt64 = 0
  var attempts = 0
  var retryAt: UInt64 = 0
  /// A failure decided by us rather than libcurl (too large, timed out, file error).
  var failure: TTNetworkError?

  init(job: TTTransferJob, waiter: TTTransferWaiter) {
    self.job = job
    self.waiters = [waiter]
  }

  /// Clears what one attempt collected, before the first attempt and each retry.
  func resetForAttempt() {
    body = Data()
    reserved = false
    received = 0
    expectedLength = -1
    uploadOffset = 0
    headers.removeAll()
    failure = nil
    lastActivity = TTCurlGlobal.now()
  }

  // MARK: - Callbacks

  /// Takes a piece of the body.
  ///
  /// Returning less than `count` makes libcurl stop with `CURLE_WRITE_ERROR`.
  func receive(_ pointer: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    let now = TTCurlGlobal.now()
    lastActivity = now
    let total = received &+ Int64(count)
    if job.maxContentLength > 0, total > job.maxContentLength {
      failure = TTNetworkError(
        .tooLarge,
        "The response from \(job.url) grew past the queue's maximum content length of "
          + "\(job.maxContentLength) bytes, so it was stopped; raise maxContentLength or stream "
          + "the body with onData or downloadDestination.",
        url: job.url)
      return 0
    }
    received = total
    if expectedLength == -1, let handle {
      var length: curl_off_t = -1
      tt_curl_easy_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
      expectedLength = length >= 0 ? Int64(length) : -2
    }
    let expected = expectedLength
    if let onData = job.onData {
      onData(Data(bytes: pointer, count: count))
    } else if let file {
      if fwrite(pointer, 1, count, file) != count {
        failure = TTNetworkError(
          .transport,
          "Writing the response of \(job.url) to \(job.destination?.path ?? "the file") failed "
            + "(errno \(errno)); check the disk space and the directory's permissions.",
          url: job.url)
        return 0
      }
    } else {
      if !reserved {
        reserved = true
        if expected > 0 {
          body.reserveCapacity(Int(min(expected, Int64(Self.maxReservation))))
        }
      }
      body.append(UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    }
    for waiter in waiters {
      waiter.request.reportDownload(received: total, expected: Int64(max(expected, 0)), now: now)
    }
    return count
  }

  /// Takes one header line.
  ///
  /// A status line starts a new response (after a redirect or a `100 Continue`), so the headers
  /// kept are those of the last response.
  func receiveHeader(_ pointer: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    lastActivity = TTCurlGlobal.now()
    let line = UnsafeBufferPointer(
      start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    if count >= 5, line[0] == 0x48, line[1] == 0x54, line[2] == 0x54, line[3] == 0x50, line[4] == 0x2F {
      // "HTTP/": a new response begins.
      headers.removeAll(keepingCapacity: true)
      expectedLength = -1
      return count
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return count }
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
    headers.append((name, value))
    return count
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
    for line in lines {
      headerList = curl_slist_append(headerList, line)
    }
    if let headerList { tt_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
  }

  /// Opens the destination file, if any; returns `false` (with ``failure`` set) when it cannot.
  func openDestination() -> Bool {
    guard let destination = job.destination else { return true }
    if let file { fclose(file) }
    file = fopen(destination.path, "wb")
    if file == nil {
      failure = TTNetworkError(
        .transport,
        "The download destination \(destination.path) cannot be opened for writing "
          + "(errno \(errno)); check that its directory exists and is writable.",
        url: job.url)
      return false
    }
    return true
  }

  /// Frees the header list and closes the file; removes the file when the transfer failed.
  func releaseResources(failed: Bool) {
    if let headerList { curl_slist_free_all(headerList) }
    headerList = nil
    if let file {
      fclose(file)
      if failed, let destination = job.destination { unlink(destination.path) }
    }
    file = nil
  }

  /// Seconds as whole milliseconds for libcurl, at least 1 and without overflow.
  static func milliseconds(_ seconds: TimeInterval) -> Int {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    let value = (seconds * 1000).rounded(.up)
    return value >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(value))
  }
}
