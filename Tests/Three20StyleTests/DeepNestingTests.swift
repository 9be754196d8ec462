// Input nested a million levels deep: nothing in Three20Style may recurse over the depth, not
// even comparing, hashing or freeing what was read (issue 13).
import Testing

@testable import Three20Style

@Suite("Deep nesting", .serialized)
struct DeepNestingTests {
  /// How deep the hostile inputs go.
  static let depth = 1_000_000

  /// `<b>` a million times, the text, then every `</b>`.
  private static func nestedBold(_ text: String, depth: Int = depth) -> String {
    String(repeating: "<b>", count: depth) + text + String(repeating: "</b>", count: depth)
  }

  /// A chain of nodes `depth` deep built by hand, with `text` at the bottom.
  private static func chain(_ text: String, depth: Int = depth) -> TTStyledNode {
    var node = TTStyledNode.text(text)
    for _ in 0..<depth { node = TTStyledNode(.bold, children: [node]) }
    return node
  }

  // MARK: - Styled text

  /// Markup a million elements deep, read with the depth limit raised: the text, its XHTML,
  /// its layout, comparing, hashing and searching the tree, and freeing it all work.
  @Test func styledTextAMillionLevelsDeep() throws {
    let source = Self.nestedBold("x")
    let text = try TTStyledText(xhtml: source, maximumDepth: Self.depth)
    #expect(text.plainText == "x")
    #expect(text.outerHTML == source)
    #expect(text.layout(width: 10).plainText == "x")
    #expect(text.element(withClassName: "none") == nil)
    let same = TTStyledNode(.root, children: [Self.chain("x")])
    #expect(text.rootNode == same)
    #expect(text.rootNode.hashValue == same.hashValue)
    #expect(text.rootNode != TTStyledNode(.root, children: [Self.chain("y")]))
  }

  /// Unclosed elements a million deep are closed at the end in lenient mode, without recursion.
  @Test func lenientUnclosedAMillionLevelsDeep() throws {
    let source = String(repeating: "<i>", count: Self.depth) + "x"
    let text = try TTStyledText(xhtml: source, mode: .lenient, maximumDepth: Self.depth)
    #expect(text.plainText == "x")
    #expect(text.layout(width: 1).height == 1)
  }

  /// A tree a million levels deep built by hand is walked, changed in a copy, and freed.
  @Test func handBuiltNodeChain() {
    let node = Self.chain("x")
    #expect(node.outerText == "x")
    var copy = node
    copy.children[0].className = "changed"  // copy on write: the original keeps its children
    #expect(copy != node)
    #expect(node.children[0].className == nil)
    #expect(copy.children[0].children == node.children[0].children)
  }

  /// The default limit is named in the strict error, with what to do.
  @Test func depthErrorNamesTheLimit() {
    #expect(throws: TTStyleError.self) { try TTStyledText(xhtml: Self.nestedBold("x", depth: 257)) }
    do {
      _ = try TTStyledText(xhtml: Self.nestedBold("x", depth: 257))
    } catch {
      #expect(error.message.contains("elements are nested more than 256 deep at <b>"))
      #expect(error.message.contains("raise the limit (maximumDepth:)"))
    }
    #expect((try? TTStyledText(xhtml: Self.nestedBold("x", depth: 257), maximumDepth: 257)) != nil)
  }

  // MARK: - Styles and stylesheets

  /// A style whose part holds a style whose part holds … `depth` levels, a fill at the bottom.
  private static func nestedParts(_ color: TTColor, depth: Int = depth) -> TTStyle {
    var style = TTStyle([.solidFill(color)])
    for _ in 0..<depth { style = TTStyle([.part(name: "p", style: style)]) }
    return style
  }

  /// `a { @part p { @part p { … background: <color> … } } }`, `depth` parts deep.
  private static func nestedPartsCSS(_ color: String, depth: Int = depth) -> String {
    "a { " + String(repeating: "@part p { ", count: depth) + "background: \(color); "
      + String(repeating: "} ", count: depth + 1)
  }

  /// Parts nested a million deep, built in code: compared, hashed, looked into and freed.
  @Test func styleWithPartsAMillionDeep() {
    let style = Self.nestedParts(.red)
    let same = Self.nestedParts(.red)
    #expect(style == same)
    #expect(style.hashValue == same.hashValue)
    #expect(style != Self.nestedParts(.blue))
    #expect(style.layers.first == same.layers.first)
    var innermost = style
    while let part = innermost.part(named: "p") { innermost = part }
    #expect(innermost.layers == [.solidFill(.red)])
    var sheet = TTStyleSheet()
    sheet.setStyle(style, named: "a")
    var other = TTStyleSheet()
    other.setStyle(same, named: "a")
    #expect(sheet == other)
  }

  /// A stylesheet with `@part` blocks nested a million deep, read with the nesting limit
  /// raised, gives the style built in code, and is written out again.
  @Test func stylesheetWithPartsAMillionDeep() throws {
    var parser = try TTStyleSheetParser(
      text: Self.nestedPartsCSS("#ff0000"), sourceName: "<css>", partNestingLimit: Self.depth)
    let sheet = try parser.parse()
    #expect(sheet.style(named: "a") == Self.nestedParts(TTColor(red: 255, green: 0, blue: 0)))
    let lines = sheet.css.split(separator: "\n")
    #expect(lines.count == 2 * Self.depth + 3)  // the rule, each part opened and closed, the fill
    // Parts are indented 16 levels at most, so the text grows linearly with the nesting.
    let indent = String(repeating: " ", count: 2 * 17)
    #expect(lines.allSatisfy { !$0.hasPrefix(indent + " ") })
    #expect(lines[Self.depth + 1] == indent + "background: #ff0000;")
  }

  /// By default parts nest 16 deep; the 17th is an error that names the limit.
  @Test func partNestingLimitIsNamed() throws {
    _ = try TTStyleSheet(css: Self.nestedPartsCSS("red", depth: 16))
    do {
      _ = try TTStyleSheet(css: Self.nestedPartsCSS("red", depth: 17))
      Issue.record("17 nested parts were read")
    } catch {
      #expect(error.message.contains("error: @part blocks nest more than 16 deep (the limit)"))
    }
  }
}
