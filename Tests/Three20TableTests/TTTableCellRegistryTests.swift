import Testing
import Three20Style
import Three20Table

@Suite("TTTableCellRegistry")
struct TTTableCellRegistryTests {
  struct Note: TTTableItem {
    var id: String
  }

  struct Other: TTTableItem {
    var id: String
  }

  struct NoteCell: TTTableCell {
    func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
      var canvas = TTCanvas(width: width, height: 2)
      canvas.write("note \(item.id)", at: .zero)
      return canvas
    }
  }

  /// A registered item type gets its cell; others get the fallback, which shows them readably.
  @Test func registeredTypesGetTheirCellOthersTheFallback() {
    let registry = TTTableCellRegistry()
    registry.register(NoteCell(), for: Note.self)
    #expect(registry.cell(for: Note(id: "1")).render(Note(id: "1"), width: 10, state: .init()).height == 2)
    let fallback = registry.cell(for: Other(id: "x")).render(Other(id: "x"), width: 30, state: .init())
    #expect(fallback.plainText == "‹Other› x")
    #expect(registry.registeredCell(for: Other(id: "x")) == nil)
  }

  /// Unregistering falls back again; registering twice replaces.
  @Test func unregisterAndReplace() {
    let registry = TTTableCellRegistry()
    registry.register(NoteCell(), for: Note.self)
    registry.unregister(Note.self)
    #expect(registry.registeredCell(for: Note(id: "1")) == nil)
  }

  /// The fallback cell never overflows a narrow row.
  @Test(arguments: [0, 1, 5])
  func fallbackFitsNarrowRows(width: Int) {
    let canvas = TTTableFallbackCell().render(Other(id: "long identity"), width: width, state: .init())
    #expect(canvas.width == width)
    #expect(canvas.height == 1)
  }
}
