import Foundation
import Three20

/// TTCatalog's Text Fields: one-line fields (plain, placeholder, secure, clear button, a
/// search field) and a text editor that grows to five lines, then scrolls.
final class TextFieldsDemo: ControlsScreen {
  let status = TTLabel(text: "Tab moves between fields; readline keys edit; Ctrl-_ undoes")
  let name = TTTextField(text: "", placeholder: "Your name")
  let wide = TTTextField(text: "漢字とカナ, é and 👩‍💻 are one character each")
  let password = TTTextField(text: "", placeholder: "Password")
  let clearable = TTTextField(text: "Press the × or Ctrl-U", placeholder: "Cleared")
  let search = TTSearchTextField(placeholder: "Search the periodic table")
  let editor = TTTextEditor(
    text: "", placeholder: "Write several lines: Alt-Enter submits, Enter starts a line")

  override init() {
    super.init()
    title = "Text fields"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    password.isSecureTextEntry = true
    clearable.clearButtonMode = .always
    editor.minimumNumberOfLines = 2
    editor.maximumNumberOfLines = 5
    let elements = ["Hydrogen", "Helium", "Lithium", "Beryllium", "Boron", "Carbon", "Nitrogen", "Oxygen"]
    search.onSearch = { [weak self] text in
      let found = elements.filter { text.isEmpty || $0.localizedCaseInsensitiveContains(text) }
      self?.status.text = "Search: \(found.isEmpty ? "nothing found" : found.joined(separator: ", "))"
    }
    name.onSubmit = { [weak self] field in
      self?.status.text = "Hello, \(field.text.isEmpty ? "stranger" : field.text)!"
    }
    editor.onSubmit = { [weak self] editor in
      self?.status.text =
        "Submitted \(editor.text.split(separator: "\n", omittingEmptySubsequences: false).count) lines"
    }
    stack.add(status)
    stack.add(name, caption: "TTTextField with a placeholder (Enter greets)")
    stack.add(wide, caption: "Wide and combining characters, emoji sequences")
    stack.add(password, caption: "isSecureTextEntry")
    stack.add(clearable, caption: "clearButtonMode: .always")
    stack.add(search, caption: "TTSearchTextField: searches as you type, Escape clears")
    stack.add(editor, caption: "TTTextEditor: grows from 2 to 5 lines, then scrolls")
    name.becomeFocused()
  }
}
