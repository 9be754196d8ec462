/// The text being edited, the cursor in it, the last text cut, and the undo history: the
/// model behind ``TTTextField`` and ``TTTextEditor``.
///
/// A pure value: ``apply(_:)`` takes an ``Edit`` and changes nothing else, so every edit can
/// be tested without a view. The text is kept as `Character`s (grapheme clusters), so the
/// cursor never splits an emoji sequence, a flag, or a letter from its combining accents, and
/// one Backspace deletes what the user sees as one character.
///
/// ```swift
/// var buffer = TTTextBuffer("hello world")
/// buffer.apply(.moveWordLeft)        // cursor before "world"
/// buffer.apply(.killToLineEnd)       // text "hello ", "world" kept for yanking
/// buffer.apply(.moveToLineStart)
/// buffer.apply(.yank)                // text "worldhello "
/// buffer.apply(.undo)                // text "hello "
/// buffer.text                        // "hello "
/// ```
///
/// Text that is inserted (typed or pasted) is made safe to show first: control characters
/// become their visible symbols from the Control Pictures block (`␛` for ESC), bidirectional
/// overrides are dropped, tabs become a space, and newlines (CR LF, CR, LF, NEL and the
/// Unicode line and paragraph separators) are kept, as `\n`, only when ``allowsNewlines`` is
/// `true` (otherwise each becomes a space). So a pasted escape sequence is shown as text,
/// never obeyed. At most ``maximumLength`` characters are kept; an insert that does not fit
/// is cut, and ``wasTruncated`` says so.
public struct TTTextBuffer: Sendable, Hashable {
  /// One change to the buffer.
  public enum Edit: Sendable, Hashable {
    /// Inserts text at the cursor, which moves past it.
    case insert(String)
    /// Deletes the character before the cursor (Backspace).
    case deleteBackward
    /// Deletes the character after the cursor (Delete, Ctrl-D).
    case deleteForward
    /// Moves the cursor one character left.
    case moveLeft
    /// Moves the cursor one character right.
    case moveRight
    /// Moves the cursor to the start of the word before it (Alt-B).
    case moveWordLeft
    /// Moves the cursor to the end of the word after it (Alt-F).
    case moveWordRight
    /// Moves the cursor to the start of its line (Ctrl-A, Home).
    case moveToLineStart
    /// Moves the cursor to the end of its line (Ctrl-E, End).
    case moveToLineEnd
    /// Moves the cursor to the start of the text.
    case moveToStart
    /// Moves the cursor to the end of the text.
    case moveToEnd
    /// Cuts from the cursor to the end of the line, or the newline when the cursor is at the
    /// end of a line (Ctrl-K).
    case killToLineEnd
    /// Cuts from the start of the line to the cursor (Ctrl-U).
    case killToLineStart
    /// Cuts the word before the cursor, up to the previous space (Ctrl-W).
    case killSpaceDelimitedWordBackward
    /// Cuts the word before the cursor, letters and digits only (Alt-Backspace).
    case killWordBackward
    /// Cuts the word after the cursor (Alt-D).
    case killWordForward
    /// Inserts the text cut last (Ctrl-Y).
    case yank
    /// Undoes the last change of the text.
    case undo
    /// Redoes the last change undone.
    case redo
    /// Removes all the text (the field's clear button); undoable.
    case clear
    /// Replaces all the text and puts the cursor at its end; undoable.
    case replaceAll(String)
  }

  /// The most characters a buffer holds unless told otherwise: 100,000.
  public static let defaultMaximumLength = 100_000

  /// The most changes ``Edit/undo`` can go back: 200.
  public static let undoLimit = 200

  /// The most characters the undo history (and the redo history) saves: 2,000,000.
  ///
  /// Past it the oldest steps are forgotten, so a long text edited many times keeps a
  /// bounded history (at least one step is always kept).
  public static let undoCharacterLimit = 2_000_000

  /// The text as characters (grapheme clusters): what ``cursor`` and every offset count.
  ///
  /// Each is one character on screen: a character typed on its own that joins the one
  /// before it (a combining accent typed after its letter, the halves of a flag, the parts of
  /// an emoji sequence) becomes part of it.
  public private(set) var characters: [Character]

  /// Where the cursor is, in characters from the start: 0 is before the first, and
  /// `count` after the last.
  public private(set) var cursor: Int

  /// The most characters kept; inserts beyond it are cut.
  ///
  /// A negative value is taken as 0. Lowering it does not cut the text already there.
  public var maximumLength: Int {
    didSet { if maximumLength < 0 { maximumLength = 0 } }
  }

  /// Whether newlines are kept: `true` for a text editor, `false` (each newline becomes a
  /// space) for a one-line field.
  public var allowsNewlines: Bool

  /// The text cut last by a kill edit, which ``Edit/yank`` inserts.
  ///
  /// Kills in a row add to it, as in readline and Emacs: Ctrl-K twice at the end of a line
  /// keeps the line and its newline together, and Ctrl-W twice keeps both words in order.
  public private(set) var killed = ""

  /// Whether the last edit was a kill, so that the next kill adds to ``killed``.
  private var lastEditWasKill = false

  /// Whether the last insert was cut to fit ``maximumLength``.
  public private(set) var wasTruncated = false

  private struct Snapshot: Sendable, Hashable {
    var characters: [Character]
    var cursor: Int
  }

  /// The kind of the last edit, for grouping typing into one undo step.
  private enum Group: Sendable, Hashable {
    case none, typing, deleting
  }

  private var undoStack: [Snapshot] = []
  private var redoStack: [Snapshot] = []
  private var group: Group = .none

  /// Creates a buffer.
  ///
  /// - Parameters:
  ///   - text: The text to start with (made safe as inserted text is); the cursor goes at
  ///     its end.
  ///   - allowsNewlines: Whether newlines are kept; `false` by default.
  ///   - maximumLength: The most characters kept; ``defaultMaximumLength`` by default.
  public init(_ text: String = "", allowsNewlines: Bool = false, maximumLength: Int = defaultMaximumLength) {
    self.allowsNewlines = allowsNewlines
    self.maximumLength = max(0, maximumLength)
    let clean = Self.cleaned(text, allowsNewlines: allowsNewlines)
    characters = Array(clean.prefix(self.maximumLength))
    cursor = characters.count
  }

  /// The text.
  public var text: String { String(characters) }

  /// The number of characters.
  public var count: Int { characters.count }

  /// Whether there is no text.
  public var isEmpty: Bool { characters.isEmpty }

  /// The text before the cursor.
  public var textBeforeCursor: String { String(characters[0..<cursor]) }

  /// Whether ``Edit/undo`` would change anything.
  public var canUndo: Bool { !undoStack.isEmpty }

  /// Whether ``Edit/redo`` would change anything.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Moves the cursor to a character offset, clamped to the text; a click in a field does
  /// this.
  ///
  /// - Parameter offset: Characters from the start.
  public mutating func setCursor(_ offset: Int) {
    cursor = min(max(0, offset), characters.count)
    group = .none
    lastEditWasKill = false
  }

  /// Applies an edit.
  ///
  /// - Parameter edit: The edit.
  /// - Returns: Whether the text or the cursor changed.
  @discardableResult
  public mutating func apply(_ edit: Edit) -> Bool {
    let before = Snapshot(characters: characters, cursor: cursor)
    wasTruncated = false
    let continuesKill = lastEditWasKill
    lastEditWasKill = false
    switch edit {
    case .insert(let text):
      insert(text, grouping: true)
    case .deleteBackward:
      guard cursor > 0 else { return false }
      record(before, as: .deleting)
      characters.remove(at: cursor - 1)
      cursor -= 1
      joinCharacters(at: cursor)
    case .deleteForward:
      guard cursor < characters.count else { return false }
      record(before, as: .none)
      characters.remove(at: cursor)
      joinCharacters(at: cursor)
    case .moveLeft: move(to: cursor - 1)
    case .moveRight: move(to: cursor + 1)
    case .moveWordLeft: move(to: wordStart(before: cursor, spaceDelimited: false))
    case .moveWordRight: move(to: wordEnd(after: cursor))
    case .moveToLineStart: move(to: lineStart(of: cursor))
    case .moveToLineEnd: move(to: lineEnd(of: cursor))
    case .moveToStart: move(to: 0)
    case .moveToEnd: move(to: characters.count)
    case .killToLineEnd:
      let end = lineEnd(of: cursor)
      let range = cursor..<(end == cursor && end < characters.count ? end + 1 : end)
      kill(range, before: before, appending: continuesKill)
    case .killToLineStart:
      kill(lineStart(of: cursor)..<cursor, before: before, appending: continuesKill)
    case .killSpaceDelimitedWordBackward:
      let range = wordStart(before: cursor, spaceDelimited: true)..<cursor
      kill(range, before: before, appending: continuesKill)
    case .killWordBackward:
      let range = wordStart(before: cursor, spaceDelimited: false)..<cursor
      kill(range, before: before, appending: continuesKill)
    case .killWordForward:
      kill(cursor..<wordEnd(after: cursor), before: before, appending: continuesKill)
    case .yank:
      insert(killed, grouping: false)
    case .undo:
      guard let previous = undoStack.popLast() else { return false }
      redoStack.append(before)
      Self.trim(&redoStack)
      restore(previous)
    case .redo:
      guard let next = redoStack.popLast() else { return false }
      undoStack.append(before)
      Self.trim(&undoStack)
      restore(next)
    case .clear:
      guard !characters.isEmpty else { return false }
      record(before, as: .none)
      characters = []
      cursor = 0
    case .replaceAll(let text):
      let clean = Array(Self.cleaned(text, allowsNewlines: allowsNewlines))
      let fitting = Array(clean.prefix(maximumLength))
      wasTruncated = fitting.count < clean.count
      guard fitting != characters else {
        move(to: characters.count)
        return before.cursor != cursor
      }
      record(before, as: .none)
      characters = fitting
      cursor = characters.count
    }
    return before.characters != characters || before.cursor != cursor
  }

  // MARK: - Editing

  private mutating func insert(_ text: String, grouping: Bool) {
    let clean = Array(Self.cleaned(text, allowsNewlines: allowsNewlines))
    guard !clean.isEmpty else { return }
    let room = max(0, maximumLength - characters.count)
    let fitting = clean.prefix(room)
    wasTruncated = fitting.count < clean.count
    guard !fitting.isEmpty else { return }
    let isTyping = grouping && fitting.count == 1 && fitting.first != "\n" && fitting.first != " "
    record(Snapshot(characters: characters, cursor: cursor), as: isTyping ? .typing : .none)
    let start = cursor
    characters.insert(contentsOf: fitting, at: cursor)
    cursor += fitting.count
    joinCharacters(at: cursor)
    joinCharacters(at: start)
  }

  /// Cuts a range into ``killed``, adding to it when the edit before was a kill too: after
  /// it for a kill forward, before it for a kill backward.
  private mutating func kill(_ range: Range<Int>, before: Snapshot, appending: Bool) {
    lastEditWasKill = true
    guard !range.isEmpty else { return }
    record(before, as: .none)
    let cut = String(characters[range])
    if !appending {
      killed = cut
    } else if range.lowerBound == cursor {
      killed += cut
    } else {
      killed = cut + killed
    }
    characters.removeSubrange(range)
    cursor = range.lowerBound
    joinCharacters(at: cursor)
  }

  /// Joins the characters on either side of `index` while they make one character together.
  ///
  /// An accent typed after its letter, or a lone regional indicator after another, joins
  /// it, so every element stays one character on screen. A cursor after them moves back
  /// with them; one between them ends up after the joined character.
  private mutating func joinCharacters(at index: Int) {
    while index > 0, index < characters.count {
      var joined = String(characters[index - 1])
      joined.append(characters[index])
      guard joined.count == 1, let single = joined.first else { return }
      characters[index - 1] = single
      characters.remove(at: index)
      if cursor > index { cursor -= 1 }
    }
  }

  private mutating func move(to offset: Int) {
    cursor = min(max(0, offset), characters.count)
    group = .none
  }

  /// Saves the state before a change of the text, unless the change continues a group of
  /// typing or deleting that is saved already.
  private mutating func record(_ snapshot: Snapshot, as kind: Group) {
    redoStack = []
    if kind != .none && kind == group { return }
    group = kind
    undoStack.append(snapshot)
    Self.trim(&undoStack)
  }

  /// Forgets the oldest saved states beyond ``undoLimit`` steps or ``undoCharacterLimit``
  /// characters, keeping the newest.
  private static func trim(_ stack: inout [Snapshot]) {
    if stack.count > undoLimit { stack.removeFirst(stack.count - undoLimit) }
    var total = 0
    var keep = stack.count
    while keep > 0 {
      total += stack[keep - 1].characters.count
      if total > undoCharacterLimit, keep < stack.count { break }
      keep -= 1
    }
    if keep > 0 { stack.removeFirst(keep) }
  }

  private mutating func restore(_ snapshot: Snapshot) {
    characters = snapshot.characters
    cursor = min(snapshot.cursor, characters.count)
    group = .none
  }

  // MARK: - Lines and words

  /// The offset of the start of the line holding `offset`.
  public func lineStart(of offset: Int) -> Int {
    var index = min(max(0, offset), characters.count)
    while index > 0, characters[index - 1] != "\n" { index -= 1 }
    return index
  }

  /// The offset of the end of the line holding `offset` (before its newline).
  public func lineEnd(of offset: Int) -> Int {
    var index = min(max(0, offset), characters.count)
    while index < characters.count, characters[index] != "\n" { index += 1 }
    return index
  }

  /// The characters from `start` to `end`, as a string.
  ///
  /// - Parameters:
  ///   - start: The first offset, clamped to the text.
  ///   - end: The offset after the last, clamped to the text.
  /// - Returns: The text between them.
  public func text(from start: Int, to end: Int) -> String {
    let lower = min(max(0, start), characters.count)
    let upper = min(max(lower, end), characters.count)
    return String(characters[lower..<upper])
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  private func wordStart(before offset: Int, spaceDelimited: Bool) -> Int {
    func isWord(_ character: Character) -> Bool {
      spaceDelimited ? !character.isWhitespace : Self.isWordCharacter(character)
    }
    var index = offset
    while index > 0, !isWord(characters[index - 1]) { index -= 1 }
    while index > 0, isWord(characters[index - 1]) { index -= 1 }
    return index
  }

  private func wordEnd(after offset: Int) -> Int {
    var index = offset
    while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
    while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
    return index
  }

  // MARK: - Making input safe

  /// Text as it may be inserted: controls as visible symbols, bidirectional overrides
  /// dropped, tabs as a space, newlines kept or made spaces.
  static func cleaned(_ text: String, allowsNewlines: Bool) -> String {
    guard text.unicodeScalars.contains(where: needsCleaning) else { return text }
    var output = String.UnicodeScalarView()
    var previousWasReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0A:
        if previousWasReturn { continue }
        output.append(allowsNewlines ? "\n" : " ")
      case 0x0D, 0x85, 0x2028, 0x2029: output.append(allowsNewlines ? "\n" : " ")
      case 0x09: output.append(" ")
      case 0x00..<0x20: output.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: output.append("\u{2421}")
      case 0x80..<0xA0: output.append("\u{FFFD}")
      case 0x202A...0x202E, 0x2066...0x2069: continue
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
