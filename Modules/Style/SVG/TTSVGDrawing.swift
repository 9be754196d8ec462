/// The SVG being written: definitions, drawn elements, the area painted and the id counter.
///
/// One drawing can hold several styles (a gallery); the counter makes every id in the
/// document unique.
struct TTSVGDrawing {
  /// Elements for `<defs>`: gradients, filters, clip paths, masks.
  var definitions: [String] = []
  /// Drawn elements, in paint order.
  var elements: [String] = []
  /// The area painted so far, including shadows; `nil` before anything is painted.
  var bounds: TTShapePath.Rect?
  /// The last id number used.
  var lastID = 0
  /// How deep the current element is nested in groups, for indentation.
  var depth = 1

  /// A new id, unique in the document: `tt-<kind>-<n>`.
  mutating func makeID(_ kind: String) -> String {
    lastID += 1
    return "tt-\(kind)-\(lastID)"
  }

  /// Adds a drawn element at the current depth.
  mutating func add(_ element: String) {
    elements.append(String(repeating: "  ", count: depth) + element)
  }

  /// Opens a group; the following elements go inside it.
  mutating func open(_ group: String) {
    add(group)
    depth += 1
  }

  /// Closes the innermost group.
  mutating func close() {
    depth = max(1, depth - 1)
    add("</g>")
  }

  /// Adds a definition.
  mutating func define(_ element: String) {
    definitions.append("    " + element)
  }

  /// Grows the painted area to hold a rectangle (ignores empty or non-finite ones).
  mutating func include(_ rect: TTShapePath.Rect) {
    guard !rect.isEmpty else { return }
    bounds = bounds.map { $0.union(rect) } ?? rect
  }
}
