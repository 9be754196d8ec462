import Foundation

/// Reads a page once before libxml2 does, for what libxml2 would get wrong (internal).
///
/// - Start tags with too many attributes: libxml2's HTML parser compares each attribute of a
///   start tag with every one before it, so one tag with a million attributes would cost it
///   minutes, and the SAX callback sees the tag only after that work.
/// - `</body>` and `</html>`: libxml2's push parser drops everything after `</html>`, and puts
///   what follows `</body>` outside the body; browsers ignore both end tags, so they are left
///   out of what libxml2 reads.
///
/// The scanner follows libxml2's tokenizer closely enough: comments, `<!…>`, `<?…>` and end
/// tags skipped, the text of `<script>` and `<style>` skipped up to their end tag, quoted values
/// kept whole, attribute names read as libxml2 reads them. Its attribute count is never below
/// libxml2's, so a page it lets through is safe.
enum TTHTMLTagScanner {
  /// A start tag over a limit.
  struct Violation {
    /// The tag's name, lower case, at most 60 bytes.
    let name: String
    /// Where the tag starts (its `<`).
    let offset: Int
    /// How many attributes it has, counted up to the first one over the limit.
    let count: Int
    /// Whether the tag is within the limit itself, but the page's wide tags together would
    /// cost libxml2 too much (see ``scan(_:attributeLimit:)``).
    let isOverTotal: Bool
  }

  /// What the scan found.
  struct Outcome {
    /// The first start tag over a limit, or `nil`.
    var violation: Violation?
    /// The byte ranges of the `</body>` and `</html>` end tags.
    var ignoredEndTags: [Range<Int>] = []
  }

  /// Tags with at most this many attributes cost libxml2 next to nothing and are not counted
  /// in the total.
  static let wideTag = 32

  /// Scans a page.
  ///
  /// Besides the attributes per tag, the scan bounds libxml2's work over all wide tags (more
  /// than ``wideTag`` attributes): a tag with `a` attributes whose names are `b` bytes long in
  /// all costs libxml2 up to `a × (a + b)` byte comparisons, and the page may cost at most
  /// `limit × 100,000` (about a tenth of a second at the default limit), so a page of many
  /// tags each just under the limit cannot take seconds either.
  ///
  /// - Parameters:
  ///   - text: The page as UTF-8.
  ///   - limit: The most attributes a start tag may have.
  static func scan(_ text: UnsafeBufferPointer<UInt8>, attributeLimit limit: Int) -> Outcome {
    var outcome = Outcome()
    let count = text.count
    let budget = limit.multipliedReportingOverflow(by: 100_000)
    let workLimit = budget.overflow ? Int.max : budget.partialValue
    var work = 0
    var position = 0
    while let open = find(UInt8(ascii: "<"), in: text, from: position) {
      position = open + 1
      guard position < count else { return outcome }
      let next = text[position]
      if next == UInt8(ascii: "!") {
        if position + 2 < count, text[position + 1] == UInt8(ascii: "-"),
          text[position + 2] == UInt8(ascii: "-")
        {
          guard let close = find("-->", in: text, from: position + 3) else { return outcome }
          position = close + 3
        } else {
          guard let close = find(UInt8(ascii: ">"), in: text, from: position) else { return outcome }
          position = close + 1
        }
        continue
      }
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "/") {
        guard let close = find(UInt8(ascii: ">"), in: text, from: position) else { return outcome }
        if next == UInt8(ascii: "/"), isIgnoredEndTag(text, at: position + 1) {
          outcome.ignoredEndTags.append(open..<(close + 1))
        }
        position = close + 1
        continue
      }
      // libxml2 starts a tag only at `<` and a letter; anything else is text.
      guard isLetter(next) else { continue }
      // The tag's name (libxml2 reads 100 bytes of it, and the rest as attributes).
      let nameStart = position
      while position < count, isNameCharacter(text[position]) { position += 1 }
      let nameEnd = position
      // Its attributes.
      var attributes = (nameEnd - nameStart - 1) / 100
      var nameBytes = 0
      var closed = false
      while position < count {
        while position < count, isSpace(text[position]) { position += 1 }
        guard position < count else { break }
        let byte = text[position]
        if byte == UInt8(ascii: ">") {
          position += 1
          closed = true
          break
        }
        if byte == UInt8(ascii: "/"), position + 1 < count, text[position + 1] == UInt8(ascii: ">") {
          position += 2
          closed = true
          break
        }
        if isNameStart(byte) {
          // A name, as libxml2 reads it: at most 100 bytes, the rest read as another name.
          let start = position
          while position < count, isNameCharacter(text[position]) { position += 1 }
          attributes += (position - start + 99) / 100
          nameBytes += position - start
        } else {
          // Bogus text libxml2 skips up to the next blank or the end of the tag (counted too).
          attributes += 1
          while position < count {
            let byte = text[position]
            if isSpace(byte) || byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: "/"), position + 1 < count, text[position + 1] == UInt8(ascii: ">") {
              break
            }
            position += 1
          }
        }
        if attributes > limit {
          outcome.violation = violation(text, open, nameStart..<nameEnd, attributes, isOverTotal: false)
          return outcome
        }
        var afterName = position
        while afterName < count, isSpace(text[afterName]) { afterName += 1 }
        guard afterName < count, text[afterName] == UInt8(ascii: "=") else { continue }
        // Its value.
        position = afterName + 1
        while position < count, isSpace(text[position]) { position += 1 }
        guard position < count else { break }
        let quote = text[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
          guard let close = find(quote, in: text, from: position + 1) else { return outcome }
          position = close + 1
        } else {
          while position < count, !isSpace(text[position]), text[position] != UInt8(ascii: ">") {
            position += 1
          }
        }
      }
      if attributes > wideTag {
        work &+= attributes * (attributes + nameBytes)
        if work > workLimit || work < 0 {
          outcome.violation = violation(text, open, nameStart..<nameEnd, attributes, isOverTotal: true)
          return outcome
        }
      }
      guard closed else { return outcome }
      // The text of <script> and <style> is not markup, up to the matching end tag.
      let name = nameStart..<nameEnd
      if matches(text, name, "script") || matches(text, name, "style") {
        guard let end = findEndTag(text[name], in: text, from: position) else { return outcome }
        position = end
      }
    }
    return outcome
  }

  private static func violation(
    _ text: UnsafeBufferPointer<UInt8>, _ offset: Int, _ name: Range<Int>, _ count: Int, isOverTotal: Bool
  ) -> Violation {
    let lowered = text[name].prefix(60).map { isUpper($0) ? $0 + 0x20 : $0 }
    return Violation(
      name: String(decoding: lowered, as: UTF8.self), offset: offset, count: count, isOverTotal: isOverTotal)
  }

  /// Whether the bytes in `range` are `word` (lower case ASCII) in any case.
  @inline(__always)
  private static func matches(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString
  ) -> Bool {
    guard range.count == word.utf8CodeUnitCount, range.upperBound <= text.count else { return false }
    for offset in 0..<range.count {
      let byte = text[range.lowerBound + offset]
      if (isUpper(byte) ? byte + 0x20 : byte) != word.utf8Start[offset] { return false }
    }
    return true
  }

  /// Whether `body` or `html` (any case) starts at `start` and ends there.
  private static func isIgnoredEndTag(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    guard start + 4 < text.count else { return false }
    let after = text[start + 4]
    guard isSpace(after) || after == UInt8(ascii: ">") || after == UInt8(ascii: "/") else { return false }
    return matches(text, start..<(start + 4), "body") || matches(text, start..<(start + 4), "html")
  }

  /// The 1-based line and column (in characters) of a byte offset in UTF-8 text.
  static func lineAndColumn(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in text[..<min(offset, text.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  // MARK: - Bytes

  private static func find(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard start < text.count, let base = text.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), text.count - start) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private static func find(
    _ needle: StaticString, in text: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    let first = needle.utf8Start[0]
    let length = needle.utf8CodeUnitCount
    var position = start
    while let candidate = find(first, in: text, from: position) {
      guard candidate + length <= text.count else { return nil }
      var matched = true
      for offset in 1..<length where text[candidate + offset] != needle.utf8Start[offset] {
        matched = false
        break
      }
      if matched { return candidate }
      position = candidate + 1
    }
    return nil
  }

  /// The offset of `</name` (any case) from `start`, or `nil`.
  private static func findEndTag(
    _ name: Slice<UnsafeBufferPointer<UInt8>>, in text: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    var position = start
    while let candidate = find(UInt8(ascii: "<"), in: text, from: position) {
      position = candidate + 1
      guard candidate + 2 + name.count <= text.count, text[candidate + 1] == UInt8(ascii: "/") else {
        continue
      }
      var matched = true
      for (offset, letter) in name.enumerated() {
        let byte = text[candidate + 2 + offset]
        if (isUpper(byte) ? byte + 0x20 : byte) != (isUpper(letter) ? letter + 0x20 : letter) {
          matched = false
          break
        }
      }
      if matched { return candidate }
    }
    return nil
  }

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  @inline(__always)
  private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }

  @inline(__always)
  private static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || (0x61...0x7A).contains(byte) }

  /// What starts a tag name for libxml2: a letter, `_`, `:` or `.`.
  @inline(__always)
  private static func isNameStart(_ byte: UInt8) -> Bool {
    isUpper(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
      || byte == UInt8(ascii: ".")
  }

  @inline(__always)
  private static func isNameCharacter(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
  }
}
