import Foundation
import Three20Style

/// How data sources decide whether an item matches a search text.
///
/// The default test, ``matches(_:text:)``, looks for the text, ignoring case and accents, in
/// the texts the item's row shows: its `String` properties other than addresses (found by
/// reflection, so items need no extra code to be searchable; see ``searchableTexts(of:)``):
///
/// ```swift
/// struct Fruit: TTTableItem { var id: String; var name: String }
/// TTTableSearch.matches(Fruit(id: "1", name: "Crème brûlée"), text: "creme")   // true
/// TTTableSearch.matches(Fruit(id: "1", name: "Apple"), text: "pear")          // false
/// TTTableSearch.matches(Fruit(id: "1", name: "Apple"), text: "  ")            // true
/// ```
public enum TTTableSearch {
  /// Whether an item matches a search text.
  ///
  /// A text that is empty or only spaces matches everything. Otherwise every word of the text
  /// must occur in one of the item's ``searchableTexts(of:)``, ignoring case and diacritics.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - text: The search text.
  /// - Returns: `true` when the item matches.
  public static func matches(_ item: any TTTableItem, text: String) -> Bool {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard !words.isEmpty else { return true }
    let haystack = searchableTexts(of: item)
    return words.allSatisfy { word in
      haystack.contains { $0.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
  }

  /// The texts of an item that a search looks at: what its row shows.
  ///
  /// Those are the item's `String` (and optional `String`) properties, and the plain text of
  /// its `TTStyledText` properties — leaving out addresses (properties whose names end in
  /// `url` or `URL`), the custom identity and private storage, so that a search for "tt"
  /// does not match every row that links somewhere. An item without such texts is searched by
  /// its ``TTTableItem/id``.
  ///
  /// ```swift
  /// TTTableSearch.searchableTexts(of: TTTableTextItem(text: "Inbox", url: "tt://inbox"))   // ["Inbox"]
  /// ```
  ///
  /// - Parameter item: The item.
  /// - Returns: The texts.
  public static func searchableTexts(of item: any TTTableItem) -> [String] {
    var texts: [String] = []
    collectTexts(of: item, into: &texts)
    return texts.isEmpty ? [item.id] : texts
  }

  /// Adds the searchable texts among a value's stored properties to `texts`, looking into the
  /// shared fields that built-in items keep their content in.
  private static func collectTexts(of value: Any, into texts: inout [String]) {
    for child in Mirror(reflecting: value).children {
      if child.value is any TTTableItemFields {
        collectTexts(of: child.value, into: &texts)
        continue
      }
      let label = child.label ?? ""
      guard !label.hasPrefix("_"), label != "customID", !label.lowercased().hasSuffix("url") else { continue }
      // An optional holding a string casts to `String` too; `nil` does not.
      if let text = child.value as? String {
        texts.append(text)
      } else if let styled = child.value as? TTStyledText {
        texts.append(styled.plainText)
      }
    }
  }

  /// The rows of a data source that match a search text, as a data source of their own
  /// (what Three20's search display controller showed over the table).
  ///
  /// Sections with matches keep their titles; sections without are left out. The source is
  /// not changed. Reading every row costs time in proportion to the rows, so a search of a
  /// very long list stops after `limit` matches.
  ///
  /// ```swift
  /// let fruit = TTListDataSource(items: [TTTableTextItem(text: "Apple"), TTTableTextItem(text: "Pear")])
  /// let results = TTTableSearch.results(in: fruit, matching: "pe")
  /// results.numberOfRows(inSection: 0)   // 1 (Pear)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The data source to search.
  ///   - text: The search text; an empty text matches every row.
  ///   - limit: The most rows to return; 1,000 by default.
  ///   - matcher: Whether an item matches; ``matches(_:text:)`` by default.
  /// - Returns: A sectioned data source of the matching rows.
  @MainActor
  public static func results(
    in source: any TTTableViewDataSource, matching text: String, limit: Int = 1000,
    matcher: (any TTTableItem, String) -> Bool = { matches($0, text: $1) }
  ) -> TTSectionedDataSource {
    var sections: [TTSectionedDataSource.Section] = []
    var items: [[any TTTableItem]] = []
    var found = 0
    search: for section in 0..<max(0, source.numberOfSections) {
      var matching: [any TTTableItem] = []
      for row in 0..<max(0, source.numberOfRows(inSection: section)) {
        guard found < limit else { break }
        guard let item = source.item(at: [section, row]), matcher(item, text) else { continue }
        matching.append(item)
        found += 1
      }
      if !matching.isEmpty {
        sections.append(
          TTSectionedDataSource.Section(
            header: source.titleForHeader(inSection: section),
            footer: source.titleForFooter(inSection: section)))
        items.append(matching)
      }
      if found >= limit { break search }
    }
    return TTSectionedDataSource(sections: sections, items: items)
  }
}
