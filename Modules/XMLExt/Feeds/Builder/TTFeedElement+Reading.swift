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
  func atomContent(base: URL?) -> TTFeedContent? {
    let rawType = attribute("type").map(TTFeedText.trimmed)?.lowercased() ?? "text"
    let mode = attribute("mode").map(TTFeedText.trimmed)?.lowercased()
    let source = urlAttribute("src", base: base)
    let type: TTFeedContent.ContentType
    let value: String
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
      value = TTFeedText.trimmed(innerMarkup)
    case "html", "text/html":
      type = .html
      value = text
    case "xhtml", "application/xhtml+xml":
      type = .xhtml
      // The markup is the content of the wrapping `div`; be lenient when there is none.
      let wrapper = children.count == 1 && children[0].name == "div" ? children[0] : self
      value = TTFeedText.trimmed(wrapper.innerMarkup)
    default:
      type = .other(rawType)
      value = text
    }
    if source == nil && TTFeedText.trimmed(value).isEmpty { return nil }
    return TTFeedContent(source == nil ? value : "", type: type, source: source)
  }

  /// An Atom text construct as plain text, for titles and rights.
  var atomPlainText: String? {
    guard let content = atomContent(base: nil), let plain = content.plainText else { return nil }
    let trimmed = TTFeedText.trimmed(plain)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The content written back as markup: elements by local name, text and attribute values
  /// escaped, namespace declarations left out, empty elements self-closed.
  var innerMarkup: String {
    var output = ""
    Self.write(nodes, to: &output)
    return output
  }

  /// Writes nodes as markup, walking nested elements with a stack instead of recursion.
  private static func write(_ nodes: [Node], to output: inout String) {
    var stack: [(nodes: [Node], next: Int, name: String?)] = [(nodes, 0, nil)]
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
        output += "<" + element.name
        for attribute in element.attributes {
          let name: String
          if attribute.namespace == TTFeedNamespace.xml {
            name = "xml:" + attribute.name
          } else if (attribute.namespace ?? "").isEmpty {
            name = attribute.name
          } else {
            continue
          }
          output += " " + name + "=\"" + escape(attribute.value, quotes: true) + "\""
        }
        if element.nodes.isEmpty {
          output += "/>"
        } else {
          output += ">"
          stack.append((element.nodes, 0, element.name))
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
    guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base) else { return nil }
    return url.absoluteURL
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
