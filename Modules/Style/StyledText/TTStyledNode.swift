/// One node of a ``TTStyledText`` tree: a piece of text, a line break, or an element with children.
///
/// Three20 had a class per node (`TTStyledTextNode`, `TTStyledBoldNode`, `TTStyledLinkNode`, …).
/// Here a node is a value: a ``Kind``, an optional class name and its children. Text and line
/// breaks have no children.
///
/// ```swift
/// let node = TTStyledNode(.bold, children: [.text("Hello")])
/// node.outerHTML   // "<b>Hello</b>"
/// node.outerText   // "Hello"
/// ```
///
/// Walking a node (``outerText``, ``outerHTML``, ``element(withClassName:)``, layout) uses an
/// explicit stack, never recursion. The parser never builds trees deeper than
/// ``TTStyledText/maximumDepth``.
public struct TTStyledNode: Sendable, Hashable, CustomStringConvertible {
  /// What a node is.
  public enum Kind: Sendable, Hashable {
    /// The root of a styled text: its children are the text.
    case root
    /// Text (Three20's `TTStyledTextNode`).
    case text(String)
    /// A hard line break, `<br>` (`TTStyledLineBreakNode`).
    case lineBreak
    /// A block, `<div>`: it starts on a new line and the text after it does too (`TTStyledBlock`).
    case division
    /// A paragraph, `<p>`: a block followed by one blank line (`TTStyledBlock`).
    case paragraph
    /// An inline span, `<span>`, styled only by its class (`TTStyledInline`).
    case inline
    /// Bold text, `<b>` or `<strong>` (`TTStyledBoldNode`).
    case bold
    /// Italic text, `<i>` or `<em>` (`TTStyledItalicNode`).
    case italic
    /// Underlined text, `<u>`.
    case underline
    /// Code, `<code>`, shown in a distinct look.
    case code
    /// A link, `<a href="…">`, to the URL given (`TTStyledLinkNode`).
    case link(String)
    /// An image, `<img>`, shown in a terminal as its alternate text in brackets (`TTStyledImageNode`).
    case image(Image)
  }

  /// An image's source, alternate text and size, from `<img src alt width height>`.
  public struct Image: Sendable, Hashable {
    /// The image's URL (`src`).
    public var url: String
    /// What the image shows, in words (`alt`), or `nil`.
    public var alternateText: String?
    /// The width the markup asked for (`width`), or `nil`.
    public var width: Int?
    /// The height the markup asked for (`height`), or `nil`.
    public var height: Int?

    /// Creates an image description.
    ///
    /// - Parameters:
    ///   - url: The image's URL.
    ///   - alternateText: What it shows, in words; none by default.
    ///   - width: The requested width; none by default.
    ///   - height: The requested height; none by default.
    public init(url: String, alternateText: String? = nil, width: Int? = nil, height: Int? = nil) {
      self.url = url
      self.alternateText = alternateText
      self.width = width
      self.height = height
    }
  }

  /// What this node is.
  public var kind: Kind
  /// The node's `class` attribute, used to look up its style, or `nil`.
  public var className: String?
  /// The node's children, first to last; always empty for text, line breaks and images.
  public var children: [TTStyledNode]

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - kind: What the node is.
  ///   - className: Its class name; none by default.
  ///   - children: Its children; none by default.
  public init(_ kind: Kind, className: String? = nil, children: [TTStyledNode] = []) {
    self.kind = kind
    self.className = className
    self.children = children
  }

  /// A text node.
  ///
  /// - Parameter text: The text.
  /// - Returns: The node.
  public static func text(_ text: String) -> TTStyledNode {
    TTStyledNode(.text(text))
  }

  /// A line-break node.
  public static let lineBreak = TTStyledNode(.lineBreak)

  /// The XHTML tag name of the node, for example `"b"`, or `nil` for text and the root.
  public var tagName: String? {
    switch kind {
    case .root, .text: nil
    case .lineBreak: "br"
    case .division: "div"
    case .paragraph: "p"
    case .inline: "span"
    case .bold: "b"
    case .italic: "i"
    case .underline: "u"
    case .code: "code"
    case .link: "a"
    case .image: "img"
    }
  }

  /// Whether the node is a block (`div` or `p`) that starts and ends lines.
  public var isBlock: Bool {
    kind == .division || kind == .paragraph
  }

  /// The node's text, without markup (Three20's `outerText`).
  ///
  /// Text nodes give their text, a line break gives `"\n"`, an image its alternate text (or
  /// nothing); blocks add nothing of their own.
  ///
  /// ```swift
  /// TTStyledNode(.paragraph, children: [.text("a"), .lineBreak, .text("b")]).outerText   // "a\nb"
  /// ```
  public var outerText: String {
    var result = ""
    walk { event in
      guard case .enter(let node) = event else { return true }
      switch node.kind {
      case .text(let text): result += text
      case .lineBreak: result += "\n"
      case .image(let image): result += image.alternateText ?? ""
      default: break
      }
      return true
    }
    return result
  }

  /// The node as XHTML, for debugging (Three20's `outerHTML`).
  ///
  /// Text is escaped (`&amp;`, `&lt;`, `&gt;`), attributes are quoted with `"`, line breaks and
  /// images are written self-closed. The root writes only its children.
  ///
  /// ```swift
  /// TTStyledNode(.link("https://x.org"), children: [.text("a & b")]).outerHTML
  /// // "<a href=\"https://x.org\">a &amp; b</a>"
  /// ```
  public var outerHTML: String {
    var result = ""
    walk { event in
      switch event {
      case .enter(let node):
        if case .text(let text) = node.kind {
          result += TTStyledNode.escaped(text, quotes: false)
          return true
        }
        guard let tag = node.tagName else { return true }
        result += "<" + tag
        if case .link(let href) = node.kind { result += TTStyledNode.attribute("href", href) }
        if case .image(let image) = node.kind {
          result += TTStyledNode.attribute("src", image.url)
          if let alt = image.alternateText { result += TTStyledNode.attribute("alt", alt) }
          if let width = image.width { result += TTStyledNode.attribute("width", String(width)) }
          if let height = image.height { result += TTStyledNode.attribute("height", String(height)) }
        }
        if let className = node.className { result += TTStyledNode.attribute("class", className) }
        result += node.isVoid ? "/>" : ">"
      case .leave(let node):
        if !node.isVoid, let tag = node.tagName { result += "</" + tag + ">" }
      }
      return true
    }
    return result
  }

  /// The node as XHTML (``outerHTML``).
  public var description: String { outerHTML }

  /// The first node, this one or a descendant in document order, whose class is `className`
  /// (Three20's `getElementByClassName:`).
  ///
  /// - Parameter className: The class name, compared exactly.
  /// - Returns: The node, or `nil` when none has that class.
  public func element(withClassName className: String) -> TTStyledNode? {
    var found: TTStyledNode?
    walk { event in
      if case .enter(let node) = event, node.className == className {
        found = node
        return false
      }
      return true
    }
    return found
  }

  /// A step of a walk through a tree: entering a node (before its children) or leaving it.
  enum WalkEvent {
    case enter(TTStyledNode)
    case leave(TTStyledNode)
  }

  /// Walks the tree in document order with an explicit stack; `visit` returns `false` to stop.
  func walk(_ visit: (WalkEvent) -> Bool) {
    guard visit(.enter(self)) else { return }
    var stack: [(node: TTStyledNode, next: Int)] = [(self, 0)]
    while let top = stack.last {
      if top.next < top.node.children.count {
        let child = top.node.children[top.next]
        stack[stack.count - 1].next += 1
        guard visit(.enter(child)) else { return }
        if child.children.isEmpty {
          guard visit(.leave(child)) else { return }
        } else {
          stack.append((child, 0))
        }
      } else {
        stack.removeLast()
        guard visit(.leave(top.node)) else { return }
      }
    }
  }

  private var isVoid: Bool {
    switch kind {
    case .lineBreak, .image: true
    default: false
    }
  }

  private static func attribute(_ name: String, _ value: String) -> String {
    " " + name + "=\"" + escaped(value, quotes: true) + "\""
  }

  private static func escaped(_ text: String, quotes: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
