import Foundation
import Three20Core

#if canImport(Glibc)
import Glibc
#endif

/// The file-system steps of ``TTURLCache``'s recovery, each of which only ever touches regular
/// files.
///
/// What is at a path is found with `lstat(2)`: a symbolic link is never followed, and a FIFO,
/// socket or device is never opened (opening a FIFO waits for a writer forever). A regular file
/// is opened with `O_NOFOLLOW | O_NONBLOCK` and checked again with `fstat(2)`. A file is moved
/// with a hard link to the new name, which fails when the name is taken, so nothing is ever
/// replaced; nothing is ever deleted.
enum TTCacheFile {
  /// What is at a path.
  enum Kind: Equatable {
    /// Nothing.
    case missing
    /// A regular file.
    case regular
    /// Anything else, described with its article: `a directory`, `a symbolic link to "/dev/null"`.
    case other(String)
    /// `lstat` failed (for example, permission denied on a directory on the way): the reason.
    case unknown(String)
  }

  /// The suffixes of the files SQLite keeps beside a database.
  static let companionSuffixes = ["-wal", "-shm", "-journal"]

  /// What is at `path`, without following a symbolic link at its end.
  static func kind(of path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      return code == ENOENT || code == ENOTDIR ? .missing : .unknown(String(cString: strerror(code)))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFLNK:
      let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
        " to " + TTMessageText.quoted($0)
      }
      return .other("a symbolic link" + (target ?? ""))
    default: return .other(name(of: info.st_mode))
    }
  }

  /// The size of the regular file at `path`; `nil` when there is none.
  static func size(of path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// The kind a mode says, with its article: `a FIFO (named pipe)`.
  static func name(of mode: mode_t) -> String {
    switch mode & S_IFMT {
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

  /// The first of `path` and its companions that is there but is not a regular file, with what
  /// it is; `nil` when each is a regular file or missing.
  static func firstNonRegular(_ path: String) -> (path: String, kind: String)? {
    for candidate in [path] + companionSuffixes.map({ path + $0 }) {
      switch kind(of: candidate) {
      case .missing, .regular: continue
      case .other(let what): return (candidate, what)
      case .unknown(let reason): return (candidate, "something that cannot be examined (\(reason))")
      }
    }
    return nil
  }

  /// Up to `count` bytes from the start of the regular file at `path`; `nil` when it is missing
  /// or unreadable, or turns out not to be a regular file once opened.
  static func head(of path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, count - filled)
      }
      if read > 0 {
        filled += read
      } else if read == 0 || errno != EINTR {
        break
      }
    }
    return Array(bytes[0..<filled])
  }

  /// How a move went.
  enum Move: Equatable {
    /// The file has its new name.
    case moved
    /// Something is already at the new name; nothing changed.
    case taken
    /// The move failed with this reason; nothing changed.
    case failed(String)
  }

  /// Gives the file at `path` the name `destination`, only if nothing is there.
  ///
  /// A hard link to the new name (which fails when the name is taken), then the old name
  /// unlinked. On a file system without hard links: a rename after checking with `lstat` that
  /// the name is free (which leaves a moment in which another process could take it).
  static func moveWithoutReplacing(_ path: String, to destination: String) -> Move {
    if link(path, destination) == 0 {
      if unlink(path) != 0 {
        // Both names are left; the new one must not stay as a second name of the live file.
        let reason = String(cString: strerror(errno))
        unlink(destination)
        return .failed(reason)
      }
      return .moved
    }
    let code = errno
    if code == EEXIST { return .taken }
    guard [EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, EMLINK].contains(code) else {
      return .failed(String(cString: strerror(code)))
    }
    guard case .missing = kind(of: destination) else { return .taken }
    return rename(path, destination) == 0 ? .moved : .failed(String(cString: strerror(errno)))
  }
}
