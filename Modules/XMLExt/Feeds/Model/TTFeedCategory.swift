/// A category of a feed or item: RSS's `category`, Dublin Core's `dc:subject`, Atom's
/// `category`.
///
/// ```swift
/// let category = TTFeedCategory(term: "swift", label: "Swift")
/// category.displayName   // "Swift"
/// ```
public struct TTFeedCategory: Sendable, Hashable, Codable {
  /// The category itself (RSS: the element's text; Atom: the `term` attribute).
  public var term: String
  /// The vocabulary the term belongs to (RSS: the `domain` attribute; Atom: `scheme`), if given.
  public var scheme: String?
  /// A human-readable label (Atom only), if given.
  public var label: String?

  /// Creates a category.
  ///
  /// - Parameters:
  ///   - term: The term.
  ///   - scheme: The vocabulary. Defaults to `nil`.
  ///   - label: The label. Defaults to `nil`.
  public init(term: String, scheme: String? = nil, label: String? = nil) {
    self.term = term
    self.scheme = scheme
    self.label = label
  }

  /// The label, else the term.
  public var displayName: String { label ?? term }
}
