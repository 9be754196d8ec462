import Three20Core

/// The error Three20XML throws.
///
/// Every error carries a ``code`` to match on and a ``message`` written like a compiler's:
/// where (`line:column`), what went wrong, the offending line of the document and a caret under
/// the place. Its `description` is the message.
///
/// ```swift
/// do {
///   _ = try TTXMLParser.parse(Data("<rss>\n  <channel></rss>".utf8))
/// } catch {
///   error.code    // .malformed
///   error.line    // 2
///   print(error)
///   // 2:20: error: Opening and ending tag mismatch: channel line 2 and rss
///   //   <channel></rss>
///   //                    ^
/// }
/// ```
///
/// Three20's `TTXMLParser` only logged parse errors; here they are thrown, so a request whose
/// body is not XML fails instead of producing an empty result.
public struct TTXMLError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case malformed
      case truncated
      case emptyDocument
      case invalidEncoding
      case unsupportedEncoding
      case entityExpansionLimit
      case nestingDepthLimit
      case documentSizeLimit
      case parserFinished
      case handlerFailed
      case notAFeed
      case attributeCountLimit
      case nodeSizeLimit
      case nodeCountLimit
    }

    private let storage: Storage

    /// The document is not well-formed XML (a mismatched tag, a bad attribute, an undefined
    /// entity, …).
    public static let malformed = Code(storage: .malformed)
    /// The document ended before its root element was closed.
    public static let truncated = Code(storage: .truncated)
    /// The document has no root element (it is empty, or only whitespace and comments).
    public static let emptyDocument = Code(storage: .emptyDocument)
    /// Bytes that cannot be decoded in the document's encoding (for example Latin-1 text in a
    /// document without an encoding declaration, which XML reads as UTF-8).
    public static let invalidEncoding = Code(storage: .invalidEncoding)
    /// The document declares an encoding libxml2 cannot convert.
    public static let unsupportedEncoding = Code(storage: .unsupportedEncoding)
    /// Entities expanded to more text than ``TTXMLParser/Options/maxEntityExpansion`` allows,
    /// or refer to each other in a loop ("billion laughs", "quadratic blowup").
    public static let entityExpansionLimit = Code(storage: .entityExpansionLimit)
    /// Elements are nested deeper than ``TTXMLParser/Options/maxDepth`` allows.
    public static let nestingDepthLimit = Code(storage: .nestingDepthLimit)
    /// A start tag has more attributes than ``TTXMLParser/Options/maxAttributesPerElement``
    /// allows, or the document's DTD declares more than that for one element, or more
    /// namespaces are declared at once than ``TTXMLParser/Options/maxNamespacesInScope`` allows.
    public static let attributeCountLimit = Code(storage: .attributeCountLimit)
    /// One piece of the document is larger than libxml2 reads without
    /// ``TTXMLParser/Options/allowsHugeDocuments``: a comment, CDATA section, processing
    /// instruction, attribute value or tag over 10,000,000 bytes, or a name over 50,000 bytes.
    public static let nodeSizeLimit = Code(storage: .nodeSizeLimit)
    /// An HTML page holds more nodes (elements and runs of text) than
    /// ``TTHTMLParser/Options/maxNodes`` allows.
    public static let nodeCountLimit = Code(storage: .nodeCountLimit)
    /// The document is larger than ``TTXMLParser/Options/maxDocumentSize`` allows.
    public static let documentSizeLimit = Code(storage: .documentSizeLimit)
    /// `feed(_:)` or ``TTXMLParser/finish()`` was called after the parser finished.
    public static let parserFinished = Code(storage: .parserFinished)
    /// The element handler of a streaming parser threw; the handler's error is in
    /// ``TTXMLError/underlying``.
    public static let handlerFailed = Code(storage: .handlerFailed)
    /// The document is well-formed XML but not an RSS or Atom feed (its root element is
    /// not `rss`, `rdf:RDF` or Atom's `feed`).
    public static let notAFeed = Code(storage: .notAFeed)

    /// The code's name, for example `truncated`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What went wrong, in one line, without the position, for example
  /// `Opening and ending tag mismatch: channel line 2 and rss`.
  public var reason: String
  /// The 1-based line of the document where the problem was found, or `nil` when it has no
  /// place (for example a limit hit between two pieces of input).
  public var line: Int?
  /// The 1-based column (in characters) where the problem was found, or `nil`.
  public var column: Int?
  /// The text around the offending place, from its line (at most 80 characters on each side of
  /// the column), or `nil` when it is not known.
  ///
  /// The parser fills it with control characters, bidirectional marks and the like escaped
  /// (`\u{1B}`; tabs are kept so the caret lines up), so printing it is safe.
  public var sourceLine: String?
  /// The error that caused this one, for example the error a streaming element handler threw.
  public var underlying: (any Error)?
  /// Where the caret goes in ``sourceLine`` (0-based, in characters) when the line was
  /// shortened around the column; `nil` = under `column`.
  var caretOffset: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - reason: What went wrong, in one line.
  ///   - line: The 1-based line, if known; default `nil`.
  ///   - column: The 1-based column, if known; default `nil`.
  ///   - sourceLine: The offending line's text, if known; default `nil`.
  ///   - underlying: The error that caused this one; default `nil`.
  public init(
    _ code: Code, _ reason: String, line: Int? = nil, column: Int? = nil, sourceLine: String? = nil,
    underlying: (any Error)? = nil
  ) {
    self.code = code
    self.reason = reason
    self.line = line
    self.column = column
    self.sourceLine = sourceLine
    self.underlying = underlying
  }

  /// The compiler-style message: `line:column: error: reason`, then the offending line and a
  /// caret under the column when they are known.
  ///
  /// ```swift
  /// TTXMLError(.malformed, "Couldn't find end of Start Tag b", line: 3, column: 7,
  ///            sourceLine: "  <a><b").message
  /// // "3:7: error: Couldn't find end of Start Tag b\n  <a><b\n      ^"
  /// ```
  ///
  /// Text that would not print as itself (control characters such as ESC, bidirectional marks)
  /// is escaped in the reason and the line, with Core's `TTMessageText`.
  public var message: String {
    let reason = TTMessageText.escaped(reason, limit: 2_000)
    var text: String
    switch (line, column) {
    case (let line?, let column?): text = "\(line):\(column): error: \(reason)"
    case (let line?, nil): text = "\(line): error: \(reason)"
    default: text = "error: \(reason)"
    }
    if let sourceLine {
      let (shown, caret) = Self.escapedLine(sourceLine, caret: caretOffset ?? column.map { $0 - 1 })
      text += "\n" + shown
      if let caret { text += "\n" + caret + "^" }
    }
    return text
  }

  /// Sets ``sourceLine`` to a line of the document made safe to print, and the caret's offset
  /// to the place `caret` (0-based, in Unicode scalars of `text`) moved to by the escaping.
  mutating func showSource(_ text: String, caret: Int) {
    let (shown, _) = Self.escapedLine(text, caret: nil)
    var shownCaret = 0
    for (index, scalar) in text.unicodeScalars.enumerated() where index < caret {
      shownCaret += scalar == "\t" ? 1 : TTMessageText.escaped(String(scalar)).unicodeScalars.count
    }
    sourceLine = shown
    caretOffset = shownCaret + max(0, caret - text.unicodeScalars.count)
  }

  /// A line of the document made safe to print, and the text that puts a caret under
  /// `caret` (0-based, in Unicode scalars) in it: spaces, with the line's tabs kept so the caret
  /// lines up in a terminal.
  static func escapedLine(_ line: String, caret: Int?) -> (line: String, caretPrefix: String?) {
    var shown = ""
    var prefix = ""
    var index = 0
    for scalar in line.unicodeScalars {
      let piece = scalar == "\t" ? "\t" : TTMessageText.escaped(String(scalar))
      if let caret, index < caret {
        prefix += scalar == "\t" ? "\t" : String(repeating: " ", count: piece.count)
      }
      shown += piece
      index += 1
    }
    guard let caret, caret >= 0 else { return (shown, nil) }
    if caret > index { prefix += String(repeating: " ", count: caret - index) }
    return (shown, prefix)
  }

  /// The ``message``.
  public var description: String { message }
}
