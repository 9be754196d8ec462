import Foundation

/// Counts the attributes of every start tag in the input before libxml2 sees it (internal).
///
/// libxml2 2.9 checks a start tag's attributes for duplicates by comparing each with all the
/// ones before it, and it does so while it parses the tag, before any callback could object:
/// a tag with 150,000 attributes costs it seconds. This scanner runs over the same bytes first
/// and reports the first start tag with more attributes than the limit, so the parser can fail
/// before handing the tag over.
///
/// It reads just enough of XML to know where start tags are: text, start and end tags with
/// their quoted values, comments, CDATA sections, processing instructions, and the DOCTYPE
/// declaration with its internal subset (declarations, their quoted literals, comments and
/// processing instructions). Every state is kept between calls, so input may be cut anywhere.
/// An attribute is counted at each `=` outside quotes in a start tag.
///
/// The input is UTF-8 or any encoding in which the bytes of ASCII characters only ever mean
/// those characters (ISO-8859, Windows code pages, Shift_JIS, EUC, GBK, Big5): the
/// ``TTXMLInputDecoder`` turns everything else into UTF-8 first. A `<` always opens a tag
/// outside comments, CDATA sections, processing instructions and the internal subset's
/// declarations (inside a tag or the DOCTYPE it is an error after which libxml2, in recovery
/// mode, may read a tag), so malformed input cannot hide a tag from it.
struct TTXMLMarkupScanner {
  /// Where the scanner is.
  enum State: UInt8 {
    /// Character data, or between the prolog's constructs.
    case text
    /// Just after `<`.
    case tagOpen
    /// In a start tag, outside quotes.
    case startTag
    /// In a quoted attribute value (`quote` says which quote ends it).
    case startTagQuote
    /// In an end tag, until `>`.
    case endTag
    /// Just after `<!`.
    case bang
    /// Just after `<!-`.
    case bangDash
    /// Matching the rest of `<![CDATA[` or `<!DOCTYPE` (`keyword`, `matched`).
    case keyword
    /// In a comment, until `-->` (`run` counts the dashes just seen).
    case comment
    /// In a CDATA section, until `]]>` (`run` counts the brackets just seen).
    case cdata
    /// In a processing instruction, until `?>` (`run` is 1 after a `?`).
    case processingInstruction
    /// In a markup declaration (`<!ELEMENT`, `<!ATTLIST`, `<!ENTITY` …), until `>` outside quotes.
    case declaration
    /// In a quoted literal of a declaration.
    case declarationQuote
    /// In `<!DOCTYPE`, before its internal subset or its end.
    case doctype
    /// In a quoted literal of `<!DOCTYPE`.
    case doctypeQuote
    /// In the internal subset, between declarations.
    case subset
    /// Just after `<` in the internal subset.
    case subsetOpen
    /// Just after `<!` in the internal subset.
    case subsetBang
    /// Just after `<!-` in the internal subset.
    case subsetBangDash
    /// After the `]` that ends the internal subset, before the `>` that ends the DOCTYPE.
    case subsetEnd
  }

  /// A start tag with more attributes than the limit.
  struct Violation {
    /// The start of the element's name, as bytes of the scanned text.
    var name: [UInt8]
    /// Whether the name is longer than `name`.
    var nameIsCut: Bool
    /// Where the attribute over the limit was found in the scanned buffer.
    var offset: Int
  }

  /// The most attributes a start tag may have.
  let limit: Int
  private(set) var state = State.text
  /// Whether a comment or processing instruction is inside the internal subset.
  private var inSubset = false
  /// The quote that ends the current value or literal.
  private var quote: UInt8 = 0
  /// Dashes, brackets or question marks just seen (see ``State``).
  private var run = 0
  /// The keyword being matched after `<!`, and how much of it matched.
  private var keyword: StaticString = ""
  private var matched = 0
  /// Attributes of the current start tag so far.
  private var attributes = 0
  /// The current start tag's name while it is read, cut at ``nameLimit`` bytes.
  private var name: [UInt8] = []
  private var readingName = false
  private var nameIsCut = false
  private static let nameLimit = 64

  init(limit: Int) {
    self.limit = limit
  }

  private static let cdataKeyword: StaticString = "CDATA["
  private static let doctypeKeyword: StaticString = "OCTYPE"

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// Scans the next piece of input.
  ///
  /// - Returns: The first start tag with more than ``limit`` attributes, or `nil`.
  mutating func scan(_ buffer: UnsafeRawBufferPointer) -> Violation? {
    guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let count = buffer.count
    let table = Self.table
    var position = 0
    // Finish what the last piece left open, one state at a time.
    if state != .text {
      if let violation = scanStates(base, count, &position, until: .text) { return violation }
      if state != .text { return nil }
    }
    // The common path, in one loop: text, then a start or end tag, then text again. Anything
    // rarer (comments, CDATA, declarations, malformed tags) and the end of the piece inside a
    // construct go back to the state machine.
    var afterOpen = false
    document: while position < count {
      if !afterOpen {
        // Short text between tags is common: look at a word or two before calling memchr.
        let nearby = min(count, position + 16)
        position = Self.skip(base, from: position, to: nearby) { Self.zeroBytes($0 ^ Self.repeated(0x3C)) }
        while position < nearby, base[position] != 0x3C { position += 1 }
        if position == nearby {
          guard position < count, let found = memchr(base + position, 0x3C, count - position) else {
            return nil
          }
          position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        position += 1
      }
      afterOpen = false
      guard position < count else {
        state = .tagOpen
        return nil
      }
      let first = base[position]
      if first == 0x2F {
        // An end tag holds nothing but its name before `>`: read on as text, where the next
        // `<` (after the `>`, or inside a malformed end tag) opens the next tag.
        position += 1
        continue
      }
      if first == 0x21, count - position >= 8, Self.startsCDATA(base + position) {
        // A CDATA section, common in feeds: skip to its `]]>`.
        position += 8
        while true {
          guard position < count, let found = memchr(base + position, 0x5D, count - position) else {
            // The piece ends inside the section: the state machine continues, having seen no
            // bracket yet (a bracket at the very end is looked at again).
            run = 0
            inSubset = false
            state = .cdata
            return nil
          }
          position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if count - position < 3 {
            run = 0
            inSubset = false
            state = .cdata
            return scanStates(base, count, &position, until: .text)
          }
          if base[position + 1] == 0x5D, base[position + 2] == 0x3E {
            position += 3
            break
          }
          position += 1
        }
        continue
      }
      guard table[Int(first)] & Self.nameByte != 0 else {
        // `<!`, `<?` or something malformed: the state machine takes it back to text.
        state = .tagOpen
        if let violation = scanStates(base, count, &position, until: .text) { return violation }
        if state != .text { return nil }
        continue
      }
      // A start tag: its name (read only when needed), then attributes and quoted values up
      // to `>`.
      let nameStart = position
      position += 1
      var found = 0
      var suspended = State.startTag
      var quote: UInt8 = 0
      tag: while true {
        while position < count, table[Int(base[position])] & Self.tagByte == 0 { position += 1 }
        guard position < count else { break tag }
        let byte = base[position]
        position += 1
        switch byte {
        case 0x3D:  // =
          found += 1
          if found > limit {
            let nameEnd = Self.nameEnd(base, from: nameStart, count: count, table: table)
            let length = nameEnd - nameStart
            return Violation(
              name: Array(UnsafeBufferPointer(start: base + nameStart, count: min(length, Self.nameLimit))),
              nameIsCut: length > Self.nameLimit, offset: position - 1)
          }
        case 0x22, 0x27:
          while position < count, base[position] != byte, base[position] != 0x3C { position += 1 }
          guard position < count else {
            suspended = .startTagQuote
            quote = byte
            break tag
          }
          position += 1
          if base[position - 1] == 0x3C {
            // `<` in a value: the tag was not closed; libxml2 starts over here too.
            afterOpen = true
            continue document
          }
        case 0x3E:  // >
          continue document
        default:  // <
          afterOpen = true
          continue document
        }
      }
      // The piece ended inside the start tag: keep what the state machine needs.
      let nameEnd = Self.nameEnd(base, from: nameStart, count: count, table: table)
      let length = nameEnd - nameStart
      name.removeAll(keepingCapacity: true)
      name.append(
        contentsOf: UnsafeBufferPointer(start: base + nameStart, count: min(length, Self.nameLimit)))
      nameIsCut = length > Self.nameLimit
      readingName = nameEnd == count && suspended == .startTag
      attributes = found
      self.quote = quote
      state = suspended
      return nil
    }
    state = afterOpen ? .tagOpen : .text
    return nil
  }

  /// Where the name starting at `start` ends.
  ///
  /// That is the first byte that cannot continue it, or `count`; at most one byte past
  /// ``nameLimit`` is read.
  private static func nameEnd(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, table: UnsafePointer<UInt8>
  ) -> Int {
    var end = start
    let stop = min(count, start + nameLimit + 1)
    while end < stop, table[Int(base[end])] & nameByte != 0 { end += 1 }
    return end
  }

  /// `byte` in each of a word's eight bytes.
  @inline(__always)
  private static func repeated(_ byte: UInt8) -> UInt64 {
    UInt64(byte) &* 0x0101_0101_0101_0101
  }

  /// A word whose lowest set bit marks the lowest zero byte of `word`; zero when it has none.
  ///
  /// Bits above the lowest zero byte may be wrong, so only the lowest set bit is meaningful.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- repeated(0x01)) & ~word & repeated(0x80)
  }

  /// Skips whole words in which `candidates` finds nothing, eight bytes at a time, and stops
  /// at the first candidate byte (or where fewer than eight bytes are left); the caller checks
  /// the bytes from there one by one.
  @inline(__always)
  private static func skip(
    _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, _ candidates: (UInt64) -> UInt64
  ) -> Int {
    var position = start
    while position + 8 <= end {
      let found = candidates(
        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)))
      if found != 0 { return position + found.trailingZeroBitCount / 8 }
      position += 8
    }
    return position
  }

  /// Whether `bytes` (at least eight of them) start with `![CDATA[`.
  @inline(__always)
  private static func startsCDATA(_ bytes: UnsafePointer<UInt8>) -> Bool {
    UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)) == Self.cdataOpening
  }

  /// `![CDATA[` as a little-endian word.
  private static let cdataOpening: UInt64 = {
    var word: UInt64 = 0
    for (index, byte) in "![CDATA[".utf8.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
    return word
  }()

  /// Runs the state machine from `position` until it reaches `target` or the end of the piece.
  private mutating func scanStates(
    _ base: UnsafePointer<UInt8>, _ count: Int, _ position: inout Int, until target: State
  ) -> Violation? {
    while position < count, state != target {
      switch state {
      case .text:
        // Most of a document is text: jump to the next `<`.
        guard let found = memchr(base + position, 0x3C, count - position) else { return nil }
        position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        state = .tagOpen
      case .tagOpen:
        let byte = base[position]
        if Self.byteClass[Int(byte)] & Self.nameByte != 0 {
          // The usual case: a start tag's name.
          attributes = 0
          name.removeAll(keepingCapacity: true)
          nameIsCut = false
          readingName = true
          state = .startTag
        } else if byte == 0x2F {
          state = .endTag
          position += 1
        } else {
          step(byte)
          position += 1
        }
      case .startTag:
        if readingName {
          let start = position
          while position < count, Self.byteClass[Int(base[position])] & Self.nameByte != 0 { position += 1 }
          let room = Self.nameLimit - name.count
          if room > 0 {
            name.append(
              contentsOf: UnsafeBufferPointer(start: base + start, count: min(room, position - start)))
          }
          if position - start > room { nameIsCut = true }
          if position == count { return nil }
          readingName = false
        }
        // The other hot loop: a start tag outside quotes.
        while position < count {
          let byte = base[position]
          position += 1
          guard Self.byteClass[Int(byte)] & Self.tagByte != 0 else { continue }
          switch byte {
          case 0x3D:  // =
            attributes += 1
            if attributes > limit {
              return Violation(name: name, nameIsCut: nameIsCut, offset: position - 1)
            }
          case 0x22, 0x27:
            quote = byte
            state = .startTagQuote
          case 0x3E:  // >
            state = .text
          default:  // <: the tag was not closed; libxml2 starts over here too
            state = .tagOpen
          }
          if state != .startTag { break }
        }
      case .startTagQuote:
        let quote = quote
        while position < count {
          let byte = base[position]
          position += 1
          if byte == quote {
            state = .startTag
            break
          }
          if byte == 0x3C {
            state = .tagOpen
            break
          }
        }
      case .endTag:
        while position < count {
          let byte = base[position]
          position += 1
          if byte == 0x3E {
            state = .text
            break
          }
          if byte == 0x3C {
            state = .tagOpen
            break
          }
        }
      case .comment, .cdata:
        let closer: UInt8 = state == .comment ? 0x2D : 0x5D
        while position < count {
          let byte = base[position]
          position += 1
          if byte == closer {
            run += 1
          } else if byte == 0x3E, run >= 2 {
            state = inSubset ? .subset : .text
            break
          } else {
            run = 0
            // Skip ahead to the next candidate closer.
            if position < count, let found = memchr(base + position, Int32(closer), count - position) {
              position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
              position = count
            }
          }
        }
      default:
        step(base[position])
        position += 1
      }
    }
    return nil
  }

  /// ``byteClass`` where the hot loops read it without bounds checks (set once, never freed).
  nonisolated(unsafe) private static let table: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for index in 0..<256 { table[index] = byteClass[index] }
    return UnsafePointer(table)
  }()

  /// Bits of ``byteClass``.
  private static let nameByte: UInt8 = 1
  private static let tagByte: UInt8 = 2

  /// For each byte: whether it may continue a tag's name (anything but white space and the
  /// bytes that end a name), and whether it matters in a start tag (`= " ' > <`).
  private static let byteClass: [UInt8] = {
    var table = [UInt8](repeating: nameByte, count: 256)
    for byte in [0x20, 0x0A, 0x09, 0x0D, 0x2F, 0x3E, 0x3D, 0x22, 0x27, 0x3C, 0x21, 0x3F] { table[byte] = 0 }
    for byte in [0x3D, 0x22, 0x27, 0x3E, 0x3C] { table[byte] |= tagByte }
    return table
  }()

  /// Moves the rarer states on by one byte.
  private mutating func step(_ byte: UInt8) {
    switch state {
    case .tagOpen:
      switch byte {
      case 0x2F: state = .endTag
      case 0x21: state = .bang
      case 0x3F:
        inSubset = false
        run = 0
        state = .processingInstruction
      case 0x3C: break
      case 0x3E: state = .text
      default:
        // Not a name: malformed, but a start tag for libxml2 too.
        attributes = 0
        name.removeAll(keepingCapacity: true)
        name.append(byte)
        nameIsCut = false
        readingName = false
        state = .startTag
      }
    case .bang:
      switch byte {
      case 0x2D: state = .bangDash
      case 0x5B: startKeyword(Self.cdataKeyword)
      case 0x44: startKeyword(Self.doctypeKeyword)
      default: startDeclaration(byte, inSubset: false)
      }
    case .bangDash:
      if byte == 0x2D {
        inSubset = false
        run = 0
        state = .comment
      } else {
        startDeclaration(byte, inSubset: false)
      }
    case .keyword:
      if byte == keyword.utf8Start[matched] {
        matched += 1
        if matched == keyword.utf8CodeUnitCount {
          if keyword.utf8Start[0] == UInt8(ascii: "C") {
            inSubset = false
            run = 0
            state = .cdata
          } else {
            state = .doctype
          }
        }
      } else {
        startDeclaration(byte, inSubset: false)
      }
    case .declaration:
      switch byte {
      case 0x22, 0x27:
        quote = byte
        state = .declarationQuote
      case 0x3E: state = inSubset ? .subset : .text
      case 0x3C: state = inSubset ? .subsetOpen : .tagOpen
      default: break
      }
    case .declarationQuote:
      if byte == quote { state = .declaration }
    case .doctype:
      switch byte {
      case 0x22, 0x27:
        quote = byte
        state = .doctypeQuote
      case 0x5B: state = .subset
      case 0x3E: state = .text
      // Not allowed here; libxml2 in recovery mode reads a tag after it, so the scanner does.
      case 0x3C: state = .tagOpen
      default: break
      }
    case .doctypeQuote:
      if byte == quote { state = .doctype }
    case .subset:
      if byte == 0x3C { state = .subsetOpen } else if byte == 0x5D { state = .subsetEnd }
    case .subsetOpen:
      switch byte {
      case 0x21: state = .subsetBang
      case 0x3F:
        inSubset = true
        run = 0
        state = .processingInstruction
      default: state = .subset
      }
    case .subsetBang:
      if byte == 0x2D { state = .subsetBangDash } else { startDeclaration(byte, inSubset: true) }
    case .subsetBangDash:
      if byte == 0x2D {
        inSubset = true
        run = 0
        state = .comment
      } else {
        startDeclaration(byte, inSubset: true)
      }
    case .subsetEnd:
      if byte == 0x3E {
        state = .text
      } else if byte == 0x3C {
        // As in `.doctype`: a tag libxml2 may read in recovery mode.
        state = .tagOpen
      } else if !Self.isSpace(byte) {
        state = .subset
      }
    case .processingInstruction:
      if byte == 0x3F {
        run = 1
      } else if byte == 0x3E, run == 1 {
        state = inSubset ? .subset : .text
      } else {
        run = 0
      }
    case .text, .startTag, .startTagQuote, .endTag, .comment, .cdata:
      break
    }
  }

  private mutating func startKeyword(_ word: StaticString) {
    keyword = word
    matched = 0
    state = .keyword
  }

  /// Enters a declaration whose first byte after `<!` (or `<!-`) is `byte`.
  private mutating func startDeclaration(_ byte: UInt8, inSubset: Bool) {
    self.inSubset = inSubset
    state = .declaration
    step(byte)
  }
}
