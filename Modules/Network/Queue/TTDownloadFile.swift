import Foundation
import Glibc
import Three20Core

/// The file a ``TTURLRequest/downloadDestination`` download is written to (internal).
///
/// The body goes into a new file beside the destination, named
/// `.<name>.download-<random>` and created exclusively, so nothing that is already there is
/// opened or truncated. When the transfer succeeds the file is flushed and renamed over the
/// destination in one step; when it fails (or a retry starts over) only that new file is
/// removed or emptied. A destination that exists but is not a regular file (a folder, a FIFO,
/// a device, a symbolic link) is refused before the transfer starts and left as it is.
///
/// Only the queue's thread uses it.
final class TTDownloadFile {
  /// Where the body ends up.
  let destination: URL
  /// The file being written, `nil` once it has been renamed or removed.
  private(set) var temporaryPath: String?
  private var file: UnsafeMutablePointer<FILE>?

  /// Checks the destination and creates the file beside it.
  ///
  /// - Parameter destination: The file the body is meant for.
  /// - Throws: A message saying what is wrong with the destination or its folder.
  init(destination: URL) throws(TTDownloadFileError) {
    self.destination = destination
    let path = destination.path
    let shown = TTMessageText.quoted(path, limit: 1024)
    switch TTFileSafety.examine(path) {
    case .missing, .regular: break
    case .other(let kind):
      throw TTDownloadFileError(
        "The download destination \(shown) is \(kind), not a regular file; it was left as it "
          + "is. Give the path of a file (a file already there is replaced when the download succeeds)."
      )
    case .unknown(let reason):
      throw TTDownloadFileError(
        "The download destination \(shown) cannot be checked (\(reason)); check the folders on "
          + "the way to it.")
    }
    let folder = destination.deletingLastPathComponent().path
    // A name of at most 255 bytes even for a long destination name.
    let name = String(decoding: destination.lastPathComponent.utf8.prefix(200), as: UTF8.self)
    for _ in 0..<16 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let candidate = folder + "/." + name + ".download-" + suffix
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        throw TTDownloadFileError(
          "The download for \(shown) cannot create its file in \(TTMessageText.quoted(folder, limit: 1024)) "
            + "(\(TTFileSafety.reason(errno))); check that the folder exists and is writable.")
      }
      guard let stream = fdopen(descriptor, "wb") else {
        let error = errno
        close(descriptor)
        unlink(candidate)
        throw TTDownloadFileError(
          "The download for \(shown) cannot write its file (\(TTFileSafety.reason(error))).")
      }
      file = stream
      temporaryPath = candidate
      return
    }
    throw TTDownloadFileError(
      "The download for \(shown) found no free name for its file in \(TTMessageText.quoted(folder, limit: 1024))."
    )
  }

  deinit { discard() }

  /// Writes the next bytes of the body.
  ///
  /// - Returns: `false` when they could not all be written (`errno` says why).
  func write(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
    guard let file else { return false }
    return fwrite(pointer, 1, count, file) == count
  }

  /// Empties the file for another attempt.
  ///
  /// - Returns: `false` when that failed (`errno` says why).
  func restart() -> Bool {
    guard let file else { return false }
    guard fflush(file) == 0, ftruncate(fileno(file), 0) == 0 else { return false }
    rewind(file)
    return true
  }

  /// Flushes the file and renames it over the destination (one `rename(2)`: the destination
  /// is the old file or the whole new one, never a part).
  ///
  /// - Returns: `nil`, or what went wrong (the file is then removed, the destination untouched).
  func commit() -> String? {
    guard let file, let temporaryPath else { return "the download's file was already closed" }
    self.file = nil
    let shown = TTMessageText.quoted(destination.path, limit: 1024)
    // Not synced: an fsync here would stall every transfer on the network thread for as long
    // as the disk takes, and a download a crash interrupts is fetched again anyway.
    // fclose flushes what is left; it fails when that write does.
    if fclose(file) != 0 {
      let error = errno
      discard()
      return "Writing the download for \(shown) failed (\(TTFileSafety.reason(error))); check the disk space."
    }
    if rename(temporaryPath, destination.path) != 0 {
      let error = errno
      discard()
      return "The finished download could not be moved to \(shown) (\(TTFileSafety.reason(error))); "
        + "it was removed and the destination left as it was."
    }
    self.temporaryPath = nil
    return nil
  }

  /// Closes and removes the file, if it is still there; the destination is not touched.
  func discard() {
    if let file { fclose(file) }
    file = nil
    if let temporaryPath { unlink(temporaryPath) }
    temporaryPath = nil
  }
}

/// Why a download cannot be written where it was asked to go (internal).
struct TTDownloadFileError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
