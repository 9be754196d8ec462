import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, without following a symbolic link or opening anything, and the few file
/// operations ``TTNavigatorPersistence`` needs, each of which touches regular files only.
///
/// The kind is found with `lstat(2)`, so a FIFO is never opened (opening one for reading blocks
/// until a writer comes), a device is never read and a link is never followed. A regular file is
/// then opened with `O_NOFOLLOW | O_NONBLOCK` and checked again with `fstat(2)`, so a file swapped
/// for something else in between is refused too.
enum TTNavigatorFileKind {
  /// A regular file, by device and inode, to tell whether the file at a path is still the one
  /// that was read.
  struct Found: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }

    func isSameFile(as other: Found) -> Bool { self == other }
  }

  /// What `lstat(2)` found.
  enum Examined {
    /// Nothing is there (or a folder on the way is missing or is a file).
    case missing
    /// A regular file.
    case regular(Found)
    /// Something else, described: `a directory`, `a symbolic link to a character device`, …
    case other(String)
    /// `lstat` failed otherwise (for example, permission denied on a folder on the way).
    case failed(String)
  }

  /// Why a read did not give bytes.
  enum ReadFailure: Error {
    /// The path turned out not to be a regular file when opened.
    case notRegular(String)
    /// Opening or reading failed; the reason is `strerror`'s.
    case failed(String)
  }

  /// What a move aside did.
  enum Move {
    /// The file now has the new name.
    case moved
    /// Something is already at the new name; nothing was changed.
    case taken
    /// The move failed with this `errno`; nothing was changed.
    case failed(Int32)
  }

  /// A refusal to write, with the reason for the warning.
  struct Refusal: Error {
    var reason: String
  }

  /// Looks at a path without following a link at its end.
  static func examine(_ path: String) -> Examined {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .missing }
      return .failed(String(cString: strerror(code)))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular(Found(info))
    case S_IFLNK:
      var target = stat()
      if stat(path, &target) == 0 { return .other("a symbolic link to " + name(of: target.st_mode)) }
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .other("a symbolic link to nothing (it dangles)") }
      if code == ELOOP { return .other("a symbolic link in a loop") }
      return .other("a symbolic link (\(String(cString: strerror(code))))")
    default: return .other(name(of: info.st_mode))
    }
  }

  /// The kind of file a mode says, with its article: `a directory`.
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

  /// Reads at most `limit` bytes of the regular file at `path`.
  ///
  /// - Returns: The bytes and the file they came from, or why there are none.
  static func readRegularFile(
    _ path: String, limit: Int
  ) -> Result<(bytes: [UInt8], file: Found), ReadFailure> {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ELOOP { return .failure(.notRegular("a symbolic link")) }
      return .failure(.failed(String(cString: strerror(code))))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.failed(String(cString: strerror(errno)))) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(name(of: info.st_mode))) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count == 0 {
        break
      } else if errno != EINTR {
        return .failure(.failed(String(cString: strerror(errno))))
      }
    }
    return .success((bytes, Found(info)))
  }

  /// Gives the regular file at `path` the name `destination` only when nothing is there.
  ///
  /// A hard link to the new name, which fails when the name is taken, then the old name
  /// removed; on a file system without hard links, a rename after checking the name is free.
  static func moveWithoutReplacing(_ path: String, to destination: String) -> Move {
    if link(path, destination) == 0 {
      unlink(path)
      return .moved
    }
    let code = errno
    if code == EEXIST { return .taken }
    guard code == EPERM || code == EXDEV || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else {
      return .failed(code)
    }
    var info = stat()
    if lstat(destination, &info) == 0 { return .taken }
    guard errno == ENOENT else { return .failed(errno) }
    return rename(path, destination) == 0 ? .moved : .failed(errno)
  }

  /// Creates a new file readable by the user only and writes `bytes` into it; fails when
  /// anything is already at `path`.
  static func writeNewFile(_ path: String, bytes: [UInt8]) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        let code = written < 0 ? errno : EIO
        close(descriptor)
        unlink(path)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
      }
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(path)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }
}
