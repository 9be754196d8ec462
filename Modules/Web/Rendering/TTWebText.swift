import Three20Style

/// Text helpers for the renderer: removing what must never reach a terminal, collapsing
/// whitespace as HTML does.
enum TTWebText {
  /// Whether a byte is HTML whitespace: space, tab, line feed, form feed, carriage return.
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
  }

  /// The text without control characters that could act on a terminal.
  ///
  /// Removed: C0 controls other than tab, line feed, form feed and carriage return (which are
  /// whitespace to HTML), DEL, C1 controls (U+0080–U+009F) and the bidirectional embedding, override and isolate
  /// controls (U+202A–U+202E, U+2066–U+2069). Text without any is returned as it is.
  static func clean(_ text: String) -> String {
    var text = text
    let dirty: Bool = text.withUTF8 { bytes in firstUnsafe(in: bytes) != nil }
    guard dirty else { return text }
    return text.withUTF8 { bytes in
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      var index = 0
      let count = bytes.count
      while index < count {
        let length = unsafeLength(bytes, at: index)
        if length > 0 {
          index += length
          continue
        }
        output.append(bytes[index])
        index += 1
      }
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// The offset of the first unsafe character, or `nil`.
  @inline(__always)
  private static func firstUnsafe(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 {
        if unsafeLength(bytes, at: index) > 0 { return index }
      }
      index += 1
    }
    return nil
  }

  /// The length in bytes of the unsafe character at `index`, or 0 when it is safe.
  @inline(__always)
  private static func unsafeLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x20 { return isSpace(byte) ? 0 : 1 }
    if byte == 0x7F { return 1 }
    if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return 2 }
    if byte == 0xE2, index + 2 < bytes.count {
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      if second == 0x80, (0xAA...0xAE).contains(third) { return 3 }
      if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }
    }
    return 0
  }

  /// The text cleaned (``clean(_:)``), whitespace runs made one space, and trimmed: how an
  /// attribute such as `alt` or a link's text is shown.
  ///
  /// Non-breaking spaces become plain spaces too.
  static func collapsed(_ text: String, limit: Int = .max) -> String {
    var text = clean(text)
    return text.withUTF8 { bytes in
      var output: [UInt8] = []
      output.reserveCapacity(min(bytes.count, limit))
      var pendingSpace = false
      var index = 0
      while index < bytes.count, output.count < limit {
        let byte = bytes[index]
        if isSpace(byte) || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0) {
          pendingSpace = !output.isEmpty
          index += byte == 0xC2 ? 2 : 1
          continue
        }
        if pendingSpace {
          output.append(0x20)
          pendingSpace = false
        }
        output.append(byte)
        index += 1
      }
      // Do not end inside a UTF-8 sequence when cut at the limit.
      if index < bytes.count, output.count >= limit {
        while let last = output.last, last & 0xC0 == 0x80 { output.removeLast() }
        if let last = output.last, last >= 0xC0 { output.removeLast() }
      }
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// Whether the text is nothing but HTML whitespace.
  static func isBlank(_ text: String) -> Bool {
    text.utf8.allSatisfy(isSpace)
  }

  /// The leading decimal number of an attribute (`"300"`, `"300px"`, `" 42 "`), or `nil` when
  /// it has none or it is a percentage.
  static func integerPrefix(_ text: String?, limit: Int = 1_000_000) -> Int? {
    guard let text else { return nil }
    var value = 0
    var digits = 0
    var sawSign = false
    var negative = false
    for byte in text.utf8 {
      if digits == 0, !sawSign, isSpace(byte) { continue }
      if digits == 0, !sawSign, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
        sawSign = true
        negative = byte == UInt8(ascii: "-")
        continue
      }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
        if byte == UInt8(ascii: "%") { return nil }
        break
      }
      value = min(limit, value * 10 + Int(byte - UInt8(ascii: "0")))
      digits += 1
    }
    guard digits > 0 else { return nil }
    return negative ? -value : value
  }

  /// The text cut to at most `width` columns, with `…` when cut.
  static func truncated(_ text: String, to width: Int) -> String {
    TTDisplayWidth.truncate(text, to: width)
  }
}
