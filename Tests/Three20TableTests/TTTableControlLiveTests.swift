import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// Records what control rows report.
@MainActor
final class ControlRecorder {
  var changes: [TTTableControlItem.Control] = []
  var handled: [(IndexPath, TTTableControlItem.Control)] = []
}

@MainActor
@Suite("Table control rows")
struct TTTableControlLiveTests {
  static func settingsItems(_ recorder: ControlRecorder) -> [any TTTableItem] {
    let record: @MainActor @Sendable (TTTableControlItem) -> Void = { recorder.changes.append($0.control) }
    return [
      Note("top"),
      TTTableControlItem(caption: "Wi-Fi", control: .toggle(false), onChange: record),
      TTTableControlItem(caption: "Volume", control: .slider(40, 0...100, step: 5), onChange: record),
      TTTableControlItem(caption: "Copies", control: .stepper(1, 1...99), onChange: record),
      TTTableControlItem(
        caption: "Name", control: .textField("", placeholder: "Your name"), onChange: record),
    ]
  }

  static func registry() -> TTTableCellRegistry {
    let registry = TTTableCellRegistry.standard()
    registry.register(NoteCell(), for: Note.self)
    return registry
  }

  static func settings(_ recorder: ControlRecorder) -> (TTTableViewController, TTListDataSource) {
    let source = TTListDataSource(items: settingsItems(recorder))
    let controller = TTTableViewController(dataSource: source)
    controller.cellRegistry = registry()
    return (controller, source)
  }

  static func control(_ source: TTListDataSource, _ row: Int) -> TTTableControlItem.Control? {
    (source.items[row] as? TTTableControlItem)?.control
  }

  /// Slider rows draw a track and their value after the caption column; stepper rows draw
  /// `[−] 1 [+]` at the right edge, in Unicode or ASCII as the state's spinner says.
  @Test func cellDrawsSliderAndStepperRows() {
    let cell = TTTableControlCell()
    let slider = TTTableControlItem(caption: "Volume", control: .slider(40, 0...100, step: 5))
    let stepper = TTTableControlItem(caption: "Copies", control: .stepper(1, 1...99))
    #expect(
      cell.render(slider, width: 40, state: TTTableCellState()).lines == [
        " Volume       ━━━━━━━━●────────────  40"
      ])
    #expect(
      cell.render(stepper, width: 40, state: TTTableCellState(spinner: .ascii)).lines == [
        " Copies                      [-]  1 [+]"
      ])
    let layout = TTTableControlCell.layout(of: slider, width: 40)
    #expect(layout.caption == 1..<13)
    #expect(layout.track == 14..<35)
    #expect(layout.control == 14..<39)
    let parts = TTTableControlCell.layout(of: stepper, width: 40)
    #expect(parts.decrement == 29..<32)
    #expect(parts.increment == 36..<39)
    // Too narrow for the parts: the value alone.
    #expect(cell.render(stepper, width: 8, state: TTTableCellState()).lines == [" Co…  1"])
    // Values out of range are drawn clamped; NaN as the minimum.
    let wild = TTTableControlItem(caption: "", control: .slider(.nan, 0...1))
    #expect(wild.control.sliderValue == 0)
    #expect(TTTableControlItem.Control.stepper(500, 1...99).stepperValue == 99)
  }

  /// With the cursor on a control row, ←/→ (and Space or Enter on a toggle) change the control
  /// through the controller; up and down still move rows; every change lands in the data source
  /// and is reported to the item's onChange.
  @Test func keysChangeTheControlUnderTheCursor() {
    let recorder = ControlRecorder()
    let (controller, source) = Self.settings(recorder)
    _ = controller.text()
    #expect(controller.dispatch(.key(.down)))
    #expect(!controller.dispatch(.key(.left)))
    #expect(controller.dispatch(.key(.down)))
    #expect(controller.selectedIndexPath == [0, 1])
    #expect(controller.dispatch(.key(.character(" "))))
    #expect(Self.control(source, 1) == .toggle(true))
    #expect(controller.dispatch(.key(.right)))
    #expect(controller.dispatch(.key(.left)))
    #expect(controller.dispatch(.key(.enter)))
    #expect(Self.control(source, 1) == .toggle(true))
    #expect(controller.selectedIndexPath == [0, 1])

    #expect(controller.dispatch(.key(.down)))
    #expect(controller.dispatch(.key(.right)))
    #expect(controller.dispatch(.key(.character("l"))))
    #expect(controller.dispatch(.key(.character("-"))))
    #expect(Self.control(source, 2) == .slider(45, 0...100, step: 5))
    #expect(controller.text().contains("O-----------  45"))

    #expect(controller.dispatch(.key(.down)))
    #expect(controller.dispatch(.key(.character("+"))))
    #expect(controller.dispatch(.key(.left)))
    #expect(controller.dispatch(.key(.left)))
    #expect(Self.control(source, 3) == .stepper(1, 1...99))
    #expect(controller.dispatch(.key(.up)))
    #expect(controller.selectedIndexPath == [0, 2])
    #expect(
      recorder.changes == [
        .toggle(true), .toggle(false), .toggle(true), .slider(45, 0...100, step: 5),
        .slider(50, 0...100, step: 5), .slider(45, 0...100, step: 5), .stepper(2, 1...99),
        .stepper(1, 1...99),
      ])
  }

  /// Enter on a text-field row puts a focused field over its control; typing, then Enter,
  /// writes the text back and reports it; Escape drops an edit; ↑ keeps it and moves on.
  @Test func textFieldRowsAreEditedInPlace() throws {
    let recorder = ControlRecorder()
    let (controller, source) = Self.settings(recorder)
    _ = controller.text()
    controller.tableView.selectedIndexPath = [0, 4]
    #expect(controller.dispatch(.key(.enter)))
    let field = try #require(controller.editingField)
    #expect(field.isFocused)
    for character in "Ada 漢" { controller.dispatch(.key(.character(character))) }
    #expect(controller.dispatch(.key(.enter)))
    #expect(controller.editingField == nil)
    #expect(Self.control(source, 4) == .textField("Ada 漢", placeholder: "Your name"))
    #expect(recorder.changes.last == .textField("Ada 漢", placeholder: "Your name"))
    #expect(controller.text().contains("Ada 漢"))
    // Escape drops the edit.
    #expect(controller.dispatch(.key(.enter)))
    controller.dispatch(.key(.character("x")))
    #expect(controller.dispatch(.key(.escape)))
    #expect(controller.editingField == nil)
    #expect(Self.control(source, 4) == .textField("Ada 漢", placeholder: "Your name"))
    // ↑ keeps the edit and moves the cursor.
    #expect(controller.dispatch(.key(.enter)))
    controller.dispatch(.key(.backspace))
    #expect(controller.dispatch(.key(.up)))
    #expect(controller.editingField == nil)
    #expect(Self.control(source, 4) == .textField("Ada ", placeholder: "Your name"))
    #expect(controller.tableView.selectedIndexPath == [0, 3])
  }

  /// A text field row takes no control keys: Enter goes to the selection handler, where the
  /// controller starts its editor, and Space pages as on other rows.
  @Test func textFieldRowsLeaveKeysToTheTable() {
    let recorder = ControlRecorder()
    let table = TTTableView(cellRegistry: Self.registry(), frame: TTRect(x: 0, y: 0, width: 40, height: 3))
    let source = TTListDataSource(items: Self.settingsItems(recorder))
    table.dataSource = source
    var chosen: [IndexPath] = []
    table.selectionHandler = { chosen.append($0) }
    table.selectedIndexPath = [0, 4]
    #expect(!table.handleControlKey(.enter))
    #expect(table.handleKey(.enter))
    #expect(chosen == [[0, 4]])
    #expect(!table.handleKey(.left))
    table.selectedIndexPath = [0, 2]
    #expect(!table.handleControlKey(.enter))
    #expect(!table.handleControlKey(.character(" ")))
    #expect(table.handleKey(.character(" ")))
    #expect(table.selectedIndexPath != [0, 2])
    #expect(recorder.changes.isEmpty)
  }

  /// The table's control handler hears every change with the row, before the item's onChange.
  @Test func controlHandlerReportsRowAndItem() {
    let recorder = ControlRecorder()
    let table = TTTableView(cellRegistry: Self.registry(), frame: TTRect(x: 0, y: 0, width: 40, height: 5))
    let source = TTListDataSource(items: Self.settingsItems(recorder))
    table.dataSource = source
    table.controlHandler = { path, item in
      #expect(recorder.changes.count == recorder.handled.count)
      recorder.handled.append((path, item.control))
    }
    #expect(table.changeControl(at: [0, 3], to: .stepper(7, 1...99)))
    #expect(!table.changeControl(at: [0, 3], to: .stepper(7, 1...99)))
    #expect(!table.changeControl(at: [0, 0], to: .toggle(true)))
    #expect(!table.changeControl(at: [0, 99], to: .toggle(true)))
    #expect(recorder.handled.map(\.0) == [[0, 3]])
    #expect(recorder.changes == [.stepper(7, 1...99)])
    var canvas = TTCanvas(width: 40, height: 5)
    table.draw(on: &canvas)
    #expect(canvas.lines[3].hasSuffix("7 [+]"))
  }

  /// A data source that cannot replace items keeps its value: the change is only reported,
  /// for the app to put in its data.
  @Test func fixedDataSourceOnlyReports() {
    final class Fixed: TTTableDataSource {
      let items: [any TTTableItem]
      init(_ items: [any TTTableItem]) {
        self.items = items
        super.init()
      }
      override var numberOfSections: Int { 1 }
      override func numberOfRows(inSection section: Int) -> Int { items.count }
      override func item(at indexPath: IndexPath) -> (any TTTableItem)? { items[indexPath[1]] }
    }
    let recorder = ControlRecorder()
    let table = TTTableView(cellRegistry: Self.registry(), frame: TTRect(x: 0, y: 0, width: 40, height: 5))
    let source = Fixed(Self.settingsItems(recorder))
    table.dataSource = source
    table.selectedIndexPath = [0, 1]
    #expect(table.handleKey(.character(" ")))
    #expect(table.handleKey(.character(" ")))
    #expect(recorder.changes == [.toggle(true), .toggle(true)])
    #expect((source.item(at: [0, 1]) as? TTTableControlItem)?.control == .toggle(false))
  }

  /// Sectioned and searched data sources take the changed item at the row they show.
  @Test func sectionedAndSearchedSourcesTakeTheChange() {
    let recorder = ControlRecorder()
    let items = Self.settingsItems(recorder)
    let sectioned = TTSectionedDataSource(objects: ["General", items[0], items[1], "Sound", items[2]])
    let table = TTTableView(cellRegistry: Self.registry(), frame: TTRect(x: 0, y: 0, width: 40, height: 8))
    table.dataSource = sectioned
    table.selectedIndexPath = [1, 0]
    #expect(table.handleKey(.end) && table.selectedIndexPath == [1, 0])
    #expect(table.handleKey(.right))
    #expect((sectioned.sections[1].items[0] as? TTTableControlItem)?.control == .slider(45, 0...100, step: 5))
    sectioned.search("Wi-Fi")
    table.reloadData()
    #expect(table.changeControl(at: [0, 0], to: .toggle(true)))
    #expect((sectioned.sections[0].items[1] as? TTTableControlItem)?.control == .toggle(true))

    let list = TTListDataSource(items: items)
    list.search("Copies")
    #expect(
      list.replaceItem(at: [0, 0], with: TTTableControlItem(caption: "Copies", control: .stepper(3, 1...99))))
    #expect((list.items[3] as? TTTableControlItem)?.control == .stepper(3, 1...99))
    #expect(!list.replaceItem(at: [0, 1], with: items[0]))
    #expect(!sectioned.replaceItem(at: [5, 0], with: items[0]))
  }

  /// The control's rectangle as drawn: where an editor for a text field row goes.
  @Test func controlFrameIsWhereTheControlWasDrawn() {
    let recorder = ControlRecorder()
    let (controller, _) = Self.settings(recorder)
    _ = controller.text()
    #expect(controller.tableView.controlFrame(ofRowAt: [0, 4]) == TTRect(x: 14, y: 4, width: 25, height: 1))
    #expect(controller.tableView.controlFrame(ofRowAt: [0, 1]) == TTRect(x: 36, y: 1, width: 3, height: 1))
    #expect(controller.tableView.controlFrame(ofRowAt: [0, 0]) == nil)
  }

  /// Stepping a control as ←/→ do: each kind stops at its ends; a text field never changes.
  @Test func steppingStopsAtTheEnds() {
    typealias Control = TTTableControlItem.Control
    #expect(Control.slider(100, 0...100, step: 5).stepped(1) == .slider(100, 0...100, step: 5))
    #expect(Control.slider(0.5, 0...1).stepped(-1) == .slider(0.45, 0...1))
    #expect(Control.stepper(99, 1...99).stepped(1) == .stepper(99, 1...99))
    #expect(Control.stepper(5, 1...99, step: 10).stepped(-1) == .stepper(1, 1...99, step: 10))
    #expect(Control.toggle(false).stepped(1) == .toggle(true))
    #expect(Control.textField("a").stepped(1) == .textField("a"))
    #expect(Control.textField("a").toggled == .textField("a"))
    #expect(!Control.textField("a").isAdjustable)
  }
}
