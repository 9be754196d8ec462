import Testing
import Three20Style
import Three20Table

@Suite("TTTableCellRegistry.standard")
struct TTTableCellRegistryStandardTests {
  /// Every built-in item type has its own cell, as Three20's `cellClassForObject:` mapped them.
  @Test func everyBuiltInItemHasItsCell() {
    let registry = TTTableCellRegistry.standard()
    let expected: [(any TTTableItem, any TTTableCell.Type)] = [
      (TTTableTextItem(text: ""), TTTableTextItemCell.self),
      (TTTableCaptionItem(text: "", caption: ""), TTTableCaptionItemCell.self),
      (TTTableRightCaptionItem(text: "", caption: ""), TTTableRightCaptionItemCell.self),
      (TTTableSubtextItem(text: "", caption: ""), TTTableSubtextItemCell.self),
      (TTTableSettingsItem(text: "", caption: ""), TTTableSettingsItemCell.self),
      (TTTableSubtitleItem(text: ""), TTTableSubtitleItemCell.self),
      (TTTableMessageItem(), TTTableMessageItemCell.self),
      (TTTableLongTextItem(text: ""), TTTableLongTextItemCell.self),
      (TTTableGrayTextItem(text: ""), TTTableGrayTextItemCell.self),
      (TTTableSummaryItem(text: ""), TTTableSummaryItemCell.self),
      (TTTableLink(text: ""), TTTableLinkCell.self),
      (TTTableButton(text: ""), TTTableButtonCell.self),
      (TTTableMoreButton(), TTTableMoreButtonCell.self),
      (TTTableImageItem(text: ""), TTTableImageItemCell.self),
      (TTTableRightImageItem(text: ""), TTTableRightImageItemCell.self),
      (TTTableStyledTextItem(text: TTStyledText(text: "")), TTStyledTextTableItemCell.self),
      (TTTableActivityItem(text: ""), TTTableActivityItemCell.self),
      (TTTableControlItem(caption: "", control: .toggle(true)), TTTableControlCell.self),
    ]
    for (item, cellType) in expected {
      let cell = registry.registeredCell(for: item)
      #expect(cell.map { type(of: $0) == cellType } == true, "\(type(of: item))")
    }
    #expect(expected.count == TableCellSamples.groups.count)
  }

  /// Unknown item types get the fallback cell.
  @Test func unknownItemsGetTheFallback() {
    struct Custom: TTTableItem { var id = "c" }
    let registry = TTTableCellRegistry.standard()
    #expect(registry.registeredCell(for: Custom()) == nil)
    #expect(registry.cell(for: Custom()) is TTTableFallbackCell)
  }

  /// Each call makes a new registry: registering in one leaves the others alone.
  @Test func registriesAreIndependent() {
    struct Custom: TTTableItem { var id = "c" }
    let first = TTTableCellRegistry.standard()
    let second = TTTableCellRegistry.standard()
    first.register(TTTableTextItemCell(), for: Custom.self)
    first.unregister(TTTableLink.self)
    #expect(first.registeredCell(for: Custom()) != nil)
    #expect(second.registeredCell(for: Custom()) == nil)
    #expect(second.registeredCell(for: TTTableLink(text: "")) is TTTableLinkCell)
  }
}
