import Foundation

/// Parses HTML as browsers read it, tolerating the mistakes real pages make, into a compact
/// ``TTHTMLDocument``.
///
/// The parser is libxml2's HTML parser: it closes unclosed `<p>`, `<li>` and `<td>`, ignores
/// stray end tags, accepts tables without `<tbody>`, unquoted attributes and upper-case tags,
/// and decodes HTML's named and numeric entities. (It differs from browsers on misnested
/// formatting: in `<b>x<i>y</b>z</i>`, `z` is not italic.)
///
/// ```swift
/// let page = try TTHTMLParser.parse(
///   Data("<TITLE>News</TITLE><UL><LI>One<LI>Two</UL>".utf8), contentType: "text/html")
/// page.title                                 // "News"
/// page.body?.child("ul")?.children("li").count   // 2
/// ```
///
/// The page's encoding is found as browsers find it (see ``encoding(for:contentType:override:)``)
/// and the bytes are converted to UTF-8 before libxml2 reads them, so a `<meta>` cannot switch
/// it again halfway.
///
/// Safety: nothing external is ever loaded, the size, nesting depth, node count and attributes
/// per element are limited (see ``Options``), and nothing recurses over the document's depth.
public enum TTHTMLParser {
  /// Parses a whole page.
  ///
  /// ```swift
  /// var options = TTHTMLParser.Options()
  /// options.encoding = "windows-1251"   // the user chose "view as Cyrillic"
  /// let page = try TTHTMLParser.parse([0x3C, 0x70, 0x3E, 0xC0], options: options)
  /// page.body?.textContent   // "А"
  /// ```
  ///
  /// - Parameters:
  ///   - data: The page's bytes, as they came from the server.
  ///   - contentType: The HTTP Content-Type header value, for example
  ///     `"text/html; charset=Shift_JIS"`; default `nil`.
  ///   - options: Limits and the encoding override; default ``Options/init()``.
  /// - Returns: The document.
  /// - Throws: ``TTXMLError`` with ``TTXMLError/Code-swift.struct/documentSizeLimit``,
  ///   ``TTXMLError/Code-swift.struct/nestingDepthLimit``,
  ///   ``TTXMLError/Code-swift.struct/nodeCountLimit`` or
  ///   ``TTXMLError/Code-swift.struct/attributeCountLimit`` when the page is over a limit, and
  ///   ``TTXMLError/Code-swift.struct/unsupportedEncoding`` when `options.encoding` is not a
  ///   label browsers know. Broken markup is never an error: it is repaired, and noted in
  ///   ``TTHTMLDocument/diagnostics``.
  public static func parse(
    _ data: some Collection<UInt8>, contentType: String? = nil, options: Options = Options()
  ) throws(TTXMLError) -> TTHTMLDocument {
    let result = data.withContiguousStorageIfAvailable { buffer in
      Result { () throws(TTXMLError) in try parse(buffer, contentType: contentType, options: options) }
    }
    if let result { return try result.get() }
    let copy = Array(data)
    return try copy.withUnsafeBufferPointer { buffer in
      Result { () throws(TTXMLError) in try parse(buffer, contentType: contentType, options: options) }
    }.get()
  }

  /// Finds the encoding of a page the way ``parse(_:contentType:options:)`` does, so callers
  /// can show it (or offer another).
  ///
  /// The order follows the WHATWG "encoding sniffing algorithm": a byte order mark (UTF-8,
  /// UTF-16LE, UTF-16BE), then `override`, then the `charset` of `contentType`, then a
  /// `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">` in the
  /// first 1,024 bytes, then UTF-8 when the bytes are valid UTF-8, else windows-1252. Labels
  /// are read as browsers read them (`latin1` and `us-ascii` mean windows-1252, `gbk` means
  /// gb18030, `sjis` means Shift_JIS, …); a label browsers do not know, in the header or a
  /// `<meta>`, is skipped, and a `<meta>` naming UTF-16 means UTF-8.
  ///
  /// ```swift
  /// let found = try TTHTMLParser.encoding(
  ///   for: Array("<p>caf\u{E9}</p>".utf8), contentType: "text/html; charset=latin1")
  /// found.name     // "windows-1252"
  /// found.source   // .transport
  /// ```
  ///
  /// - Parameters:
  ///   - data: The page's bytes (the first 1,024 for the `<meta>`, all of them for the UTF-8
  ///     check).
  ///   - contentType: The HTTP Content-Type header value; default `nil`.
  ///   - override: The caller's choice, as ``Options/encoding``; default `nil`.
  /// - Returns: The encoding's WHATWG name and where it came from.
  /// - Throws: ``TTXMLError/Code-swift.struct/unsupportedEncoding`` when `override` is not a
  ///   label browsers know.
  public static func encoding(
    for data: some Collection<UInt8>, contentType: String? = nil, override: String? = nil
  ) throws(TTXMLError) -> (name: String, source: TTHTMLEncodingSource) {
    let body = { (buffer: UnsafeBufferPointer<UInt8>) in
      Result { () throws(TTXMLError) in
        try TTHTMLEncoding.choose(for: buffer, contentType: contentType, override: override)
      }
    }
    let choice: TTHTMLEncoding.Choice
    if let result = data.withContiguousStorageIfAvailable(body) {
      choice = try result.get()
    } else {
      choice = try Array(data).withUnsafeBufferPointer(body).get()
    }
    return (choice.encoding.name, choice.source)
  }

  /// The WHATWG name of the encoding a label stands for, or `nil` when browsers do not know
  /// the label.
  ///
  /// ```swift
  /// TTHTMLParser.encodingName(forLabel: " Latin1 ")   // "windows-1252"
  /// TTHTMLParser.encodingName(forLabel: "x-sjis")     // "Shift_JIS"
  /// TTHTMLParser.encodingName(forLabel: "klingon")    // nil
  /// ```
  ///
  /// - Parameter label: An encoding label, in any case, white space around it ignored.
  /// - Returns: The encoding's name, as ``TTHTMLDocument/encoding`` gives it.
  public static func encodingName(forLabel label: String) -> String? {
    TTHTMLEncoding.forLabel(label)?.name
  }

  /// Parses bytes in memory.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, contentType: String?, options: Options
  ) throws(TTXMLError) -> TTHTMLDocument {
    guard bytes.count <= options.maxDocumentSize else {
      throw TTXMLError(
        .documentSizeLimit,
        "The page is \(bytes.count) bytes, more than the \(options.maxDocumentSize) allowed "
          + "(options.maxDocumentSize); raise options.maxDocumentSize to read it.")
    }
    let choice = try TTHTMLEncoding.choose(
      for: bytes, contentType: contentType, override: options.encoding)
    guard let text = choice.encoding.decode(bytes, skipping: choice.byteOrderMarkLength) else {
      throw TTXMLError(
        .unsupportedEncoding,
        "The page is in \(choice.encoding.name) (from the \(choice.source)), which this system's "
          + "iconv cannot convert; set options.encoding to another encoding to read it anyway.")
    }
    let builder = TTHTMLTreeParser(options: options)
    var diagnostics = choice.notes
    let storage = try builder.parse(text, diagnostics: &diagnostics)
    return TTHTMLDocument(
      root: TTXMLElement(storage: storage, index: 0), encoding: choice.encoding.name,
      encodingSource: choice.source, title: title(in: storage), diagnostics: diagnostics)
  }

  /// The text of the first `<title>`, white space collapsed and control characters removed,
  /// or `nil`.
  static func title(in storage: TTXMLStorage) -> String? {
    let titleNames = Set(storage.names.indices.filter { storage.names[$0].local == "title" }.map(Int32.init))
    guard !titleNames.isEmpty,
      let index = storage.nodes.firstIndex(where: { titleNames.contains($0.name) })
    else { return nil }
    var words: [Substring] = []
    let text = storage.textContent(of: index)
    var cleaned = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0C, 0x0D: cleaned.append(" ")
      case 0x00...0x1F, 0x7F...0x9F: continue
      default: cleaned.append(scalar)
      }
    }
    words = String(cleaned).split(separator: " ")
    return words.isEmpty ? nil : words.joined(separator: " ")
  }
}

extension TTHTMLParser {
  /// How ``TTHTMLParser`` reads pages: its safety limits and the encoding override.
  ///
  /// The defaults suit pages from the network; browsers read deeper and larger pages, but a
  /// terminal has no use for them.
  ///
  /// ```swift
  /// var options = TTHTMLParser.Options()
  /// options.maxDocumentSize = 2_000_000   // refuse pages over 2 MB
  /// options.encoding = "Shift_JIS"        // the server is known to mislabel its pages
  /// ```
  public struct Options: Sendable, Hashable {
    /// The most bytes of input accepted; default 10,000,000 (10 MB).
    ///
    /// A larger page fails at once with ``TTXMLError/Code-swift.struct/documentSizeLimit``.
    public var maxDocumentSize = 10_000_000

    /// The deepest element nesting accepted; default 512 (Blink's limit).
    ///
    /// The `<html>` element is at depth 1. A deeper element stops the parse with
    /// ``TTXMLError/Code-swift.struct/nestingDepthLimit``: a million nested `<div>`s fail within
    /// milliseconds.
    public var maxDepth = 512

    /// The most nodes (elements and runs of text) accepted; default 1,000,000.
    ///
    /// The node that would be one too many stops the parse with
    /// ``TTXMLError/Code-swift.struct/nodeCountLimit``.
    public var maxNodes = 1_000_000

    /// The most attributes one element may have; default 1,000.
    ///
    /// A start tag with more fails with ``TTXMLError/Code-swift.struct/attributeCountLimit``
    /// (libxml2 compares each attribute of a tag with all the ones before it, so a huge tag
    /// would cost seconds).
    public var maxAttributesPerElement = 1_000

    /// The encoding to read the page in, whatever the page or the server says (a byte order
    /// mark still wins); default `nil` = find it as browsers do.
    ///
    /// Any WHATWG label works (`"latin1"`, `"sjis"`, `"gbk"`, …); one browsers do not know fails
    /// the parse with ``TTXMLError/Code-swift.struct/unsupportedEncoding``.
    public var encoding: String?

    /// Creates options with the defaults.
    public init() {}
  }
}
