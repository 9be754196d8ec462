import CLibXML2

/// Process-wide libxml2 set-up, done once (internal).
///
/// `xmlInitParser` must run once before contexts are used from several threads, and the
/// external entity loader is a process-global setting. The loader installed here refuses every
/// external entity or DTD asked for by a Three20XML parser context and hands requests from other
/// code (another library using libxml2 in the same process) to the loader that was installed
/// before, so it does not change their behaviour. Three20XML never sets `XML_PARSE_NOENT` or
/// `XML_PARSE_DTDLOAD`, so libxml2 does not even ask; the loader is a second line of defence.
enum TTXMLLibrary {
  /// The loader that was active before ours.
  nonisolated(unsafe) private static var previousLoader: xmlExternalEntityLoader?

  /// Runs the set-up once; cheap to call again.
  static func ensureInitialized() {
    _ = initialized
  }

  private static let initialized: Bool = {
    xmlInitParser()
    previousLoader = xmlGetExternalEntityLoader()
    xmlSetExternalEntityLoader { url, id, context in
      if let context, TTXMLLibrary.isOurs(context) { return nil }
      return TTXMLLibrary.previousLoader?(url, id, context)
    }
    return true
  }()

  /// The marker every Three20XML context carries in its SAX handler's `_private` slot.
  ///
  /// `nonisolated(unsafe)`: the pointer is only compared, never read or written through.
  nonisolated(unsafe) static let marker = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

  /// Whether a parser context (or an entity sub-context, which shares the SAX handler) is one
  /// of ours.
  static func isOurs(_ context: xmlParserCtxtPtr) -> Bool {
    guard let sax = context.pointee.sax else { return false }
    return sax.pointee._private == marker
  }
}
