public import Foundation

/// An author or contributor: Atom's person construct, RSS's `author` and `managingEditor`,
/// Dublin Core's `dc:creator` and `dc:contributor`.
///
/// RSS and Dublin Core write a person as one line of text, in several ways; the builder splits
/// it with ``init(parsing:)``: `jo@example.com (Jo Bloggs)`, `Jo Bloggs (jo@example.com)` and
/// `Jo Bloggs <jo@example.com>` all give the name `Jo Bloggs` and the e-mail `jo@example.com`.
///
/// ```swift
/// TTFeedPerson(name: "Jo Bloggs", email: "jo@example.com").displayName  // "Jo Bloggs"
/// TTFeedPerson(email: "jo@example.com").displayName                     // "jo@example.com"
/// TTFeedPerson(parsing: "Jo Bloggs (jo@example.com)")?.email          // "jo@example.com"
/// ```
public struct TTFeedPerson: Sendable, Hashable, Codable {
  /// The person's name, if given.
  public var name: String?
  /// The person's e-mail address, if given.
  public var email: String?
  /// The person's home page, if given.
  public var uri: URL?
  /// A picture of the person (JSON Feed's `avatar`), if given.
  public var avatar: URL?

  /// Creates a person.
  ///
  /// - Parameters:
  ///   - name: The name. Defaults to `nil`.
  ///   - email: The e-mail address. Defaults to `nil`.
  ///   - uri: The home page. Defaults to `nil`.
  ///   - avatar: A picture of the person. Defaults to `nil`.
  public init(name: String? = nil, email: String? = nil, uri: URL? = nil, avatar: URL? = nil) {
    self.name = name
    self.email = email
    self.uri = uri
    self.avatar = avatar
  }

  /// Splits a person written as one line of text, the way RSS and Dublin Core write them.
  ///
  /// An e-mail address is text with an `@` and no spaces (a `mailto:` before it is dropped).
  /// The forms read:
  ///
  /// | Text | Name | E-mail |
  /// | --- | --- | --- |
  /// | `jo@example.com (Jo Bloggs)` | Jo Bloggs | jo@example.com |
  /// | `Jo Bloggs (jo@example.com)` | Jo Bloggs | jo@example.com |
  /// | `Jo Bloggs <jo@example.com>` | Jo Bloggs | jo@example.com |
  /// | `jo@example.com` or `mailto:jo@example.com` | — | jo@example.com |
  /// | `Jo Bloggs` or `Jo Bloggs (editor)` | the whole text | — |
  ///
  /// ```swift
  /// TTFeedPerson(parsing: "jo@example.com (Jo Bloggs)")?.name  // "Jo Bloggs"
  /// TTFeedPerson(parsing: "  ")                                 // nil
  /// ```
  ///
  /// - Parameter text: The text; white space around it and its parts is trimmed.
  /// - Returns: The person, or `nil` when the text is empty.
  public init?(parsing text: String) {
    let text = TTFeedText.trimmed(text)
    guard !text.isEmpty else { return nil }
    func part(_ piece: Substring) -> String? {
      let trimmed = TTFeedText.trimmed(piece)
      return trimmed.isEmpty ? nil : trimmed
    }
    func email(_ piece: String?) -> String? {
      guard var piece else { return nil }
      if piece.lowercased().hasPrefix("mailto:") { piece = String(piece.dropFirst(7)) }
      guard piece.contains("@"), !piece.contains(where: \.isWhitespace) else { return nil }
      return piece
    }
    for (open, close) in [("(", ")"), ("<", ">")] where text.hasSuffix(close) {
      guard let start = text.lastIndex(of: Character(open)) else { continue }
      let inner = part(text[text.index(after: start)..<text.index(before: text.endIndex)])
      let outer = part(text[..<start])
      if let address = email(inner) {
        self.init(name: outer, email: address)
        return
      }
      if let address = email(outer) {
        self.init(name: inner, email: address)
        return
      }
    }
    if let address = email(text) {
      self.init(email: address)
    } else {
      self.init(name: text)
    }
  }

  /// The name, else the e-mail address, else the home page's address, else an empty string.
  public var displayName: String {
    name ?? email ?? uri?.absoluteString ?? ""
  }
}
