/// The byte-level percent encoder and decoder behind the `.tt` percent-encoding helpers.
///
/// `package` so that Navigator's URL matcher decodes percent escapes with the same code as
/// `percentDecoded` (``hexValue(_:)`` and ``appendDecoded(_:to:plusAsSpace:)``); everything
/// else stays internal to Core.
package enum TTPercentCoding {
  /// A set of ASCII bytes, as a 128-bit mask.
  struct ByteSet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// Creates a set holding the given ASCII characters.
    init(_ characters: String) {
      for byte in characters.utf8 where byte < 128 {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
      }
    }

    /// Whether the set holds the byte; bytes 128 and up never are.
    func contains(_ byte: UInt8) -> Bool {
      if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
      if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
      return false
    }
  }

  /// RFC 3986 unreserved characters.
  static let unreserved = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
  /// Unreserved characters and `/`.
  static let unreservedAndSlash = ByteSet(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// Percent-encodes every UTF-8 byte of `string` that is not in `kept`.
  static func encode(_ string: String, keeping kept: ByteSet, spaceAsPlus: Bool = false) -> String {
    let utf8 = string.utf8
    if utf8.allSatisfy({ kept.contains($0) }) { return string }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + utf8.count / 2)
    for byte in utf8 {
      if kept.contains(byte) {
        bytes.append(byte)
      } else if spaceAsPlus && byte == UInt8(ascii: " ") {
        bytes.append(UInt8(ascii: "+"))
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The value of an ASCII hexadecimal digit, or `nil`.
  @inlinable
  package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Decodes `%XX` escapes (and `+` when `plusAsSpace`), then reads the bytes as UTF-8,
  /// replacing invalid sequences with U+FFFD.
  static func decode(_ string: String, plusAsSpace: Bool) -> String {
    let utf8 = string.utf8
    if !utf8.contains(UInt8(ascii: "%")) && !(plusAsSpace && utf8.contains(UInt8(ascii: "+"))) {
      return string
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var input = string
    input.withUTF8 { appendDecoded($0, to: &bytes, plusAsSpace: plusAsSpace) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `bytes` to `output` with `%XX` escapes decoded (and `+` as a space when
  /// `plusAsSpace`).
  ///
  /// A `%` not followed by two hexadecimal digits is kept as written. This is the one decoding
  /// loop: ``decode(_:plusAsSpace:)`` runs it over a string's UTF-8, Navigator's URL matcher
  /// over the bytes of a URL it is matching.
  @inlinable
  package static func appendDecoded(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], plusAsSpace: Bool
  ) {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
  }
}
