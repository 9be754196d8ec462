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
  /// The suffixes of the files SQLite keeps beside a database.
  static let companionSuffixes = ["-wal", "-shm", "-journal"]

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
      switch TTFileSafety.examine(candidate) {
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
}
