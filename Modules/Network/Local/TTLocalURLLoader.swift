import Foundation
import Three20Core

/// Serves `file://`, `data:`, `bundle://` and `documents://` URLs without the network, as
/// Three20 did.
enum TTLocalURLLoader {
  /// The local schemes, lowercased.
  static let schemes: Set<String> = ["file", "data", "bundle", "documents"]

  /// Reads a local URL.
  static func load(
    _ url: String, scheme: String, bundleDirectory: URL, documentsDirectory: URL
  ) -> Result<TTTransferResponse, TTNetworkError> {
    switch scheme {
    case "data":
      return TTDataURL.parse(url).map { parsed in
        TTTransferResponse(
          info: TTURLResponseInfo(
            url: url, statusCode: 200,
            headers: [("Content-Type", parsed.mediaType), ("Content-Length", "\(parsed.data.count)")]),
          data: parsed.data)
      }
    case "file":
      guard let parsed = URL(string: url), parsed.isFileURL else {
        return .failure(
          TTNetworkError(
            .badURL, "The file URL \"\(url)\" cannot be parsed; percent-encode spaces.", url: url))
      }
      return read(parsed.path, url: url)
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
            "The URL \"\(url)\" points outside the \(scheme) directory \(base); use a path "
              + "inside it.", url: url))
      }
      return read(full, url: url)
    }
  }

  private static func read(_ path: String, url: String) -> Result<TTTransferResponse, TTNetworkError> {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      return .failure(
        TTNetworkError(
          .fileNotFound, "The URL \"\(url)\" names \(path), which is not a readable file.", url: url))
    }
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
      let headers = [
        ("Content-Type", mimeType(forExtension: (path as NSString).pathExtension)),
        ("Content-Length", "\(data.count)"),
      ]
      return .success(
        TTTransferResponse(info: TTURLResponseInfo(url: url, statusCode: 200, headers: headers), data: data))
    } catch {
      return .failure(
        TTNetworkError(
          .fileNotFound, "The file \(path) for \"\(url)\" cannot be read: \(error.localizedDescription)",
          url: url, underlying: error))
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
