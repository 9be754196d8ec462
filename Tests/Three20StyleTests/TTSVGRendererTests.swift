import Foundation
import FoundationXML
import Testing
import Three20Style

/// An element of a parsed SVG document.
final class SVGElement {
  let name: String
  let attributes: [String: String]
  var children: [SVGElement] = []
  var text = ""
  weak var parent: SVGElement?

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// This element and all below it, in document order.
  var all: [SVGElement] { [self] + children.flatMap(\.all) }

  /// The elements of a name, in document order.
  func elements(_ name: String) -> [SVGElement] { all.filter { $0.name == name } }

  /// The text of this element and all below it.
  var allText: String { text + children.map(\.allText).joined() }

  /// Whether `other` is below this element.
  func contains(_ other: SVGElement) -> Bool { children.contains { $0 === other || $0.contains(other) } }
}

/// Parses SVG text with `XMLParser` into a tree; `nil` when it is not well-formed.
final class SVGParser: NSObject, XMLParserDelegate {
  private var stack: [SVGElement] = []
  private var root: SVGElement?

  static func parse(_ text: String) -> SVGElement? {
    let delegate = SVGParser()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = delegate
    guard parser.parse() else { return nil }
    return delegate.root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let element = SVGElement(name: elementName, attributes: attributes)
    element.parent = stack.last
    stack.last?.children.append(element)
    if root == nil { root = element }
    stack.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}

@Suite("TTSVGRenderer")
struct TTSVGRendererTests {
  let renderer = TTSVGRenderer()
  static let size = TTSize(width: 12, height: 3)

  /// Renders, parses and checks what every document must be; returns the root.
  @discardableResult
  func parsed(
    _ style: TTStyle, size: TTSize = size, content: String? = nil, metrics: TTSVGMetrics = TTSVGMetrics(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> SVGElement {
    let svg = renderer.render(style, size: size, content: content, metrics: metrics)
    return try Self.check(svg, sourceLocation: sourceLocation)
  }

  @discardableResult
  static func check(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SVGElement {
    #expect(
      svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), sourceLocation: sourceLocation)
    let root = try #require(
      SVGParser.parse(svg), "not well-formed XML:\n\(svg)", sourceLocation: sourceLocation)
    #expect(root.name == "svg", sourceLocation: sourceLocation)
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg", sourceLocation: sourceLocation)
    #expect(root.attributes["version"] == "1.1", sourceLocation: sourceLocation)
    let viewBox = (root.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
    #expect(viewBox.count == 4, sourceLocation: sourceLocation)
    if viewBox.count == 4 {
      #expect(root.attributes["width"].flatMap(Double.init) == viewBox[2], sourceLocation: sourceLocation)
      #expect(root.attributes["height"].flatMap(Double.init) == viewBox[3], sourceLocation: sourceLocation)
      #expect(viewBox[2] > 0 && viewBox[3] > 0, sourceLocation: sourceLocation)
    }
    // Ids are unique, and every url(#id) points at one.
    let ids = root.all.compactMap { $0.attributes["id"] }
    #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)", sourceLocation: sourceLocation)
    for element in root.all {
      for value in element.attributes.values {
        for reference in Self.references(in: value) {
          #expect(ids.contains(reference), "url(#\(reference)) has no target", sourceLocation: sourceLocation)
        }
      }
    }
    return root
  }

  static func references(in value: String) -> [String] {
    var found: [String] = []
    var rest = Substring(value)
    while let start = rest.range(of: "url(#") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: ")") else { break }
      found.append(String(rest[..<end]))
      rest = rest[end...]
    }
    return found
  }

  static func viewBox(_ root: SVGElement) -> [Double] {
    (root.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
  }

  /// The element an id names.
  static func target(_ root: SVGElement, _ reference: String?) -> SVGElement? {
    guard let reference, let id = references(in: reference).first else { return nil }
    return root.all.first { $0.attributes["id"] == id }
  }

  /// Drawn elements (outside `<defs>`) of a name.
  static func drawn(_ root: SVGElement, _ name: String) -> [SVGElement] {
    let defs = root.elements("defs")
    return root.elements(name).filter { element in !defs.contains { $0.contains(element) } }
  }

  static let everyLayer: [TTStyle.Layer] = [
    .shape(.rounded(1)), .shadow(TTShadow(blur: 2)), .innerShadow(TTShadow()), .solidFill(.blue),
    .linearGradientFill(.white, .gray), .reflectiveFill(.red, bottomHighlight: true),
    .solidBorder(.black, width: 1), .fourBorder(TTFourBorder(top: .red, bottom: .blue)),
    .bevelBorder(TTBevelBorder(highlight: .white, shadow: .black)),
    .highlightBorder(.gray, highlight: .white, width: 1),
    .linearGradientBorder(TTGradientBorder(color1: .white, location1: 0.2, color2: .black, location2: 0.8)),
    .inset(TTEdgeInsets(all: 1)), .box(TTBox(margin: TTEdgeInsets(all: 1), padding: TTEdgeInsets(all: 1))),
    .text(
      TTTextLook(color: .red, attributes: [.bold, .italic, .underline, .strikethrough], shadowColor: .black)),
    .image(TTImageLook(url: "https://example.com/a.png?x=1&y=2", alternateText: "A <b>")),
    .image(TTImageLook(alternateText: "placeholder")), .mask(imageURL: "mask.png"), .blend(.multiply),
    .part(name: "badge", style: TTStyle(TTSolidFillStyle(.green))), .content,
  ]

  /// Every kind of layer, alone after a shape or in one long chain, gives a valid document.
  @Test(arguments: everyLayer)
  func everyLayerGivesValidSVG(layer: TTStyle.Layer) throws {
    try parsed(
      TTStyle([
        .shape(
          .speechBubble(radius: 1, pointLocation: 60, pointAngle: 90, pointSize: TTSize(width: 2, height: 1))),
        layer,
      ]), content: "Hi")
    try parsed(TTStyle(Self.everyLayer + [layer]), size: TTSize(width: 20, height: 8), content: "Hi")
  }

  /// A solid fill paints the outline; translucent colours use fill-opacity.
  @Test func solidFillWithOpacity() throws {
    let root = try parsed(
      TTStyle {
        TTShapeStyle(.rounded(1)); TTSolidFillStyle(TTColor.blue.withAlpha(0.5))
      })
    let path = try #require(Self.drawn(root, "path").first)
    #expect(path.attributes["fill"] == "#268bd2")
    #expect(path.attributes["fill-opacity"] == "0.5")
    #expect(path.attributes["d"]?.hasPrefix("M10 0L110 0A10 10 0 0 1") == true)
  }

  /// A gradient fill references a top-to-bottom linearGradient with both colours.
  @Test func gradientFill() throws {
    let root = try parsed(TTStyle(TTLinearGradientFillStyle(.white, .black)))
    let path = try #require(Self.drawn(root, "path").first)
    let gradient = try #require(Self.target(root, path.attributes["fill"]))
    #expect(gradient.name == "linearGradient")
    #expect(gradient.attributes["y1"] == "0" && gradient.attributes["y2"] == "60")
    #expect(gradient.attributes["x1"] == gradient.attributes["x2"])
    #expect(gradient.elements("stop").map { $0.attributes["stop-color"] } == ["#ffffff", "#000000"])
  }

  /// Two gradients in one document get different ids.
  @Test func gradientIDsAreUnique() throws {
    let root = try parsed(
      TTStyle {
        TTLinearGradientFillStyle(.white, .black); TTLinearGradientFillStyle(.red, .blue)
      })
    #expect(root.elements("linearGradient").count == 2)
  }

  /// A reflective fill is the colour with a white gloss over the top half, clipped to the shape.
  @Test func reflectiveFill() throws {
    let root = try parsed(
      TTStyle {
        TTShapeStyle(.rounded(1)); TTReflectiveFillStyle(.red, bottomHighlight: true)
      })
    let group = try #require(Self.drawn(root, "g").first)
    #expect(Self.target(root, group.attributes["clip-path"])?.name == "clipPath")
    #expect(group.elements("path").first?.attributes["fill"] == "#dc322f")
    let rects = group.elements("rect")
    #expect(rects.count == 2)
    #expect(rects.first?.attributes["height"] == "30")
    let gloss = try #require(Self.target(root, rects.first?.attributes["fill"]))
    #expect(gloss.elements("stop").allSatisfy { $0.attributes["stop-color"] == "#ffffff" })
    let plain = try parsed(TTStyle(TTReflectiveFillStyle(.red)))
    #expect(plain.elements("rect").count == 1)
  }

  /// A shadow is a blurred, offset copy drawn before the fill, and the picture grows to hold it.
  @Test func shadowBeforeFill() throws {
    let root = try parsed(
      TTStyle {
        TTShapeStyle(.rounded(1))
        TTShadowStyle(.black, blur: 2, offset: TTPoint(x: 2, y: 3))
        TTSolidFillStyle(.white)
      })
    let paths = Self.drawn(root, "path")
    #expect(paths.count == 2)
    let filter = try #require(Self.target(root, paths.first?.attributes["filter"]))
    #expect(filter.elements("feOffset").first?.attributes["dx"] == "8")
    #expect(filter.elements("feOffset").first?.attributes["dy"] == "12")
    #expect(filter.elements("feGaussianBlur").first?.attributes["stdDeviation"] == "4")
    #expect(paths.last?.attributes["fill"] == "#ffffff")
    let box = Self.viewBox(root)
    #expect(box[0] + box[2] >= 120 + 8 + 12)
    #expect(box[1] + box[3] >= 60 + 12 + 12)
  }

  /// A hard shadow has no blur step, since a zero deviation would hide the shadow.
  @Test func hardShadowHasNoBlur() throws {
    let root = try parsed(TTStyle(TTShadowStyle(.black, blur: 0)))
    #expect(root.elements("feGaussianBlur").isEmpty)
    #expect(root.elements("feOffset").count == 1)
  }

  /// An inner shadow is the area around the shape, blurred and clipped to the inside.
  @Test func innerShadowIsClippedInside() throws {
    let root = try parsed(
      TTStyle {
        TTShapeStyle(.rounded(1)); TTInnerShadowStyle(.black, blur: 1)
      })
    let group = try #require(Self.drawn(root, "g").first)
    #expect(Self.target(root, group.attributes["clip-path"])?.name == "clipPath")
    let path = try #require(group.elements("path").first)
    #expect(path.attributes["fill-rule"] == "evenodd")
    #expect(Self.target(root, path.attributes["filter"])?.name == "filter")
  }

  /// A solid border is stroked inside the frame: inset by half the stroke width.
  @Test func solidBorderStaysInside() throws {
    let root = try parsed(TTStyle(TTSolidBorderStyle(.black, width: 2)))
    let path = try #require(Self.drawn(root, "path").first)
    #expect(path.attributes["stroke-width"] == "4")
    #expect(path.attributes["fill"] == "none")
    #expect(path.attributes["d"] == "M2 2L118 2L118 58L2 58L2 2Z")
  }

  /// A border of width 0 draws nothing.
  @Test func zeroWidthBorderDrawsNothing() throws {
    let root = try parsed(
      TTStyle {
        TTSolidBorderStyle(.black, width: 0);
        TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .black, width: 0))
      })
    #expect(Self.drawn(root, "path").isEmpty)
  }

  /// A four border draws one line per side that has a colour, inside the frame.
  @Test func fourBorderOmitsNilSides() throws {
    let root = try parsed(TTStyle(TTFourBorderStyle(TTFourBorder(top: .red, bottom: .blue, left: .green))))
    let lines = root.elements("line")
    #expect(lines.map { $0.attributes["stroke"] } == ["#dc322f", "#268bd2", "#40a02b"])
    #expect(lines.first?.attributes["y1"] == "1")
    #expect(lines[1].attributes["y1"] == "59")
    #expect(lines.last?.attributes["x1"] == "1")
  }

  /// A bevel lit from the top left (Three20's 125) is light on the top and left; from below right (300), on the bottom and right.
  @Test(arguments: [
    (125, ["#ffffff", "#000000", "#000000", "#ffffff"]), (300, ["#000000", "#ffffff", "#ffffff", "#000000"]),
    (-235, ["#ffffff", "#000000", "#000000", "#ffffff"]),
  ])
  func bevelFollowsTheLight(lightSource: Int, colors: [String]) throws {
    let root = try parsed(
      TTStyle {
        TTShapeStyle(.rounded(1))
        TTBevelBorderStyle(TTBevelBorder(highlight: .white, shadow: .black, lightSource: lightSource))
      })
    // Sides in order top, right, bottom, left.
    #expect(Self.drawn(root, "path").map { $0.attributes["stroke"] ?? "" } == colors)
  }

  /// A highlight border is a border plus a highlight line along the top, just inside it.
  @Test func highlightBorder() throws {
    let root = try parsed(TTStyle(TTHighlightBorderStyle(.gray, highlight: .white, width: 1)))
    let paths = Self.drawn(root, "path")
    #expect(paths.map { $0.attributes["stroke"] } == ["#808080", "#ffffff"])
    #expect(paths.last?.attributes["d"] == "M3 3L117 3")
  }

  /// A gradient border's colours stop at its locations.
  @Test func gradientBorderStops() throws {
    let root = try parsed(
      TTStyle(
        TTLinearGradientBorderStyle(
          TTGradientBorder(color1: .white, location1: 0.25, color2: .black, location2: 0.75))))
    let path = try #require(Self.drawn(root, "path").first)
    let gradient = try #require(Self.target(root, path.attributes["stroke"]))
    #expect(gradient.elements("stop").map { $0.attributes["offset"] } == ["0.25", "0.75"])
  }

  /// An inset shrinks the frame of the following layers; a negative one grows the picture.
  @Test func insetMovesFollowingLayers() throws {
    let root = try parsed(
      TTStyle {
        TTSolidFillStyle(.red); TTInsetStyle(TTEdgeInsets(all: 1)); TTSolidFillStyle(.blue)
      })
    #expect(
      Self.drawn(root, "path").map { $0.attributes["d"] } == [
        "M0 0L120 0L120 60L0 60L0 0Z", "M10 20L110 20L110 40L10 40L10 20Z",
      ])
    let grown = try parsed(
      TTStyle {
        TTInsetStyle(TTEdgeInsets(all: -2)); TTSolidFillStyle(.blue)
      })
    #expect(Self.viewBox(grown) == [-24, -44, 168, 148])
  }

  /// A box's margin shrinks the frame, its padding the content, and the minimum size grows it.
  @Test func boxMarginPaddingAndMinimumSize() throws {
    let box = TTBox(
      margin: TTEdgeInsets(top: 0, left: 1), padding: TTEdgeInsets(left: 2),
      minimumSize: TTSize(width: 0, height: 5))
    let root = try parsed(
      TTStyle {
        TTBoxStyle(box); TTSolidFillStyle(.blue); TTTextStyle(TTTextLook(verticalAlignment: .top))
      }, content: "x")
    #expect(Self.drawn(root, "path").first?.attributes["d"] == "M10 0L120 0L120 100L10 100L10 0Z")
    #expect(root.elements("text").first?.attributes["x"] == "30")
  }

  /// Content text is XML-escaped and comes back unchanged from a parser.
  @Test func contentIsEscaped() throws {
    let hostile = "<script>alert('x') & \"y\"</script>]]>"
    let root = try parsed(TTStyle(), size: TTSize(width: 60, height: 1), content: hostile)
    #expect(root.elements("text").first?.text == hostile)
    #expect(root.elements("script").isEmpty)
  }

  /// Control characters and escape sequences cannot break the XML.
  @Test func controlCharactersAreNeutralised() throws {
    let root = try parsed(
      TTStyle(), size: TTSize(width: 40, height: 1), content: "a\u{0}b\u{1B}[31mc\u{FFFE}d\u{7}")
    let text = try #require(root.elements("text").first?.text)
    #expect(text.hasPrefix("a"))
    #expect(!text.contains("\u{1B}"))
  }

  /// Bold, italic, underline and strikethrough become font attributes; colour the fill.
  @Test func textAttributes() throws {
    let look = TTTextLook(color: .red, attributes: [.bold, .italic, .underline, .strikethrough])
    let root = try parsed(TTStyle(TTTextStyle(look)), content: "Hi")
    let group = try #require(Self.drawn(root, "g").first)
    #expect(group.attributes["font-family"] == "monospace")
    #expect(group.attributes["font-weight"] == "bold")
    #expect(group.attributes["font-style"] == "italic")
    #expect(group.attributes["text-decoration"] == "underline line-through")
    #expect(group.elements("text").first?.attributes["fill"] == "#dc322f")
  }

  /// Alignment picks the anchor and x; vertical alignment the row.
  @Test(arguments: [
    (TTTextLook.Alignment.left, TTTextLook.VerticalAlignment.top, nil as String?, "0", "14.9"),
    (.center, .middle, "middle", "60", "34.9"), (.right, .bottom, "end", "120", "54.9"),
  ])
  func textAlignment(
    alignment: TTTextLook.Alignment, vertical: TTTextLook.VerticalAlignment, anchor: String?, x: String,
    y: String
  ) throws {
    let root = try parsed(
      TTStyle(TTTextStyle(TTTextLook(alignment: alignment, verticalAlignment: vertical))), content: "Hi")
    let text = try #require(root.elements("text").first)
    #expect(text.parent?.attributes["text-anchor"] == anchor)
    #expect(text.attributes["x"] == x)
    #expect(text.attributes["y"] == y)
  }

  /// A text shadow is the same text, offset 1 pixel per cell, drawn first in the shadow colour.
  @Test func textShadow() throws {
    let look = TTTextLook(color: .white, shadowColor: .black, shadowOffset: TTPoint(x: 0, y: 1))
    let root = try parsed(TTStyle(TTTextStyle(look)), content: "Hi")
    let texts = root.elements("text")
    #expect(texts.map { $0.attributes["fill"] } == ["#000000", "#ffffff"])
    #expect(texts.map(\.text) == ["Hi", "Hi"])
    #expect(Double(texts[0].attributes["y"] ?? "") == Double(texts[1].attributes["y"] ?? "").map { $0 + 1 })
  }

  /// Long text is truncated with an ellipsis, or wrapped when the look allows several lines.
  @Test func textFitsTheContentArea() throws {
    let root = try parsed(TTStyle(), size: TTSize(width: 5, height: 3), content: "Hello world")
    #expect(root.elements("text").map(\.text) == ["Hell…"])
    let wrapped = try parsed(
      TTStyle(TTTextStyle(TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0))),
      size: TTSize(width: 5, height: 3),
      content: "Hello world")
    #expect(wrapped.elements("text").map(\.text) == ["Hello", "world"])
  }

  /// Content is drawn at the content layer, before the layers after it.
  @Test func contentLayerDrawsInPlace() throws {
    let root = try parsed(
      TTStyle {
        TTContentStyle(); TTSolidFillStyle(.red)
      }, content: "Hi")
    let order = root.all.map(\.name).filter { $0 == "text" || $0 == "path" }
    #expect(order == ["text", "path"])
    let last = try parsed(TTStyle { TTSolidFillStyle(.red) }, content: "Hi")
    #expect(last.all.map(\.name).filter { $0 == "text" || $0 == "path" } == ["path", "text"])
  }

  /// Without content, nothing textual is drawn.
  @Test func noContentNoText() throws {
    let root = try parsed(
      TTStyle {
        TTTextStyle(TTTextLook()); TTContentStyle()
      })
    #expect(root.elements("text").isEmpty)
  }

  /// An image with a URL is linked, with its URL escaped and its alternate text as the title.
  @Test func imageLinksItsURL() throws {
    let root = try parsed(
      TTStyle(
        TTImageStyle(
          TTImageLook(url: "a.png?x=1&y=\"2\"", alternateText: "<logo>", size: TTSize(width: 4, height: 2)))))
    let image = try #require(root.elements("image").first)
    #expect(image.attributes["href"] == "a.png?x=1&y=\"2\"")
    #expect(image.attributes["xlink:href"] == "a.png?x=1&y=\"2\"")
    #expect(image.attributes["width"] == "40" && image.attributes["height"] == "40")
    #expect(image.elements("title").first?.text == "<logo>")
  }

  /// An image without a URL is a placeholder with its alternate text.
  @Test func imagePlaceholder() throws {
    let root = try parsed(TTStyle(TTImageStyle(TTImageLook(alternateText: "Photo & co"))))
    #expect(root.elements("rect").first?.attributes["stroke-dasharray"] != nil)
    #expect(root.elements("text").first?.text == "Photo & co")
  }

  /// A mask wraps the following layers in a group masked by the image.
  @Test func maskWrapsFollowingLayers() throws {
    let root = try parsed(
      TTStyle {
        TTSolidFillStyle(.red); TTMaskStyle(imageURL: "m.png?a&b"); TTSolidFillStyle(.blue)
      })
    let group = try #require(Self.drawn(root, "g").first)
    let mask = try #require(Self.target(root, group.attributes["mask"]))
    #expect(mask.name == "mask")
    #expect(mask.elements("image").first?.attributes["href"] == "m.png?a&b")
    #expect(group.elements("path").map { $0.attributes["fill"] } == ["#268bd2"])
  }

  /// A blend wraps the following layers in a group with mix-blend-mode.
  @Test(arguments: TTBlendMode.allCases)
  func blendWrapsFollowingLayers(mode: TTBlendMode) throws {
    let root = try parsed(
      TTStyle {
        TTSolidFillStyle(.red); TTBlendStyle(mode); TTSolidFillStyle(.blue)
      }, content: "x")
    let group = try #require(Self.drawn(root, "g").first)
    #expect(group.attributes["style"] == "mix-blend-mode:\(mode.rawValue)")
    #expect(group.elements("path").count == 1)
    #expect(group.elements("text").count == 1)
  }

  /// A part is skipped when drawing, as in Three20.
  @Test func partIsSkipped() throws {
    let root = try parsed(TTStyle(TTPartStyle("badge", style: TTSolidFillStyle(.red))))
    #expect(Self.drawn(root, "path").isEmpty)
  }

  /// Extreme sizes, insets and radii give valid documents without crashing.
  @Test func extremeValuesStayValid() throws {
    let style = TTStyle {
      TTShapeStyle(.rounded(Int.max))
      TTShadowStyle(.black, blur: Int.max, offset: TTPoint(x: Int.min, y: Int.max))
      TTInsetStyle(TTEdgeInsets(top: Int.max, left: Int.min, bottom: Int.max, right: Int.min))
      TTSolidFillStyle(.red)
      TTBoxStyle(TTBox(minimumSize: TTSize(width: Int.max, height: Int.max)))
      TTSolidBorderStyle(.black, width: Int.max)
      TTTextStyle(TTTextLook(lineBreakMode: .characterWrap, numberOfLines: Int.max))
    }
    try parsed(
      style, size: TTSize(width: Int.max, height: Int.max), content: String(repeating: "ab ", count: 2000))
    try parsed(style, size: .zero, content: "x")
  }

  /// A gallery lays out every picture with its escaped caption, and ids stay unique.
  @Test func galleryHoldsEveryPicture() throws {
    let styles: [(title: String, style: TTStyle, size: TTSize)] = [
      ("A & <B>", TTStyle(TTLinearGradientFillStyle(.white, .black)), TTSize(width: 10, height: 2)),
      ("C", TTStyle(TTLinearGradientFillStyle(.red, .blue)), TTSize(width: 4, height: 4)),
      ("D", TTStyle(TTShadowStyle(.black, blur: 1)), TTSize(width: 6, height: 1)),
    ]
    let root = try Self.check(renderer.render(gallery: styles, columns: 2, content: "x"))
    let captions = root.children.filter { $0.name == "text" }.map(\.text)
    #expect(captions == ["A & <B>", "C", "D"])
    #expect(root.children.filter { $0.name == "g" && $0.attributes["transform"] != nil }.count == 3)
    #expect(root.elements("linearGradient").count == 2)
  }

  /// A gallery with no pictures, or a column count below one, is still valid.
  @Test func galleryEdgeCases() throws {
    try Self.check(renderer.render(gallery: [], columns: 0))
    try Self.check(renderer.render(gallery: [("x", TTStyle(), .zero)], columns: -3))
  }

  // MARK: - Golden files

  static let goldens: [(name: String, style: TTStyle, size: TTSize, content: String?)] = [
    (
      "button",
      TTStyle {
        TTShapeStyle(.rounded(1))
        TTShadowStyle(TTColor.black.withAlpha(0.4), blur: 1, offset: TTPoint(x: 0, y: 1))
        TTLinearGradientFillStyle(
          TTColor(red: 250, green: 250, blue: 250), TTColor(red: 200, green: 204, blue: 210))
        TTSolidBorderStyle(TTColor(red: 120, green: 124, blue: 130), width: 1)
        TTTextStyle(TTTextLook(color: .black, attributes: .bold, shadowColor: .white, alignment: .center))
      }, TTSize(width: 14, height: 3), "Done"
    ),
    (
      "speech-bubble",
      TTStyle {
        TTShapeStyle(
          .speechBubble(radius: 1, pointLocation: 15, pointAngle: 90, pointSize: TTSize(width: 2, height: 1)))
        TTSolidFillStyle(.white)
        TTSolidBorderStyle(.gray, width: 1)
        TTTextStyle(TTTextLook(color: .black))
        TTBoxStyle(TTBox(padding: TTEdgeInsets(top: 1, left: 2, bottom: 0, right: 2)))
      }, TTSize(width: 20, height: 4), "Hello there!"
    ),
    (
      "left-arrow",
      TTStyle {
        TTShapeStyle(.roundedLeftArrow(radius: 1))
        TTReflectiveFillStyle(TTColor(red: 80, green: 110, blue: 160))
        TTSolidBorderStyle(TTColor(red: 40, green: 60, blue: 100), width: 1)
        TTTextStyle(TTTextLook(color: .white, attributes: .bold, alignment: .center))
      }, TTSize(width: 12, height: 2), "Back"
    ),
    (
      "four-border",
      TTStyle {
        TTSolidFillStyle(TTColor(red: 240, green: 240, blue: 240))
        TTFourBorderStyle(TTFourBorder(top: .white, bottom: TTColor.black.withAlpha(0.3), width: 1))
        TTInsetStyle(TTEdgeInsets(vertical: 0, horizontal: 1))
        TTTextStyle(TTTextLook(color: .darkGray))
      }, TTSize(width: 20, height: 2), "Section"
    ),
    (
      "bevel",
      TTStyle {
        TTShapeStyle(.rounded(1))
        TTSolidFillStyle(TTColor(red: 140, green: 150, blue: 170))
        TTBevelBorderStyle(
          TTBevelBorder(highlight: TTColor(red: 225, green: 230, blue: 240), shadow: .darkGray, width: 2))
      }, TTSize(width: 12, height: 3), nil
    ),
    (
      "text-alignment",
      TTStyle {
        TTFourBorderStyle(
          TTFourBorder(top: .lightGray, right: .lightGray, bottom: .lightGray, left: .lightGray))
        TTTextStyle(
          TTTextLook(
            color: .blue, attributes: [.italic, .underline], alignment: .right, verticalAlignment: .bottom,
            lineBreakMode: .wordWrap, numberOfLines: 0))
      }, TTSize(width: 16, height: 4), "Right & bottom <wrapped> text"
    ),
  ]

  /// Representative styles match their golden SVG files (re-record with TT_RECORD_SNAPSHOTS=1).
  @Test(arguments: goldens.map(\.name))
  func goldenFile(name: String) throws {
    let golden = try #require(Self.goldens.first { $0.name == name })
    let svg = renderer.render(golden.style, size: golden.size, content: golden.content)
    try Self.check(svg)
    assertSnapshot(svg, named: "\(name).svg")
  }

  /// All the golden styles in one gallery match their golden file.
  @Test func goldenGallery() throws {
    let svg = renderer.render(
      gallery: Self.goldens.map { ($0.name, $0.style, $0.size) }, columns: 3, content: "Label")
    try Self.check(svg)
    assertSnapshot(svg, named: "gallery.svg")
  }
}
