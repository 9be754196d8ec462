// Replace with Three20Core's decodingHTMLEntities when merged.
//
// A small decoder for the entities styled text needs: the XML five, the Latin-1 names
// (`&nbsp;` … `&yuml;`), a few typographic ones, and numeric references. Anything it does not
// know is left as it was.

/// Decodes character references in UTF-8 bytes of XHTML text or attribute values.
enum TTStyledTextEntities {
  /// Names of U+00A0 … U+00FF, in order.
  private static let latin1Names: [String] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect",
    "uml", "copy", "ordf", "laquo", "not", "shy", "reg", "macr",
    "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot",
    "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
    "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
    "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times",
    "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
    "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml",
    "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
    "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
  ]

  /// Every known name and its scalar.
  private static let named: [String: UInt32] = {
    var table: [String: UInt32] = [
      "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27,
      "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "ldquo": 0x201C,
      "rdquo": 0x201D, "bull": 0x2022, "hellip": 0x2026, "trade": 0x2122, "euro": 0x20AC,
    ]
    for (offset, name) in latin1Names.enumerated() {
      table[name] = 0xA0 + UInt32(offset)
    }
    return table
  }()

  /// The longest entity name or number looked at; longer runs are left as text.
  private static let maximumNameLength = 32

  /// Appends the bytes to `output` with every known character reference replaced by its
  /// character.
  ///
  /// Numeric references to nothing (0, surrogates, beyond U+10FFFF) become U+FFFD, as in HTML.
  /// Unknown names and references without a closing `;` are kept as written.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text.
  ///   - output: Receives the decoded text, as UTF-8.
  /// - Complexity: O(*n*).
  static func decode(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "&") else {
        output.append(byte)
        index += 1
        continue
      }
      if let (scalar, next) = reference(in: bytes, at: index) {
        output.append(contentsOf: String(Character(scalar)).utf8)
        index = next
      } else {
        output.append(byte)
        index += 1
      }
    }
  }

  /// Reads the reference starting at the `&` at `start`: its scalar and the index after its `;`.
  private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
    var index = start + 1
    let limit = min(bytes.endIndex, index + maximumNameLength + 2)
    guard index < limit else { return nil }
    if bytes[index] == UInt8(ascii: "#") {
      index += 1
      var radix: UInt32 = 10
      if index < limit, bytes[index] | 0x20 == UInt8(ascii: "x") {
        radix = 16
        index += 1
      }
      var value: UInt32 = 0
      var digits = 0
      while index < limit, let digit = digitValue(bytes[index], radix: radix) {
        // Saturate: anything past U+10FFFF is invalid anyway.
        value = value > 0x10FFFF ? value : value * radix + digit
        digits += 1
        index += 1
      }
      guard digits > 0, index < limit, bytes[index] == UInt8(ascii: ";") else { return nil }
      let scalar =
        value == 0 ? nil : Unicode.Scalar(value)
      return (scalar ?? "\u{FFFD}", index + 1)
    }
    let nameStart = index
    while index < limit, isAlphanumeric(bytes[index]) { index += 1 }
    guard index > nameStart, index < limit, bytes[index] == UInt8(ascii: ";") else { return nil }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard let value = named[name], let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, index + 1)
  }

  private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
