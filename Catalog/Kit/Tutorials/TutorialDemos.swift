import Three20

/// The classic Three20 tutorials that have no demo of their own elsewhere in the Catalog, as
/// the guide's Tutorials article ports them.
enum TutorialDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .tutorials, "Inset square", url: "tt://tutorials/inset-square",
      summary: "A rounded, gradient-filled, inner-shadowed square from the stylesheet (Inset Square)",
      keyContent: ["TTInnerShadowStyle", "insetSquare"]
    ) { _, _ in InsetSquareDemo() },
    CatalogDemo(
      .tutorials, "Custom items and cells", url: "tt://tutorials/custom-cells",
      summary: "An item and cell pair, fixed and variable row heights (Custom Items and Cells)",
      keyContent: ["Ada Lovelace", "Manchester", "Shapes, fills, borders", "tt://catalog/tables"]
    ) { _, _ in CustomCellsDemo() },
    CatalogDemo(
      .tutorials, "A variable number of elements", url: "tt://tutorials/xml-variable",
      summary: "Zero, one or many elements read safely: tree, dictionary view, streaming",
      keyContent: ["Zero items", "→ []", "→ [\"A\", \"B\"]", "→ 0", "→ 2"]
    ) { _, _ in XMLVariableDemo() },
    CatalogDemo(
      .tutorials, "After a memory warning", url: "tt://tutorials/memory-warning",
      summary: "The empty view before and after a memory warning; m sends another",
      keyContent: ["No messages", "a blank table", "after == before", "true"]
    ) { _, _ in MemoryWarningDemo() },
  ]
}
