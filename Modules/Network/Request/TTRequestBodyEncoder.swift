import Foundation
import Three20Core

/// Builds a request body from form parameters and files.
///
/// Parameters are encoded in sorted key order, so equal parameters give equal bodies (and equal
/// cache keys).
enum TTRequestBodyEncoder {
  /// Three20's multipart boundary; used unless it occurs inside a part.
  static let defaultBoundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"

  /// `application/x-www-form-urlencoded`: `a=1&b=x+y`.
  static func formURLEncoded(_ parameters: [String: String]) -> Data {
    let pairs = parameters.keys.sorted().map { key in
      "\(key.tt.formEncoded)=\((parameters[key] ?? "").tt.formEncoded)"
    }
    return Data(pairs.joined(separator: "&").utf8)
  }

  /// `multipart/form-data`: returns the body and the boundary it uses.
  static func multipart(
    _ parameters: [String: String], files: [TTURLRequest.FormFile]
  ) -> (body: Data, boundary: String) {
    var boundary = defaultBoundary
    let marker = { (boundary: String) in Data("--\(boundary)".utf8) }
    var attempt = 0
    while parameters.values.contains(where: { $0.contains(boundary) })
      || files.contains(where: { $0.data.range(of: marker(boundary)) != nil })
    {
      attempt += 1
      boundary = "\(defaultBoundary)\(attempt)x\(UInt32.random(in: 0...UInt32.max))"
    }
    var body = Data()
    let capacity = files.reduce(0) { $0 &+ $1.data.count } &+ parameters.count &* 128
    body.reserveCapacity(max(0, min(capacity, 1 << 30)) &+ 1024)
    for key in parameters.keys.sorted() {
      body.append(Data("--\(boundary)\r\n".utf8))
      body.append(Data("Content-Disposition: form-data; name=\"\(escape(key))\"\r\n\r\n".utf8))
      body.append(Data((parameters[key] ?? "").utf8))
      body.append(Data("\r\n".utf8))
    }
    for file in files {
      body.append(Data("--\(boundary)\r\n".utf8))
      body.append(
        Data(
          ("Content-Disposition: form-data; name=\"\(escape(file.fieldName))\"; "
            + "filename=\"\(escape(file.fileName))\"\r\n").utf8))
      body.append(Data("Content-Length: \(file.data.count)\r\n".utf8))
      body.append(Data("Content-Type: \(headerSafe(file.mimeType))\r\n\r\n".utf8))
      body.append(file.data)
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return (body, boundary)
  }

  /// Escapes a name for a quoted `Content-Disposition` parameter, as HTML forms do.
  static func escape(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\"": result += "%22"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Removes line breaks, which would end a header early.
  static func headerSafe(_ value: String) -> String {
    String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" }.map(Character.init))
  }
}
