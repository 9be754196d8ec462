// The code of the article GettingStarted.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Table documentation
// articles" checks it): edit both together. The renderings the article shows are checked here.
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// The mailbox list of the article.
@MainActor
func makeMailboxes() -> TTListDataSource {
  TTListDataSource(items: [
    TTTableTextItem(text: "Inbox", url: "tt://mail/inbox"),
    TTTableSubtitleItem(text: "Drafts", subtitle: "2 unsent messages", url: "tt://mail/drafts"),
    TTTableCaptionItem(text: "ada@example.com", caption: "From"),
    TTTableButton(text: "Compose"),
  ])
}

/// The settings screen of the article: sections opened by their titles.
@MainActor
func makeSettings() -> TTSectionedDataSource {
  TTSectionedDataSource(objects: [
    "Account",
    TTTableCaptionItem(text: "Ada Lovelace", caption: "Name"),
    TTTableSettingsItem(text: "Every hour", caption: "Fetch"),
    TTTableSection(headerTitle: "About", footerTitle: "Three20 for Swift"),
    TTTableLink(text: "Licence", url: "tt://about/licence"),
  ])
}

/// Runs the mailboxes full-screen.
///
/// Compiled, not run: the tests have no terminal.
@MainActor func runMailboxes() async throws {
  let controller = TTTableViewController(dataSource: makeMailboxes())
  controller.opener = TTClosureURLOpener { url, _ in
    print("open", url)
    return true
  }
  try await TTTerminalHost().run(controller)
}

@Suite("GettingStarted article")
@MainActor
struct GettingStartedArticleTests {
  /// The mailboxes draw as the article shows them.
  @Test func mailboxesRender() throws {
    let controller = TTTableViewController(dataSource: makeMailboxes())
    let screen = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 40, height: 7), capabilities: .plain)
    try TableDocumentation.expectRendering(screen, in: "GettingStarted")
  }

  /// Down twice and Enter open the second row's URL through the opener.
  @Test func enterOpensTheRow() {
    let controller = TTTableViewController(dataSource: makeMailboxes())
    let opener = TTClosureURLOpener { _, _ in true }
    controller.opener = opener
    _ = TTTerminalHost.renderOnce(controller, size: TTSize(width: 40, height: 7), capabilities: .plain)
    _ = controller.handleKey(.down)
    _ = controller.handleKey(.down)
    _ = controller.handleKey(.enter)
    #expect(opener.openedURLs == ["tt://mail/drafts"])
  }

  /// The sectioned settings draw as the article shows them.
  @Test func settingsRender() throws {
    let controller = TTTableViewController(dataSource: makeSettings())
    let screen = TTTerminalHost.renderOnce(
      controller, size: TTSize(width: 40, height: 8), capabilities: .plain)
    try TableDocumentation.expectRendering(screen, in: "GettingStarted")
    #expect(makeSettings().numberOfSections == 2)
  }
}
