public import Foundation

/// An author or contributor: Atom's person construct, RSS's `author` and `managingEditor`,
/// Dublin Core's `dc:creator`.
///
/// RSS writes people as an e-mail address with the name in parentheses; the builder splits it:
/// `jo@example.com (Jo Bloggs)` gives the name `Jo Bloggs` and the e-mail `jo@example.com`.
///
/// ```swift
/// TTFeedPerson(name: "Jo Bloggs", email: "jo@example.com").displayName  // "Jo Bloggs"
/// TTFeedPerson(email: "jo@example.com").displayName                     // "jo@example.com"
/// ```
public struct TTFeedPerson: Sendable, Hashable, Codable {
  /// The person's name, if given.
  public var name: String?
  /// The person's e-mail address, if given.
  public var email: String?
  /// The person's home page, if given.
  public var uri: URL?

  /// Creates a person.
  ///
  /// - Parameters:
  ///   - name: The name. Defaults to `nil`.
  ///   - email: The e-mail address. Defaults to `nil`.
  ///   - uri: The home page. Defaults to `nil`.
  public init(name: String? = nil, email: String? = nil, uri: URL? = nil) {
    self.name = name
    self.email = email
    self.uri = uri
  }

  /// The name, else the e-mail address, else the home page's address, else an empty string.
  public var displayName: String {
    name ?? email ?? uri?.absoluteString ?? ""
  }
}
