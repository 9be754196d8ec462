// The code of the article ModelViewControllerAfterAMemoryWarning.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Guide documentation"
// checks it): edit both together. The screen the article shows is checked here too.
import Foundation
import Testing
import Three20
import Three20UICommon

/// Three20's bookkeeping for the empty view: a flag, and whether the view is really there.
struct ClassicEmptyViewBookkeeping {
  var isShowingEmpty = false
  var emptyViewIsOnScreen = false

  /// `updateViewStates` when the model loaded nothing: shows the empty view unless the flag
  /// says it is already up.
  mutating func updateViewStates() {
    let showEmpty = !isShowingEmpty
    isShowingEmpty = true
    if showEmpty { emptyViewIsOnScreen = true }
  }

  /// `didReceiveMemoryWarning` off screen: the view, empty view included, is released.
  mutating func didReceiveMemoryWarning() {
    emptyViewIsOnScreen = false
  }
}

/// A mailbox whose loads the caller answers, as a server would.
@MainActor
final class MailboxModel: TTBaseModel {
  private(set) var subjects: [String] = []

  init() { super.init(state: .idle(error: nil)) }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    didStartLoad(more: more)
  }

  /// Ends the load in flight with the messages the server sent.
  func answer(_ subjects: [String]) {
    self.subjects = subjects
    didFinishLoad()
  }
}

/// The mailbox as rows, with the text of its empty screen.
@MainActor
final class MailboxDataSource: TTModelDataSource<MailboxModel> {
  override func makeItems(from model: MailboxModel) -> [any TTTableItem] {
    model.subjects.map { TTTableTextItem(text: $0) }
  }

  override var titleForEmpty: String? { "No messages" }
}

@Suite("Memory warning article", .serialized)
@MainActor
struct MemoryWarningArticleTests {
  /// Three20's flags lose the empty view after a memory warning.
  @Test func classicBookkeepingLosesTheEmptyView() {
    var hiddenTab = ClassicEmptyViewBookkeeping()
    hiddenTab.updateViewStates()
    hiddenTab.didReceiveMemoryWarning()
    hiddenTab.updateViewStates()  // the tab is shown again
    print(hiddenTab.emptyViewIsOnScreen)  // false: a blank table

    #expect(!hiddenTab.emptyViewIsOnScreen)
    #expect(hiddenTab.isShowingEmpty)
  }

  /// A hidden table controller shows the same screen after a memory warning, a load that ends
  /// while its view is gone, and a data-source swap.
  @Test func theControllerShowsTheModelsState() throws {
    let sentModel = MailboxModel()
    let sent = TTTableViewController(dataSource: MailboxDataSource(model: sentModel))
    let size = TTSize(width: 30, height: 4)
    _ = TTTerminalHost.renderOnce(sent, size: size, capabilities: .plain)  // starts the load
    sentModel.answer([])
    let before = TTTerminalHost.renderOnce(sent, size: size, capabilities: .plain)

    try GuideDocumentation.expectScreen(before, in: "ModelViewControllerAfterAMemoryWarning")

    sent.didReceiveMemoryWarning()
    print(sent.isViewLoaded)  // false
    let after = TTTerminalHost.renderOnce(sent, size: size, capabilities: .plain)
    print(after == before)  // true
    print(sent.viewState)  // empty

    #expect(!sent.isViewLoaded || after == before)
    #expect(after == before)
    #expect(sent.viewState == .empty)
    #expect("\(sent.viewState)" == "empty")

    let inboxModel = MailboxModel()
    let inbox = TTTableViewController(dataSource: MailboxDataSource(model: inboxModel))
    _ = TTTerminalHost.renderOnce(inbox, size: size, capabilities: .plain)  // loading…
    inbox.didReceiveMemoryWarning()
    inboxModel.answer(["Lunch?", "Minutes of Monday"])  // while the view is gone
    print(inbox.viewState)  // content

    sent.dataSource = MailboxDataSource(model: inboxModel)  // swap: the empty screen goes
    print(sent.viewState)  // content

    #expect(inbox.viewState == .content)
    #expect(sent.viewState == .content)
    let swapped = TTTerminalHost.renderOnce(sent, size: size, capabilities: .plain)
    #expect(swapped.contains("Lunch?"))
    #expect(!swapped.contains("No messages"))
    let inboxScreen = TTTerminalHost.renderOnce(inbox, size: size, capabilities: .plain)
    #expect(inboxScreen.contains("Minutes of Monday"))
  }

  /// Releasing a view needs it off screen: the flag of the memory warning test is real.
  @Test func aMemoryWarningReleasesTheHiddenView() {
    let model = MailboxModel()
    let controller = TTTableViewController(dataSource: MailboxDataSource(model: model))
    _ = TTTerminalHost.renderOnce(controller, size: TTSize(width: 30, height: 4), capabilities: .plain)
    #expect(controller.isViewLoaded)
    controller.didReceiveMemoryWarning()
    #expect(!controller.isViewLoaded)
  }
}
