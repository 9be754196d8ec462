import Three20
import Three20UICommon

/// A tab strip whose tabs make their data sources only when first chosen, and keep them.
///
/// Three20's "multi-table lazy loading" recipe. Left/right or 1–3 switch tabs.
final class TableTabsDemo: TTTabbedTableController, CatalogSizing {
  /// The banner that lists the data sources made so far.
  private let made = TTLabel(text: "Data sources made: none yet")

  init() {
    let mailboxes = [
      ("Inbox", ["Lunch on Friday?", "Your build passed", "Three20 1.0 is out"]),
      ("Sent", ["Re: Lunch on Friday?", "Slides for the talk"]),
      ("Archive", ["Tickets", "Receipts 2025", "Old photos", "Taxes"]),
    ]
    var tabs: [Tab] = []
    // Filled in once `self` exists; the closures run later, when a tab is first chosen.
    weak var weakSelf: TableTabsDemo?
    for (name, subjects) in mailboxes {
      tabs.append(
        Tab(title: name) {
          weakSelf?.didMake(name)
          return TTListDataSource(items: subjects.map { TTTableTextItem(text: $0) })
        })
    }
    super.init(tabs: tabs)
    weakSelf = self
    title = "Lazy tabs"
    bannerView = nil  // lets go of the strip, which goes into a banner with a note under it
    bannerView = TabsBanner(strip: tabStrip, note: made)
  }

  private var names: [String] = []

  private func didMake(_ name: String) {
    names.append(name)
    made.text = "Data sources made: " + names.joined(separator: ", ")
  }

  func preferredHeight(width: Int) -> Int { 10 }
}

/// The tab strip with a line of notes under it.
@MainActor
private final class TabsBanner: TTView {
  let strip: TTView
  let note: TTView

  init(strip: TTView, note: TTView) {
    self.strip = strip
    self.note = note
    super.init()
    addSubview(strip)
    addSubview(note)
  }

  override func sizeThatFits(_ size: TTSize) -> TTSize { TTSize(width: size.width, height: 2) }

  override func layoutSubviews() {
    strip.frame = TTRect(x: 0, y: 0, width: bounds.width, height: 1)
    note.frame = TTRect(x: 1, y: 1, width: max(0, bounds.width - 1), height: 1)
  }
}
