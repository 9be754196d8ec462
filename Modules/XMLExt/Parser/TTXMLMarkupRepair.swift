import Foundation
import Three20Core

/// Repairs the three mistakes real documents make most in text, before libxml2 reads the bytes
/// in recovery mode (internal).
///
/// libxml2's recovery drops what it cannot read: an `&` that starts no reference (`Fish & Chips`)
/// and a `<` that starts no markup (`a < b`) vanish, and so do control characters. This filter
/// writes the first two as the character references `&#38;` and `&#60;` instead (libxml2
/// stops substituting named entities, `&amp;` included, after a document's first error, but
/// always reads character references), so the text survives, and drops the
/// control characters (U+0000–U+001F except tab, line feed and carriage return; not in VISCII,
/// whose letters use those bytes), which XML does
/// not allow and a terminal must never receive. In a UTF-8 document (declared so, or declaring
/// nothing) a byte that is not valid UTF-8 is read as the Windows-1252 character it is, the
/// usual mistake of a feed that declares UTF-8 and is not (libxml2 would switch the rest of
/// the document to ISO-8859-1 and lose the byte). Each repair is listed, with its line and
/// column.
///
/// It reads the input as markup does, step by step:
///
/// 1. The start decides whether it repairs at all: only documents whose encoding keeps ASCII
///    bytes as ASCII (UTF-8, ISO-8859, Windows code pages, Shift_JIS, EUC, GBK, Big5 …), where a
///    `<` byte is always the character; UTF-16, UTF-32 and EBCDIC pass untouched. The first
///    markup decides: an XML declaration is read to its end and its `encoding` decides,
///    anything else means UTF-8.
/// 2. Markup is followed with a small state machine: tags (and their quoted attribute values),
///    comments, CDATA sections, processing instructions and the DOCTYPE with its internal
///    subset. Only text and attribute values are repaired; comments, CDATA and the rest pass as
///    they are, except that control characters are dropped everywhere.
/// 3. An `&` or `<` too close to the end of a piece to tell is held until the next piece (at
///    most 64 bytes).
///
/// The work is one pass over the bytes; a piece is copied only when something in it is
/// repaired or a byte was held from the last one.
struct TTXMLMarkupRepair {
  /// What was repaired, where.
  struct Repair: Equatable {
    enum Kind: Equatable {
      case ampersand
      case lessThan
      case controlCharacter(UInt8)
      /// A byte that is not part of valid UTF-8 in a UTF-8 document, read as Windows-1252.
      case invalidUTF8(UInt8)
      /// An HTML entity no DTD declares, read as HTML's characters.
      case htmlEntity(String)
    }

    var kind: Kind
    var line: Int
    var column: Int
  }

  /// What a piece of input became.
  enum Output {
    /// The piece, unchanged.
    case same
    /// The first `count` bytes of the piece, unchanged; the rest is held.
    case prefix(Int)
    /// New bytes.
    case bytes([UInt8])
  }

  fileprivate enum State: Equatable {
    /// Between markup.
    case text
    /// Just after `<!`.
    case bang
    /// After `<!-`.
    case commentOpening
    /// After `<![`, with `matched` bytes of `CDATA[` seen.
    case cdataOpening(matched: Int)
    /// Inside a tag; `quote` is the quote of the attribute value being read, if any.
    case tag(quote: UInt8?)
    /// In a comment; `dashes` is how many `-` were just seen.
    case comment(dashes: Int)
    /// In a CDATA section; `brackets` is how many `]` were just seen.
    case cdata(brackets: Int)
    /// In a processing instruction; `question` is whether `?` was just seen.
    case instruction(question: Bool)
    /// In a DOCTYPE or another `<!` declaration: the depth of `[` and the open quote.
    case declaration(depth: Int, quote: UInt8?)
  }

  private enum Mode {
    /// Before the first markup, or inside the XML declaration, whose encoding decides.
    case undecided
    case repairing
    case passing
  }

  /// What follows `<![` in a CDATA section's start.
  private static let cdataOpening = Array("CDATA[".utf8)

  /// The longest entity name (or character reference) an `&` is checked for.
  static let longestReference = 64

  private var mode: Mode
  /// Whether the document's encoding is UTF-8, whose byte sequences are checked.
  private var isUTF8 = true
  /// Whether bytes below 0x20 are control characters to drop (not in VISCII).
  private var dropsControls = true
  /// Whether the document has an internal DTD subset, which may declare entities of its own
  /// (HTML's names are then left to libxml2).
  private var declaresEntities = false
  private var state = State.text
  /// Bytes held from the end of the last piece (an `&` or `<` that could not be told yet).
  private var held: [UInt8] = []
  /// The XML declaration's bytes, while it is read.
  private var declarationBytes: [UInt8] = []
  private var line = 1
  private var column = 1
  /// The repairs, in input order: the first ``maxRepairs`` (the parser's diagnostics keep no
  /// more than that either).
  private(set) var repairs: [Repair] = []
  static let maxRepairs = 1000

  /// A filter for a document that starts with `first` (at least its first four bytes, or all of
  /// a shorter one).
  ///
  /// - Parameters:
  ///   - first: The document's first bytes.
  ///   - override: The encoding the caller set, which decides instead of the document.
  init(first: [UInt8], override: String?) {
    if let override {
      mode = Self.keepsASCII(override, isOverride: true) ? .repairing : .passing
      isUTF8 = Self.isUTF8(override)
      dropsControls = !Self.hasLettersBelowSpace(override)
      return
    }
    guard case .bytes = TTXMLInputDecoder(first: first, override: nil).kind else {
      mode = .passing
      return
    }
    // Decided by the first markup: an XML declaration's `encoding`, else UTF-8.
    mode = .undecided
  }

  /// Filters bytes held in an array.
  ///
  /// - Parameters:
  ///   - bytes: The piece.
  ///   - isFinal: Whether it is the last.
  /// - Returns: What libxml2 should read.
  mutating func filtered(_ bytes: [UInt8], isFinal: Bool) -> [UInt8] {
    bytes.withUnsafeBytes { buffer in
      switch filter(buffer, isFinal: isFinal) {
      case .same: return bytes
      case .prefix(let count): return Array(bytes.prefix(count))
      case .bytes(let repaired): return repaired
      }
    }
  }

  /// Whether an encoding's name is UTF-8's.
  private static func isUTF8(_ encoding: String) -> Bool {
    let name = encoding.lowercased()
    return name == "utf-8" || name == "utf8"
  }

  /// Whether text in an encoding keeps ASCII bytes as ASCII, the way the input decoder follows
  /// libxml2 (a declared `UTF-16` switches nothing in a document that is not); an encoding the
  /// caller sets is taken as it is, so UTF-16 and UTF-32 are not.
  private static func keepsASCII(_ encoding: String, isOverride: Bool = false) -> Bool {
    let name = encoding.lowercased()
    if isOverride,
      ["utf-16", "utf16", "utf-32", "utf32", "ucs-2", "ucs2", "ucs-4", "ucs4"].contains(where: name.hasPrefix)
    {
      return false
    }
    if case .bytes = TTXMLInputDecoder.kind(forEncoding: encoding, current: .bytes) ?? .bytes { return true }
    return false
  }

  /// Whether an encoding uses the bytes below 0x20 for letters (VISCII does), so that they are
  /// not control characters to drop.
  private static func hasLettersBelowSpace(_ encoding: String) -> Bool {
    encoding.lowercased().contains("viscii")
  }

  /// Filters the next piece of the document.
  ///
  /// - Parameters:
  ///   - input: The piece.
  ///   - isFinal: Whether it is the last (held bytes are decided without more input).
  mutating func filter(_ input: UnsafeRawBufferPointer, isFinal: Bool) -> Output {
    if case .passing = mode, held.isEmpty { return .same }
    if held.isEmpty {
      return filter(bytes: input, isFinal: isFinal)
    }
    var joined = held
    held = []
    joined.append(contentsOf: input)
    return joined.withUnsafeBytes { buffer in
      switch filter(bytes: buffer, isFinal: isFinal) {
      case .same: return .bytes(joined)
      case .prefix(let count): return .bytes(Array(joined.prefix(count)))
      case .bytes(let bytes): return .bytes(bytes)
      }
    }
  }

  private mutating func filter(bytes input: UnsafeRawBufferPointer, isFinal: Bool) -> Output {
    var output: [UInt8]?
    var index = 0
    let count = input.count
    /// Starts the copy, with everything before `index` unchanged.
    func beginCopy(_ output: inout [UInt8]?) {
      guard output == nil else { return }
      var copy: [UInt8] = []
      copy.reserveCapacity(count + 64)
      copy.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[0..<index]))
      output = copy
    }
    while index < count {
      if mode != .passing, let stops = fastStops {
        // The common case: a run with nothing to look at (text, or a tag's names and values),
        // copied in one piece when copying. The table marks the bytes that end a run.
        let runStart = index
        stops.withUnsafeBufferPointer { stops in
          while index < count {
            let byte = input[index]
            if stops[Int(byte)] {
              guard byte == 0x0A else { break }
              line += 1
              column = 1
            } else if byte & 0xC0 != 0x80 {
              column += 1
            }
            index += 1
          }
        }
        if output != nil, index > runStart {
          output?.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[runStart..<index]))
        }
        guard index < count else { break }
      }
      let byte = input[index]
      if case .passing = mode {
        output?.append(byte)
        index += 1
        continue
      }
      if byte >= 0x80, isUTF8, mode == .repairing {
        switch Self.utf8Sequence(in: input, at: index) {
        case .valid(let length):
          output?.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[index..<(index + length)]))
          index += length
          column += 1
        case .needsMore where !isFinal:
          return hold(input, from: index, output: output)
        case .invalid, .needsMore:
          beginCopy(&output)
          output?.append(contentsOf: Self.windows1252(byte))
          note(.invalidUTF8(byte))
          index += 1
          column += 1
        }
        // A character between `]` and `]>` (or `-` and `->`, `?` and `>`) breaks the run.
        state = state.afterOtherCharacter
        continue
      }
      // Control characters go wherever they are.
      if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, dropsControls {
        beginCopy(&output)
        note(.controlCharacter(byte))
        index += 1
        column += 1
        continue
      }
      var replacement: [UInt8]?
      switch state {
      case .text:
        if byte == UInt8(ascii: "<") {
          guard index + 1 < count else {
            if isFinal {
              replacement = Self.lessThan
              note(.lessThan)
            } else {
              return hold(input, from: index, output: output)
            }
            break
          }
          let next = input[index + 1]
          if mode == .undecided, next != UInt8(ascii: "?") { mode = .repairing }
          switch next {
          case UInt8(ascii: "!"), UInt8(ascii: "?"):
            // Both bytes at once: the second must not be read as the first of what follows
            // (`<?>` is no instruction's end).
            state = next == UInt8(ascii: "!") ? .bang : .instruction(question: false)
            output?.append(byte)
            output?.append(next)
            index += 2
            column += 2
            continue
          case UInt8(ascii: "/"): state = .tag(quote: nil)
          case _ where Self.startsName(next): state = .tag(quote: nil)
          default:
            replacement = Self.lessThan
            note(.lessThan)
          }
        } else if byte == UInt8(ascii: "&") {
          switch Self.reference(in: input, at: index, isFinal: isFinal) {
          case .valid: break
          case .named(let end):
            // libxml2 stops substituting named entities after a document's first error (it
            // always reads character references): XML's own and, unless the document declares
            // entities of its own, HTML's are written as character references.
            let name = UnsafeRawBufferPointer(rebasing: input[(index + 1)..<end])
            guard let references = characterReferences(for: name) else { break }
            beginCopy(&output)
            output?.append(contentsOf: references)
            column += end + 1 - index
            index = end + 1
            continue
          case .invalid:
            replacement = Self.ampersand
            note(.ampersand)
          case .needsMore:
            return hold(input, from: index, output: output)
          }
        }
      // `<!--` opens a comment, `<![CDATA[` a CDATA section, any other `<!` a declaration.
      case .bang:
        if byte == UInt8(ascii: "-") {
          state = .commentOpening
        } else if byte == UInt8(ascii: "[") {
          state = .cdataOpening(matched: 0)
        } else {
          state = .declaration(depth: 0, quote: nil)
          continue  // this byte is read again, as part of the declaration
        }
      case .commentOpening:
        guard byte == UInt8(ascii: "-") else {
          state = .declaration(depth: 0, quote: nil)
          continue
        }
        state = .comment(dashes: 0)
      case .cdataOpening(let matched):
        guard byte == Self.cdataOpening[matched] else {
          state = .declaration(depth: 0, quote: nil)
          continue
        }
        state =
          matched + 1 == Self.cdataOpening.count ? .cdata(brackets: 0) : .cdataOpening(matched: matched + 1)
      case .tag(let quote):
        if let quote {
          if byte == quote {
            state = .tag(quote: nil)
          } else if byte == UInt8(ascii: "<") {
            replacement = Self.lessThan
            note(.lessThan)
          } else if byte == UInt8(ascii: "&") {
            switch Self.reference(in: input, at: index, isFinal: isFinal) {
            case .valid, .named: break  // attribute values substitute entities after errors too
            case .invalid:
              replacement = Self.ampersand
              note(.ampersand)
            case .needsMore:
              return hold(input, from: index, output: output)
            }
          }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          state = .tag(quote: byte)
        } else if byte == UInt8(ascii: ">") {
          state = .text
        }
      case .comment(let dashes):
        if byte == UInt8(ascii: "-") {
          state = .comment(dashes: dashes + 1)
        } else if byte == UInt8(ascii: ">"), dashes >= 2 {
          state = .text
        } else {
          state = .comment(dashes: 0)
        }
      case .cdata(let brackets):
        if byte == UInt8(ascii: "]") {
          state = .cdata(brackets: brackets + 1)
        } else if byte == UInt8(ascii: ">"), brackets >= 2 {
          state = .text
        } else {
          state = .cdata(brackets: 0)
        }
      case .instruction(let question):
        if byte == UInt8(ascii: ">"), question {
          state = .text
          if case .undecided = mode { decide() }
        } else {
          state = .instruction(question: byte == UInt8(ascii: "?"))
          if case .undecided = mode, declarationBytes.count < 512 { declarationBytes.append(byte) }
        }
      case .declaration(let depth, let quote):
        if let quote {
          if byte == quote { state = .declaration(depth: depth, quote: nil) }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          state = .declaration(depth: depth, quote: byte)
        } else if byte == UInt8(ascii: "[") {
          state = .declaration(depth: depth + 1, quote: nil)
          declaresEntities = true
        } else if byte == UInt8(ascii: "]") {
          state = .declaration(depth: max(0, depth - 1), quote: nil)
        } else if byte == UInt8(ascii: ">"), depth == 0 {
          state = .text
        }
      }
      if let replacement {
        beginCopy(&output)
        output?.append(contentsOf: replacement)
      } else {
        output?.append(byte)
      }
      advance(over: byte)
      index += 1
    }
    if let output { return .bytes(output) }
    return .same
  }

  /// Keeps the bytes from `start` for the next piece.
  private mutating func hold(_ input: UnsafeRawBufferPointer, from start: Int, output: [UInt8]?) -> Output {
    held = Array(UnsafeRawBufferPointer(rebasing: input[start...]))
    if let output { return .bytes(output) }
    return .prefix(start)
  }

  /// Moves the line and column past a byte (continuation bytes of UTF-8 do not count).
  @inline(__always)
  private mutating func advance(over byte: UInt8) {
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func note(_ kind: Repair.Kind) {
    if repairs.count < Self.maxRepairs { repairs.append(Repair(kind: kind, line: line, column: column)) }
  }

  /// Decides from the XML declaration just read whether to repair.
  private mutating func decide() {
    let text = String(decoding: declarationBytes, as: UTF8.self)
    declarationBytes = []
    guard let range = text.range(of: "encoding") else {
      mode = .repairing
      return
    }
    let rest = text[range.upperBound...].drop {
      $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r"
    }
    guard let quote = rest.first, quote == "\"" || quote == "'" else {
      mode = .repairing
      return
    }
    let name = String(rest.dropFirst().prefix { $0 != quote })
    mode = Self.keepsASCII(name) ? .repairing : .passing
    isUTF8 = Self.isUTF8(name)
    dropsControls = !Self.hasLettersBelowSpace(name)
  }

  // MARK: - Runs

  /// The bytes that end a run in the current state, or `nil` for states read byte by byte.
  ///
  /// Line feeds are in every table (the run goes on past them, counting lines); control
  /// characters are in every table, and bytes from 0x80 in the UTF-8 ones, whose sequences are
  /// checked one by one.
  private var fastStops: [Bool]? {
    switch state {
    case .text: isUTF8 ? Self.textStopsUTF8 : Self.textStops
    case .tag(quote: nil): isUTF8 ? Self.tagStopsUTF8 : Self.tagStops
    case .tag(quote: UInt8(ascii: "\"")): isUTF8 ? Self.doubleQuotedStopsUTF8 : Self.doubleQuotedStops
    case .tag(quote: UInt8(ascii: "'")): isUTF8 ? Self.singleQuotedStopsUTF8 : Self.singleQuotedStops
    default: nil
    }
  }

  private static func stops(_ bytes: String, utf8: Bool) -> [Bool] {
    var table = [Bool](repeating: false, count: 256)
    for byte in 0..<0x20 where byte != 0x09 && byte != 0x0D { table[byte] = true }
    for byte in bytes.utf8 { table[Int(byte)] = true }
    if utf8 { for byte in 0x80..<0x100 { table[byte] = true } }
    return table
  }

  private static let textStops = stops("<&", utf8: false)
  private static let textStopsUTF8 = stops("<&", utf8: true)
  private static let tagStops = stops("\"'>", utf8: false)
  private static let tagStopsUTF8 = stops("\"'>", utf8: true)
  private static let doubleQuotedStops = stops("\"<&", utf8: false)
  private static let doubleQuotedStopsUTF8 = stops("\"<&", utf8: true)
  private static let singleQuotedStops = stops("'<&", utf8: false)
  private static let singleQuotedStopsUTF8 = stops("'<&", utf8: true)

  // MARK: - UTF-8

  private enum SequenceCheck {
    case valid(Int)
    case invalid
    case needsMore
  }

  /// Whether a well-formed UTF-8 sequence (no overlong forms, surrogates or values past
  /// U+10FFFF) starts at `start`, and its length.
  private static func utf8Sequence(in input: UnsafeRawBufferPointer, at start: Int) -> SequenceCheck {
    let lead = input[start]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return .invalid
    }
    for offset in 1..<length {
      guard start + offset < input.count else { return .needsMore }
      let byte = input[start + offset]
      let (min, max) = offset == 1 ? (low, high) : (0x80, 0xBF)
      guard byte >= min, byte <= max else { return .invalid }
    }
    return .valid(length)
  }

  /// The UTF-8 bytes of the Windows-1252 character a byte stands for (the five bytes
  /// Windows-1252 leaves undefined are read as ISO-8859-1's control characters' places: U+FFFD).
  private static func windows1252(_ byte: UInt8) -> [UInt8] {
    guard let text = String(data: Data([byte]), encoding: .windowsCP1252), !text.isEmpty else {
      return Array("\u{FFFD}".utf8)
    }
    // Windows-1252's C1 positions that are undefined decode to C1 controls: not for a terminal.
    if let scalar = text.unicodeScalars.first, scalar.value >= 0x80, scalar.value <= 0x9F {
      return Array("\u{FFFD}".utf8)
    }
    return Array(text.utf8)
  }

  // MARK: - References

  private enum ReferenceCheck {
    /// A character reference, or a name too long to tell.
    case valid
    /// An entity reference whose `;` is at `end`.
    case named(end: Int)
    case invalid
    case needsMore
  }

  /// What a stray `&` and `<` are written as.
  private static let ampersand = Array("&#38;".utf8)
  private static let lessThan = Array("&#60;".utf8)

  /// XML's predefined entities, as character references.
  private static let predefined: [[UInt8]: [UInt8]] = [
    Array("amp".utf8): ampersand, Array("lt".utf8): lessThan,
    Array("gt".utf8): Array("&#62;".utf8), Array("quot".utf8): Array("&#34;".utf8),
    Array("apos".utf8): Array("&#39;".utf8),
  ]

  /// The character references to write for an entity reference, or `nil` to leave it.
  private mutating func characterReferences(for name: UnsafeRawBufferPointer) -> [UInt8]? {
    let bytes = Array(name)
    if let predefined = Self.predefined[bytes] { return predefined }
    guard !declaresEntities, bytes.count <= 32,
      let value = TTHTMLEntities.value(named: String(decoding: bytes, as: UTF8.self))
    else { return nil }
    note(.htmlEntity(String(decoding: bytes, as: UTF8.self)))
    var references: [UInt8] = []
    for scalar in value.unicodeScalars {
      references.append(contentsOf: "&#\(scalar.value);".utf8)
    }
    return references
  }

  /// Whether the `&` at `start` begins a well-formed entity or character reference.
  ///
  /// At the end of the input (`isFinal`), what still needs more is no reference.
  private static func reference(
    in input: UnsafeRawBufferPointer, at start: Int, isFinal: Bool
  ) -> ReferenceCheck {
    let check = reference(in: input, at: start)
    if case .needsMore = check, isFinal { return .invalid }
    return check
  }

  /// The check itself: `needsMore` when the piece ends before it can tell.
  private static func reference(in input: UnsafeRawBufferPointer, at start: Int) -> ReferenceCheck {
    var index = start + 1
    let end = min(input.count, start + 1 + longestReference)
    guard index < input.count else { return .needsMore }
    if input[index] == UInt8(ascii: "#") {
      index += 1
      guard index < input.count else { return .needsMore }
      let hex = input[index] == UInt8(ascii: "x")
      if hex { index += 1 }
      let digitsStart = index
      while index < end {
        let byte = input[index]
        if byte == UInt8(ascii: ";") { return index > digitsStart ? .valid : .invalid }
        let isDigit = byte >= 0x30 && byte <= 0x39
        let isHex = hex && ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
        guard isDigit || isHex else { return .invalid }
        index += 1
      }
      // A window full of digits: libxml2 decides.
      return end == input.count && end < start + 1 + longestReference ? .needsMore : .valid
    }
    guard startsName(input[index]) else { return .invalid }
    index += 1
    while index < end {
      let byte = input[index]
      if byte == UInt8(ascii: ";") { return .named(end: index) }
      guard continuesName(byte) else { return .invalid }
      index += 1
    }
    // A window full of name characters (a long declared entity's name): libxml2 decides.
    return end == input.count && end < start + 1 + longestReference ? .needsMore : .valid
  }

  /// Whether a byte can start an XML name (ASCII letters, `_`, `:` and any non-ASCII byte).
  @inline(__always)
  private static func startsName(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  /// Whether a byte can continue an XML name.
  @inline(__always)
  private static func continuesName(_ byte: UInt8) -> Bool {
    startsName(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }
}

extension TTXMLMarkupRepair.State {
  /// The state after a character that is none of the ones a state counts (`-`, `]`, `?`): a
  /// run toward a comment's, CDATA section's or instruction's end is broken, and a `<!` that
  /// is not followed by `--` or `[CDATA[` starts a declaration.
  fileprivate var afterOtherCharacter: Self {
    switch self {
    case .comment: .comment(dashes: 0)
    case .cdata: .cdata(brackets: 0)
    case .instruction: .instruction(question: false)
    case .bang, .commentOpening, .cdataOpening: .declaration(depth: 0, quote: nil)
    case .text, .tag, .declaration: self
    }
  }
}
