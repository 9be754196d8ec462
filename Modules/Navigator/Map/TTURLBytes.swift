import Three20Core

/// Byte-level helpers for the URL matcher's hot path: percent-decoding and hashing.
///
/// Percent escapes are decoded by Core's `TTPercentCoding`, the loop `percentDecoded` runs, so
/// the matcher and Core always decode alike.
enum TTURLBytes {
  /// The text of `bytes` with percent escapes decoded; invalid UTF-8 becomes U+FFFD.
  static func decodedString(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) -> String {
    if !bytes.contains(UInt8(ascii: "%")) && !(plusAsSpace && bytes.contains(UInt8(ascii: "+"))) {
      return String(decoding: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    TTPercentCoding.appendDecoded(bytes, to: &output, plusAsSpace: plusAsSpace)
    return String(decoding: output, as: UTF8.self)
  }

  /// FNV-1a over the bytes: the literal table's hash.
  @inline(__always)
  static func hash(_ start: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in 0..<count {
      hash = (hash ^ UInt64(start[index])) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// Whether a byte may appear in a URL scheme after its first letter.
  @inline(__always)
  static func isSchemeByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
      true
    default: false
    }
  }

  /// Whether a byte is an ASCII letter.
  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}
