import Foundation
public import Three20
import Three20UICommon

/// Draws one Catalog screen once, without a terminal: `Catalog URL`, and the tests.
@MainActor
public enum CatalogRenderer {
  /// The rows drawn when a screen does not say how tall it is.
  public static let defaultHeight = 24

  /// Opens a URL in a navigator of its own and draws the screen with its navigation bar.
  ///
  /// Waits for screens that load in the background (``CatalogSettling``). Without a
  /// `height`, the screen's own height (``CatalogSizing``) is used, else
  /// ``defaultHeight``; blank rows at the bottom are left out.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - width: The columns.
  ///   - height: The rows; the screen's own height by default.
  ///   - capabilities: What the output may use; plain text by default.
  /// - Returns: The screen's text, and the title of the screen opened (`nil` if none was).
  public static func render(
    url: String, width: Int, height: Int? = nil, capabilities: TTTerminalCapabilities = .plain
  ) async -> (text: String, title: String?) {
    let navigator = TTNavigator(resolver: CatalogMap.resolver())
    let root = CatalogRootController(navigator: navigator)
    let previous = TTGlobalURLOpener.current
    TTGlobalURLOpener.current = navigator
    defer { TTGlobalURLOpener.current = previous }
    _ = navigator.openURL(url, query: [:])
    let visible = navigator.visibleController
    if let settling = visible as? any CatalogSettling { await settling.settle() }
    let barRows = 2
    let rows =
      height ?? (visible as? any CatalogSizing).map { $0.preferredHeight(width: width) + barRows }
      ?? defaultHeight
    // At most as many rows as one canvas holds at this width (TTCanvas.maximumCellCount).
    let size = TTCanvas.fittingSize(width: width, height: max(3, min(rows, TTCanvas.maximumHeight)))
    let text = TTTerminalHost.renderOnce(root, size: size, capabilities: capabilities)
    let plain =
      capabilities == .plain ? text : TTTerminalHost.renderOnce(root, size: size, capabilities: .plain)
    navigator.removeAllControllers()
    return (trimmingBlankRows(text, plain: plain, keepAll: height != nil), visible?.title)
  }

  /// Drops the blank rows at the bottom (blank in the plain rendering) and trailing spaces.
  static func trimmingBlankRows(_ text: String, plain: String, keepAll: Bool) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let plainLines = plain.split(separator: "\n", omittingEmptySubsequences: false)
    if !keepAll {
      var count = min(lines.count, plainLines.count)
      while count > 1, plainLines[count - 1].allSatisfy({ $0 == " " }) { count -= 1 }
      lines = Array(lines.prefix(count))
    }
    if text == plain {
      lines = lines.map { line in
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
      }
    }
    return lines.joined(separator: "\n")
  }
}
