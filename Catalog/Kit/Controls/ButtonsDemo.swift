import Three20

/// TTCatalog's Buttons: buttons in the built-in look and in the stylesheet's styles, a toggle,
/// a disabled button; Tab moves the focus, Enter, Space or a click presses.
final class ButtonsDemo: ControlsScreen {
  let status = TTLabel(text: "Press a button: Tab to move, Enter or a click to press")
  private var presses = 0

  override init() {
    super.init()
    title = "Buttons"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    stack.add(status)
    let plain = TTButton(title: "Plain") { [weak self] in self?.pressed($0) }
    stack.add(plain, caption: "The built-in look (no stylesheet needed)")
    for name in ["toolbarButton", "blackToolbarButton", "toolbarBackButton"] {
      let button = TTButton(title: name, styleName: name) { [weak self] in self?.pressed($0) }
      stack.add(button, caption: "styleName: \"\(name)\"")
    }
    let toggle = TTButton(title: "Toggle") { button in
      button.state = button.state == .selected ? .normal : .selected
    }
    stack.add(toggle, caption: "Selected state, switched by each press")
    let disabled = TTButton(title: "Disabled")
    disabled.isEnabled = false
    stack.add(disabled, caption: "Disabled: Tab skips it, clicks do nothing")
    plain.becomeFocused()
  }

  private func pressed(_ button: TTButton) {
    presses += 1
    status.text = "Pressed \(button.title) (\(presses) presses)"
  }
}
