/// Three20's standard section index: `+lettersForSectionsWithSearch:summary:`.
///
/// ```swift
/// TTTableSectionIndex.letters(search: false, summary: false)   // ["A", "B", …, "Z"]
/// TTTableSectionIndex.letters(search: true, summary: true)
/// // ["{search}", "A", "B", …, "Z", "#"]
/// ```
public enum TTTableSectionIndex {
  /// The entry that stands for the search field at the top of the index (UIKit's
  /// `UITableViewIndexSearch`, whose value is `{search}`).
  public static let searchGlyph = "{search}"

  /// The entry for everything that does not start with a letter.
  public static let summaryGlyph = "#"

  /// The letters A to Z, optionally after the search entry and before the summary entry.
  ///
  /// - Parameters:
  ///   - search: Whether to start with ``searchGlyph``.
  ///   - summary: Whether to end with ``summaryGlyph``.
  /// - Returns: The index titles.
  public static func letters(search: Bool, summary: Bool) -> [String] {
    var titles: [String] = search ? [searchGlyph] : []
    titles += (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    if summary { titles.append(summaryGlyph) }
    return titles
  }
}
