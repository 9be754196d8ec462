extension TTHTMLSanitizer {
  /// What a sanitizer keeps: elements, attributes, URL schemes, CSS properties and the nesting
  /// depth.
  ///
  /// Start from ``default`` and change what your app needs:
  ///
  /// ```swift
  /// var policy = TTHTMLSanitizer.Policy.default
  /// policy.allowedElements.subtract(["img", "picture", "audio", "video", "source", "track"])
  /// policy.urlSchemePolicy = TTURLSchemePolicy(allowing: ["https"])
  /// let textOnly = TTHTMLSanitizer(policy: policy)
  /// textOnly.sanitize("<p>Hi <img src=\"https://example.com/a.png\"></p>")   // "<p>Hi </p>"
  /// ```
  ///
  /// Names are compared in lowercase, whatever case a policy spells them in. A policy can widen
  /// the lists, but some things are never kept whatever it says:
  ///
  /// - Elements whose content is not text for a reader (`script`, `style`, `iframe`, `object`,
  ///   `form`, `svg` and the others listed in ``TTHTMLSanitizer``) are dropped with their
  ///   content, and `base`, `link`, `meta`, `embed` and `input` are dropped.
  /// - Event handlers (any attribute whose name starts with `on`), `srcdoc`, `ping`,
  ///   `archive`, `http-equiv` and `xmlns` attributes are dropped.
  /// - Attributes that hold an address (`href`, `src`, `cite`, `poster`, and also `action`,
  ///   `background`, `longdesc`, `data`, `xlink:href` and similar if a policy allows them)
  ///   always go through ``urlSchemePolicy``; `srcset` through it for each candidate.
  public struct Policy: Sendable, Hashable {
    /// The elements written out; any other element is unwrapped (its tags go, its text stays)
    /// or, for the elements ``TTHTMLSanitizer`` lists, dropped with its content.
    ///
    /// The default is the formatting, structure, list, table and media elements feed readers
    /// keep: `a`, `abbr`, `acronym`, `address`, `article`, `aside`, `audio`, `b`, `bdi`, `bdo`,
    /// `big`, `blockquote`, `br`, `caption`, `center`, `cite`, `code`, `col`, `colgroup`, `dd`,
    /// `del`, `details`, `dfn`, `div`, `dl`, `dt`, `em`, `figcaption`, `figure`, `footer`,
    /// `h1`–`h6`, `header`, `hr`, `i`, `img`, `ins`, `kbd`, `li`, `mark`, `ol`, `p`, `picture`,
    /// `pre`, `q`, `rp`, `rt`, `ruby`, `s`, `samp`, `section`, `small`, `source`, `span`,
    /// `strike`, `strong`, `sub`, `summary`, `sup`, `table`, `tbody`, `td`, `tfoot`, `th`,
    /// `thead`, `time`, `tr`, `track`, `tt`, `u`, `ul`, `var`, `video` and `wbr`.
    public var allowedElements: Set<String>

    /// The attributes kept on every allowed element.
    ///
    /// The default is `title`, `lang`, `dir`, `align` and `style` (whose declarations are
    /// filtered by ``allowedCSSProperties``). `id`, `class` and `name` are not kept: an `id` or
    /// `name` from data can shadow the page's own names in a web view's scripts (DOM
    /// clobbering), and a `class` borrows the page's styles, which lets content dress up as the
    /// app. Links to fragments inside the content (`href="#note1"`) lose their target.
    public var allowedAttributes: Set<String>

    /// The attributes kept on particular elements, besides ``allowedAttributes``.
    ///
    /// The default keeps what each element needs to mean the same: `href` and `hreflang` on `a`;
    /// `src`, `srcset`, `sizes`, `alt`, `width` and `height` on `img`; `cite` on `blockquote`
    /// and `q`, with `datetime` on `del` and `ins`; `datetime` on `time`; `start`, `reversed`
    /// and `type` on `ol`, `value` and `type` on `li`, `type` on `ul`; table sizes, spans and
    /// header links (`colspan`, `rowspan`, `headers`, `scope`, `abbr`, `valign`, `span`,
    /// `border`, `cellpadding`, `cellspacing`, `summary`, `width`, `height`); `open` on
    /// `details`; and for media `src`, `controls`, `loop`, `muted`, `poster` (`video`),
    /// `src`, `srcset`, `sizes`, `type`, `media` (`source`) and `src`, `kind`, `srclang`,
    /// `label`, `default` (`track`). `autoplay` and `preload` are left out: content should not
    /// start sound or downloads by itself.
    public var allowedAttributesByElement: [String: Set<String>]

    /// The URL schemes kept in addresses; default ``TTURLSchemePolicy/default`` (`http`,
    /// `https`, `mailto` and relative references).
    ///
    /// An address the policy refuses drops its attribute: a link keeps its text, an image its
    /// `alt`. `data:` URLs are never allowed through this policy, even if it names `data`; see
    /// ``allowsDataImages``.
    public var urlSchemePolicy: TTURLSchemePolicy

    /// Whether `img src` may be a `data:` URL of a PNG, JPEG, GIF, WebP or AVIF image; default
    /// `true`.
    ///
    /// Only those media types, and only on `img src`: `data:image/svg+xml` (which can hold a
    /// script), `data:text/html` and any other `data:` URL are always dropped.
    public var allowsDataImages: Bool

    /// The CSS properties kept in `style` attributes.
    ///
    /// The default is text and box properties that cannot load anything or move content over
    /// the page: `color`, `background-color`, the `font-` properties (`font-family`,
    /// `font-size`, `font-style`, `font-variant`, `font-weight`), `text-align`,
    /// `text-decoration`, `text-indent`, `text-transform`, `vertical-align`, `white-space`,
    /// `letter-spacing`, `word-spacing`, `line-height`, `width`, `height`, `max-width`,
    /// `border` with its sides, colours, style, width and `border-collapse`, `direction`,
    /// `unicode-bidi` and `list-style-type`. Not `position`, `margin`, `display` or `z-index`,
    /// which let content cover or hide the app's own; not `background` or anything else that
    /// takes a URL.
    public var allowedCSSProperties: Set<String>

    /// The most elements nested inside one another; default 256.
    ///
    /// An element that would be nested deeper is unwrapped: its tags are dropped and its text
    /// kept. Real content stays far below the default; the limit keeps the output from
    /// nesting deeper than a browser or a renderer walking it is built for.
    public var maximumDepth: Int

    /// The policy ``TTHTMLSanitizer/default`` uses; see each property for what it allows.
    public static let `default` = Policy()

    /// Creates the default policy, to be changed property by property.
    public init() {
      allowedElements = Self.defaultElements
      allowedAttributes = ["title", "lang", "dir", "align", "style"]
      allowedAttributesByElement = Self.defaultAttributesByElement
      urlSchemePolicy = .default
      allowsDataImages = true
      allowedCSSProperties = Self.defaultCSSProperties
      maximumDepth = 256
    }

    private static let defaultElements: Set<String> = [
      "a", "abbr", "acronym", "address", "article", "aside", "audio", "b", "bdi", "bdo", "big",
      "blockquote", "br", "caption", "center", "cite", "code", "col", "colgroup", "dd", "del",
      "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3",
      "h4", "h5", "h6", "header", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
      "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp", "section", "small", "source", "span",
      "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
      "time", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]

    private static let defaultAttributesByElement: [String: Set<String>] = {
      let cell: Set<String> = ["colspan", "rowspan", "headers", "width", "height", "valign"]
      let rowGroup: Set<String> = ["valign"]
      let column: Set<String> = ["span", "width", "valign"]
      return [
        "a": ["href", "hreflang"],
        "img": ["src", "srcset", "sizes", "alt", "width", "height"],
        "blockquote": ["cite"],
        "q": ["cite"],
        "del": ["cite", "datetime"],
        "ins": ["cite", "datetime"],
        "time": ["datetime"],
        "ol": ["start", "reversed", "type"],
        "ul": ["type"],
        "li": ["value", "type"],
        "table": ["border", "cellpadding", "cellspacing", "width", "summary"],
        "td": cell,
        "th": cell.union(["abbr", "scope"]),
        "tr": rowGroup,
        "thead": rowGroup,
        "tbody": rowGroup,
        "tfoot": rowGroup,
        "col": column,
        "colgroup": column,
        "details": ["open"],
        "audio": ["src", "controls", "loop", "muted"],
        "video": ["src", "controls", "loop", "muted", "poster", "width", "height"],
        "source": ["src", "srcset", "sizes", "type", "media", "width", "height"],
        "track": ["src", "kind", "srclang", "label", "default"],
      ]
    }()

    private static let defaultCSSProperties: Set<String> = [
      "color", "background-color", "font-family", "font-size", "font-style", "font-variant",
      "font-weight", "text-align", "text-decoration", "text-indent", "text-transform",
      "vertical-align", "white-space", "letter-spacing", "word-spacing", "line-height", "width",
      "height", "max-width", "border", "border-top", "border-right", "border-bottom", "border-left",
      "border-color", "border-top-color", "border-right-color", "border-bottom-color",
      "border-left-color", "border-style", "border-width", "border-collapse", "direction",
      "unicode-bidi", "list-style-type",
    ]

    /// The policy with every name in lowercase, as the sanitizer compares them.
    var normalized: Policy {
      var copy = self
      copy.allowedElements = Set(allowedElements.map { $0.lowercased() })
      copy.allowedAttributes = Set(allowedAttributes.map { $0.lowercased() })
      copy.allowedAttributesByElement = [:]
      for (element, attributes) in allowedAttributesByElement {
        copy.allowedAttributesByElement[element.lowercased(), default: []].formUnion(
          attributes.map { $0.lowercased() })
      }
      copy.allowedCSSProperties = Set(allowedCSSProperties.map { $0.lowercased() })
      copy.maximumDepth = max(0, maximumDepth)
      return copy
    }

    /// Whether an element may be written out: allowed, and not one of those always dropped.
    func allowsElement(_ name: String) -> Bool {
      allowedElements.contains(name) && !TTHTMLSanitizer.alwaysDropped.contains(name)
    }

    /// Whether an attribute (lowercase) may be kept on an element (lowercase).
    func allowsAttribute(_ name: String, on element: String) -> Bool {
      guard allowedAttributes.contains(name) || allowedAttributesByElement[element]?.contains(name) == true
      else { return false }
      return !name.hasPrefix("on") && !name.hasPrefix("xmlns")
        && !TTHTMLSanitizer.forbiddenAttributes.contains(name)
    }
  }
}

extension TTHTMLSanitizer {
  /// Elements whose text is raw (not markup) in HTML, dropped with everything up to their end
  /// tag; `plaintext` has none, so it drops the rest of the input.
  static let rawTextElements: Set<String> = [
    "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title",
    "plaintext",
  ]

  /// Elements dropped with their content, which is markup: a count of nested elements of the
  /// same name finds their end.
  static let droppedElements: Set<String> = [
    "template", "object", "applet", "frameset", "head", "select", "option", "optgroup",
    "datalist", "button", "form", "math", "svg",
  ]

  /// Elements without content that are dropped whatever the policy says.
  static let droppedVoidElements: Set<String> = [
    "base", "basefont", "bgsound", "embed", "frame", "input", "keygen", "link", "meta", "param",
  ]

  /// Every element that is never written out.
  static let alwaysDropped = rawTextElements.union(droppedElements).union(droppedVoidElements)

  /// Elements that have no end tag and no content.
  static let voidElements: Set<String> = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image", "img",
    "input", "keygen", "link", "meta", "param", "source", "track", "wbr",
  ]

  /// Attributes never kept, besides event handlers (`on…`) and namespace declarations
  /// (`xmlns…`).
  static let forbiddenAttributes: Set<String> = ["srcdoc", "ping", "archive", "http-equiv"]

  /// Attributes that hold one address, checked against the URL scheme policy.
  static let urlAttributes: Set<String> = [
    "href", "src", "cite", "poster", "action", "formaction", "background", "codebase", "data",
    "dynsrc", "longdesc", "lowsrc", "manifest", "usemap", "icon", "profile", "classid",
    "xlink:href", "xml:base",
  ]

  /// Attributes that hold a list of image candidates (`url 2x, url 640w`).
  static let srcsetAttributes: Set<String> = ["srcset", "imagesrcset"]

  /// The media types a `data:` URL in `img src` may have.
  static let dataImageTypes: Set<String> = [
    "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif",
  ]

  /// The CSS functions a declaration's value may call; any other `(` drops the declaration.
  static let cssFunctions: Set<String> = [
    "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "calc", "min",
    "max", "clamp",
  ]

  /// Words that drop a CSS declaration wherever they appear in its value (lowercased).
  static let cssForbiddenWords: [String] = [
    "expression", "javascript", "vbscript", "livescript", "behavior", "behaviour", "-moz-binding",
    "url(", "image(", "image-set(", "/*", "*/",
  ]
}
