/// Makes text from data safe to write to a terminal.
///
/// A feed title, a server's error message or a user's name can contain escape sequences
/// (`ESC ] 0 ; … BEL` retitles the window, `ESC [ 2 J` clears the screen, OSC 52 writes the
/// clipboard). Everything Three20 draws from data goes through ``sanitized(_:keepingNewlines:)`` first, so
/// such text is shown, never obeyed.
///
/// ```swift
/// TTTerminalText.sanitized("Hi\u{1B}]0;pwned\u{07} there")   // "Hi there"
/// TTTerminalText.sanitized("tab\there")                       // "tab here"
/// ```
public enum TTTerminalText {
  /// The text with every control character and escape sequence neutralised.
  ///
  /// - Complete escape sequences (CSI `ESC [ …`, OSC `ESC ] … BEL/ST`, DCS, SOS, PM and APC
  ///   strings, and two-character `ESC x` sequences), and their 8-bit C1 forms, are removed.
  /// - A tab becomes one space; a newline is kept when `keepingNewlines` is `true`, otherwise
  ///   it becomes a space. A carriage return is dropped.
  /// - Any other control character (C0, DEL, C1) is replaced by its visible symbol from the
  ///   Control Pictures block (`␀`, `␇`, `␛`, …) or by `�`, so nothing is silently lost.
  ///
  /// - Parameters:
  ///   - text: Text from data: a feed, a server, a user.
  ///   - keepingNewlines: Whether `\n` is kept; defaults to `false`.
  /// - Returns: Text that only prints.
  /// - Complexity: O(*n*); text without control characters is returned unchanged.
  public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    while let scalar = pending ?? scalars.next() {
      pending = nil
      switch scalar.value {
      case 0x1B:  // ESC
        guard let next = scalars.next() else {
          output.append("\u{241B}")
          break
        }
        switch next {
        case "[": pending = skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": pending = skipString(&scalars)
        default:
          // Two-character sequences (ESC c, ESC 7, ESC ( B, …): drop ESC and its final byte.
          // A control or non-ASCII character after ESC is not part of a sequence: it is
          // handled on its own.
          if next.value < 0x20 || next.value >= 0x7F { pending = next }
          if next == "(" || next == ")" || next == "#" || next == "%" { _ = scalars.next() }
        }
      case 0x9B: pending = skipControlSequence(&scalars)  // 8-bit CSI
      case 0x9D, 0x90, 0x98, 0x9E, 0x9F: pending = skipString(&scalars)  // 8-bit OSC, DCS, SOS, PM, APC
      case 0x09: output.append(" ")
      case 0x0A: output.append(keepingNewlines ? "\n" : " ")
      case 0x0D: break
      case 0x00..<0x20: output.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: output.append("\u{2421}")
      case 0x80..<0xA0: output.append("\u{FFFD}")
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  /// Skips the rest of a CSI sequence: parameter and intermediate bytes, then one final byte.
  ///
  /// Returns a scalar that ended the sequence early and must be processed normally.
  private static func skipControlSequence(
    _ scalars: inout String.UnicodeScalarView.Iterator
  ) -> Unicode.Scalar? {
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x20...0x3F: continue  // parameters and intermediates
      case 0x40...0x7E: return nil  // final byte
      default: return scalar  // malformed: stop here, keep what follows
      }
    }
    return nil
  }

  /// Skips a control string (OSC, DCS, …) up to BEL, ST (`ESC \`) or 8-bit ST.
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x07, 0x9C: return nil
      case 0x1B:
        guard let next = scalars.next() else { return nil }
        if next == "\\" { return nil }
        return next == "\u{1B}" ? next : nil
      default: continue
      }
    }
    return nil
  }
}
