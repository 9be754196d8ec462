import Foundation
import Testing
import Three20Core

#if canImport(Glibc)
import Glibc
#endif

/// The file steps the modules share touch regular files only and replace nothing.
@Suite("TTFileSafety")
struct TTFileSafetyTests {
  /// A new folder for one test, removed by the test.
  private static func makeFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tt-files-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  @Test func examineNamesEachKindWithoutFollowingOrOpening() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/to-device", withDestinationPath: "/dev/null")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/dangling", withDestinationPath: folder + "/none")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/loop", withDestinationPath: folder + "/loop")

    guard case .regular = TTFileSafety.examine(file) else {
      Issue.record("a regular file was not seen as one")
      return
    }
    #expect(TTFileSafety.examine(folder + "/none") == .missing)
    #expect(TTFileSafety.examine(file + "/below-a-file") == .missing)
    #expect(TTFileSafety.examine(folder) == .other("a directory"))
    #expect(TTFileSafety.examine(fifo) == .other("a FIFO (named pipe)"))
    #expect(TTFileSafety.examine("/dev/null") == .other("a character device"))
    #expect(
      TTFileSafety.examine(folder + "/to-device")
        == .other("a symbolic link to a character device (\"/dev/null\")"))
    #expect(
      TTFileSafety.examine(folder + "/dangling") == .other("a symbolic link to nothing (\"\(folder)/none\")"))
    #expect(
      TTFileSafety.examine(folder + "/loop") == .other("a symbolic link in a loop (\"\(folder)/loop\")"))
  }

  @Test func readingStopsAtTheLimitAndRefusesWhatIsNotAFile() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/file"
    try Data(repeating: 7, count: 200_000).write(to: URL(fileURLWithPath: file))
    let read = try TTFileSafety.readRegularFile(file, limit: 100_001).get()
    #expect(read.bytes.count == 100_001)
    guard case .regular(let identity) = TTFileSafety.examine(file) else {
      Issue.record("the file is gone")
      return
    }
    #expect(read.file == identity)

    // A FIFO with no writer: opening it for reading would wait forever.
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(TTFileSafety.readRegularFile(fifo, limit: 10).failure == .notRegular("a FIFO (named pipe)"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: file)
    #expect(
      TTFileSafety.readRegularFile(folder + "/link", limit: 10).failure == .notRegular("a symbolic link"))
    #expect(TTFileSafety.readRegularFile(folder, limit: 10).failure == .notRegular("a directory"))
  }

  @Test func movingAsideNeverReplacesWhatIsThere() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/state"
    let taken = folder + "/state.bad"
    try Data("live".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: taken + "/inside"))

    #expect(TTFileSafety.moveWithoutReplacing(file, to: taken) == .taken)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "live")
    #expect(try String(contentsOfFile: taken + "/inside", encoding: .utf8) == "keep")

    #expect(TTFileSafety.moveWithoutReplacing(file, to: folder + "/state.bad.2") == .moved)
    #expect(TTFileSafety.examine(file) == .missing)
    #expect(try String(contentsOfFile: folder + "/state.bad.2", encoding: .utf8) == "live")
  }

  @Test func newFilesNeverTruncateWhatIsThere() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/new"
    try TTFileSafety.writeNewFile(file, bytes: Array("first".utf8))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "first")
    var info = stat()
    #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)

    #expect(throws: TTFileSafety.WriteFailure(EEXIST)) {
      try TTFileSafety.writeNewFile(file, bytes: Array("second".utf8))
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "first")

    let exact = folder + "/exact"
    try TTFileSafety.writeNewFile(exact, bytes: [], permissions: 0o640, exactly: true)
    #expect(stat(exact, &info) == 0 && info.st_mode & 0o777 == 0o640)
  }
}

extension Result {
  /// The error, or `nil` for a success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
