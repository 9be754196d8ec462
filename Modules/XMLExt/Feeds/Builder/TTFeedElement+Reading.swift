import Foundation
import Three20Core

/// How the builder reads values out of elements: trimmed text, addresses, numbers, dates,
/// people, and Atom's text constructs.
extension TTFeedElement {
  /// The text trimmed of surrounding spaces and line breaks, or `nil` when that leaves nothing.
  var trimmedText: String? {
    let trimmed = TTFeedText.trimmed(text)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The element's content as HTML: its text, or, when it holds elements (markup a feed left
  /// unescaped, such as `<description>Hello <b>world</b></description>`), the text and the
  /// elements written back as markup, so nothing inside is lost.
  ///
  /// - Parameter base: Where relative `href` and `src` addresses in written-back markup are
  ///   resolved against.
  func htmlText(base: URL?) -> String? {
    // Checked without building the children's array: this runs for every description.
    let hasElements = nodes.contains { if case .element = $0 { true } else { false } }
    guard !hasElements else { return TTFeedText.nonEmpty(innerMarkup(base: base)) }
    return trimmedText
  }

  /// The date in the text, or `nil` when it is missing or unreadable.
  var dateValue: Date? {
    trimmedText.flatMap(TTFeedDateParser.parse)
  }

  /// The base address for this element's content: its `xml:base` resolved against the
  /// inherited base, else the inherited base.
  func base(inheriting inherited: URL?) -> URL? {
    guard let raw = attribute("base", namespace: TTFeedNamespace.xml) else { return inherited }
    return Self.url(raw, base: inherited) ?? inherited
  }

  /// The text as an address resolved against a base.
  func urlValue(base: URL?) -> URL? {
    trimmedText.flatMap { Self.url($0, base: base) }
  }

  /// An attribute as an address resolved against a base.
  func urlAttribute(_ name: String, namespace: String? = nil, base: URL?) -> URL? {
    attribute(name, namespace: namespace).flatMap { Self.url($0, base: base) }
  }

  /// An attribute as a non-negative integer, or `nil`.
  func countAttribute(_ name: String) -> Int? {
    attribute(name).flatMap(Self.count)
  }

  /// The text as a non-negative integer, or `nil`.
  var countValue: Int? {
    trimmedText.flatMap(Self.count)
  }

  /// Atom's text construct (`title`, `subtitle`, `summary`, `rights`, `content`) as content:
  /// `type` `text` (the default), `html`, `xhtml`, or a media type; `src` for content kept
  /// elsewhere.
  ///
  /// Atom 0.3 also says how the value is written, with `mode`: `escaped` (markup as text, like
  /// 1.0's `html`), `xml` (markup inline, like 1.0's `xhtml`) or `base64` (decoded here; a
  /// value that does not decode to UTF-8 text is kept as it was written).
  ///
  /// Other media types follow RFC 4287 §4.1.3.3: XML types (`…+xml`, `…/xml`) are inline
  /// markup, kept written back; `text/…` types are text; any other type is Base64, decoded into
  /// ``TTFeedContent/data`` with the text kept as written.
  ///
  /// - Parameters:
  ///   - base: The base for relative addresses.
  ///   - language: The `xml:lang` in effect on the element.
  func atomContent(base: URL?, language: String? = nil) -> TTFeedContent? {
    let rawType = attribute("type").map(TTFeedText.trimmed)?.lowercased() ?? "text"
    let mode = attribute("mode").map(TTFeedText.trimmed)?.lowercased()
    let source = urlAttribute("src", base: base)
    let type: TTFeedContent.ContentType
    let value: String
    var data: Data?
    switch rawType {
    case _ where mode == "base64":
      let decoded = Data(base64Encoded: TTFeedText.trimmed(text), options: .ignoreUnknownCharacters)
        .flatMap { String(validating: $0, as: UTF8.self) }
      switch rawType {
      case "text", "", "text/plain": type = .text
      case "html", "text/html": type = .html
      case "xhtml", "application/xhtml+xml": type = .xhtml
      default: type = .other(rawType)
      }
      value = decoded ?? text
    case "text", "", "text/plain":
      type = .text
      value = text
    case "text/html" where mode == "xml" && !children.isEmpty:
      // Atom 0.3 inline markup: the elements themselves are the HTML.
      type = .html
      value = TTFeedText.trimmed(innerMarkup(base: base))
    case "html", "text/html":
      // Markup a feed left unescaped is kept, written back.
      type = .html
      value = children.isEmpty ? text : innerMarkup(base: base)
    case "xhtml", "application/xhtml+xml":
      type = .xhtml
      // The markup is the content of the wrapping `div`; be lenient when there is none.
      let wrapper = children.count == 1 && children[0].name == "div" ? children[0] : self
      value = TTFeedText.trimmed(wrapper.innerMarkup(base: wrapper.base(inheriting: base)))
    case _ where rawType.hasSuffix("+xml") || rawType.hasSuffix("/xml"):
      type = .other(rawType)
      value = children.isEmpty ? text : TTFeedText.trimmed(innerMarkup(base: base))
    case _ where rawType.hasPrefix("text/"):
      type = .other(rawType)
      value = text
    default:
      type = .other(rawType)
      value = text
      if source == nil {
        data = Data(base64Encoded: TTFeedText.trimmed(text), options: .ignoreUnknownCharacters)
      }
    }
    if source == nil && TTFeedText.trimmed(value).isEmpty { return nil }
    return TTFeedContent(
      source == nil ? value : "", type: type, source: source, language: language, base: base, data: data)
  }

  /// Atom's text constructs, whose children are markup rather than Atom elements.
  private static let atomTextConstructs: Set<String> = [
    "title", "subtitle", "summary", "content", "rights", "tagline", "info", "copyright",
  ]

  /// The element with every element in no namespace moved into Atom's.
  ///
  /// For a `<feed>` written without a namespace. The markup inside text constructs and
  /// elements of other namespaces are left as they are. Walks with a stack, not recursion.
  func inAtomNamespace() -> TTFeedElement {
    func moved(_ element: TTFeedElement) -> TTFeedElement {
      var copy = element
      copy.nodes = []
      if TTFeedNamespace.canonical(element.namespace).isEmpty { copy.namespace = TTFeedNamespace.atom }
      return copy
    }
    if Self.atomTextConstructs.contains(name) {
      var copy = self
      copy.namespace = TTFeedNamespace.atom
      return copy
    }
    var stack: [(original: TTFeedElement, next: Int, rebuilt: TTFeedElement)] = [(self, 0, moved(self))]
    while true {
      let top = stack.count - 1
      guard stack[top].next < stack[top].original.nodes.count else {
        let done = stack.removeLast().rebuilt
        if stack.isEmpty { return done }
        stack[stack.count - 1].rebuilt.nodes.append(.element(done))
        continue
      }
      let node = stack[top].original.nodes[stack[top].next]
      stack[top].next += 1
      guard case .element(let child) = node, TTFeedNamespace.canonical(child.namespace).isEmpty else {
        stack[top].rebuilt.nodes.append(node)
        continue
      }
      if Self.atomTextConstructs.contains(child.name) {
        var copy = child
        copy.namespace = TTFeedNamespace.atom
        stack[top].rebuilt.nodes.append(.element(copy))
      } else {
        stack.append((child, 0, moved(child)))
      }
    }
  }

  /// An Atom text construct as plain text, for titles and rights.
  var atomPlainText: String? {
    atomContent(base: nil).flatMap { Self.plainText(of: $0) }
  }

  /// An Atom title: its plain text, and the content as written with its type; read once.
  func atomTitle(base: URL?, language: String?) -> (plain: String, detail: TTFeedContent)? {
    guard let detail = atomContent(base: base, language: language), let plain = Self.plainText(of: detail)
    else { return nil }
    return (plain, detail)
  }

  private static func plainText(of content: TTFeedContent) -> String? {
    guard let plain = content.plainText else { return nil }
    let trimmed = TTFeedText.trimmed(plain)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The content written back as markup: elements by local name, text and attribute values
  /// escaped, empty elements self-closed.
  ///
  /// An element in another namespace than its parent's (SVG or MathML inside XHTML) gets an
  /// `xmlns` declaration (an element in no namespace, as HTML in RSS is, gets none), and namespaced attributes keep a prefix declared on their element
  /// (`xlink:href`), so the markup means what it meant in the feed. With a `base`, relative
  /// `href`, `src` and `xlink:href` addresses are resolved against it (and each element's
  /// `xml:base`).
  ///
  /// - Parameter base: The base for relative addresses; with none (and no `xml:base` inside),
  ///   they are left as written.
  func innerMarkup(base: URL?) -> String {
    var output = ""
    Self.write(nodes, namespace: namespace, base: base, to: &output)
    return output
  }

  /// The prefixes written for attribute namespaces other than `xml:`.
  private static let attributePrefixes = [
    "http://www.w3.org/1999/xlink": "xlink", "http://www.w3.org/1998/Math/MathML": "m",
    "http://www.w3.org/2000/svg": "svg",
  ]

  /// Writes nodes as markup, walking nested elements with a stack instead of recursion.
  private static func write(_ nodes: [Node], namespace: String?, base: URL?, to output: inout String) {
    var stack: [(nodes: [Node], next: Int, name: String?, namespace: String, base: URL?)] = [
      (nodes, 0, nil, namespace ?? "", base)
    ]
    while let top = stack.indices.last {
      guard stack[top].next < stack[top].nodes.count else {
        if let name = stack[top].name { output += "</" + name + ">" }
        stack.removeLast()
        continue
      }
      let node = stack[top].nodes[stack[top].next]
      stack[top].next += 1
      switch node {
      case .text(let text):
        output += escape(text, quotes: false)
      case .element(let element):
        let elementNamespace = element.namespace ?? ""
        let elementBase = element.base(inheriting: stack[top].base)
        output += "<" + element.name
        if !elementNamespace.isEmpty, elementNamespace != stack[top].namespace {
          output += " xmlns=\"" + escape(elementNamespace, quotes: true) + "\""
        }
        var declared: [String: String] = [:]
        for attribute in element.attributes {
          let name: String
          let attributeNamespace = attribute.namespace ?? ""
          if attributeNamespace == TTFeedNamespace.xml {
            name = "xml:" + attribute.name
          } else if attributeNamespace.isEmpty {
            name = attribute.name
          } else {
            let prefix =
              declared[attributeNamespace] ?? attributePrefixes[attributeNamespace]
              ?? "ns\(declared.count + 1)"
            if declared[attributeNamespace] == nil {
              declared[attributeNamespace] = prefix
              output += " xmlns:" + prefix + "=\"" + escape(attributeNamespace, quotes: true) + "\""
            }
            name = prefix + ":" + attribute.name
          }
          var value = attribute.value
          if let elementBase, name == "href" || name == "src" || name == "xlink:href",
            let resolved = url(value, base: elementBase)
          {
            value = resolved.absoluteString
          }
          output += " " + name + "=\"" + escape(value, quotes: true) + "\""
        }
        if element.nodes.isEmpty {
          output += "/>"
        } else {
          output += ">"
          stack.append((element.nodes, 0, element.name, elementNamespace, elementBase))
        }
      }
    }
  }

  private static func escape(_ text: String, quotes: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A person written as one line of text (RSS `author`, `dc:creator`): see
  /// `TTFeedPerson.init(parsing:)`.
  var rssPerson: TTFeedPerson? {
    trimmedText.flatMap(TTFeedPerson.init(parsing:))
  }

  /// An Atom person construct: `name`, `email` and `uri` children.
  func atomPerson(base: URL?) -> TTFeedPerson? {
    let name = child("name", namespace: TTFeedNamespace.atom)?.trimmedText
    let email = child("email", namespace: TTFeedNamespace.atom)?.trimmedText
    // Atom 0.3 called the home page `url`.
    let uri =
      (child("uri", namespace: TTFeedNamespace.atom) ?? child("url", namespace: TTFeedNamespace.atom))?
      .urlValue(base: base)
    if name == nil && email == nil && uri == nil {
      // Some feeds write the name as the element's text.
      return trimmedText.map { TTFeedPerson(name: $0) }
    }
    return TTFeedPerson(name: name, email: email, uri: uri)
  }

  /// An Atom `link` element.
  func atomLink(base: URL?) -> TTFeedLink? {
    guard let url = urlAttribute("href", base: base) else { return nil }
    let relation = attribute("rel").map(TTFeedText.trimmed)
    return TTFeedLink(
      url: url, relation: relation.flatMap { $0.isEmpty ? nil : $0 } ?? TTFeedLink.alternate,
      type: attribute("type").flatMap(Self.nonEmpty), title: attribute("title").flatMap(Self.nonEmpty),
      length: countAttribute("length"), language: attribute("hreflang").flatMap(Self.nonEmpty))
  }

  /// An Atom `category` element, or an RSS `category` / `dc:subject`.
  func category(atom: Bool) -> TTFeedCategory? {
    if atom {
      guard let term = attribute("term").flatMap(Self.nonEmpty) else { return nil }
      return TTFeedCategory(
        term: term, scheme: attribute("scheme").flatMap(Self.nonEmpty),
        label: attribute("label").flatMap(Self.nonEmpty))
    }
    guard let term = trimmedText else { return nil }
    return TTFeedCategory(term: term, scheme: attribute("domain").flatMap(Self.nonEmpty))
  }

  /// A `media:thumbnail` or image `media:content` element.
  func mediaThumbnail(base: URL?) -> TTFeedThumbnail? {
    guard let url = urlAttribute("url", base: base) else { return nil }
    return TTFeedThumbnail(url: url, width: countAttribute("width"), height: countAttribute("height"))
  }

  // MARK: - Values

  /// An address resolved against a base; `nil` for empty or invalid text.
  static func url(_ raw: String, base: URL?) -> URL? {
    let trimmed = TTFeedText.trimmed(raw)
    guard !trimmed.isEmpty else { return nil }
    if let url = URL(string: trimmed, relativeTo: base) { return url.absoluteURL }
    // An IRI Foundation does not take (non-ASCII letters, as in
    // `xml:base="https://example.com/café/"`) is read as the URI it stands for: its non-ASCII
    // characters percent-encoded as UTF-8 (RFC 3987 §3.1).
    guard !trimmed.utf8.allSatisfy({ $0 < 0x80 }),
      let url = URL(string: percentEncodingNonASCII(trimmed), relativeTo: base)
    else { return nil }
    return url.absoluteURL
  }

  /// The text with every byte of its non-ASCII characters written as `%XX`.
  static func percentEncodingNonASCII(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if byte < 0x80 {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "%" + String(byte, radix: 16, uppercase: true)
      }
    }
    return result
  }

  static func count(_ raw: String) -> Int? {
    guard let value = Int(TTFeedText.trimmed(raw)), value >= 0 else {
      return nil
    }
    return value
  }

  static func nonEmpty(_ raw: String) -> String? {
    let trimmed = TTFeedText.trimmed(raw)
    return trimmed.isEmpty ? nil : trimmed
  }
}
