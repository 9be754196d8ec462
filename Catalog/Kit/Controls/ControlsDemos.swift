import Three20

/// The Controls demos, as TTCatalog's Controls section: buttons, text fields, composers,
/// live table controls, the launcher and the paged scroll view.
enum ControlsDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .controls, "Buttons", url: "tt://controls/buttons",
      summary: "TTButton in its looks and states: focus with Tab, press with Enter, Space or a click",
      keyContent: ["Plain", "toolbarButton", "Toggle", "Disabled"]
    ) { _, _ in ButtonsDemo() },
    CatalogDemo(
      .controls, "Text fields", url: "tt://controls/textfields",
      summary: "TTTextField, TTSearchTextField and TTTextEditor: readline keys, paste, undo, wide characters",
      keyContent: ["Your name", "isSecureTextEntry", "TTTextEditor"]
    ) { _, _ in TextFieldsDemo() },
    CatalogDemo(
      .controls, "Composers", url: "tt://controls/composers",
      summary: "TTMessageController at tt://compose?to=…, TTPostController over the screen at tt://post",
      keyContent: ["New message to ada@example.com", "Post a comment"]
    ) { _, _ in ComposersDemo() },
    CatalogDemo(
      .controls, "Message composer", url: "tt://compose?to=ada%40example.com",
      pattern: "tt://compose?to=(composeTo:)",
      summary: "TTMessageController with a recipient", mode: .modal, isListed: false,
      keyContent: ["To:", "ada@example.com", "Subject:", "Send", "Cancel"]
    ) { match, _ in ComposersDemo.composer(to: match["composeTo"]) },
    CatalogDemo(
      .controls, "Blank message", url: "tt://compose",
      summary: "TTMessageController with no recipient", mode: .modal, isListed: false,
      keyContent: ["To:", "Subject:", "Send"]
    ) { _, _ in ComposersDemo.composer(to: nil) },
    CatalogDemo(
      .controls, "Post", url: "tt://post",
      summary: "TTPostController over the previous screen", mode: .modal, isListed: false,
      keyContent: ["Post", "Cancel"]
    ) { _, _ in TTPostController(title: "Comment") },
    CatalogDemo(
      .controls, "Table controls", url: "tt://controls/table",
      summary: "TTTableControlItem rows with a switch, a slider, a stepper and a text field, live",
      keyContent: ["Wi-Fi", "Volume", "Copies", "Nothing changed yet"]
    ) { _, _ in TableControlsDemo() },
    CatalogDemo(
      .controls, "Launcher", url: "tt://controls/launcher",
      summary: "TTLauncherView: pages of icons with badges; edit mode moves and removes; the order is kept",
      keyContent: ["Core", "Style", "Controls", "Enter opens"]
    ) { _, _ in LauncherDemo() },
    CatalogDemo(
      .controls, "Scroll view", url: "tt://controls/scrollview",
      summary: "TTScrollView and TTPageControl: pages side by side; keys, the wheel and the dots",
      keyContent: ["Page 1: TTScrollView", "●"]
    ) { _, _ in ScrollViewDemo() },
  ]
}
