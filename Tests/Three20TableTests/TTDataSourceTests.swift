import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

@MainActor
@Suite("Data sources")
struct TTDataSourceTests {
  /// A list finds rows by identity and by user info, and is its own loaded model.
  @Test func listLooksUpRowsAndIsLoaded() {
    let source = TTListDataSource(items: [Note("a"), Note("b")])
    #expect(source.model === source)
    #expect(source.model.state == .loaded(outdated: false, error: nil))
    #expect(source.indexPath(ofItemWithID: "b") == [0, 1])
    #expect(source.indexPath(ofItemWithID: "z") == nil)
    #expect(source.indexPathOfItem(withUserInfo: { $0 == nil }) == [0, 0])
    #expect(source.item(at: [0, 2]) == nil)
    #expect(source.item(at: [1, 0]) == nil)
    #expect(source.item(at: []) == nil)
  }

  /// Searching filters by any text of the item, ignoring case and accents; clearing restores.
  @Test func listSearchFilters() {
    let source = TTListDataSource(items: [Note("1", text: "Crème brûlée"), Note("2", text: "Apple pie")])
    source.search("CREME")
    #expect(source.numberOfRows(inSection: 0) == 1)
    #expect(source.searchText == "CREME")
    source.search("   ")
    #expect(source.searchText == nil)
    #expect(source.numberOfRows(inSection: 0) == 2)
  }

  /// Items before the first title are kept in an untitled section (Three20 dropped them);
  /// non-items are skipped.
  @Test func sectionedObjectsKeepLeadingItems() {
    let source = TTSectionedDataSource(objects: [Note("x"), "A", Note("a1"), Note("a2"), 42, "B"])
    #expect(source.numberOfSections == 3)
    #expect(source.titleForHeader(inSection: 0) == nil)
    #expect(source.numberOfRows(inSection: 0) == 1)
    #expect(source.titleForHeader(inSection: 1) == "A")
    #expect(source.numberOfRows(inSection: 1) == 2)
    #expect(source.numberOfRows(inSection: 2) == 0)
    #expect(source.item(at: [1, 1])?.id == "a2")
    #expect(source.item(at: [9, 0]) == nil)
  }

  /// `init(sections:items:)` keeps unmatched sections and item lists.
  @Test func sectionedInitPadsMismatchedCounts() {
    let source = TTSectionedDataSource(
      sections: [.init(header: "One")], items: [[Note("a")], [Note("b")]])
    #expect(source.numberOfSections == 2)
    #expect(source.titleForHeader(inSection: 1) == nil)
  }

  /// Removing a row announces the deletion; the section goes only when asked and empty.
  @Test func sectionedRemoveItem() {
    let source = TTSectionedDataSource(objects: ["A", Note("a"), "B", Note("b1"), Note("b2")])
    var events: [TTModelEvent.Kind] = []
    final class Recorder: TTModelDelegate {
      var record: (TTModelEvent.Kind) -> Void = { _ in }
      func modelDidChange(_ model: any TTModel) { record(.didChange) }
      func model(_ model: any TTModel, didDelete object: any Sendable, at indexPath: IndexPath) {
        record(.didDelete)
      }
    }
    let recorder = Recorder()
    recorder.record = { events.append($0) }
    source.addDelegate(recorder)
    #expect(source.removeItem(at: [1, 0])?.id == "b1")
    #expect(events == [.didDelete])
    #expect(source.removeItem(at: [0, 0], removeSectionIfEmpty: true)?.id == "a")
    #expect(events == [.didDelete, .didDelete, .didChange])
    #expect(source.numberOfSections == 1)
    #expect(source.removeItem(at: [5, 5]) == nil)
    #expect(source.removeItem(at: [0]) == nil)
  }

  /// Searching a sectioned source hides sections without matches.
  @Test func sectionedSearchHidesEmptySections() {
    let source = TTSectionedDataSource(objects: ["A", Note("apple"), "B", Note("banana")])
    source.search("ban")
    #expect(source.numberOfSections == 1)
    #expect(source.titleForHeader(inSection: 0) == "B")
  }

  /// Three20's index letters, and the section a letter leads to.
  @Test func sectionIndexLetters() {
    let letters = TTTableSectionIndex.letters(search: true, summary: true)
    #expect(letters.count == 28)
    #expect(letters.first == TTTableSectionIndex.searchGlyph)
    #expect(letters[1] == "A" && letters[26] == "Z" && letters.last == "#")
    #expect(
      TTTableSectionIndex.letters(search: false, summary: false).joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let source = TTSectionedDataSource(objects: ["Apple", Note("a"), "Cherry", Note("c")])
    #expect(source.section(forIndexTitle: "C") == 1)
    #expect(source.section(forIndexTitle: "B") == 0)
    #expect(source.section(forIndexTitle: "Z") == 1)
  }

  /// A model data source builds its items when the model finishes loading.
  @Test func modelDataSourceBuildsItemsOnLoad() {
    let source = FeedSource()
    let controller = TTTableViewController(dataSource: source)
    controller.appear()
    #expect(source.numberOfRows(inSection: 0) == 0)
    source.sourceModel.finish(with: ["a", "b"])
    #expect(source.items.map(\.id) == ["a", "b"])
    #expect(controller.model === source.sourceModel)
  }

  /// A million lazy rows: opening, paging and jumping to the end ask for O(screen) items.
  @Test func millionLazyRowsCostOnlyTheScreen() {
    let list = CountingList(count: 1_000_000)
    let controller = TTTableViewController(dataSource: list.source)
    controller.cellRegistry = noteRegistry()
    let clock = ContinuousClock()
    let start = clock.now
    let first = controller.text(width: 120, height: 40)
    #expect(first.hasPrefix("  Row 0"))
    #expect(list.requests <= 41)
    for _ in 0..<3 { _ = controller.handleKey(.pageDown) }
    _ = controller.text(width: 120, height: 40)
    #expect(controller.handleKey(.end))
    let last = controller.text(width: 120, height: 40)
    #expect(controller.selectedIndexPath == [0, 999_999])
    #expect(last.split(separator: "\n").last?.contains("> Row 999999") == true)
    _ = controller.handleKey(.pageUp)
    _ = controller.handleKey(.home)
    #expect(controller.text(width: 120, height: 40).hasPrefix("> Row 0"))
    #expect(list.requests < 600)
    #expect(clock.now - start < .seconds(5))
  }

  /// The row heights of a lazy list come from the cells, at the table's width.
  @Test func rowHeightsComeFromTheCells() {
    let list = CountingList(count: 10)
    let table = TTTableView(cellRegistry: noteRegistry())
    table.dataSource = list.source
    #expect((0..<4).map { table.height(ofRowAt: [0, $0]) } == [1, 2, 3, 1])
    #expect(table.height(ofRowAt: [0, 99]) == 0)
    let asked = list.requests
    _ = table.height(ofRowAt: [0, 1])
    #expect(list.requests == asked)
  }
}
