/// A parsed HTML page: its `<html>` element, the encoding its bytes were read in, and what the
/// parser repaired.
///
/// Make one with ``TTHTMLParser/parse(_:contentType:options:)``. The tree is the same compact
/// storage and API as an XML tree (``TTXMLElement``, ``TTXMLNode``): element and attribute names
/// are lower case, text holds decoded characters (`&nbsp;` is U+00A0), and the text of `<script>`
/// and `<style>` is kept as text under its element, so a renderer drops it by name. Comments,
/// processing instructions and the doctype are not kept.
///
/// ```swift
/// let page = try TTHTMLParser.parse(Data("<title>Hi</title><p>One<p>Two".utf8))
/// page.title                                   // "Hi"
/// page.body?.children("p").map(\.textContent)  // ["One", "Two"]
/// page.encoding                                // "UTF-8"
/// ```
///
/// Documents are values that can be shared between threads.
public struct TTHTMLDocument: Sendable {
  /// The `<html>` element (libxml2 always makes one, and an empty page gets an empty one).
  public let root: TTXMLElement

  /// The encoding the bytes were decoded from, by its WHATWG name.
  ///
  /// For example `"UTF-8"`, `"windows-1252"`, `"Shift_JIS"`, `"gb18030"` or `"ISO-8859-2"`.
  public let encoding: String

  /// Where ``encoding`` came from: a byte order mark, the caller's override, the Content-Type
  /// header, a `<meta>` tag, or the default.
  public let encodingSource: TTHTMLEncodingSource

  /// The text of the first `<title>`, whitespace collapsed and control characters removed, or
  /// `nil` when there is none or it is empty.
  public let title: String?

  /// What libxml2 repaired while reading the page (an unclosed tag, a stray end tag, an unknown
  /// entity, …), and encoding labels that were not understood; at most the first 100.
  ///
  /// These are notes, not failures: the tree is what a browser would show, or close to it.
  public let diagnostics: [TTXMLError]

  init(
    root: TTXMLElement, encoding: String, encodingSource: TTHTMLEncodingSource, title: String?,
    diagnostics: [TTXMLError]
  ) {
    self.root = root
    self.encoding = encoding
    self.encodingSource = encodingSource
    self.title = title
    self.diagnostics = diagnostics
  }

  /// The `<body>` element, or `nil` when the page has none (a frameset, for example).
  public var body: TTXMLElement? { root.child("body") }

  /// How many nodes (elements and text runs) the document holds.
  public var nodeCount: Int { root.storage.nodes.count }

  /// Visits the whole document in document order, without recursion and without building
  /// arrays of children.
  ///
  /// See ``TTXMLElement/walk(_:)``.
  ///
  /// ```swift
  /// let page = try TTHTMLParser.parse(Data("<p>Hello <b>world</b></p>".utf8))
  /// var text = ""
  /// page.walk { event in
  ///   if case .text(let piece) = event { text += piece }
  /// }
  /// // text == "Hello world"
  /// ```
  ///
  /// - Parameter visit: Called with every event; throwing stops the walk and rethrows.
  public func walk(_ visit: (TTHTMLWalkEvent) throws -> Void) rethrows {
    try root.walk(visit)
  }
}
