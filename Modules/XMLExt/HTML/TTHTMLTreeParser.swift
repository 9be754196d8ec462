import CLibXML2
import Foundation
import Three20Core

/// Runs libxml2's HTML push parser over UTF-8 text and builds a ``TTXMLStorage`` from its SAX
/// events, enforcing ``TTHTMLParser/Options`` as it goes (internal).
///
/// libxml2 calls plain C functions; each finds the parser through the context's `_private`
/// pointer, set unretained: the parser owns the context and outlives every call.
final class TTHTMLTreeParser {
  let options: TTHTMLParser.Options
  var builder = TTXMLTreeBuilder()
  var context: xmlParserCtxtPtr?
  /// The limit that stopped the parse, if one did.
  var failure: TTXMLError?
  /// libxml2's repairs, at most ``maxDiagnostics``.
  var diagnostics: [TTXMLError] = []
  /// How many repairs libxml2 reported beyond the ones kept.
  var droppedDiagnostics = 0
  static let maxDiagnostics = 100
  /// Interned names by libxml2's pointer (its dictionary's, or a literal for implied
  /// elements), and by text, so each name is stored once.
  private var namesByPointer: [UnsafeRawPointer: Int32] = [:]
  private var namesByText: [String: Int32] = [:]
  private var recentPointers = [UnsafeRawPointer?](repeating: nil, count: 64)
  private var recentIndices = [Int32](repeating: -1, count: 64)
  /// Start tags that were not opened (an element after the root closed), whose end tags are
  /// ignored likewise.
  private var ignoredDepth = 0
  /// The page's text, for the lines shown under errors.
  private var source = TTHTMLSourceLines([])

  init(options: TTHTMLParser.Options) {
    self.options = options
    TTXMLLibrary.ensureInitialized()
  }

  /// The chunk size libxml2 is fed in.
  static let chunkSize = 65_536

  /// Parses `text` (UTF-8) and returns the tree.
  ///
  /// - Parameter diagnostics: Receives libxml2's repairs after the ones already in it (the
  ///   whole list stays within ``maxDiagnostics``).
  func parse(_ text: [UInt8], diagnostics notes: inout [TTXMLError]) throws(TTXMLError) -> TTXMLStorage {
    diagnostics = notes
    let text = try prepare(text)
    var handler = Self.handler
    guard
      let created = htmlCreatePushParserCtxt(&handler, nil, nil, 0, nil, XML_CHAR_ENCODING_UTF8)
    else {
      throw TTXMLError(.malformed, "libxml2 could not create an HTML parser context (out of memory?).")
    }
    context = created
    defer {
      created.pointee._private = nil
      if let document = created.pointee.myDoc {
        xmlFreeDoc(document)
        created.pointee.myDoc = nil
      }
      htmlFreeParserCtxt(created)
      context = nil
    }
    created.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    let flags =
      Int32(HTML_PARSE_RECOVER.rawValue) | Int32(HTML_PARSE_NONET.rawValue)
      | Int32(HTML_PARSE_NOERROR.rawValue) | Int32(HTML_PARSE_NOWARNING.rawValue)
      | Int32(HTML_PARSE_IGNORE_ENC.rawValue)
    _ = htmlCtxtUseOptions(created, flags)
    text.withUnsafeBufferPointer { buffer in
      var start = 0
      while start < buffer.count, failure == nil {
        var end = min(start + Self.chunkSize, buffer.count)
        // Never cut a UTF-8 sequence: libxml2 would take its first half for bad input.
        while end < buffer.count, end > start + 1, buffer[end] & 0xC0 == 0x80 { end -= 1 }
        buffer.baseAddress.map { base in
          (base + start).withMemoryRebound(to: CChar.self, capacity: end - start) { chars in
            _ = htmlParseChunk(created, chars, Int32(end - start), 0)
          }
        }
        start = end
      }
      if failure == nil { _ = htmlParseChunk(created, nil, 0, 1) }
    }
    if let failure { throw failure }
    while !builder.stack.isEmpty { builder.endElement() }
    if builder.nodes.isEmpty {
      // An empty page (or only comments): an empty <html><body>, as a browser shows it.
      _ = builder.startElement(name: internName(nil, text: "html"), line: 1)
      _ = builder.startElement(name: internName(nil, text: "body"), line: 1)
      builder.endElement()
      builder.endElement()
    }
    if droppedDiagnostics > 0 {
      diagnostics.append(
        TTXMLError(
          .malformed, "\(droppedDiagnostics) more problems were repaired and are not listed."))
    }
    notes = diagnostics
    let finished = builder
    builder = TTXMLTreeBuilder()
    return finished.makeStorage()
  }

  // MARK: - Names

  /// The interned index of an element or attribute name.
  ///
  /// - Parameters:
  ///   - pointer: libxml2's pointer for the name, which is stable for the whole parse, or `nil`.
  ///   - text: The name, when already known.
  private func internName(_ pointer: UnsafePointer<xmlChar>?, text: String? = nil) -> Int32 {
    // A small direct-mapped cache in front of the dictionary: pages use few names over and over.
    var slot = 0
    if let pointer {
      slot = Int(truncatingIfNeeded: (UInt(bitPattern: pointer) &* 0x9E37_79B9_7F4A_7C15) >> 58)
      if recentPointers[slot] == UnsafeRawPointer(pointer) { return recentIndices[slot] }
      if let found = namesByPointer[UnsafeRawPointer(pointer)] {
        recentPointers[slot] = UnsafeRawPointer(pointer)
        recentIndices[slot] = found
        return found
      }
    }
    var name = text ?? pointer.map { String(cString: $0) } ?? ""
    if name.utf8.contains(where: { (0x41...0x5A).contains($0) }) { name = name.lowercased() }
    let index: Int32
    if let found = namesByText[name] {
      index = found
    } else {
      index = Int32(builder.names.count)
      builder.names.append(TTXMLStorage.Name(local: name, prefix: nil, namespaceURI: nil))
      namesByText[name] = index
    }
    if let pointer {
      namesByPointer[UnsafeRawPointer(pointer)] = index
      recentPointers[slot] = UnsafeRawPointer(pointer)
      recentIndices[slot] = index
    }
    return index
  }

  // MARK: - Events

  private var currentLine: Int {
    guard let input = context?.pointee.input else { return 0 }
    return Int(input.pointee.line)
  }

  func startElement(
    _ parserContext: xmlParserCtxtPtr, name: UnsafePointer<xmlChar>,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard failure == nil else { return }
    if ignoredDepth > 0 || (builder.stack.isEmpty && !builder.nodes.isEmpty) {
      ignoredDepth += 1
      return
    }
    let depth = builder.stack.count + 1
    guard depth <= options.maxDepth else {
      stop(
        parserContext,
        .nestingDepthLimit,
        "Elements are nested more than \(options.maxDepth) deep (options.maxDepth) at "
          + "<\(Self.quotedName(name))>; the page is probably broken or hostile. Raise "
          + "options.maxDepth to read it.")
      return
    }
    guard builder.nodes.count < options.maxNodes else {
      nodeCountExceeded(parserContext)
      return
    }
    var attributeCount = 0
    if let attributes {
      while attributes[2 * attributeCount] != nil { attributeCount += 1 }
    }
    guard attributeCount <= options.maxAttributesPerElement else {
      attributeCountExceeded(parserContext, name: Self.quotedName(name), count: attributeCount)
      return
    }
    _ = builder.startElement(name: internName(name), line: currentLine)
    guard let attributes else { return }
    for position in 0..<attributeCount {
      guard let attributeName = attributes[2 * position] else { break }
      let nameIndex = internName(attributeName)
      let offset = builder.bytes.count
      if let value = attributes[2 * position + 1] {
        builder.bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(value)))
      }
      builder.appendAttribute(name: nameIndex, offset: offset, isNamespace: false)
    }
  }

  func endElement() {
    guard failure == nil else { return }
    if ignoredDepth > 0 {
      ignoredDepth -= 1
      return
    }
    builder.endElement()
  }

  func characters(_ parserContext: xmlParserCtxtPtr, _ text: UnsafeBufferPointer<UInt8>) {
    guard failure == nil, ignoredDepth == 0, !builder.stack.isEmpty else { return }
    if builder.openText < 0, builder.nodes.count >= options.maxNodes {
      nodeCountExceeded(parserContext)
      return
    }
    builder.appendText(text, line: currentLine)
  }

  func libxmlError(_ error: xmlError) {
    guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    guard diagnostics.count < Self.maxDiagnostics else {
      droppedDiagnostics += 1
      return
    }
    let text = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
    let reason = TTMessageText.escaped(
      text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " "),
      limit: 300)
    var diagnostic = TTXMLError(.malformed, reason)
    source.place(&diagnostic, line: Int(error.line), column: error.int2 > 0 ? Int(error.int2) : nil)
    diagnostics.append(diagnostic)
  }

  // MARK: - Limits

  /// Fails when a start tag has more attributes than allowed, before libxml2 spends
  /// quadratic time on it, and turns the `</body>` and `</html>` end tags into comments (see
  /// ``TTHTMLTagScanner``).
  private func prepare(_ text: [UInt8]) throws(TTXMLError) -> [UInt8] {
    source = TTHTMLSourceLines(text)
    let limit = options.maxAttributesPerElement
    let (outcome, place) = text.withUnsafeBufferPointer { buffer in
      let outcome = TTHTMLTagScanner.scan(buffer, attributeLimit: limit)
      return (outcome, outcome.violation.map { TTHTMLTagScanner.lineAndColumn(of: $0.offset, in: buffer) })
    }
    if let violation = outcome.violation, let place {
      let name = TTMessageText.escaped(violation.name, limit: 60)
      var error = TTXMLError(
        .attributeCountLimit,
        violation.isOverTotal
          ? "The start tags up to this <\(name)> hold so many attributes together that libxml2 would "
            + "take seconds to read them (it compares each attribute of a tag with all the ones before "
            + "it); the page is probably hostile. Raise options.maxAttributesPerElement to read it."
          : "The start tag <\(name)> has more than \(limit) attributes (options.maxAttributesPerElement); "
            + "the page is probably broken or hostile. Raise options.maxAttributesPerElement to read it.")
      source.place(&error, line: place.line, column: place.column)
      throw error
    }
    guard !outcome.ignoredEndTags.isEmpty else { return text }
    // Each end tag becomes a comment of the same length, its line breaks kept, so lines and
    // columns stay those of the page.
    var kept = text
    for range in outcome.ignoredEndTags where range.count >= 7 {
      for position in range where kept[position] != 0x0A { kept[position] = 0x20 }
      kept.replaceSubrange(range.lowerBound..<(range.lowerBound + 4), with: "<!--".utf8)
      kept.replaceSubrange((range.upperBound - 3)..<range.upperBound, with: "-->".utf8)
    }
    return kept
  }

  private func nodeCountExceeded(_ parserContext: xmlParserCtxtPtr) {
    stop(
      parserContext, .nodeCountLimit,
      "The page has more than \(options.maxNodes) nodes (elements and runs of text; "
        + "options.maxNodes); it is probably broken or hostile. Raise options.maxNodes to read it.")
  }

  private func attributeCountExceeded(_ parserContext: xmlParserCtxtPtr, name: String, count: Int) {
    stop(
      parserContext, .attributeCountLimit,
      "The start tag <\(name)> has \(count) attributes, more than the \(options.maxAttributesPerElement) "
        + "allowed (options.maxAttributesPerElement); the page is probably broken or hostile. Raise "
        + "options.maxAttributesPerElement to read it.")
  }

  /// Stops libxml2 with one of our errors, placed where libxml2 is.
  func stop(_ parserContext: xmlParserCtxtPtr, _ code: TTXMLError.Code, _ reason: String) {
    var error = TTXMLError(code, reason)
    if let input = parserContext.pointee.input {
      source.place(
        &error, line: Int(input.pointee.line), column: input.pointee.col > 0 ? Int(input.pointee.col) : nil)
    }
    failure = error
    xmlStopParser(parserContext)
  }

  /// A name from libxml2, safe to print, at most 60 characters.
  static func quotedName(_ name: UnsafePointer<xmlChar>) -> String {
    TTMessageText.escaped(String(cString: name), limit: 60)
  }
}

// MARK: - The callbacks

extension TTHTMLTreeParser {
  /// The handler every context is created with: our element, text and error callbacks and
  /// nothing else (no document is built, comments and processing instructions are dropped).
  nonisolated(unsafe) static let handler: htmlSAXHandler = {
    var handler = htmlSAXHandler()
    // SAX2's magic number makes libxml2 report errors through `serror`; the HTML parser
    // still calls the SAX1 element callbacks.
    handler.initialized = XML_SAX2_MAGIC
    handler.startElement = { context, name, attributes in
      guard let name else { return }
      withParser(context) { parser, parserContext in
        parser.startElement(parserContext, name: name, attributes: attributes)
      }
    }
    handler.endElement = { context, _ in
      withParser(context) { parser, _ in parser.endElement() }
    }
    handler.characters = characters
    // libxml2 hands the text of <script> and <style> to cdataBlock.
    handler.cdataBlock = characters
    handler.ignorableWhitespace = characters
    handler.serror = { context, error in
      guard let error else { return }
      withParser(context) { parser, _ in parser.libxmlError(error.pointee) }
    }
    handler._private = TTXMLLibrary.marker
    return handler
  }()

  static let characters: charactersSAXFunc = { context, text, length in
    guard let text, length > 0 else { return }
    withParser(context) { parser, parserContext in
      parser.characters(parserContext, UnsafeBufferPointer(start: text, count: Int(length)))
    }
  }

  /// Runs `body` with the parser behind a libxml2 context, without retaining it.
  @inline(__always)
  static func withParser(
    _ context: UnsafeMutableRawPointer?, _ body: (TTHTMLTreeParser, xmlParserCtxtPtr) -> Void
  ) {
    guard let context else { return }
    let parserContext = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = parserContext.pointee._private else { return }
    Unmanaged<TTHTMLTreeParser>.fromOpaque(opaque)._withUnsafeGuaranteedRef { body($0, parserContext) }
  }
}
