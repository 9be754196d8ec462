/// How each kind of styled-text node looks: bold, italic, links, code and class names.
///
/// Three20's `TTStyledLayout` made bold and italic from the system font, took links from the
/// stylesheet's `linkText:` style and looked up `class="x"` with `styleWithSelector:`. Here the
/// looks are ``TTTextLook`` values and classes are looked up through a closure, so styled text
/// works without any stylesheet:
///
/// ```swift
/// var styling = TTStyledTextStyling()
/// styling.styleForClass = { name in
///   name == "warning" ? TTTextStyle(TTTextLook(color: .red, attributes: .bold)).style : nil
/// }
/// var text = try TTStyledText(xhtml: "<span class=\"warning\">Careful</span>")
/// text.styling = styling   // "Careful" is drawn bold and red
/// ```
///
/// A node's cell style is its parent's, with the node's look applied on top (``apply(_:to:)``),
/// then the look of its class. Looks only add: a colour replaces the inherited one, attributes
/// are added to the inherited ones.
public struct TTStyledTextStyling: Sendable {
  /// The look of all text, applied at the root; no colours or attributes by default.
  public var text: TTTextLook
  /// The look of `<b>` and `<strong>`; bold by default.
  public var bold: TTTextLook
  /// The look of `<i>` and `<em>`; italic by default.
  public var italic: TTTextLook
  /// The look of `<u>`; underlined by default.
  public var underline: TTTextLook
  /// The look of `<code>`; by default light text on a dark grey background, so code stands out
  /// where the terminal shows colours.
  public var code: TTTextLook
  /// The look of links (Three20's `linkText:` style); blue and underlined by default.
  public var link: TTTextLook
  /// The look of an image's placeholder, `[alt]`; grey by default.
  public var image: TTTextLook
  /// The style for a `class` name, whose ``TTStyle/textLook`` applies to the element; by
  /// default the style of that name in ``TTStyleSheet/current``.
  ///
  /// Called once per class name and layout.
  public var styleForClass: @Sendable (String) -> TTStyle?

  /// Creates a styling; every parameter defaults to the look described on its property.
  ///
  /// - Parameters:
  ///   - text: The look of all text.
  ///   - bold: The look of `<b>` and `<strong>`.
  ///   - italic: The look of `<i>` and `<em>`.
  ///   - underline: The look of `<u>`.
  ///   - code: The look of `<code>`.
  ///   - link: The look of links.
  ///   - image: The look of image placeholders.
  ///   - styleForClass: The style for a class name, or `nil`; by default the current
  ///     stylesheet's style of that name.
  public init(
    text: TTTextLook = TTTextLook(),
    bold: TTTextLook = TTTextLook(attributes: .bold),
    italic: TTTextLook = TTTextLook(attributes: .italic),
    underline: TTTextLook = TTTextLook(attributes: .underline),
    code: TTTextLook = TTTextLook(
      color: TTColor(red: 238, green: 238, blue: 238), backgroundColor: TTColor(red: 68, green: 68, blue: 68)),
    link: TTTextLook = TTTextLook(color: .blue, attributes: .underline),
    image: TTTextLook = TTTextLook(color: .gray),
    styleForClass: @escaping @Sendable (String) -> TTStyle? = { TTStyleSheet.current.style(named: $0) }
  ) {
    self.text = text
    self.bold = bold
    self.italic = italic
    self.underline = underline
    self.code = code
    self.link = link
    self.image = image
    self.styleForClass = styleForClass
  }

  /// The default styling: no stylesheet needed.
  public static let `default` = TTStyledTextStyling()

  /// The look of a kind of node, or `nil` for kinds that have none of their own (text, line
  /// breaks, blocks, spans).
  ///
  /// - Parameter kind: The node's kind.
  /// - Returns: The look.
  public func look(for kind: TTStyledNode.Kind) -> TTTextLook? {
    switch kind {
    case .root: text
    case .bold: bold
    case .italic: italic
    case .underline: underline
    case .code: code
    case .link: link
    case .image: image
    case .text, .lineBreak, .division, .paragraph, .inline: nil
    }
  }

  /// A look applied over an inherited cell style.
  ///
  /// - Parameters:
  ///   - look: The look.
  ///   - style: The inherited style.
  /// - Returns: `style` with the look's colours, where it has them, and its attributes added.
  public static func apply(_ look: TTTextLook, to style: TTCellStyle) -> TTCellStyle {
    var result = style
    if let color = look.color { result.foreground = color }
    if let background = look.backgroundColor { result.background = background }
    result.attributes.formUnion(look.attributes)
    return result
  }
}
