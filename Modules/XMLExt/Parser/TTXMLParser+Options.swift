extension TTXMLParser {
  /// How a ``TTXMLParser`` reads documents: its safety limits and leniency.
  ///
  /// The defaults are safe for documents from the network: no external entities or DTDs are
  /// ever loaded (that is not an option), entity expansion, nesting depth, attributes per
  /// element and size are limited, and any error fails the parse.
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
    /// The root element is at depth 1. A deeper element fails the parse with
    /// ``TTXMLError/Code-swift.struct/nestingDepthLimit``, wherever it comes from (the
    /// document or an entity's replacement text).
    ///
    /// This is the limit that holds: libxml2 (2.9, as Debian and Ubuntu ship it) puts no limit
    /// on the nesting of a document read through Three20's callbacks, so any value works, with
    /// or without ``allowsHugeDocuments``. Only elements nested inside an entity's replacement
    /// text stop at libxml2's own limit of 256 levels unless ``allowsHugeDocuments`` is on.
    /// Everything Three20 does with a tree (the dictionary view, comparing, printing, freeing)
    /// works without recursion, so deep documents cost memory, never stack.
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

    /// The most attributes one element may have, namespace declarations included; default
    /// 1,000.
    ///
    /// libxml2 compares each attribute of a start tag with every one before it, so a single tag
    /// with 150,000 attributes (3 MB) costs it seconds. The parser counts the attributes of each
    /// start tag in the input before libxml2 reads it, and fails with
    /// ``TTXMLError/Code-swift.struct/attributeCountLimit`` as soon as one tag has more. The
    /// same limit applies to the attributes a DTD declares for one element (`<!ATTLIST>`, which
    /// libxml2 adds to every such element) and to start tags inside an entity's value.
    ///
    /// Real documents stay far below the default; raise it for generated data with very wide
    /// elements.
    public var maxAttributesPerElement: Int = 1_000

    /// The most namespace declarations in scope at once (on an element and the elements
    /// around it); default 1,000.
    ///
    /// libxml2 resolves each prefix by searching every declaration in scope, so thousands of
    /// declarations on the way down, with elements full of prefixed attributes below them,
    /// would cost seconds per megabyte. A document over the limit fails with
    /// ``TTXMLError/Code-swift.struct/attributeCountLimit``. Real documents declare a few dozen.
    public var maxNamespacesInScope: Int = 1_000

    /// Whether libxml2's built-in limits for huge documents are lifted; default `false`.
    ///
    /// This is libxml2's `XML_PARSE_HUGE`. Without it, libxml2 refuses one comment, CDATA
    /// section, processing instruction, attribute value or tag over 10,000,000 bytes, and a
    /// name over 50,000 bytes, with ``TTXMLError/Code-swift.struct/nodeSizeLimit``; it also
    /// stops elements nested more than 256 levels inside an entity's replacement text. Text
    /// between tags is not limited. The limits above still apply.
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
    ///
    /// When set, the declaration's `encoding` is ignored altogether.
    public var encoding: String?

    /// Creates options with the defaults.
    public init() {}
  }
}
