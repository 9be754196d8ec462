import Foundation
import Three20

/// The classic "TTXMLParser With a Variable Number of Elements" tutorial, as XMLExt's article
/// ports it: zero, one and many elements read by the same code, three ways.
final class XMLVariableDemo: CatalogPageController {
  init() {
    super.init(title: "A variable number of elements")
  }

  /// With the tree: `children(_:)` is always an array.
  static func itemTitles(_ xml: String) throws -> [String] {
    let channel = try TTXMLParser.parse(Data(xml.utf8)).root
    return channel.children("item").map { $0.childText("title") ?? "(untitled)" }
  }

  /// With the dictionary view: `array(forKey:)` wraps one and gives `[]` for none.
  static func itemCount(_ xml: String) throws -> Int {
    let channel = try TTXMLParser.parse(Data(xml.utf8))
      .dictionaryValue(treatDuplicateKeysAsArrayItems: true)
    return channel.array(forKey: "item").count
  }

  /// While streaming: the closure runs once per element.
  static func streamedCount(_ xml: String) throws -> Int {
    var count = 0
    let counter = TTXMLParser(streaming: .names("item")) { _ in count += 1 }
    try counter.feed(Data(xml.utf8))
    try counter.finish()
    return count
  }

  /// The three documents: no item, one, two.
  static let documents = [
    "<channel/>",
    "<channel><item><title>A</title></item></channel>",
    "<channel><item><title>A</title></item><item><title>B</title></item></channel>",
  ]

  /// A function's result, or the error it threw.
  static func show(_ run: () throws -> String) -> String {
    do { return try run() } catch { return "error: \(error)" }
  }

  override func makeBlocks() -> [CatalogBlock] {
    var blocks: [CatalogBlock] = [
      .text(
        "Three20's isRssFeed gave one element as a dictionary and two as an array; arrayForKey: on a "
          + "missing key crashed. Here zero, one and many take the same code.")
    ]
    for (label, xml) in zip(["Zero items", "One item", "Many items"], Self.documents) {
      blocks.append(.heading(label))
      blocks.append(.code(xml))
      blocks.append(
        .examples([
          ("itemTitles(xml)", Self.show { "\(try Self.itemTitles(xml))" }),
          ("itemCount(xml)", Self.show { "\(try Self.itemCount(xml))" }),
          ("streamedCount(xml)", Self.show { "\(try Self.streamedCount(xml))" }),
        ]))
    }
    blocks.append(.heading("The code"))
    blocks.append(
      .code(
        """
        channel.children("item").map { $0.childText("title") ?? "(untitled)" }
        channel.array(forKey: "item").count
        TTXMLParser(streaming: .names("item")) { _ in count += 1 }
        """))
    return blocks
  }
}
