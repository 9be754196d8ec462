import Three20Style

/// A key the user pressed, decoded from the bytes a terminal sends.
///
/// ``TTKeyDecoder`` turns terminal input into keys; ``TTTerminalHost`` hands them to the
/// controller on screen through ``TTViewController/handleKey(_:)``.
///
/// ```swift
/// TTKeyDecoder.decode(Array("j\u{1B}[A\r".utf8))   // [.character("j"), .up, .enter]
/// TTKeyDecoder.decode([0x03])                       // [.control("c")]
/// TTKeyDecoder.decode(Array("\u{1B}b".utf8))          // [.alt(.character("b"))]
/// ```
public enum TTKey: Sendable, Hashable, CustomStringConvertible {
  /// A printable character, including the space: `.character("j")`, `.character("漢")`.
  case character(Character)
  /// A control key other than the ones with names of their own, as its lowercase letter:
  /// Ctrl-C is `.control("c")`. Ctrl-@, Ctrl-\, Ctrl-], Ctrl-^ and Ctrl-_ use those symbols.
  ///
  /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as ``backspace``, ``tab`` and ``enter``:
  /// terminals send the same bytes for them.
  case control(Character)
  /// Return or Enter (CR, LF, or the keypad's `ESC O M`).
  case enter
  /// The Escape key on its own.
  case escape
  /// Backspace (DEL, 0x7F, or BS, 0x08).
  case backspace
  /// Tab.
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case backTab
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward delete, `ESC [ 3 ~`).
  case delete
  /// A function key, F1 to F12.
  case function(Int)
  /// A key pressed with Alt (Meta): `.alt(.character("b"))` is Alt-B, `.alt(.backspace)`
  /// Alt-Backspace, `.alt(.left)` Alt-←.
  ///
  /// Terminals send Alt-key as `ESC` followed by the key, so an Escape pressed just before
  /// another key (in the same read) also reads as Alt-key; an Escape on its own is
  /// ``escape``. Arrows and other sequences carry Alt in their modifier parameter
  /// (`ESC [ 1 ; 3 D`).
  indirect case alt(TTKey)

  /// Ctrl-C, which ``TTTerminalHost`` treats as "stop".
  public static let interrupt = TTKey.control("c")

  /// A short, readable name: `j`, `space`, `ctrl-c`, `enter`, `up`, `f5`.
  public var description: String {
    switch self {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .control(let character): "ctrl-\(character)"
    case .enter: "enter"
    case .escape: "escape"
    case .backspace: "backspace"
    case .tab: "tab"
    case .backTab: "shift-tab"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .home: "home"
    case .end: "end"
    case .pageUp: "page-up"
    case .pageDown: "page-down"
    case .insert: "insert"
    case .delete: "delete"
    case .function(let number): "f\(number)"
    case .alt(let key): "alt-\(key)"
    }
  }
}
