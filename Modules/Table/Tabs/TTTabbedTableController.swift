import Three20Style
public import Three20UICommon

/// A table with a tab strip above it and one data source per tab, each made the first time
/// its tab is chosen and kept afterwards: Three20's "multi-table lazy loading" recipe.
///
/// ```swift
/// let tabs = TTTabbedTableController(tabs: [
///   .init(title: "Inbox") { InboxDataSource() },
///   .init(title: "Sent") { SentDataSource() },   // not made until "Sent" is chosen
/// ])
/// tabs.handleKey(.character("2"))   // makes the Sent data source, loads it, shows it
/// tabs.handleKey(.character("1"))   // back to the Inbox data source, as it was
/// ```
///
/// The strip takes left/right and 1–9; every other key goes to the table. Each tab's model
/// keeps loading in the background when another tab is shown, and its state shows when the
/// tab comes back.
@MainActor
open class TTTabbedTableController: TTTableViewController {
  /// One tab: its title and how to make its data source.
  public struct Tab {
    /// The title in the strip.
    public var title: String
    /// Makes the tab's data source, once, the first time the tab is chosen.
    public var makeDataSource: @MainActor () -> any TTTableViewDataSource

    /// Creates a tab.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - makeDataSource: Makes its data source.
    public init(title: String, makeDataSource: @escaping @MainActor () -> any TTTableViewDataSource) {
      self.title = title
      self.makeDataSource = makeDataSource
    }
  }

  /// The tabs.
  ///
  /// Setting them — say, once the list of playlists has loaded — updates the strip. A tab
  /// keeps its data source, cursor and scroll position when its title is at the same place in
  /// the new tabs; the others are made afresh when chosen. If the tab on screen lost its data
  /// source, the selected tab (clamped to the new tabs) is shown at once; with no tabs, the
  /// table shows the empty screen.
  public var tabs: [Tab] {
    didSet { tabsChanged(from: oldValue) }
  }

  /// The strip shown above the rows (the controller's banner).
  public let tabStrip: TTTabStrip

  private var made: [Int: any TTTableViewDataSource] = [:]
  private var scrollStates: [Int: TTTableView.ScrollState] = [:]
  private var shownTab: Int?

  /// Creates a tabbed table; the first tab's data source is made when first needed.
  ///
  /// - Parameters:
  ///   - tabs: The tabs.
  ///   - selectedIndex: The tab shown first; 0 by default.
  public init(tabs: [Tab], selectedIndex: Int = 0) {
    self.tabs = tabs
    tabStrip = TTTabStrip(titles: tabs.map(\.title), selectedIndex: selectedIndex)
    super.init()
    bannerView = tabStrip
    tabStrip.selectionHandler = { [weak self] index in self?.selectTab(index) }
  }

  /// The selected tab.
  public var selectedTabIndex: Int { tabStrip.selectedIndex }

  /// The data source of a tab if it has been made, without making it.
  ///
  /// - Parameter index: The tab.
  /// - Returns: Its data source, or `nil` if its tab was never chosen.
  public func dataSourceIfMade(forTab index: Int) -> (any TTTableViewDataSource)? {
    made[index]
  }

  /// Shows a tab, making its data source the first time.
  ///
  /// - Parameter index: The tab; out-of-range indexes are ignored.
  public func selectTab(_ index: Int) {
    guard index >= 0, index < tabs.count else { return }
    tabStrip.selectedIndex = index
    guard index != shownTab || dataSource == nil || made[index] == nil else { return }
    // Each tab keeps its cursor and scroll position.
    if let shownTab, isViewLoaded { scrollStates[shownTab] = tableView.scrollState }
    shownTab = index
    if let existing = made[index] {
      dataSource = existing
    } else {
      let source = tabs[index].makeDataSource()
      made[index] = source
      dataSource = source
    }
    if let saved = scrollStates[index], isViewLoaded { tableView.scrollState = saved }
  }

  private func tabsChanged(from old: [Tab]) {
    let kept = { (index: Int) in
      index < old.count && index < self.tabs.count && old[index].title == self.tabs[index].title
    }
    made = made.filter { kept($0.key) }
    scrollStates = scrollStates.filter { kept($0.key) }
    tabStrip.titles = tabs.map(\.title)
    guard isModelCreatedYet else { return }
    if tabs.isEmpty {
      shownTab = nil
      dataSource = nil
    } else if let shownTab, kept(shownTab) {
      tabStrip.selectedIndex = shownTab
    } else {
      shownTab = nil
      selectTab(tabStrip.selectedIndex)
    }
  }

  /// Shows the selected tab's data source, made now if needed.
  override open func createModel() {
    selectTab(tabStrip.selectedIndex)
  }

  /// Gives the strip its keys first, then the table.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  override open func handleKey(_ key: TTKey) -> Bool {
    // While a search takes keys, digits and letters are typed, not tab choices.
    // ←/→ on a control row change the control, not the tab.
    if !isSearching, tableView.handleControlKey(key) { return true }
    if !isSearching, tabStrip.handleKey(key) { return true }
    return super.handleKey(key)
  }
}
