import Foundation

/// The last few kilobytes of the input as text, to quote the offending place in error messages
/// (internal).
///
/// It receives what the ``TTXMLInputDecoder`` hands on (UTF-8, or bytes of an encoding in which
/// a newline is 0x0A), and knows the line and column of its first byte, so a position from
/// libxml2 (1-based line, column in characters) is either found exactly or known to be
/// outside. Lines may be of any length: only a stretch around the column is quoted.
struct TTXMLSourceWindow {
  private var window: [UInt8] = []
  /// The line of `window[0]` (1-based).
  private var startLine = 1
  /// The column of `window[0]` (1-based, in characters).
  private var startColumn = 1
  private let capacity = 8192

  /// Adds input, keeping at least the last `capacity` bytes.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if bytes.count >= capacity {
      window.withUnsafeBytes { advance(over: $0) }
      let skipped = bytes.count - capacity
      advance(over: UnsafeRawBufferPointer(rebasing: bytes[..<skipped]))
      window = Array(bytes[skipped...])
      return
    }
    window.append(contentsOf: bytes)
    if window.count > 2 * capacity {
      let drop = window.count - capacity
      window.withUnsafeBytes { advance(over: UnsafeRawBufferPointer(rebasing: $0[..<drop])) }
      window.removeSubrange(..<drop)
    }
  }

  /// Moves the start position over bytes leaving the window.
  private mutating func advance(over bytes: UnsafeRawBufferPointer) {
    let lines = Self.newlines(in: bytes)
    if lines == 0 {
      startColumn += Self.characters(in: bytes)
      return
    }
    startLine += lines
    let last = Self.lastNewline(in: bytes)
    startColumn = 1 + Self.characters(in: UnsafeRawBufferPointer(rebasing: bytes[(last + 1)...]))
  }

  /// Counts the 0x0A bytes, eight at a time: this runs over every byte of the input.
  static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let newline: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    var count = 0
    var index = 0
    let words = bytes.count / 8
    while index < words {
      // Bytes equal to 0x0A become zero; the high bit of each result byte is set exactly for
      // the zero bytes.
      let value = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) ^ newline
      let zeroes = ~(((value & low7) &+ low7) | value | low7)
      count += zeroes.nonzeroBitCount
      index += 1
    }
    for position in (words * 8)..<bytes.count where bytes[position] == 0x0A { count += 1 }
    return count
  }

  /// The offset of the last 0x0A byte, which must exist; eight bytes at a time from the end.
  static func lastNewline(in bytes: UnsafeRawBufferPointer) -> Int {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let newline: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    var end = bytes.count
    while end >= 8 {
      let value =
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)) ^ newline
      // Exactly the bytes equal to 0x0A have their high bit set.
      let zeroes = ~(((value & low7) &+ low7) | value | low7)
      if zeroes != 0 { return end - 8 + (63 - zeroes.leadingZeroBitCount) / 8 }
      end -= 8
    }
    while end > 0 {
      end -= 1
      if bytes[end] == 0x0A { return end }
    }
    return -1
  }

  /// Counts the characters of UTF-8 text: the bytes that do not continue a sequence.
  static func characters(in bytes: UnsafeRawBufferPointer) -> Int {
    // A continuation byte is 10xxxxxx: count the bytes whose top two bits are not 10.
    var count = 0
    var index = 0
    let words = bytes.count / 8
    let high: UInt64 = 0x8080_8080_8080_8080
    while index < words {
      let value = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      // Bit 7 set and bit 6 clear marks a continuation byte.
      let continuation = value & ~(value << 1) & high
      count += 8 - continuation.nonzeroBitCount
      index += 1
    }
    for position in (words * 8)..<bytes.count where bytes[position] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// The line and column of the last character in the window, or `nil` when it is empty.
  var lastPosition: (line: Int, column: Int)? {
    guard !window.isEmpty else { return nil }
    var end = window.count - 1
    while end > 0, window[end] & 0xC0 == 0x80 { end -= 1 }
    var line = startLine
    var column = startColumn
    for position in 0..<end {
      let byte = window[position]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The text around a position: up to `radius` characters on each side, within its line.
  ///
  /// - Parameters:
  ///   - line: The 1-based line.
  ///   - column: The 1-based column, in characters; past the end of the line means its end.
  ///   - radius: How many characters to show on each side.
  /// - Returns: The bytes and how many characters of them come before the position, or `nil`
  ///   when the window does not hold the position.
  func excerpt(line: Int, column: Int, radius: Int = 80) -> (bytes: [UInt8], caret: Int)? {
    guard line > startLine || (line == startLine && column >= startColumn) else { return nil }
    var position = 0
    var currentLine = startLine
    var currentColumn = startColumn
    let count = window.count
    // Find the line.
    while currentLine < line {
      guard position < count else { return nil }
      if window[position] == 0x0A {
        currentLine += 1
        currentColumn = 1
      }
      position += 1
    }
    let lineStart = position
    // Find the column (or the end of the line).
    while currentColumn < column, position < count, window[position] != 0x0A {
      position += 1
      while position < count, window[position] & 0xC0 == 0x80 { position += 1 }
      currentColumn += 1
    }
    if position >= count, currentColumn < column { return nil }
    // Back up to `radius` characters, and forward as many, within the line.
    var start = position
    var before = 0
    while start > lineStart, before < radius {
      start -= 1
      while start > lineStart, window[start] & 0xC0 == 0x80 { start -= 1 }
      before += 1
    }
    var end = position
    var after = 0
    while end < count, after < radius, window[end] != 0x0A {
      end += 1
      while end < count, window[end] & 0xC0 == 0x80 { end += 1 }
      after += 1
    }
    var bytes = Array(window[start..<end])
    if bytes.last == 0x0D { bytes.removeLast() }
    return (bytes, before)
  }
}
