import Three20

/// The Controls demos, as TTCatalog's Controls section: buttons, text fields, composers,
/// live table controls, the launcher and the paged scroll view.
enum ControlsDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .controls, "Buttons", url: "tt://controls/buttons",
      summary: "TTButton in its looks and states: focus with Tab, press with Enter, Space or a click",
      keyContent: ["Plain", "toolbarButton", "Toggle", "Disabled"]
    ) { _, _ in ButtonsDemo() }
  ]
}
