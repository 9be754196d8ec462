import Synchronization

/// Text with bold, italic, links, code and images, read from XHTML and drawn in a terminal
/// (Three20's `TTStyledText`).
///
/// ```swift
/// let text = try TTStyledText(xhtml: "Read <b>the docs</b> at https://three20.info.")
/// text.plainText                           // "Read the docs at https://three20.info."
/// let layout = text.layout(width: 24)
/// layout.lines.map(\.text)                 // ["Read the docs at", "https://three20.info."]
/// var canvas = TTCanvas(width: 24, height: layout.height)
/// layout.draw(on: &canvas, at: .zero)      // "the docs" bold, the URL a blue hyperlink
/// ```
///
/// A styled text is a tree of ``TTStyledNode``s under ``rootNode``. Layouts are made by
/// ``layout(width:)`` and the last one is kept, so asking again for the same width costs
/// nothing; changing ``rootNode`` or ``styling`` drops it. Copies share the kept layout safely.
public struct TTStyledText: Sendable, CustomStringConvertible {
  /// How the XHTML parser treats malformed markup.
  public enum ParsingMode: Sendable, Hashable {
    /// Malformed markup throws ``TTStyleError/Code/invalidMarkup`` with a compiler-style
    /// message. Use it for markup you write.
    case strict
    /// Nothing throws: unknown tags are dropped but their content kept, stray end tags are
    /// ignored, unclosed elements are closed at the end, and anything else is kept as text.
    /// Use it for feeds and other input you do not control.
    case lenient
  }

  /// The deepest nesting of elements the parser builds by default: 256.
  ///
  /// Deeper elements are an error in strict mode; in lenient mode they are flattened (their
  /// content goes into the deepest element). Pass a larger `maximumDepth` to
  /// ``init(xhtml:lineBreaks:urls:mode:maximumDepth:width:)`` for markup you trust to nest
  /// deeper: nothing in styled text recurses over the depth, so any limit is safe for the stack.
  public static let maximumDepth = 256

  /// The tree of nodes; its kind is ``TTStyledNode/Kind/root``.
  public var rootNode: TTStyledNode {
    didSet { cache = LayoutCache() }
  }

  /// The width used by ``height`` and ``draw(on:at:width:)``, in columns; 80 by default.
  public var width: Int

  /// How nodes look; ``TTStyledTextStyling/default`` unless set.
  public var styling: TTStyledTextStyling {
    didSet { cache = LayoutCache() }
  }

  private var cache = LayoutCache()

  /// Creates styled text from a root node (Three20's `initWithNode:`).
  ///
  /// - Parameters:
  ///   - rootNode: The tree. A node that is not a root is wrapped in one.
  ///   - width: The width for ``height`` and drawing; 80 by default.
  ///   - styling: How nodes look; the default styling by default.
  public init(rootNode: TTStyledNode, width: Int = 80, styling: TTStyledTextStyling = .default) {
    self.rootNode = rootNode.kind == .root ? rootNode : TTStyledNode(.root, children: [rootNode])
    self.width = width
    self.styling = styling
  }

  /// Parses XHTML (Three20's `textFromXHTML:lineBreaks:URLs:`).
  ///
  /// The markup is a fragment: text with tags, no `<html>` needed. Tags and attribute names are
  /// case-insensitive; attribute values may be in double, single or no quotes.
  ///
  /// | Tags | Node |
  /// |---|---|
  /// | `<b>`, `<strong>` | ``TTStyledNode/Kind/bold`` |
  /// | `<i>`, `<em>` | ``TTStyledNode/Kind/italic`` |
  /// | `<u>` | ``TTStyledNode/Kind/underline`` |
  /// | `<code>` | ``TTStyledNode/Kind/code`` |
  /// | `<span>` | ``TTStyledNode/Kind/inline`` |
  /// | `<div>`, `<p>` | ``TTStyledNode/Kind/division``, ``TTStyledNode/Kind/paragraph`` |
  /// | `<a href>` | ``TTStyledNode/Kind/link(_:)`` (without `href`: a span) |
  /// | `<br>` | ``TTStyledNode/Kind/lineBreak`` |
  /// | `<img src alt width height>` | ``TTStyledNode/Kind/image(_:)`` |
  ///
  /// Every element keeps its `class`. `<br>` and `<img>` never have content, with or without
  /// `/>`; any other element written `<x/>` is empty. Other tags are dropped and their content
  /// kept; in lenient mode their end tags are ignored (Three20's parser wrongly let an unknown
  /// end tag close the element around it). Character references are decoded: `&amp;`, `&lt;`,
  /// `&gt;`, `&quot;`, `&apos;`, the Latin-1 names such as `&nbsp;` and `&eacute;`, and
  /// `&#…;`/`&#x…;`; an unknown one is kept as written, in both modes. Comments, `<!DOCTYPE …>`
  /// and `<?…?>` are skipped; `<![CDATA[…]]>` is text. All text is passed through
  /// ``TTTerminalText/sanitized(_:keepingNewlines:)``, so escape sequences never reach a
  /// terminal. Parsing takes time linear in the input and uses no recursion; elements nest at
  /// most `maximumDepth` deep (``maximumDepth``, 256, unless raised).
  ///
  /// In strict mode the error says what is wrong and where, compiler-style:
  ///
  /// ```swift
  /// try TTStyledText(xhtml: "<b>bold <i>both</b></i>")
  /// // 1:16: error: mismatched end tag </b>: <i> opened at 1:9 is still open; close it with </i> first
  /// // <b>bold <i>both</b></i>
  /// //                ^
  /// ```
  ///
  /// Strict errors are: a mismatched or unmatched end tag, an element never closed, a tag,
  /// attribute value, comment, CDATA section or declaration not terminated, a `<` that starts no
  /// tag, an unexpected character in a tag, `=` with no value, and nesting deeper than
  /// `maximumDepth`. In lenient mode, a tag or other markup that runs to the end of the text
  /// is kept as text, and an end tag closes the innermost open element of its name together
  /// with the elements opened inside it.
  ///
  /// - Parameters:
  ///   - xhtml: The markup.
  ///   - lineBreaks: Whether each newline in the text becomes a line break; `false` by default,
  ///     so newlines are whitespace as in HTML.
  ///   - urls: Whether bare `http://` and `https://` URLs in text (outside links) become links;
  ///     `true` by default. A URL ends before whitespace and before trailing punctuation
  ///     (`. , ; : ! ? ' *`, and `)` or `]` that do not close a bracket inside the URL).
  ///   - mode: What to do with malformed markup; strict by default.
  ///   - maximumDepth: How deeply elements may nest; ``maximumDepth`` (256) by default. Deeper
  ///     elements are an error in strict mode and flattened in lenient mode. Less than 0 is 0.
  ///   - width: The width for ``height`` and drawing; 80 by default.
  /// - Throws: ``TTStyleError`` with code ``TTStyleError/Code/invalidMarkup``, in strict mode only.
  public init(
    xhtml: String, lineBreaks: Bool = false, urls: Bool = true, mode: ParsingMode = .strict,
    maximumDepth: Int = TTStyledText.maximumDepth, width: Int = 80
  ) throws(TTStyleError) {
    self.init(
      rootNode: try TTStyledTextParser.parse(
        xhtml: xhtml, lineBreaks: lineBreaks, urls: urls, mode: mode, maximumDepth: max(0, maximumDepth)),
      width: width)
  }

  /// Makes styled text from plain text, with its URLs as links (Three20's `textWithURLs:lineBreaks:`).
  ///
  /// Nothing in the text is markup: `<b>` is shown as written.
  ///
  /// ```swift
  /// let text = TTStyledText(text: "See https://x.org.\nBye", lineBreaks: true)
  /// text.rootNode.outerHTML   // "See <a href=\"https://x.org\">https://x.org</a>.<br/>Bye"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - urls: Whether bare `http://` and `https://` URLs become links; `true` by default.
  ///   - lineBreaks: Whether each newline becomes a line break; `false` by default.
  ///   - width: The width for ``height`` and drawing; 80 by default.
  public init(text: String, urls: Bool = true, lineBreaks: Bool = false, width: Int = 80) {
    self.init(
      rootNode: TTStyledTextParser.parse(text: text, lineBreaks: lineBreaks, urls: urls), width: width)
  }

  /// The text without markup (Three20's `outerText` of the root).
  ///
  /// Line breaks are `"\n"`, images their alternate text; whitespace is as in the source.
  public var plainText: String { rootNode.outerText }

  /// The text as XHTML, for debugging (Three20's `outerHTML`).
  public var outerHTML: String { rootNode.outerHTML }

  /// The XHTML (``outerHTML``).
  public var description: String { outerHTML }

  /// The first element whose class is `className` (Three20's `getElementByClassName:`).
  ///
  /// - Parameter className: The class name.
  /// - Returns: The element, or `nil`.
  public func element(withClassName className: String) -> TTStyledNode? {
    rootNode.element(withClassName: className)
  }

  /// Lays the text out to a width.
  ///
  /// See ``TTStyledTextLayout`` for the rules. The layout is kept: asking again for the same
  /// width returns it without work.
  ///
  /// - Parameter width: The width in columns; less than 1 is treated as 1.
  /// - Returns: The lines of styled runs.
  /// - Complexity: O(*n*) in the size of the text.
  public func layout(width: Int) -> TTStyledTextLayout {
    let width = max(1, width)
    if let kept = cache.layout.withLock({ $0 }), kept.width == width { return kept }
    let made = TTStyledTextLayouter.layout(rootNode, width: width, styling: styling)
    cache.layout.withLock { $0 = made }
    return made
  }

  /// The number of lines the text takes at ``width`` (Three20's `height`).
  public var height: Int { layout(width: width).height }

  /// Lays the text out to a width and draws it (Three20's `drawAtPoint:`).
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - point: Where the top-left corner goes.
  ///   - width: The width in columns; ``width`` by default.
  public func draw(on canvas: inout TTCanvas, at point: TTPoint, width: Int? = nil) {
    layout(width: width ?? self.width).draw(on: &canvas, at: point)
  }
}

/// The last layout of a ``TTStyledText``, shared by its copies.
///
/// A copy that changes its nodes or styling gets a new cache, so a kept layout always belongs
/// to the nodes and styling of every text that shares it.
private final class LayoutCache: Sendable {
  let layout = Mutex<TTStyledTextLayout?>(nil)
}
