import CLibXML2
import Foundation

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

  func endElement(_ parserContext: xmlParserCtxtPtr) {
    guard failure == nil else { return }
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
      stop(
        parserContext,
        TTXMLError(
          .handlerFailed,
          "The element handler threw for <\(storage.names[Int(storage.nodes[0].name)].qualified)> "
            + "ending on line \(line): \(error)", line: line, underlying: error))
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
    guard failure == nil else { return }
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
        guard let document = context?.pointee.myDoc, let entity = xmlGetDocEntity(document, name),
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
    let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
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
      let name = builder.names[Int(node.name)].qualified
      return "The document ended too early, inside <\(name)> opened on line \(node.line) "
        + "(libxml2: \(reason)); the download was probably cut off."
    case .emptyDocument:
      return "The document has no root element (libxml2: \(reason))."
    case .nestingDepthLimit:
      return "Elements are nested deeper than libxml2 allows without options.allowsHugeDocuments (\(reason))."
    case .entityExpansionLimit:
      return "\(reason): entity references refer to each other in a loop or expand too much; "
        + "the document looks like an entity expansion attack."
    default:
      return reason
    }
  }

  /// Adds the position and the offending line to an error.
  func place(_ error: inout TTXMLError, line: Int, column: Int) {
    guard line > 0 else { return }
    error.line = line
    error.column = column > 0 ? column : nil
    var text: String?
    if !inputIsUTF16, let bytes = window.line(line) {
      text = String(validating: bytes, as: UTF8.self) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
    } else if let input = context?.pointee.input {
      text = currentInputLine(input.pointee)
    }
    guard var line = text else { return }
    let characters = Array(line)
    let caret = max(0, (column > 0 ? column : 1) - 1)
    if characters.count > 160 {
      let low = max(0, min(caret - 80, characters.count - 160))
      line = String(characters[low..<min(characters.count, low + 160)])
      error.caretOffset = caret - low
    }
    error.sourceLine = line
  }

  private var inputIsUTF16: Bool {
    guard let encoder = context?.pointee.input?.pointee.buf?.pointee.encoder,
      let name = encoder.pointee.name
    else { return false }
    let text = String(cString: name).uppercased()
    return text.contains("16") || text.contains("UCS") || text.contains("32")
  }

  /// The line around libxml2's current position in its (UTF-8) input buffer.
  private func currentInputLine(_ input: xmlParserInput) -> String? {
    guard let base = input.base, let current = input.cur, let end = input.end, current >= base,
      current <= end
    else { return nil }
    var start = current
    while start > base, current - start < 160, start[-1] != 0x0A { start -= 1 }
    var stop = current
    while stop < end, stop - current < 160, stop[0] != 0x0A { stop += 1 }
    return String(decoding: UnsafeBufferPointer(start: start, count: stop - start), as: UTF8.self)
  }
}
