// The code of the article ModelStates.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Table documentation
// articles" checks it): edit both together. The renderings the article shows are checked here.
import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// A feed of headlines, a page at a time: a stub whose loads the test answers (the real RSS
/// model lives in XMLExt).
@MainActor
final class HeadlinesModel: TTBaseModel {
  private(set) var headlines: [String] = []
  private(set) var hasMorePages = false

  init() { super.init(state: .idle(error: nil)) }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    didStartLoad(more: more)
  }

  /// Ends the load in flight with a page, as a reply from the server would.
  func answer(_ page: [String], morePages: Bool = false) {
    headlines = (state.isLoadingMore ? headlines : []) + page
    hasMorePages = morePages
    didFinishLoad()
  }

  /// Ends the load in flight with an error.
  func answer(failing error: any Error) {
    didFailLoad(with: error)
  }
}

/// The headlines as rows, with the texts of the empty and error screens.
@MainActor
final class HeadlinesDataSource: TTModelDataSource<HeadlinesModel> {
  override func makeItems(from model: HeadlinesModel) -> [any TTTableItem] {
    model.headlines.map { TTTableTextItem(text: $0) }
  }

  override var titleForEmpty: String? { "No news" }
  override var subtitleForEmpty: String? { "Nothing happened today." }
  override func subtitleForError(_ error: TTModelFailure) -> String? { "The feed could not be read." }
  override var hasMoreItems: Bool { sourceModel.hasMorePages }
}

/// A failure with a readable text.
struct FeedError: Error, CustomStringConvertible {
  var description: String
}

@Suite("ModelStates article")
@MainActor
struct ModelStatesArticleTests {
  static let size = TTSize(width: 40, height: 6)

  func draw(_ controller: TTTableViewController) -> String {
    TTTerminalHost.renderOnce(controller, size: Self.size, capabilities: .plain)
  }

  /// The whole story of the article: loading, empty, error, rows, more, refresh.
  @Test func theStory() throws {
    let model = HeadlinesModel()
    let controller = TTTableViewController(dataSource: HeadlinesDataSource(model: model))
    // The clock of "Last updated", fixed.
    controller.dateFormatting.now = { Date(timeIntervalSince1970: 1_000_000) }
    var screen = draw(controller)
    #expect(controller.viewState == .loading)
    try TableDocumentation.expectRendering(screen, in: "ModelStates")

    model.answer([])
    screen = draw(controller)
    #expect(controller.viewState == .empty)
    try TableDocumentation.expectRendering(screen, in: "ModelStates")

    _ = controller.handleKey(.enter)  // Reload
    model.answer(failing: FeedError(description: "The server did not answer."))
    screen = draw(controller)
    #expect(controller.modelError != nil)
    try TableDocumentation.expectRendering(screen, in: "ModelStates")

    _ = controller.handleKey(.enter)  // Retry
    model.answer(["Swift 6.3 is out", "Three20 runs on Linux"], morePages: true)
    screen = draw(controller)
    #expect(controller.viewState == .content)
    try TableDocumentation.expectRendering(screen, in: "ModelStates")

    _ = controller.handleKey(.end)  // onto "Load more…": the next page loads
    #expect(controller.viewState == .loadingMore)
    model.answer(["Tables are virtualised"])
    #expect(model.headlines.count == 3)

    _ = controller.handleKey(.character("r"))
    screen = draw(controller)
    #expect(controller.viewState == .refreshing)
    try TableDocumentation.expectRendering(screen, in: "ModelStates")
    model.answer(["Fresh news"])
    screen = draw(controller)
    try TableDocumentation.expectRendering(screen, in: "ModelStates")
  }

  /// After a memory warning the controller shows the same screen, whatever it was.
  @Test func memoryWarning() {
    let model = HeadlinesModel()
    let controller = TTTableViewController(dataSource: HeadlinesDataSource(model: model))
    _ = draw(controller)
    model.answer(failing: FeedError(description: "The server did not answer."))
    let before = draw(controller)
    controller.didReceiveMemoryWarning()  // off screen: the view is released
    #expect(!controller.isViewLoaded)
    #expect(draw(controller) == before)  // made again, from the model's state
  }

  /// The screen is a function of the model's state and whether there are rows.
  @Test func viewStateIsAFunction() {
    #expect(TTTableViewState(modelState: .loading, hasRows: false) == .loading)
    #expect(TTTableViewState(modelState: .loaded(outdated: false, error: nil), hasRows: false) == .empty)
    #expect(
      TTTableViewState(modelState: .refreshing(outdated: false, more: true), hasRows: true) == .loadingMore)
  }
}
