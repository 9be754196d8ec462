import Three20Style

/// Turns the bytes a terminal sends into ``TTKey``s.
///
/// The decoder is a value with no side effects: feed it bytes as they are read with
/// `decode(_:)` and it returns every key they complete. Bytes that may begin a longer
/// sequence — a lone `ESC`, half an escape sequence, the first bytes of a multi-byte UTF-8
/// character — are kept until the next call. A lone `ESC` is ambiguous (the Escape key, or
/// the start of an arrow key's `ESC [ A`), so the caller waits a moment and, if nothing more
/// arrives, calls ``flush()`` to turn it into ``TTKey/escape``. ``TTTerminalHost`` does this
/// after ``TTTerminalHost/escapeTimeout``.
///
/// What it understands:
///
/// | Bytes | Key |
/// |---|---|
/// | printable ASCII and UTF-8 (split across reads or not) | ``TTKey/character(_:)`` |
/// | `CR`, `LF`, `ESC O M` | ``TTKey/enter`` |
/// | `DEL` (0x7F), `BS` (0x08) | ``TTKey/backspace`` |
/// | `TAB`; `ESC [ Z` | ``TTKey/tab``; ``TTKey/backTab`` |
/// | `ESC [ A`…`D`, `ESC O A`…`D`, with or without modifiers (`ESC [ 1 ; 5 A`) | arrows |
/// | `ESC [ H`, `ESC O H`, `ESC [ 1 ~`, `ESC [ 7 ~` | ``TTKey/home`` |
/// | `ESC [ F`, `ESC O F`, `ESC [ 4 ~`, `ESC [ 8 ~` | ``TTKey/end`` |
/// | `ESC [ 2 ~`, `3 ~`, `5 ~`, `6 ~` | insert, delete, page up, page down |
/// | `ESC O P`…`S`, `ESC [ 11 ~`…`24 ~` | ``TTKey/function(_:)`` F1–F12 |
/// | other C0 bytes | ``TTKey/control(_:)`` |
/// | `ESC` then anything else | ``TTKey/escape``, then that key |
///
/// Anything else is skipped without a key: unknown escape sequences, invalid UTF-8, C1
/// control characters, and sequences longer than 64 bytes. Nothing traps, whatever the input.
///
/// ```swift
/// var decoder = TTKeyDecoder()
/// decoder.decode([0x1B])         // [] — maybe the start of a sequence
/// decoder.decode(Array("[B".utf8))  // [.down]
/// decoder.decode([0xE4, 0xB8])   // [] — half of "中"
/// decoder.decode([0xAD])         // [.character("中")]
/// decoder.decode([0x1B])         // []
/// decoder.flush()                // [.escape]
/// ```
public struct TTKeyDecoder: Sendable, Hashable {
  /// The longest escape sequence kept while waiting for its end; longer ones are skipped.
  static let maximumSequenceLength = 64

  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes are held back, waiting for more input or for ``flush()``.
  ///
  /// When this is `true` after `decode(_:)`, wait a short while for more bytes, then call
  /// ``flush()``.
  public var hasPendingInput: Bool { !pending.isEmpty }

  /// Decodes bytes, returning every key they complete and keeping an unfinished tail.
  ///
  /// - Parameter bytes: The bytes just read.
  /// - Returns: The keys, in order; empty when the bytes complete none.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [TTKey] {
    pending.append(contentsOf: bytes)
    return run(final: false)
  }

  /// Decodes whatever is held back as if no more input will follow.
  ///
  /// A lone `ESC` becomes ``TTKey/escape``; `ESC` followed by a character becomes
  /// ``TTKey/escape`` and the character; an unfinished escape sequence or UTF-8 character is
  /// dropped.
  ///
  /// - Returns: The keys; empty when nothing was pending.
  public mutating func flush() -> [TTKey] {
    run(final: true)
  }

  /// Decodes a complete piece of input in one go: `decode(_:)` then ``flush()``.
  ///
  /// ```swift
  /// TTKeyDecoder.decode(Array("q".utf8))   // [.character("q")]
  /// TTKeyDecoder.decode([0x1B])            // [.escape]
  /// ```
  ///
  /// - Parameter bytes: The input.
  /// - Returns: The keys.
  public static func decode(_ bytes: some Sequence<UInt8>) -> [TTKey] {
    var decoder = TTKeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  /// What one step of decoding found at the front of the input.
  private enum Step {
    /// A key that took this many bytes.
    case key(TTKey, length: Int)
    /// Bytes that make no key.
    case skip(length: Int)
    /// The start of something that needs more bytes.
    case incomplete
  }

  private mutating func run(final: Bool) -> [TTKey] {
    var keys: [TTKey] = []
    var index = 0
    let bytes = pending
    while index < bytes.count {
      switch step(bytes, at: index, final: final) {
      case .key(let key, let length):
        append(key, to: &keys)
        index += max(1, length)
      case .skip(let length):
        index += max(1, length)
      case .incomplete:
        pending = Array(bytes[index...])
        return keys
      }
    }
    pending = []
    return keys
  }

  /// Adds a key, joining a combining mark to the character before it.
  private func append(_ key: TTKey, to keys: inout [TTKey]) {
    if case .character(let mark) = key, case .character(let base)? = keys.last {
      let joined = String(base) + String(mark)
      if joined.count == 1, let character = joined.first {
        keys[keys.count - 1] = .character(character)
        return
      }
    }
    keys.append(key)
  }

  private func step(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    let byte = bytes[index]
    switch byte {
    case 0x1B: return escape(bytes, at: index, final: final)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x08, 0x7F: return .key(.backspace, length: 1)
    case 0x00: return .key(.control("@"), length: 1)
    case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte - 1 + 0x61))), length: 1)
    case 0x1C: return .key(.control("\\"), length: 1)
    case 0x1D: return .key(.control("]"), length: 1)
    case 0x1E: return .key(.control("^"), length: 1)
    case 0x1F: return .key(.control("_"), length: 1)
    case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default: return utf8(bytes, at: index, final: final)
    }
  }

  private func escape(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    guard index + 1 < bytes.count else { return final ? .key(.escape, length: 1) : .incomplete }
    switch bytes[index + 1] {
    case UInt8(ascii: "["):
      return controlSequence(bytes, at: index, final: final)
    case UInt8(ascii: "O"):
      guard index + 2 < bytes.count else {
        // `ESC O` with nothing after it: Alt-O, or a cut-off sequence.
        return final ? .key(.escape, length: 1) : .incomplete
      }
      let finalByte = bytes[index + 2]
      guard (0x20...0x7E).contains(finalByte) else { return .key(.escape, length: 1) }
      // `ESC O M` is the keypad's Enter; the other finals are those `ESC [` shares.
      let key: TTKey? = finalByte == UInt8(ascii: "M") ? .enter : Self.cursorKey(finalByte)
      return key.map { .key($0, length: 3) } ?? .skip(length: 3)
    default:
      // ESC then a key: the Escape key, then that key (Alt-key in most terminals).
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [` parameters, intermediates, final byte.
  private func controlSequence(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    var end = index + 2
    while end < bytes.count, (0x20...0x3F).contains(bytes[end]) {
      end += 1
      if end - index > Self.maximumSequenceLength { return .skip(length: end - index) }
    }
    guard end < bytes.count else {
      // Cut off: wait for the rest, or drop it when no more is coming.
      return final ? .skip(length: end - index) : .incomplete
    }
    let finalByte = bytes[end]
    guard (0x40...0x7E).contains(finalByte) else {
      // Malformed: drop what came so far and decode the odd byte on its own.
      return .skip(length: end - index)
    }
    let length = end - index + 1
    let parameterBytes = bytes[(index + 2)..<end]
    // Private sequences (`ESC [ ? …`, `ESC [ < …`) and intermediates are never keys.
    guard parameterBytes.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .skip(length: length) }
    let parameters = String(decoding: parameterBytes, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false)
    let first = parameters.first.flatMap { Int($0) }
    let key: TTKey? =
      switch finalByte {
      case UInt8(ascii: "Z"): .backTab
      case UInt8(ascii: "~"): Self.tildeKey(first)
      default: Self.cursorKey(finalByte)
      }
    return key.map { .key($0, length: length) } ?? .skip(length: length)
  }

  /// The key of a final byte that both `ESC [ …` and `ESC O …` end with, or `nil`.
  ///
  /// These are the arrows, Home, End and F1–F4: terminals send either form for them (xterm
  /// switches with the cursor-keys mode), so both sequences read them here.
  private static func cursorKey(_ finalByte: UInt8) -> TTKey? {
    switch finalByte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// The key of `ESC [ n ~`.
  private static func tildeKey(_ number: Int?) -> TTKey? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11, 12, 13, 14, 15: .function((number ?? 0) - 10)
    case 17, 18, 19, 20, 21: .function((number ?? 0) - 11)
    case 23, 24: .function((number ?? 0) - 12)
    default: nil
    }
  }

  private func utf8(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default:
      // A stray continuation byte, or a byte that never starts UTF-8.
      return .skip(length: 1)
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return final ? .skip(length: offset) : .incomplete }
      let continuation = bytes[index + offset]
      guard continuation & 0xC0 == 0x80 else { return .skip(length: offset) }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
    guard value >= smallest, value >= 0xA0, let scalar = Unicode.Scalar(value) else {
      // Overlong, a surrogate, beyond U+10FFFF, or a C1 control character.
      return .skip(length: length)
    }
    return .key(.character(Character(scalar)), length: length)
  }
}
