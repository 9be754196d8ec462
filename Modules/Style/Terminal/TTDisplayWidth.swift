/// How many terminal columns text takes.
///
/// A `Character` is a grapheme cluster: what a reader sees as one character, however many
/// Unicode scalars it has. Its width is:
///
/// - **2** for East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul
///   syllables, fullwidth forms), for emoji shown as emoji (Emoji_Presentation, or any
///   character followed by the emoji variation selector U+FE0F), for emoji ZWJ sequences
///   (`👨‍👩‍👧` is one character) and for flags (two regional indicators);
/// - **0** for characters made only of zero-width scalars: combining marks on their own,
///   zero-width space and joiners, variation selectors, other format characters;
/// - otherwise the columns of its visible scalars: a combining mark adds nothing to the
///   character it is attached to (`e` + U+0301 is one column), while a Devanagari conjunct
///   shows each of its consonants, as terminals draw it.
///
/// Control characters never reach the terminal (``TTTerminalText/sanitized(_:keepingNewlines:)`` replaces
/// them), and count as width 0 here.
///
/// ```swift
/// TTDisplayWidth.of("漢字")          // 4
/// TTDisplayWidth.of("👨‍👩‍👧 ok")     // 5
/// TTDisplayWidth.truncate("漢字テスト", to: 5)   // "漢字…"
/// ```
public enum TTDisplayWidth {
  /// The number of columns one character takes: 0, 1 or 2.
  ///
  /// - Parameter character: A grapheme cluster.
  /// - Returns: Its width in terminal columns.
  public static func of(_ character: Character) -> Int {
    let utf8 = character.utf8
    let count = utf8.count
    guard let lead = utf8.first else { return 0 }
    // Fast paths: a character of one scalar (ASCII, CJK, most letters) needs no cluster rules.
    if count == 1 { return asciiWidth(lead) }
    if count == sequenceLength(lead) {
      var iterator = utf8.makeIterator()
      var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
      _ = iterator.next()
      while let byte = iterator.next() { value = value << 6 | UInt32(byte & 0x3F) }
      let known = knownWidth(value)
      if known >= 0 { return known }
      if let scalar = Unicode.Scalar(value) { return scalarWidth(scalar) }
    }
    return clusterWidth(character.unicodeScalars)
  }

  /// The width of a character made of several scalars (or of one): the rules above.
  static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
    var visible: Unicode.Scalar?
    var hasEmojiSelector = false
    var hasTextSelector = false
    var regionalIndicators = 0
    var hasJoiner = false
    var scalarCount = 0
    for scalar in scalars {
      scalarCount += 1
      switch scalar.value {
      case 0xFE0F: hasEmojiSelector = true
      case 0xFE0E: hasTextSelector = true
      case 0x200D: hasJoiner = true
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      default: break
      }
      if visible == nil, !isZeroWidth(scalar) { visible = scalar }
    }
    guard let base = visible else { return 0 }
    if regionalIndicators >= 2 { return 2 }
    if hasTextSelector { return isWide(base) && !base.properties.isEmojiPresentation ? 2 : 1 }
    if hasEmojiSelector, base.properties.isEmoji { return 2 }
    if base.properties.isEmojiPresentation { return 2 }
    if hasJoiner, base.properties.isEmoji, scalarCount > 1 { return 2 }
    // Any other cluster takes the columns of its visible scalars, as terminals draw them: a
    // Devanagari conjunct shows each consonant, a Hangul jamo sequence one wide syllable.
    var columns = 0
    for scalar in scalars where !isZeroWidth(scalar) {
      columns += isWide(scalar) ? 2 : 1
    }
    return columns
  }

  /// The width of a character that is one scalar: what ``clusterWidth(_:)`` gives for it.
  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    if isZeroWidth(scalar) { return 0 }
    return scalar.properties.isEmojiPresentation || isWide(scalar) ? 2 : 1
  }

  /// The number of columns a string takes.
  ///
  /// - Parameter text: The text, which should contain no control characters.
  /// - Returns: The sum of the widths of its characters.
  /// - Complexity: O(*n*) in the length of `text`.
  public static func of<S: StringProtocol>(_ text: S) -> Int {
    var total = 0
    forEachCharacter(in: Substring(text)) { _, _, columns in
      total += columns
      return true
    }
    return total
  }

  /// The text shortened to fit `width` columns, ending in `ellipsis` when it was cut.
  ///
  /// Truncation never splits a character: a wide character that would not fit is left out
  /// whole, so the result may be one column narrower than `width`.
  ///
  /// - Parameters:
  ///   - text: The text to fit.
  ///   - width: The number of columns available; 0 or less gives an empty string.
  ///   - ellipsis: What marks the cut; defaults to `…`. Pass `""` to cut without a mark.
  /// - Returns: `text` itself when it fits, otherwise the longest prefix that fits together
  ///   with the ellipsis.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    let ellipsisWidth = of(ellipsis)
    guard ellipsisWidth <= width else { return prefix(ellipsis, fitting: width) }
    return prefix(text, fitting: width - ellipsisWidth) + ellipsis
  }

  /// The longest prefix of `text` that fits in `width` columns, never splitting a character.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The number of columns available.
  /// - Returns: The prefix.
  public static func prefix(_ text: String, fitting width: Int) -> String {
    var used = 0
    var end = 0
    forEachCharacter(in: Substring(text)) { _, characterEnd, columns in
      let next = used + columns
      if next > width { return false }
      used = next
      end = characterEnd
      return true
    }
    let utf8 = text.utf8
    return String(text[..<utf8.index(utf8.startIndex, offsetBy: end)])
  }

  /// Whether a scalar takes no column on its own.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return true }
    if value == 0x00AD { return false }  // The soft hyphen is shown by most terminals.
    if (0x1160...0x11FF).contains(value) { return true }  // Hangul medial vowels and final consonants.
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: break
    }
    return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isVariationSelector
  }

  /// Whether a scalar is East Asian Wide or Fullwidth.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x1100 { return false }
    // Binary search over [first, last, first, last, …].
    var low = 0
    var high = ttEastAsianWideRanges.count / 2 - 1
    while low <= high {
      let middle = (low + high) / 2
      let first = ttEastAsianWideRanges[2 * middle]
      let last = ttEastAsianWideRanges[2 * middle + 1]
      if value < first {
        high = middle - 1
      } else if value > last {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}

// MARK: - Scanning

extension TTDisplayWidth {
  /// Calls `body` with each character (grapheme cluster) of `text`, in order.
  ///
  /// `body` gets the UTF-8 offsets, from the start of `text`, where the character starts and
  /// ends, and its width (``of(_:)-(Character)``). Scanning stops when `body` returns `false`.
  ///
  /// Most characters are one scalar: ASCII, Latin letters, CJK ideographs, kana. A scalar whose
  /// grapheme-break property is Other, Control or LF ("simple", see ``knownWidth(_:)``) always
  /// has a character boundary between it and the next simple scalar, so a simple scalar at a
  /// boundary followed by another simple scalar (or the end) is a character on its own; those
  /// are read straight from the UTF-8 bytes. Everything else, such as a letter followed by a
  /// combining mark, an emoji ZWJ sequence, a flag, Hangul jamo or CR LF, is taken as a
  /// `Character` from the string, which applies the full grapheme rules.
  @inline(__always)
  static func forEachCharacter(
    in text: Substring, _ body: (_ start: Int, _ end: Int, _ width: Int) -> Bool
  ) {
    let scanned: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
      scan(bytes, of: text, body)
    }
    if scanned == true { return }
    // A string without contiguous UTF-8 (bridged), or not valid UTF-8 where expected: walk it
    // by characters.
    var offset = 0
    for character in text {
      let length = character.utf8.count
      guard body(offset, offset + length, of(character)) else { return }
      offset += length
    }
  }

  /// The body of ``forEachCharacter(in:_:)`` over contiguous UTF-8; `false` when the bytes
  /// end inside a scalar (never for a valid string), so that the caller falls back.
  @inline(__always)
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, of text: Substring,
    _ body: (_ start: Int, _ end: Int, _ width: Int) -> Bool
  ) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        // An ASCII run: each byte is a character when the next byte is ASCII too (a CR, which
        // joins a following LF, takes the general path).
        var next = index + 1
        if lead != 0x0D, next < count, bytes[next] < 0x80 {
          var byte = lead
          repeat {
            guard body(index, next, asciiWidth(byte)) else { return true }
            index = next
            next += 1
            byte = bytes[index]
          } while byte != 0x0D && next < count && bytes[next] < 0x80
          continue
        }
        if lead != 0x0D, next == count || isSimple(bytes, at: next) {
          guard body(index, next, asciiWidth(lead)) else { return true }
          index = next
          continue
        }
      } else {
        let length = sequenceLength(lead)
        guard index + length <= count else { return false }
        let columns = knownWidth(decode(bytes, at: index, length: length))
        let next = index + length
        if columns >= 0, next == count || isSimple(bytes, at: next) {
          guard body(index, next, columns) else { return true }
          index = next
          continue
        }
      }
      // The general path: one character, by the string's own grapheme rules.
      let utf8 = text.utf8
      let start = utf8.index(utf8.startIndex, offsetBy: index)
      guard let character = text[start...].first else { return false }
      let length = character.utf8.count
      guard length > 0 else { return false }
      guard body(index, index + length, of(character)) else { return true }
      index += length
    }
    return true
  }

  /// Whether the scalar starting at `index` is simple (see ``knownWidth(_:)``); `false` when
  /// not known to be.
  @inline(__always)
  private static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let lead = bytes[index]
    if lead < 0x80 { return true }  // A CR after a scalar always starts a new character.
    let length = sequenceLength(lead)
    guard index + length <= bytes.count else { return false }
    return knownWidth(decode(bytes, at: index, length: length)) >= 0
  }

  /// The scalar encoded by the `length` bytes at `index` (valid UTF-8).
  @inline(__always)
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
    let lead = UInt32(bytes[index])
    switch length {
    case 2: return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
    case 3:
      return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
    case 4:
      return (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F)
        << 6
        | UInt32(bytes[index + 3] & 0x3F)
    default: return lead
    }
  }

  /// The number of bytes of the UTF-8 sequence that starts with `lead` (1 for a stray
  /// continuation byte, which a valid string never has there).
  @inline(__always)
  static func sequenceLength(_ lead: UInt8) -> Int {
    if lead < 0xC0 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    return 4
  }

  /// The width of a one-byte character: 1 for printable ASCII, 0 for control characters.
  @inline(__always)
  static func asciiWidth(_ byte: UInt8) -> Int {
    byte >= 0x20 && byte != 0x7F ? 1 : 0
  }

  /// The width of a scalar from the common blocks whose grapheme-break property is Other,
  /// Control or LF, or -1 for any other scalar.
  ///
  /// There is a character boundary between any two such "simple" scalars (the rules that
  /// join scalars all involve CR, Extend, ZWJ, SpacingMark, Prepend, Hangul jamo or regional
  /// indicators). The widths are what ``scalarWidth(_:)`` gives; the tests check every scalar
  /// of these blocks against it and against the grapheme rules.
  @inline(__always)
  static func knownWidth(_ value: UInt32) -> Int {
    if value < 0x300 {
      if value < 0x80 { return value == 0x0D ? -1 : (value >= 0x20 && value != 0x7F ? 1 : 0) }
      return value < 0xA0 ? 0 : 1  // C1 controls; Latin-1, Latin Extended, IPA, modifier letters
    }
    if value < 0x4E00 {
      if value >= 0x370 && value < 0x483 { return 1 }  // Greek, Cyrillic letters
      if value >= 0x2010 && value <= 0x2027 { return 1 }  // Dashes, quotes, bullets, ellipsis
      if value >= 0x3000 && value <= 0x3029 { return 2 }  // CJK symbols and punctuation
      if value >= 0x3041 && value <= 0x3096 { return 2 }  // Hiragana
      if value >= 0x30A0 && value <= 0x30FF { return 2 }  // Katakana
      if value >= 0x3400 && value <= 0x4DBF { return 2 }  // CJK Extension A
      return -1
    }
    if value <= 0x9FFF { return 2 }  // CJK Unified Ideographs
    if value >= 0xFF01 && value <= 0xFF60 { return 2 }  // Fullwidth forms
    if value >= 0x1F600 && value <= 0x1F64F { return 2 }  // Emoticons
    return -1
  }
}
