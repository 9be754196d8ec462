import Three20

/// The Table demos: items, model states, search, variable heights, a million rows.
enum TableDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .table, "Table items", url: "tt://table/items",
      summary: "One of every item type, in sections (Table Items)",
      keyContent: ["Generic items", "TTTableTextItem", "Joe Hewitt", "Links & buttons"]
    ) { _, _ in TableItemsDemo() },
    CatalogDemo(
      .table, "Model states", url: "tt://table/states",
      summary: "Loading, content with load more, No Friends, error with Retry; lazy tabs",
      keyContent: ["Friends", "No friends", "Ada Lovelace", "Load more friends"]
    ) { match, _ in TableStatesDemo(tab: Int(match.query["tab"]?.first.flatMap { $0 } ?? "") ?? 1) },
    CatalogDemo(
      .table, "Model states — empty", url: "tt://table/states?tab=2", pattern: "tt://table/states",
      summary: "The same screen on the tab whose model finds nobody",
      keyContent: ["No Friends"]
    ) { _, _ in TableStatesDemo(tab: 2) },
    CatalogDemo(
      .table, "Model states — error", url: "tt://table/states?tab=3", pattern: "tt://table/states",
      summary: "The same screen on the tab whose first load fails",
      keyContent: ["Retry"]
    ) { _, _ in TableStatesDemo(tab: 3) },
    CatalogDemo(
      .table, "Model states — loading", url: "tt://table/states?tab=4", pattern: "tt://table/states",
      summary: "The same screen on the tab whose model never finishes",
      keyContent: ["Loading"]
    ) { _, _ in TableStatesDemo(tab: 4) },
    CatalogDemo(
      .table, "Lazy tabs", url: "tt://table/tabs",
      summary: "A tab strip whose data sources are made when a tab is first chosen",
      keyContent: ["Inbox", "Archive", "Data sources made: Inbox", "Lunch on Friday?"]
    ) { _, _ in TableTabsDemo() },
    CatalogDemo(
      .table, "Search", url: "tt://table/search",
      summary: "Sectioned list with an A–Z index, searched as you type (Model Search)",
      keyContent: ["Argon", "Boron"]
    ) { match, _ in TableSearchDemo(query: match.query["q"]?.first ?? nil) },
    CatalogDemo(
      .table, "Variable-height rows", url: "tt://table/variable",
      summary: "Long and styled text rows as tall as their text",
      keyContent: ["A one-line row", "Another one-line row"]
    ) { _, _ in TableVariableHeightDemo() },
    CatalogDemo(
      .table, "A million rows", url: "tt://table/million",
      summary: "TTLazyListDataSource: items made only when drawn",
      keyContent: ["Row 1", "Row 2"]
    ) { _, _ in TableMillionDemo() },
  ]
}
