import Foundation
import Glibc
import Synchronization

/// The running part of ``TTTestHTTPServer``: sockets, threads, routes and statistics.
///
/// Threads hold this object, never the public server, so the server's `deinit` can stop them.
final class TTTestHTTPServerCore: Sendable {
  typealias Handler = @Sendable (TTTestHTTPRequest, TTTestHTTPServerCore) -> TTTestHTTPResponse

  struct Route {
    let method: String?
    let path: String
    let isPrefix: Bool
    let handler: Handler

    init(_ method: String?, _ pattern: String, _ handler: @escaping Handler) {
      self.method = method
      if pattern.hasSuffix("/*") {
        path = String(pattern.dropLast())
        isPrefix = true
      } else {
        path = pattern
        isPrefix = false
      }
      self.handler = handler
    }

    func matches(path candidate: String) -> Bool {
      isPrefix ? candidate.hasPrefix(path) : candidate == path
    }

    func accepts(method candidate: String) -> Bool {
      guard let method else { return true }
      return method == candidate || (candidate == "HEAD" && method == "GET")
    }
  }

  struct Resource {
    var body: Data
    var etag: String
    var lastModified: Date
    var contentType: String
  }

  struct Feed {
    var body: Data
    var chunkSize: Int
    var delay: Duration
    var contentType: String
  }

  struct Statistics {
    var countsByPath: [String: Int] = [:]
    var total = 0
    var recorded: [TTTestHTTPRecordedRequest] = []
    var recordedHead = 0
    var inFlight = 0
    var maxInFlight = 0
    var inFlightByHost: [String: Int] = [:]
    var maxByHost: [String: Int] = [:]
    var connectionsAccepted = 0

    static let recordLimit = 10_000

    mutating func record(_ request: TTTestHTTPRecordedRequest) {
      if recorded.count < Self.recordLimit {
        recorded.append(request)
      } else {
        recorded[recordedHead] = request
        recordedHead = (recordedHead + 1) % Self.recordLimit
      }
    }

    var orderedRecords: [TTTestHTTPRecordedRequest] {
      Array(recorded[recordedHead...] + recorded[..<recordedHead])
    }
  }

  enum Phase {
    case idle, running, stopped
  }

  struct State {
    var phase = Phase.idle
    var port = 0
    var listenFD: Int32 = -1
    var wakeRead: Int32 = -1
    var wakeWrite: Int32 = -1
    var acceptThread: pthread_t?
    var connectionFDs: [Int: Int32] = [:]
    var connectionThreads: [Int: pthread_t] = [:]
    var finishedConnections: [Int] = []
    var nextConnectionID = 1
    var userRoutes: [Route] = []
    var standardRoutes: [Route] = []
    var resources: [String: Resource] = [:]
    var feeds: [String: Feed] = [:]
    var statistics = Statistics()
  }

  let state = Mutex(State())
  let maxConnections: Int
  /// The largest request body accepted; larger ones get 413.
  let maxBodySize = 512 * 1024 * 1024

  init(maxConnections: Int) {
    self.maxConnections = max(1, maxConnections)
  }

  // MARK: Starting and stopping

  func start() throws -> Int {
    try state.withLock { state throws -> Int in
      switch state.phase {
      case .running: return state.port
      case .stopped: throw TTTestHTTPServerError("this server was stopped; create a new TTTestHTTPServer")
      case .idle: break
      }
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard listener >= 0 else { throw Self.systemError("socket") }
      var one: Int32 = 1
      setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1 only, ever
      let bound = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        let error = Self.systemError("bind(127.0.0.1:0)")
        close(listener)
        throw error
      }
      guard listen(listener, 1024) == 0 else {
        let error = Self.systemError("listen")
        close(listener)
        throw error
      }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
      }
      guard named == 0 else {
        let error = Self.systemError("getsockname")
        close(listener)
        throw error
      }
      var pipeFDs: [Int32] = [-1, -1]
      guard pipe(&pipeFDs) == 0 else {
        let error = Self.systemError("pipe")
        close(listener)
        throw error
      }
      let wakeRead = pipeFDs[0]
      _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
      let thread: pthread_t
      do {
        thread = try TTTestHTTPThread.spawn { [self] in acceptLoop(listener: listener, wake: wakeRead) }
      } catch {
        close(listener)
        close(pipeFDs[0])
        close(pipeFDs[1])
        throw error
      }
      state.phase = .running
      state.listenFD = listener
      state.wakeRead = wakeRead
      state.wakeWrite = pipeFDs[1]
      state.acceptThread = thread
      state.port = Int(UInt16(bigEndian: address.sin_port))
      return state.port
    }
  }

  func stop() {
    let taken = state.withLock { state -> (pthread_t?, Int32, Int32, Int32)? in
      guard state.phase == .running else {
        state.phase = .stopped
        return nil
      }
      state.phase = .stopped
      var byte: UInt8 = 1
      _ = write(state.wakeWrite, &byte, 1)
      for fd in state.connectionFDs.values {
        shutdown(fd, Int32(SHUT_RDWR))
      }
      defer { state.acceptThread = nil }
      return (state.acceptThread, state.listenFD, state.wakeRead, state.wakeWrite)
    }
    guard let (acceptThread, listener, wakeRead, wakeWrite) = taken else { return }
    if let acceptThread { TTTestHTTPThread.join(acceptThread) }
    close(listener)
    while true {
      let threads = state.withLock { state -> [pthread_t] in
        defer {
          state.connectionThreads = [:]
          state.finishedConnections = []
        }
        return Array(state.connectionThreads.values)
      }
      if threads.isEmpty { break }
      threads.forEach(TTTestHTTPThread.join)
    }
    close(wakeRead)
    close(wakeWrite)
  }

  var port: Int { state.withLock { $0.port } }

  // MARK: Threads

  private func acceptLoop(listener: Int32, wake: Int32) {
    while true {
      reapFinishedConnections()
      var fds = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, 250)
      if fds[1].revents != 0 { return }
      guard ready > 0, fds[0].revents != 0 else { continue }
      let open = state.withLock { $0.connectionFDs.count }
      if open >= maxConnections {
        // Leave the connection in the backlog until a connection thread ends.
        if !Self.pause(.milliseconds(10), wake: wake) { return }
        continue
      }
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if !Self.pause(.milliseconds(10), wake: wake) { return }
        continue
      }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      var one: Int32 = 1
      setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      let id = state.withLock { state -> Int? in
        guard state.phase == .running else { return nil }
        let id = state.nextConnectionID
        state.nextConnectionID += 1
        state.connectionFDs[id] = client
        state.statistics.connectionsAccepted += 1
        return id
      }
      guard let id else {
        close(client)
        return
      }
      do {
        let thread = try TTTestHTTPThread.spawn { [self] in
          TTTestHTTPConnection(core: self, id: id, fd: client, wake: wake).run()
          finishConnection(id: id, fd: client)
        }
        state.withLock { $0.connectionThreads[id] = thread }
      } catch {
        finishConnection(id: id, fd: client)
        state.withLock { state in
          state.finishedConnections.removeAll { $0 == id }
        }
      }
    }
  }

  private func finishConnection(id: Int, fd: Int32) {
    state.withLock { state in
      state.connectionFDs[id] = nil
      state.finishedConnections.append(id)
    }
    // Closed only after leaving `connectionFDs`, so `stop()` never shuts down a reused number.
    close(fd)
  }

  private func reapFinishedConnections() {
    let threads = state.withLock { state -> [pthread_t] in
      defer { state.finishedConnections = [] }
      return state.finishedConnections.compactMap { state.connectionThreads.removeValue(forKey: $0) }
    }
    threads.forEach(TTTestHTTPThread.join)
  }

  /// Sleeps for `duration` unless the server stops first.
  ///
  /// - Returns: `true` when the full time passed, `false` when the server is stopping.
  static func pause(_ duration: Duration, wake: Int32) -> Bool {
    var remaining = milliseconds(duration)
    repeat {
      let step = Int32(min(remaining, 1_000_000))
      var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
      let ready = poll(&fds, 1, step)
      if ready > 0 { return false }
      if ready == 0 { remaining -= Int(step) }
    } while remaining > 0
    return true
  }

  /// A duration in whole milliseconds, rounded up, never negative.
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 0 }
    let whole = seconds > Int64(Int.max / 2_000) ? Int.max / 2 : Int(seconds) * 1000
    let fraction = Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    return whole + max(0, fraction)
  }

  static func systemError(_ call: String) -> TTTestHTTPServerError {
    TTTestHTTPServerError("\(call) failed: \(String(cString: strerror(errno)))")
  }

  // MARK: Requests

  func handle(_ request: TTTestHTTPRequest) -> TTTestHTTPResponse {
    let (user, standard) = state.withLock { ($0.userRoutes, $0.standardRoutes) }
    for routes in [user, standard] {
      if let route = Self.bestRoute(in: routes, path: request.path, method: request.method) {
        return route.handler(request, self)
      }
    }
    let allowed = Set((user + standard).filter { $0.matches(path: request.path) }.compactMap(\.method))
    if !allowed.isEmpty {
      var response = TTTestHTTPResponse.text(
        "method \(request.method) not allowed on \(request.path)", status: 405)
      response.headers["Allow"] = allowed.sorted().joined(separator: ", ")
      return response
    }
    return .notFound(request.path)
  }

  /// The newest exact route for the path, else the newest of the longest matching prefixes.
  static func bestRoute(in routes: [Route], path: String, method: String) -> Route? {
    let candidates = routes.reversed().filter { $0.matches(path: path) && $0.accepts(method: method) }
    if let exact = candidates.first(where: { !$0.isPrefix }) { return exact }
    var best: Route?
    for route in candidates where route.path.count > (best?.path.count ?? -1) {
      best = route
    }
    return best
  }

  func begin(_ request: TTTestHTTPRequest) {
    let host = (request.host ?? "").lowercased()
    state.withLock { state in
      state.statistics.countsByPath[request.path, default: 0] += 1
      state.statistics.total += 1
      state.statistics.record(TTTestHTTPRecordedRequest(request))
      state.statistics.inFlight += 1
      state.statistics.maxInFlight = max(state.statistics.maxInFlight, state.statistics.inFlight)
      let forHost = state.statistics.inFlightByHost[host, default: 0] + 1
      state.statistics.inFlightByHost[host] = forHost
      state.statistics.maxByHost[host] = max(state.statistics.maxByHost[host, default: 0], forHost)
    }
  }

  func end(_ request: TTTestHTTPRequest) {
    let host = (request.host ?? "").lowercased()
    state.withLock { state in
      state.statistics.inFlight -= 1
      state.statistics.inFlightByHost[host, default: 1] -= 1
    }
  }

  func requestCount(for path: String) -> Int {
    state.withLock { $0.statistics.countsByPath[path, default: 0] }
  }
}
