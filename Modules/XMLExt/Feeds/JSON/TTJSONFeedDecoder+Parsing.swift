import Foundation
import Three20Core

/// Parsing the JSON, and the errors for data that is not JSON.
extension TTJSONFeedDecoder {
  /// The JSON value of the document.
  static func parse(_ data: Data, documentURL: URL?) throws(TTXMLError) -> Any {
    let input = inputName(documentURL)
    if isBlank(data) {
      throw TTXMLError(
        .emptyDocument,
        "\(input) is empty (\(data.count) bytes of white space at most), where a JSON Feed was expected; "
          + "check that the server sent the feed.")
    }
    do {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw syntaxError(error, data: data, input: input)
    }
  }

  /// Whether the data holds nothing but a byte order mark and white space.
  private static func isBlank(_ data: Data) -> Bool {
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
  }

  /// The error for data `JSONSerialization` refused, placed at the line and column its error
  /// names when the document is UTF-8.
  private static func syntaxError(_ error: any Error, data: Data, input: String) -> TTXMLError {
    let nsError = error as NSError
    let detail =
      (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    let isUTF8 = isUTF8(data)
    // Foundation counts bytes from 0, after a UTF-8 byte order mark.
    let bomLength = isUTF8 && data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let offset = isUTF8 ? byteOffset(in: detail).map { $0 + bomLength } : nil
    let nesting = isUTF8 ? scanNesting(data) : nil
    // The line and column replace Foundation's byte count, which would only confuse.
    let said = "(Foundation: " + TTMessageText.escaped(withoutOffset(detail), limit: 200) + ")"

    if let deep = nesting?.tooDeepAt, offset.map({ $0 >= deep }) ?? true {
      var thrown = TTXMLError(
        .nestingDepthLimit,
        "\(input) nests arrays and objects more than \(maxDepth) levels deep, more than Foundation's JSON "
          + "parser reads \(said); a feed nests a few levels, so the document is broken or hostile.")
      place(&thrown, in: data, at: deep)
      return thrown
    }
    if nesting?.isUnfinished == true, offset == nil {
      var thrown = TTXMLError(
        .truncated,
        "\(input) is not valid JSON: it ends inside a string, an array or an object \(said); the "
          + "download was probably cut off, so fetch it again.")
      place(&thrown, in: data, at: data.count)
      return thrown
    }
    var thrown = TTXMLError(
      .malformed,
      "\(input) is not valid JSON \(said); fix the feed (a JSON validator shows the mistake), or check "
        + "that the server sent the feed and not an error page.")
    if let offset { place(&thrown, in: data, at: offset) }
    return thrown
  }

  /// Whether the data is UTF-8 (no UTF-16 or UTF-32 byte order mark, and no zero byte in its
  /// first two, which JSON's first character, ASCII, puts there in those encodings).
  private static func isUTF8(_ data: Data) -> Bool {
    let head = Array(data.prefix(4))
    if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return false }
    return !head.prefix(2).contains(0)
  }

  /// The number after the last `character ` in Foundation's message (`Invalid value around
  /// character 15.`), or `nil`.
  static func byteOffset(in detail: String) -> Int? {
    guard let range = detail.range(of: "character ", options: .backwards) else { return nil }
    let digits = detail[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    return digits.count <= 18 ? Int(digits) : nil
  }

  /// Foundation's message without the byte offset at its end (`Invalid value around character
  /// 15.` becomes `Invalid value.`).
  static func withoutOffset(_ detail: String) -> String {
    for marker in [" around character ", " starting from character "] {
      if let range = detail.range(of: marker, options: .backwards) {
        return String(detail[..<range.lowerBound]) + "."
      }
    }
    return detail
  }

  /// Where the data first nests deeper than ``maxDepth`` (the byte offset of the bracket that
  /// opens level 513), and whether it ends inside a string or an unclosed array or object.
  ///
  /// One pass over the bytes with a counter: no recursion, no allocation.
  static func scanNesting(_ data: Data) -> (tooDeepAt: Int?, isUnfinished: Bool) {
    data.withUnsafeBytes { buffer in
      var depth = 0
      var inString = false
      var escaped = false
      for (index, byte) in buffer.enumerated() {
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""):
          inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          if depth > maxDepth { return (index, false) }
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          depth = max(0, depth - 1)
        default:
          break
        }
      }
      return (nil, inString || depth > 0)
    }
  }

  /// Sets the error's line, column (in characters, from 1) and source line for a byte offset of
  /// UTF-8 data; the source line is escaped and shortened to 80 characters on each side.
  static func place(_ error: inout TTXMLError, in data: Data, at offset: Int) {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      let bytes = buffer.bindMemory(to: UInt8.self)
      guard offset >= 0, offset <= bytes.count else { return }
      let isBreak = { (index: Int) -> Bool in
        bytes[index] == 0x0A
          || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
      }
      var line = 1
      var lineStart = 0
      for index in 0..<offset where isBreak(index) {
        line += 1
        lineStart = index + 1
      }
      let isContinuation = { (index: Int) -> Bool in bytes[index] & 0xC0 == 0x80 }
      var column = 1
      for index in lineStart..<offset where !isContinuation(index) { column += 1 }
      error.line = line
      error.column = column

      var start = offset
      var before = 0
      while start > lineStart, before < 80 {
        start -= 1
        while start > lineStart, isContinuation(start) { start -= 1 }
        before += 1
      }
      var end = offset
      var after = 0
      while end < bytes.count, after < 80, bytes[end] != 0x0A, bytes[end] != 0x0D {
        end += 1
        while end < bytes.count, isContinuation(end) { end += 1 }
        after += 1
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      error.showSource(text, caret: before)
    }
  }
}
