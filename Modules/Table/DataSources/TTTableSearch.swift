import Foundation

/// How data sources decide whether an item matches a search text.
///
/// The default test, ``matches(_:text:)``, looks for the text, ignoring case and accents, in
/// the item's identity and in every `String` property the item has (found by reflection, so
/// items need no extra code to be searchable):
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
  /// must occur in the item's identity or in one of its `String` (or optional `String`)
  /// properties, ignoring case and diacritics.
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

  /// The texts of an item that a search looks at: its identity, then its `String` properties.
  ///
  /// - Parameter item: The item.
  /// - Returns: The texts.
  public static func searchableTexts(of item: any TTTableItem) -> [String] {
    var texts = [item.id]
    for child in Mirror(reflecting: item).children {
      // An optional holding a string casts to `String` too; `nil` does not.
      if let text = child.value as? String { texts.append(text) }
    }
    return texts
  }
}
