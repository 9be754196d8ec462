import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File writes that never leave a half-written project: everything is written to a temporary
/// place beside the destination first, then moved into place with `rename(2)`.
enum TTFileOperations {
  /// The names in a directory, sorted; empty when it does not exist.
  static func contents(of directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  /// Whether something exists at `url`, and whether it is a directory.
  static func existence(of url: URL) -> (exists: Bool, isDirectory: Bool) {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    return (exists, isDirectory.boolValue)
  }

  /// Writes `files` into `directory`: into a new sibling temporary directory, then moved.
  ///
  /// When `directory` does not exist or is empty, the whole temporary directory is renamed to
  /// it. Otherwise (only with `--force`) each file is renamed over its destination, so every
  /// file is either the old one or the new one in full.
  static func writeProject(_ files: [TTPlannedFile], to directory: URL) throws(TTModuleToolError) {
    let parent = directory.deletingLastPathComponent()
    let staging = parent.appendingPathComponent(
      ".ttmodule-\(directory.lastPathComponent)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
    } catch {
      throw TTModuleToolError(
        .ioFailure, "cannot create a temporary directory in \(parent.path): \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: staging) }
    do {
      for file in files {
        let target = staging.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: target)
      }
    } catch {
      throw TTModuleToolError(
        .ioFailure, "cannot write the project in \(staging.path): \(error.localizedDescription)")
    }
    let state = existence(of: directory)
    if !state.exists || contents(of: directory).isEmpty {
      if state.exists { try? FileManager.default.removeItem(at: directory) }
      try move(staging, to: directory)
      return
    }
    for file in files {
      let target = directory.appendingPathComponent(file.path)
      do {
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw TTModuleToolError(
          .ioFailure, "cannot create \(target.deletingLastPathComponent().path): \(error)")
      }
      try move(staging.appendingPathComponent(file.path), to: target)
    }
  }

  /// Replaces one file atomically: writes a temporary file beside it, then renames it over.
  static func replaceFile(at url: URL, with bytes: [UInt8]) throws(TTModuleToolError) {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).ttmodule-\(UUID().uuidString)")
    do {
      try Data(bytes).write(to: temporary)
    } catch {
      throw TTModuleToolError(.ioFailure, "cannot write \(temporary.path): \(error.localizedDescription)")
    }
    // Keep the file's permissions.
    if let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let permissions = attributes[.posixPermissions]
    {
      try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
    }
    do {
      try move(temporary, to: url)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }

  /// Renames `source` to `destination`, replacing a file there (one `rename(2)` call).
  static func move(_ source: URL, to destination: URL) throws(TTModuleToolError) {
    if rename(source.path, destination.path) != 0 {
      let reason = String(cString: strerror(errno))
      throw TTModuleToolError(.ioFailure, "cannot move \(source.path) to \(destination.path): \(reason)")
    }
  }
}
