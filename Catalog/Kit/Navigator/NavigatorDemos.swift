import Three20

/// The Navigator demos: the URL map explored, and the navigator's stack step by step.
enum NavigatorDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .navigator, "URL explorer", url: "tt://navigator/explorer",
      summary: "Type a URL: the pattern it matches, its parameters, what it opens",
      keyContent: ["tt://food/(id:int)", "42  [int]", "café", "mode", "CatalogFallbackController"]
    ) { match, _ in NavigatorExplorerDemo(url: match.query["url"]?.first ?? nil) },
    CatalogDemo(
      .navigator, "Stack, modal, parents", url: "tt://navigator/stack",
      summary: "Created vs shared controllers, modal screens, parent chains, persistence",
      keyContent: [
        "Settings #3", "modal: To Ada", "Inbox #6 › Thread 7 #7 › Reply to 7 #8", "Inbox #", "Thread 7",
        "restored.restore()",
      ]
    ) { _, _ in NavigatorStackDemo() },
  ]
}
