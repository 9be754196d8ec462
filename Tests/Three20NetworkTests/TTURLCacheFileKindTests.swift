import Foundation
import Glibc
import Testing
import Three20Core
import Three20Network

/// Recovery moves aside only regular files: a directory, a symbolic link, a FIFO, a socket or
/// a device where the cache file (or its `-wal`, `-shm` or `-journal` file) should be is left
/// exactly as it is, the cache works in memory, and the problem names the path and its kind.
@Suite("TTURLCache and what is at its path")
struct TTURLCacheFileKindTests {
  /// What `lstat` says is at a path: its type bits, and a symbolic link's target.
  struct Kind: Equatable {
    var type: mode_t
    var target: String?

    init?(_ path: String) {
      var info = stat()
      guard lstat(path, &info) == 0 else { return nil }
      type = info.st_mode & S_IFMT
      target = type == S_IFLNK ? try? FileManager.default.destinationOfSymbolicLink(atPath: path) : nil
    }
  }

  /// The device number of `/dev/null` (major 1, minor 3; glibc's `makedev` is a macro Swift
  /// cannot call).
  static let nullDevice: dev_t = (1 << 8) | 3

  /// Whether this process can make device nodes (root with `CAP_MKNOD`): tried once in a
  /// directory of its own.
  static let canMakeDevices: Bool = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tt-cache-mknod-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil
    else { return false }
    defer { try? FileManager.default.removeItem(at: directory) }
    return mknod(directory.appendingPathComponent("null").path, S_IFCHR | 0o666, nullDevice) == 0
  }()

  /// Opens `name` in `directory`, where `path` holds something that is not a regular file, and
  /// checks that it is refused and left as it was.
  ///
  /// - Parameters:
  ///   - kind: The words the problem must use for it, such as `a FIFO`.
  func expectRefusal(
    name: String, in directory: URL, path: String, kind: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let before = try #require(Kind(path), sourceLocation: sourceLocation)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let cache = try await openWithoutHanging(name: name, in: directory, unblocking: path)
    let problem = try #require(cache.diskProblem, sourceLocation: sourceLocation)
    #expect(problem.code == .cacheUnavailable, "\(problem)", sourceLocation: sourceLocation)
    #expect(
      problem.message.contains(TTMessageText.quoted(path)), "\(problem)", sourceLocation: sourceLocation)
    #expect(problem.message.contains(kind), "\(problem)", sourceLocation: sourceLocation)
    #expect(Kind(path) == before, sourceLocation: sourceLocation)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == names,
      sourceLocation: sourceLocation)
    // The cache still works, in memory.
    cache.store(makeEntry("m"))
    #expect(cache.entry(forKey: key("m")) != nil, sourceLocation: sourceLocation)
    #expect(Kind(path) == before, sourceLocation: sourceLocation)
  }

  /// What a thread opening a cache left: the cache or the error.
  final class Opening: @unchecked Sendable {
    var result: Result<TTURLCache, TTNetworkError>?
    let done = DispatchSemaphore(value: 0)
  }

  /// Opens the cache on a thread of its own; if that blocks (on a FIFO) for 10 s, records an
  /// issue and opens `path` for writing so the thread can finish.
  func openWithoutHanging(name: String, in directory: URL, unblocking path: String) async throws -> TTURLCache
  {
    let opening = Opening()
    Thread {
      opening.result = Result { () throws(TTNetworkError) in try TTURLCache(name: name, directory: directory)
      }
      opening.done.signal()
    }.start()
    let finished = try await onOwnThread { opening.done.wait(timeout: .now() + 10) == .success }
    if !finished {
      Issue.record("opening the cache hung on \(path)")
      let writer = open(path, O_WRONLY | O_NONBLOCK)
      if writer >= 0 {
        _ = "garbage".withCString { write(writer, $0, 7) }
        close(writer)
      }
      try await onOwnThread { opening.done.wait() }
    }
    return try #require(opening.result).get()
  }

  /// A directory where the file should be is left with its contents.
  @Test func directoriesAreLeftAlone() async throws {
    try await withTemporaryDirectory { directory in
      let folder = directory.appendingPathComponent("Folder.sqlite")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("x".utf8).write(to: folder.appendingPathComponent("inside.txt"))
      try await expectRefusal(name: "Folder", in: directory, path: folder.path, kind: "a directory")
      #expect(FileManager.default.contents(atPath: folder.path + "/inside.txt") == Data("x".utf8))
    }
  }

  /// A symbolic link (to a damaged file, to nothing, to `/dev/null`) is neither followed nor
  /// moved.
  @Test(arguments: ["file", "nothing", "/dev/null"])
  func symbolicLinksAreLeftAlone(target: String) async throws {
    try await withTemporaryDirectory { directory in
      let link = directory.appendingPathComponent("Link.sqlite").path
      var destination = target
      if target == "file" {
        destination = directory.appendingPathComponent("elsewhere.bin").path
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: destination))
      } else if target == "nothing" {
        destination = directory.appendingPathComponent("missing").path
      }
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
      try await expectRefusal(name: "Link", in: directory, path: link, kind: "a symbolic link")
      if target == "file" {
        #expect(FileManager.default.contents(atPath: destination) == Data(repeating: 0x42, count: 4096))
      }
      #expect(!FileManager.default.fileExists(atPath: "/dev/null-wal"))
    }
  }

  /// A FIFO is refused without opening it (which would wait for a writer forever).
  @Test(.timeLimit(.minutes(1))) func fifosAreLeftAloneWithoutHanging() async throws {
    try await withTemporaryDirectory { directory in
      let fifo = directory.appendingPathComponent("Pipe.sqlite").path
      #expect(mkfifo(fifo, 0o644) == 0)
      try await expectRefusal(name: "Pipe", in: directory, path: fifo, kind: "a FIFO")
    }
  }

  /// A socket is refused.
  @Test func socketsAreLeftAlone() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("Socket.sqlite").path
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      #expect(descriptor >= 0)
      defer { close(descriptor) }
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      #expect(bound == 0)
      try await expectRefusal(name: "Socket", in: directory, path: path, kind: "a socket")
    }
  }

  /// A device node is refused (only root can make one to test with).
  @Test(.enabled(if: canMakeDevices, "needs root with CAP_MKNOD")) func devicesAreLeftAlone() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("Device.sqlite").path
      #expect(mknod(path, S_IFCHR | 0o666, Self.nullDevice) == 0)
      try await expectRefusal(name: "Device", in: directory, path: path, kind: "a character device")
    }
  }

  /// A `-wal`, `-shm` or `-journal` that is not a regular file stops the recovery of a damaged
  /// file before anything moves: the damaged file stays too.
  @Test(arguments: ["-wal", "-shm", "-journal"])
  func companionsThatAreNotFilesStopTheRecovery(suffix: String) async throws {
    try await withTemporaryDirectory { directory in
      let main = directory.appendingPathComponent("Pair.sqlite").path
      let garbage = Data(repeating: 0x42, count: 4096)
      try garbage.write(to: URL(fileURLWithPath: main))
      let companion = main + suffix
      try FileManager.default.createDirectory(atPath: companion, withIntermediateDirectories: false)
      try await expectRefusal(name: "Pair", in: directory, path: companion, kind: "a directory")
      #expect(FileManager.default.contents(atPath: main) == garbage)
    }
  }

  /// A FIFO as the `-wal` of a sound file is refused without hanging.
  @Test(.timeLimit(.minutes(1))) func aFIFOAsTheLogOfASoundFileDoesNotHang() async throws {
    try await withTemporaryDirectory { directory in
      do {
        let cache = try TTURLCache(name: "Sound", directory: directory)
        cache.store(makeEntry("a"))
      }
      let wal = directory.appendingPathComponent("Sound.sqlite-wal").path
      try? FileManager.default.removeItem(atPath: wal)
      #expect(mkfifo(wal, 0o644) == 0)
      try await expectRefusal(name: "Sound", in: directory, path: wal, kind: "a FIFO")
    }
  }

  /// Whatever is already at the names a damaged file would be moved to (here dangling symbolic
  /// links for the next seconds) is never replaced: the file goes to a free name.
  @Test func takenDestinationsAreNeverReplaced() async throws {
    try await withTemporaryDirectory { directory in
      let main = directory.appendingPathComponent("Taken.sqlite").path
      let garbage = Data(repeating: 0x42, count: 4096)
      try garbage.write(to: URL(fileURLWithPath: main))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      var taken: [String] = []
      let now = Date()
      for second in -1...20 {
        let parts = calendar.dateComponents(
          [.year, .month, .day, .hour, .minute, .second], from: now.addingTimeInterval(Double(second)))
        let stamp = String(
          format: "%04d%02d%02dT%02d%02d%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!,
          parts.minute!,
          parts.second!)
        let name = "\(main).corrupt-\(stamp)"
        try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: "nowhere-\(second)")
        taken.append(name)
      }
      let cache = try TTURLCache(name: "Taken", directory: directory)
      #expect(cache.diskProblem?.code == .cacheCorrupted)
      for (index, name) in taken.enumerated() {
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: name) == "nowhere-\(index - 1)")
      }
      let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
        $0.hasPrefix("Taken.sqlite.corrupt-") && !taken.contains(directory.appendingPathComponent($0).path)
      }
      #expect(moved.count == 1, "\(moved)")
      #expect(
        FileManager.default.contents(atPath: directory.appendingPathComponent(moved.first ?? "").path)
          == garbage)
    }
  }

  /// A path with an escape sequence, a bell and a bidirectional override is quoted escaped in
  /// the problem, so printing it cannot retitle a terminal or reorder the message.
  @Test func pathsInProblemsAreEscaped() async throws {
    try await withTemporaryDirectory { directory in
      let hostile = directory.appendingPathComponent(
        "cache\u{1B}]0;pwned\u{07}\u{202E}txt", isDirectory: true)
      try FileManager.default.createDirectory(
        at: hostile.appendingPathComponent("Name.sqlite"), withIntermediateDirectories: true)
      let cache = try TTURLCache(name: "Name", directory: hostile)
      let problem = try #require(cache.diskProblem)
      #expect(problem.code == .cacheUnavailable)
      #expect(
        !problem.message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
      #expect(problem.message.contains("\\u{1B}]0;pwned\\u{07}\\u{202E}txt"), "\(problem)")
    }
  }
}
