/// Finds bare `http://` and `https://` URLs in text (Three20's `parseURLs`).
///
/// A URL starts with `http://` or `https://` (any case) that does not follow a letter or digit,
/// and runs over printable ASCII up to whitespace, `<`, `>`, `"`, a control character or a
/// non-ASCII character. Trailing `. , ; : ! ? ' *` are not part of it, nor is a trailing `)` or
/// `]` without a matching opener inside the URL, so `(see http://x.org/a_(b)).` links
/// `http://x.org/a_(b)`. A scheme with nothing after it is not a URL.
enum TTStyledTextURLDetector {
  /// A piece of text: plain, or a URL.
  enum Piece: Equatable {
    case text(String)
    case url(String)
  }

  /// The text split into plain pieces and URLs, in order.
  ///
  /// - Parameter text: The text.
  /// - Returns: The pieces; empty pieces are left out.
  /// - Complexity: O(*n*).
  static func pieces(of text: String) -> [Piece] {
    let bytes = Array(text.utf8)
    var pieces: [Piece] = []
    var textStart = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] | 0x20 == UInt8(ascii: "h"), index == 0 || !isAlphanumeric(bytes[index - 1]),
        let schemeEnd = schemeEnd(in: bytes, at: index)
      else {
        index += 1
        continue
      }
      var end = schemeEnd
      while end < bytes.count, !isTerminator(bytes[end]) { end += 1 }
      end = trimmed(bytes, from: schemeEnd, to: end)
      guard end > schemeEnd else {
        index = schemeEnd
        continue
      }
      if textStart < index { pieces.append(.text(String(decoding: bytes[textStart..<index], as: UTF8.self))) }
      pieces.append(.url(String(decoding: bytes[index..<end], as: UTF8.self)))
      textStart = end
      index = end
    }
    if textStart < bytes.count {
      pieces.append(.text(textStart == 0 ? text : String(decoding: bytes[textStart...], as: UTF8.self)))
    }
    return pieces
  }

  private static let http = Array("http://".utf8)
  private static let https = Array("https://".utf8)

  private static func schemeEnd(in bytes: [UInt8], at index: Int) -> Int? {
    for scheme in [http, https] where index + scheme.count <= bytes.count {
      var matches = true
      for (offset, expected) in scheme.enumerated() {
        let byte = bytes[index + offset]
        let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        if folded != expected {
          matches = false
          break
        }
      }
      if matches { return index + scheme.count }
    }
    return nil
  }

  /// The end of the URL once trailing punctuation is left out.
  private static func trimmed(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var parentheses = 0
    var brackets = 0
    for byte in bytes[start..<end] {
      switch byte {
      case UInt8(ascii: "("): parentheses += 1
      case UInt8(ascii: ")"): parentheses -= 1
      case UInt8(ascii: "["): brackets += 1
      case UInt8(ascii: "]"): brackets -= 1
      default: break
      }
    }
    var end = end
    while end > start {
      switch bytes[end - 1] {
      case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
        UInt8(ascii: "?"), UInt8(ascii: "'"), UInt8(ascii: "*"):
        end -= 1
      case UInt8(ascii: ")") where parentheses < 0:
        parentheses += 1
        end -= 1
      case UInt8(ascii: "]") where brackets < 0:
        brackets += 1
        end -= 1
      default:
        return end
      }
    }
    return end
  }

  private static func isTerminator(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"")
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
