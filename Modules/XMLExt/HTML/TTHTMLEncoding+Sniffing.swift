import Three20Core

extension TTHTMLEncoding {
  /// The encoding chosen for a page and where it came from.
  struct Choice {
    var encoding: TTHTMLEncoding
    var source: TTHTMLEncodingSource
    /// The length of the byte order mark to skip (0 when there is none).
    var byteOrderMarkLength = 0
    /// Labels in the header or a `<meta>` that were skipped because browsers do not know them.
    var notes: [TTXMLError] = []
  }

  /// Chooses the encoding of a page as browsers do (the WHATWG "encoding sniffing algorithm",
  /// simplified): a byte order mark, then `override`, then the `charset` of `contentType`, then
  /// a `<meta>` in the first 1,024 bytes, then UTF-8 when the bytes are valid UTF-8, else
  /// windows-1252.
  ///
  /// - Throws: ``TTXMLError/Code-swift.struct/unsupportedEncoding`` when `override` is not a
  ///   label browsers know.
  static func choose(
    for bytes: UnsafeBufferPointer<UInt8>, contentType: String?, override: String?
  ) throws(TTXMLError) -> Choice {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      return Choice(encoding: .utf8, source: .byteOrderMark, byteOrderMarkLength: 3)
    }
    if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
      return Choice(encoding: .utf16BE, source: .byteOrderMark, byteOrderMarkLength: 2)
    }
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
      return Choice(encoding: .utf16LE, source: .byteOrderMark, byteOrderMarkLength: 2)
    }
    if let override {
      guard let encoding = forLabel(override) else {
        throw TTXMLError(
          .unsupportedEncoding,
          "The encoding \(TTMessageText.quoted(override, limit: 60)) in options.encoding is not one "
            + "browsers know; use a WHATWG label such as \"UTF-8\", \"windows-1252\", \"ISO-8859-2\", "
            + "\"Shift_JIS\", \"EUC-KR\" or \"gb18030\", or leave it nil to follow the page.")
      }
      return Choice(encoding: encoding, source: .override)
    }
    var notes: [TTXMLError] = []
    if let contentType, let label = charset(inContentType: contentType) {
      if let encoding = forLabel(label) {
        return Choice(encoding: encoding, source: .transport)
      }
      notes.append(
        TTXMLError(
          .unsupportedEncoding,
          "The Content-Type header names the encoding \(TTMessageText.quoted(label, limit: 60)), "
            + "which browsers do not know; it was ignored. Set options.encoding if the page "
            + "looks wrong."))
    }
    var prescan = TTHTMLMetaPrescan(UnsafeBufferPointer(rebasing: bytes.prefix(1024)))
    while let label = prescan.nextCharset() {
      if var encoding = forLabel(label) {
        // A page cannot declare UTF-16 in a meta it could be read in: it is UTF-8 (WHATWG).
        if encoding == .utf16LE || encoding == .utf16BE { encoding = .utf8 }
        return Choice(encoding: encoding, source: .meta, notes: notes)
      }
      notes.append(
        TTXMLError(
          .unsupportedEncoding,
          "A <meta> names the encoding \(TTMessageText.quoted(label, limit: 60)), which browsers do "
            + "not know; it was ignored. Set options.encoding if the page looks wrong."))
    }
    let encoding: TTHTMLEncoding = isValidUTF8(bytes) ? .utf8 : .windows1252
    return Choice(encoding: encoding, source: .default, notes: notes)
  }

  /// The `charset` parameter of a Content-Type header value, without quotes, or `nil`.
  ///
  /// `text/html; charset="Shift_JIS"` gives `Shift_JIS`.
  static func charset(inContentType contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      guard let equals = parameter.firstIndex(of: "=") else { continue }
      let key = parameter[..<equals].trimmingASCIISpace()
      guard key.lowercased() == "charset" else { continue }
      var value = parameter[parameter.index(after: equals)...].trimmingASCIISpace()
      if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
        value = value.dropFirst().dropLast()
      }
      return value.isEmpty ? nil : String(value)
    }
    return nil
  }

  /// Whether the bytes are valid UTF-8 (a sequence cut off at the very end counts as valid:
  /// the page may be a prefix).
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = 0
    let count = bytes.count
    while position < count {
      // Eight ASCII bytes at a time.
      while position + 8 <= count {
        let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        position += 8
      }
      guard position < count else { return true }
      let lead = bytes[position]
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0x00...0x7F:
        position += 1
        continue
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        upper = 0x9F
      case 0xF0:
        length = 4
        lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        upper = 0x8F
      default: return false
      }
      for offset in 1..<length {
        guard position + offset < count else { return true }
        let byte = bytes[position + offset]
        if offset == 1 {
          guard byte >= lower, byte <= upper else { return false }
        } else {
          guard byte & 0xC0 == 0x80 else { return false }
        }
      }
      position += length
    }
    return true
  }
}

extension Substring {
  /// The text without leading and trailing ASCII white space.
  fileprivate func trimmingASCIISpace() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
      text = text.dropFirst()
    }
    while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
      text = text.dropLast()
    }
    return text
  }
}

/// Finds the encoding labels `<meta>` tags name at the start of a page, as the HTML standard's
/// "prescan a byte stream to determine its encoding" does (internal).
///
/// It skips comments and the attributes of other tags (so a `<meta` inside an attribute value
/// or a comment does not count), reads `<meta charset=…>` and `<meta http-equiv="Content-Type"
/// content="…; charset=…">`, and hands on each label in turn; the caller takes the first one it
/// knows.
struct TTHTMLMetaPrescan {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The next label a `<meta>` names, or `nil` at the end.
  mutating func nextCharset() -> String? {
    while position < bytes.count {
      if matches("<!--") {
        guard let close = find("-->", from: position + 2) else {
          position = bytes.count
          return nil
        }
        position = close + 3
      } else if matchesLowercased("<meta"), position + 5 < bytes.count,
        TTHTMLEncoding.isSpace(bytes[position + 5]) || bytes[position + 5] == UInt8(ascii: "/")
      {
        position += 5
        if let label = readMeta() { return label }
      } else if byte(at: position) == UInt8(ascii: "<"),
        isLetter(byte(at: position + 1))
          || (byte(at: position + 1) == UInt8(ascii: "/") && isLetter(byte(at: position + 2)))
      {
        while position < bytes.count, !TTHTMLEncoding.isSpace(bytes[position]),
          bytes[position] != UInt8(ascii: ">")
        {
          position += 1
        }
        while readAttribute() != nil {}
      } else if matches("<!") || matches("</") || matches("<?") {
        guard let close = find(">", from: position + 2) else {
          position = bytes.count
          return nil
        }
        position = close + 1
      } else {
        position += 1
      }
    }
    return nil
  }

  /// Reads the attributes of a `<meta>` and returns the label it names, if any.
  private mutating func readMeta() -> String? {
    var seen: Set<[UInt8]> = []
    var gotPragma = false
    var needsPragma: Bool?
    var charset: [UInt8]?
    while let (name, value) = readAttribute() {
      guard seen.insert(name).inserted else { continue }
      switch String(decoding: name, as: UTF8.self) {
      case "http-equiv":
        if value == Array("content-type".utf8) { gotPragma = true }
      case "content":
        if charset == nil, let found = Self.charset(inContent: value) {
          charset = found
          needsPragma = true
        }
      case "charset":
        charset = value
        needsPragma = false
      default:
        break
      }
    }
    guard let needsPragma, let charset, !needsPragma || gotPragma else { return nil }
    return String(decoding: charset, as: UTF8.self)
  }

  /// The HTML standard's "extracting a character encoding from a meta element" over a
  /// `content` value (already lower case).
  static func charset(inContent content: [UInt8]) -> [UInt8]? {
    let word = Array("charset".utf8)
    var position = 0
    while position + word.count <= content.count {
      guard Array(content[position..<(position + word.count)]) == word else {
        position += 1
        continue
      }
      position += word.count
      while position < content.count, TTHTMLEncoding.isSpace(content[position]) { position += 1 }
      guard position < content.count, content[position] == UInt8(ascii: "=") else { continue }
      position += 1
      while position < content.count, TTHTMLEncoding.isSpace(content[position]) { position += 1 }
      guard position < content.count else { return nil }
      let first = content[position]
      if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
        guard let close = content[(position + 1)...].firstIndex(of: first) else { return nil }
        return Array(content[(position + 1)..<close])
      }
      var end = position
      while end < content.count, !TTHTMLEncoding.isSpace(content[end]), content[end] != UInt8(ascii: ";") {
        end += 1
      }
      return Array(content[position..<end])
    }
    return nil
  }

  /// The HTML standard's "get an attribute": the next attribute's name and value (lower case),
  /// or `nil` at the end of the tag or of the bytes.
  private mutating func readAttribute() -> (name: [UInt8], value: [UInt8])? {
    while position < bytes.count,
      TTHTMLEncoding.isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "/")
    {
      position += 1
    }
    guard position < bytes.count, bytes[position] != UInt8(ascii: ">") else { return nil }
    var name: [UInt8] = []
    var value: [UInt8] = []
    // The name.
    while true {
      guard position < bytes.count else { return nil }
      let byte = bytes[position]
      if byte == UInt8(ascii: "="), !name.isEmpty {
        position += 1
        break
      }
      if TTHTMLEncoding.isSpace(byte) {
        while position < bytes.count, TTHTMLEncoding.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        guard bytes[position] == UInt8(ascii: "=") else { return (name, value) }
        position += 1
        break
      }
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { return (name, value) }
      name.append(Self.lowercased(byte))
      position += 1
    }
    // The value.
    while position < bytes.count, TTHTMLEncoding.isSpace(bytes[position]) { position += 1 }
    guard position < bytes.count else { return nil }
    let first = bytes[position]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      position += 1
      while position < bytes.count {
        let byte = bytes[position]
        position += 1
        if byte == first { return (name, value) }
        value.append(Self.lowercased(byte))
      }
      return nil
    }
    if first == UInt8(ascii: ">") { return (name, value) }
    while position < bytes.count {
      let byte = bytes[position]
      if TTHTMLEncoding.isSpace(byte) || byte == UInt8(ascii: ">") { return (name, value) }
      value.append(Self.lowercased(byte))
      position += 1
    }
    return nil
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }

  private func byte(at index: Int) -> UInt8 {
    index < bytes.count ? bytes[index] : 0
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private func matches(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
    return true
  }

  private func matchesLowercased(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where Self.lowercased(bytes[position + offset]) != text.utf8Start[offset] {
      return false
    }
    return true
  }

  private func find(_ text: StaticString, from start: Int) -> Int? {
    let count = text.utf8CodeUnitCount
    var index = start
    while index + count <= bytes.count {
      var found = true
      for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
        found = false
        break
      }
      if found { return index }
      index += 1
    }
    return nil
  }
}
