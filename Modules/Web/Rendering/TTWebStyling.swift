public import Three20Style

/// How a web page looks in the terminal: the looks of headings, emphasis, code, links, quotes,
/// rules, tables and the marks a viewer adds (the focused link, find matches).
///
/// ``current`` reads the looks from the current stylesheet, so themes apply: each look comes
/// from the `TTStyle/textLook` of a style of the name listed on its property, where
/// `TTStyleSheet/current` has one, else from the built-in default (``default``).
///
/// | Look | Style name | Built-in default |
/// | --- | --- | --- |
/// | ``heading1`` … ``heading6`` | `webHeading1` … `webHeading6` | bold; h1 and h2 underlined too; coloured |
/// | ``strong`` | `webStrong` | bold |
/// | ``emphasis`` | `webEmphasis` | italic |
/// | ``code`` | `webCode` | light text on dark grey |
/// | ``preformatted`` | `webPreformatted` | khaki text |
/// | ``mark`` | `webMark` | black on pale yellow |
/// | ``link`` | `linkText` | the stylesheet's link colour, underlined |
/// | ``focusedLink`` | `webFocusedLink` | the link look, inverted |
/// | ``findMatch`` | `webFindMatch` | black on yellow |
/// | ``currentFindMatch`` | `webCurrentFindMatch` | bold black on orange |
/// | ``quoteBar`` | `webQuoteBar` | grey |
/// | ``rule`` | `webRule` | grey |
/// | ``tableBorder`` | `webTableBorder` | grey |
/// | ``imageAlt`` | `webImageAlt` | grey |
/// | ``formControl`` | `webFormControl` | light text on dark grey |
/// | ``listMarker`` | `webListMarker` | none |
///
/// ```swift
/// var styling = TTWebStyling.default
/// styling.heading1 = TTTextLook(color: .red, attributes: [.bold, .underline])
/// let renderer = TTWebRenderer(width: 80, styling: styling, imagesAvailable: false)
/// ```
public struct TTWebStyling: Sendable, Hashable {
  /// The look of `<h1>`: bold and underlined, so it stands out without colour.
  public var heading1: TTTextLook
  /// The look of `<h2>`: bold and underlined.
  public var heading2: TTTextLook
  /// The look of `<h3>`: bold.
  public var heading3: TTTextLook
  /// The look of `<h4>`: bold.
  public var heading4: TTTextLook
  /// The look of `<h5>`: bold.
  public var heading5: TTTextLook
  /// The look of `<h6>`: bold and italic.
  public var heading6: TTTextLook
  /// The look of `<b>`, `<strong>`, `<th>` and `<dt>`.
  public var strong: TTTextLook
  /// The look of `<i>`, `<em>`, `<cite>`, `<var>`, `<dfn>` and captions.
  public var emphasis: TTTextLook
  /// The look of inline code: `<code>`, `<kbd>`, `<samp>`, `<tt>`.
  public var code: TTTextLook
  /// The look of preformatted text (`<pre>`).
  public var preformatted: TTTextLook
  /// The look of `<mark>`.
  public var mark: TTTextLook
  /// The look of links.
  public var link: TTTextLook
  /// The look a viewer gives the focused link, over its other looks.
  public var focusedLink: TTTextLook
  /// The look of text that matches a search.
  public var findMatch: TTTextLook
  /// The look of the match a search is on.
  public var currentFindMatch: TTTextLook
  /// The look of the bar (`│`) beside quoted text.
  public var quoteBar: TTTextLook
  /// The look of `<hr>`.
  public var rule: TTTextLook
  /// The look of the lines between table cells.
  public var tableBorder: TTTextLook
  /// The look of an image's alternate text (`[alt]`).
  public var imageAlt: TTTextLook
  /// The look of form controls (`[value]`, `[Search]`, `[Choice ▾]`).
  public var formControl: TTTextLook
  /// The look of list bullets and numbers.
  public var listMarker: TTTextLook

  /// Creates a styling; every parameter defaults to the built-in look described on its
  /// property.
  ///
  /// - Parameters:
  ///   - heading1: The look of `<h1>`.
  ///   - heading2: The look of `<h2>`.
  ///   - heading3: The look of `<h3>`.
  ///   - heading4: The look of `<h4>`.
  ///   - heading5: The look of `<h5>`.
  ///   - heading6: The look of `<h6>`.
  ///   - strong: The look of bold text.
  ///   - emphasis: The look of italic text.
  ///   - code: The look of inline code.
  ///   - preformatted: The look of `<pre>`.
  ///   - mark: The look of `<mark>`.
  ///   - link: The look of links.
  ///   - focusedLink: The look of the focused link.
  ///   - findMatch: The look of search matches.
  ///   - currentFindMatch: The look of the current search match.
  ///   - quoteBar: The look of the quote bar.
  ///   - rule: The look of `<hr>`.
  ///   - tableBorder: The look of table borders.
  ///   - imageAlt: The look of alternate text.
  ///   - formControl: The look of form controls.
  ///   - listMarker: The look of list markers.
  public init(
    heading1: TTTextLook = TTWebStyling.builtIn.heading1,
    heading2: TTTextLook = TTWebStyling.builtIn.heading2,
    heading3: TTTextLook = TTWebStyling.builtIn.heading3,
    heading4: TTTextLook = TTWebStyling.builtIn.heading4,
    heading5: TTTextLook = TTWebStyling.builtIn.heading5,
    heading6: TTTextLook = TTWebStyling.builtIn.heading6,
    strong: TTTextLook = TTWebStyling.builtIn.strong,
    emphasis: TTTextLook = TTWebStyling.builtIn.emphasis,
    code: TTTextLook = TTWebStyling.builtIn.code,
    preformatted: TTTextLook = TTWebStyling.builtIn.preformatted,
    mark: TTTextLook = TTWebStyling.builtIn.mark,
    link: TTTextLook = TTWebStyling.builtIn.link,
    focusedLink: TTTextLook = TTWebStyling.builtIn.focusedLink,
    findMatch: TTTextLook = TTWebStyling.builtIn.findMatch,
    currentFindMatch: TTTextLook = TTWebStyling.builtIn.currentFindMatch,
    quoteBar: TTTextLook = TTWebStyling.builtIn.quoteBar,
    rule: TTTextLook = TTWebStyling.builtIn.rule,
    tableBorder: TTTextLook = TTWebStyling.builtIn.tableBorder,
    imageAlt: TTTextLook = TTWebStyling.builtIn.imageAlt,
    formControl: TTTextLook = TTWebStyling.builtIn.formControl,
    listMarker: TTTextLook = TTWebStyling.builtIn.listMarker
  ) {
    self.heading1 = heading1
    self.heading2 = heading2
    self.heading3 = heading3
    self.heading4 = heading4
    self.heading5 = heading5
    self.heading6 = heading6
    self.strong = strong
    self.emphasis = emphasis
    self.code = code
    self.preformatted = preformatted
    self.mark = mark
    self.link = link
    self.focusedLink = focusedLink
    self.findMatch = findMatch
    self.currentFindMatch = currentFindMatch
    self.quoteBar = quoteBar
    self.rule = rule
    self.tableBorder = tableBorder
    self.imageAlt = imageAlt
    self.formControl = formControl
    self.listMarker = listMarker
  }

  private init(builtIn: Void) {
    let grey = TTColor(red: 138, green: 138, blue: 138)
    let link = TTTextLook(color: TTColor(red: 95, green: 135, blue: 215), attributes: .underline)
    heading1 = TTTextLook(color: TTColor(red: 255, green: 215, blue: 95), attributes: [.bold, .underline])
    heading2 = TTTextLook(color: TTColor(red: 135, green: 215, blue: 255), attributes: [.bold, .underline])
    heading3 = TTTextLook(color: TTColor(red: 135, green: 215, blue: 135), attributes: .bold)
    heading4 = TTTextLook(color: TTColor(red: 215, green: 175, blue: 255), attributes: .bold)
    heading5 = TTTextLook(attributes: .bold)
    heading6 = TTTextLook(attributes: [.bold, .italic])
    strong = TTTextLook(attributes: .bold)
    emphasis = TTTextLook(attributes: .italic)
    code = TTTextLook(
      color: TTColor(red: 238, green: 238, blue: 238), backgroundColor: TTColor(red: 68, green: 68, blue: 68))
    preformatted = TTTextLook(color: TTColor(red: 215, green: 215, blue: 175))
    mark = TTTextLook(color: .black, backgroundColor: TTColor(red: 255, green: 255, blue: 135))
    self.link = link
    focusedLink = TTTextLook(color: link.color, attributes: [.underline, .inverse])
    findMatch = TTTextLook(color: .black, backgroundColor: TTColor(red: 255, green: 215, blue: 0))
    currentFindMatch = TTTextLook(
      color: .black, backgroundColor: TTColor(red: 255, green: 135, blue: 0), attributes: .bold)
    quoteBar = TTTextLook(color: grey)
    rule = TTTextLook(color: grey)
    tableBorder = TTTextLook(color: grey)
    imageAlt = TTTextLook(color: grey)
    formControl = TTTextLook(
      color: TTColor(red: 238, green: 238, blue: 238), backgroundColor: TTColor(red: 68, green: 68, blue: 68))
    listMarker = TTTextLook()
  }

  /// The built-in looks, without any stylesheet.
  public static let builtIn = TTWebStyling(builtIn: ())

  /// The built-in looks (the same as ``builtIn``): what a renderer uses when told to ignore
  /// the stylesheet.
  public static var `default`: TTWebStyling { builtIn }

  /// The looks from `TTStyleSheet/current`: each look from the style of its name (see the
  /// table above) where the stylesheet has one, else built in.
  ///
  /// Read it when rendering, after the app set its stylesheet; it reads the stylesheet each
  /// time.
  public static var current: TTWebStyling { TTWebStyling(sheet: TTStyleSheet.current) }

  /// The looks from a stylesheet: each look from the style of its name where the sheet has
  /// one, else built in.
  ///
  /// ```swift
  /// var sheet = TTStyleSheet.default
  /// sheet.setStyle(TTTextStyle(TTTextLook(color: .red, attributes: .bold)), named: "webHeading1")
  /// TTWebStyling(sheet: sheet).heading1.color == .red   // true
  /// ```
  ///
  /// - Parameter sheet: The stylesheet.
  public init(sheet: TTStyleSheet) {
    var styling = TTWebStyling.builtIn
    func look(_ name: String, _ fallback: TTTextLook) -> TTTextLook {
      sheet.style(named: name)?.textLook ?? fallback
    }
    styling.heading1 = look("webHeading1", styling.heading1)
    styling.heading2 = look("webHeading2", styling.heading2)
    styling.heading3 = look("webHeading3", styling.heading3)
    styling.heading4 = look("webHeading4", styling.heading4)
    styling.heading5 = look("webHeading5", styling.heading5)
    styling.heading6 = look("webHeading6", styling.heading6)
    styling.strong = look("webStrong", styling.strong)
    styling.emphasis = look("webEmphasis", styling.emphasis)
    styling.code = look("webCode", styling.code)
    styling.preformatted = look("webPreformatted", styling.preformatted)
    styling.mark = look("webMark", styling.mark)
    let link = look("linkText", styling.link)
    styling.link = link
    var focused = link
    focused.attributes.insert(.inverse)
    styling.focusedLink = look("webFocusedLink", focused)
    styling.findMatch = look("webFindMatch", styling.findMatch)
    styling.currentFindMatch = look("webCurrentFindMatch", styling.currentFindMatch)
    styling.quoteBar = look("webQuoteBar", styling.quoteBar)
    styling.rule = look("webRule", styling.rule)
    styling.tableBorder = look("webTableBorder", styling.tableBorder)
    styling.imageAlt = look("webImageAlt", styling.imageAlt)
    styling.formControl = look("webFormControl", styling.formControl)
    styling.listMarker = look("webListMarker", styling.listMarker)
    self = styling
  }

  /// The look of a heading level, 1 to 6 (levels outside are clamped).
  ///
  /// - Parameter level: The heading's level.
  /// - Returns: Its look.
  public func heading(_ level: Int) -> TTTextLook {
    switch level {
    case ...1: heading1
    case 2: heading2
    case 3: heading3
    case 4: heading4
    case 5: heading5
    default: heading6
    }
  }
}
