public import Foundation

/// Turns untrusted HTML, such as a feed item's description, into HTML that is safe to show.
///
/// A feed decides what its HTML says: a `<script>`, an `onerror` handler, a
/// `javascript:` link, a style that loads a URL, or an escape sequence for the terminal that
/// prints it. The sanitizer keeps what an allow-list (a ``Policy``) names and nothing else, and
/// writes the result out again itself, so the output is well formed whatever the input was:
///
/// ```swift
/// let html = "<p onclick=\"steal()\">Hi <script>alert(1)</script><b>there</b>"
/// TTHTMLSanitizer.default.sanitize(html)   // "<p>Hi <b>there</b></p>"
///
/// let item = "<a href=\"/post/1\">More</a> <img src=\"x\" onerror=\"alert(1)\">"
/// let base = URL(string: "https://example.com/blog/")
/// TTHTMLSanitizer.default.sanitize(item, baseURL: base)
/// // "<a href=\"https://example.com/post/1\">More</a> <img src=\"https://example.com/blog/x\">"
/// ```
///
/// ## Elements
///
/// Elements in ``Policy/allowedElements`` are kept with the attributes the policy allows.
/// These elements are dropped with everything inside them, because their content is not text
/// for a reader: `script`, `style`, `template`, `iframe`, `object`, `applet`, `noscript`,
/// `noembed`, `noframes`, `frameset`, `head`, `title`, `textarea`, `select`, `option`,
/// `optgroup`, `datalist`, `button`, `form`, `math`, `svg`, `xmp` and `plaintext`; so are
/// `embed`, `frame`, `input`, `base`, `link`, `meta` and `param`, and comments, CDATA
/// sections, `<!DOCTYPE …>` and processing instructions (`<?xml …?>`). Any other element is
/// unwrapped: its tags go and its text stays.
///
/// ## Attributes
///
/// Attribute names are read in any case and written in lowercase; of duplicates the first
/// counts, as in HTML. An attribute is kept when the policy allows it on the element, and then:
///
/// - Addresses (`href`, `src`, `cite`, `poster`, and each candidate of `srcset`) are read the
///   way a browser reads them: character references decoded (`&#106;avascript:`), spaces and
///   control characters at either end and tabs and line breaks anywhere removed
///   (`" java\tscript:"`), the scheme read in any case (`JaVaScRiPt:`). If the
///   ``Policy/urlSchemePolicy`` refuses the scheme, the attribute is dropped; a link keeps its
///   text. A relative address is resolved against `baseURL` when one is given (the address
///   of the page or feed the HTML came from), and kept relative otherwise. `data:` URLs are
///   kept only on `img src`, and only for the image types ``Policy/allowsDataImages`` names.
///   Nothing is added to links.
/// - `style` keeps the declarations whose property is in ``Policy/allowedCSSProperties`` and
///   whose value calls no function but colour and `calc`-like ones, holds no `\`, comment,
///   `@`, `<`, `>`, braces, unbalanced quote or non-ASCII character outside quotes, and names
///   none of `url(`, `expression`, `javascript`, `behavior` or `-moz-binding`. An empty
///   result drops the attribute.
/// - Event handlers (`on…`), `id`, `class`, `name` and everything else not allowed are dropped.
///
/// ## Text and structure
///
/// - Character references in text are decoded and the text written out again with `&`, `<`
///   and `>` escaped (and `"` in attribute values), so no markup comes from text: a `<` that
///   does not start a tag is `&lt;` in the output.
/// - Control characters other than tab and line feed are removed, and `\r\n` and `\r` become
///   `\n`: the output never carries an escape sequence to a terminal.
/// - Elements are closed as a forgiving HTML parser closes them: a block element closes an
///   open `p`, and a new `li`, `dt`, `dd`, `tr`, `td`, `th`, `a` or heading closes the open one
///   it cannot nest in; an end tag closes the elements opened after its element, but not across
///   a table cell; an end tag without an open element (`</b>` alone) is dropped, and what is
///   still open at the end is closed there. Void elements (`br`, `hr`,
///   `img`, `wbr`, `col`, `source`, `track`) are written as `<br>`.
/// - Elements nested deeper than ``Policy/maximumDepth`` are unwrapped.
///
/// Sanitizing the output again gives the same output.
///
/// ## Cost
///
/// The sanitizer reads the input once from left to right, without recursion, and never gives
/// up: a tag, comment or quote that is never closed leaves its text as text. Time and memory
/// are linear in the length of the input. The output is at most about six times as long as the
/// input (every `"` in an attribute value becomes `&quot;`), plus the length of `baseURL` for
/// each relative address it resolves.
public struct TTHTMLSanitizer: Sendable {
  /// What the sanitizer keeps, with every name in lowercase.
  public let policy: Policy

  /// The sanitizer with ``Policy/default``.
  public static let `default` = TTHTMLSanitizer()

  /// Creates a sanitizer.
  ///
  /// - Parameter policy: What to keep; the default keeps the markup feed readers keep.
  public init(policy: Policy = .default) {
    self.policy = policy.normalized
  }

  /// Untrusted HTML made safe: only what the policy allows, balanced and escaped.
  ///
  /// ```swift
  /// let sanitizer = TTHTMLSanitizer.default
  /// sanitizer.sanitize("<b>bold <i>both</b> 1 < 2")     // "<b>bold <i>both</i></b> 1 &lt; 2"
  /// sanitizer.sanitize("<a href=\"java&#x09;script:alert(1)\">x</a>")   // "<a>x</a>"
  /// ```
  ///
  /// - Parameters:
  ///   - html: An HTML fragment, as it came from the data.
  ///   - baseURL: The address relative addresses are resolved against, usually the page or
  ///     feed the HTML came from; `nil` keeps them relative.
  /// - Returns: The sanitized fragment.
  /// - Complexity: O(*n*) in the length of `html`.
  public func sanitize(_ html: String, baseURL: URL? = nil) -> String {
    var run = TTHTMLSanitizerRun(html, policy: policy, baseURL: baseURL)
    return run.sanitize()
  }
}
