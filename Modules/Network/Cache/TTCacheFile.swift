import Foundation
import Three20Core

#if canImport(Glibc)
import Glibc
#endif

/// The file-system steps of ``TTURLCache``'s recovery: Core's `TTFileSafety` applied to a
/// database and the files SQLite keeps beside it.
///
/// A symbolic link is never followed, a FIFO, socket or device is never opened (opening a FIFO
/// waits for a writer forever), a file is moved only with a hard link to a free name, so
/// nothing is ever replaced, and nothing is ever deleted.
enum TTCacheFile {
  /// What is at a path.
  enum Kind: Equatable {
    /// Nothing.
    case missing
    /// A regular file.
    case regular
    /// Anything else, described with its article: `a directory`,
    /// `a symbolic link to a character device ("/dev/zero")`.
    case other(String)
    /// `lstat` failed (for example, permission denied on a directory on the way): the reason.
    case unknown(String)
  }

  /// The suffixes of the files SQLite keeps beside a database.
  static let companionSuffixes = ["-wal", "-shm", "-journal"]

  /// What is at `path`, without following a symbolic link at its end.
  static func kind(of path: String) -> Kind {
    switch TTFileSafety.examine(path) {
    case .missing: .missing
    case .regular: .regular
    case .other(let what): .other(what)
    case .unknown(let reason): .unknown(reason)
    }
  }

  /// The size of the regular file at `path`; `nil` when there is none.
  static func size(of path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
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
    guard case .success(let read) = TTFileSafety.readRegularFile(path, limit: count) else { return nil }
    return read.bytes
  }

  /// Gives the file at `path` the name `destination`, only if nothing is there (see
  /// `TTFileSafety.moveWithoutReplacing(_:to:)`).
  static func moveWithoutReplacing(_ path: String, to destination: String) -> TTFileSafety.Move {
    TTFileSafety.moveWithoutReplacing(path, to: destination)
  }
}
