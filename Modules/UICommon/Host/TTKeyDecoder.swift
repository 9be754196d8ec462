import Three20Style

/// Turns the bytes a terminal sends into keys, mouse events, pastes and focus changes.
///
/// The decoder is a value with no side effects: feed it bytes as they are read with
/// ``decodeEvents(_:)-method`` (or ``decode(_:)-method`` for keys alone) and it returns every event they
/// complete. Bytes that may begin a longer sequence — a lone `ESC`, half an escape sequence,
/// the first bytes of a multi-byte UTF-8 character — are kept until the next call. A lone
/// `ESC` is ambiguous (the Escape key, or the start of an arrow key's `ESC [ A`), so the
/// caller waits a moment and, if nothing more arrives, calls ``flushEvents()`` to turn it
/// into ``TTKey/escape``. ``TTTerminalHost`` does this after
/// ``TTTerminalHost/escapeTimeout``.
///
/// What it understands:
///
/// | Bytes | Event |
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
/// | `ESC` then a key; a sequence with the Alt modifier (`ESC [ 1 ; 3 D`) | ``TTKey/alt(_:)`` |
/// | `ESC [ < b ; x ; y M` or `m` (SGR, mode 1006); `ESC [ M b x y` (X10) | ``TTInputEvent/mouse(_:)`` |
/// | `ESC [ 200 ~` text `ESC [ 201 ~` (bracketed paste, mode 2004) | ``TTInputEvent/paste(_:)`` |
/// | `ESC [ I`, `ESC [ O` (focus reporting, mode 1004) | ``TTInputEvent/focusIn``, ``TTInputEvent/focusOut`` |
///
/// Anything else is skipped without an event: unknown escape sequences, invalid UTF-8, C1
/// control characters, and sequences longer than 64 bytes. Between the paste markers every
/// byte is text — an Enter or an escape sequence in a paste never becomes a key. Memory stays
/// bounded whatever the input: a paste longer than ``maximumPasteLength`` is handed on in
/// pieces. Nothing traps.
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

  /// The most bytes of a paste held before they are handed on: 1 MiB.
  ///
  /// A longer paste arrives as several ``TTInputEvent/paste(_:)`` events, in order.
  public static let maximumPasteLength = 1 << 20

  /// What starts a bracketed paste.
  static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  /// What ends a bracketed paste.
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private var pending: [UInt8] = []
  /// Whether the bytes being read are inside a bracketed paste.
  private var pasting = false
  /// The paste read so far.
  private var paste: [UInt8] = []

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes are held back, waiting for more input or for ``flushEvents()``.
  ///
  /// When this is `true` after a decode, wait a short while for more bytes, then flush
  /// (``TTTerminalHost`` waits ``TTTerminalHost/escapeTimeout``, or
  /// ``TTTerminalHost/pasteTimeout`` inside a paste).
  public var hasPendingInput: Bool { !pending.isEmpty || pasting }

  /// Whether a bracketed paste has begun and not yet ended.
  public var isInsidePaste: Bool { pasting }

  /// Decodes bytes, returning every key they complete and keeping an unfinished tail.
  ///
  /// Mouse events, pastes and focus changes are read and dropped; use ``decodeEvents(_:)-method``
  /// to have them.
  ///
  /// - Parameter bytes: The bytes just read.
  /// - Returns: The keys, in order; empty when the bytes complete none.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [TTKey] {
    decodeEvents(bytes).compactMap(\.key)
  }

  /// Decodes bytes, returning every event they complete and keeping an unfinished tail.
  ///
  /// ```swift
  /// var decoder = TTKeyDecoder()
  /// decoder.decodeEvents(Array("\u{1B}[<64;3;4M".utf8))
  /// // [.mouse(TTMouseEvent(.scrollUp, button: .none, at: TTPoint(x: 2, y: 3)))]
  /// ```
  ///
  /// - Parameter bytes: The bytes just read.
  /// - Returns: The events, in order; empty when the bytes complete none.
  public mutating func decodeEvents(_ bytes: some Sequence<UInt8>) -> [TTInputEvent] {
    pending.append(contentsOf: bytes)
    return run(final: false)
  }

  /// Decodes whatever is held back as if no more input will follow, returning the keys.
  ///
  /// A lone `ESC` becomes ``TTKey/escape``; an unfinished escape sequence or UTF-8 character
  /// is dropped.
  ///
  /// - Returns: The keys; empty when nothing was pending.
  public mutating func flush() -> [TTKey] {
    flushEvents().compactMap(\.key)
  }

  /// Decodes whatever is held back as if no more input will follow.
  ///
  /// A lone `ESC` becomes ``TTKey/escape``; an unfinished escape sequence or UTF-8 character
  /// is dropped. A paste whose end marker never came ends here: what was read of it is handed
  /// on as a ``TTInputEvent/paste(_:)``, and the bytes after it are keys again.
  ///
  /// - Returns: The events; empty when nothing was pending.
  public mutating func flushEvents() -> [TTInputEvent] {
    run(final: true)
  }

  /// Decodes a complete piece of input in one go: ``decode(_:)-method`` then ``flush()``.
  ///
  /// ```swift
  /// TTKeyDecoder.decode(Array("q".utf8))   // [.character("q")]
  /// TTKeyDecoder.decode([0x1B])            // [.escape]
  /// ```
  ///
  /// - Parameter bytes: The input.
  /// - Returns: The keys.
  public static func decode(_ bytes: some Sequence<UInt8>) -> [TTKey] {
    decodeEvents(bytes).compactMap(\.key)
  }

  /// Decodes a complete piece of input in one go: ``decodeEvents(_:)-method`` then
  /// ``flushEvents()``.
  ///
  /// - Parameter bytes: The input.
  /// - Returns: The events.
  public static func decodeEvents(_ bytes: some Sequence<UInt8>) -> [TTInputEvent] {
    var decoder = TTKeyDecoder()
    return decoder.decodeEvents(bytes) + decoder.flushEvents()
  }

  /// What one step of decoding found at the front of the input.
  private enum Step {
    /// An event that took this many bytes.
    case event(TTInputEvent, length: Int)
    /// The start of a bracketed paste, this many bytes long.
    case beginPaste(length: Int)
    /// Bytes that make no event.
    case skip(length: Int)
    /// The start of something that needs more bytes.
    case incomplete

    static func key(_ key: TTKey, length: Int) -> Step { .event(.key(key), length: length) }
  }

  private mutating func run(final: Bool) -> [TTInputEvent] {
    var events: [TTInputEvent] = []
    var index = 0
    let bytes = pending
    while index < bytes.count {
      if pasting {
        index = readPaste(bytes, from: index, final: final, into: &events)
        if pasting { break }
        continue
      }
      switch step(bytes, at: index, final: final) {
      case .event(let event, let length):
        append(event, to: &events)
        index += max(1, length)
      case .beginPaste(let length):
        pasting = true
        paste = []
        index += length
      case .skip(let length):
        index += max(1, length)
      case .incomplete:
        pending = Array(bytes[index...])
        return events
      }
    }
    pending = index < bytes.count ? Array(bytes[index...]) : []
    if final && pasting {
      // The terminal went quiet inside a paste: hand on what came, and read keys again.
      pending = []
      pasting = false
      if !paste.isEmpty { events.append(.paste(Self.pasteText(paste))) }
      paste = []
    }
    return events
  }

  /// Reads paste bytes from `start` and returns where reading stopped.
  ///
  /// Ends the paste at its end marker; keeps a tail that may be the start of the marker (it
  /// stays pending).
  private mutating func readPaste(
    _ bytes: [UInt8], from start: Int, final: Bool, into events: inout [TTInputEvent]
  ) -> Int {
    var index = start
    let marker = Self.pasteEnd
    while index < bytes.count {
      if bytes[index] == 0x1B {
        let available = min(marker.count, bytes.count - index)
        if bytes[index..<(index + available)].elementsEqual(marker[0..<available]) {
          if available == marker.count {
            events.append(.paste(Self.pasteText(paste)))
            paste = []
            pasting = false
            return index + marker.count
          }
          // Maybe the start of the end marker: wait for the rest, unless none is coming.
          if !final { return index }
        }
      }
      paste.append(bytes[index])
      index += 1
      if paste.count >= Self.maximumPasteLength {
        // Cut after the last whole character, and not between CR and LF.
        var cut = paste.count
        var start = cut - 1
        while start > 0, cut - start < 4, paste[start] & 0xC0 == 0x80 { start -= 1 }
        let lead = paste[start]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if cut - start < length { cut = start }
        if cut > 1, paste[cut - 1] == 0x0D { cut -= 1 }
        if cut == 0 { cut = paste.count }
        events.append(.paste(Self.pasteText(Array(paste[0..<cut]))))
        paste = Array(paste[cut...])
      }
    }
    return index
  }

  /// The text of pasted bytes: invalid UTF-8 as U+FFFD, `CR LF` and `CR` as `LF`.
  static func pasteText(_ bytes: [UInt8]) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D {
        normalized.append(0x0A)
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
      } else {
        normalized.append(byte)
      }
      index += 1
    }
    return String(decoding: normalized, as: UTF8.self)
  }

  /// Adds an event, joining a combining mark to the character before it.
  private func append(_ event: TTInputEvent, to events: inout [TTInputEvent]) {
    if case .key(.character(let mark)) = event, case .key(.character(let base))? = events.last {
      let joined = String(base) + String(mark)
      if joined.count == 1, let character = joined.first {
        events[events.count - 1] = .key(.character(character))
        return
      }
    }
    events.append(event)
  }

  private func step(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    let byte = bytes[index]
    if byte == 0x1B { return escape(bytes, at: index, final: final) }
    if let key = Self.singleByteKey(byte) { return .key(key, length: 1) }
    return utf8(bytes, at: index, final: final)
  }

  /// The key of a byte that is a key on its own: C0 controls, DEL and printable ASCII.
  private static func singleByteKey(_ byte: UInt8) -> TTKey? {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x08, 0x7F: .backspace
    case 0x00: .control("@")
    case 0x01...0x1A: .control(Character(Unicode.Scalar(byte - 1 + 0x61)))
    case 0x1C: .control("\\")
    case 0x1D: .control("]")
    case 0x1E: .control("^")
    case 0x1F: .control("_")
    case 0x20...0x7E: .character(Character(Unicode.Scalar(byte)))
    default: nil
    }
  }

  private func escape(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    guard index + 1 < bytes.count else { return final ? .key(.escape, length: 1) : .incomplete }
    let next = bytes[index + 1]
    switch next {
    case UInt8(ascii: "["):
      return controlSequence(bytes, at: index, final: final)
    case UInt8(ascii: "O"):
      guard index + 2 < bytes.count else {
        // `ESC O` with nothing after it: Alt-O, or a cut-off sequence.
        return final ? .key(.alt(.character("O")), length: 2) : .incomplete
      }
      let finalByte = bytes[index + 2]
      guard (0x20...0x7E).contains(finalByte) else { return .key(.alt(.character("O")), length: 2) }
      // `ESC O M` is the keypad's Enter; the other finals are those `ESC [` shares.
      let key: TTKey? = finalByte == UInt8(ascii: "M") ? .enter : Self.cursorKey(finalByte)
      return key.map { .key($0, length: 3) } ?? .skip(length: 3)
    case 0x1B:
      // Escape pressed twice, or Escape before a sequence: the first is the Escape key.
      return .key(.escape, length: 1)
    default:
      // ESC then a key: Alt-key, as terminals send it.
      if let key = Self.singleByteKey(next) { return .key(.alt(key), length: 2) }
      switch utf8(bytes, at: index + 1, final: final) {
      case .event(.key(let key), let length): return .key(.alt(key), length: length + 1)
      case .incomplete: return .incomplete
      case .event, .beginPaste, .skip: return .key(.escape, length: 1)
      }
    }
  }

  /// `ESC [` parameters, intermediates, final byte.
  private func controlSequence(_ bytes: [UInt8], at index: Int, final: Bool) -> Step {
    // X10 mouse: `ESC [ M` and three bytes, each a value plus 32.
    if index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "M") {
      guard index + 5 < bytes.count else { return final ? .skip(length: bytes.count - index) : .incomplete }
      let event = Self.mouseEvent(
        code: Int(bytes[index + 3]) - 32, x: Int(bytes[index + 4]) - 32, y: Int(bytes[index + 5]) - 32,
        release: false, x10: true)
      return event.map { .event(.mouse($0), length: 6) } ?? .skip(length: 6)
    }
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
    if parameterBytes.first == UInt8(ascii: "<") {
      return sgrMouse(parameterBytes.dropFirst(), final: finalByte, length: length)
    }
    // Other private sequences (`ESC [ ? …`) and intermediates are never keys.
    guard parameterBytes.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .skip(length: length) }
    let parameters = String(decoding: parameterBytes, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false)
    let first = parameters.first.flatMap { Int($0) }
    if parameterBytes.isEmpty {
      if finalByte == UInt8(ascii: "I") { return .event(.focusIn, length: length) }
      if finalByte == UInt8(ascii: "O") { return .event(.focusOut, length: length) }
    }
    if finalByte == UInt8(ascii: "~"), first == 200, parameters.count == 1 {
      return .beginPaste(length: length)
    }
    let key: TTKey? =
      switch finalByte {
      case UInt8(ascii: "Z"): .backTab
      case UInt8(ascii: "~"): Self.tildeKey(first)
      default: Self.cursorKey(finalByte)
      }
    guard let key else { return .skip(length: length) }
    // The modifier parameter is 1 plus a bit mask: 1 Shift, 2 Alt, 4 Control.
    let modifier = parameters.count > 1 ? Int(parameters[1]) ?? 1 : 1
    let withAlt = modifier > 1 && (modifier - 1) & 2 != 0
    return .key(withAlt ? .alt(key) : key, length: length)
  }

  /// An SGR mouse report: `ESC [ < b ; x ; y` then `M` (press, drag, wheel) or `m` (release).
  private func sgrMouse(_ parameters: ArraySlice<UInt8>, final: UInt8, length: Int) -> Step {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
      parameters.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") })
    else { return .skip(length: length) }
    let numbers = String(decoding: parameters, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false
    ).map { Int($0) }
    guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2] else {
      return .skip(length: length)
    }
    let event = Self.mouseEvent(code: code, x: x, y: y, release: final == UInt8(ascii: "m"), x10: false)
    return event.map { .event(.mouse($0), length: length) } ?? .skip(length: length)
  }

  /// The event of a mouse report's button code and 1-based position, or `nil` for codes
  /// that mean nothing here (extra buttons, motion without a button).
  static func mouseEvent(code: Int, x: Int, y: Int, release: Bool, x10: Bool) -> TTMouseEvent? {
    guard code >= 0, x >= 1, y >= 1 else { return nil }
    var modifiers: TTMouseEvent.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let position = TTPoint(x: x - 1, y: y - 1)
    let low = code & 3
    if code & 128 != 0 { return nil }
    if code & 64 != 0 {
      let actions: [TTMouseEvent.Action] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
      guard !release else { return nil }
      return TTMouseEvent(actions[low], button: .none, at: position, modifiers: modifiers)
    }
    let buttons: [TTMouseEvent.Button] = [.left, .middle, .right, .none]
    let button = buttons[low]
    if code & 32 != 0 {
      // Motion: with a button held it is a drag; without one (mode 1003) it is not asked for.
      guard button != .none, !release else { return nil }
      return TTMouseEvent(.drag, button: button, at: position, modifiers: modifiers)
    }
    // X10 reports every release as button 3; SGR names the button and ends with `m`.
    if x10 && low == 3 { return TTMouseEvent(.release, button: .none, at: position, modifiers: modifiers) }
    guard button != .none else { return nil }
    return TTMouseEvent(release ? .release : .press, button: button, at: position, modifiers: modifiers)
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
