import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

@MainActor
@Suite("Table search bar")
struct TTTableSearchBarTests {
  static func controller() -> TTTableViewController {
    let source = TTListDataSource(
      items: ["Argon", "Boron", "Carbon", "Bismuth"].map { TTTableTextItem(text: $0) })
    let controller = TTTableViewController(dataSource: source)
    controller.searchBar = TTSearchBar(placeholder: "Elements")
    return controller
  }

  /// `/` focuses the bar's field; typing filters the rows as you type; ↓ goes on to the rows,
  /// which then take the keys; Escape empties the field and a second Escape ends the search.
  @Test func searchBarFiltersTheRowsAsYouType() throws {
    let controller = Self.controller()
    let bar = try #require(controller.searchBar)
    #expect(controller.text().contains("Elements"))
    #expect(controller.dispatch(.key(.character("/"))))
    #expect(bar.searchField.isFocused)
    for character in "bor" { controller.dispatch(.key(.character(character))) }
    var shown = controller.text()
    #expect(shown.contains("Boron") && !shown.contains("Argon") && !shown.contains("Carbon"))
    #expect(controller.dispatch(.key(.down)))
    #expect(!bar.searchField.isFocused)
    #expect(controller.selectedIndexPath == [0, 0])
    // The rows take the keys now: `j` moves, it is not typed.
    controller.dispatch(.key(.character("j")))
    #expect(bar.searchField.text == "bor")
    // Back in the field, Escape empties it, a second Escape cancels.
    controller.dispatch(.key(.character("/")))
    #expect(controller.dispatch(.key(.escape)))
    #expect(bar.searchField.text.isEmpty)
    #expect(controller.dispatch(.key(.escape)))
    shown = controller.text()
    #expect(shown.contains("Argon") && shown.contains("Carbon"))
    #expect(!bar.searchField.isFocused)
  }

  /// Enter in the field keeps the results and leaves the field.
  @Test func enterKeepsTheResults() throws {
    let controller = Self.controller()
    let bar = try #require(controller.searchBar)
    _ = controller.text()
    controller.dispatch(.key(.character("/")))
    for character in "carb" { controller.dispatch(.key(.character(character))) }
    #expect(controller.dispatch(.key(.enter)))
    #expect(!bar.searchField.isFocused)
    let shown = controller.text()
    #expect(shown.contains("Carbon") && !shown.contains("Boron"))
  }
}
