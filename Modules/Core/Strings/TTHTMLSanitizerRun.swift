import Foundation

/// One call of ``TTHTMLSanitizer/sanitize(_:baseURL:)``: reads the input with ``TTHTMLScanner``
/// and writes the sanitized HTML, keeping the open elements on an explicit stack.
///
/// Every operation on the stack is O(1) or pops what it walks over, so the whole run is linear
/// in the length of the input whatever the depth limit: the topmost open element of each name
/// and the topmost scope boundary (`table`, `td`, `th`, `caption`) are kept in lists beside the
/// stack, rather than found by searching it.
struct TTHTMLSanitizerRun {
  let policy: TTHTMLSanitizer.Policy
  let baseURL: URL?
  private var scanner: TTHTMLScanner
  private(set) var output: [UInt8] = []
  private var scratch: [UInt8] = []

  /// The names of the elements written out and not yet closed, outermost first.
  private var stack: [String] = []
  /// For each name, the indices in ``stack`` where it is open, innermost last.
  private var openIndices: [String: [Int]] = [:]
  /// The indices in ``stack`` of open scope boundaries, innermost last.
  private var boundaryIndices: [Int] = []
  /// For each name, how many of its start tags were unwrapped for being too deep and still wait
  /// for their end tags, which are dropped too.
  private var overflow: [String: Int] = [:]
  /// The element being dropped with its content, and how many of its start tags are open.
  private var dropped: (name: String, count: Int)?

  /// Elements that close an open `p` when they start, as HTML does.
  private static let closesParagraph: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div",
    "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "hr", "main", "menu",
    "nav", "ol", "p", "pre", "listing", "section", "summary", "table", "ul", "h1", "h2", "h3",
    "h4", "h5", "h6", "li", "dd", "dt",
  ]

  private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

  /// Elements an end tag cannot close across, unless it belongs to the table structure itself.
  private static let scopeBoundaries: Set<String> = ["table", "td", "th", "caption"]

  /// End tags that close across cells: they belong to the innermost table.
  private static let tableStructure: Set<String> = [
    "table", "caption", "colgroup", "thead", "tbody", "tfoot", "tr", "td", "th",
  ]

  /// Foreign elements, in which `/>` closes an element as in XML.
  private static let foreignElements: Set<String> = ["svg", "math"]

  init(_ html: String, policy: TTHTMLSanitizer.Policy, baseURL: URL?) {
    scanner = TTHTMLScanner(html)
    self.policy = policy
    self.baseURL = baseURL
    output.reserveCapacity(scanner.input.count + scanner.input.count / 8)
  }

  /// Runs through the input and returns the output.
  mutating func sanitize() -> String {
    var textStart = 0
    while let (open, markup) = scanner.nextMarkup(from: textStart) {
      writeText(textStart..<open)
      switch markup {
      case .ignored(let end), .cdata(_, let end):
        textStart = end
      case .tag(let name, let isEnd, let attributes, _, let end):
        textStart = isEnd ? endTag(name, end: end) : startTag(name, attributes: attributes, end: end)
      }
    }
    writeText(textStart..<scanner.input.count)
    popElements(downTo: 0)
    return String(decoding: output, as: UTF8.self)
  }

  // MARK: - Tags

  /// Handles a start tag whose `>` ends just before `end`; returns where the input continues.
  private mutating func startTag(_ name: String, attributes: Range<Int>, end: Int) -> Int {
    if TTHTMLSanitizer.rawTextElements.contains(name) {
      return name == "plaintext" ? scanner.input.count : scanner.endOfRawText(named: name, from: end)
    }
    if var dropping = dropped {
      if name == dropping.name && !isSelfClosingForeign(name, attributes: attributes) {
        dropping.count += 1
        dropped = dropping
      } else if dropping.name == "head" && name == "body" {
        dropped = nil  // a document's body ends its head, even without `</head>`
      }
      return end
    }
    if TTHTMLSanitizer.droppedElements.contains(name) {
      if !isSelfClosingForeign(name, attributes: attributes) { dropped = (name, 1) }
      return end
    }
    closeImpliedElements(before: name)
    guard policy.allowsElement(name) else { return end }
    let isVoid = TTHTMLSanitizer.voidElements.contains(name)
    guard stack.count < policy.maximumDepth else {
      if !isVoid { overflow[name, default: 0] += 1 }
      return end
    }
    writeStartTag(name, attributes: attributes)
    if !isVoid { push(name) }
    return end
  }

  /// Handles an end tag; returns where the input continues.
  private mutating func endTag(_ name: String, end: Int) -> Int {
    if var dropping = dropped {
      if name == dropping.name {
        dropping.count -= 1
        dropped = dropping.count == 0 ? nil : dropping
      }
      return end
    }
    if name == "br" {  // `</br>` is a line break in HTML
      return startTag("br", attributes: end..<end, end: end)
    }
    if let waiting = overflow[name], waiting > 0 {
      overflow[name] = waiting - 1
      return end
    }
    guard let index = openIndices[name]?.last else { return end }  // nothing to close
    if Self.tableStructure.contains(name) {
      // A table's end tags do not reach into an outer table.
      if name != "table", let table = openIndices["table"]?.last, table > index { return end }
    } else if let boundary = boundaryIndices.last, boundary > index {
      return end  // `</b>` inside a cell does not close the `b` around the table
    }
    popElements(downTo: index)
    return end
  }

  /// Whether a start tag of `svg` or `math` ends in `/>`, which closes it at once.
  private func isSelfClosingForeign(_ name: String, attributes: Range<Int>) -> Bool {
    Self.foreignElements.contains(name) && TTHTMLSanitizerAttributes.endsWithSlash(scanner.input, attributes)
  }

  /// Closes the open elements a start tag of `name` cannot nest in, as HTML's tree builder does.
  private mutating func closeImpliedElements(before name: String) {
    let innerBoundary = boundaryIndices.last ?? -1
    if Self.closesParagraph.contains(name), let paragraph = openIndices["p"]?.last, paragraph > innerBoundary
    {
      popElements(downTo: paragraph)
    }
    switch name {
    case "li":
      let list = max(innermost("ul"), innermost("ol"), innerBoundary)
      if let item = openIndices["li"]?.last, item > list { popElements(downTo: item) }
    case "dt", "dd":
      let list = max(innermost("dl"), innerBoundary)
      let item = max(innermost("dt"), innermost("dd"))
      if item > list { popElements(downTo: item) }
    case "a":
      if let link = openIndices["a"]?.last, link > innerBoundary { popElements(downTo: link) }
    case "h1", "h2", "h3", "h4", "h5", "h6":
      if let current = stack.last, Self.headings.contains(current) { popElements(downTo: stack.count - 1) }
    case "td", "th":
      closeInnermostTable(["td", "th"])
    case "tr":
      closeInnermostTable(["tr", "td", "th"])
    case "thead", "tbody", "tfoot", "caption", "colgroup":
      closeInnermostTable(["thead", "tbody", "tfoot", "caption", "colgroup", "tr", "td", "th"])
    default:
      break
    }
  }

  /// Closes the outermost of `names` open inside the innermost table, and what it contains.
  private mutating func closeInnermostTable(_ names: [String]) {
    let table = innermost("table")
    var outermost = Int.max
    for name in names {
      let index = innermost(name)
      if index > table && index < outermost { outermost = index }
    }
    if outermost != Int.max { popElements(downTo: outermost) }
  }

  /// The index of the innermost open element named `name`, or -1.
  private func innermost(_ name: String) -> Int {
    openIndices[name]?.last ?? -1
  }

  private mutating func push(_ name: String) {
    let index = stack.count
    stack.append(name)
    openIndices[name, default: []].append(index)
    if Self.scopeBoundaries.contains(name) { boundaryIndices.append(index) }
  }

  /// Closes the open elements at `index` and above, innermost first, writing their end tags.
  private mutating func popElements(downTo index: Int) {
    while stack.count > index {
      let name = stack.removeLast()
      openIndices[name]?.removeLast()
      if boundaryIndices.last == stack.count { boundaryIndices.removeLast() }
      output.append(contentsOf: "</".utf8)
      output.append(contentsOf: name.utf8)
      output.append(UInt8(ascii: ">"))
    }
  }

  // MARK: - Writing

  /// Writes a start tag with the attributes the policy keeps.
  private mutating func writeStartTag(_ name: String, attributes: Range<Int>) {
    output.append(UInt8(ascii: "<"))
    output.append(contentsOf: name.utf8)
    var reader = TTHTMLSanitizerAttributes(
      element: name, policy: policy, baseURL: baseURL)
    reader.write(scanner.input[attributes], into: &output)
    output.append(UInt8(ascii: ">"))
  }

  /// Writes a run of text with its character references decoded, then escaped again.
  private mutating func writeText(_ range: Range<Int>) {
    guard !range.isEmpty, dropped == nil else { return }
    scratch.removeAll(keepingCapacity: true)
    TTHTMLEntityDecoder.decode(scanner.input[range], into: &scratch)
    Self.appendEscaped(scratch[...], into: &output, inAttribute: false)
  }

  /// Appends decoded text escaped for HTML, without control characters and with `\r\n` and `\r`
  /// as `\n`.
  ///
  /// `&`, `<` and `>` become references, and `"` too in an attribute value. C0 controls other
  /// than tab and line feed, DEL and the C1 controls (U+0080–U+009F) are removed.
  static func appendEscaped(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8], inAttribute: Bool) {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "\r"):
        output.append(UInt8(ascii: "\n"))
        if index < end && bytes[index] == UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
        output.append(byte)
      case 0x00...0x1F, 0x7F:
        break
      case 0xC2 where index < end && (0x80...0x9F).contains(bytes[index]):
        index += 1  // a C1 control, U+0080–U+009F
      default:
        output.append(byte)
      }
    }
  }
}
