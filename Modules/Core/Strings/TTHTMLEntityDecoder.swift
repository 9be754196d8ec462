/// Decodes HTML character references in UTF-8 bytes, following the HTML5 tokenizer's rules.
///
/// Used by ``TTAdditions/decodingHTMLEntities`` and by the markup stripper, which decodes each
/// run of text between tags.
enum TTHTMLEntityDecoder {
  /// The named references, parsed once from ``TTHTMLEntityTable/source`` on first use.
  ///
  /// Keys are names without the `&`, with their `;` when the spec requires one (the legacy names
  /// appear both with and without it); values are the UTF-8 bytes they stand for. A `static let`
  /// is initialised exactly once, thread-safely, by the Swift runtime.
  static let references: [String: [UInt8]] = {
    var table: [String: [UInt8]] = [:]
    table.reserveCapacity(TTHTMLEntityTable.count)
    for line in TTHTMLEntityTable.source.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 2 else { continue }
      var bytes: [UInt8] = []
      for field in fields.dropFirst() {
        guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
        UTF8.encode(scalar) { bytes.append($0) }
      }
      table[String(fields[0])] = bytes
    }
    return table
  }()

  /// What code points 0x80–0x9F stand for in a numeric reference.
  ///
  /// This is the Windows-1252 table of the HTML5 spec. Zero means the code point is kept.
  private static let windows1252: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  /// The largest value a numeric reference is accumulated to; anything above 0x10FFFF is
  /// out of range, so digits past this point cannot change the outcome.
  private static let numericCeiling: UInt32 = 0x11_0000

  private static let ampersand = UInt8(ascii: "&")
  private static let semicolon = UInt8(ascii: ";")

  /// The scalar a numeric reference stands for, after the HTML5 replacements.
  static func scalar(forNumericReference value: UInt32) -> Unicode.Scalar {
    let replacement: Unicode.Scalar = "\u{FFFD}"
    if value == 0 || value > 0x10FFFF { return replacement }
    if (0x80...0x9F).contains(value) {
      let mapped = windows1252[Int(value - 0x80)]
      if mapped != 0 { return Unicode.Scalar(mapped) ?? replacement }
    }
    return Unicode.Scalar(value) ?? replacement  // nil for surrogates
  }

  /// Whether a byte is an ASCII letter or digit.
  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      true
    default: false
    }
  }

  /// Decodes the references in a string, or returns it unchanged when it has no `&`.
  static func decode(_ string: String) -> String {
    guard string.utf8.contains(ampersand) else { return string }
    let input = Array(string.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    decode(input[...], into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `input` to `output` with its character references decoded.
  ///
  /// Numeric references (`&#233;`, `&#xE9;`, `&#XE9;`, the `;` optional) become their code
  /// point, with 0, surrogates and values above 0x10FFFF replaced by U+FFFD and 0x80–0x9F
  /// remapped through Windows-1252. A named reference is decoded when its name followed by `;`
  /// is in the table; otherwise the longest legacy name that prefixes the letters is decoded
  /// (`&notit;` → `¬it;`). Anything else is kept as written.
  ///
  /// In an attribute value (`inAttribute`), HTML5 keeps a legacy name without `;` as written
  /// when a letter, a digit or `=` follows it, so that URLs keep their query parameters:
  /// `href="?a=1&copy=2"` means `&copy=2`, not `©=2`.
  static func decode(_ input: ArraySlice<UInt8>, into output: inout [UInt8], inAttribute: Bool = false) {
    var index = input.startIndex
    let end = input.endIndex
    while index < end {
      guard let amp = input[index..<end].firstIndex(of: ampersand) else {
        output.append(contentsOf: input[index..<end])
        return
      }
      output.append(contentsOf: input[index..<amp])
      index = amp + 1
      if let next = decodeReference(input, at: index, into: &output, inAttribute: inAttribute) {
        index = next
      } else {
        output.append(ampersand)
      }
    }
  }

  /// Decodes the reference whose `&` precedes `start`; returns where the input continues, or
  /// `nil` (having appended nothing) when there is no reference there.
  private static func decodeReference(
    _ input: ArraySlice<UInt8>, at start: Int, into output: inout [UInt8], inAttribute: Bool
  ) -> Int? {
    let end = input.endIndex
    guard start < end else { return nil }
    if input[start] == UInt8(ascii: "#") {
      var index = start + 1
      var radix: UInt32 = 10
      if index < end && (input[index] == UInt8(ascii: "x") || input[index] == UInt8(ascii: "X")) {
        radix = 16
        index += 1
      }
      let digitsStart = index
      var value: UInt32 = 0
      while index < end, let digit = digitValue(input[index], radix: radix) {
        value = min(value * radix + digit, numericCeiling)
        index += 1
      }
      guard index > digitsStart else { return nil }
      if index < end && input[index] == semicolon { index += 1 }
      UTF8.encode(scalar(forNumericReference: value)) { output.append($0) }
      return index
    }
    // A name: letters and digits, at most as long as the longest name without its `;`.
    var index = start
    let limit = min(end, start + TTHTMLEntityTable.longestName)
    while index < limit && isAlphanumeric(input[index]) { index += 1 }
    let length = index - start
    guard length > 0 else { return nil }
    if index < end && input[index] == semicolon,
      let bytes = references[String(decoding: input[start...index], as: UTF8.self)]
    {
      output.append(contentsOf: bytes)
      return index + 1
    }
    if inAttribute {
      // Only a legacy name that is all the letters and digits, not followed by `=`, counts.
      guard length <= TTHTMLEntityTable.longestLegacyName, index == end || input[index] != UInt8(ascii: "=")
      else { return nil }
      guard let bytes = references[String(decoding: input[start..<index], as: UTF8.self)] else { return nil }
      output.append(contentsOf: bytes)
      return index
    }
    var candidate = min(length, TTHTMLEntityTable.longestLegacyName)
    while candidate >= 2 {
      if let bytes = references[String(decoding: input[start..<start + candidate], as: UTF8.self)] {
        output.append(contentsOf: bytes)
        return start + candidate
      }
      candidate -= 1
    }
    return nil
  }

  /// The value of a digit in the given radix (10 or 16), or `nil`.
  private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
    if radix == 16 {
      return TTPercentCoding.hexValue(byte).map(UInt32.init)
    }
    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
    return UInt32(byte - UInt8(ascii: "0"))
  }
}
