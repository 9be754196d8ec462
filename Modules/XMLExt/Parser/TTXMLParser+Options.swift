extension TTXMLParser {
  /// How a ``TTXMLParser`` reads documents: its safety limits and leniency.
  ///
  /// The defaults are safe for documents from the network: no external entities or DTDs are
  /// ever loaded (that is not an option), entity expansion, nesting depth and size are limited,
  /// and any error fails the parse.
  ///
  /// ```swift
  /// var options = TTXMLParser.Options()
  /// options.maxDocumentSize = 5_000_000   // refuse anything above 5 MB
  /// options.recovers = true               // repair what libxml2 can, report it in diagnostics
  /// let document = try TTXMLParser.parse(data, options: options)
  /// ```
  public struct Options: Sendable, Hashable {
    /// The deepest element nesting accepted; default 256.
    ///
    /// The root element is at depth 1.
    ///
    /// libxml2 itself refuses more than 256 levels unless ``allowsHugeDocuments`` is on (then
    /// 2048), so larger values only take effect together with it.
    public var maxDepth: Int = 256

    /// The most bytes of input accepted; default 100,000,000 (100 MB).
    ///
    /// Use the streaming mode for larger feeds.
    public var maxDocumentSize: Int = 100_000_000

    /// The most bytes that entity references may expand to, over the whole document; default
    /// 1,000,000 (1 MB).
    ///
    /// Counts the text and attribute values produced by user-declared entities
    /// (`<!ENTITY name "…">`), not the five predefined ones (`&amp;` …) or character references.
    /// "Billion laughs" and "quadratic blowup" documents hit it (or libxml2's own loop
    /// detection) within milliseconds.
    public var maxEntityExpansion: Int = 1_000_000

    /// Whether libxml2's built-in limits for huge documents are lifted; default `false`.
    ///
    /// This is libxml2's `XML_PARSE_HUGE`: single text nodes over 10 MB, names over 50,000
    /// bytes, nesting up to 2048. The limits above still apply.
    public var allowsHugeDocuments: Bool = false

    /// Whether the parser repairs errors instead of failing (`XML_PARSE_RECOVER`); default
    /// `false`.
    ///
    /// In recovery mode bytes that are not valid in the declared encoding are read as
    /// ISO-8859-1, unclosed elements are closed at the end, and so on; each repaired error is
    /// listed in ``TTXMLDocument/diagnostics``. Safety limits are never relaxed. Parsing still
    /// fails when nothing usable (no root element) was found.
    public var recovers: Bool = false

    /// An encoding that overrides the document's own declaration, for example `"windows-1252"`
    /// for a server known to mislabel its feeds; default `nil` = use the byte order mark or the
    /// declaration, else UTF-8.
    public var encoding: String?

    /// Creates options with the defaults.
    public init() {}
  }
}
