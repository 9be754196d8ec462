import Foundation
import Three20Core

/// A parsed `data:` URL (RFC 2397): its media type and its bytes.
///
/// `data:[<mediatype>][;base64],<data>` — the media type defaults to
/// `text/plain;charset=US-ASCII`; the data is percent-decoded, then base64-decoded when marked
/// (whitespace inside base64 is ignored, as browsers do).
struct TTDataURL: Sendable {
  var mediaType: String
  var data: Data

  /// Parses a `data:` URL; returns an error message naming the problem when it is malformed.
  static func parse(_ url: String) -> Result<TTDataURL, TTNetworkError> {
    guard url.count >= 5, url.prefix(5).lowercased() == "data:" else {
      return .failure(TTNetworkError(.badURL, "\(quotedInput(url)) is not a data: URL.", url: url))
    }
    let rest = url.dropFirst(5)
    guard let comma = rest.firstIndex(of: ",") else {
      return .failure(
        TTNetworkError(
          .badURL,
          "The data: URL \(TTMessageText.quoted(url, limit: 80)) has no comma before its data; write "
            + "data:[type][;base64],data.", url: url))
    }
    var parameters = rest[..<comma].split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var isBase64 = false
    if let last = parameters.last, last.lowercased() == "base64" {
      isBase64 = true
      parameters.removeLast()
    }
    var mediaType = parameters.joined(separator: ";")
    if mediaType.isEmpty || mediaType.hasPrefix(";") {
      mediaType = "text/plain" + (mediaType.isEmpty ? ";charset=US-ASCII" : mediaType)
    }
    let payload = percentDecodedBytes(rest[rest.index(after: comma)...])
    if isBase64 {
      let cleaned = payload.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
      var text = String(decoding: cleaned, as: UTF8.self)
      // Tolerate missing padding.
      let remainder = text.utf8.count % 4
      if remainder == 2 { text += "==" } else if remainder == 3 { text += "=" }
      guard let decoded = Data(base64Encoded: text) else {
        return .failure(
          TTNetworkError(
            .badURL,
            "The data: URL \(TTMessageText.quoted(url, limit: 80)) says base64 but its data is not valid base64.",
            url: url))
      }
      return .success(TTDataURL(mediaType: mediaType, data: decoded))
    }
    return .success(TTDataURL(mediaType: mediaType, data: Data(payload)))
  }

  /// Percent-decodes to raw bytes (not UTF-8 text: a data URL may carry any bytes), with
  /// Core's decoding loop.
  static func percentDecodedBytes(_ text: Substring) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var text = text
    text.withUTF8 { TTPercentCoding.appendDecoded($0, to: &result, plusAsSpace: false) }
    return result
  }
}
