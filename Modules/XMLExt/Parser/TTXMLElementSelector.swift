/// Which elements a streaming ``TTXMLParser`` hands over as soon as they close.
///
/// ```swift
/// TTXMLElementSelector.path("rss/channel/item")   // RSS 2.0 items
/// TTXMLElementSelector.names("item", "entry")     // RSS items and Atom entries, at any depth
/// TTXMLElementSelector.depth(2)                   // every grandchild of the root
/// ```
///
/// The root element is never selected, and nothing inside a selected element is selected
/// again (the outermost match wins). Names are local names, or qualified names when they
/// contain a colon (`"rdf:li"`).
public struct TTXMLElementSelector: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case path([String])
    case names(Set<String>, namespaceURI: String?)
    case depth(Int)
  }

  let kind: Kind

  /// Elements at this path of names from the root, separated by `/`; `*` matches any name.
  ///
  /// ```swift
  /// .path("rss/channel/item")     // <item> in <channel> in the root <rss>
  /// .path("*/entry")              // <entry> children of any root
  /// .path("rdf:RDF/item")         // RSS 1.0
  /// ```
  ///
  /// - Parameter path: Names from the root down, for example `"feed/entry"`; a leading `/` is
  ///   ignored. A path of one name selects nothing (the root is never selected).
  /// - Returns: The selector.
  public static func path(_ path: String) -> TTXMLElementSelector {
    TTXMLElementSelector(kind: .path(path.split(separator: "/").map(String.init)))
  }

  /// The outermost elements with one of these names, at any depth below the root.
  ///
  /// - Parameters:
  ///   - names: Local names (or qualified names with a colon), for example `"item", "entry"`.
  ///   - namespaceURI: The namespace the elements must be in; default `nil` = any.
  /// - Returns: The selector.
  public static func names(_ names: String..., namespaceURI: String? = nil) -> TTXMLElementSelector {
    TTXMLElementSelector(kind: .names(Set(names), namespaceURI: namespaceURI))
  }

  /// The outermost elements with one of these names, at any depth below the root.
  ///
  /// - Parameters:
  ///   - names: Local names (or qualified names with a colon).
  ///   - namespaceURI: The namespace the elements must be in; default `nil` = any.
  /// - Returns: The selector.
  public static func names(_ names: Set<String>, namespaceURI: String? = nil) -> TTXMLElementSelector {
    TTXMLElementSelector(kind: .names(names, namespaceURI: namespaceURI))
  }

  /// Every element at this depth: 1 for the root's children, 2 for their children, and so on.
  ///
  /// - Parameter depth: The depth, 1 or more; smaller values select nothing.
  /// - Returns: The selector.
  public static func depth(_ depth: Int) -> TTXMLElementSelector {
    TTXMLElementSelector(kind: .depth(depth))
  }

  /// Whether a name entry matches one selector name.
  static func matches(_ entry: TTXMLStorage.Name, _ wanted: String) -> Bool {
    if wanted == "*" { return true }
    return wanted.utf8.contains(UInt8(ascii: ":")) ? entry.qualified == wanted : entry.local == wanted
  }
}
