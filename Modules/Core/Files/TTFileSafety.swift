package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system steps the modules take on paths that data or users name: each touches
/// regular files only, never follows a link it was not asked to, never opens anything that
/// could block, and never replaces or deletes what it did not write (package-internal).
///
/// - What is at a path is found with `lstat(2)`, so a FIFO is never opened (opening one for
///   reading waits for a writer forever), a device is never read and a link is never followed.
/// - A regular file is opened with `O_NOFOLLOW | O_NONBLOCK` and checked again with `fstat(2)`,
///   so a file swapped for something else in between is refused too.
/// - A file is moved aside with a hard link to the new name, which fails when the name is
///   taken, so nothing is ever replaced.
/// - A new file is created with `O_EXCL`, so nothing that is there is ever truncated.
///
/// Navigator's history file, Network's URL cache and downloads, and `ttmodule` use these.
package enum TTFileSafety {
  /// A regular file, by device and inode, to tell whether the file at a path is still the one
  /// that was looked at.
  package struct Identity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  /// What `lstat(2)` found at a path.
  package enum Entry: Sendable, Equatable {
    /// Nothing is there (or a folder on the way is missing or is a file).
    case missing
    /// A regular file.
    case regular(Identity)
    /// Something else, described with its article: `a directory`,
    /// `a symbolic link to a character device ("/dev/zero")`.
    case other(String)
    /// `lstat` failed otherwise (for example, permission denied on a folder on the way): why.
    case unknown(String)

    /// Whether a regular file is there.
    package var isRegularFile: Bool {
      if case .regular = self { true } else { false }
    }
  }

  /// Looks at a path without following a link at its end.
  ///
  /// - Parameter path: The path.
  /// - Returns: What is there.
  package static func examine(_ path: String) -> Entry {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      return code == ENOENT || code == ENOTDIR ? .missing : .unknown(reason(code))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(Identity(info))
    case S_IFLNK: return .other(describeLink(at: path))
    default: return .other(describe(mode: info.st_mode))
    }
  }

  /// A symbolic link described with what it leads to: `a symbolic link to a directory
  /// ("/srv/feeds")`, `a symbolic link to nothing ("old.json")`, `a symbolic link in a loop`.
  private static func describeLink(at path: String) -> String {
    let target =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: path))
      .map { " (" + TTMessageText.quoted($0, limit: 1024) + ")" } ?? ""
    var info = stat()
    if stat(path, &info) == 0 { return "a symbolic link to " + describe(mode: info.st_mode) + target }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return "a symbolic link to nothing" + target }
    if code == ELOOP { return "a symbolic link in a loop" + target }
    return "a symbolic link that cannot be followed (\(reason(code)))" + target
  }

  /// The kind of file a mode says, with its article: `a directory`, `a FIFO (named pipe)`.
  ///
  /// - Parameter mode: A `st_mode` from `stat(2)`.
  /// - Returns: The words.
  package static func describe(mode: UInt32) -> String {
    switch mode_t(mode) & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }

  /// Why a read gave no bytes.
  package enum ReadFailure: Error, Equatable {
    /// The path turned out not to be a regular file when opened: what it is.
    case notRegular(String)
    /// Opening or reading failed: why, in the system's words.
    case failed(String)
  }

  /// Reads at most `limit` bytes from the start of the regular file at `path`.
  ///
  /// A caller that must know whether the file is larger asks for one byte more than it
  /// accepts.
  ///
  /// - Parameters:
  ///   - path: The file; a link at its end is refused, not followed.
  ///   - limit: The most bytes read.
  /// - Returns: The bytes and the file they came from, or why there are none.
  package static func readRegularFile(
    _ path: String, limit: Int
  ) -> Result<(bytes: [UInt8], file: Identity), ReadFailure> {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ELOOP { return .failure(.notRegular("a symbolic link")) }
      return .failure(.failed(reason(code)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.failed(reason(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(describe(mode: info.st_mode))) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(65_536, max(1, limit)))
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count == 0 {
        break
      } else if errno != EINTR {
        return .failure(.failed(reason(errno)))
      }
    }
    return .success((bytes, Identity(info)))
  }

  /// How a move aside went.
  package enum Move: Sendable, Equatable {
    /// The file has its new name.
    case moved
    /// Something is already at the new name; nothing changed.
    case taken
    /// The move failed, for this reason; nothing changed.
    case failed(String)
  }

  /// Gives the file at `path` the name `destination`, only if nothing is there.
  ///
  /// A hard link to the new name (which fails when the name is taken), then the old name
  /// unlinked. On a file system without hard links: a rename after checking with `lstat` that
  /// the name is free (which leaves a moment in which another process could take it).
  ///
  /// - Parameters:
  ///   - path: The file to move.
  ///   - destination: Its new name.
  /// - Returns: What happened.
  package static func moveWithoutReplacing(_ path: String, to destination: String) -> Move {
    if link(path, destination) == 0 {
      if unlink(path) != 0 {
        // Both names are left; the new one must not stay as a second name of the live file.
        let why = reason(errno)
        unlink(destination)
        return .failed(why)
      }
      return .moved
    }
    let code = errno
    if code == EEXIST { return .taken }
    guard [EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, EMLINK].contains(code) else { return .failed(reason(code)) }
    guard case .missing = examine(destination) else { return .taken }
    return rename(path, destination) == 0 ? .moved : .failed(reason(errno))
  }

  /// A write that failed: the `errno` and the system's words for it.
  package struct WriteFailure: Error, Equatable {
    /// The error number.
    package var code: Int32
    /// The system's words for it.
    package var reason: String { TTFileSafety.reason(code) }

    package init(_ code: Int32) { self.code = code }
  }

  /// Creates a new file, failing if anything is at `path`, and writes `bytes` into it; on a
  /// failure the new file is removed.
  ///
  /// - Parameters:
  ///   - path: The new file.
  ///   - bytes: Its contents.
  ///   - permissions: Its permission bits.
  ///   - exactly: Whether the bits are set as given (`fchmod`) rather than filtered by the
  ///     umask.
  /// - Throws: ``WriteFailure`` with the `errno`.
  package static func writeNewFile(
    _ path: String, bytes: [UInt8], permissions: UInt32 = 0o600, exactly: Bool = false
  ) throws(WriteFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
    guard descriptor >= 0 else { throw WriteFailure(errno) }
    if exactly { fchmod(descriptor, mode_t(permissions)) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        let code = written < 0 ? errno : EIO
        close(descriptor)
        unlink(path)
        throw WriteFailure(code)
      }
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(path)
      throw WriteFailure(code)
    }
  }

  /// The system's words for an error number.
  ///
  /// - Parameter code: An `errno` value.
  /// - Returns: `strerror`'s text.
  package static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  // MARK: - The user's state folder

  /// The user's state folder: `XDG_STATE_HOME` when it is an absolute path, otherwise
  /// `$HOME/.local/state` (the XDG Base Directory rules).
  package static func stateDirectory(environment: [String: String]) -> URL {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state, isDirectory: true)
    }
    let home: URL
    if let path = environment["HOME"], path.hasPrefix("/") {
      home = URL(fileURLWithPath: path, isDirectory: true)
    } else {
      home = FileManager.default.homeDirectoryForCurrentUser
    }
    return home.appendingPathComponent(".local/state", isDirectory: true)
  }

  /// A file of an app in the user's state folder: `<state folder>/<application>/<name>.json`,
  /// with characters other than letters, digits, `.`, `-` and `_` in both names made `_`, so
  /// neither can leave the folder (an empty or dots-only name becomes its fallback).
  package static func stateFile(
    application: String, name: String, fallbackName: String, environment: [String: String]
  ) -> URL {
    stateDirectory(environment: environment)
      .appendingPathComponent(safeComponent(application, fallback: "three20"), isDirectory: true)
      .appendingPathComponent(safeComponent(name, fallback: fallbackName) + ".json")
  }

  /// A name made safe to be one path component.
  package static func safeComponent(_ text: String, fallback: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    let cleaned = String(text.map { allowed.contains($0) ? $0 : "_" })
    if cleaned.isEmpty || cleaned.allSatisfy({ $0 == "." }) { return fallback }
    return cleaned
  }
}
