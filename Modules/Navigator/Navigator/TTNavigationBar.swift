public import Three20Style
public import Three20UICommon

/// The one-row bar above a navigator's screens: the trail of titles that led to the visible
/// screen, and a hint for going back.
///
/// ```text
///  Catalog › Tables › Table Items  ⌫ Back
/// ```
///
/// The trail is cut from the left when it does not fit (`… › Tables › Table Items`), so the
/// title of the visible screen, drawn in bold, stays in view as long as possible; the back
/// hint, on the right, is dropped before the title is cut. The bar's look comes from the
/// stylesheet: the style named `navigationBar` if the sheet has one, else a fill of its
/// `navigationBarTintColor`.
@MainActor
open class TTNavigationBar: TTView {
  /// The separator between titles in the trail.
  nonisolated public static let separator = " › "
  /// What stands for titles cut from the left of the trail.
  nonisolated public static let ellipsis = "…"

  /// The titles of the screens, bottom first.
  ///
  /// The last is the visible screen's. Empty by default.
  open var titles: [String] = [] {
    didSet { if titles != oldValue { setNeedsDisplay() } }
  }

  /// The hint shown on the right, such as `⌫ Back`; `nil` (the default) shows none.
  open var backHint: String? {
    didSet { if backHint != oldValue { setNeedsDisplay() } }
  }

  /// Creates a bar styled from `TTStyleSheet.current`.
  ///
  /// - Parameter frame: Its rectangle; empty by default.
  public override init(frame: TTRect = .zero) {
    super.init(frame: frame)
    let sheet = TTStyleSheet.current
    style =
      sheet.style(named: "navigationBar")
      ?? TTStyle(TTSolidFillStyle(sheet.color(named: "navigationBarTintColor") ?? .black))
  }

  /// Draws the trail and the hint in one row, with a column of margin on each side.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the content goes.
  open override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let line = Self.layout(titles: titles, backHint: backHint, width: rect.width)
    let plain = TTCellStyle(foreground: .white)
    var x = rect.x + 1
    for (index, crumb) in line.trail.enumerated() {
      if index > 0 {
        x += canvas.write(Self.separator, at: TTPoint(x: x, y: rect.y), style: plain)
      }
      let isLast = index == line.trail.count - 1
      let style =
        isLast && !line.isCut(at: index) ? TTCellStyle(foreground: .white, attributes: .bold) : plain
      x += canvas.write(crumb, at: TTPoint(x: x, y: rect.y), style: style)
    }
    if let hint = line.hint {
      let hintX = rect.maxX - 1 - TTDisplayWidth.of(hint)
      canvas.write(hint, at: TTPoint(x: hintX, y: rect.y), style: plain)
    }
  }

  /// What fits in a bar of some width.
  public struct Line: Sendable, Hashable {
    /// The titles shown, left to right; the first is ``TTNavigationBar/ellipsis`` when titles
    /// were cut from the left.
    public var trail: [String]
    /// The hint shown on the right, or `nil` when there is none or no room for it.
    public var hint: String?

    /// Whether the crumb at `index` is the ellipsis that stands for cut titles.
    func isCut(at index: Int) -> Bool {
      index == 0 && trail.count > 1 && trail[0] == TTNavigationBar.ellipsis
    }

    /// The line as plain text, as it would read in the bar (without margins or padding).
    public var text: String {
      trail.joined(separator: TTNavigationBar.separator) + (hint.map { "  " + $0 } ?? "")
    }
  }

  /// Fits the titles and hint into a width, with a column of margin on each side and two
  /// columns between the trail and the hint.
  ///
  /// Titles are made terminal-safe first. The whole trail is kept when it fits; otherwise
  /// titles are dropped from the left, behind a `…`; when even the last title alone does not
  /// fit, the hint is dropped, and then the title is cut at its end.
  ///
  /// ```swift
  /// TTNavigationBar.layout(titles: ["Catalog", "Tables", "Table Items"], backHint: "⌫ Back",
  ///                        width: 30).text
  /// // "… › Table Items  ⌫ Back"
  /// ```
  ///
  /// - Parameters:
  ///   - titles: The titles, bottom first.
  ///   - backHint: The hint, or `nil`.
  ///   - width: The bar's width in columns.
  /// - Returns: What to draw.
  nonisolated public static func layout(titles: [String], backHint: String?, width: Int) -> Line {
    let titles = titles.map { TTTerminalText.sanitized($0) }
    let hint = backHint.map { TTTerminalText.sanitized($0) }
    let inner = max(0, width - 2)
    guard let last = titles.last else {
      if let hint, TTDisplayWidth.of(hint) <= inner { return Line(trail: [], hint: hint) }
      return Line(trail: [], hint: nil)
    }
    func columns(_ trail: [String]) -> Int {
      TTDisplayWidth.of(trail.joined(separator: separator))
    }
    func fit(_ room: Int) -> [String]? {
      if columns(titles) <= room { return titles }
      for dropped in 1..<max(1, titles.count) {
        let trail = [ellipsis] + titles.dropFirst(dropped)
        if columns(trail) <= room { return trail }
      }
      return TTDisplayWidth.of(last) <= room ? [last] : nil
    }
    if let hint {
      let room = inner - TTDisplayWidth.of(hint) - 2
      if room > 0, let trail = fit(room) { return Line(trail: trail, hint: hint) }
    }
    if let trail = fit(inner) { return Line(trail: trail, hint: nil) }
    return Line(trail: [TTDisplayWidth.truncate(last, to: inner)], hint: nil)
  }
}
