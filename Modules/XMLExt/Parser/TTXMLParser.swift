import CLibXML2
public import Foundation
import Three20Core

/// Parses XML with libxml2, incrementally, into a compact ``TTXMLDocument``: Three20's
/// `TTXMLParser`.
///
/// Three ways to use it:
///
/// - **All at once**: ``parse(_:options:)`` for bytes already in memory.
/// - **Incrementally**: create a parser, `feed(_:)` bytes as they arrive from the network,
///   then ``finish()``. The document is parsed while it downloads and never held twice.
/// - **Streaming**: create it with ``init(streaming:options:onElement:)``. Every element the
///   ``TTXMLElementSelector`` picks (each RSS `item`, each Atom `entry`) is handed to your closure
///   as soon as it closes and then dropped from the tree, so memory stays flat however long the
///   feed is. ``TTURLXMLResponse`` does the same while a request downloads.
///
/// ```swift
/// // All at once.
/// let document = try TTXMLParser.parse(data)
///
/// // Incrementally.
/// let parser = TTXMLParser()
/// for chunk in chunks { try parser.feed(chunk) }
/// let same = try parser.finish()
///
/// // Streaming: titles of a feed of any length, in constant memory.
/// var titles: [String] = []
/// let streaming = TTXMLParser(streaming: .names("item", "entry")) { item in
///   titles.append(item.childText("title") ?? "")
/// }
/// for chunk in chunks { try streaming.feed(chunk) }
/// let skeleton = try streaming.finish()   // the channel, without its items
/// ```
///
/// Code ported from Three20 can keep using the dictionary view: ``rootObject`` after
/// ``finish()``, shaped by ``treatDuplicateKeysAsArrayItems`` (see ``TTXMLObject``).
///
/// Safety: external entities and DTDs are never loaded and the parser never touches the
/// network; entity expansion, nesting depth, attributes per element and document size are
/// limited (see ``Options``), and no part of the library recurses over the document's depth.
/// Errors are thrown as ``TTXMLError`` with the line, column and offending text.
///
/// A parser is used from one thread at a time (it is not `Sendable`); separate parsers are
/// independent and may run in parallel. One parser parses one document.
public final class TTXMLParser {
  // MARK: State

  let options: Options
  /// The libxml2 context, created when the first four bytes arrived (for encoding detection).
  var context: xmlParserCtxtPtr?
  /// Bytes received before the context exists.
  var pending: [UInt8] = []
  var builder = TTXMLTreeBuilder()
  var window = TTXMLSourceWindow()
  /// Follows the document's encoding for `scanner` and `window`; set up with the context.
  var decoder = TTXMLInputDecoder(first: [], override: nil)
  /// Counts the attributes of start tags before libxml2 reads them.
  var scanner: TTXMLMarkupScanner
  /// Attributes the DTD declared so far, per element name.
  var declaredAttributes: [String: Int] = [:]
  /// Namespace declarations on the open elements.
  var namespacesInScope = 0
  /// The open elements that declare namespaces: their depth and how many they declare.
  var namespaceScopes: [(depth: Int, count: Int)] = []
  /// The first fatal error; once set, every call throws it.
  var failure: TTXMLError?
  /// Recovered and non-fatal problems.
  var diagnostics: [TTXMLError] = []
  /// In recovery mode, the filter that escapes stray `&` and `<` and drops control characters
  /// before libxml2 reads them; set up with the context.
  var repair: TTXMLMarkupRepair?
  /// How many of the repair's repairs are in ``diagnostics`` already.
  var reportedRepairs = 0
  /// The HTML entities read for undefined references in recovery mode, kept alive in a
  /// document of their own until the parser goes.
  var htmlEntities: xmlDocPtr?
  var isFinished = false
  var isFinishing = false
  /// Whether the streaming handler is running (feeding from inside it is refused).
  var isInHandler = false
  /// libxml2's account of the last encoding conversion failure, to explain the error after it.
  var encodingDetail: String?
  /// The public identifier of the document's DOCTYPE, once its declaration has been parsed
  /// (at most 256 characters).
  var doctypePublicID: String?
  var document: TTXMLDocument?

  /// How many bytes were fed.
  public private(set) var bytesFed = 0
  /// Bytes produced by entity expansion so far.
  var entityBytes = 0

  // Streaming.
  let selector: TTXMLElementSelector?
  let onElement: ((TTXMLElement) throws -> Void)?
  /// The index of the selected element being built, or -1.
  var streamRoot = -1
  var streamByteBase = 0
  /// Per interned name: 1 matches the selector's names, 0 does not, -1 not known yet.
  var selectorNameCache: [Int8] = []
  /// How many elements were handed to the streaming handler.
  public internal(set) var deliveredElementCount = 0

  /// Whether repeated child elements become arrays in ``rootObject`` (Three20's
  /// `treatDuplicateKeysAsArrayItems`); default `false`, where a later child replaces an
  /// earlier one with the same name.
  public var treatDuplicateKeysAsArrayItems = false

  /// Creates a parser that builds the whole document.
  ///
  /// - Parameter options: Limits and leniency; default ``Options/init()``.
  public init(options: Options = Options()) {
    self.options = options
    self.scanner = TTXMLMarkupScanner(limit: options.maxAttributesPerElement)
    self.selector = nil
    self.onElement = nil
    TTXMLLibrary.ensureInitialized()
  }

  /// Creates a streaming parser: every element `selector` picks is handed to `onElement` as
  /// soon as its end tag is parsed, then removed from the tree.
  ///
  /// The handler runs synchronously inside `feed(_:)` or ``finish()``, on the caller's thread.
  /// The element it gets is a small document of its own (its ``TTXMLElement/parent`` is `nil`)
  /// and may be kept. Throwing from the handler stops the parse: the call that was feeding
  /// throws ``TTXMLError/Code-swift.struct/handlerFailed`` with the handler's error as
  /// ``TTXMLError/underlying``.
  ///
  /// Elements inside a selected element are never selected themselves. The root element is
  /// never selected; ``finish()`` returns it with everything that was not selected (for a feed:
  /// the channel's title, link and so on), and whitespace between selected elements is dropped.
  ///
  /// ```swift
  /// let parser = TTXMLParser(streaming: .path("rss/channel/item")) { item in
  ///   print(item.childText("title") ?? "(untitled)")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - selector: Which elements to hand over.
  ///   - options: Limits and leniency; default ``Options/init()``.
  ///   - onElement: Receives each selected element.
  public init(
    streaming selector: TTXMLElementSelector, options: Options = Options(),
    onElement: @escaping (TTXMLElement) throws -> Void
  ) {
    self.options = options
    self.scanner = TTXMLMarkupScanner(limit: options.maxAttributesPerElement)
    self.selector = selector
    self.onElement = onElement
    TTXMLLibrary.ensureInitialized()
  }

  deinit {
    releaseContext()
  }

  // MARK: - Parsing

  /// Parses a whole document in memory.
  ///
  /// ```swift
  /// let document = try TTXMLParser.parse(Data("<a><b>1</b></a>".utf8))
  /// document.root.child("b")?.intValue   // 1
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The document, in any encoding it declares (UTF-8 by default).
  ///   - options: Limits and leniency; default ``Options/init()``.
  /// - Returns: The document.
  /// - Throws: ``TTXMLError`` when the document is not well-formed or breaks a limit.
  public static func parse(
    _ bytes: some ContiguousBytes, options: Options = Options()
  ) throws(TTXMLError) -> TTXMLDocument {
    let parser = TTXMLParser(options: options)
    // The whole size is known: reserve the tree's storage once instead of growing it. Text and
    // attribute values never take more bytes than the document (bar entities); a node per 48
    // bytes covers typical feeds.
    let count = bytes.withUnsafeBytes { $0.count }
    if count <= options.maxDocumentSize {
      parser.builder.bytes.reserveCapacity(count)
      parser.builder.nodes.reserveCapacity(count / 48)
    }
    try parser.feed(bytes)
    return try parser.finish()
  }

  /// Parses the next piece of the document.
  ///
  /// Pieces may be cut anywhere, even inside a multi-byte character or a tag. Large pieces are
  /// parsed 64 KB at a time.
  ///
  /// - Parameter bytes: The next bytes of the document.
  /// - Throws: ``TTXMLError`` as soon as the document is known to be bad or breaks a limit;
  ///   every later call throws the same error. ``TTXMLError/Code-swift.struct/parserFinished``
  ///   after ``finish()``.
  public func feed(_ bytes: some ContiguousBytes) throws(TTXMLError) {
    var thrown: TTXMLError?
    bytes.withUnsafeBytes { buffer in
      do throws(TTXMLError) {
        try feed(buffer)
      } catch {
        thrown = error
      }
    }
    if let thrown { throw thrown }
  }

  /// Parses the next piece of the document from raw memory.
  ///
  /// - Parameter buffer: The next bytes of the document; not retained.
  /// - Throws: ``TTXMLError``, as the other `feed(_:)`.
  public func feed(_ buffer: UnsafeRawBufferPointer) throws(TTXMLError) {
    if let failure { throw failure }
    if isInHandler {
      throw TTXMLError(
        .handlerFailed,
        "feed(_:) was called from inside the element handler; feed the parser from outside it.")
    }
    if isFinished {
      throw TTXMLError(
        .parserFinished, "The parser already finished its document; create a new TTXMLParser for another one."
      )
    }
    guard buffer.count > 0 else { return }
    let total = bytesFed &+ buffer.count
    if total > options.maxDocumentSize || total < bytesFed {
      let error = TTXMLError(
        .documentSizeLimit,
        "The document is larger than the limit of \(options.maxDocumentSize) bytes "
          + "(options.maxDocumentSize); raise the limit, or stream it with TTXMLParser(streaming:).")
      fail(error)
      throw error
    }
    bytesFed = total
    var offset = 0
    if context == nil {
      let needed = 4 - pending.count
      pending.append(contentsOf: buffer.prefix(needed))
      offset = min(needed, buffer.count)
      if pending.count < 4 { return }
      try createContext()
    }
    let chunkSize = 65_536
    while offset < buffer.count {
      let end = min(buffer.count, offset + chunkSize)
      try parseChunk(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]), terminate: false)
      offset = end
    }
  }

  /// Ends the document and returns it.
  ///
  /// For a streaming parser the document holds what the selector did not pick.
  ///
  /// - Returns: The document.
  /// - Throws: ``TTXMLError``: ``TTXMLError/Code-swift.struct/truncated`` when the input ended
  ///   inside the document, ``TTXMLError/Code-swift.struct/emptyDocument`` when there was none,
  ///   any earlier error again, ``TTXMLError/Code-swift.struct/parserFinished`` when called twice.
  @discardableResult
  public func finish() throws(TTXMLError) -> TTXMLDocument {
    if let failure { throw failure }
    if isFinished {
      throw TTXMLError(
        .parserFinished, "finish() was already called; the parser's document is in its result.")
    }
    if context == nil {
      if pending.isEmpty {
        let error = TTXMLError(.emptyDocument, "The document is empty: no bytes were fed to the parser.")
        fail(error)
        throw error
      }
      try createContext()
    }
    isFinishing = true
    try parseChunk(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
    isFinished = true
    let (encoding, version) = declaration()
    releaseContext()
    guard !builder.nodes.isEmpty, builder.nodes[0].name >= 0 else {
      let error =
        diagnostics.first
        ?? TTXMLError(.emptyDocument, "The document has no root element.")
      fail(error)
      throw error
    }
    // Recovery may leave elements open: close them.
    while !builder.stack.isEmpty { builder.endElement() }
    let storage = builder.makeStorage()
    builder = TTXMLTreeBuilder()
    let result = TTXMLDocument(
      root: TTXMLElement(storage: storage, index: 0), encoding: encoding, version: version,
      diagnostics: diagnostics)
    document = result
    return result
  }

  /// Three20's dictionary view of the finished document, or `nil` before ``finish()``.
  ///
  /// Computed on each access from the tree with ``treatDuplicateKeysAsArrayItems``; keep the
  /// result rather than asking again.
  public var rootObject: TTXMLObject? {
    document?.dictionaryValue(treatDuplicateKeysAsArrayItems: treatDuplicateKeysAsArrayItems)
  }

  /// How many nodes (elements and text runs) the parser holds right now.
  ///
  /// For a streaming parser this stays about constant however long the document is: selected
  /// elements are dropped once handed over.
  public var nodeCount: Int { document?.nodeCount ?? builder.nodes.count }

  // MARK: - Internals

  /// Records the first fatal error and stops libxml2.
  func fail(_ error: TTXMLError) {
    if failure == nil { failure = error }
    if let context { xmlStopParser(context) }
  }

  private func createContext() throws(TTXMLError) {
    if options.encoding == nil, let error = Self.utf16WithoutByteOrderMark(pending) {
      fail(error)
      throw error
    }
    decoder = TTXMLInputDecoder(first: pending, override: options.encoding)
    if options.recovers {
      // The first bytes are repaired too. When the repair holds some back (a `<` after a byte
      // order mark) and fewer than 4 are left, the context is created without them and they are
      // parsed after: libxml2 2.9 cannot detect the encoding from a first chunk of 1 to 3 bytes.
      var repair = TTXMLMarkupRepair(first: pending, override: options.encoding)
      let first = repair.filtered(pending, isFinal: false)
      self.repair = repair
      noteRepairs()
      pending = []
      guard first.count >= 4 else {
        try createParserContext(with: [])
        return try parseRepairedChunk(first, terminate: false)
      }
      if let error = first.withUnsafeBytes({ inspect($0) }) { throw error }
      try createParserContext(with: first)
      return
    }
    if let error = pending.withUnsafeBytes({ inspect($0) }) { throw error }
    try createParserContext(with: pending)
    pending = []
  }

  /// Creates libxml2's push context with the document's first bytes (which it reads to detect
  /// the encoding) and sets the options.
  private func createParserContext(with first: [UInt8]) throws(TTXMLError) {
    var handler = TTXMLSAXCallbacks.handler
    let created = first.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlCreatePushParserCtxt(&handler, nil, chars.baseAddress, Int32(chars.count), nil)
      }
    }
    guard let created else {
      let error = TTXMLError(.malformed, "libxml2 could not create a parser context (out of memory?).")
      fail(error)
      throw error
    }
    context = created
    created.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    var flags = Int32(XML_PARSE_NONET.rawValue)
    if options.recovers { flags |= Int32(XML_PARSE_RECOVER.rawValue) }
    if options.allowsHugeDocuments { flags |= Int32(XML_PARSE_HUGE.rawValue) }
    // The override replaces the declaration's encoding too (libxml2 would otherwise switch to a
    // declared encoding other than UTF-8 or UTF-16).
    if options.encoding != nil { flags |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
    _ = xmlCtxtUseOptions(created, flags)
    if let name = options.encoding {
      guard let encoder = xmlFindCharEncodingHandler(name) else {
        let error = TTXMLError(
          .unsupportedEncoding,
          "The encoding \(TTMessageText.quoted(name)) given in options.encoding is not known to libxml2 (iconv); "
            + "use a name such as \"UTF-8\", \"ISO-8859-1\" or \"windows-1252\".")
        fail(error)
        throw error
      }
      _ = xmlSwitchToEncoding(created, encoder)
    }
    pending = []
    try checkAfterChunk()
  }

  private func parseChunk(_ buffer: UnsafeRawBufferPointer, terminate: Bool) throws(TTXMLError) {
    if repair != nil {
      switch repair!.filter(buffer, isFinal: terminate) {
      case .same:
        break
      case .prefix(let count):
        noteRepairs()
        return try parseRepairedChunk(
          UnsafeRawBufferPointer(rebasing: buffer[0..<count]), terminate: terminate)
      case .bytes(let bytes):
        noteRepairs()
        return try parseRepairedChunk(bytes, terminate: terminate)
      }
    }
    try parseRepairedChunk(buffer, terminate: terminate)
  }

  /// Lists the repairs made since the last call in ``diagnostics``.
  private func noteRepairs() {
    guard let repair, repair.repairs.count > reportedRepairs else { return }
    for made in repair.repairs[reportedRepairs...] where diagnostics.count < 1000 {
      let reason: String
      switch made.kind {
      case .ampersand:
        reason =
          "An \"&\" that starts no entity or character reference was read as text (recovery); "
          + "the document should write it as &amp;."
      case .lessThan:
        reason =
          "A \"<\" that starts no tag was read as text (recovery); the document should write it as &lt;."
      case .invalidUTF8(let byte):
        reason =
          "The byte 0x\(String(format: "%02X", byte)) is not UTF-8, the document's encoding; it was read as "
          + "Windows-1252 (recovery). Declare the document's real encoding."
      case .htmlEntity(let name):
        reason =
          "The entity \(TTMessageText.quoted("&" + name + ";", limit: 40)) is not declared (XML declares only "
          + "lt, gt, amp, apos and quot without a DTD); it was read as HTML's (recovery)."
      case .controlCharacter(let byte):
        reason =
          "The control character U+\(String(format: "%04X", byte)), which XML does not allow, was left out "
          + "(recovery)."
      }
      diagnostics.append(TTXMLError(.malformed, reason, line: made.line, column: made.column))
    }
    reportedRepairs = repair.repairs.count
  }

  /// Parses repaired bytes held in an array.
  private func parseRepairedChunk(_ bytes: [UInt8], terminate: Bool) throws(TTXMLError) {
    var thrown: TTXMLError?
    bytes.withUnsafeBytes { buffer in
      do throws(TTXMLError) {
        try parseRepairedChunk(buffer, terminate: terminate)
      } catch {
        thrown = error
      }
    }
    if let thrown { throw thrown }
  }

  private func parseRepairedChunk(_ buffer: UnsafeRawBufferPointer, terminate: Bool) throws(TTXMLError) {
    guard let context else { return }
    if let error = inspect(buffer) { throw error }
    // Errors without a context (encoding conversion) go to the thread's structured handler:
    // route them to this parser for the duration of the call, then put back what was there.
    let previousHandler = __xmlStructuredError()?.pointee
    let previousContext = __xmlStructuredErrorContext()?.pointee
    xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), TTXMLSAXCallbacks.globalError)
    let chars = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
    _ = xmlParseChunk(context, chars, Int32(buffer.count), terminate ? 1 : 0)
    xmlSetStructuredErrorFunc(previousContext ?? nil, previousHandler ?? nil)
    try checkAfterChunk()
  }

  private func checkAfterChunk() throws(TTXMLError) {
    if let failure { throw failure }
    guard let context, !options.recovers, context.pointee.wellFormed == 0 else { return }
    // libxml2 reported no error through the callbacks: describe its last one.
    let error = TTXMLError(.malformed, lastErrorMessage(context) ?? "The document is not well-formed XML.")
    fail(error)
    throw error
  }

  private func lastErrorMessage(_ context: xmlParserCtxtPtr) -> String? {
    guard let message = context.pointee.lastError.message else { return nil }
    // libxml2's messages quote the document ("Unsupported encoding %s"): escaped.
    let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    return TTMessageText.escaped(text, limit: 500)
  }

  private func declaration() -> (encoding: String?, version: String?) {
    guard let context else { return (nil, nil) }
    var encoding = context.pointee.encoding.map { String(cString: $0) }
    if encoding == nil, let input = context.pointee.input, let buffer = input.pointee.buf,
      let encoder = buffer.pointee.encoder, let name = encoder.pointee.name
    {
      encoding = String(cString: name)
    }
    return (encoding, context.pointee.version.map { String(cString: $0) })
  }

  private func releaseContext() {
    if let htmlEntities {
      xmlFreeDoc(htmlEntities)
      self.htmlEntities = nil
    }
    guard let context else { return }
    if let document = context.pointee.myDoc {
      xmlFreeDoc(document)
      context.pointee.myDoc = nil
    }
    context.pointee._private = nil
    xmlFreeParserCtxt(context)
    self.context = nil
  }
}
