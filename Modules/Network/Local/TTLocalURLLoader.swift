import Foundation
import Glibc
import Three20Core

/// Serves `file://`, `data:`, `bundle://` and `documents://` URLs without the network, as
/// Three20 did.
enum TTLocalURLLoader {
  /// The local schemes, lowercased.
  static let schemes: Set<String> = ["file", "data", "bundle", "documents"]

  /// Reads a local URL.
  ///
  /// - Parameters:
  ///   - maxLength: The most bytes accepted, 0 = no limit (the request's or queue's
  ///     `maxContentLength`).
  ///   - limitSource: Whose limit that is, for the message.
  static func load(
    _ url: String, scheme: String, bundleDirectory: URL, documentsDirectory: URL, maxLength: Int64,
    limitSource: String
  ) -> Result<TTTransferResponse, TTNetworkError> {
    let limit = Limit(bytes: maxLength, source: limitSource)
    switch scheme {
    case "data":
      return TTDataURL.parse(url).flatMap { parsed in
        if let error = limit.check(Int64(parsed.data.count), url: url, what: "The data URL's content") {
          return .failure(error)
        }
        return .success(
          TTTransferResponse(
            info: TTURLResponseInfo(
              url: url, statusCode: 200,
              headers: [("Content-Type", parsed.mediaType), ("Content-Length", "\(parsed.data.count)")]),
            data: parsed.data))
      }
    case "file":
      guard let parsed = URL(string: url), parsed.isFileURL else {
        return .failure(
          TTNetworkError(
            .badURL, "The file URL \(quotedInput(url)) cannot be parsed; percent-encode spaces.", url: url))
      }
      return read(parsed.path, url: url, limit: limit)
    default:
      let root = scheme == "bundle" ? bundleDirectory : documentsDirectory
      // "bundle://images/a.png" → "images/a.png"; one or three slashes are accepted too.
      var relative = Substring(url.dropFirst(scheme.count + 1))
      while relative.hasPrefix("/") { relative = relative.dropFirst() }
      if let query = relative.firstIndex(where: { $0 == "?" || $0 == "#" }) {
        relative = relative[..<query]
      }
      let decoded = String(relative).tt.percentDecoded
      let base = root.standardizedFileURL.path
      let full = URL(fileURLWithPath: base).appendingPathComponent(decoded).standardizedFileURL.path
      guard full == base || full.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
        return .failure(
          TTNetworkError(
            .badURL,
            "The URL \(quotedInput(url)) points outside the \(scheme) directory \(escapedInput(base)); use a path "
              + "inside it.", url: url))
      }
      return read(full, url: url, limit: limit)
    }
  }

  /// The body limit of one load.
  struct Limit {
    var bytes: Int64
    var source: String

    /// The error for `size` bytes over the limit, or `nil`.
    func check(_ size: Int64, url: String, what: String) -> TTNetworkError? {
      guard bytes > 0, size > bytes else { return nil }
      return TTNetworkError(
        .tooLarge,
        "\(what) (\(size) bytes) is larger than \(bytes) bytes, the maximum content length "
          + "\(source), so \(quotedInput(url)) was not read; raise the request's maxContentLength "
          + "(0 = no limit) or the queue's if it is meant to be that large.", url: url)
    }
  }

  private static func read(
    _ path: String, url: String, limit: Limit
  ) -> Result<TTTransferResponse, TTNetworkError> {
    // Only regular files: a FIFO would block the read forever, a device (/dev/zero) never end.
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .failure(
        TTNetworkError(
          .fileNotFound,
          "The URL \(quotedInput(url)) names \(escapedInput(path)), which is not a readable file.", url: url))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      let kind =
        switch info.st_mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
      return .failure(
        TTNetworkError(
          .fileNotFound,
          "The URL \(quotedInput(url)) names \(escapedInput(path)), which is \(kind), not a readable file; only regular "
            + "files are read.", url: url))
    }
    if let error = limit.check(Int64(info.st_size), url: url, what: "The file \(escapedInput(path))") {
      return .failure(error)
    }
    // Read the file the checks saw: links resolved first (file URLs may go through them), then
    // opened without following one and checked again once open, so a FIFO swapped in between
    // is refused instead of blocking, and a file that grew since is still held to the limit.
    let resolved = realpath(path, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    let wanted = limit.bytes > 0 ? Int(clamping: limit.bytes) + 1 : Int.max
    switch TTFileSafety.readRegularFile(resolved ?? path, limit: wanted) {
    case .success(let read):
      if let error = limit.check(Int64(read.bytes.count), url: url, what: "The file \(escapedInput(path))") {
        return .failure(error)
      }
      let data = Data(read.bytes)
      let headers = [
        ("Content-Type", mimeType(forExtension: (path as NSString).pathExtension)),
        ("Content-Length", "\(data.count)"),
      ]
      return .success(
        TTTransferResponse(info: TTURLResponseInfo(url: url, statusCode: 200, headers: headers), data: data))
    case .failure(.notRegular(let kind)):
      return .failure(
        TTNetworkError(
          .fileNotFound,
          "The URL \(quotedInput(url)) names \(escapedInput(path)), which became \(kind) while it was read; "
            + "only regular files are read.", url: url))
    case .failure(.failed(let reason)):
      return .failure(
        TTNetworkError(
          .fileNotFound, "The file \(escapedInput(path)) for \(quotedInput(url)) cannot be read: \(reason).",
          url: url))
    }
  }

  /// A MIME type for common file extensions; `application/octet-stream` otherwise.
  static func mimeType(forExtension pathExtension: String) -> String {
    switch pathExtension.lowercased() {
    case "html", "htm": "text/html"
    case "txt", "text": "text/plain"
    case "css": "text/css"
    case "csv": "text/csv"
    case "js": "text/javascript"
    case "json": "application/json"
    case "xml": "application/xml"
    case "plist": "application/x-plist"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "gif": "image/gif"
    case "svg": "image/svg+xml"
    case "webp": "image/webp"
    case "pdf": "application/pdf"
    default: "application/octet-stream"
    }
  }
}
