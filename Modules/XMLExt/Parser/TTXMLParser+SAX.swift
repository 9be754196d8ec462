import CLibXML2
import Foundation
import Three20Core

/// The libxml2 SAX2 callbacks (internal).
///
/// libxml2 calls plain C functions; each finds its ``TTXMLParser`` through the context's
/// `_private` pointer (set unretained: the parser owns the context and outlives it). Entity
/// content is parsed by libxml2 in a sub-context that shares the handler and `_private`, which is
/// how text produced by entities is told apart and counted.
enum TTXMLSAXCallbacks {
  /// The handler every context is created with: libxml2's SAX2 defaults for the DTD (so
  /// internal entity declarations work) with our element, text and error callbacks, and no
  /// external subset or entity resolution.
  nonisolated(unsafe) static let handler: xmlSAXHandler = {
    var handler = xmlSAXHandler()
    xmlSAXVersion(&handler, 2)
    handler.startElementNs = startElement
    handler.endElementNs = endElement
    handler.characters = characters
    handler.cdataBlock = characters
    handler.attributeDecl = attributeDeclaration
    handler.entityDecl = entityDeclaration
    handler.internalSubset = internalSubset
    handler.getEntity = entity
    handler.ignorableWhitespace = characters
    handler.reference = { _, _ in }
    handler.comment = nil
    handler.processingInstruction = nil
    handler.externalSubset = nil
    handler.resolveEntity = nil
    handler.warning = nil
    handler.error = nil
    handler.fatalError = nil
    handler.serror = structuredError
    handler._private = TTXMLLibrary.marker
    return handler
  }()

  @inline(__always)
  static func parser(_ context: UnsafeMutableRawPointer?) -> (TTXMLParser, xmlParserCtxtPtr)? {
    guard let context else { return nil }
    let parserContext = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = parserContext.pointee._private else { return nil }
    return (Unmanaged<TTXMLParser>.fromOpaque(opaque).takeUnretainedValue(), parserContext)
  }

  /// Runs `body` with the parser behind a libxml2 context, without retaining it: the parser
  /// is alive for the whole `xmlParseChunk` call that makes the callback.
  @inline(__always)
  static func withParser(
    _ context: UnsafeMutableRawPointer?, _ body: (TTXMLParser, xmlParserCtxtPtr) -> Void
  ) {
    guard let context else { return }
    let parserContext = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = parserContext.pointee._private else { return }
    Unmanaged<TTXMLParser>.fromOpaque(opaque)._withUnsafeGuaranteedRef { body($0, parserContext) }
  }

  static let startElement: startElementNsSAX2Func = {
    context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
    guard let localName else { return }
    withParser(context) { parser, parserContext in
      parser.startElement(
        parserContext, localName: localName, prefix: prefix, uri: uri,
        namespaceCount: Int(namespaceCount), namespaces: namespaces,
        attributeCount: Int(attributeCount), attributes: attributes)
    }
  }

  static let endElement: endElementNsSAX2Func = { context, _, _, _ in
    withParser(context) { parser, parserContext in parser.endElement(parserContext) }
  }

  static let characters: charactersSAXFunc = { context, text, length in
    guard let text, length > 0 else { return }
    withParser(context) { parser, parserContext in
      parser.characters(parserContext, UnsafeBufferPointer(start: text, count: Int(length)))
    }
  }

  /// Counts the attributes the DTD declares per element before libxml2's own handler stores
  /// them (it adds each default to every start tag of the element, comparing it with the
  /// tag's own attributes).
  static let attributeDeclaration: attributeDeclSAXFunc = {
    context, element, name, type, defaultType, defaultValue, tree in
    var allowed = false
    if let element {
      withParser(context) { parser, parserContext in
        allowed = parser.attributeDeclared(for: element, parserContext)
      }
    }
    guard allowed else {
      if let tree { xmlFreeEnumeration(tree) }
      return
    }
    xmlSAX2AttributeDecl(context, element, name, type, defaultType, defaultValue, tree)
  }

  /// Notes the DOCTYPE's public identifier (RSS 0.91 tells Netscape's from UserLand's by it),
  /// then lets libxml2's own handler make the internal subset.
  static let internalSubset: internalSubsetSAXFunc = { context, name, externalID, systemID in
    if let externalID {
      withParser(context) { parser, _ in
        parser.doctypePublicID = String(cString: externalID).prefix(256).description
      }
    }
    xmlSAX2InternalSubset(context, name, externalID, systemID)
  }

  /// Checks the start tags in an internal entity's value before libxml2's own handler stores
  /// it: libxml2 parses them when the entity is used, without our scanner seeing them.
  static let entityDeclaration: entityDeclSAXFunc = { context, name, type, publicID, systemID, content in
    var allowed = true
    if let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) {
      withParser(context) { parser, parserContext in
        allowed = parser.entityDeclared(name: name, content: content, parserContext)
      }
    }
    guard allowed else { return }
    xmlSAX2EntityDecl(context, name, type, publicID, systemID, content)
  }

  /// Looks entities up with libxml2's own handler until the parse has failed, and finds none
  /// after that.
  ///
  /// With `XML_PARSE_HUGE` libxml2 no longer checks entity amplification itself and, once our
  /// budget stopped the innermost expansion, would go on expanding every remaining reference of
  /// the outer ones ("billion laughs" took hours). Finding no entity ends them at once.
  ///
  /// In recovery mode an entity no DTD declares is read as HTML's entity of that name, when
  /// there is one (see ``TTXMLParser/htmlEntity(named:)``).
  static let entity: getEntitySAXFunc = { context, name in
    var failed = false
    var recovering: TTXMLParser?
    withParser(context) { parser, parserContext in
      failed = parser.failure != nil
      if failed, parserContext != parser.context { xmlStopParser(parserContext) }
      if parser.options.recovers { recovering = parser }
    }
    if failed { return nil }
    if let found = xmlSAX2GetEntity(context, name) { return found }
    guard let recovering, let name else { return nil }
    return recovering.htmlEntity(named: name)
  }

  static let structuredError: xmlStructuredErrorFunc = { context, error in
    guard let (parser, parserContext) = parser(context), let error else { return }
    parser.libxmlError(error.pointee, from: parserContext)
  }

  /// Errors raised without a context (encoding conversion), routed to the parser being fed.
  static let globalError: xmlStructuredErrorFunc = { opaque, error in
    guard let opaque, let error else { return }
    let parser = Unmanaged<TTXMLParser>.fromOpaque(opaque).takeUnretainedValue()
    parser.libxmlError(error.pointee, from: nil)
  }
}

extension TTXMLParser {
  /// The line libxml2 is at in the main document.
  @inline(__always)
  var currentLine: Int {
    guard let input = context?.pointee.input else { return 0 }
    return Int(input.pointee.line)
  }

  // MARK: - Elements

  func startElement(
    _ parserContext: xmlParserCtxtPtr, localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
    uri: UnsafePointer<xmlChar>?, namespaceCount: Int,
    namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard failure == nil else { return }
    if namespaceCount + attributeCount > options.maxAttributesPerElement {
      // The scanner counts every start tag in the input first; this catches the rest (recovered
      // input, attributes defaulted by the DTD).
      tooManyAttributes(parserContext, localName: localName, count: namespaceCount + attributeCount)
      return
    }
    guard
      let (index, name, depth, byteBase, pending) = builder.startElement(
        maxDepth: options.maxDepth, line: currentLine, localName: localName, prefix: prefix, uri: uri,
        namespaceCount: namespaceCount, namespaces: namespaces, attributeCount: attributeCount,
        attributes: attributes)
    else {
      stop(
        parserContext,
        limitError(
          .nestingDepthLimit,
          "Elements are nested more than \(options.maxDepth) deep (options.maxDepth); "
            + "the document is probably hostile or broken."))
      return
    }
    if namespaceCount > 0 {
      // libxml2 looks each prefix up through every declaration in scope: keep them few.
      namespacesInScope += namespaceCount
      namespaceScopes.append((depth: depth, count: namespaceCount))
      if namespacesInScope > options.maxNamespacesInScope {
        tooManyNamespaces(parserContext)
        return
      }
    }
    if let selector, streamRoot < 0, depth >= 2, selects(selector, name: name, depth: depth) {
      streamRoot = index
      streamByteBase = byteBase
    }
    if let attributes, pending < attributeCount {
      // From the first value with a reference on, values are decoded here.
      for position in pending..<attributeCount {
        let base = 5 * position
        guard let attributeName = attributes[base] else { continue }
        let attributePrefix = attributes[base + 1]
        let attributeURI = attributes[base + 2]
        let key = TTXMLTreeBuilder.NameKey(
          local: attributeName, prefix: attributePrefix, namespaceURI: attributeURI)
        let attribute = builder.nameIndex(key) {
          TTXMLStorage.Name(
            local: String(cString: attributeName), prefix: attributePrefix.map { String(cString: $0) },
            namespaceURI: attributeURI.map { String(cString: $0) })
        }
        let offset = builder.bytes.count
        if let start = attributes[base + 3], let end = attributes[base + 4], end > start {
          let value = UnsafeBufferPointer(start: start, count: end - start)
          if value.contains(UInt8(ascii: "&")) {
            appendDecoded(value, depth: 0, normalize: false, parserContext)
            if failure != nil { return }
          } else {
            builder.bytes.append(contentsOf: value)
          }
        }
        builder.appendAttribute(name: attribute, offset: offset, isNamespace: false)
      }
    }
    if parserContext != context {
      // An element produced by an entity: count it against the expansion budget.
      countEntityBytes(strlen(localName) + 2, parserContext)
    }
  }

  @inline(never)
  private func tooManyAttributes(
    _ parserContext: xmlParserCtxtPtr, localName: UnsafePointer<xmlChar>, count: Int
  ) {
    let name = TTMessageText.escaped(String(cString: localName), limit: 60)
    stop(
      parserContext,
      limitError(
        .attributeCountLimit,
        "The element <\(name)> has \(count) attributes, more than \(options.maxAttributesPerElement) "
          + "(options.maxAttributesPerElement), counting those its DTD declares; the document is "
          + "probably hostile or broken."))
  }

  @inline(never)
  private func tooManyNamespaces(_ parserContext: xmlParserCtxtPtr) {
    stop(
      parserContext,
      limitError(
        .attributeCountLimit,
        "The elements open here declare more than \(options.maxNamespacesInScope) namespaces "
          + "(options.maxNamespacesInScope); the document is probably hostile or broken."))
  }

  func endElement(_ parserContext: xmlParserCtxtPtr) {
    guard failure == nil else { return }
    if namespacesInScope > 0, let scope = namespaceScopes.last, scope.depth == builder.stack.count {
      namespacesInScope -= scope.count
      namespaceScopes.removeLast()
    }
    let index = builder.endElement()
    guard index >= 0, index == streamRoot, let onElement else { return }
    let storage = builder.extractSubtree(at: index, byteBase: streamByteBase)
    builder.discardSubtree(at: index, byteBase: streamByteBase)
    streamRoot = -1
    deliveredElementCount += 1
    isInHandler = true
    defer { isInHandler = false }
    do {
      try onElement(TTXMLElement(storage: storage, index: 0))
    } catch {
      let line = currentLine
      let name = TTMessageText.escaped(storage.names[Int(storage.nodes[0].name)].qualified, limit: 60)
      stop(
        parserContext,
        TTXMLError(
          .handlerFailed,
          "The element handler threw for <\(name)> ending on line \(line): "
            + TTMessageText.escaped(String(describing: error), limit: 500), line: line, underlying: error))
    }
  }

  /// Whether the element just opened is one the streaming selector picks.
  private func selects(_ selector: TTXMLElementSelector, name: Int32, depth: Int) -> Bool {
    switch selector.kind {
    case .depth(let wanted):
      return depth == wanted + 1
    case .names(let names, let namespaceURI):
      let index = Int(name)
      if index >= selectorNameCache.count {
        selectorNameCache.append(contentsOf: repeatElement(-1, count: index + 1 - selectorNameCache.count))
      }
      if selectorNameCache[index] < 0 {
        let entry = builder.names[index]
        let matched =
          (namespaceURI == nil || entry.namespaceURI == namespaceURI)
          && names.contains { TTXMLElementSelector.matches(entry, $0) }
        selectorNameCache[index] = matched ? 1 : 0
      }
      return selectorNameCache[index] == 1
    case .path(let steps):
      guard steps.count == depth else { return false }
      for (level, step) in steps.enumerated() {
        let node = builder.nodes[Int(builder.stack[level])]
        if !TTXMLElementSelector.matches(builder.names[Int(node.name)], step) { return false }
      }
      return true
    }
  }

  // MARK: - Text

  func characters(_ parserContext: xmlParserCtxtPtr, _ text: UnsafeBufferPointer<UInt8>) {
    guard failure == nil else {
      if parserContext != context { xmlStopParser(parserContext) }
      return
    }
    if parserContext != context {
      countEntityBytes(text.count, parserContext)
      if failure != nil { return }
    }
    builder.appendText(text, line: currentLine)
  }

  /// Adds bytes produced by entity expansion to the budget; stops the parse past the limit.
  private func countEntityBytes(_ count: Int, _ parserContext: xmlParserCtxtPtr) {
    entityBytes &+= count
    if entityBytes > options.maxEntityExpansion || entityBytes < 0 {
      stop(
        parserContext,
        limitError(
          .entityExpansionLimit,
          "Entity references expand to more than \(options.maxEntityExpansion) bytes "
            + "(options.maxEntityExpansion); the document looks like an entity expansion attack "
            + "(\"billion laughs\" or \"quadratic blowup\")."))
    }
  }

  // MARK: - The DTD

  /// Counts one attribute the DTD declares for `element`.
  ///
  /// - Returns: Whether libxml2 may store it; `false` after stopping the parse.
  func attributeDeclared(for element: UnsafePointer<xmlChar>, _ parserContext: xmlParserCtxtPtr) -> Bool {
    guard failure == nil else { return false }
    let name = String(cString: element)
    let count = declaredAttributes[name, default: 0] + 1
    declaredAttributes[name] = count
    guard count > options.maxAttributesPerElement else { return true }
    stop(
      parserContext,
      limitError(
        .attributeCountLimit,
        "The DTD declares more than \(options.maxAttributesPerElement) attributes for "
          + "<\(TTMessageText.escaped(name, limit: 60))> (options.maxAttributesPerElement); the "
          + "document is probably hostile or broken."))
    return false
  }

  /// Scans the value of an internal entity for start tags with too many attributes.
  ///
  /// - Returns: Whether libxml2 may store the entity; `false` after stopping the parse.
  func entityDeclared(
    name: UnsafePointer<xmlChar>, content: UnsafeMutablePointer<xmlChar>, _ parserContext: xmlParserCtxtPtr
  ) -> Bool {
    guard failure == nil else { return false }
    var scanner = TTXMLMarkupScanner(limit: options.maxAttributesPerElement)
    guard let violation = scanner.scan(UnsafeRawBufferPointer(start: content, count: strlen(content))) else {
      return true
    }
    let element = TTMessageText.escaped(bytes: violation.name, limit: 60) + (violation.nameIsCut ? "…" : "")
    stop(
      parserContext,
      limitError(
        .attributeCountLimit,
        "The entity \(TTMessageText.escaped(String(cString: name), limit: 60)) holds a start tag "
          + "<\(element)> with more than \(options.maxAttributesPerElement) attributes "
          + "(options.maxAttributesPerElement); the document is probably hostile or broken."))
    return false
  }

  /// Appends an attribute value, decoding the references libxml2 leaves in it.
  ///
  /// libxml2 does not substitute entities here: `&#38;` for `&`, other character references, and `&name;` for
  /// internal entities (recursively, within the expansion budget). External and undeclared
  /// entities produce nothing.
  private func appendDecoded(
    _ value: UnsafeBufferPointer<UInt8>, depth: Int, normalize: Bool, _ parserContext: xmlParserCtxtPtr
  ) {
    var position = 0
    let count = value.count
    while position < count {
      let byte = value[position]
      if byte != UInt8(ascii: "&") {
        if normalize, byte == 0x09 || byte == 0x0A || byte == 0x0D {
          builder.bytes.append(0x20)
        } else {
          builder.bytes.append(byte)
        }
        position += 1
        continue
      }
      var semicolon = position + 1
      while semicolon < count, value[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
      guard semicolon < count, semicolon > position + 1 else {
        builder.bytes.append(contentsOf: value[position...])
        return
      }
      let reference = UnsafeBufferPointer(rebasing: value[(position + 1)..<semicolon])
      position = semicolon + 1
      if reference[0] == UInt8(ascii: "#") {
        appendCharacterReference(UnsafeBufferPointer(rebasing: reference[1...]))
        continue
      }
      switch String(decoding: reference, as: UTF8.self) {
      case "lt": builder.bytes.append(UInt8(ascii: "<"))
      case "gt": builder.bytes.append(UInt8(ascii: ">"))
      case "amp": builder.bytes.append(UInt8(ascii: "&"))
      case "apos": builder.bytes.append(UInt8(ascii: "'"))
      case "quot": builder.bytes.append(UInt8(ascii: "\""))
      case let name:
        guard depth < 32 else {
          stop(
            parserContext,
            limitError(.entityExpansionLimit, "Entity references in an attribute nest more than 32 deep."))
          return
        }
        let declared = context?.pointee.myDoc.flatMap { xmlGetDocEntity($0, name) }
        guard
          let entity = declared
            ?? (options.recovers ? htmlEntities.flatMap { xmlGetDocEntity($0, name) } : nil),
          entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let content = entity.pointee.content
        else { continue }
        let before = builder.bytes.count
        appendDecoded(
          UnsafeBufferPointer(start: content, count: Int(entity.pointee.length)), depth: depth + 1,
          normalize: true, parserContext)
        if failure != nil { return }
        countEntityBytes(builder.bytes.count - before, parserContext)
        if failure != nil { return }
      }
    }
  }

  private func appendCharacterReference(_ digits: UnsafeBufferPointer<UInt8>) {
    var value: UInt32 = 0
    var radix: UInt32 = 10
    var rest = digits[...]
    if rest.first == UInt8(ascii: "x") {
      radix = 16
      rest = rest.dropFirst()
    }
    for digit in rest {
      let number: UInt32
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): number = UInt32(digit - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        number = UInt32(digit - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        number = UInt32(digit - UInt8(ascii: "A") + 10)
      default: return
      }
      value = value &* radix &+ number
      if value > 0x10FFFF { return }
    }
    guard let scalar = Unicode.Scalar(value) else { return }
    builder.bytes.append(contentsOf: String(Character(scalar)).utf8)
  }

  // MARK: - Errors

  /// Stops parsing with one of our own errors.
  func stop(_ parserContext: xmlParserCtxtPtr, _ error: TTXMLError) {
    fail(error)
    if parserContext != context { xmlStopParser(parserContext) }
  }

  /// An error about a limit, placed where libxml2 is in the main document.
  func limitError(_ code: TTXMLError.Code, _ reason: String) -> TTXMLError {
    var error = TTXMLError(code, reason)
    if let input = context?.pointee.input {
      place(&error, line: Int(input.pointee.line), column: Int(input.pointee.col))
    }
    return error
  }

  /// Takes an error libxml2 reports.
  func libxmlError(_ error: xmlError, from parserContext: xmlParserCtxtPtr?) {
    guard failure == nil else { return }
    let text = error.message.map { String(cString: $0) } ?? "unknown libxml2 error \(error.code)"
    // libxml2's messages quote names and bytes of the document: make them safe to print.
    let reason = TTMessageText.escaped(
      text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " "),
      limit: 600)
    guard let parserContext else {
      // Encoding conversion failures come without a context; the parser reports its own error
      // right after, which this detail then explains.
      encodingDetail = reason
      return
    }
    guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    var result = TTXMLError(classify(Int(error.code), reason: reason), describe(Int(error.code), reason))
    if parserContext == context {
      place(&result, line: Int(error.line), column: Int(error.int2))
    } else if let input = context?.pointee.input {
      place(&result, line: Int(input.pointee.line), column: Int(input.pointee.col))
    }
    if error.level == XML_ERR_FATAL, !options.recovers {
      fail(result)
    } else {
      if diagnostics.count < 1000 { diagnostics.append(result) }
    }
  }

  private func classify(_ code: Int, reason: String) -> TTXMLError.Code {
    switch code {
    case 4: return .emptyDocument
    case 32, 79, 6001: return .unsupportedEncoding
    case 81, 6003: return .invalidEncoding
    case 9 where reason.contains("UTF-8") || reason.contains("encoding"): return .invalidEncoding
    case 89: return .entityExpansionLimit
    case 1 where reason.contains("Excessive depth"): return .nestingDepthLimit
    case 1 where reason.contains("depth") && reason.contains("too deep"): return .nestingDepthLimit
    case 1 where reason.contains("Huge input lookup"): return .nodeSizeLimit
    case 110: return .nodeSizeLimit
    case _ where reason.contains("too long") || reason.contains("huge text"): return .nodeSizeLimit
    // Mistakes inside the document, whenever libxml2 reports them (a push parser may read the
    // last piece only when the input ends): a name missing after `&` or `<`, a character XML
    // does not allow, an undeclared entity, a missing `;`, a `<` in an attribute, an end tag
    // that does not match.
    case 9, 23, 26, 27, 38, 68, 76: return .malformed
    case _ where isFinishing && builder.nodes.isEmpty: return .emptyDocument
    case _ where isFinishing && !builder.stack.isEmpty: return .truncated
    case 5: return .malformed
    default: return isFinishing ? .truncated : .malformed
    }
  }

  private func describe(_ code: Int, _ reason: String) -> String {
    switch classify(code, reason: reason) {
    case .invalidEncoding:
      let detail = encodingDetail.map { " (\($0))" } ?? ""
      return reason + detail
        + ". Declare the document's real encoding (for example <?xml version=\"1.0\" "
        + "encoding=\"ISO-8859-1\"?>), set options.encoding, or parse with options.recovers."
    case .truncated:
      guard let open = builder.stack.last else { return "The document ended too early: \(reason)." }
      let node = builder.nodes[Int(open)]
      let name = TTMessageText.escaped(builder.names[Int(node.name)].qualified, limit: 60)
      return "The document ended too early, inside <\(name)> opened on line \(node.line) "
        + "(libxml2: \(reason)); the download was probably cut off."
    case .emptyDocument:
      return "The document has no root element (libxml2: \(reason))."
    case .nestingDepthLimit:
      return "Elements inside an entity's value (or a DTD content model) are nested deeper than "
        + "libxml2 allows without options.allowsHugeDocuments (libxml2: \(reason)); set it to lift "
        + "that limit (options.maxDepth still applies)."
    case .nodeSizeLimit:
      if code == 110 {
        return "A name is longer than 50,000 bytes, libxml2's limit without options.allowsHugeDocuments "
          + "(libxml2: \(reason)); set it to lift that limit if such names are expected."
      }
      return "One piece of the document (a comment, CDATA section, processing instruction, attribute "
        + "value or tag) is larger than 10,000,000 bytes, libxml2's limit without "
        + "options.allowsHugeDocuments (libxml2: \(reason)); set it to lift that limit (and stream "
        + "the document if it is large), or check the document."
    case .entityExpansionLimit:
      return "\(reason): entity references refer to each other in a loop or expand too much; "
        + "the document looks like an entity expansion attack."
    default:
      return reason
    }
  }

  /// Adds the position and the text around it to an error.
  ///
  /// The text comes from the source window when it still holds the position, else from
  /// libxml2's input buffer when libxml2 stands at the position (errors are raised where the
  /// parser is), else there is none: quoting other text would mislead.
  func place(_ error: inout TTXMLError, line: Int, column: Int) {
    guard line > 0 else { return }
    error.line = line
    error.column = column > 0 ? column : nil
    var excerpt = window.excerpt(line: line, column: max(column, 1))
    if excerpt == nil, let input = context?.pointee.input, Int(input.pointee.line) == line {
      excerpt = currentInputExcerpt(input.pointee)
    }
    guard let (bytes, caret) = excerpt else { return }
    let text =
      String(validating: bytes, as: UTF8.self)
      ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    error.showSource(text, caret: caret)
  }

  /// Up to 80 characters on each side of libxml2's current position in its (UTF-8) input
  /// buffer, within the line, and how many come before the position.
  private func currentInputExcerpt(_ input: xmlParserInput) -> (bytes: [UInt8], caret: Int)? {
    guard let base = input.base, let current = input.cur, let end = input.end, current >= base,
      current <= end
    else { return nil }
    var start = current
    var before = 0
    while start > base, before < 80, start[-1] != 0x0A {
      start -= 1
      while start > base, start[0] & 0xC0 == 0x80 { start -= 1 }
      before += 1
    }
    var stop = current
    var after = 0
    while stop < end, after < 80, stop[0] != 0x0A, stop[0] != 0x0D {
      stop += 1
      while stop < end, stop[0] & 0xC0 == 0x80 { stop += 1 }
      after += 1
    }
    return (Array(UnsafeBufferPointer(start: start, count: stop - start)), before)
  }
}
