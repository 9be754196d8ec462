public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process for tests: started with `posix_spawn`, its standard output and error read to
/// the end, each descriptor closed exactly once.
///
/// Foundation's `Process` and `Pipe` on Linux can close a pipe's descriptor twice when processes
/// are started from several threads; the second `close` then hits whatever descriptor another
/// test opened with the same number in between (a socket of the test HTTP server's clients was
/// seen to fail with "Bad file descriptor"). Tests run in parallel, so they start processes here.
///
/// ```swift
/// let result = try TTTestProcess.run("/usr/bin/env", ["echo", "hello"])
/// result.status   // 0
/// result.output   // "hello\n"
/// ```
public final class TTTestProcess: @unchecked Sendable {
  /// What a finished process left behind.
  public struct Result: Sendable {
    /// The exit status, or 128 + the signal number for a process killed by a signal.
    public var status: Int32
    /// Everything it wrote to standard output, as UTF-8.
    public var output: String
    /// Everything it wrote to standard error, as UTF-8.
    public var errors: String
  }

  /// Why a process could not be started.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }

  private let pid: pid_t
  private let outputFD: Int32
  private let errorFD: Int32
  private let lock = NSLock()
  private var result: Result?

  /// Starts `executable` with `arguments`; standard input is `/dev/null`.
  ///
  /// - Parameters:
  ///   - executable: The program's absolute path, such as `/usr/bin/python3`.
  ///   - arguments: Its arguments, without the program's name.
  ///   - environment: Its environment; this process's by default.
  /// - Throws: ``Failure`` when the pipes cannot be made or the program cannot be started.
  public init(
    _ executable: String, _ arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else {
      throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))")
    }
    guard pipe(&errors) == 0 else {
      close(output[0])
      close(output[1])
      throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))")
    }
    // The child must not keep the parent's ends: on exec they close by themselves.
    for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

    // The child starts with no blocked signals and default handlers, whatever this process
    // (a test runner, a terminal host under test) has set.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    close(output[1])
    close(errors[1])
    guard spawned == 0 else {
      close(output[0])
      close(errors[0])
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    pid = child
    outputFD = output[0]
    errorFD = errors[0]
  }

  /// Runs a program to the end.
  ///
  /// - Parameters:
  ///   - executable: The program's absolute path.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment; this process's by default.
  /// - Returns: Its status and what it wrote.
  /// - Throws: ``Failure`` when it cannot be started.
  public static func run(
    _ executable: String, _ arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> Result {
    try TTTestProcess(executable, arguments, environment: environment).finish()
  }

  /// Reads both outputs to their end, waits for the process and returns what it left; later
  /// calls return the same result.
  public func finish() -> Result {
    lock.lock()
    defer { lock.unlock() }
    if let result { return result }
    // Both pipes are read together, so a child that fills one cannot block on it.
    var collected: [Int32: [UInt8]] = [outputFD: [], errorFD: []]
    var open = [outputFD, errorFD]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !open.isEmpty {
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
      for entry in fds where entry.revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          collected[entry.fd, default: []] += buffer[0..<count]
        } else if count == 0 || errno != EINTR {
          open.removeAll { $0 == entry.fd }
          close(entry.fd)
        }
      }
    }
    for fd in open { close(fd) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    let finished = Result(
      status: exit, output: String(decoding: collected[outputFD] ?? [], as: UTF8.self),
      errors: String(decoding: collected[errorFD] ?? [], as: UTF8.self))
    result = finished
    return finished
  }
}
