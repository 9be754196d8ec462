/// Builds the default identities of the built-in items from their content.
enum TTTableItemIdentity {
  /// `kind:part|part|…`, with missing parts left empty, for example `text:Inbox|tt://inbox`.
  static func make(_ kind: String, _ parts: String?...) -> String {
    make(kind, parts)
  }

  /// `kind:part|part|…` from an array of parts.
  static func make(_ kind: String, _ parts: [String?]) -> String {
    kind + ":" + parts.map { $0 ?? "" }.joined(separator: "|")
  }
}
