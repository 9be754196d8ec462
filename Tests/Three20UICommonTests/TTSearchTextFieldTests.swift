import Testing
import Three20Style
import Three20UICommon

@MainActor
@Suite("TTSearchTextField")
struct TTSearchTextFieldTests {
  typealias T = TextInputTesting

  static func field(width: Int = 12) -> TTSearchTextField {
    TTSearchTextField(frame: TTRect(x: 0, y: 0, width: width, height: 1))
  }

  /// The search glyph comes before the placeholder or the text; clicks and the cursor
  /// count it.
  @Test func glyphBeforeTheText() {
    let field = Self.field()
    let screen = T.screen(field)
    #expect(T.render(screen).lines == ["⌕ Search"])
    T.click(screen, x: 5)
    T.type("ab", into: screen)
    var canvas = T.render(screen)
    #expect(canvas.lines == ["⌕ ab"])
    #expect(T.cursorColumns(canvas) == [4])
    #expect(!canvas[0, 0].style.attributes.contains(.underline))
    T.click(screen, x: 2)
    #expect(field.buffer.cursor == 0)
    T.click(screen, x: 0)
    #expect(field.buffer.cursor == 0)
    field.showsSearchIcon = false
    canvas = T.render(screen)
    #expect(canvas.lines == ["ab"])
  }

  /// Every change searches; without automatic searching only Enter does, and Enter still
  /// submits.
  @Test func searchesOnChangeOrOnEnter() {
    let field = Self.field()
    var searches: [String] = []
    var submits = 0
    field.onSearch = { searches.append($0) }
    field.onSubmit = { _ in submits += 1 }
    let screen = T.screen(field)
    field.becomeFocused()
    T.type("ab", into: screen)
    screen.dispatch(.key(.backspace))
    screen.dispatch(.key(.left))
    #expect(searches == ["a", "ab", "a"])
    field.searchesAutomatically = false
    T.type("c", into: screen)
    #expect(searches == ["a", "ab", "a"])
    screen.dispatch(.key(.enter))
    #expect(searches == ["a", "ab", "a", "ca"])
    #expect(submits == 1)
  }

  /// Escape empties a field with text (searching for nothing, undoably) and is left to the
  /// views above when the field is empty.
  @Test func escapeClearsThenGoesOn() {
    let field = Self.field()
    var searches: [String] = []
    field.onSearch = { searches.append($0) }
    let screen = T.screen(field)
    field.becomeFocused()
    screen.dispatch(.paste("query"))
    #expect(field.handleKey(.escape))
    #expect(field.text == "")
    #expect(searches == ["query", ""])
    #expect(!field.handleKey(.escape))
    screen.dispatch(.key(.control("_")))
    #expect(field.text == "query")
    field.searchesAutomatically = false
    #expect(field.handleKey(.escape))
    #expect(searches == ["query", "", "query", ""])
  }

  /// The bar's Cancel button shows while the field has the focus or text, and sits at the
  /// right end.
  @Test func searchBarShowsCancelWhileInUse() {
    let bar = TTSearchBar(frame: TTRect(x: 0, y: 0, width: 24, height: 1))
    let screen = T.screen(bar)
    #expect(!bar.showsCancelButton)
    #expect(T.render(screen).lines == ["⌕ Search"])
    #expect(bar.searchField.frame.width == 24)
    screen.dispatch(.key(.tab))
    #expect(bar.searchField.isFocused)
    #expect(bar.showsCancelButton)
    #expect(T.render(screen).lines == ["⌕ Search      [ Cancel ]"])
    #expect(bar.searchField.frame.width == 13)
    // Tab to the button keeps it showing; Tab on takes the focus back round to the field.
    screen.dispatch(.key(.tab))
    #expect(bar.cancelButton.isFocused)
    #expect(!bar.cancelButton.isHidden)
    #expect(T.render(screen).lines == ["⌕ Search      [>Cancel<]"])
    screen.dispatch(.key(.tab))
    #expect(bar.searchField.isFocused)
    T.type("x", into: screen)
    bar.searchField.resignFocus()
    #expect(bar.showsCancelButton)
    #expect(bar.sizeThatFits(TTSize(width: 40, height: 5)) == TTSize(width: 40, height: 1))
  }

  /// A click on Cancel empties the field, searches for nothing, takes the focus and calls
  /// onCancel; so do two Escapes.
  @Test func searchBarCancels() {
    let bar = TTSearchBar(placeholder: "Find", frame: TTRect(x: 0, y: 0, width: 24, height: 1))
    var searches: [String] = []
    var cancels = 0
    bar.searchField.onSearch = { searches.append($0) }
    bar.onCancel = { _ in cancels += 1 }
    let screen = T.screen(bar)
    _ = T.render(screen)
    T.click(screen, x: 3)
    T.type("ok", into: screen)
    _ = T.render(screen)
    T.click(screen, x: 20)
    #expect(bar.searchField.text == "")
    #expect(searches == ["o", "ok", ""])
    #expect(cancels == 1)
    #expect(screen.view.focusedView == nil)
    #expect(bar.cancelButton.isHidden)
    #expect(T.render(screen).lines == ["⌕ Find"])
    // Escape empties the field, a second Escape cancels, a third goes on.
    screen.dispatch(.key(.tab))
    T.type("z", into: screen)
    #expect(screen.dispatch(.key(.escape)))
    #expect(bar.searchField.isFocused)
    #expect(screen.dispatch(.key(.escape)))
    #expect(!bar.searchField.isFocused)
    #expect(cancels == 2)
    #expect(!screen.dispatch(.key(.escape)))
    #expect(searches == ["o", "ok", "", "z", ""])
  }
}
