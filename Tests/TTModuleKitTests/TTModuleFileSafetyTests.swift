import ArgumentParser
import Foundation
import Synchronization
import TTModuleKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `new` and `add` never replace what they should not: links are followed on purpose, read-only
/// files and directories are refused, and only regular files are read or replaced.
@Suite struct TTModuleFileSafetyTests {
  let tool = TTModuleTool()
  let source = TTThree20Source.path("/src/three20-swift")

  func new(_ path: String, force: Bool = false) throws -> String {
    try tool.newProject(at: path, name: "App", source: source, modules: ["Core"], force: force, dryRun: false)
  }

  func identity(_ path: String) -> (mode: mode_t, inode: UInt) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return (0, 0) }
    return (info.st_mode, UInt(info.st_ino))
  }

  func expectRefused(
    _ body: () throws -> Void, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) {
      try body()
    } throws: { error in
      guard let error = error as? TTModuleToolError else { return false }
      return error.kind == .refused && error.exitStatus == 65 && error.message.contains(text)
    }
  }

  /// A link to an empty directory stays a link: the project is written into the directory it
  /// leads to.
  @Test func newWritesThroughALinkToAnEmptyDirectory() throws {
    let temp = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: temp.path("real"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: temp.path("App"), withDestinationPath: temp.path("real"))
    let report = try new(temp.path("App"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: temp.path("App")) == temp.path("real"))
    #expect(FileManager.default.fileExists(atPath: temp.path("real/Package.swift")))
    #expect(report.contains("is a link to \(temp.path("real")); the files go there"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == ["App", "real"])
  }

  /// A link to nothing, or to something that is not a directory, is refused and left as it is.
  @Test(arguments: ["nothing", "/dev/null"])
  func newRefusesALinkThatLeadsNowhereUseful(target: String) throws {
    let temp = try TemporaryDirectory()
    let destination = target == "nothing" ? temp.path("missing") : target
    try FileManager.default.createSymbolicLink(atPath: temp.path("App"), withDestinationPath: destination)
    expectRefused({ _ = try new(temp.path("App")) }, mentioning: "a symbolic link to")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: temp.path("App")) == destination)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["App"])
  }

  /// An empty directory without write permission is refused, not replaced by a new one.
  @Test func newRefusesAReadOnlyEmptyDirectory() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(chmod(path, 0o555) == 0)
    defer { chmod(path, 0o755) }
    let before = identity(path)
    expectRefused({ _ = try new(path) }, mentioning: "is not writable (r-xr-xr-x)")
    #expect(identity(path) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["App"])
  }

  /// With --force, a read-only file of the same name is refused before anything is written.
  @Test func forceRefusesAReadOnlyFileAndWritesNothing() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(path)/README.md"))
    #expect(chmod("\(path)/README.md", 0o444) == 0)
    expectRefused({ _ = try new(path, force: true) }, mentioning: "README.md\" is read-only (r--r--r--)")
    #expect(try temp.read("App/README.md") == Array("mine".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["README.md"])
  }

  /// With --force, a directory or a FIFO where a file goes is refused, and nothing is written.
  @Test(arguments: ["directory", "fifo"])
  func forceRefusesWhatIsNotARegularFile(kind: String) throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    if kind == "directory" {
      try FileManager.default.createDirectory(atPath: "\(path)/README.md", withIntermediateDirectories: false)
    } else {
      #expect(mkfifo("\(path)/README.md", 0o600) == 0)
    }
    let before = identity("\(path)/README.md")
    expectRefused({ _ = try new(path, force: true) }, mentioning: "README.md\" is a")
    #expect(identity("\(path)/README.md") == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["README.md"])
  }

  /// With --force, a file or folder in the project that is a link leading out of it is
  /// refused: the file it points to (a `~/.bashrc`) is never replaced, and nothing is written.
  @Test(arguments: ["file", "folder"])
  func forceRefusesLinksThatLeadOutOfTheProject(kind: String) throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(atPath: temp.path("outside"), withIntermediateDirectories: false)
    try Data("precious".utf8).write(to: URL(fileURLWithPath: temp.path("outside/README.md")))
    let link = kind == "file" ? "\(path)/README.md" : "\(path)/Sources"
    let target = kind == "file" ? temp.path("outside/README.md") : temp.path("outside")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    expectRefused({ _ = try new(path, force: true) }, mentioning: "leads out of the project")
    #expect(try temp.read("outside/README.md") == Array("precious".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path("outside")) == ["README.md"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: path) == [kind == "file" ? "README.md" : "Sources"])
  }

  /// `add` refuses a read-only Package.swift and leaves its bytes and permissions alone.
  @Test func addRefusesAReadOnlyPackageSwift() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    _ = try new(path)
    let manifest = "\(path)/Package.swift"
    let before = try temp.read("App/Package.swift")
    #expect(chmod(manifest, 0o444) == 0)
    let identityBefore = identity(manifest)
    expectRefused(
      { _ = try tool.add(["Network"], project: path, dryRun: false) },
      mentioning: "Package.swift\" is read-only (r--r--r--); ttmodule does not overwrite read-only files")
    #expect(try temp.read("App/Package.swift") == before)
    #expect(identity(manifest) == identityBefore)
  }

  /// A Package.swift that is a link to a file stays a link; the file it leads to is updated.
  @Test func addWritesThroughALinkedPackageSwift() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    _ = try new(path)
    try FileManager.default.moveItem(atPath: "\(path)/Package.swift", toPath: temp.path("Package.real"))
    try FileManager.default.createSymbolicLink(
      atPath: "\(path)/Package.swift", withDestinationPath: temp.path("Package.real"))
    _ = try tool.add(["Network"], project: path, dryRun: false)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: "\(path)/Package.swift")
        == temp.path("Package.real"))
    let region = try TTManifestRegion.parse(temp.read("Package.real"))
    #expect(region.modules == ["Three20Core", "Three20Network"])
  }

  /// A Package.swift that is a FIFO is refused without blocking on it.
  @Test func addRefusesAFIFOPackageSwiftWithoutBlocking() throws {
    let temp = try TemporaryDirectory()
    let path = temp.path("App")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let manifest = "\(path)/Package.swift"
    #expect(mkfifo(manifest, 0o600) == 0)
    let finished = Atomic<Bool>(false)
    // Should `add` block opening the FIFO, this releases it, so the test fails instead of hanging.
    Thread {
      for _ in 0..<100 where !finished.load(ordering: .relaxed) { usleep(100_000) }
      guard !finished.load(ordering: .relaxed) else { return }
      let writer = open(manifest, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
    }.start()
    defer { finished.store(true, ordering: .relaxed) }
    let started = ContinuousClock.now
    expectRefused({ _ = try tool.add(["Core"], project: path, dryRun: false) }, mentioning: "is a FIFO")
    #expect(ContinuousClock.now - started < .seconds(5), "add blocked on the FIFO")
    var info = stat()
    #expect(lstat(manifest, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  /// Names, paths and file contents quoted in messages have their control characters escaped.
  @Test func controlCharactersInMessagesAreEscaped() throws {
    let hostile = "\u{1B}]0;pwned\u{07}"
    var messages: [String] = []
    do {
      _ = try tool.dependencies(of: [hostile], json: false)
    } catch {
      messages.append(error.message)
    }
    let temp = try TemporaryDirectory()
    do {
      _ = try tool.add(["Core"], project: temp.path("x\(hostile)"), dryRun: false)
    } catch {
      messages.append(error.message)
    }
    do {
      _ = try tool.newProject(
        at: temp.path("App"), name: "a\(hostile)", source: source, modules: ["Core"], force: false,
        dryRun: true)
    } catch {
      messages.append(error.message)
    }
    do {
      _ = try TTThree20Source.validated(url: "https://h/\(hostile)", from: "1.\u{1B}[2J")
    } catch {
      messages.append(error.message)
    }
    do {
      _ = try TTModuleCommand.parseAsRoot(["deps", "Core", "--\(hostile)"])
    } catch {
      messages.append(TTModuleCommand.errorMessage(for: error))
    }
    #expect(messages.count == 5)
    for message in messages {
      #expect(!message.contains("\u{1B}") && !message.contains("\u{07}"), "\(message)")
      #expect(message.contains("\\u{1B}"), "\(message)")
    }
  }
}
