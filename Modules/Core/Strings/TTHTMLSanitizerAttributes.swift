import Foundation

/// Reads the attributes of one start tag and writes those the policy keeps, with their values
/// checked: addresses against the URL scheme policy, `srcset` candidate by candidate, `style`
/// declaration by declaration.
struct TTHTMLSanitizerAttributes {
  let element: String
  let policy: TTHTMLSanitizer.Policy
  let baseURL: URL?
  /// The names seen so far in this tag; of duplicates the first counts, as in HTML.
  private var seen: Set<String> = []
  private var value: [UInt8] = []

  init(element: String, policy: TTHTMLSanitizer.Policy, baseURL: URL?) {
    self.element = element
    self.policy = policy
    self.baseURL = baseURL
  }

  /// Whether the bytes between a tag's name and its `>` end in a `/` that is not part of an
  /// unquoted value (`<svg/>`, but not `<a href=/x/>`).
  static func endsWithSlash(_ input: [UInt8], _ range: Range<Int>) -> Bool {
    var endsWithSlash = false
    forEachAttribute(in: input[range], { _, _ in }, slash: { endsWithSlash = $0 })
    return endsWithSlash
  }

  /// Reads attributes as HTML's tokenizer does and calls `attribute` with each name's and
  /// value's bytes (`nil` for a name without `=`); `slash` learns whether a `/` ended the tag.
  ///
  /// A name runs to white space, `/`, or `=` (which can also be its first character); a value is
  /// quoted with `"` or `'` right after the `=` (spaces allowed between), or runs to white space.
  private static func forEachAttribute(
    in bytes: ArraySlice<UInt8>, _ attribute: (ArraySlice<UInt8>, ArraySlice<UInt8>?) -> Void,
    slash: (Bool) -> Void = { _ in }
  ) {
    let end = bytes.endIndex
    var index = bytes.startIndex
    var lastWasSlash = false
    func skipSpaces() {
      while index < end && TTHTMLScanner.isSpace(bytes[index]) { index += 1 }
    }
    while index < end {
      let byte = bytes[index]
      if TTHTMLScanner.isSpace(byte) {
        lastWasSlash = false
        index += 1
        continue
      }
      if byte == UInt8(ascii: "/") {
        lastWasSlash = true
        index += 1
        continue
      }
      lastWasSlash = false
      let nameStart = index
      index += 1
      while index < end {
        let byte = bytes[index]
        if TTHTMLScanner.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") { break }
        index += 1
      }
      let name = bytes[nameStart..<index]
      skipSpaces()
      guard index < end, bytes[index] == UInt8(ascii: "=") else {
        attribute(name, nil)
        continue
      }
      index += 1
      skipSpaces()
      if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
        let quote = bytes[index]
        let valueStart = index + 1
        index = valueStart
        while index < end && bytes[index] != quote { index += 1 }
        attribute(name, bytes[valueStart..<index])
        if index < end { index += 1 }
      } else {
        let valueStart = index
        while index < end && !TTHTMLScanner.isSpace(bytes[index]) { index += 1 }
        attribute(name, bytes[valueStart..<index])
      }
    }
    slash(lastWasSlash)
  }

  /// Writes ` name="value"` for each attribute of `bytes` the policy keeps.
  mutating func write(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
    Self.forEachAttribute(in: bytes) { nameBytes, valueBytes in
      let name = String(decoding: nameBytes.map(TTHTMLScanner.lowercased), as: UTF8.self)
      // A name with a quote or `<` in it is never written, whatever a policy allows.
      guard seen.insert(name).inserted, name.utf8.allSatisfy(TTHTMLScanner.isNameByte),
        policy.allowsAttribute(name, on: element)
      else { return }
      value.removeAll(keepingCapacity: true)
      if let valueBytes {
        TTHTMLEntityDecoder.decode(valueBytes, into: &value, inAttribute: true)
      }
      let kept: String?
      if TTHTMLSanitizer.urlAttributes.contains(name) {
        kept = url(value, allowsDataImage: name == "src" && element == "img")
      } else if TTHTMLSanitizer.srcsetAttributes.contains(name) {
        kept = srcset(value)
      } else if name == "style" {
        kept = style(value)
      } else {
        kept = nil
        write(name, value[...], into: &output)
        return
      }
      if let kept { write(name, Array(kept.utf8)[...], into: &output) }
    }
  }

  private func write(_ name: String, _ value: ArraySlice<UInt8>, into output: inout [UInt8]) {
    output.append(UInt8(ascii: " "))
    output.append(contentsOf: name.utf8)
    output.append(contentsOf: "=\"".utf8)
    TTHTMLSanitizerRun.appendEscaped(value, into: &output, inAttribute: true)
    output.append(UInt8(ascii: "\""))
  }

  // MARK: - Addresses

  /// The address to write for a decoded URL attribute value, or `nil` to drop the attribute.
  ///
  /// Removes what a browser ignores (control characters anywhere, then spaces at either end),
  /// resolves a relative reference against the base URL, and checks the scheme of exactly the
  /// text that will be written. Without a base URL, a reference that starts with two slashes
  /// (`//host`, or `\\host` as browsers read it) is refused: it would name a host of its own
  /// under whatever scheme the page is shown with.
  func url(_ decoded: [UInt8], allowsDataImage: Bool) -> String? {
    let cleaned = Self.withoutControls(decoded)
    var address = String(decoding: cleaned, as: UTF8.self)
    guard !address.isEmpty else { return nil }
    if baseURL == nil, cleaned.count >= 2,
      cleaned.prefix(2).allSatisfy({ $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
    {
      return nil
    }
    var scheme = TTURLSchemePolicy.scheme(of: address)
    if scheme == "data" {
      return allowsDataImage && policy.allowsDataImages && Self.isDataImage(cleaned) ? address : nil
    }
    if scheme == nil, let baseURL {
      guard let resolved = Self.resolve(address, against: baseURL) else { return nil }
      address = resolved
      scheme = TTURLSchemePolicy.scheme(of: address)
      if scheme == "data" { return nil }
    }
    return policy.urlSchemePolicy.allowsScheme(scheme) ? address : nil
  }

  /// The bytes without control characters (C0, DEL, C1 in UTF-8) anywhere and without spaces
  /// at either end, in that order, so that cleaning the result again changes nothing.
  static func withoutControls(_ decoded: [UInt8]) -> [UInt8] {
    var cleaned: [UInt8] = []
    cleaned.reserveCapacity(decoded.count)
    var index = decoded.startIndex
    while index < decoded.endIndex {
      let byte = decoded[index]
      index += 1
      if byte < 0x20 || byte == 0x7F { continue }
      if byte == 0xC2, index < decoded.endIndex, (0x80...0x9F).contains(decoded[index]) {
        index += 1
        continue
      }
      cleaned.append(byte)
    }
    var start = cleaned.startIndex
    var end = cleaned.endIndex
    while start < end && cleaned[start] == 0x20 { start += 1 }
    while end > start && cleaned[end - 1] == 0x20 { end -= 1 }
    return Array(cleaned[start..<end])
  }

  /// The most candidates of a `srcset` kept: each may be resolved to a long address, so their
  /// number bounds the output.
  static let maxSourceSetCandidates = 16

  /// A relative reference resolved against a base, as text; `nil` when Foundation cannot read
  /// it (a malformed host such as `//exa mple.com/`).
  ///
  /// Foundation percent-encodes what may not appear in a URL (spaces, non-ASCII letters, a
  /// stray `%`) as a browser does.
  static func resolve(_ reference: String, against base: URL) -> String? {
    var reference = reference
    // A `:` in the first segment would read as a scheme (`` `x:y ``, `1a:b`), which the caller
    // found it is not; RFC 3986 writes such a path as `./x:y`.
    let firstSegment = reference.utf8.prefix {
      $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
    }
    if firstSegment.contains(UInt8(ascii: ":")) { reference = "./" + reference }
    return URL(string: reference, relativeTo: base)?.absoluteString
  }

  /// Whether a `data:` URL (without leading spaces) holds one of the allowed image types.
  static func isDataImage(_ url: [UInt8]) -> Bool {
    guard let colon = url.firstIndex(of: UInt8(ascii: ":")),
      let comma = url[colon...].firstIndex(of: UInt8(ascii: ","))
    else { return false }
    let header = url[(colon + 1)..<comma]
    let typeEnd = header.firstIndex(of: UInt8(ascii: ";")) ?? header.endIndex
    let type = String(decoding: header[..<typeEnd].map(TTHTMLScanner.lowercased), as: UTF8.self)
    return TTHTMLSanitizer.dataImageTypes.contains(type.trimmingCharacters(in: .whitespaces))
  }

  /// The candidates of a decoded `srcset` value whose addresses are allowed, or `nil` if none
  /// is.
  ///
  /// Each candidate is an address followed by at most a few descriptors such as `2x` or
  /// `640w`, and candidates are separated by commas; at most ``maxSourceSetCandidates`` are kept. A candidate whose address is refused or
  /// whose descriptors are not numbers with `w`, `x` or `h` is dropped; `data:` URLs are
  /// refused.
  func srcset(_ raw: [UInt8]) -> String? {
    // Control characters go first, so that the commas and spaces seen are those written.
    let decoded = Self.withoutControls(raw)
    var candidates: [String] = []
    let end = decoded.endIndex
    var index = decoded.startIndex
    while index < end, candidates.count < Self.maxSourceSetCandidates {
      while index < end && (TTHTMLScanner.isSpace(decoded[index]) || decoded[index] == UInt8(ascii: ",")) {
        index += 1
      }
      guard index < end else { break }
      let urlStart = index
      while index < end && !TTHTMLScanner.isSpace(decoded[index]) { index += 1 }
      var urlEnd = index
      var descriptors: [String] = []
      if decoded[urlEnd - 1] == UInt8(ascii: ",") {
        while urlEnd > urlStart && decoded[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
      } else {
        let descriptorStart = index
        while index < end && decoded[index] != UInt8(ascii: ",") { index += 1 }
        descriptors = decoded[descriptorStart..<index].split(whereSeparator: TTHTMLScanner.isSpace).map {
          String(decoding: $0, as: UTF8.self)
        }
      }
      guard urlEnd > urlStart, descriptors.allSatisfy(Self.isDescriptor),
        let url = url(Array(decoded[urlStart..<urlEnd]), allowsDataImage: false)
      else { continue }
      candidates.append(([url] + descriptors).joined(separator: " "))
    }
    return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
  }

  /// Whether a `srcset` descriptor is a number followed by `w`, `x` or `h`.
  private static func isDescriptor(_ text: String) -> Bool {
    guard let unit = text.utf8.last,
      unit == UInt8(ascii: "w") || unit == UInt8(ascii: "x") || unit == UInt8(ascii: "h")
    else { return false }
    let number = text.utf8.dropLast()
    return !number.isEmpty && number.count <= 16 && number.contains { $0 != UInt8(ascii: ".") }
      && number.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }
  }

  // MARK: - Styles

  /// The declarations of a decoded `style` value that the policy keeps, as `name: value; …`, or
  /// `nil` if none is.
  func style(_ decoded: [UInt8]) -> String? {
    var kept: [String] = []
    for declaration in decoded.split(separator: UInt8(ascii: ";")) {
      guard let colon = declaration.firstIndex(of: UInt8(ascii: ":")) else { continue }
      let property = String(
        decoding: declaration[..<colon].map(TTHTMLScanner.lowercased), as: UTF8.self
      ).trimmingCharacters(in: Self.cssSpaces)
      guard !property.isEmpty,
        property.utf8.allSatisfy({ TTHTMLScanner.isLetter($0) || $0 == UInt8(ascii: "-") }),
        policy.allowedCSSProperties.contains(property)
      else { continue }
      let words = declaration[(colon + 1)...].split(whereSeparator: TTHTMLScanner.isSpace)
      let value = words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
      guard !value.isEmpty, Self.isSafeCSSValue(value) else { continue }
      kept.append(property + ": " + value)
    }
    return kept.isEmpty ? nil : kept.joined(separator: "; ")
  }

  private static let cssSpaces = CharacterSet(charactersIn: " \t\n\r\u{0C}")

  /// Whether a CSS value can neither load anything, run anything nor break out of its
  /// declaration.
  ///
  /// Refused: control characters; `\` (escapes can spell anything), `@`, `<`, `>`, `{`, `}`;
  /// an unbalanced quote or parenthesis; a `(` not opening one of the allowed functions; a
  /// non-ASCII character outside quotes (look-alike letters); and the words of
  /// `cssForbiddenWords` anywhere.
  static func isSafeCSSValue(_ value: String) -> Bool {
    guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { return false }
    let lowered = value.lowercased()
    for word in TTHTMLSanitizer.cssForbiddenWords where lowered.contains(word) { return false }
    var quote: UInt8?
    var depth = 0
    var identifier: [UInt8] = []
    for byte in lowered.utf8 {
      if let open = quote {
        if byte == open { quote = nil }
        if byte == UInt8(ascii: "\\") { return false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        quote = byte
      case UInt8(ascii: "("):
        guard TTHTMLSanitizer.cssFunctions.contains(String(decoding: identifier, as: UTF8.self)) else {
          return false
        }
        depth += 1
      case UInt8(ascii: ")"):
        guard depth > 0 else { return false }
        depth -= 1
      case UInt8(ascii: "\\"), UInt8(ascii: "@"), UInt8(ascii: "<"), UInt8(ascii: ">"),
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
        return false
      case 0x00..<0x20, 0x7F...0xFF:
        return false
      default:
        break
      }
      if TTHTMLScanner.isNameByte(byte) && byte != UInt8(ascii: ":") {
        identifier.append(byte)
      } else {
        identifier.removeAll(keepingCapacity: true)
      }
    }
    return quote == nil && depth == 0
  }
}
