import CCurl
import Foundation
import Three20Core

/// The network thread of one queue: a libcurl multi handle and the transfers on it.
///
/// Everything here runs on that one thread. Work arrives as ``TTCurlEngine/Command``s; finished
/// transfers call their waiters' completions from here.
final class TTCurlLoop {
  private let engine: TTCurlEngine
  private let multi: UnsafeMutableRawPointer?
  private let share: UnsafeMutableRawPointer?
  private var totalLimit: Int
  private var perHostLimit: Int
  private var suspended: Bool

  /// Idle easy handles, reused so their caches stay warm.
  private var pool: [UnsafeMutableRawPointer] = []
  private var active: [UnsafeMutableRawPointer: TTCurlTransfer] = [:]
  private var activePerHost: [String: Int] = [:]
  private var pendingByHost: [String: TTFIFO<TTCurlTransfer>] = [:]
  /// Hosts with pending transfers, in the order they first had some (round robin).
  private var pendingHosts: [String] = []
  private var pendingCount = 0
  private var delayed: [TTCurlTransfer] = []
  private var byTicket: [UInt64: TTCurlTransfer] = [:]
  private var coalescing: [String: TTCurlTransfer] = [:]

  init(engine: TTCurlEngine, total: Int, perHost: Int, suspended: Bool) {
    self.engine = engine
    self.totalLimit = max(1, total)
    self.perHostLimit = max(1, perHost)
    self.suspended = suspended
    multi = curl_multi_init()
    share = curl_share_init()
    if let share {
      // Only this thread uses the share, so it needs no lock callbacks.
      tt_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
      tt_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue))
      tt_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
    }
    if let multi {
      tt_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
      applyConnectionLimits(multi)
    }
  }

  private func applyConnectionLimits(_ multi: UnsafeMutableRawPointer) {
    tt_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, perHostLimit)
    tt_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, totalLimit)
    tt_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(totalLimit, 8))
  }

  // MARK: - The loop

  func run() {
    guard let multi else {
      failEverything(
        TTNetworkError(
          .transport, "libcurl could not create a multi handle (out of memory?); no request can load."))
      return
    }
    engine.publish(TTCurlEngine.WakeHandle(multi: multi))
    var running: Int32 = 0
    var stopping = false
    var reported = (active: -1, pending: -1)
    while !stopping {
      for command in engine.takeCommands() {
        switch command {
        case .add(let job, let waiter): add(job, waiter)
        case .cancel(let ticket): cancel(ticket)
        case .suspend(let value): suspended = value
        case .limits(let total, let perHost):
          totalLimit = max(1, total)
          perHostLimit = max(1, perHost)
          applyConnectionLimits(multi)
        case .resume(let delivery): resume(delivery)
        case .shutdown: stopping = true
        }
      }
      if stopping { break }
      let now = TTCurlGlobal.now()
      promoteDueRetries(now: now)
      startPending()
      curl_multi_perform(multi, &running)
      let finished = collectFinished(multi)
      expireOverdue(now: TTCurlGlobal.now())
      let counts = (active: active.count, pending: pendingCount + delayed.count)
      if counts != reported {
        reported = counts
        engine.updateCounts(active: counts.active, pending: counts.pending)
      }
      if finished > 0, canStartMore { continue }
      curl_multi_poll(multi, nil, 0, pollTimeout(now: TTCurlGlobal.now()), nil)
    }
    engine.publish(nil)
    failEverything(
      TTNetworkError(
        .cancelled,
        "The request was cancelled because its TTURLRequestQueue was released while it was "
          + "loading; keep a reference to the queue until its requests finish."))
    for handle in pool { curl_easy_cleanup(handle) }
    pool.removeAll()
    curl_multi_cleanup(multi)
    if let share { curl_share_cleanup(share) }
    engine.updateCounts(active: 0, pending: 0)
  }

  private var canStartMore: Bool {
    !suspended && pendingCount > 0 && active.count < totalLimit
  }

  /// Milliseconds to sleep: until the next idle or total deadline or retry, at most one second.
  private func pollTimeout(now: UInt64) -> Int32 {
    var wait: UInt64 = 1_000_000_000
    func until(_ deadline: UInt64) {
      wait = min(wait, deadline > now ? deadline - now : 0)
    }
    for transfer in active.values {
      if transfer.job.timeout > 0, !transfer.pausedForDelivery {
        until(transfer.lastActivity &+ Self.nanoseconds(transfer.job.timeout))
      }
      if transfer.job.totalTimeout > 0 {
        until(transfer.startedAt &+ Self.nanoseconds(transfer.job.totalTimeout))
      }
    }
    for transfer in delayed {
      until(transfer.retryAt)
    }
    return Int32((wait + 999_999) / 1_000_000)
  }

  static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    let value = seconds * 1e9
    return value >= 1.8e19 ? UInt64.max / 2 : UInt64(value)
  }

  // MARK: - Commands

  private func add(_ job: TTTransferJob, _ waiter: TTTransferWaiter) {
    if let key = job.coalescingKey, let existing = coalescing[key], existing.phase != .done {
      existing.waiters.append(waiter)
      byTicket[waiter.ticket] = existing
      waiter.request.countAttempt()
      return
    }
    let transfer = TTCurlTransfer(job: job, waiter: waiter)
    byTicket[waiter.ticket] = transfer
    if let key = job.coalescingKey { coalescing[key] = transfer }
    enqueue(transfer, atFront: false)
  }

  private func enqueue(_ transfer: TTCurlTransfer, atFront: Bool) {
    transfer.phase = .pending
    let host = transfer.job.hostKey
    if pendingByHost[host] == nil {
      pendingByHost[host] = TTFIFO()
      pendingHosts.append(host)
    }
    if atFront {
      pendingByHost[host]?.pushFront(transfer)
    } else {
      pendingByHost[host]?.push(transfer)
    }
    pendingCount += 1
  }

  private func cancel(_ ticket: UInt64) {
    guard let transfer = byTicket.removeValue(forKey: ticket) else { return }
    guard let index = transfer.waiters.firstIndex(where: { $0.ticket == ticket }) else { return }
    let waiter = transfer.waiters.remove(at: index)
    waiter.completion(
      .failure(
        TTNetworkError(
          .cancelled, "The request for \(escapedInput(transfer.job.url)) was cancelled.",
          url: transfer.job.url)))
    guard transfer.waiters.isEmpty else { return }
    switch transfer.phase {
    case .active:
      stop(transfer)
    case .pending:
      // Left in its host's queue; skipped when reached.
      pendingCount -= 1
      transfer.phase = .done
    case .delayed:
      delayed.removeAll { $0 === transfer }
      transfer.phase = .done
    case .done:
      break
    }
    forget(transfer)
    transfer.releaseResources()
  }

  /// Unpauses the transfer whose delivery has room again.
  private func resume(_ delivery: ObjectIdentifier) {
    guard
      let transfer = active.values.first(where: { transfer in
        transfer.job.delivery.map { ObjectIdentifier($0) == delivery } ?? false
      }), transfer.pausedForDelivery, let handle = transfer.handle
    else { return }
    transfer.pausedForDelivery = false
    // The server was not silent: we were not reading.
    transfer.lastActivity = TTCurlGlobal.now()
    // CURLPAUSE_CONT; libcurl may hand over the piece it kept at once, from inside this call.
    curl_easy_pause(handle, 0)
  }

  /// Removes a transfer's coalescing entry (if it is still the one registered).
  private func forget(_ transfer: TTCurlTransfer) {
    if let key = transfer.job.coalescingKey, coalescing[key] === transfer {
      coalescing[key] = nil
    }
  }

  // MARK: - Starting

  private func startPending() {
    guard !suspended, pendingCount > 0 else { return }
    var index = 0
    while index < pendingHosts.count, active.count < totalLimit {
      let host = pendingHosts[index]
      var running = activePerHost[host] ?? 0
      while running < perHostLimit, active.count < totalLimit,
        let transfer = pendingByHost[host]?.pop()
      {
        guard transfer.phase == .pending else { continue }
        pendingCount -= 1
        if begin(transfer) { running += 1 }
      }
      if pendingByHost[host]?.isEmpty ?? true {
        pendingByHost[host] = nil
        pendingHosts.remove(at: index)
      } else {
        index += 1
      }
    }
    // Hosts that had to wait go to the back, so one busy host does not starve the others.
    if pendingHosts.count > 1, let first = pendingHosts.first,
      (activePerHost[first] ?? 0) >= perHostLimit
    {
      pendingHosts.append(pendingHosts.removeFirst())
    }
  }

  /// Puts a transfer on the multi handle; returns `false` if it failed at once.
  private func begin(_ transfer: TTCurlTransfer) -> Bool {
    guard let multi else { return false }
    guard let handle = pool.popLast() ?? curl_easy_init() else {
      finish(
        transfer, error: TTNetworkError(.transport, "libcurl could not create a handle (out of memory?)."))
      return false
    }
    curl_easy_reset(handle)
    transfer.resetForAttempt()
    transfer.attempts += 1
    for waiter in transfer.waiters { waiter.request.countAttempt() }
    guard transfer.openDestination() else {
      pool.append(handle)
      finish(transfer, error: transfer.failure)
      return false
    }
    transfer.configure(handle, share: share)
    guard curl_multi_add_handle(multi, handle) == CURLM_OK else {
      transfer.handle = nil
      pool.append(handle)
      finish(
        transfer,
        error: TTNetworkError(.transport, "libcurl refused a transfer for \(escapedInput(transfer.job.url)).")
      )
      return false
    }
    transfer.phase = .active
    active[handle] = transfer
    activePerHost[transfer.job.hostKey, default: 0] += 1
    TTNetworkActivity.requestStarted()
    return true
  }

  /// Takes an active transfer off the multi handle and returns its handle to the pool.
  private func stop(_ transfer: TTCurlTransfer) {
    guard let handle = transfer.handle else { return }
    if let multi { curl_multi_remove_handle(multi, handle) }
    // The buffer belongs to the transfer, which may go away before the handle is used again.
    tt_curl_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, nil)
    active[handle] = nil
    transfer.handle = nil
    let host = transfer.job.hostKey
    let remaining = (activePerHost[host] ?? 1) - 1
    activePerHost[host] = remaining > 0 ? remaining : nil
    // A handle stopped while paused is not reused: libcurl may still hold the piece it kept.
    if pool.count < max(totalLimit, 4), !transfer.pausedForDelivery {
      pool.append(handle)
    } else {
      curl_easy_cleanup(handle)
    }
    transfer.phase = .done
    TTNetworkActivity.requestStopped()
  }

  // MARK: - Finishing

  private func collectFinished(_ multi: UnsafeMutableRawPointer) -> Int {
    var finished = 0
    var left: Int32 = 0
    while let message = curl_multi_info_read(multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
        let transfer = active[handle]
      else { continue }
      let code = tt_curl_msg_result(message)
      complete(transfer, code: code, handle: handle)
      finished += 1
    }
    return finished
  }

  private func complete(_ transfer: TTCurlTransfer, code: CURLcode, handle: UnsafeMutableRawPointer) {
    var status = 0
    tt_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var effective: UnsafeMutablePointer<CChar>?
    tt_curl_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
    let finalURL = effective.map { String(cString: $0) } ?? transfer.job.url
    stop(transfer)
    if code == CURLE_OK, transfer.failure == nil, transfer.sawStatusLine, !transfer.headersComplete {
      // libcurl takes a connection closed in the middle of the head for its end.
      transfer.failure = TTNetworkError(
        .connectionLost,
        "The connection for \(escapedInput(transfer.job.url)) closed before the response head "
          + "ended (\(TTCurlErrors.count(transfer.headerFieldCount, "header field"))), so the response is incomplete; "
          + "try again.", url: transfer.job.url)
    }
    if code == CURLE_OK, transfer.failure == nil, transfer.commitDestination(status: status) {
      let info = TTURLResponseInfo(url: finalURL, statusCode: status, headers: transfer.headers)
      let response = TTTransferResponse(info: info, data: transfer.body)
      transfer.body = Data()
      transfer.releaseResources()
      forget(transfer)
      for waiter in transfer.waiters {
        byTicket[waiter.ticket] = nil
        waiter.completion(.success(response))
      }
      transfer.waiters.removeAll()
      return
    }
    let error = transfer.failure ?? TTCurlErrors.error(for: code, transfer: transfer)
    if transfer.failure == nil, TTCurlErrors.isConnectionFailure(code),
      transfer.attempts <= transfer.job.maxRetries
    {
      // Back off 1×, 2×, 4× … the delay, then try again ahead of newer work.
      let factor = Double(1 << min(transfer.attempts - 1, 16))
      transfer.retryAt = TTCurlGlobal.now() &+ Self.nanoseconds(transfer.job.retryDelay * factor)
      transfer.phase = .delayed
      delayed.append(transfer)
      TTLog.debug(
        .urlRequest,
        "Retrying \(escapedInput(transfer.job.url)) (attempt \(transfer.attempts + 1)) after: \(error.message)"
      )
      return
    }
    finish(transfer, error: error)
  }

  /// Fails a transfer that is no longer on the multi handle.
  private func finish(_ transfer: TTCurlTransfer, error: TTNetworkError?) {
    let failure =
      error
      ?? TTNetworkError(
        .transport, "The transfer for \(escapedInput(transfer.job.url)) failed.", url: transfer.job.url)
    transfer.phase = .done
    transfer.releaseResources()
    forget(transfer)
    if failure.code != .cancelled {
      TTLog.debug(
        .urlRequest, "\(transfer.job.method) \(escapedInput(transfer.job.url)) failed: \(failure.message)")
    }
    for waiter in transfer.waiters {
      byTicket[waiter.ticket] = nil
      waiter.completion(.failure(failure))
    }
    transfer.waiters.removeAll()
  }

  private func promoteDueRetries(now: UInt64) {
    guard !delayed.isEmpty else { return }
    var waiting: [TTCurlTransfer] = []
    for transfer in delayed {
      if transfer.retryAt <= now {
        enqueue(transfer, atFront: true)
      } else {
        waiting.append(transfer)
      }
    }
    delayed = waiting
  }

  /// Fails transfers whose server has been silent for longer than their idle timeout, and
  /// transfers (running or waiting to retry) that have taken longer than their total timeout.
  private func expireOverdue(now: UInt64) {
    var expired: [(TTCurlTransfer, TTNetworkError)] = []
    for transfer in active.values {
      let job = transfer.job
      if job.totalTimeout > 0, now &- transfer.startedAt >= Self.nanoseconds(job.totalTimeout) {
        expired.append((transfer, Self.totalTimeoutError(transfer)))
      } else if job.timeout > 0, !transfer.pausedForDelivery, now > transfer.lastActivity,
        now - transfer.lastActivity >= Self.nanoseconds(job.timeout)
      {
        expired.append(
          (
            transfer,
            TTNetworkError(
              .timedOut,
              "The server for \(escapedInput(job.url)) sent nothing for \(Self.seconds(job.timeout)) (the idle "
                + "timeout), so the request timed out; raise the request's timeoutInterval or the "
                + "queue's defaultTimeout if it is just slow.",
              url: job.url)
          ))
      }
    }
    for transfer in delayed where transfer.job.totalTimeout > 0 {
      if now &- transfer.startedAt >= Self.nanoseconds(transfer.job.totalTimeout) {
        expired.append((transfer, Self.totalTimeoutError(transfer)))
      }
    }
    for (transfer, error) in expired {
      if transfer.phase == .delayed {
        delayed.removeAll { $0 === transfer }
      } else {
        stop(transfer)
      }
      finish(transfer, error: error)
    }
  }

  private static func totalTimeoutError(_ transfer: TTCurlTransfer) -> TTNetworkError {
    let job = transfer.job
    return TTNetworkError(
      .timedOut,
      "The request for \(escapedInput(job.url)) was still loading after \(seconds(job.totalTimeout)), its total "
        + "timeout (\(transfer.received) bytes of the body had arrived), so it was stopped; raise "
        + "the request's totalTimeoutInterval or the queue's defaultTotalTimeout (0 = none) for "
        + "large downloads over slow links.",
      url: job.url)
  }

  /// `60 seconds`, `0.5 seconds`, `1 second`.
  static func seconds(_ value: TimeInterval) -> String {
    let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    return text + (value == 1 ? " second" : " seconds")
  }

  private func failEverything(_ error: TTNetworkError) {
    for transfer in Array(active.values) { stop(transfer) }
    var seen = Set<ObjectIdentifier>()
    // Every transfer with a waiter is in byTicket, whatever its phase.
    for transfer in Array(byTicket.values) where seen.insert(ObjectIdentifier(transfer)).inserted {
      var failure = error
      failure.url = transfer.job.url
      finish(transfer, error: failure)
    }
    pendingHosts.removeAll()
    pendingByHost.removeAll()
    pendingCount = 0
    delayed.removeAll()
    byTicket.removeAll()
    coalescing.removeAll()
  }
}

/// A first-in, first-out queue with O(1) push and pop.
struct TTFIFO<Element> {
  private var items: [Element?] = []
  private var head = 0

  var isEmpty: Bool { head >= items.count }

  mutating func push(_ element: Element) {
    items.append(element)
  }

  mutating func pushFront(_ element: Element) {
    if head > 0 {
      head -= 1
      items[head] = element
    } else {
      items.insert(element, at: 0)
    }
  }

  mutating func pop() -> Element? {
    guard head < items.count else { return nil }
    let element = items[head]
    items[head] = nil
    head += 1
    if head > 64, head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return element
  }
}

extension TTFIFO: Sendable where Element: Sendable {}
