import Foundation
import Testing
import Three20Style
import Three20Table

@Suite("Table cells: layout properties")
struct TTTableCellLayoutPropertyTests {
  /// Words of every kind: ASCII, CJK, emoji sequences, combining marks, control characters and
  /// escape sequences inside words, very long words.
  static let words = [
    "a", "table", "Three20", "漢字", "テキスト", "👨‍👩‍👧", "🇯🇵", "e\u{301}té", "tab\there", "bell\u{07}x",
    "esc\u{1B}[2Jape", "osc\u{1B}]0;title\u{07}end", "supercalifragilisticexpialidocious", "—", "…", "ok",
    String(repeating: "x", count: 250),
  ]

  static func text(_ generator: inout SeededGenerator, maxWords: Int = 30, newlines: Bool = false) -> String {
    let count = Int.random(in: 1...maxWords, using: &generator)
    var text = words.randomElement(using: &generator)!
    for _ in 1..<count {
      text += newlines && Int.random(in: 0..<8, using: &generator) == 0 ? "\n" : " "
      text += words.randomElement(using: &generator)!
    }
    return text
  }

  static func url(_ generator: inout SeededGenerator) -> String? {
    Bool.random(using: &generator) ? "tt://x/\(Int.random(in: 0..<100, using: &generator))" : nil
  }

  /// A random item of each type, with random texts.
  static func items(_ g: inout SeededGenerator) -> [any TTTableItem] {
    let t = { (g: inout SeededGenerator) in text(&g) }
    return [
      TTTableTextItem(text: t(&g), url: url(&g), accessoryURL: url(&g)),
      TTTableCaptionItem(text: text(&g, newlines: true), caption: t(&g), url: url(&g)),
      TTTableRightCaptionItem(text: t(&g), caption: t(&g), accessoryURL: url(&g)),
      TTTableSubtextItem(text: t(&g), caption: text(&g, newlines: true), url: url(&g)),
      TTTableSettingsItem(text: t(&g), caption: t(&g), url: url(&g)),
      TTTableSubtitleItem(text: t(&g), subtitle: t(&g), url: url(&g)),
      TTTableMessageItem(
        title: t(&g), caption: t(&g), text: text(&g, newlines: true),
        timestamp: TableCellSamples.now - Double.random(in: -1e6...1e9, using: &g), url: url(&g)),
      TTTableLongTextItem(text: text(&g, maxWords: 200, newlines: true), url: url(&g)),
      TTTableGrayTextItem(text: text(&g, maxWords: 100, newlines: true)),
      TTTableSummaryItem(text: t(&g)),
      TTTableLink(text: t(&g), url: url(&g)),
      TTTableButton(text: t(&g)),
      TTTableMoreButton(text: t(&g), subtitle: t(&g), isLoading: Bool.random(using: &g)),
      TTTableImageItem(text: t(&g), alternateText: t(&g), url: url(&g)),
      TTTableRightImageItem(text: t(&g), alternateText: t(&g), accessoryURL: url(&g)),
      TTTableStyledTextItem(
        text: TTStyledText(text: text(&g, maxWords: 60)),
        padding: TTEdgeInsets(top: Int.random(in: 0...2, using: &g), left: 1, bottom: 0, right: 1),
        url: url(&g)),
      TTTableActivityItem(text: t(&g)),
      TTTableControlItem(caption: t(&g), control: .toggle(Bool.random(using: &g))),
      TTTableControlItem(caption: t(&g), control: .textField(t(&g), placeholder: t(&g))),
    ]
  }

  static func isBlank(_ canvas: TTCanvas, row: Int) -> Bool {
    canvas.row(row).allSatisfy { $0.character == " " }
  }

  /// Every cell returns a canvas exactly as wide as asked and at least one row high; its last
  /// row is drawn on (the height is the rows drawn), the side columns stay blank, and drawing
  /// the same thing twice gives the same rows.
  @Test(arguments: 0..<8)
  func heightsEqualDrawnLinesAtEveryWidth(seed: UInt64) {
    var generator = SeededGenerator(seed: 0x7AB1E + seed)
    for _ in 0..<12 {
      for item in Self.items(&generator) {
        let width = Int.random(in: 1...200, using: &generator)
        let selected = Int.random(in: 0..<4, using: &generator) == 0
        let state = TableCellSamples.state(
          selected: selected, tick: Int.random(in: -5...50, using: &generator))
        let cell = TableCellSamples.registry.cell(for: item)
        let canvas = cell.render(item, width: width, state: state)
        let label = "\(type(of: item)) at width \(width)"
        #expect(canvas.width == width, "\(label)")
        #expect(canvas.height >= 1, "\(label)")
        if width >= 6 {
          #expect(
            !Self.isBlank(canvas, row: canvas.height - 1), "\(label): blank last row\n\(canvas.plainText)")
        }
        if width >= 3 {
          let sides = (0..<canvas.height).flatMap { [canvas[0, $0], canvas[width - 1, $0]] }
          #expect(sides.allSatisfy { $0.character == " " }, "\(label): text in the side columns")
        }
        for line in canvas.lines {
          #expect(TTDisplayWidth.of(line) <= width, "\(label)")
          #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(label)")
        }
        #expect(cell.render(item, width: width, state: state) == canvas, "\(label)")
      }
    }
  }

  /// Rows of no width or one column never trap, and keep their width.
  @Test(arguments: [-3, 0, 1, 2, 3, 4, 5])
  func narrowRowsNeverTrap(width: Int) {
    for group in TableCellSamples.groups {
      for item in group.items {
        for state in [TableCellSamples.state(), TableCellSamples.state(selected: true)] {
          let canvas = TableCellSamples.registry.cell(for: item).render(item, width: width, state: state)
          #expect(canvas.width == max(0, width))
          #expect(canvas.height >= 1)
        }
      }
    }
    #expect(TTTableHeaderCell().render("Images", width: width, styleSheet: .default).width == max(0, width))
    #expect(TTTableFooterCell().render("Footer text", width: width, styleSheet: .default).height >= 1)
  }

  /// Wrapping cells grow with their text: the height is exactly the number of wrapped lines.
  @Test(arguments: [10, 23, 40, 77, 120])
  func wrappingCellsAreAsTallAsTheirLines(width: Int) {
    var generator = SeededGenerator(seed: UInt64(width))
    for _ in 0..<20 {
      let text = Self.text(&generator, maxWords: 80)
      let expected = TTTextLayout.lines(
        for: text, width: width - 2, look: TTTextLook(lineBreakMode: .wordWrap, numberOfLines: 0)
      ).count
      let item = TTTableLongTextItem(text: text)
      let canvas = TTTableLongTextItemCell().render(item, width: width, state: TableCellSamples.state())
      #expect(canvas.height == expected)
    }
  }
}
