/// The last few kilobytes of raw input, to show the offending line in error messages
/// (internal).
///
/// It counts the newlines of the bytes it drops, so a 1-based line number from libxml2 can be
/// found again. Only meaningful for encodings where a newline is the byte 0x0A (UTF-8, ASCII,
/// the ISO-8859 and Windows code pages); the parser falls back to libxml2's own input buffer for
/// UTF-16.
struct TTXMLSourceWindow {
  private var window: [UInt8] = []
  /// The number of newlines in the bytes before the window.
  private var newlinesBefore = 0
  private let capacity = 8192

  /// Adds input, keeping only the last `capacity` bytes.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if bytes.count >= capacity {
      newlinesBefore += window.withUnsafeBytes { Self.newlines(in: $0) }
      let skipped = bytes.count - capacity
      newlinesBefore += Self.newlines(in: UnsafeRawBufferPointer(rebasing: bytes[..<skipped]))
      window = Array(bytes[skipped...])
      return
    }
    window.append(contentsOf: bytes)
    if window.count > 2 * capacity {
      let drop = window.count - capacity
      newlinesBefore += window.withUnsafeBytes {
        Self.newlines(in: UnsafeRawBufferPointer(rebasing: $0[..<drop]))
      }
      window.removeSubrange(..<drop)
    }
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

  /// The bytes of line `line` (1-based) when the window holds its start.
  func line(_ line: Int) -> [UInt8]? {
    guard line >= 1 else { return nil }
    var current = newlinesBefore + 1
    var start: Int? = newlinesBefore == 0 ? 0 : nil
    if current != line { start = nil }
    var index = 0
    if start == nil {
      while index < window.count {
        if window[index] == 0x0A {
          current += 1
          if current == line {
            start = index + 1
            break
          }
        }
        index += 1
      }
    }
    guard let start, start <= window.count else { return nil }
    var end = start
    while end < window.count, window[end] != 0x0A { end += 1 }
    var result = Array(window[start..<end])
    if result.last == 0x0D { result.removeLast() }
    return result
  }
}
