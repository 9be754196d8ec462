import Foundation
import Synchronization
import Testing
import Three20Navigator

#if canImport(Glibc)
import Glibc
#endif

/// What may stand where the history file should be, other than a regular file.
enum NotAHistoryFile: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case directory, fifo, socket, linkToDevice, linkToDirectory, linkToRegularFile, danglingLink

  var testDescription: String { rawValue }

  /// The history a link points to (`linkToRegularFile`).
  static let linkedHistory = "{\"version\": 1, \"savedAt\": \"2020-01-01T00:00:00Z\", \"entries\": []}"

  /// The words the problem must use.
  var kind: String {
    switch self {
    case .directory: "a directory"
    case .fifo: "a FIFO"
    case .socket: "a socket"
    case .linkToDevice: "a symbolic link to a character device"
    case .linkToDirectory: "a symbolic link to a directory"
    case .linkToRegularFile: "a symbolic link to a regular file"
    case .danglingLink: "a symbolic link to nothing"
    }
  }

  /// Makes it at `path`; returns a descriptor to close afterwards (the socket's), or -1.
  func make(at path: String, in folder: URL) throws -> Int32 {
    switch self {
    case .directory:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try Data("keep me".utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent("inside.txt"))
    case .fifo:
      guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    case .socket:
      return try bindSocket(at: path)
    case .linkToDevice:
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
    case .linkToDirectory:
      let target = folder.appendingPathComponent("elsewhere")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
    case .linkToRegularFile:
      let target = folder.appendingPathComponent("real.json")
      try Data(Self.linkedHistory.utf8).write(to: target)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
    case .danglingLink:
      try FileManager.default.createSymbolicLink(
        atPath: path, withDestinationPath: folder.appendingPathComponent("nothing-here").path)
    }
    return -1
  }

  private func bindSocket(at path: String) throws -> Int32 {
    let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    return descriptor
  }
}

/// What is at a path, as `lstat` and `readlink` see it: the kind, the inode and a link's target.
func fileIdentity(_ path: String) -> String {
  var info = stat()
  guard lstat(path, &info) == 0 else { return "missing" }
  let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
  return "\(info.st_mode & S_IFMT) \(info.st_ino) \(target)"
}

/// Runs `body` on a thread of its own; `nil` when it blocked.
///
/// When `body` has not returned after 10 s, the FIFO at `fifo` is opened for writing, which
/// releases a reader blocked opening it, and the result is `nil`: the test fails instead of
/// hanging.
func withoutBlocking<T: Sendable>(onFIFO fifo: String, _ body: @escaping @Sendable () -> T) -> T? {
  let result = Mutex<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread {
    let value = body()
    result.withLock { $0 = value }
    done.signal()
  }.start()
  if done.wait(timeout: .now() + 10) == .success { return result.withLock { $0 } }
  let writer = open(fifo, O_WRONLY | O_NONBLOCK)
  if writer >= 0 { close(writer) }
  done.wait()
  return nil
}

extension TTNavigatorPersistenceTests {
  /// Whatever other than a regular file is at the store's path — a folder, a FIFO, a socket, a
  /// link to a device, a folder, a file or nothing — loading, saving and removing report it and
  /// leave it exactly as it is: nothing is opened that could block, moved aside or replaced.
  @Test(arguments: NotAHistoryFile.allCases)
  func nonRegularFilesAreLeftAlone(kind: NotAHistoryFile) throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let socket = try kind.make(at: file.path, in: folder)
      defer { if socket >= 0 { close(socket) } }
      let before = fileIdentity(file.path)
      let entriesBefore = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      let store = TTNavigatorPersistence(fileURL: file)
      #expect(store.fileProblem().map { "\($0)".contains("is \(kind.kind)") } == true)
      try withStackLogCapture { captured in
        let loaded = withoutBlocking(onFIFO: file.path) { store.load() }
        let result = try #require(loaded, "load() blocked on \(kind.kind)")
        guard case .fresh(.notARegularFile(let found)) = result else {
          Issue.record("load() gave \(result)")
          return
        }
        #expect(found.hasPrefix(kind.kind))
        let warnings = captured.warnings(containing: "\"\(file.path)\" is \(kind.kind)")
        #expect(warnings.count == 1, "\(captured.warnings(containing: ""))")
        #expect(warnings.first?.contains("left as it is") == true)
        #expect(!store.save(TTNavigatorHistory(entries: [.init(url: "tt://page/one")])))
        #expect(
          captured.warnings(containing: "Could not save the navigator history to \"\(file.path)\": it is")
            .count == 1)
        store.remove()
      }
      #expect(fileIdentity(file.path) == before)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == entriesBefore)
      if kind == .directory {
        #expect(try Data(contentsOf: file.appendingPathComponent("inside.txt")) == Data("keep me".utf8))
      }
      if kind == .linkToRegularFile {
        #expect(
          try Data(contentsOf: folder.appendingPathComponent("real.json"))
            == Data(NotAHistoryFile.linkedHistory.utf8))
      }
    }
  }

  /// A damaged history goes to a fresh name: an existing `.bad` (a folder with files, here) and
  /// `.bad.2` are kept as they were.
  @Test func existingBadFilesAreNeverReplaced() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      try Data("damaged".utf8).write(to: file)
      let aside = folder.appendingPathComponent("nav.json.bad")
      try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
      try Data("older".utf8).write(to: aside.appendingPathComponent("inside.txt"))
      try Data("second".utf8).write(to: folder.appendingPathComponent("nav.json.bad.2"))
      withStackLogCapture { captured in
        #expect(TTNavigatorPersistence(fileURL: file).load() == .fresh(.corrupt("not valid JSON")))
        #expect(captured.warnings(containing: "moved to \"\(file.path).bad.3\"").count == 1)
      }
      #expect(try Data(contentsOf: aside.appendingPathComponent("inside.txt")) == Data("older".utf8))
      #expect(try Data(contentsOf: folder.appendingPathComponent("nav.json.bad.2")) == Data("second".utf8))
      #expect(try Data(contentsOf: folder.appendingPathComponent("nav.json.bad.3")) == Data("damaged".utf8))
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }

  /// When every name for a bad file is taken, the damaged history stays where it is and the
  /// warning says what to do; nothing is replaced.
  @Test func badFileStaysWhenEveryAsideNameIsTaken() throws {
    try withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      try Data("damaged".utf8).write(to: file)
      let names = ["nav.json.bad"] + (2...100).map { "nav.json.bad.\($0)" }
      for name in names { try Data(name.utf8).write(to: folder.appendingPathComponent(name)) }
      withStackLogCapture { captured in
        #expect(TTNavigatorPersistence(fileURL: file).load() == .fresh(.corrupt("not valid JSON")))
        #expect(captured.warnings(containing: "could not be moved aside").count == 1)
      }
      #expect(try Data(contentsOf: file) == Data("damaged".utf8))
      for name in names {
        #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data(name.utf8))
      }
    }
  }

  /// A regular file or a free path has no problem; the check opens nothing.
  @Test func fileProblemIsNilForAFileOrAFreePath() {
    withStackTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nav.json")
      let store = TTNavigatorPersistence(fileURL: file)
      #expect(store.fileProblem() == nil)
      #expect(store.save(TTNavigatorHistory(entries: [.init(url: "tt://page/one")])))
      #expect(store.fileProblem() == nil)
      store.remove()
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }
}
