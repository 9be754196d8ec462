/// Finds the markup in HTML or XML held as UTF-8 bytes, for the markup stripper and the HTML
/// sanitizer.
///
/// It answers one question, "what does the `<` at this index start?", and finds where the text
/// of a `script`-like element ends. It never gives up: a `<` that starts nothing it knows, or
/// whose markup is never closed, is text. Every search either consumes what it scanned or is
/// remembered, so scanning a whole input from left to right is linear in its length.
struct TTHTMLScanner {
  /// What a `<` turned out to start.
  enum Markup {
    /// A start or end tag, with its lowercased name, the bytes between the name and the closing
    /// `>` (its attributes), and the index just past the `>`.
    ///
    /// `isSelfClosing` says whether a `/` comes right before the `>`, as the markup stripper
    /// reads it; the sanitizer reads the attributes itself to decide.
    case tag(name: String, isEnd: Bool, attributes: Range<Int>, isSelfClosing: Bool, end: Int)
    /// A comment, declaration or processing instruction, ending before `end`.
    case ignored(end: Int)
    /// A CDATA section whose text is `content`, ending before `end`.
    case cdata(content: Range<Int>, end: Int)
  }

  /// Finds a byte pattern, remembering the last answer so that repeated searches from
  /// increasing positions scan each byte at most once.
  private struct ForwardSearch {
    let pattern: [UInt8]
    private var lastFound: Int?
    private var lastStart = Int.max
    private var absentFrom = Int.max

    init(_ pattern: String) {
      self.pattern = Array(pattern.utf8)
    }

    /// The first index at or after `start` where the pattern begins, or `nil`.
    mutating func first(in input: [UInt8], from start: Int) -> Int? {
      if start >= absentFrom { return nil }
      if let found = lastFound, lastStart <= start, found >= start { return found }
      lastStart = start
      let first = pattern[0]
      var index = start
      while index + pattern.count <= input.count {
        if input[index] == first && input[index..<index + pattern.count].elementsEqual(pattern) {
          lastFound = index
          return index
        }
        index += 1
      }
      absentFrom = start
      return nil
    }
  }

  /// The input, as UTF-8.
  let input: [UInt8]
  /// Whether quotes in tags are honoured; turned off for good after one never closes.
  private var honoursQuotes = true
  private var tagClose = ForwardSearch(">")
  private var commentClose = ForwardSearch("-->")
  private var cdataClose = ForwardSearch("]]>")
  private var endTagOpen = ForwardSearch("</")

  init(_ string: String) {
    input = Array(string.utf8)
  }

  /// The next piece of markup at or after `index`, with the place of its `<`, or `nil` when
  /// the rest of the input is text.
  ///
  /// A `<` that starts nothing (``markup(at:)`` says `nil`) is skipped as text. The callers'
  /// loop is: write the text up to `open`, handle the markup, go on where it ends.
  mutating func nextMarkup(from index: Int) -> (open: Int, markup: Markup)? {
    let count = input.count
    var index = index
    while index < count {
      guard let open = input[index..<count].firstIndex(of: UInt8(ascii: "<")) else { return nil }
      if let markup = markup(at: open) { return (open, markup) }
      index = open + 1
    }
    return nil
  }

  /// What the `<` at `open` starts, or `nil` when it is plain text.
  ///
  /// A `<` followed by a letter starts a tag, `</` and a letter an end tag; `<!--` a comment,
  /// `<![CDATA[` a CDATA section, and any other `<!` or `<?` a declaration or processing
  /// instruction that ends at the next `>`. Markup that is never closed is text.
  mutating func markup(at open: Int) -> Markup? {
    let count = input.count
    guard open + 1 < count else { return nil }
    let next = input[open + 1]
    if Self.isLetter(next) {
      return tag(nameStart: open + 1, isEnd: false)
    }
    if next == UInt8(ascii: "/") {
      guard open + 2 < count, Self.isLetter(input[open + 2]) else { return nil }
      return tag(nameStart: open + 2, isEnd: true)
    }
    if next == UInt8(ascii: "!") {
      if hasPrefix("<!--", at: open) {
        // Searching from the `--` of `<!--` also accepts the empty comments `<!-->` and `<!--->`.
        guard let close = commentClose.first(in: input, from: open + 2) else { return nil }
        return .ignored(end: close + 3)
      }
      if hasPrefix("<![CDATA[", at: open) {
        let contentStart = open + 9
        guard let close = cdataClose.first(in: input, from: contentStart) else { return nil }
        return .cdata(content: contentStart..<close, end: close + 3)
      }
    }
    if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      guard let close = tagClose.first(in: input, from: open + 2) else { return nil }
      return .ignored(end: close + 1)
    }
    return nil
  }

  /// Reads a tag whose name starts at `nameStart`, or returns `nil` if it never ends.
  private mutating func tag(nameStart: Int, isEnd: Bool) -> Markup? {
    let count = input.count
    var nameEnd = nameStart
    while nameEnd < count && Self.isNameByte(input[nameEnd]) { nameEnd += 1 }
    guard let close = closeOfTag(from: nameEnd) else { return nil }
    let name = String(decoding: input[nameStart..<nameEnd], as: UTF8.self).lowercased()
    let isSelfClosing = close > nameEnd && input[close - 1] == UInt8(ascii: "/")
    return .tag(
      name: name, isEnd: isEnd, attributes: nameEnd..<close, isSelfClosing: isSelfClosing, end: close + 1)
  }

  /// The index of the `>` that closes a tag, skipping quoted attribute values; `nil` if none.
  ///
  /// A quote opens a value only right after `=` (spaces allowed between), as in HTML. If a
  /// quoted value never closes, quotes cannot be trusted in this input: the tag ends at the
  /// first `>`, and later tags ignore quotes too. That keeps the scan linear.
  private mutating func closeOfTag(from start: Int) -> Int? {
    if honoursQuotes {
      var quote: UInt8?
      var afterEquals = false
      var index = start
      while index < input.count {
        let byte = input[index]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: ">") {
          return index
        } else if afterEquals && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
          quote = byte
          afterEquals = false
        } else if byte == UInt8(ascii: "=") {
          afterEquals = true
        } else if !Self.isSpace(byte) {
          afterEquals = false
        }
        index += 1
      }
      honoursQuotes = false
    }
    return tagClose.first(in: input, from: start)
  }

  /// The index just past the end tag of a `script`-like element whose contents start at
  /// `start`; the end of the input when the element is never closed.
  ///
  /// The contents end at the first `</name` (any case) followed by a space, `/`, `>` or the end
  /// of the input, whatever comes before it: quotes and comments do not hide it.
  mutating func endOfRawText(named name: String, from start: Int) -> Int {
    let count = input.count
    let nameBytes = Array(name.utf8)
    var searchFrom = start
    while let open = endTagOpen.first(in: input, from: searchFrom) {
      let nameStart = open + 2
      let nameEnd = nameStart + nameBytes.count
      searchFrom = open + 1
      guard nameEnd <= count,
        zip(input[nameStart..<nameEnd], nameBytes).allSatisfy({ Self.lowercased($0) == $1 })
      else { continue }
      guard
        nameEnd == count || Self.isSpace(input[nameEnd]) || input[nameEnd] == UInt8(ascii: "/")
          || input[nameEnd] == UInt8(ascii: ">")
      else { continue }
      return tagClose.first(in: input, from: nameEnd).map { $0 + 1 } ?? count
    }
    return count
  }

  private func hasPrefix(_ prefix: String, at index: Int) -> Bool {
    let bytes = prefix.utf8
    guard index + bytes.count <= input.count else { return false }
    return input[index..<index + bytes.count].elementsEqual(bytes)
  }

  /// Whether a byte is an ASCII letter.
  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// Whether a byte may be part of a tag name: a letter, a digit, `-`, `:` or `_`.
  static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
  }

  /// Whether a byte is HTML white space: space, tab, line feed, form feed or carriage return.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r") || byte == 0x0C
  }

  /// An ASCII upper-case letter in lower case; any other byte as it is.
  static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }
}
