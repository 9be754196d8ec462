import Foundation

/// What a response said about itself: the status code, the headers and the final URL.
///
/// Responses from the network carry the server's status and headers (after redirects, those of
/// the last response). Local URLs (`file://`, `data:`, `bundle://`, `documents://`) and cached
/// data get status 200 and a `Content-Type` header where one is known.
///
/// ```swift
/// let info = TTURLResponseInfo(
///   url: "https://example.com/", statusCode: 200,
///   headers: [("Content-Type", "text/html; charset=ISO-8859-1")])
/// info.value(forHTTPHeaderField: "content-type")   // "text/html; charset=ISO-8859-1"
/// info.mimeType                                   // "text/html"
/// info.textEncodingName                           // "iso-8859-1"
/// ```
public struct TTURLResponseInfo: Sendable {
  /// The URL the response came from (after redirects).
  public var url: String
  /// The HTTP status code, for example `200`; `200` for local and cached data.
  public var statusCode: Int
  /// The header fields in the order the server sent them, names as sent.
  public var headers: [(name: String, value: String)]

  /// Creates response information.
  ///
  /// - Parameters:
  ///   - url: The URL the response came from.
  ///   - statusCode: The HTTP status code.
  ///   - headers: The header fields in order; default none.
  public init(url: String, statusCode: Int, headers: [(name: String, value: String)] = []) {
    self.url = url
    self.statusCode = statusCode
    self.headers = headers
  }

  /// Returns the value of the last header field with this name, compared case-insensitively.
  ///
  /// - Parameter name: The field name, for example `"ETag"`.
  /// - Returns: The value, or `nil` when the response has no such field.
  public func value(forHTTPHeaderField name: String) -> String? {
    let wanted = name.lowercased()
    return headers.last(where: { $0.name.lowercased() == wanted })?.value
  }

  /// The media type from `Content-Type`, lowercased and without parameters, for example
  /// `"application/json"`; `nil` without that header.
  public var mimeType: String? {
    guard let type = value(forHTTPHeaderField: "Content-Type") else { return nil }
    let bare = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    let trimmed = bare.trimmingCharacters(in: .whitespaces).lowercased()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The `charset` parameter of `Content-Type`, lowercased and unquoted, for example
  /// `"utf-8"`; `nil` when absent.
  public var textEncodingName: String? {
    guard let type = value(forHTTPHeaderField: "Content-Type") else { return nil }
    for parameter in type.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      return value.isEmpty ? nil : value.lowercased()
    }
    return nil
  }

  /// The length the `Content-Length` header announced, or `nil` when absent or not a number.
  public var expectedContentLength: Int64? {
    value(forHTTPHeaderField: "Content-Length").flatMap {
      Int64($0.trimmingCharacters(in: .whitespaces))
    }
  }
}
