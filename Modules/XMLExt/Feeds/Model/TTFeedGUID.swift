public import Foundation

/// The identifier of an item: RSS's `guid`, Atom's `id`, or RSS 1.0's `rdf:about`.
///
/// An RSS `guid` is a permanent link to the item unless it says `isPermaLink="false"`; Atom
/// identifiers and RSS 1.0 resources are never taken for links.
///
/// ```swift
/// let guid = TTFeedGUID("https://example.com/p/1", isPermaLink: true)
/// guid.permaLink?.host   // "example.com"
/// ```
public struct TTFeedGUID: Sendable, Hashable, Codable {
  /// The identifier as written (trimmed).
  public var value: String
  /// Whether the identifier is also the address of the item's page.
  public var isPermaLink: Bool

  /// Creates an identifier.
  ///
  /// - Parameters:
  ///   - value: The identifier.
  ///   - isPermaLink: Whether it is the address of the item's page. Defaults to `false`.
  public init(_ value: String, isPermaLink: Bool = false) {
    self.value = value
    self.isPermaLink = isPermaLink
  }

  /// The identifier as an absolute `http` or `https` address when it is a permanent link,
  /// else `nil`.
  public var permaLink: URL? {
    guard isPermaLink, let url = URL(string: value),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return url
  }
}
