import Foundation

/// MD5, used only to turn a URL (and a body) into a short, stable cache key, as Three20 did.
///
/// MD5 is not used for anything that needs collision resistance against an attacker: a cache key
/// names a file in the caller's own cache.
struct TTRequestDigest {
  private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  private static let shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]

  /// floor(abs(sin(i + 1)) × 2^32) for i in 0..<64.
  private static let constants: [UInt32] = (0..<64).map { index in
    UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
  }

  init() {
    pending.reserveCapacity(64)
  }

  /// Adds bytes to the digest.
  mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    for byte in bytes {
      pending.append(byte)
      length &+= 1
      if pending.count == 64 {
        compress(pending)
        pending.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Adds contiguous bytes to the digest, whole blocks at a time.
  mutating func update(_ data: Data) {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var index = 0
      if !pending.isEmpty {
        while index < bytes.count, pending.count < 64 {
          pending.append(bytes[index])
          index += 1
        }
        length &+= UInt64(index)
        if pending.count == 64 {
          compress(pending)
          pending.removeAll(keepingCapacity: true)
        }
      }
      while bytes.count - index >= 64 {
        compress(bytes[index..<(index + 64)])
        index += 64
        length &+= 64
      }
      while index < bytes.count {
        pending.append(bytes[index])
        index += 1
        length &+= 1
      }
    }
  }

  /// Finishes and returns the digest as 32 lowercase hexadecimal digits.
  mutating func finalizeHex() -> String {
    let bitLength = length &* 8
    var tail: [UInt8] = [0x80]
    while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
    for shift in stride(from: 0, to: 64, by: 8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedLength = length
    update(tail)
    length = savedLength
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(32)
    for word in [state.0, state.1, state.2, state.3] {
      for shift in stride(from: 0, to: 32, by: 8) {
        let byte = UInt8(truncatingIfNeeded: word >> UInt32(shift))
        hex.append(digits[Int(byte >> 4)])
        hex.append(digits[Int(byte & 0xf)])
      }
    }
    return String(decoding: hex, as: UTF8.self)
  }

  private mutating func compress<Block: Collection>(_ block: Block) where Block.Element == UInt8 {
    var words = [UInt32](repeating: 0, count: 16)
    var iterator = block.makeIterator()
    for index in 0..<16 {
      var word: UInt32 = 0
      for shift in stride(from: 0, to: 32, by: 8) {
        word |= UInt32(iterator.next() ?? 0) << UInt32(shift)
      }
      words[index] = word
    }
    var (a, b, c, d) = state
    for index in 0..<64 {
      var f: UInt32
      var g: Int
      switch index {
      case 0..<16:
        f = (b & c) | (~b & d)
        g = index
      case 16..<32:
        f = (d & b) | (~d & c)
        g = (5 &* index &+ 1) % 16
      case 32..<48:
        f = b ^ c ^ d
        g = (3 &* index &+ 5) % 16
      default:
        f = c ^ (b | ~d)
        g = (7 &* index) % 16
      }
      f = f &+ a &+ Self.constants[index] &+ words[g]
      a = d
      d = c
      c = b
      let shift = Self.shifts[index]
      b = b &+ ((f << shift) | (f >> (32 - shift)))
    }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
  }

  /// The MD5 of a string's UTF-8 bytes, as 32 lowercase hexadecimal digits.
  static func hex(_ string: String) -> String {
    var digest = TTRequestDigest()
    digest.update(Data(string.utf8))
    return digest.finalizeHex()
  }
}
