#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows the document's encoding the way libxml2 does and hands on the input as text the
/// ``TTXMLMarkupScanner`` and the ``TTXMLSourceWindow`` can read (internal).
///
/// Bytes in UTF-8 and in the encodings whose ASCII bytes always mean ASCII (ISO-8859, Windows
/// code pages, Shift_JIS, EUC, GBK, Big5 …) are passed on as they are, without a copy: that is
/// nearly every document. UTF-16 and UTF-32 are converted to UTF-8 here; every other encoding
/// (EBCDIC code pages, UTF-7, ISO-2022, …), in which markup could hide from a byte scanner, is
/// converted with iconv, as libxml2 does.
///
/// The encoding is chosen as libxml2 chooses it: `options.encoding` when set (the parser then
/// tells libxml2 to ignore the declaration); otherwise the first four bytes, then the XML
/// declaration's `encoding`, which takes effect right after its closing quote. A leading byte
/// order mark is dropped from the output, except through an `options.encoding` converter,
/// which passes it on as U+FEFF.
struct TTXMLInputDecoder {
  enum Kind {
    /// Passed on as is.
    case bytes
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)
    /// Read with a small EBCDIC table, only until the declaration names the code page.
    case ebcdicDeclaration
    case converter(TTXMLConverter)
  }

  private(set) var kind: Kind
  /// Reads the XML declaration until it is known whether it switches the encoding; `nil` once
  /// that is settled.
  private var declaration: TTXMLDeclarationReader?
  /// Whether the start of the input (where a byte order mark may be) is still ahead.
  private var atStart = true
  /// Bytes of an incomplete code unit (UTF-16, UTF-32) or sequence (iconv) from the last call.
  private var carry: [UInt8] = []
  /// A UTF-16 high surrogate waiting for its low half.
  private var highSurrogate: UInt32?
  /// Where converted text is written.
  private var output: [UInt8] = []

  /// The kind for the first bytes of a document, as libxml2's detection reads them.
  ///
  /// - Parameters:
  ///   - first: At least the first four bytes (fewer only for a shorter document).
  ///   - override: `options.encoding`, which wins when set.
  init(first: some Collection<UInt8>, override: String?) {
    if let override {
      kind = Self.kind(forEncoding: override, current: .bytes) ?? .bytes
      declaration = nil
      return
    }
    let bytes = Array(first.prefix(4)) + [UInt8](repeating: 0xFF, count: max(0, 4 - first.count))
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0x00, 0x00, 0x00, 0x3C): kind = .utf32(bigEndian: true)
    case (0x3C, 0x00, 0x00, 0x00): kind = .utf32(bigEndian: false)
    case (0x4C, 0x6F, 0xA7, 0x94): kind = .ebcdicDeclaration
    case (0x3C, 0x00, 0x3F, 0x00): kind = .utf16(bigEndian: false)
    case (0x00, 0x3C, 0x00, 0x3F): kind = .utf16(bigEndian: true)
    case (0xFE, 0xFF, _, _): kind = .utf16(bigEndian: true)
    case (0xFF, 0xFE, _, _): kind = .utf16(bigEndian: false)
    default: kind = .bytes
    }
    declaration = TTXMLDeclarationReader()
  }

  /// Decodes the next piece of raw input and hands the text to `body`, in one or more pieces,
  /// until `body` returns `false`.
  mutating func decode(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Bool) {
    var rest = raw
    if declaration != nil || atStart {
      // Until the declaration is read: one character at a time, since the encoding may change
      // after any of them.
      output.removeAll(keepingCapacity: true)
      var position = 0
      while position < rest.count, declaration != nil || atStart {
        position += readCharacter(UnsafeRawBufferPointer(rebasing: rest[position...]))
      }
      if !output.isEmpty, !output.withUnsafeBytes(body) { return }
      rest = UnsafeRawBufferPointer(rebasing: rest[position...])
      if rest.isEmpty { return }
    }
    if case .bytes = kind {
      _ = body(rest)
      return
    }
    output.removeAll(keepingCapacity: true)
    convert(rest)
    if !output.isEmpty { _ = output.withUnsafeBytes(body) }
  }

  // MARK: - The declaration

  /// Decodes one character from the start of `raw` into `output`, feeds the declaration reader
  /// and switches the encoding when the declaration says so.
  ///
  /// - Returns: The bytes consumed (all of `raw` when it ends inside a character).
  private mutating func readCharacter(_ raw: UnsafeRawBufferPointer) -> Int {
    let width: Int
    switch kind {
    case .bytes, .ebcdicDeclaration: width = 1
    case .utf16: width = 2
    case .utf32: width = 4
    case .converter:
      // Only `options.encoding` makes a converter before the declaration is settled, and then
      // there is no declaration to read; a byte order mark comes out of iconv as U+FEFF.
      atStart = false
      declaration = nil
      return 0
    }
    let needed = width - carry.count
    guard raw.count >= needed else {
      carry.append(contentsOf: raw)
      return raw.count
    }
    var unit = carry
    unit.append(contentsOf: raw.prefix(needed))
    carry.removeAll()
    let scalar: UInt32
    switch kind {
    case .utf16(let bigEndian):
      scalar = bigEndian ? UInt32(unit[0]) << 8 | UInt32(unit[1]) : UInt32(unit[1]) << 8 | UInt32(unit[0])
    case .utf32(let bigEndian):
      let value = unit.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      scalar = bigEndian ? value : value.byteSwapped
    case .ebcdicDeclaration:
      scalar = UInt32(Self.ebcdic[Int(unit[0])])
    default:
      scalar = UInt32(unit[0])
    }
    let wasAtStart = atStart
    atStart = false
    if wasAtStart, case .bytes = kind, unit[0] == 0xEF, raw.count >= 3, raw[1] == 0xBB, raw[2] == 0xBF {
      // A UTF-8 byte order mark (the first piece always holds it whole: the parser waits for
      // four bytes before it starts).
      return 3
    }
    if wasAtStart, scalar == 0xFEFF { return needed }
    if case .bytes = kind {
      output.append(unit[0])
    } else {
      Self.appendUTF8(
        scalar < 0xD800 || (scalar > 0xDFFF && scalar < 0x110000) ? scalar : 0xFFFD, to: &output)
    }
    guard var reader = declaration else { return needed }
    switch reader.read(scalar < 0x80 ? UInt8(scalar) : 0x80) {
    case .reading:
      declaration = reader
    case .done:
      declaration = nil
      if case .ebcdicDeclaration = kind {
        // No declaration to name the code page: libxml2 cannot read the document either.
        kind = .bytes
      }
    case .encoding(let name):
      declaration = nil
      if let switched = Self.kind(forEncoding: name, current: kind) { kind = switched }
    }
    return needed
  }

  /// The kind for an encoding name, as libxml2 would switch to it; `nil` to stay with `current`.
  ///
  /// This follows libxml2's `xmlParseEncodingDecl` (2.9): a declared `UTF-8` or `UTF-16`
  /// (exactly these names, in any case) switches nothing, since UTF-8 is read natively and
  /// UTF-16 was settled by the byte order mark or the first bytes, whatever the declaration
  /// says; every other name switches, `UTF-16LE` and `UTF-16BE` included, even from UTF-16.
  /// Reading what libxml2 reads is what lets the scanner see every start tag.
  static func kind(forEncoding name: String, current: Kind) -> Kind? {
    let upper = name.uppercased()
    if upper == "UTF-8" || upper == "UTF8" {
      // An EBCDIC document must name its code page; libxml2 cannot read it as UTF-8 either.
      if case .ebcdicDeclaration = current { return .bytes }
      return nil
    }
    if upper == "UTF-16" || upper == "UTF16" { return nil }
    let compact = String(upper.unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
    if compact == "UTF16LE" || compact == "UTF16BE" {
      return .utf16(bigEndian: compact.hasSuffix("BE"))
    }
    if compact.hasPrefix("UTF32") || compact.hasPrefix("UCS4") || compact.hasPrefix("ISO10646UCS4") {
      return .utf32(bigEndian: !compact.hasSuffix("LE"))
    }
    if asciiCompatible.contains(where: { compact.hasPrefix($0) }) { return .bytes }
    // Anything else is read the way libxml2 reads it: with iconv. One it cannot open, libxml2
    // cannot use either (it reports the encoding as unsupported).
    return TTXMLConverter(from: name).map(Kind.converter)
  }

  /// Encoding names (upper case, letters and digits only) whose bytes below 0x80 are always
  /// ASCII, so markup can be found in them byte by byte.
  private static let asciiCompatible = [
    "ASCII", "USASCII", "ANSIX341968", "ISO646US", "ISO8859", "LATIN", "WINDOWS125", "CP125",
    "CP874", "WINDOWS874", "CP932", "WINDOWS31J", "MSKANJI", "SHIFTJIS", "SJIS", "EUC", "CP936",
    "GB2312", "GBK", "GB18030", "CP949", "UHC", "CP950", "BIG5", "KOI8", "MAC", "TIS620", "CP437",
    "CP850", "CP866", "IBM437", "IBM850", "IBM866", "VISCII", "ARMSCII8", "GEORGIAN", "PT154",
    "CP1125",
  ]

  // MARK: - Converting

  private mutating func convert(_ raw: UnsafeRawBufferPointer) {
    switch kind {
    case .bytes:
      output.append(contentsOf: raw)
    case .ebcdicDeclaration:
      for byte in raw { output.append(Self.ebcdic[Int(byte)]) }
    case .utf16(let bigEndian):
      convertUnits(raw, width: 2) { unit in
        bigEndian ? UInt32(unit[0]) << 8 | UInt32(unit[1]) : UInt32(unit[1]) << 8 | UInt32(unit[0])
      }
    case .utf32(let bigEndian):
      convertUnits(raw, width: 4) { unit in
        let value = UInt32(unit[0]) << 24 | UInt32(unit[1]) << 16 | UInt32(unit[2]) << 8 | UInt32(unit[3])
        return bigEndian ? value : value.byteSwapped
      }
    case .converter(let converter):
      converter.convert(raw, carry: &carry, into: &output)
    }
  }

  /// Converts fixed-width code units, keeping an incomplete unit and a lone high surrogate for
  /// the next call.
  private mutating func convertUnits(
    _ raw: UnsafeRawBufferPointer, width: Int, _ value: (UnsafeRawBufferPointer) -> UInt32
  ) {
    output.reserveCapacity(output.count + raw.count * 3 / 2 + 8)
    var position = 0
    if !carry.isEmpty {
      let needed = width - carry.count
      guard raw.count >= needed else {
        carry.append(contentsOf: raw)
        return
      }
      let unit = carry + raw.prefix(needed)
      carry.removeAll()
      unit.withUnsafeBytes { appendScalar(value($0)) }
      position = needed
    }
    while position + width <= raw.count {
      appendScalar(value(UnsafeRawBufferPointer(rebasing: raw[position..<(position + width)])))
      position += width
    }
    carry.append(contentsOf: raw[position...])
  }

  /// Appends one UTF-16 unit or UTF-32 value as UTF-8, pairing surrogates.
  private mutating func appendScalar(_ value: UInt32) {
    if let high = highSurrogate {
      highSurrogate = nil
      if (0xDC00...0xDFFF).contains(value) {
        Self.appendUTF8(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), to: &output)
        return
      }
      Self.appendUTF8(0xFFFD, to: &output)
    }
    if (0xD800...0xDBFF).contains(value) {
      highSurrogate = value
    } else if value >= 0xD800 && value <= 0xDFFF || value >= 0x110000 {
      Self.appendUTF8(0xFFFD, to: &output)
    } else {
      Self.appendUTF8(value, to: &output)
    }
  }

  static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// EBCDIC bytes to ASCII, for what a declaration holds (letters, digits, `<?=>"'-._/` and
  /// white space); every other byte becomes 0x80, which the scanner reads as text.
  private static let ebcdic: [UInt8] = {
    var table = [UInt8](repeating: 0x80, count: 256)
    let pairs: [(UInt8, Character)] = [
      (0x4C, "<"), (0x6F, "?"), (0x6E, ">"), (0x7E, "="), (0x7F, "\""), (0x7D, "'"), (0x40, " "),
      (0x05, "\t"), (0x25, "\n"), (0x15, "\n"), (0x0D, "\r"), (0x60, "-"), (0x4B, "."), (0x6D, "_"),
      (0x61, "/"),
    ]
    for (byte, character) in pairs { table[Int(byte)] = character.asciiValue ?? 0x80 }
    let ranges: [(UInt8, String)] = [
      (0x81, "abcdefghi"), (0x91, "jklmnopqr"), (0xA2, "stuvwxyz"), (0xC1, "ABCDEFGHI"),
      (0xD1, "JKLMNOPQR"), (0xE2, "STUVWXYZ"), (0xF0, "0123456789"),
    ]
    for (start, letters) in ranges {
      for (offset, letter) in letters.utf8.enumerated() { table[Int(start) + offset] = letter }
    }
    return table
  }()
}

/// Reads the XML declaration at the start of a document far enough to find its `encoding`
/// (internal).
struct TTXMLDeclarationReader {
  enum Outcome {
    /// Still inside the declaration.
    case reading
    /// There is no declaration, or it has no encoding (or one libxml2 would not accept).
    case done
    /// The declaration names this encoding; it applies from the next character on.
    case encoding(String)
  }

  private enum Stage {
    case prefix(Int)
    case space
    case beforeName
    case name
    case afterName
    case beforeValue
    case value
  }

  private var stage = Stage.prefix(0)
  private var name: [UInt8] = []
  private var value: [UInt8] = []
  private var quote: UInt8 = 0
  private static let opening = Array("<?xml".utf8)

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// Reads the next character (ASCII, or 0x80 for anything else).
  mutating func read(_ byte: UInt8) -> Outcome {
    switch stage {
    case .prefix(let matched):
      guard byte == Self.opening[matched] else { return .done }
      stage = matched + 1 == Self.opening.count ? .space : .prefix(matched + 1)
    case .space:
      // `<?xml-stylesheet` is another processing instruction.
      guard Self.isSpace(byte) else { return .done }
      stage = .beforeName
    case .beforeName:
      if Self.isSpace(byte) { return .reading }
      guard (0x61...0x7A).contains(byte) else { return .done }
      name = [byte]
      stage = .name
    case .name:
      if Self.isSpace(byte) {
        stage = .afterName
      } else if byte == UInt8(ascii: "=") {
        stage = .beforeValue
      } else {
        guard (0x61...0x7A).contains(byte), name.count < 16 else { return .done }
        name.append(byte)
      }
    case .afterName:
      if Self.isSpace(byte) { return .reading }
      guard byte == UInt8(ascii: "=") else { return .done }
      stage = .beforeValue
    case .beforeValue:
      if Self.isSpace(byte) { return .reading }
      guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else { return .done }
      quote = byte
      value = []
      stage = .value
    case .value:
      if byte == quote {
        if name == Array("encoding".utf8) {
          return .encoding(String(decoding: value, as: UTF8.self))
        }
        stage = .beforeName
        return .reading
      }
      // Encoding names are short ASCII; libxml2 refuses anything else.
      guard byte < 0x80, value.count < 100 else { return .done }
      value.append(byte)
    }
    return .reading
  }
}

/// An iconv conversion to UTF-8 (internal).
final class TTXMLConverter {
  private let handle: iconv_t

  /// Opens a conversion from `encoding`, or `nil` when iconv does not know it.
  init?(from encoding: String) {
    let opened = iconv_open("UTF-8", encoding)
    guard let opened, opened != iconv_t(bitPattern: -1) else { return nil }
    handle = opened
  }

  deinit {
    iconv_close(handle)
  }

  /// Appends what the conversion still holds at the end of the input (a stateful converter
  /// such as windows-1258's keeps the last character, which a combining mark could follow).
  func finish(into output: inout [UInt8]) {
    var buffer = [UInt8](repeating: 0, count: 64)
    let produced = buffer.withUnsafeMutableBytes { outputBytes in
      var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
      var outLeft = outputBytes.count
      _ = iconv(handle, nil, nil, &outPointer, &outLeft)
      return outputBytes.count - outLeft
    }
    output.append(contentsOf: buffer[..<produced])
  }

  /// Converts `raw` and appends the text to `output`.
  ///
  /// `carry` holds the incomplete end of the last call, which goes first; an incomplete
  /// sequence at the end of this one goes back to it. Bytes iconv cannot read become U+FFFD.
  func convert(_ raw: UnsafeRawBufferPointer, carry: inout [UInt8], into output: inout [UInt8]) {
    var input = carry
    input.append(contentsOf: raw)
    carry.removeAll()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    input.withUnsafeMutableBytes { inputBytes in
      var inPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
      guard inPointer != nil else { return }
      var inLeft = inputBytes.count
      while inLeft > 0 {
        let (result, produced, failure) = buffer.withUnsafeMutableBytes { outputBytes in
          var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
          var outLeft = outputBytes.count
          let result = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
          return (result, outputBytes.count - outLeft, errno)
        }
        output.append(contentsOf: buffer[..<produced])
        if result != -1 { break }
        switch failure {
        case E2BIG:
          continue
        case EINVAL:
          // An incomplete sequence at the end: keep it for the next piece.
          carry = Array(UnsafeRawBufferPointer(start: inPointer, count: inLeft))
          return
        default:
          // A byte iconv cannot read: libxml2 fails there too.
          TTXMLInputDecoder.appendUTF8(0xFFFD, to: &output)
          inPointer = inPointer.map { $0 + 1 }
          inLeft -= 1
        }
      }
    }
  }
}
