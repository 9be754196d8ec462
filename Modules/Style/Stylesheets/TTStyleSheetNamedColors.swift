/// The colour names every stylesheet knows, without defining them in `@colors`.
enum TTStyleSheetNamedColors {
  /// The names, in the order suggestions prefer them.
  static let names: [String] = table.map(\.name)

  /// The colour of a built-in name, if it is one.
  static func color(named name: String) -> TTColor? {
    table.first { $0.name == name.lowercased() }?.color
  }

  private static let table: [(name: String, color: TTColor)] = [
    ("black", .black),
    ("white", .white),
    ("gray", .gray),
    ("grey", .gray),
    ("lightgray", .lightGray),
    ("lightgrey", .lightGray),
    ("darkgray", .darkGray),
    ("darkgrey", .darkGray),
    ("red", .red),
    ("green", .green),
    ("blue", .blue),
    ("yellow", .yellow),
    ("cyan", TTColor(red: 42, green: 161, blue: 152)),
    ("magenta", TTColor(red: 211, green: 54, blue: 130)),
    ("orange", TTColor(red: 203, green: 75, blue: 22)),
    ("purple", TTColor(red: 108, green: 113, blue: 196)),
    ("transparent", .clear),
    ("clear", .clear),
  ]
}
