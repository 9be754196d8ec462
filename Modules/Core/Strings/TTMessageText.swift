/// Puts text from data or from a command line into an error message safely.
///
/// An error message names the input that was wrong: a feed's element, a server's status line,
/// an argument. That input can hold anything: an escape sequence that would retitle the
/// terminal (`ESC ] 0 ; … BEL`), a NUL that ends a C string early, a bidirectional override
/// that reorders what the reader sees, or megabytes of text. Every message in Three20 that
/// quotes such input goes through ``quoted(_:limit:)`` (or ``escaped(_:limit:)``), so the
/// message shows the input and never obeys it.
///
/// ```swift
/// TTMessageText.quoted("feed\u{1B}]0;pwned\u{07}")   // "\"feed\\u{1B}]0;pwned\\u{07}\""
/// TTMessageText.escaped("tab\there")                  // "tab\\there"
/// ```
public enum TTMessageText {
  /// The most characters of input a message quotes by default; longer input is cut with `…`.
  public static let defaultLimit = 120

  /// The text in double quotes, escaped as ``escaped(_:limit:)`` does, with `"` and `\` escaped
  /// too.
  ///
  /// - Parameters:
  ///   - text: Input from data or from a command line.
  ///   - limit: The most characters of `text` shown; the rest becomes `…`.
  /// - Returns: A quoted string that only prints.
  public static func quoted(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
    "\"" + escape(Substring(text), limit: limit, quotes: true) + "\""
  }

  /// The text with every character that would not print as itself written as an escape.
  ///
  /// - `\0`, `\t`, `\n` and `\r` are written as such; any other C0 control character, DEL and
  ///   the C1 controls as `\u{1B}` and so on.
  /// - The bidirectional marks (U+200E, U+200F, U+061C) and embedding, override and isolate
  ///   characters (U+202A–U+202E, U+2066–U+2069),
  ///   U+2028/U+2029, the byte order mark and U+FFF9–U+FFFB are escaped too, so they cannot
  ///   reorder or hide the rest of the message.
  /// - Text longer than `limit` characters is cut and ends with `…`.
  ///
  /// - Parameters:
  ///   - text: Input from data or from a command line.
  ///   - limit: The most characters of `text` shown.
  /// - Returns: Text that only prints.
  /// - Complexity: O(min(*n*, `limit`)).
  public static func escaped(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
    escape(Substring(text), limit: limit, quotes: false)
  }

  /// The bytes as text: valid UTF-8 escaped as ``escaped(_:limit:)`` does, and each byte that
  /// is not part of valid UTF-8 written as `\x{FF}`.
  ///
  /// - Parameters:
  ///   - bytes: Input that may not be text, such as a server's status line.
  ///   - limit: The most characters shown.
  /// - Returns: Text that only prints.
  public static func escaped(bytes: some Sequence<UInt8>, limit: Int = defaultLimit) -> String {
    let limit = max(0, limit)
    // At most four bytes a character, and one more to know whether anything was cut.
    let bytes = Array(bytes.prefix(limit * 4 + 1))
    var output = ""
    var shown = 0
    var position = 0
    while position < bytes.count {
      if shown >= limit {
        output += "…"
        break
      }
      // A fresh parser each time: a parser buffers bytes it has read ahead.
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = bytes[position...].makeIterator()
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        append(Unicode.UTF8.decode(encoded), to: &output, quotes: false)
        position += encoded.count
      case .error(let length):
        for byte in bytes[position..<position + length] {
          output += "\\x{" + hex(UInt32(byte), width: 2) + "}"
        }
        position += length
      case .emptyInput:
        position = bytes.count
      }
      shown += 1
    }
    return output
  }

  private static func escape(_ text: Substring, limit: Int, quotes: Bool) -> String {
    var output = ""
    var shown = 0
    for scalar in text.unicodeScalars {
      if shown >= max(0, limit) {
        output += "…"
        break
      }
      append(scalar, to: &output, quotes: quotes)
      shown += 1
    }
    return output
  }

  private static func append(_ scalar: Unicode.Scalar, to output: inout String, quotes: Bool) {
    switch scalar.value {
    case 0x00: output += "\\0"
    case 0x09: output += "\\t"
    case 0x0A: output += "\\n"
    case 0x0D: output += "\\r"
    case 0x22 where quotes: output += "\\\""
    case 0x5C where quotes: output += "\\\\"
    case 0x01..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029,
      0xFEFF,
      0xFFF9...0xFFFB:
      output += "\\u{" + hex(scalar.value, width: 2) + "}"
    default: output.unicodeScalars.append(scalar)
    }
  }

  private static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
