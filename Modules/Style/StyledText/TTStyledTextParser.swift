import Three20Core

/// Reads XHTML, or plain text, into a tree of ``TTStyledNode``s (Three20's `TTStyledTextParser`).
///
/// A hand-written scanner over UTF-8 bytes: linear in the input, with an explicit stack of open
/// elements (no recursion), so hostile input cannot exhaust time or the call stack. See
/// ``TTStyledText/init(xhtml:lineBreaks:urls:mode:maximumDepth:width:)`` for the rules.
struct TTStyledTextParser {
  private let bytes: [UInt8]
  private let parsesLineBreaks: Bool
  private let parsesURLs: Bool
  private let mode: TTStyledText.ParsingMode
  /// How deeply elements may nest.
  private let maximumDepth: Int
  private var index = 0
  /// The elements being built, without their children: the root first, the innermost last.
  private var nodes: [TTStyledNode] = [TTStyledNode(.root)]
  /// The children found so far of each element in `nodes`; a node gets them when it closes.
  private var children: [[TTStyledNode]] = [[]]
  /// The open start tags, outermost first, including those that have no node.
  private var open: [OpenElement] = []
  /// How many elements of each name are open, so a stray end tag is found in O(1).
  private var openCounts: [String: Int] = [:]
  private var linkDepth = 0
  private var pendingText: [UInt8] = []

  private struct OpenElement {
    /// The tag name, lowercased.
    var name: String
    /// The byte offset of its `<`.
    var start: Int
    /// Whether it has a node in `nodes`: unknown elements (strict mode) and elements nested
    /// beyond the depth limit (lenient mode) have none.
    var hasNode: Bool
    var isLink: Bool
  }

  private init(
    bytes: [UInt8], lineBreaks: Bool, urls: Bool, mode: TTStyledText.ParsingMode,
    maximumDepth: Int = TTStyledText.maximumDepth
  ) {
    self.bytes = bytes
    parsesLineBreaks = lineBreaks
    parsesURLs = urls
    self.mode = mode
    self.maximumDepth = maximumDepth
  }

  /// Parses XHTML into a root node, with elements nested at most `maximumDepth` deep.
  static func parse(
    xhtml: String, lineBreaks: Bool, urls: Bool, mode: TTStyledText.ParsingMode, maximumDepth: Int
  ) throws(TTStyleError) -> TTStyledNode {
    var parser = TTStyledTextParser(
      bytes: Array(xhtml.utf8), lineBreaks: lineBreaks, urls: urls, mode: mode, maximumDepth: maximumDepth)
    try parser.run()
    return parser.root
  }

  /// Parses plain text into a root node.
  static func parse(text: String, lineBreaks: Bool, urls: Bool) -> TTStyledNode {
    var parser = TTStyledTextParser(bytes: [], lineBreaks: lineBreaks, urls: urls, mode: .lenient)
    parser.appendText(TTTerminalText.sanitized(text, keepingNewlines: true))
    return parser.root
  }

  // MARK: - Scanning

  private mutating func run() throws(TTStyleError) {
    while index < bytes.count {
      let tagStart = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
      TTHTMLEntities.decode(bytes[index..<tagStart], into: &pendingText)
      index = tagStart
      if index < bytes.count { try markup() }
    }
    flushText()
    if mode == .strict, let innermost = open.last {
      throw error(
        "<\(innermost.name)> is never closed; add </\(innermost.name)> before the end of the text",
        at: innermost.start)
    }
    while !open.isEmpty { closeInnermost() }
  }

  /// Reads the markup starting at the `<` at `index`.
  private mutating func markup() throws(TTStyleError) {
    let start = index
    let next = byte(at: start + 1)
    if next == UInt8(ascii: "!") {
      if hasPrefix("<!--", at: start) {
        guard let end = find("-->", from: start + 4) else {
          return try unterminated("comment is not terminated: no '-->' before the end of the text", at: start)
        }
        index = end + 3
      } else if hasPrefix("<![CDATA[", at: start) {
        guard let end = find("]]>", from: start + 9) else {
          return try unterminated(
            "CDATA section is not terminated: no ']]>' before the end of the text", at: start)
        }
        pendingText.append(contentsOf: bytes[(start + 9)..<end])
        index = end + 3
      } else {
        guard let end = find(">", from: start + 2) else {
          return try unterminated(
            "declaration is not terminated: no '>' before the end of the text", at: start)
        }
        index = end + 1
      }
    } else if next == UInt8(ascii: "?") {
      guard let end = find(">", from: start + 2) else {
        return try unterminated(
          "processing instruction is not terminated: no '>' before the end of the text", at: start)
      }
      index = end + 1
    } else if next == UInt8(ascii: "/"), let first = byte(at: start + 2), isLetter(first) {
      try endTag(at: start)
    } else if let first = next, isLetter(first) {
      try startTag(at: start)
    } else {
      if mode == .strict {
        throw error("'<' does not start a tag; write &lt; for a literal '<'", at: start)
      }
      pendingText.append(UInt8(ascii: "<"))
      index = start + 1
    }
  }

  private mutating func startTag(at start: Int) throws(TTStyleError) {
    index = start + 1
    let name = readName()
    var attributes: [(name: String, value: String)] = []
    var selfClosing = false
    while true {
      skipWhitespace()
      guard let current = byte(at: index) else {
        return try unterminated(
          "tag <\(name) is not terminated: no '>' before the end of the text", at: start)
      }
      if current == UInt8(ascii: ">") {
        index += 1
        break
      }
      if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: ">") {
        index += 2
        selfClosing = true
        break
      }
      guard isAttributeNameByte(current) else {
        if mode == .strict {
          throw error(
            "unexpected character '\(character(at: index))' in tag <\(name)>; write attributes as name=\"value\"",
            at: index)
        }
        index += 1
        continue
      }
      let nameStart = index
      while let byte = byte(at: index), isAttributeNameByte(byte) { index += 1 }
      let attributeName = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
      skipWhitespace()
      var value = ""
      if byte(at: index) == UInt8(ascii: "=") {
        index += 1
        skipWhitespace()
        guard let first = byte(at: index) else { continue }  // reported as an unterminated tag
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
          guard let close = bytes[(index + 1)...].firstIndex(of: first) else {
            return try unterminated(
              "attribute value is not terminated: no closing \(Character(Unicode.Scalar(first))) "
                + "before the end of the text", at: start, reportedAt: index)
          }
          value = decoded(bytes[(index + 1)..<close])
          index = close + 1
        } else if first == UInt8(ascii: ">") {
          if mode == .strict {
            throw error(
              "attribute '\(attributeName)' in tag <\(name)> has '=' but no value; write \(attributeName)=\"…\"",
              at: index)
          }
        } else {
          let valueStart = index
          while let byte = byte(at: index), !isWhitespace(byte), byte != UInt8(ascii: ">") { index += 1 }
          value = decoded(bytes[valueStart..<index])
        }
      }
      if !attributes.contains(where: { $0.name == attributeName }) {
        attributes.append((attributeName, value))
      }
    }
    try openElement(name.lowercased(), attributes: attributes, selfClosing: selfClosing, at: start)
  }

  private mutating func endTag(at start: Int) throws(TTStyleError) {
    index = start + 2
    let name = readName()
    skipWhitespace()
    if byte(at: index) != UInt8(ascii: ">") {
      if index >= bytes.count {
        return try unterminated(
          "tag </\(name) is not terminated: no '>' before the end of the text", at: start)
      }
      if mode == .strict {
        throw error(
          "unexpected character '\(character(at: index))' in end tag </\(name)>; end tags have no attributes",
          at: index)
      }
      guard let end = find(">", from: index) else {
        return try unterminated("", at: start)
      }
      index = end
    }
    index += 1
    try closeElement(name.lowercased(), at: start)
  }

  /// Handles markup that runs to the end of the text: an error when strict, otherwise the
  /// rest of the input is kept as text.
  ///
  /// - Parameters:
  ///   - message: The strict-mode error.
  ///   - start: Where the markup starts: the text kept starts here.
  ///   - reported: Where the error points; `start` by default.
  private mutating func unterminated(
    _ message: String, at start: Int, reportedAt reported: Int? = nil
  ) throws(TTStyleError) {
    if mode == .strict { throw error(message, at: reported ?? start) }
    TTHTMLEntities.decode(bytes[start...], into: &pendingText)
    index = bytes.count
  }

  // MARK: - Building the tree

  private mutating func openElement(
    _ name: String, attributes: [(name: String, value: String)], selfClosing: Bool, at start: Int
  ) throws(TTStyleError) {
    flushText()
    func attribute(_ key: String) -> String? {
      attributes.first { $0.name == key }?.value
    }
    let className = attribute("class").flatMap { $0.isEmpty ? nil : $0 }
    let kind: TTStyledNode.Kind?
    switch name {
    case "br":
      append(TTStyledNode(.lineBreak, className: className))
      return
    case "img":
      let alternateText = attribute("alt").map { TTTerminalText.sanitized($0) }
      let image = TTStyledNode.Image(
        url: attribute("src") ?? "", alternateText: alternateText,
        width: attribute("width").flatMap { Int($0) }, height: attribute("height").flatMap { Int($0) })
      append(TTStyledNode(.image(image), className: className))
      return
    case "span": kind = .inline
    case "div": kind = .division
    case "p": kind = .paragraph
    case "b", "strong": kind = .bold
    case "i", "em": kind = .italic
    case "u": kind = .underline
    case "code": kind = .code
    case "a":
      if let href = attribute("href"), !href.isEmpty { kind = .link(href) } else { kind = .inline }
    default: kind = nil
    }
    if selfClosing {
      if let kind { append(TTStyledNode(kind, className: className)) }
      return
    }
    guard let kind else {
      // Unknown elements are dropped, their content kept. Strict mode still checks that they nest.
      if mode == .strict { try push(OpenElement(name: name, start: start, hasNode: false, isLink: false)) }
      return
    }
    let isLink = if case .link = kind { true } else { false }
    if mode == .lenient, nodes.count > maximumDepth {
      // Too deep: flatten. The tag is remembered so that its end tag closes nothing else.
      try push(OpenElement(name: name, start: start, hasNode: false, isLink: false))
      return
    }
    try push(OpenElement(name: name, start: start, hasNode: true, isLink: isLink))
    nodes.append(TTStyledNode(kind, className: className))
    children.append([])
    if isLink { linkDepth += 1 }
  }

  private mutating func push(_ element: OpenElement) throws(TTStyleError) {
    if mode == .strict, open.count >= maximumDepth {
      throw error(
        "elements are nested more than \(maximumDepth) deep at <\(element.name)>; "
          + "flatten the markup, parse it leniently, or raise the limit (maximumDepth:)", at: element.start)
    }
    open.append(element)
    openCounts[element.name, default: 0] += 1
  }

  private mutating func closeElement(_ name: String, at start: Int) throws(TTStyleError) {
    flushText()
    if name == "br" || name == "img" { return }  // Void elements: `<br></br>` is fine.
    switch mode {
    case .strict:
      guard let innermost = open.last else {
        throw error(
          "end tag </\(name)> has no matching start tag; remove it or add <\(name)> before it", at: start)
      }
      guard innermost.name == name else {
        throw error(
          "mismatched end tag </\(name)>: <\(innermost.name)> opened at \(position(of: innermost.start)) "
            + "is still open; close it with </\(innermost.name)> first", at: start)
      }
      closeInnermost()
    case .lenient:
      // A stray end tag is ignored (Three20 closed the enclosing element instead); one that
      // matches an open element closes it and everything opened inside it.
      guard openCounts[name, default: 0] > 0 else { return }
      while let innermost = open.last {
        closeInnermost()
        if innermost.name == name { break }
      }
    }
  }

  private mutating func closeInnermost() {
    guard let element = open.popLast() else { return }
    openCounts[element.name, default: 1] -= 1
    guard element.hasNode, nodes.count > 1 else { return }
    let built = nodes.removeLast()
    let node = TTStyledNode(built.kind, className: built.className, children: children.removeLast())
    if element.isLink { linkDepth -= 1 }
    children[children.count - 1].append(node)
  }

  private mutating func append(_ node: TTStyledNode) {
    children[children.count - 1].append(node)
  }

  /// The root with its children, once every element is closed.
  private var root: TTStyledNode {
    TTStyledNode(.root, children: children[0])
  }

  private mutating func flushText() {
    guard !pendingText.isEmpty else { return }
    let text = String(decoding: pendingText, as: UTF8.self)
    pendingText.removeAll(keepingCapacity: true)
    appendText(TTTerminalText.sanitized(text, keepingNewlines: true))
  }

  /// Appends sanitised text, turning newlines into line breaks and URLs into links as asked.
  private mutating func appendText(_ text: String) {
    guard parsesLineBreaks else { return appendLine(text) }
    var first = true
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !first { append(.lineBreak) }
      first = false
      appendLine(String(line))
    }
  }

  private mutating func appendLine(_ text: String) {
    guard !text.isEmpty else { return }
    guard parsesURLs, linkDepth == 0 else { return append(.text(text)) }
    for piece in TTStyledTextURLDetector.pieces(of: text) {
      switch piece {
      case .text(let text): append(.text(text))
      case .url(let url): append(TTStyledNode(.link(url), children: [.text(url)]))
      }
    }
  }

  // MARK: - Bytes

  private func byte(at offset: Int) -> UInt8? {
    offset >= 0 && offset < bytes.count ? bytes[offset] : nil
  }

  private func hasPrefix(_ prefix: String, at offset: Int) -> Bool {
    var position = offset
    for expected in prefix.utf8 {
      guard byte(at: position) == expected else { return false }
      position += 1
    }
    return true
  }

  /// The offset of the next occurrence of `pattern` (a few ASCII bytes) at or after `offset`.
  private func find(_ pattern: String, from offset: Int) -> Int? {
    let pattern = Array(pattern.utf8)
    guard let first = pattern.first, offset < bytes.count else { return nil }
    var position = offset
    while let candidate = bytes[position...].firstIndex(of: first) {
      if hasPrefix(pattern, at: candidate) { return candidate }
      position = candidate + 1
      if position >= bytes.count { break }
    }
    return nil
  }

  private func hasPrefix(_ pattern: [UInt8], at offset: Int) -> Bool {
    guard offset + pattern.count <= bytes.count else { return false }
    for (delta, expected) in pattern.enumerated() where bytes[offset + delta] != expected { return false }
    return true
  }

  private mutating func readName() -> String {
    let start = index
    while let byte = byte(at: index),
      isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func skipWhitespace() {
    while let byte = byte(at: index), isWhitespace(byte) { index += 1 }
  }

  private func decoded(_ slice: ArraySlice<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(slice.count)
    TTHTMLEntities.decode(slice, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// The character at a byte offset, made safe to show in a message.
  private func character(at offset: Int) -> String {
    let text = String(decoding: bytes[offset..<min(bytes.count, offset + 4)], as: UTF8.self)
    let character = text.first.map { String($0) } ?? "?"
    let safe = TTTerminalText.sanitized(character)
    return safe.isEmpty ? "?" : safe
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  private func isAttributeNameByte(_ byte: UInt8) -> Bool {
    !isWhitespace(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "=")
      && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "<")
      && byte >= 0x20 && byte != 0x7F
  }

  // MARK: - Errors

  /// `line:column` of a byte offset, both from 1; the column counts characters.
  private func position(of offset: Int) -> String {
    let (line, lineStart) = lineInfo(of: offset)
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    return "\(line):\(column)"
  }

  private func lineInfo(of offset: Int) -> (line: Int, start: Int) {
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return (line, lineStart)
  }

  /// A compiler-style error: `line:column: error: message`, the line, and a caret under the column.
  ///
  /// The line is sanitised, and cut to about 40 columns either side of the caret with `…`.
  private func error(_ message: String, at offset: Int) -> TTStyleError {
    let (_, lineStart) = lineInfo(of: offset)
    let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
    let before = TTTerminalText.sanitized(String(decoding: bytes[lineStart..<offset], as: UTF8.self))
    let after = TTTerminalText.sanitized(String(decoding: bytes[offset..<lineEnd], as: UTF8.self))
    let context = 40
    let shownBefore =
      TTDisplayWidth.of(before) > context
      ? "…" + TTDisplayWidth.suffix(before, fitting: context - 1) : before
    let shownAfter = TTDisplayWidth.truncate(after, to: context)
    let caret = String(repeating: " ", count: TTDisplayWidth.of(shownBefore)) + "^"
    return TTStyleError(
      .invalidMarkup, "\(position(of: offset)): error: \(message)\n\(shownBefore)\(shownAfter)\n\(caret)")
  }
}
