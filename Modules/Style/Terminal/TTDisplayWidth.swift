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
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // Fast path: printable ASCII is by far the most common input.
    if scalars.count == 1, first.value >= 0x20, first.value < 0x7F { return 1 }

    var visible: Unicode.Scalar?
    var hasEmojiSelector = false
    var hasTextSelector = false
    var regionalIndicators = 0
    var hasJoiner = false
    for scalar in scalars {
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
    if hasJoiner, base.properties.isEmoji, scalars.count > 1 { return 2 }
    // Any other cluster takes the columns of its visible scalars, as terminals draw them: a
    // Devanagari conjunct shows each consonant, a Hangul jamo sequence one wide syllable.
    var columns = 0
    for scalar in scalars where !isZeroWidth(scalar) {
      columns += isWide(scalar) ? 2 : 1
    }
    return columns
  }

  /// The number of columns a string takes.
  ///
  /// - Parameter text: The text, which should contain no control characters.
  /// - Returns: The sum of the widths of its characters.
  /// - Complexity: O(*n*) in the length of `text`.
  public static func of<S: StringProtocol>(_ text: S) -> Int {
    var total = 0
    for character in text {
      total += of(character)
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
    var end = text.startIndex
    for index in text.indices {
      let next = used + of(text[index])
      if next > width { break }
      used = next
      end = text.index(after: index)
    }
    return String(text[..<end])
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
