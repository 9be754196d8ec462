import Foundation
import Three20
import Three20Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File writes that never leave a half-written project and never replace what they should not.
///
/// - Everything is written to a temporary place beside the destination first, then moved into
///   place with `rename(2)`.
/// - Symbolic links are followed deliberately: a project directory that is a link to a directory
///   is written *into* the directory it points to, and a file that is a link to a regular file
///   (`Package.swift`, or a file `new --force` replaces) has the file it points to replaced. The
///   link itself is never replaced. A link to nothing, or to something that is neither, is
///   refused.
/// - A directory that cannot be written (no write permission, for the user or — as root — for
///   anyone) and a read-only file are refused, before anything is written; their permissions
///   are never changed.
/// - Only regular files are replaced or read: a folder, FIFO, socket or device where a file
///   should be is refused.
enum TTFileOperations {
  /// The largest `Package.swift` or source file read: 4 MiB.
  static let maximumReadSize = 4 * 1024 * 1024

  /// What is at a path, with a link at its end followed.
  enum Kind: Equatable {
    /// Nothing (or a folder on the way is missing).
    case missing
    /// A directory; `resolved` is the directory itself when the path is a link to it.
    case directory(resolved: URL, throughLink: Bool)
    /// A regular file; `resolved` is the file itself when the path is a link to it.
    case file(resolved: URL, throughLink: Bool)
    /// Anything else, described: `a FIFO (named pipe)`, `a symbolic link to nothing`, …
    case other(String)
  }

  /// Looks at a path: what it is, and where a link at its end leads.
  static func kind(of url: URL) -> Kind {
    var info = stat()
    guard lstat(url.path, &info) == 0 else {
      return errno == ENOENT || errno == ENOTDIR ? .missing : .other("unreadable (\(reason(errno)))")
    }
    var throughLink = false
    var resolved = url
    if info.st_mode & S_IFMT == S_IFLNK {
      throughLink = true
      guard stat(url.path, &info) == 0 else {
        let code = errno
        if code == ENOENT || code == ENOTDIR { return .other("a symbolic link to nothing (it dangles)") }
        return .other("a symbolic link that cannot be followed (\(reason(code)))")
      }
      guard let real = realpath(url.path, nil) else {
        return .other("a symbolic link that cannot be followed")
      }
      resolved = URL(fileURLWithPath: String(cString: real))
      free(real)
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory(resolved: resolved, throughLink: throughLink)
    case S_IFREG: return .file(resolved: resolved, throughLink: throughLink)
    default:
      let name = TTFileSafety.describe(mode: info.st_mode)
      return .other(throughLink ? "a symbolic link to \(name)" : name)
    }
  }

  /// Whether a file or directory may be written: the system allows it (`access(2)`) and its
  /// permissions give someone write access (so a file or directory marked read-only is
  /// refused even for root, whom `access` always allows).
  static func isWritable(_ url: URL) -> Bool {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return false }
    return access(url.path, W_OK) == 0 && info.st_mode & 0o222 != 0
  }

  /// The mode as `ls` shows it, for messages: `r-xr-xr-x`.
  static func permissions(of url: URL) -> String {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return "unknown" }
    let letters = Array("rwxrwxrwx")
    return String((0..<9).map { info.st_mode & (0o400 >> mode_t($0)) != 0 ? letters[$0] : "-" })
  }

  static func reason(_ code: Int32) -> String { TTFileSafety.reason(code) }

  /// A path in a message: quoted, control characters escaped.
  static func shown(_ url: URL) -> String { shown(url.path) }

  /// A path in a message: quoted, control characters escaped.
  static func shown(_ path: String) -> String { TTMessageText.quoted(path, limit: 1024) }

  /// The names in a directory, sorted; empty when it does not exist.
  static func contents(of directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  /// Whether something exists at `url`, and whether it is a directory (links followed).
  static func existence(of url: URL) -> (exists: Bool, isDirectory: Bool) {
    switch kind(of: url) {
    case .missing: (false, false)
    case .directory: (true, true)
    case .file, .other: (true, false)
    }
  }

  /// Reads a regular file (or the file a link leads to) of at most ``maximumReadSize`` bytes.
  ///
  /// - Returns: The bytes, or `nil` when nothing is there.
  /// - Throws: ``TTModuleToolError`` when something other than a regular file is there, it is
  ///   too large or it cannot be read. Nothing is opened that could block (a FIFO).
  static func readRegularFile(_ url: URL, what: String) throws(TTModuleToolError) -> [UInt8]? {
    switch kind(of: url) {
    case .missing: return nil
    case .directory: throw TTModuleToolError(.refused, "\(shown(url)) is a directory, not \(what).")
    case .other(let name): throw TTModuleToolError(.refused, "\(shown(url)) is \(name), not \(what).")
    case .file(let resolved, _):
      // The path is the link's target itself (realpath), so nothing is left to follow.
      switch TTFileSafety.readRegularFile(resolved.path, limit: maximumReadSize + 1) {
      case .success(let read):
        guard read.bytes.count <= maximumReadSize else {
          throw TTModuleToolError(
            .refused, "\(shown(url)) is larger than \(maximumReadSize) bytes; it is not \(what).")
        }
        return read.bytes
      case .failure(.notRegular):
        throw TTModuleToolError(.refused, "\(shown(url)) changed while it was read; run again.")
      case .failure(.failed(let why)):
        throw TTModuleToolError(.ioFailure, "cannot read \(shown(url)): \(why).")
      }
    }
  }

  /// Where a file may be written in place of what is at `url`: `url` itself when nothing is
  /// there, the file itself when a writable regular file is there, or the regular file a link
  /// leads to.
  ///
  /// - Throws: ``TTModuleToolError`` (``TTModuleToolError/Kind/refused``) for a read-only file,
  ///   a directory, a link to nothing, or anything else that is not a regular file.
  static func replaceableTarget(for url: URL) throws(TTModuleToolError) -> URL {
    switch kind(of: url) {
    case .missing: return url
    case .directory:
      throw TTModuleToolError(
        .refused,
        "\(shown(url)) is a directory where a file goes; ttmodule does not replace it. Move it away "
          + "and run again.")
    case .other(let name):
      throw TTModuleToolError(
        .refused,
        "\(shown(url)) is \(name), not a regular file; ttmodule does not replace it. Move it away and "
          + "run again.")
    case .file(let resolved, let throughLink):
      guard isWritable(resolved) else {
        let target = throughLink ? " (the file it links to, \(shown(resolved)))" : ""
        throw TTModuleToolError(
          .refused,
          "\(shown(url))\(target) is read-only (\(permissions(of: resolved))); ttmodule does not "
            + "overwrite read-only files. Make it writable (chmod u+w) and run again. Nothing was changed.")
      }
      return resolved
    }
  }

  /// Refuses a path inside the project that a link leads out of it: `new --force` writes the
  /// project's own files, never what a link planted in the directory points to (`~/.bashrc`).
  ///
  /// - Parameters:
  ///   - root: The project directory, links resolved.
  ///   - resolved: Where the path leads, links resolved.
  ///   - given: The path as planned, for the message.
  static func requireInside(_ root: URL, _ resolved: URL, shownAs given: URL) throws(TTModuleToolError) {
    let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
    guard resolved.path != root.path, !resolved.path.hasPrefix(rootPath) else { return }
    throw TTModuleToolError(
      .refused,
      "\(shown(given)) is a symbolic link that leads out of the project, to \(shown(resolved)); "
        + "ttmodule writes only inside the project. Move the link away and run again. Nothing was written.")
  }

  /// Refuses a directory that cannot be written into.
  static func requireWritableDirectory(_ directory: URL, shownAs given: URL) throws(TTModuleToolError) {
    guard isWritable(directory) else {
      let target = directory.path == given.path ? "" : " (where the link leads, \(shown(directory)))"
      throw TTModuleToolError(
        .refused,
        "\(shown(given))\(target) is not writable (\(permissions(of: directory))); ttmodule does not "
          + "change permissions. Make it writable (chmod u+w) or choose another PATH. Nothing was written.")
    }
  }

  /// Writes `files` into `directory`.
  ///
  /// When `directory` does not exist, the files go into a new sibling temporary directory that
  /// is then renamed to it. When it exists (empty, or with `--force`), it must be a writable
  /// directory (or a link to one; the files go where it leads). Every destination is checked
  /// first (see ``replaceableTarget(for:)``), then every file is written beside its destination,
  /// then each is renamed into place; a failure before the renames removes what was written.
  static func writeProject(_ files: [TTPlannedFile], to directory: URL) throws(TTModuleToolError) {
    switch kind(of: directory) {
    case .missing: try writeNewProject(files, to: directory)
    case .directory(let resolved, _):
      try requireWritableDirectory(resolved, shownAs: directory)
      try writeFiles(files, into: resolved)
    case .file:
      throw TTModuleToolError(
        .refused, "\(shown(directory)) is a file, not a directory. Choose another PATH.")
    case .other(let name):
      throw TTModuleToolError(
        .refused, "\(shown(directory)) is \(name), not a directory. Choose another PATH.")
    }
  }

  private static func writeNewProject(_ files: [TTPlannedFile], to directory: URL) throws(TTModuleToolError) {
    let parent = directory.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw TTModuleToolError(
        .ioFailure, "cannot create \(shown(parent)): \(TTMessageText.escaped(error.localizedDescription)).")
    }
    try requireWritableDirectory(parent, shownAs: parent)
    let staging = parent.appendingPathComponent(
      ".ttmodule-\(directory.lastPathComponent)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
    } catch {
      throw TTModuleToolError(
        .ioFailure,
        "cannot create a temporary directory in \(shown(parent)): "
          + TTMessageText.escaped(error.localizedDescription) + ".")
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
        .ioFailure,
        "cannot write the project in \(shown(staging)): \(TTMessageText.escaped(error.localizedDescription))."
      )
    }
    // rename(2) would replace an empty directory made meanwhile; refuse anything there now.
    guard kind(of: directory) == .missing else {
      throw TTModuleToolError(
        .refused, "\(shown(directory)) appeared while the project was written; nothing was changed there.")
    }
    try move(staging, to: directory)
  }

  /// Writes the files into an existing directory: checks, writes beside, renames.
  private static func writeFiles(_ files: [TTPlannedFile], into directory: URL) throws(TTModuleToolError) {
    // 1. Checks: nothing written yet.
    var targets: [URL] = []
    var folders: [URL] = []
    for file in files {
      var folder = directory
      for component in file.path.split(separator: "/").dropLast() {
        folder = folder.appendingPathComponent(String(component))
        switch kind(of: folder) {
        case .missing: if !folders.contains(folder) { folders.append(folder) }
        case .directory(let resolved, _):
          try requireInside(directory, resolved, shownAs: folder)
          try requireWritableDirectory(resolved, shownAs: folder)
        case .file:
          throw TTModuleToolError(
            .refused, "\(shown(folder)) is a file where a directory goes. Move it away and run again.")
        case .other(let name):
          throw TTModuleToolError(
            .refused, "\(shown(folder)) is \(name) where a directory goes. Move it away and run again.")
        }
      }
      let given = directory.appendingPathComponent(file.path)
      let target = try replaceableTarget(for: given)
      try requireInside(directory, target, shownAs: given)
      targets.append(target)
    }
    // 2. Folders and temporary files; undone on failure.
    var made: [URL] = []
    var temporaries: [URL] = []
    func undo() {
      for temporary in temporaries { unlink(temporary.path) }
      for folder in made.reversed() { rmdir(folder.path) }
    }
    for folder in folders {
      guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
        let code = errno
        undo()
        throw TTModuleToolError(.ioFailure, "cannot create \(shown(folder)): \(reason(code)).")
      }
      made.append(folder)
    }
    for (file, target) in zip(files, targets) {
      let temporary = target.deletingLastPathComponent()
        .appendingPathComponent(".\(target.lastPathComponent).ttmodule-\(UUID().uuidString)")
      do {
        try writeNewFile(temporary, bytes: Array(file.contents.utf8), permissionsOf: target)
      } catch {
        undo()
        throw error
      }
      temporaries.append(temporary)
    }
    // 3. Into place.
    for (index, (temporary, target)) in zip(temporaries, targets).enumerated() {
      do {
        try move(temporary, to: target)
      } catch {
        for left in temporaries[index...] { unlink(left.path) }
        throw error
      }
    }
  }

  /// Replaces one regular file atomically: writes a temporary file beside it (or beside the
  /// file a link leads to), then renames it over.
  ///
  /// - Throws: ``TTModuleToolError`` when the file is read-only or not a regular file (see
  ///   ``replaceableTarget(for:)``), or writing fails.
  static func replaceFile(at url: URL, with bytes: [UInt8]) throws(TTModuleToolError) {
    let target = try replaceableTarget(for: url)
    let temporary = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).ttmodule-\(UUID().uuidString)")
    try writeNewFile(temporary, bytes: bytes, permissionsOf: target)
    do {
      try move(temporary, to: target)
    } catch {
      unlink(temporary.path)
      throw error
    }
  }

  /// Creates a new file (failing if anything is there) with the permissions of `model` when it
  /// exists, and writes `bytes` into it.
  private static func writeNewFile(
    _ url: URL, bytes: [UInt8], permissionsOf model: URL
  ) throws(TTModuleToolError) {
    var info = stat()
    let replacing = stat(model.path, &info) == 0
    let mode: mode_t = replacing ? info.st_mode & 0o7777 : 0o666
    // A replaced file keeps its permissions, whatever the umask; a new one follows the umask.
    do {
      try TTFileSafety.writeNewFile(url.path, bytes: bytes, permissions: mode, exactly: replacing)
    } catch {
      throw TTModuleToolError(.ioFailure, "cannot write \(shown(url)): \(error.reason).")
    }
  }

  /// Renames `source` to `destination`, replacing a file there (one `rename(2)` call).
  static func move(_ source: URL, to destination: URL) throws(TTModuleToolError) {
    if rename(source.path, destination.path) != 0 {
      throw TTModuleToolError(
        .ioFailure, "cannot move \(shown(source)) to \(shown(destination)): \(reason(errno)).")
    }
  }
}
