import Testing
import Three20Style

/// One declaration and the layers it should make.
struct DeclarationCase: Sendable, CustomTestStringConvertible {
  let css: String
  let layers: [TTStyle.Layer]
  var testDescription: String { css }

  init(_ css: String, _ layers: TTStyle.Layer...) {
    self.css = css
    self.layers = layers
  }
}

/// One colour as written and the colour it should be.
struct ColorCase: Sendable, CustomTestStringConvertible {
  let css: String
  let color: TTColor
  var testDescription: String { css }

  init(_ css: String, _ color: TTColor) {
    self.css = css
    self.color = color
  }
}

/// One stylesheet with a mistake and the whole error message it should give.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  let css: String
  let message: String
  var testDescription: String { message.split(separator: "\n").first.map(String.init) ?? message }

  init(_ css: String, _ message: String) {
    self.css = css
    self.message = message
  }
}

@Suite("TTStyleSheet(css:)")
struct TTStyleSheetParserTests {
  private static let white = TTColor.white
  private static let red = TTColor.red
  private static let blue = TTColor.blue

  static let declarations: [DeclarationCase] = [
    DeclarationCase("shape: rectangle", .shape(.rectangle)),
    DeclarationCase("shape: rounded(2)", .shape(.rounded(2))),
    DeclarationCase(
      "shape: rounded(1 2 3 round)",
      .shape(.roundedRectangle(TTCornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: -1)))),
    DeclarationCase("shape: round", .shape(.rounded(TTCornerRadii.fullyRound))),
    DeclarationCase("shape: left-arrow(1)", .shape(.roundedLeftArrow(radius: 1))),
    DeclarationCase("shape: right-arrow(2)", .shape(.roundedRightArrow(radius: 2))),
    DeclarationCase(
      "shape: speech-bubble(1, 45.5, 270, 2 1)",
      .shape(
        .speechBubble(radius: 1, pointLocation: 45.5, pointAngle: 270, pointSize: TTSize(width: 2, height: 1))
      )),
    DeclarationCase("background: red", .solidFill(red)),
    DeclarationCase("background: linear-gradient(red, blue)", .linearGradientFill(red, blue)),
    DeclarationCase("background: reflective(red)", .reflectiveFill(red, bottomHighlight: false)),
    DeclarationCase("background: reflective(red, highlight)", .reflectiveFill(red, bottomHighlight: true)),
    DeclarationCase("border: 2 red", .solidBorder(red, width: 2)),
    DeclarationCase("border: red", .solidBorder(red, width: 1)),
    DeclarationCase("border-top: red", .fourBorder(TTFourBorder(top: red))),
    DeclarationCase("border-right: 2 red", .fourBorder(TTFourBorder(right: red, width: 2))),
    DeclarationCase("border-bottom: red", .fourBorder(TTFourBorder(bottom: red))),
    DeclarationCase("border-left: none", .fourBorder(TTFourBorder())),
    DeclarationCase(
      "border: bevel(white, red, 2, 270)",
      .bevelBorder(TTBevelBorder(highlight: white, shadow: red, width: 2, lightSource: 270))),
    DeclarationCase("border: bevel(white, red)", .bevelBorder(TTBevelBorder(highlight: white, shadow: red))),
    DeclarationCase("border: highlight(red, white, 2)", .highlightBorder(red, highlight: white, width: 2)),
    DeclarationCase("border: highlight(red, white)", .highlightBorder(red, highlight: white, width: 1)),
    DeclarationCase(
      "border: gradient(red 0.25, blue 0.75, 2)",
      .linearGradientBorder(
        TTGradientBorder(color1: red, location1: 0.25, color2: blue, location2: 0.75, width: 2))),
    DeclarationCase(
      "border: gradient(red, blue)", .linearGradientBorder(TTGradientBorder(color1: red, color2: blue))),
    DeclarationCase(
      "box-shadow: 1 2 3 red", .shadow(TTShadow(color: red, blur: 3, offset: TTPoint(x: 1, y: 2)))),
    DeclarationCase(
      "box-shadow: -1 0 red", .shadow(TTShadow(color: red, blur: 0, offset: TTPoint(x: -1, y: 0)))),
    DeclarationCase(
      "box-shadow: inset 0 1 2 red", .innerShadow(TTShadow(color: red, blur: 2, offset: TTPoint(x: 0, y: 1)))),
    DeclarationCase("inset: 1", .inset(TTEdgeInsets(all: 1))),
    DeclarationCase("inset: 1 2", .inset(TTEdgeInsets(vertical: 1, horizontal: 2))),
    DeclarationCase("inset: 1 2 3", .inset(TTEdgeInsets(top: 1, left: 2, bottom: 3, right: 2))),
    DeclarationCase("inset: 1 2 3 -4", .inset(TTEdgeInsets(top: 1, left: -4, bottom: 3, right: 2))),
    DeclarationCase("margin: 1 2", .box(TTBox(margin: TTEdgeInsets(vertical: 1, horizontal: 2)))),
    DeclarationCase("padding: 0 1", .box(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))),
    DeclarationCase("min-width: 4", .box(TTBox(minimumSize: TTSize(width: 4, height: 0)))),
    DeclarationCase("min-height: 2", .box(TTBox(minimumSize: TTSize(width: 0, height: 2)))),
    DeclarationCase("position: static", .box(TTBox(position: .static))),
    DeclarationCase("position: absolute", .box(TTBox(position: .absolute))),
    DeclarationCase("position: float-left", .box(TTBox(position: .floatLeft))),
    DeclarationCase("position: float-right", .box(TTBox(position: .floatRight))),
    DeclarationCase("color: red", .text(TTTextLook(color: red))),
    DeclarationCase("color: none", .text(TTTextLook())),
    DeclarationCase("background-color: blue", .text(TTTextLook(backgroundColor: blue))),
    DeclarationCase("font-weight: bold", .text(TTTextLook(attributes: .bold))),
    DeclarationCase("font-weight: faint", .text(TTTextLook(attributes: .dim))),
    DeclarationCase("font-weight: bold faint", .text(TTTextLook(attributes: [.bold, .dim]))),
    DeclarationCase("font-weight: normal", .text(TTTextLook())),
    DeclarationCase("font-style: italic", .text(TTTextLook(attributes: .italic))),
    DeclarationCase("text-decoration: underline", .text(TTTextLook(attributes: .underline))),
    DeclarationCase("text-decoration: line-through", .text(TTTextLook(attributes: .strikethrough))),
    DeclarationCase(
      "text-decoration: line-through underline", .text(TTTextLook(attributes: [.underline, .strikethrough]))),
    DeclarationCase("inverse: true", .text(TTTextLook(attributes: .inverse))),
    DeclarationCase(
      "text-shadow: 1 -1 red", .text(TTTextLook(shadowColor: red, shadowOffset: TTPoint(x: 1, y: -1)))),
    DeclarationCase("text-shadow: none", .text(TTTextLook())),
    DeclarationCase("text-align: center", .text(TTTextLook(alignment: .center))),
    DeclarationCase("text-align: right", .text(TTTextLook(alignment: .right))),
    DeclarationCase("vertical-align: top", .text(TTTextLook(verticalAlignment: .top))),
    DeclarationCase("vertical-align: bottom", .text(TTTextLook(verticalAlignment: .bottom))),
    DeclarationCase("line-break: word-wrap", .text(TTTextLook(lineBreakMode: .wordWrap))),
    DeclarationCase("line-break: char-wrap", .text(TTTextLook(lineBreakMode: .characterWrap))),
    DeclarationCase("line-break: clip", .text(TTTextLook(lineBreakMode: .clip))),
    DeclarationCase("line-break: truncate-head", .text(TTTextLook(lineBreakMode: .truncateHead))),
    DeclarationCase("line-break: truncate-middle", .text(TTTextLook(lineBreakMode: .truncateMiddle))),
    DeclarationCase("lines: 0", .text(TTTextLook(numberOfLines: 0))),
    DeclarationCase(
      #"image: url("bundle://logo.png") "Logo""#,
      .image(TTImageLook(url: "bundle://logo.png", alternateText: "Logo"))),
    DeclarationCase("image: url(https://x.test/a.png)", .image(TTImageLook(url: "https://x.test/a.png"))),
    DeclarationCase(#"image: "◀""#, .image(TTImageLook(alternateText: "◀"))),
    DeclarationCase("image: none", .image(TTImageLook())),
    DeclarationCase("image-size: 2 1", .image(TTImageLook(size: TTSize(width: 2, height: 1)))),
    DeclarationCase("image-fit: contain", .image(TTImageLook(contentMode: .scaleAspectFit))),
    DeclarationCase("image-fit: cover", .image(TTImageLook(contentMode: .scaleAspectFill))),
    DeclarationCase("image-fit: center", .image(TTImageLook(contentMode: .center))),
    DeclarationCase(#"mask: url("mask.png")"#, .mask(imageURL: "mask.png")),
    DeclarationCase("blend: multiply", .blend(.multiply)),
    DeclarationCase("blend: lighten", .blend(.lighten)),
    DeclarationCase("content: here", .content),
  ]

  /// Every property, in every form, makes the layer it stands for.
  @Test(arguments: declarations)
  func declarationMakesItsLayer(_ example: DeclarationCase) throws {
    let sheet = try TTStyleSheet(css: "s { \(example.css); }")
    #expect(sheet.style(named: "s")?.layers == example.layers)
  }

  static let colors: [ColorCase] = [
    ColorCase("#f80", TTColor(red: 255, green: 136, blue: 0)),
    ColorCase("#F80C", TTColor(red: 255, green: 136, blue: 0, alpha: 204.0 / 255)),
    ColorCase("#ff8800", TTColor(red: 255, green: 136, blue: 0)),
    ColorCase("#ff880080", TTColor(red: 255, green: 136, blue: 0, alpha: 128.0 / 255)),
    ColorCase("rgb(255, 136, 0)", TTColor(red: 255, green: 136, blue: 0)),
    ColorCase("rgba(255, 136, 0, 0.5)", TTColor(red: 255, green: 136, blue: 0, alpha: 0.5)),
    ColorCase("rgb(127.5, 0, 0)", TTColor(unitRed: 0.5, green: 0, blue: 0)),
    ColorCase("hsv(120, 1, 0.8)", TTColor(hue: 120, saturation: 1, value: 0.8)),
    ColorCase("hsva(120, 1, 0.8, 0.25)", TTColor(hue: 120, saturation: 1, value: 0.8, alpha: 0.25)),
    ColorCase("color(srgb 0.1 0.2 0.3)", TTColor(unitRed: 0.1, green: 0.2, blue: 0.3)),
    ColorCase("color(srgb 0.1 0.2 0.3 / 0.4)", TTColor(unitRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
    ColorCase("black", .black),
    ColorCase("White", .white),
    ColorCase("grey", .gray),
    ColorCase("lightgray", .lightGray),
    ColorCase("darkgrey", .darkGray),
    ColorCase("red", .red),
    ColorCase("green", .green),
    ColorCase("blue", .blue),
    ColorCase("yellow", .yellow),
    ColorCase("transparent", .clear),
    ColorCase("accent", TTColor(red: 36, green: 112, blue: 216)),
    ColorCase("derived", TTColor(red: 36, green: 112, blue: 216)),
  ]

  /// Every colour form reads as the colour it names; names from @colors can be used after
  /// their definition, also inside @colors.
  @Test(arguments: colors)
  func colorFormReadsAsItsColor(_ example: ColorCase) throws {
    let css = """
      @colors { accent: #2470d8; derived: accent; }
      s { background: \(example.css); }
      """
    let sheet = try TTStyleSheet(css: css)
    #expect(sheet.style(named: "s")?.layers == [.solidFill(example.color)])
  }

  /// @colors and @values become the sheet's named colours and values; a later definition wins.
  @Test func namedColorsAndValues() throws {
    let sheet = try TTStyleSheet(
      css: """
        @colors {
          textColor: #000;
          linkTextColor: blue;
          textColor: white
        }
        @values { tableRowHeight: 2; tableMargin: -1; }
        """)
    #expect(sheet.colorNames == ["linkTextColor", "textColor"])
    #expect(sheet.color(named: "textColor") == .white)
    #expect(sheet.color(named: "linkTextColor") == .blue)
    #expect(sheet.value(named: "tableRowHeight") == 2)
    #expect(sheet.value(named: "tableMargin") == -1)
    #expect(sheet.styleNames.isEmpty)
  }

  /// Selectors name a style and a state; a comma gives several the same style; a later rule
  /// for the same name and state replaces the earlier one.
  @Test func selectorsAndStates() throws {
    let sheet = try TTStyleSheet(
      css: """
        /* buttons */
        button, button:disabled { background: red; }
        button:highlighted, link:selected { background: blue; }
        button:disabled { background: /* greyed */ gray; }
        empty { }
        """)
    #expect(sheet.styleNames == ["button", "empty", "link"])
    #expect(sheet.states(ofStyle: "button") == [.normal, .highlighted, .disabled])
    #expect(sheet.style(named: "button")?.layers == [.solidFill(.red)])
    #expect(sheet.style(named: "button", for: .highlighted)?.layers == [.solidFill(.blue)])
    #expect(sheet.style(named: "button", for: .disabled)?.layers == [.solidFill(.gray)])
    #expect(sheet.states(ofStyle: "link") == [.selected])
    #expect(sheet.style(named: "empty") == TTStyle.empty)
  }

  /// Declarations become layers in order, and consecutive text properties make one text layer.
  @Test func declarationOrderIsChainOrder() throws {
    let sheet = try TTStyleSheet(
      css: """
        badge {
          shape: round;
          inset: 1;
          box-shadow: 0 1 0 rgba(0, 0, 0, 0.5);
          background: reflective(#dd111b);
          inset: -1;
          border: 1 white;
          padding: 0 1;
          color: white;
          font-weight: bold;
          text-align: center
        }
        """)
    let expected = TTStyle {
      TTShapeStyle(.rounded(TTCornerRadii.fullyRound))
      TTInsetStyle(TTEdgeInsets(all: 1))
      TTShadowStyle(TTColor(red: 0, green: 0, blue: 0, alpha: 0.5), blur: 0, offset: TTPoint(x: 0, y: 1))
      TTReflectiveFillStyle(TTColor(red: 221, green: 17, blue: 27))
      TTInsetStyle(TTEdgeInsets(all: -1))
      TTSolidBorderStyle(.white)
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
      TTTextStyle(TTTextLook(color: .white, attributes: .bold, alignment: .center))
    }
    #expect(sheet.style(named: "badge") == expected)
  }

  /// A grouped property joins the layer just before it when that layer is of its group and
  /// lacks the property; repeating a property, or another layer in between, starts a new one.
  @Test func groupedPropertiesJoinOrStartLayers() throws {
    let sheet = try TTStyleSheet(
      css: """
        s {
          border-top: red; border-bottom: blue;
          border-top: white;
          border-left: 2 red;
          color: red; color: blue;
          margin: 1; padding: 1; min-width: 3;
          background: red;
          padding: 2;
        }
        """)
    #expect(
      sheet.style(named: "s")?.layers == [
        .fourBorder(TTFourBorder(top: .red, bottom: .blue)),
        .fourBorder(TTFourBorder(top: .white)),
        .fourBorder(TTFourBorder(left: .red, width: 2)),
        .text(TTTextLook(color: .red)),
        .text(TTTextLook(color: .blue)),
        .box(
          TTBox(
            margin: TTEdgeInsets(all: 1), padding: TTEdgeInsets(all: 1),
            minimumSize: TTSize(width: 3, height: 0))),
        .solidFill(.red),
        .box(TTBox(padding: TTEdgeInsets(all: 2))),
      ])
  }

  /// `@part name { … }` makes a named sub-style, found with `part(named:)`; parts can nest.
  @Test func partsNest() throws {
    let sheet = try TTStyleSheet(
      css: """
        launcher {
          @part image { shape: rounded(1); @part badge { background: red } }
          color: gray;
        }
        """)
    let style = try #require(sheet.style(named: "launcher"))
    let image = try #require(style.part(named: "image"))
    #expect(image.layers.first == .shape(.rounded(1)))
    #expect(image.part(named: "badge")?.layers == [.solidFill(.red)])
    #expect(style.textLook.color == .gray)
  }

  /// Strings understand escapes, and an unquoted url() keeps its text as written.
  @Test func stringEscapes() throws {
    let sheet = try TTStyleSheet(
      css: #"""
        s { image: url(http://a.test/x?y=1) "a \"b\" \\ \n\t \u{1F600} \z"; }
        """#)
    #expect(
      sheet.style(named: "s")?.layers == [
        .image(TTImageLook(url: "http://a.test/x?y=1", alternateText: "a \"b\" \\ \n\t 😀 z"))
      ])
  }

  /// Property, keyword and colour names ignore case; style names do not.
  @Test func caseOfNames() throws {
    let sheet = try TTStyleSheet(css: "Tab { Background: RED; TEXT-ALIGN: Center; }")
    #expect(sheet.styleNames == ["Tab"])
    #expect(sheet.style(named: "Tab")?.layers == [.solidFill(.red), .text(TTTextLook(alignment: .center))])
  }

  /// The example in the documentation of `init(css:)` reads as it says; at-rules ignore case.
  @Test func documentationExample() throws {
    let sheet = try TTStyleSheet(
      css: """
        @COLORS { accent: #2470d8; }
        badge { shape: round; background: accent; color: white; font-weight: bold; }
        """)
    #expect(sheet.color(named: "accent")?.description == "#2470d8")
    #expect(sheet.style(named: "badge")?.layers.count == 3)
  }

  /// Empty text, comments only and a byte order mark make an empty sheet.
  @Test func emptyInput() throws {
    #expect(try TTStyleSheet(css: "") == TTStyleSheet())
    #expect(try TTStyleSheet(css: "\u{FEFF} /* nothing */ \r\n") == TTStyleSheet())
  }

  static let errors: [ErrorCase] = [
    ErrorCase(
      "badge {\n  colr: red;\n}",
      """
      <css>:2:3: error: unknown property 'colr'; did you mean 'color'?
        colr: red;
        ^
      """),
    ErrorCase(
      "badge {\n\tbackgroud: red;\n}",
      """
      <css>:2:2: error: unknown property 'backgroud'; did you mean 'background'?
       backgroud: red;
       ^
      """),
    ErrorCase(
      "a { zzz: 1 }",
      """
      <css>:1:5: error: unknown property 'zzz'
      a { zzz: 1 }
          ^
      """),
    ErrorCase(
      "a { color: red\nb { color: blue }",
      """
      <css>:2:1: error: expected ';' after the value of 'color', found 'b'
      b { color: blue }
      ^
      """),
    ErrorCase(
      "a { color: red;",
      """
      <css>:1:16: error: expected '}' to close the block opened at line 1, column 3
      a { color: red;
                     ^
      """),
    ErrorCase(
      "a:hover { }",
      """
      <css>:1:3: error: unknown state 'hover' for 'a' (expected normal, highlighted, selected or disabled)
      a:hover { }
        ^
      """),
    ErrorCase(
      "a:hilighted { }",
      """
      <css>:1:3: error: unknown state 'hilighted' for 'a' (expected normal, highlighted, selected or \
      disabled); did you mean 'highlighted'?
      a:hilighted { }
        ^
      """),
    ErrorCase(
      "a { background: #ff88f; }",
      """
      <css>:1:17: error: '#ff88f' is not a hex colour; write #rgb, #rgba, #rrggbb or #rrggbbaa, such as #ff8800
      a { background: #ff88f; }
                      ^
      """),
    ErrorCase(
      "a { background: blak; }",
      """
      <css>:1:17: error: unknown colour 'blak' (define it in @colors above this line, or use a built-in \
      colour such as black, white or gray); did you mean 'black'?
      a { background: blak; }
                      ^
      """),
    ErrorCase(
      "a { color: rgb(300, 0, 0); }",
      """
      <css>:1:16: error: a red, green or blue component goes from 0 to 255, found '300'
      a { color: rgb(300, 0, 0); }
                     ^
      """),
    ErrorCase(
      "a { color: rgb(1, 2 3); }",
      """
      <css>:1:21: error: expected ',' between the components of rgb(), found '3'
      a { color: rgb(1, 2 3); }
                          ^
      """),
    ErrorCase(
      "a { inset: 1.5; }",
      """
      <css>:1:12: error: expected a whole number of cells for 'inset', found '1.5'; sizes are whole cells
      a { inset: 1.5; }
                 ^
      """),
    ErrorCase(
      "a { inset: 99999999999999999999; }",
      """
      <css>:1:12: error: '99999999999999999999' is out of range for 'inset'; use a number from -100000 to 100000
      a { inset: 99999999999999999999; }
                 ^
      """),
    ErrorCase(
      "a { position: floatleft; }",
      """
      <css>:1:15: error: unknown value 'floatleft' for 'position' (expected 'static', 'absolute', \
      'float-left' or 'float-right'); did you mean 'float-left'?
      a { position: floatleft; }
                    ^
      """),
    ErrorCase(
      "a { shape: rounded(1 2); }",
      """
      <css>:1:23: error: expected one radius or four (top-left, top-right, bottom-right, bottom-left) in rounded()
      a { shape: rounded(1 2); }
                            ^
      """),
    ErrorCase(
      "a { border: 1; }",
      """
      <css>:1:14: error: expected a colour for 'border' (#rrggbb, rgb(r, g, b), hsv(h, s, v) or a name), found ';'
      a { border: 1; }
                   ^
      """),
    ErrorCase(
      "a { color: ; }",
      """
      <css>:1:12: error: expected a value for 'color', found ';'
      a { color: ; }
                 ^
      """),
    ErrorCase(
      "a {\n  color: red;\n\n",
      """
      <css>:2:14: error: expected '}' to close the block opened at line 1, column 3
        color: red;
                   ^
      """),
    ErrorCase(
      "/* open\na { }",
      """
      <css>:1:1: error: unterminated comment; expected '*/' to close the comment that starts here
      /* open
      ^
      """),
    ErrorCase(
      "a { image: \"open; }",
      """
      <css>:1:12: error: unterminated string; expected " before the end of the line
      a { image: "open; }
                 ^
      """),
    ErrorCase(
      "@colours { }",
      """
      <css>:1:1: error: unknown at-rule '@colours' (expected @colors or @values here, or @part inside a \
      rule); did you mean '@colors'?
      @colours { }
      ^
      """),
    ErrorCase(
      "a { color: red; } }",
      """
      <css>:1:19: error: expected a style name, @colors or @values, found '}'
      a { color: red; } }
                        ^
      """),
    ErrorCase(
      "a b { }",
      """
      <css>:1:3: error: expected ',' or '{' after the selector 'a', found 'b'
      a b { }
        ^
      """),
    ErrorCase(
      "a { color: red $ }",
      """
      <css>:1:16: error: unexpected character '$'; expected a name, a number, a colour or punctuation
      a { color: red $ }
                     ^
      """),
    ErrorCase(
      "a { 漢字: red }",
      """
      <css>:1:5: error: unexpected character '漢'; expected a name, a number, a colour or punctuation
      a { 漢字: red }
          ^
      """),
    ErrorCase(
      "a { color: \u{1B}[31m }",
      """
      <css>:1:12: error: unexpected character '␛'; expected a name, a number, a colour or punctuation
      a { color: ␛[31m }
                 ^
      """),
  ]

  /// Mistakes give a compiler-style message: where, what was expected, the line and a caret.
  @Test(arguments: errors)
  func mistakeGivesCompilerStyleMessage(_ example: ErrorCase) {
    #expect(throws: TTStyleError(.invalidStylesheet, example.message)) {
      try TTStyleSheet(css: example.css)
    }
  }

  /// A mistake anywhere rejects the whole text: no half-loaded sheet.
  @Test func mistakeRejectsWholeSheet() {
    let css = """
      @colors { accent: blue; }
      good { background: accent; }
      bad { background: acent; }
      """
    let error = #expect(throws: TTStyleError.self) { try TTStyleSheet(css: css) }
    #expect(error?.code == .invalidStylesheet)
    #expect(error?.message.hasPrefix("<css>:3:19: error: unknown colour 'acent' (define it") == true)
    #expect(error?.message.contains("did you mean 'accent'?") == true)
  }

  /// An error on a very long line shows a window of it around the caret.
  @Test func longLineIsCutAroundTheCaret() {
    let css = "a { " + String(repeating: "color: red; ", count: 30) + "bogus: 1; }"
    let error = #expect(throws: TTStyleError.self) { try TTStyleSheet(css: css) }
    let lines = error?.message.split(separator: "\n", omittingEmptySubsequences: false) ?? []
    #expect(lines.count == 3)
    #expect(lines.first == "<css>:1:365: error: unknown property 'bogus'")
    #expect(lines.dropFirst().first?.hasPrefix("…") == true)
    #expect(lines.dropFirst().first?.hasSuffix("bogus: 1; }") == true)
    let caretColumn = lines.last.map { $0.count - 1 } ?? -1
    #expect(lines.dropFirst().first.map { Array($0)[caretColumn...].starts(with: "bogus") } == true)
  }

  /// Hostile input — deep nesting, huge numbers, odd characters — is rejected with an error,
  /// never a crash.
  @Test func hostileInputIsRejected() {
    let deep = "a { " + String(repeating: "@part p { ", count: 40) + String(repeating: "}", count: 41)
    #expect(throws: TTStyleError.self) { try TTStyleSheet(css: deep) }
    #expect(throws: TTStyleError.self) { try TTStyleSheet(css: "a { lines: -1 }") }
    #expect(throws: TTStyleError.self) {
      try TTStyleSheet(css: "a { shape: speech-bubble(1, 1e999, 0, 1 1) }")
    }
    #expect(throws: TTStyleError.self) { try TTStyleSheet(css: "a { color: rgb(1, 2, 3") }
    #expect(throws: TTStyleError.self) { try TTStyleSheet(css: "a { image: \"\\u{110000}\" }") }
    #expect(throws: TTStyleError.self) { try TTStyleSheet(css: "a { inset: ) }") }
    #expect(throws: TTStyleError.self) { try TTStyleSheet(css: String(repeating: "(", count: 10_000)) }
    #expect(throws: TTStyleError.self) {
      try TTStyleSheet(css: "a { " + String(repeating: "x", count: 100_000) + ": 1 }")
    }
  }

  /// Random bytes never crash the parser: they either read or throw a stylesheet error.
  @Test func randomTextNeverCrashes() {
    var generator = SeededGenerator(seed: 20)
    let alphabet = Array("ab:;{}()#,/*\"'@- 0123456789.\n\tred\u{1B}漢é")
    for _ in 0..<500 {
      let length = Int.random(in: 0..<60, using: &generator)
      let text = String(
        (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
      do {
        _ = try TTStyleSheet(css: text)
      } catch {
        #expect(error.code == .invalidStylesheet)
      }
    }
  }
}
