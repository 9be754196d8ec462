import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

@Suite("Table cells: behaviour")
struct TTTableCellBehaviourTests {
  static let state = TableCellSamples.state()

  static func render(_ item: any TTTableItem, width: Int, state: TTTableCellState = state) -> TTCanvas {
    TableCellSamples.registry.cell(for: item).render(item, width: width, state: state)
  }

  /// A URL shows `›` and an accessory URL `»` in the last column but one; text never runs
  /// under the mark.
  @Test func accessoryMarksSitAtTheRightEdgeInTheirOwnColumns() {
    let long = String(repeating: "word ", count: 20)
    let disclosure = Self.render(TTTableTextItem(text: long, url: "tt://a"), width: 30)
    #expect(disclosure[28, 0].character == "›")
    #expect(disclosure[27, 0].character == " ")
    #expect(disclosure[26, 0].character == "…")
    let detail = Self.render(TTTableTextItem(text: long, url: "tt://a", accessoryURL: "tt://b"), width: 30)
    #expect(detail[28, 0].character == "»")
    let none = Self.render(TTTableTextItem(text: long), width: 30)
    #expect(none[28, 0].character == "…")
    #expect(Self.render(TTTableButton(text: "Go", url: "tt://go"), width: 30).lines[0].contains("›") == false)
  }

  /// A row too narrow for both text and mark drops the mark.
  @Test func narrowRowsDropTheMark() {
    let canvas = Self.render(TTTableTextItem(text: "Inbox", url: "tt://inbox"), width: 4)
    #expect(canvas.lines == [" I…"])
  }

  /// A selected row takes the `tableSelection` look in every column: its fill as background and
  /// its text colour, characters unchanged.
  @Test func selectedRowsTakeTheSelectionLook() throws {
    let item = TTTableSubtitleItem(text: "Ada", subtitle: "Analyst", url: "tt://ada")
    let plain = Self.render(item, width: 20)
    let selected = Self.render(item, width: 20, state: TableCellSamples.state(selected: true))
    #expect(plain.lines == selected.lines)
    let look = try #require(TTStyleSheet.default.style(named: "tableSelection")).textLook
    for y in 0..<selected.height {
      for cell in selected.row(y) {
        #expect(cell.style.background != nil)
        #expect(cell.style.foreground == look.color)
      }
    }
    for cell in plain.row(0) { #expect(cell.style.background == nil) }
    let highlighted = Self.render(item, width: 20, state: TableCellSamples.state(highlighted: true))
    #expect(highlighted.row(0).allSatisfy { $0.style.background != nil })
  }

  /// Without a `tableSelection` style, or with one that neither fills nor colours, a selected
  /// row is shown in inverse video.
  @Test func selectionFallsBackToInverseVideo() {
    var bare = TTStyleSheet.default
    bare.removeStyle(named: "tableSelection")
    var borderOnly = TTStyleSheet.default
    borderOnly.setStyle(TTStyle(TTTextStyle(TTTextLook(attributes: .bold))), named: "tableSelection")
    for sheet in [bare, borderOnly] {
      let state = TTTableCellState(isSelected: true, styleSheet: sheet)
      let canvas = TTTableTextItemCell().render(TTTableTextItem(text: "Inbox"), width: 10, state: state)
      #expect(canvas.row(0).allSatisfy { $0.style.attributes.contains(.inverse) })
    }
  }

  /// Custom cells get the same selection look from `applyHighlight(to:)`; an unselected state
  /// leaves the canvas alone.
  @Test func applyHighlightOnlyActsOnSelectedStates() {
    var canvas = TTCanvas(width: 5, height: 2)
    canvas.write("hi", at: TTPoint(x: 1, y: 0))
    let before = canvas
    TableCellSamples.state().applyHighlight(to: &canvas)
    #expect(canvas == before)
    TableCellSamples.state(selected: true).applyHighlight(to: &canvas)
    #expect(canvas != before)
    #expect(canvas.lines == before.lines)
    var empty = TTCanvas(width: 0, height: 1)
    TableCellSamples.state(selected: true).applyHighlight(to: &empty)
    #expect(empty.width == 0)
  }

  /// Message timestamps are short relative times from the injected clock, right-aligned on the
  /// title row.
  static let ages: [(Double, String)] = [
    (30, "<1m"), (300, "5m"), (10_800, "3h"), (172_800, "2d"), (2_592_000, "1/14/09"),
  ]

  @Test(arguments: ages)
  func messageTimestampsAreShortRelativeTimes(age: Double, expected: String) {
    let item = TTTableMessageItem(title: "Ada", timestamp: TableCellSamples.now - age)
    let canvas = Self.render(item, width: 30)
    #expect(canvas.lines == [" Ada" + String(repeating: " ", count: 25 - expected.count) + expected])
  }

  /// A message's text takes at most `tableMessageTextLines` rows, cut with `…`; empty parts
  /// take no row.
  @Test func messageTextIsLimitedToTheMessageLines() {
    let item = TTTableMessageItem(text: TableCellSamples.longText)
    let canvas = Self.render(item, width: 30)
    #expect(canvas.height == 2)
    #expect(canvas.lines[1].hasSuffix("…"))
    var sheet = TTStyleSheet.default
    sheet.setValue(3, named: "tableMessageTextLines")
    let three = TTTableMessageItemCell(dateFormatting: TableCellSamples.dates)
      .render(item, width: 30, state: TTTableCellState(styleSheet: sheet))
    #expect(three.height == 3)
    #expect(Self.render(TTTableMessageItem(), width: 30).height == 1)
  }

  /// CJK and emoji are cut whole, never in half, and the row never overflows.
  @Test(arguments: 6...16)
  func wideCharactersAreTruncatedWhole(width: Int) {
    let item = TTTableTextItem(text: "漢字👨‍👩‍👧テキスト🇯🇵かな")
    let canvas = Self.render(item, width: width)
    let line = canvas.lines[0]
    #expect(TTDisplayWidth.of(line) <= width - 1)
    #expect(line.hasSuffix("…"))
    #expect(!line.contains("\u{200D}…"))
    let prefix = String(line.dropFirst().dropLast())
    #expect("漢字👨‍👩‍👧テキスト🇯🇵かな".hasPrefix(prefix))
  }

  /// Escape sequences and control characters in data are shown harmlessly, never written raw.
  @Test func controlCharactersAreNeutralised() {
    let hostile = "Hi\u{1B}]0;pwned\u{07}\u{1B}[2J there\u{07}\nnext"
    for item: any TTTableItem in [
      TTTableTextItem(text: hostile), TTTableLongTextItem(text: hostile),
      TTTableMessageItem(title: hostile, caption: hostile, text: hostile),
      TTTableControlItem(caption: hostile, control: .textField(hostile)),
    ] {
      let canvas = Self.render(item, width: 40)
      for line in canvas.lines {
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
        #expect(!line.contains("pwned"))
      }
    }
    #expect(Self.render(TTTableTextItem(text: hostile), width: 40).lines == [" Hi there␇ next"])
  }

  /// Spinners show the frame of the state's tick, for any tick, in the state's spinner set.
  @Test func spinnersTurnWithTheTick() {
    let item = TTTableActivityItem(text: "Loading…")
    let frames = TTActivityLabel.Spinner.unicode.frames
    for tick in [-11, -1, 0, 1, 9, 10, 12345] {
      let state = TableCellSamples.state(tick: tick)
      let expected = frames[((tick % frames.count) + frames.count) % frames.count]
      #expect(state.spinnerFrame == expected)
      #expect(Self.render(item, width: 20, state: state).lines[0].contains(expected + " Loading…"))
    }
    let ascii = TTTableCellState(styleSheet: .default, tick: 1, spinner: .ascii)
    #expect(Self.render(item, width: 20, state: ascii).lines == ["    / Loading..."])
    let more = TTTableMoreButton(isLoading: true)
    #expect(Self.render(more, width: 20, state: ascii).lines == [" / Load more..."])
    #expect(Self.render(TTTableMoreButton(), width: 20).lines == ["   Load more…"])
  }

  /// A cell given an item it cannot read draws it as the fallback cell does.
  @Test func cellsDrawOtherItemsAsTheFallback() {
    let item = TTTableLink(text: "Docs")
    let cells: [any TTTableCell] = [
      TTTableTextItemCell(), TTTableCaptionItemCell(), TTTableMessageItemCell(), TTTableControlCell(),
      TTStyledTextTableItemCell(), TTTableMoreButtonCell(),
    ]
    for cell in cells {
      #expect(cell.render(item, width: 30, state: Self.state).plainText == "‹TTTableLink› link:Docs|")
    }
  }

  /// Control cells draw a toggle at the right edge and a text field filling the row.
  @Test func controlsDrawTheirValues() {
    #expect(
      Self.render(TTTableControlItem(caption: "Wi-Fi", control: .toggle(true)), width: 14).lines == [
        " Wi-Fi    [x]"
      ])
    #expect(
      Self.render(TTTableControlItem(caption: "Wi-Fi", control: .toggle(false)), width: 14).lines == [
        " Wi-Fi    [ ]"
      ])
    let field = Self.render(
      TTTableControlItem(caption: "", control: .textField("", placeholder: "Name")), width: 10)
    #expect(field.lines == [" [Name  ]"])
    #expect(field[2, 0].style.foreground == TTStyleSheet.default.color(named: "placeholderTextColor"))
  }
}
