/// The keys text fields and editors understand, as readline and Emacs bind them.
///
/// | Key | Edit |
/// |---|---|
/// | a character | insert it |
/// | Backspace; Delete, Ctrl-D | delete before; after the cursor |
/// | ←, Ctrl-B; →, Ctrl-F | one character left; right |
/// | Alt-B, Alt-←; Alt-F, Alt-→ | one word left; right |
/// | Home, Ctrl-A; End, Ctrl-E | start; end of the line |
/// | Ctrl-K; Ctrl-U | cut to the end; from the start of the line |
/// | Ctrl-W; Alt-Backspace; Alt-D | cut the word before (to a space; letters only); after |
/// | Ctrl-Y | insert the text cut last |
/// | Ctrl-_ (also Ctrl-/); Alt-_ | undo; redo |
/// | Enter (text editors only) | a new line |
///
/// ```swift
/// TTTextKeyBindings.edit(for: .control("w"))          // .killSpaceDelimitedWordBackward
/// TTTextKeyBindings.edit(for: .alt(.character("f")))  // .moveWordRight
/// TTTextKeyBindings.edit(for: .enter)                 // nil: a field's Enter submits
/// ```
public enum TTTextKeyBindings {
  /// The edit a key makes, or `nil` when the key is not an editing key (Tab, Escape, Enter
  /// in a one-line field, arrows up and down…), so the view can pass it on.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - multiline: Whether Enter inserts a new line; `false` by default.
  /// - Returns: The edit, or `nil`.
  public static func edit(for key: TTKey, multiline: Bool = false) -> TTTextBuffer.Edit? {
    switch key {
    case .character(let character): .insert(String(character))
    case .enter: multiline ? .insert("\n") : nil
    case .backspace: .deleteBackward
    case .delete, .control("d"): .deleteForward
    case .left, .control("b"): .moveLeft
    case .right, .control("f"): .moveRight
    case .alt(.character("b")), .alt(.left): .moveWordLeft
    case .alt(.character("f")), .alt(.right): .moveWordRight
    case .home, .control("a"): .moveToLineStart
    case .end, .control("e"): .moveToLineEnd
    case .control("k"): .killToLineEnd
    case .control("u"): .killToLineStart
    case .control("w"): .killSpaceDelimitedWordBackward
    case .alt(.backspace): .killWordBackward
    case .alt(.character("d")): .killWordForward
    case .control("y"): .yank
    case .control("_"): .undo
    case .alt(.character("_")): .redo
    default: nil
    }
  }
}
