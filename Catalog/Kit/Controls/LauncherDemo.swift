import Foundation
import Three20

/// TTCatalog's Launcher: two pages of the Catalog's own sections as icons, with badges; Enter
/// or a click opens one, `e` edits (move with Alt-arrows or a drag, remove with `d`), and the
/// order is kept between runs of the interactive Catalog.
final class LauncherDemo: TTViewController {
  /// Where the interactive Catalog keeps the launcher's order: beside its navigation history.
  ///
  /// `nil` (the default, and when rendering once) keeps no order.
  static var orderFile: URL?

  let launcher = TTLauncherView()
  let hint = TTLabel(text: "Arrows choose · Enter opens · e edits (Alt-arrows or drag move, d removes)")

  override init() {
    super.init()
    title = "Launcher"
  }

  /// The icons: every section of the Catalog, opening its first demo.
  static var items: [[TTLauncherItem]] {
    let first = CatalogDemo.Section.allCases.compactMap { section in
      CatalogDemo.listed.first { $0.section == section }.map { demo in
        TTLauncherItem(
          title: section.rawValue, url: demo.url, badgeNumber: section == .controls ? 6 : 0,
          canDelete: section != .controls)
      }
    }
    let favourites = [
      TTLauncherItem(title: "Web", url: "tt://web/browser", badgeNumber: 120),
      TTLauncherItem(title: "Compose", url: "tt://compose", id: "compose"),
      TTLauncherItem(title: "Post", url: "tt://post", id: "post"),
    ]
    return [Array(first.prefix(9)), Array(first.dropFirst(9)) + favourites]
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    launcher.pages = Self.items
    if let file = Self.orderFile {
      launcher.persistence = TTLauncherPersistence(fileURL: file)
      do {
        _ = try launcher.restoreOrder()
      } catch {
        hint.text = "The saved order was not used: \(error)"
      }
    }
    view.addSubview(hint)
    view.addSubview(launcher)
    launcher.selectedIndex = 0
    launcher.becomeFocused()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    view.setNeedsLayout()
  }

  override func loadView() {
    view = LauncherDemoView()
  }
}

/// The hint on the first row, the launcher under it.
@MainActor
private final class LauncherDemoView: TTView {
  override func layoutSubviews() {
    guard subviews.count == 2 else { return }
    subviews[0].frame = TTRect(x: 1, y: 0, width: max(0, bounds.width - 2), height: 1)
    subviews[1].frame = TTRect(x: 0, y: 1, width: bounds.width, height: max(0, bounds.height - 1))
  }
}
