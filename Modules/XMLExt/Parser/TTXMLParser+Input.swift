import Three20Core

extension TTXMLParser {
  /// Looks at input before libxml2 does: counts start tags' attributes and keeps the text for
  /// error messages.
  ///
  /// - Returns: The error when a start tag has more than `options.maxAttributesPerElement`
  ///   attributes (the parser has then failed), else `nil`.
  func inspect(_ raw: UnsafeRawBufferPointer) -> TTXMLError? {
    guard raw.count > 0 else { return nil }
    var found: TTXMLMarkupScanner.Violation?
    decoder.decode(raw) { text in
      if let violation = scanner.scan(text) {
        // Keep the text up to the attribute over the limit: the error points there.
        window.append(UnsafeRawBufferPointer(rebasing: text[...violation.offset]))
        found = violation
        return false
      }
      window.append(text)
      return true
    }
    guard let found else { return nil }
    let name = TTMessageText.escaped(bytes: found.name, limit: 60) + (found.nameIsCut ? "…" : "")
    var error = TTXMLError(
      .attributeCountLimit,
      "The start tag <\(name)> has more than \(options.maxAttributesPerElement) attributes "
        + "(options.maxAttributesPerElement); the document is probably hostile or broken. "
        + "Raise the limit if such wide elements are expected.")
    if let (line, column) = window.lastPosition { place(&error, line: line, column: column) }
    fail(error)
    return error
  }

  /// The error for a document that starts like UTF-16 without a byte order mark, or `nil`.
  ///
  /// XML in UTF-16 must start with a byte order mark. Without one libxml2 reads the first
  /// bytes as UTF-8 and reports a `<` followed by NUL as an empty document. Documents starting
  /// with `<?` are the exception libxml2 recognizes (and reads); anything else that is `<` or
  /// white space between NUL bytes is reported here for what it is.
  static func utf16WithoutByteOrderMark(_ first: [UInt8]) -> TTXMLError? {
    guard first.count >= 4 else { return nil }
    func opens(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "<") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    func ascii(_ byte: UInt8) -> Bool { byte > 0 && byte < 0x80 }
    let bigEndian: Bool
    if first[1] == 0, first[3] == 0, opens(first[0]), ascii(first[2]),
      !(first[0] == UInt8(ascii: "<") && first[2] == UInt8(ascii: "?"))
    {
      bigEndian = false
    } else if first[0] == 0, first[2] == 0, opens(first[1]), ascii(first[3]),
      !(first[1] == UInt8(ascii: "<") && first[3] == UInt8(ascii: "?"))
    {
      bigEndian = true
    } else {
      return nil
    }
    let hex = first.prefix(4).map { String($0, radix: 16, uppercase: true) }
      .map { $0.count == 1 ? "0" + $0 : $0 }.joined(separator: " ")
    let text = bigEndian ? [first[1], first[3]] : [first[0], first[2]]
    let variant = bigEndian ? "UTF-16BE" : "UTF-16LE"
    let mark = bigEndian ? "FE FF" : "FF FE"
    return TTXMLError(
      .invalidEncoding,
      "The document looks like \(variant) without a byte order mark: it starts with the bytes "
        + "\(hex) (\(TTMessageText.quoted(String(decoding: text, as: UTF8.self))) in \(variant)), "
        + "which libxml2 would read as UTF-8 and find empty. XML in UTF-16 must begin with a byte "
        + "order mark: add one (\(mark)) or an XML declaration "
        + "(<?xml version=\"1.0\" encoding=\"UTF-16\"?>), convert the document to UTF-8, or set "
        + "options.encoding = \"\(variant)\".", line: 1, column: 1)
  }
}
