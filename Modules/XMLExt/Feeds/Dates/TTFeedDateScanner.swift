import Foundation

/// The byte scanner behind ``TTFeedDateParser``: one pass over the UTF-8 bytes of a date that
/// has already been trimmed and bounded in length.
///
/// It only reads `bytes` inside the closure that owns them (it never escapes), every number
/// is bounded to a few digits before it is multiplied, and every field is range-checked in
/// ``TTFeedDateFields/date``, so no input can trap.
struct TTFeedDateScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: - Families

  /// Whether the text starts with a four-digit year followed by `-` or by nothing.
  var looksLikeISO8601: Bool {
    guard bytes.count >= 4, (0..<4).allSatisfy({ Self.isDigit(bytes[$0]) }) else { return false }
    return bytes.count == 4 || bytes[4] == UInt8(ascii: "-")
  }

  /// Reads an RFC 822 style date; see ``TTFeedDateParser``.
  mutating func parseRFC822() -> Date? {
    var fields = TTFeedDateFields()
    skipFiller()
    // A day name, or the month when it comes first.
    if let word = readWord() {
      if let month = Self.monthNumber(word) {
        fields.month = month
      } else if !Self.isDayName(word) {
        return nil
      }
      skip(".")
      skipFiller()
    }
    if fields.month == 0 {
      if let word = readWord() {
        guard let month = Self.monthNumber(word) else { return nil }
        fields.month = month
        skip(".")
      } else {
        guard let day = readNumber(maximumDigits: 2) else { return nil }
        fields.day = day
        if !skip("-") && !skip("/") { skip(".") }
        skipFiller()
        guard let word = readWord(), let month = Self.monthNumber(word) else { return nil }
        fields.month = month
        if !skip("-") && !skip("/") { skip(".") }
      }
    }
    if fields.day == 0 {
      skipFiller()
      guard let day = readNumber(maximumDigits: 2), peek() != UInt8(ascii: ":") else { return nil }
      fields.day = day
      skipOrdinalSuffix()
    }
    return readRFC822Rest(into: &fields)
  }

  /// Reads the year, the time and the zone of an RFC 822 date, in any order.
  private mutating func readRFC822Rest(into fields: inout TTFeedDateFields) -> Date? {
    var year: Int?
    var hasTime = false
    var offset: Int?
    var meridiem: Bool?  // true for PM
    while true {
      skipFiller()
      guard let byte = peek(), byte != UInt8(ascii: "(") else { break }
      if Self.isDigit(byte) {
        let digits = readDigits()
        if peek() == UInt8(ascii: ":") {
          guard !hasTime, digits.count <= 2, readClock(hour: digits.value, into: &fields) else {
            return nil
          }
          hasTime = true
        } else {
          guard year == nil else { return nil }
          switch digits.count {
          case 2: year = digits.value < 50 ? 2000 + digits.value : 1900 + digits.value
          case 3: year = 1900 + digits.value
          case 4: year = digits.value
          default: return nil
          }
        }
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
        guard offset == nil, let numeric = readNumericOffset() else { return nil }
        offset = numeric
      } else if let word = readWord() {
        if hasTime, meridiem == nil, let isPM = Self.meridiem(word) {
          meridiem = isPM
          skip(".")
          continue
        }
        if offset != nil { break }  // "-0800 PST": text after the zone is ignored.
        guard let named = Self.zoneOffset(word) else { return nil }
        offset = named
        if Self.isUniversalZone(word), let sign = peek(),
          sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        {
          guard let numeric = readNumericOffset() else { return nil }
          offset = numeric
        }
      } else {
        if offset != nil { break }
        return nil
      }
    }
    // `24:00` is ISO 8601's end of day; RFC 822 has no such hour.
    guard let year, fields.hour <= 23 else { return nil }
    if let meridiem {
      guard (1...12).contains(fields.hour) else { return nil }
      fields.hour = fields.hour % 12 + (meridiem ? 12 : 0)
    }
    fields.year = year
    fields.offset = offset ?? 0
    return fields.date
  }

  /// Reads an RFC 3339 / ISO 8601 date; see ``TTFeedDateParser``.
  mutating func parseISO8601() -> Date? {
    var fields = TTFeedDateFields()
    fields.month = 1
    fields.day = 1
    guard let year = readNumber(exactDigits: 4) else { return nil }
    fields.year = year
    if isAtEnd { return fields.date }
    guard skip("-"), let month = readNumber(maximumDigits: 2) else { return nil }
    fields.month = month
    if isAtEnd { return fields.date }
    guard skip("-"), let day = readNumber(maximumDigits: 2) else { return nil }
    fields.day = day
    if isAtEnd { return fields.date }
    if !skip("T") && !skip("t") {
      guard let byte = peek(), Self.isSpace(byte) else { return nil }
      skipSpaces()
    }
    guard let hour = readNumber(maximumDigits: 2), peek() == UInt8(ascii: ":"),
      readClock(hour: hour, into: &fields)
    else { return nil }
    skipSpaces()
    if let byte = peek() {
      if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
        index += 1
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
        guard let offset = readNumericOffset() else { return nil }
        fields.offset = offset
      } else if let word = readWord(), let offset = Self.zoneOffset(word), word.count > 1 {
        fields.offset = offset
      } else {
        return nil
      }
      skipSpaces()
      guard isAtEnd else { return nil }
    }
    return fields.date
  }

  // MARK: - Pieces

  /// Reads `:MM`, then optionally `:SS` and a fraction, after an hour already read.
  private mutating func readClock(hour: Int, into fields: inout TTFeedDateFields) -> Bool {
    guard skip(":"), let minute = readNumber(exactDigits: 2) else { return false }
    fields.hour = hour
    fields.minute = minute
    guard skip(":") else { return true }
    guard let second = readNumber(exactDigits: 2) else { return false }
    fields.second = second
    if let mark = peek(), mark == UInt8(ascii: ".") || mark == UInt8(ascii: ","),
      index + 1 < bytes.count, Self.isDigit(bytes[index + 1])
    {
      index += 1
      var numerator = 0
      var denominator = 1
      while let digit = peek(), Self.isDigit(digit) {
        if denominator < 1_000_000_000 {
          numerator = numerator * 10 + Int(digit &- 48)
          denominator *= 10
        }
        index += 1
      }
      fields.fraction = Double(numerator) / Double(denominator)
    }
    return true
  }

  /// Reads `+HHMM`, `+HH:MM`, `+HH` or `+H` as seconds east of UTC.
  private mutating func readNumericOffset() -> Int? {
    guard let sign = peek() else { return nil }
    index += 1
    let digits = readDigits()
    var hours: Int
    var minutes = 0
    switch digits.count {
    case 1, 2:
      hours = digits.value
      if skip(":") {
        guard let value = readNumber(exactDigits: 2) else { return nil }
        minutes = value
      }
    case 4:
      hours = digits.value / 100
      minutes = digits.value % 100
    default:
      return nil
    }
    guard hours <= 23, minutes <= 59 else { return nil }
    hours = hours * 3600 + minutes * 60
    return sign == UInt8(ascii: "-") ? -hours : hours
  }

  /// Skips `st`, `nd`, `rd` or `th` right after a day number (`Nov 21st`).
  private mutating func skipOrdinalSuffix() {
    guard index + 1 < bytes.count else { return }
    let pair = (bytes[index] | 0x20, bytes[index + 1] | 0x20)
    let known: Bool
    switch pair {
    case (UInt8(ascii: "s"), UInt8(ascii: "t")), (UInt8(ascii: "n"), UInt8(ascii: "d")),
      (UInt8(ascii: "r"), UInt8(ascii: "d")), (UInt8(ascii: "t"), UInt8(ascii: "h")):
      known = true
    default:
      known = false
    }
    let followedByLetter = index + 2 < bytes.count && Self.isLetter(bytes[index + 2])
    if known && !followedByLetter { index += 2 }
  }

  // MARK: - Lexing

  private var isAtEnd: Bool { index >= bytes.count }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// Consumes `character` if it is next.
  @discardableResult
  private mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private mutating func skipSpaces() {
    while let byte = peek(), Self.isSpace(byte) { index += 1 }
  }

  /// Skips spaces and commas, which RFC 822 dates scatter freely.
  private mutating func skipFiller() {
    while let byte = peek(), Self.isSpace(byte) || byte == UInt8(ascii: ",") { index += 1 }
  }

  /// Reads a run of digits: its value (of the first nine digits) and its length.
  private mutating func readDigits() -> (value: Int, count: Int) {
    var value = 0
    var count = 0
    while let byte = peek(), Self.isDigit(byte) {
      if count < 9 { value = value * 10 + Int(byte &- 48) }
      count += 1
      index += 1
    }
    return (value, count)
  }

  private mutating func readNumber(maximumDigits: Int) -> Int? {
    let digits = readDigits()
    return digits.count >= 1 && digits.count <= maximumDigits ? digits.value : nil
  }

  private mutating func readNumber(exactDigits: Int) -> Int? {
    let digits = readDigits()
    return digits.count == exactDigits ? digits.value : nil
  }

  /// Reads a run of ASCII letters, or returns `nil` (consuming nothing) if none is next.
  private mutating func readWord() -> UnsafeBufferPointer<UInt8>? {
    let start = index
    while let byte = peek(), Self.isLetter(byte) { index += 1 }
    guard index > start else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[start..<index])
  }

  // MARK: - Words

  private static let monthNames: [[UInt8]] = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ].map { Array($0.utf8) }

  private static let dayNames: [[UInt8]] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map {
    Array($0.utf8)
  }

  /// The month (1–12) of a word that is at least three letters of an English month name.
  private static func monthNumber(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
    guard word.count >= 3 else { return nil }
    for (number, name) in monthNames.enumerated() where word.count <= name.count {
      if zip(word, name).allSatisfy({ $0 | 0x20 == $1 }) { return number + 1 }
    }
    return nil
  }

  /// Whether a word of at most nine letters starts with a day's three-letter abbreviation.
  private static func isDayName(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard word.count >= 3, word.count <= 9 else { return false }
    return dayNames.contains { name in zip(word, name).allSatisfy { $0 | 0x20 == $1 } }
  }

  /// `true` for `PM`, `false` for `AM`, `nil` for any other word.
  private static func meridiem(_ word: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard word.count == 2, word[1] | 0x20 == UInt8(ascii: "m") else { return nil }
    switch word[0] | 0x20 {
    case UInt8(ascii: "a"): return false
    case UInt8(ascii: "p"): return true
    default: return nil
    }
  }

  /// The offset of a zone name, or of a military letter (UTC, except `J`, which is no zone).
  private static func zoneOffset(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
    if word.count == 1 {
      return word[0] | 0x20 == UInt8(ascii: "j") ? nil : 0
    }
    guard word.count <= 8 else { return nil }
    return TTFeedDateParser.packedZones[pack(word)]
  }

  /// Whether the word is `GMT`, `UT` or `UTC`, which may carry an offset (`GMT+2`).
  private static func isUniversalZone(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard word.count == 2 || word.count == 3 else { return false }
    return universalZones.contains(pack(word))
  }

  private static let universalZones: Set<UInt64> = Set(["gmt", "utc", "ut"].map { pack(Array($0.utf8)) })

  /// Up to eight lower-cased ASCII letters packed into one integer, for table lookups.
  static func pack<Letters: Collection<UInt8>>(_ letters: Letters) -> UInt64 {
    var key: UInt64 = 0
    for letter in letters.prefix(8) {
      key = key << 8 | UInt64(letter | 0x20)
    }
    return key
  }

  // MARK: - Classes

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return lower >= 0x61 && lower <= 0x7A
  }
}
