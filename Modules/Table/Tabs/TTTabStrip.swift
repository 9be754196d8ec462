public import Three20Style
public import Three20UICommon

/// A row of tab titles with one selected: Three20's `TTTabStrip`, for the terminal.
///
/// Titles are drawn side by side, the selected one highlighted. When they do not fit, the
/// strip scrolls to keep the selected tab in view and shows `‹` or `›` at the edge where
/// more titles are hidden. Left and right (or `h` and `l`) move the selection, the digits
/// 1–9 choose a tab directly, and so does a click on a title (a click on `‹` or `›` moves to
/// the previous or next tab); every choice calls ``selectionHandler``.
///
/// ```swift
/// let strip = TTTabStrip(titles: ["Inbox", "Sent", "Drafts"])
/// strip.frame = TTRect(x: 0, y: 0, width: 30, height: 1)
/// strip.handleKey(.character("2"))   // true; strip.selectedIndex == 1
/// // " Inbox  [Sent]  Drafts "
/// ```
@MainActor
open class TTTabStrip: TTView {
  /// The tab titles, in order.
  ///
  /// Setting them keeps the selection when it is still in range.
  public var titles: [String] {
    didSet {
      selectedIndex = titles.isEmpty ? 0 : min(selectedIndex, titles.count - 1)
      setNeedsDisplay()
    }
  }

  /// The selected tab, from 0; clamped to the titles.
  ///
  /// Setting it does not call ``selectionHandler`` (only keys do).
  public var selectedIndex: Int {
    didSet {
      let clamped = titles.isEmpty ? 0 : min(max(0, selectedIndex), titles.count - 1)
      if clamped != selectedIndex { selectedIndex = clamped }
      if selectedIndex != oldValue { setNeedsDisplay() }
    }
  }

  /// Called with the new index when a key or a click chooses a tab.
  public var selectionHandler: (@MainActor (Int) -> Void)?

  /// What the last drawing showed, in columns from the content's left edge: each visible
  /// title's columns with its index, and the arrows' columns with the step they take.
  private var drawnTargets: [(columns: Range<Int>, target: ClickTarget)] = []

  /// What a click on a column of the strip chooses.
  private enum ClickTarget {
    /// A tab, by index.
    case tab(Int)
    /// The tab before or after the selected one (the arrows).
    case step(Int)
  }

  /// Creates a tab strip.
  ///
  /// - Parameters:
  ///   - titles: The titles.
  ///   - selectedIndex: The selected tab; 0 by default.
  public init(titles: [String], selectedIndex: Int = 0) {
    self.titles = titles
    self.selectedIndex = titles.isEmpty ? 0 : min(max(0, selectedIndex), titles.count - 1)
    super.init()
  }

  /// One line, as wide as the room.
  ///
  /// - Parameter size: The room.
  /// - Returns: The room's width by one line.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    TTSize(width: size.width, height: 1)
  }

  /// Uses left/right (`h`/`l`) and 1–9.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key changed or chose a tab.
  override open func handleKey(_ key: TTKey) -> Bool {
    var target: Int?
    switch key {
    case .left, .character("h"): target = selectedIndex - 1
    case .right, .character("l"): target = selectedIndex + 1
    case .character(let character):
      if let digit = character.wholeNumberValue, (1...9).contains(digit), character.isASCII {
        target = digit - 1
      }
    default: break
    }
    guard let target else { return false }
    return choose(target)
  }

  /// Chooses a tab with a click of the left button on its title, as its digit key would; a
  /// click on `‹` or `›` chooses the previous or next tab, as ← and → would.
  ///
  /// - Parameter event: The event, in the strip's coordinates.
  /// - Returns: Whether the press chose a tab.
  override open func handleMouse(_ event: TTMouseEvent) -> Bool {
    guard event.isPrimaryPress else { return false }
    let content = contentRect
    guard content.contains(event.position), event.position.y == content.y else { return false }
    let column = event.position.x - content.x
    guard let hit = drawnTargets.last(where: { $0.columns.contains(column) }) else { return false }
    switch hit.target {
    case .tab(let index): return choose(index)
    case .step(let step): return choose(selectedIndex + step)
    }
  }

  /// Selects a tab and calls ``selectionHandler``: what keys and clicks do.
  private func choose(_ target: Int) -> Bool {
    guard target >= 0, target < titles.count else { return false }
    if target != selectedIndex {
      selectedIndex = target
    }
    selectionHandler?(target)
    return true
  }

  /// The labels as drawn, each with its start column in the full (unscrolled) strip.
  private var cells: [(text: String, start: Int, width: Int)] {
    var x = 0
    return titles.enumerated().map { index, title in
      let text = index == selectedIndex ? "[\(title)]" : " \(title) "
      let width = TTDisplayWidth.of(TTTerminalText.sanitized(text))
      defer { x += width + 1 }
      return (text, x, width)
    }
  }

  /// Draws the titles, scrolled to show the selected one, with `‹ ›` where titles are hidden.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: The strip's rectangle.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    drawnTargets = []
    guard rect.width > 0, !titles.isEmpty else { return }
    let all = cells
    let total = all.last.map { $0.start + $0.width } ?? 0
    var scroll = 0
    if total > rect.width {
      // Room inside the arrows; keep the selected title in view.
      let room = max(1, rect.width - 2)
      let selected = all[selectedIndex]
      if selected.start + selected.width > room { scroll = selected.start + selected.width - room }
      scroll = min(scroll, selected.start)
    }
    let overflows = total > rect.width
    let left = rect.x + (overflows ? 1 : 0)
    let right = rect.maxX - (overflows ? 1 : 0)
    let selectedStyle = TTCellStyle(attributes: [.bold, .inverse])
    let plain = TTCellStyle(foreground: TTStyleSheet.current.color(named: "tableSubTextColor"))
    canvas.withClip(TTRect(x: left, y: rect.y, width: max(0, right - left), height: 1)) { canvas in
      for (index, cell) in all.enumerated() {
        canvas.write(
          cell.text, at: TTPoint(x: left + cell.start - scroll, y: rect.y),
          style: index == selectedIndex ? selectedStyle : plain)
      }
    }
    for (index, cell) in all.enumerated() {
      let start = max(left, left + cell.start - scroll) - rect.x
      let end = min(right, left + cell.start - scroll + cell.width) - rect.x
      if start < end { drawnTargets.append((start..<end, .tab(index))) }
    }
    if overflows {
      if scroll > 0 {
        canvas.write("‹", at: TTPoint(x: rect.x, y: rect.y))
        drawnTargets.append((0..<1, .step(-1)))
      }
      if total - scroll > right - left {
        canvas.write("›", at: TTPoint(x: rect.maxX - 1, y: rect.y))
        drawnTargets.append(((rect.width - 1)..<rect.width, .step(1)))
      }
    }
  }
}
