import Three20
import Three20UICommon

/// The classic "TTTableViewController & didReceiveMemoryWarning" tutorial, as the guide's
/// article tells it.
///
/// Three20's flags lost the empty view; a table controller here redraws what its model calls
/// for. `m` sends the table another memory warning.
final class MemoryWarningDemo: CatalogPageController {
  /// The size the hidden tab is drawn at.
  static let size = TTSize(width: 30, height: 4)

  /// The "Sent" tab, whose mailbox is empty.
  let sentModel = MailboxModel()
  lazy var sent = TTTableViewController(dataSource: MailboxDataSource(model: sentModel))
  /// Memory warnings sent with `m`.
  var warnings = 0

  init() {
    super.init(title: "After a memory warning")
    _ = TTTerminalHost.renderOnce(sent, size: Self.size, capabilities: .plain)  // starts the load
    sentModel.answer([])
  }

  /// A screen of the hidden tab, each row indented.
  func screen() -> String {
    TTTerminalHost.renderOnce(sent, size: Self.size, capabilities: .plain)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { "│ " + $0 }
      .joined(separator: "\n")
  }

  override func makeBlocks() -> [CatalogBlock] {
    var hiddenTab = ClassicEmptyViewBookkeeping()
    hiddenTab.updateViewStates()
    hiddenTab.didReceiveMemoryWarning()
    hiddenTab.updateViewStates()  // the tab is shown again

    let before = screen()
    sent.didReceiveMemoryWarning()
    let released = !sent.isViewLoaded
    let after = screen()
    return [
      .heading("Three20: flags outlive the view"),
      .examples([
        ("hiddenTab.updateViewStates()", "empty view shown, isShowingEmpty = true"),
        ("hiddenTab.didReceiveMemoryWarning()", "view released, flag kept"),
        (
          "hiddenTab.updateViewStates()",
          "emptyViewIsOnScreen = \(hiddenTab.emptyViewIsOnScreen): a blank table"
        ),
      ]),
      .heading("Here: the screen is a function of the model"),
      .text("1. The Sent tab, before the memory warning (viewState: \(sent.viewState)):"),
      .code(before),
      .text("2. sent.didReceiveMemoryWarning() — view released: \(released)"),
      .text("3. Shown again (viewState: \(sent.viewState)):"),
      .code(after),
      .pairs([
        ("after == before", "\(after == before)"),
        ("memory warnings sent", "\(warnings + 1) (m sends another)"),
      ]),
    ]
  }

  override func handleKey(_ key: TTKey) -> Bool {
    guard case .character("m") = key else { return super.handleKey(key) }
    warnings += 1
    reload()
    return true
  }
}

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
