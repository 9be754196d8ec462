public import Foundation
import Three20Core

/// Decodes the body as text, in the charset the response names.
///
/// The charset comes from `Content-Type` (`charset=…`); without one, ``defaultEncoding`` is used
/// (UTF-8 unless told otherwise). Known names: `utf-8`, `utf-16`, `utf-16le`, `utf-16be`,
/// `utf-32`, `us-ascii`, `iso-8859-1` (and `latin1`), `iso-8859-2`, `windows-1250` to
/// `windows-1254`, `shift_jis`, `euc-jp`, `iso-2022-jp`. Bytes that are not valid in that
/// charset fail the request with ``TTNetworkError/Code-swift.struct/invalidResponse``; an
/// unknown charset name does too, because guessing would garble the text.
///
/// ```swift
/// let text = try await TTURLRequest(url: url).send(processingWith: TTURLStringResponse())
/// ```
public struct TTURLStringResponse: TTURLResponse {
  /// The encoding used when the response names no charset; default UTF-8.
  public var defaultEncoding: String.Encoding

  /// Creates the processor.
  ///
  /// - Parameter defaultEncoding: The encoding used when the response names no charset;
  ///   default `.utf8`.
  public init(defaultEncoding: String.Encoding = .utf8) {
    self.defaultEncoding = defaultEncoding
  }

  /// Decodes the body.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - info: The response; its `Content-Type` charset picks the encoding.
  /// - Returns: The text.
  /// - Throws: ``TTNetworkError`` with code ``TTNetworkError/Code-swift.struct/invalidResponse``
  ///   for an unknown charset or bytes invalid in it.
  public func process(_ data: Data, info: TTURLResponseInfo) throws(TTNetworkError) -> String {
    var encoding = defaultEncoding
    if let name = info.textEncodingName {
      guard let named = Self.encoding(named: name) else {
        throw TTNetworkError(
          .invalidResponse,
          "The response from \(escapedInput(info.url)) names the charset \(TTMessageText.quoted(name, limit: 60)), which this library "
            + "cannot decode; process it with TTURLDataResponse and decode it yourself.",
          url: info.url, statusCode: info.statusCode)
      }
      encoding = named
    }
    if encoding == .utf8 {
      // Strict UTF-8: String(data:encoding:) rejects invalid sequences.
      if let text = String(data: data, encoding: .utf8) { return text }
    } else if let text = String(data: data, encoding: encoding) {
      return text
    }
    throw TTNetworkError(
      .invalidResponse,
      "The \(data.count)-byte response from \(escapedInput(info.url)) is not valid \(encoding) text; check "
        + "the server's charset, or process it with TTURLDataResponse.",
      url: info.url, statusCode: info.statusCode)
  }

  /// Returns the encoding for an IANA charset name, or `nil` for names it does not know.
  static func encoding(named name: String) -> String.Encoding? {
    switch name.lowercased() {
    case "utf-8", "utf8": .utf8
    case "utf-16": .utf16
    case "utf-16le": .utf16LittleEndian
    case "utf-16be": .utf16BigEndian
    case "utf-32": .utf32
    case "utf-32le": .utf32LittleEndian
    case "utf-32be": .utf32BigEndian
    case "us-ascii", "ascii": .ascii
    case "iso-8859-1", "iso8859-1", "latin1", "iso_8859-1": .isoLatin1
    case "iso-8859-2", "latin2": .isoLatin2
    case "windows-1250", "cp1250": .windowsCP1250
    case "windows-1251", "cp1251": .windowsCP1251
    case "windows-1252", "cp1252": .windowsCP1252
    case "windows-1253", "cp1253": .windowsCP1253
    case "windows-1254", "cp1254": .windowsCP1254
    case "shift_jis", "shift-jis", "sjis": .shiftJIS
    case "euc-jp": .japaneseEUC
    case "iso-2022-jp": .iso2022JP
    default: nil
    }
  }
}
