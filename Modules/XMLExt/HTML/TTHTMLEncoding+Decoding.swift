extension TTHTMLEncoding {
  /// Decodes a page to UTF-8 for libxml2: bytes that are not valid in the encoding and NUL
  /// characters become U+FFFD (as browsers show them), and the byte order mark is left out.
  ///
  /// - Parameters:
  ///   - bytes: The page, byte order mark included.
  ///   - skipping: The length of the byte order mark.
  /// - Returns: The text as UTF-8, or `nil` when iconv cannot convert from this encoding.
  func decode(_ bytes: UnsafeBufferPointer<UInt8>, skipping: Int) -> [UInt8]? {
    let input = UnsafeBufferPointer(rebasing: bytes[min(skipping, bytes.count)...])
    var output: [UInt8]
    switch self {
    case .utf8:
      output = Self.decodeUTF8(input)
    case .utf16LE:
      output = Self.decodeUTF16(input, bigEndian: false)
    case .utf16BE:
      output = Self.decodeUTF16(input, bigEndian: true)
    case .windows1252:
      output = Self.decodeWindows1252(input)
    default:
      guard let iconvName, let converter = TTXMLConverter(from: iconvName) else { return nil }
      output = []
      output.reserveCapacity(input.count + input.count / 2)
      var carry: [UInt8] = []
      converter.convert(UnsafeRawBufferPointer(input), carry: &carry, into: &output)
      converter.finish(into: &output)
      // A sequence cut off at the end of the page.
      if !carry.isEmpty { TTXMLInputDecoder.appendUTF8(0xFFFD, to: &output) }
    }
    Self.replaceNUL(in: &output)
    return output
  }

  /// UTF-8, each invalid byte sequence replaced by U+FFFD.
  private static func decodeUTF8(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    if isValidUTF8(input), !endsInsideSequence(input) { return Array(input) }
    return Array(String(decoding: input, as: UTF8.self).utf8)
  }

  /// Whether the bytes end in the middle of a UTF-8 sequence (which ``isValidUTF8(_:)``
  /// accepts).
  private static func endsInsideSequence(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = input.count - 1
    var continuation = 0
    while index >= 0, input[index] & 0xC0 == 0x80, continuation < 3 {
      index -= 1
      continuation += 1
    }
    guard index >= 0 else { return continuation > 0 }
    let lead = input[index]
    let length: Int
    switch lead {
    case 0xC0...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF7: length = 4
    default: length = 1
    }
    return continuation + 1 < length
  }

  /// UTF-16 code units, surrogates paired; a lone surrogate or an odd last byte becomes U+FFFD.
  private static func decodeUTF16(_ input: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(input.count + input.count / 2)
    var high: UInt32?
    var position = 0
    while position + 1 < input.count {
      let unit =
        bigEndian
        ? UInt32(input[position]) << 8 | UInt32(input[position + 1])
        : UInt32(input[position + 1]) << 8 | UInt32(input[position])
      position += 2
      if let pending = high {
        high = nil
        if (0xDC00...0xDFFF).contains(unit) {
          TTXMLInputDecoder.appendUTF8(0x10000 + ((pending - 0xD800) << 10) + (unit - 0xDC00), to: &output)
          continue
        }
        TTXMLInputDecoder.appendUTF8(0xFFFD, to: &output)
      }
      if (0xD800...0xDBFF).contains(unit) {
        high = unit
      } else if (0xDC00...0xDFFF).contains(unit) {
        TTXMLInputDecoder.appendUTF8(0xFFFD, to: &output)
      } else {
        TTXMLInputDecoder.appendUTF8(unit, to: &output)
      }
    }
    if high != nil || position < input.count { TTXMLInputDecoder.appendUTF8(0xFFFD, to: &output) }
    return output
  }

  /// windows-1252 as WHATWG defines it: Latin-1 with punctuation and letters at 0x80–0x9F (the
  /// five bytes Microsoft left undefined stay C1 controls).
  private static func decodeWindows1252(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(input.count + input.count / 4)
    for byte in input {
      if byte < 0x80 {
        output.append(byte)
      } else if byte < 0xA0 {
        TTXMLInputDecoder.appendUTF8(UInt32(windows1252High[Int(byte) - 0x80]), to: &output)
      } else {
        output.append(0xC0 | byte >> 6)
        output.append(0x80 | byte & 0x3F)
      }
    }
    return output
  }

  /// What windows-1252 bytes 0x80–0x9F mean.
  private static let windows1252High: [UInt16] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]

  /// Replaces NUL bytes with U+FFFD (libxml2 would stop reading text at them).
  private static func replaceNUL(in output: inout [UInt8]) {
    guard output.contains(0) else { return }
    var replaced: [UInt8] = []
    replaced.reserveCapacity(output.count + 16)
    for byte in output {
      if byte == 0 {
        replaced.append(contentsOf: [0xEF, 0xBF, 0xBD])
      } else {
        replaced.append(byte)
      }
    }
    output = replaced
  }
}
