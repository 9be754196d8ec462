/// Anything the terminal sends: a key, a mouse action, a paste, or a change of focus.
///
/// ``TTKeyDecoder/decodeEvents(_:)-method`` reads them from the terminal's bytes and
/// ``TTTerminalHost`` hands them to the controller on screen with
/// ``TTViewController/dispatch(_:)``, which routes each kind its own way (see
/// <doc:HandlingInput>).
///
/// ```swift
/// TTKeyDecoder.decodeEvents(Array("a\u{1B}[200~rm -rf /\r\u{1B}[201~".utf8))
/// // [.key(.character("a")), .paste("rm -rf /\n")]
/// ```
public enum TTInputEvent: Sendable, Hashable, CustomStringConvertible {
  /// A key.
  case key(TTKey)
  /// A mouse action.
  case mouse(TTMouseEvent)
  /// Text the user pasted (bracketed paste), with line ends as `\n`.
  ///
  /// A paste is text, never keys: an Enter or an escape sequence inside it is part of the
  /// text. It arrives as one event unless it is longer than
  /// ``TTKeyDecoder/maximumPasteLength``, in which case it arrives as several, in order.
  /// The text is as the terminal sent it, with invalid UTF-8 replaced by U+FFFD; whoever
  /// shows it must remove control characters (`TTTerminalText.sanitized`).
  case paste(String)
  /// The terminal window gained focus.
  case focusIn
  /// The terminal window lost focus.
  case focusOut

  /// The key, when the event is one.
  public var key: TTKey? {
    if case .key(let key) = self { key } else { nil }
  }

  /// A short description: the key's name, the mouse event's, `paste (12 characters)`,
  /// `focus-in`, `focus-out`.
  public var description: String {
    switch self {
    case .key(let key): key.description
    case .mouse(let event): event.description
    case .paste(let text): "paste (\(text.count) characters)"
    case .focusIn: "focus-in"
    case .focusOut: "focus-out"
    }
  }
}
