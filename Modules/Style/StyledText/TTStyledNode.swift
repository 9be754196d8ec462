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
/// Nothing about a node recurses over the depth of its tree: walking it (``outerText``,
/// ``outerHTML``, ``element(withClassName:)``, layout), comparing and hashing it use an explicit
/// stack, and letting go of it takes the tree apart level by level, so even a tree a million
/// levels deep never exhausts the call stack. The parser builds trees at most
/// ``TTStyledText/maximumDepth`` deep unless asked for more.
public struct TTStyledNode: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
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
  /// The children, boxed so that freeing a deep tree cannot overflow the stack.
  ///
  /// `nil` when there are none. Shared between copies until one of them changes.
  private var storage: Children?

  /// The node's children, first to last; always empty for text, line breaks and images.
  public var children: [TTStyledNode] {
    get { storage?.nodes ?? [] }
    _modify {
      // A missing or shared box is replaced by one of this node's own (`false` for `nil`).
      if !isKnownUniquelyReferenced(&storage) { storage = Children(storage?.nodes ?? []) }
      yield &storage!.nodes
    }
  }

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - kind: What the node is.
  ///   - className: Its class name; none by default.
  ///   - children: Its children; none by default.
  public init(_ kind: Kind, className: String? = nil, children: [TTStyledNode] = []) {
    self.kind = kind
    self.className = className
    self.storage = children.isEmpty ? nil : Children(children)
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

  /// The node's kind, class name and children, as a stored `children` property would show them.
  public var customMirror: Mirror {
    Mirror(self, children: ["kind": kind, "className": className as Any, "children": children])
  }

  /// Whether two trees are the same: equal kinds, class names and children, in order.
  ///
  /// Compares with an explicit stack, so trees of any depth can be compared.
  ///
  /// - Parameters:
  ///   - lhs: A tree.
  ///   - rhs: Another tree.
  /// - Returns: `true` when they are equal, node by node.
  public static func == (lhs: TTStyledNode, rhs: TTStyledNode) -> Bool {
    var pending = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      guard left.kind == right.kind, left.className == right.className else { return false }
      // The same box (or none on both sides) holds the same children.
      if left.storage === right.storage { continue }
      let leftChildren = left.children
      let rightChildren = right.children
      guard leftChildren.count == rightChildren.count else { return false }
      pending.append(contentsOf: zip(leftChildren, rightChildren))
    }
    return true
  }

  /// Hashes the whole tree, consistently with `==`, with an explicit stack.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    walk { event in
      // Each node with its number of children, in document order, spells out the tree.
      if case .enter(let node) = event {
        hasher.combine(node.kind)
        hasher.combine(node.className)
        hasher.combine(node.children.count)
      }
      return true
    }
  }

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
    // The nodes entered and not yet left, each with its children and the next one to enter.
    var stack: [(node: TTStyledNode, children: [TTStyledNode], next: Int)] = [(self, children, 0)]
    while !stack.isEmpty {
      let top = stack.count - 1
      let next = stack[top].next
      guard next < stack[top].children.count else {
        guard visit(.leave(stack.removeLast().node)) else { return }
        continue
      }
      let child = stack[top].children[next]
      stack[top].next = next + 1
      guard visit(.enter(child)) else { return }
      let grandchildren = child.children
      if grandchildren.isEmpty {
        guard visit(.leave(child)) else { return }
      } else {
        stack.append((child, grandchildren, 0))
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

extension TTStyledNode {
  /// A node's children, boxed so that the tree is taken apart without deep recursion.
  ///
  /// Swift destroys an array of nodes by destroying each node, which destroys its children's
  /// array, and so on: one nested call per level, enough to overflow the stack for a tree a
  /// million levels deep. A box lets that happen only while few frees are nested
  /// (``TTNestedTeardown``); deeper, it moves the boxes of its grandchildren onto a list,
  /// empties its own array, and frees the list one box at a time, emptying each before it goes,
  /// so that every box frees at most one level below it.
  ///
  /// A box is changed only while one node holds it (see ``TTStyledNode/children``); shared
  /// boxes are read-only, which makes it safe to share between threads.
  fileprivate final class Children: @unchecked Sendable {
    var nodes: [TTStyledNode]

    init(_ nodes: [TTStyledNode]) {
      self.nodes = nodes
    }

    deinit {
      // Children without children of their own are freed with no further nesting.
      guard nodes.contains(where: { $0.storage != nil }) else { return }
      if TTNestedTeardown.freeRecursively({ nodes = [] }) { return }
      var pending: [Children] = []
      Children.detach(&nodes, into: &pending)
      while var box = pending.popLast() {
        // A box that nobody else holds is emptied here, so freeing it frees no further levels.
        if isKnownUniquelyReferenced(&box) { Children.detach(&box.nodes, into: &pending) }
      }
    }

    /// Moves the children's boxes onto `pending` and empties `nodes`.
    private static func detach(_ nodes: inout [TTStyledNode], into pending: inout [Children]) {
      for node in nodes {
        if let box = node.storage { pending.append(box) }
      }
      nodes = []
    }
  }
}
